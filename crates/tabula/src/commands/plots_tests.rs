//! Tests of the SVG plots: every plot is well-formed XML (checked by a small parser below),
//! and the figures of a real Connect Four analysis appear in them at the right sizes.

use super::*;
use tabula_ai::arena::MatchConfig;

/// A small XML well-formedness check: one root element, tags balanced, attributes quoted
/// and unique, `&` only in entities, no `<` in attribute values. Returns the elements as
/// (name, attributes).
fn parse(doc: &str) -> Vec<(String, Vec<(String, String)>)> {
    fn text(t: &str) {
        for (i, _) in t.match_indices('&') {
            let entity = &t[i..t[i..].find(';').map_or(t.len(), |e| i + e + 1)];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity),
                "bad entity {entity:?}"
            );
        }
    }
    let mut elements = Vec::new();
    let mut stack: Vec<String> = Vec::new();
    let mut closed_root = false;
    let mut rest = doc.trim();
    while let Some(i) = rest.find('<') {
        text(&rest[..i]);
        assert!(
            !closed_root && (i == 0 || !stack.is_empty()),
            "content outside the root"
        );
        let end = i + rest[i..].find('>').expect("unclosed tag");
        let tag = &rest[i + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                stack.pop().as_deref(),
                Some(name.trim()),
                "mismatched close"
            );
            closed_root = stack.is_empty();
        } else {
            let self_closing = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
            let name = &body[..name_end];
            assert!(
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
                "bad element name {name:?}"
            );
            let mut attrs: Vec<(String, String)> = Vec::new();
            let mut a = body[name_end..].trim_start();
            while !a.is_empty() {
                let eq = a.find('=').expect("attribute without value");
                let key = a[..eq].trim();
                assert!(!attrs.iter().any(|(k, _)| k == key), "duplicate {key}");
                let v = a[eq + 1..].strip_prefix('"').expect("unquoted attribute");
                let close = v.find('"').expect("unterminated attribute");
                assert!(!v[..close].contains('<'), "< in attribute");
                text(&v[..close]);
                attrs.push((key.to_string(), v[..close].to_string()));
                a = v[close + 1..].trim_start();
            }
            if stack.is_empty() {
                assert!(elements.is_empty(), "a second root");
            }
            elements.push((name.to_string(), attrs));
            if self_closing {
                closed_root = stack.is_empty();
            } else {
                stack.push(name.to_string());
            }
        }
        rest = &rest[end + 1..];
    }
    text(rest);
    assert!(rest.trim().is_empty() && stack.is_empty() && closed_root);
    assert_eq!(elements[0].0, "svg");
    assert!(
        elements[0]
            .1
            .contains(&("xmlns".into(), "http://www.w3.org/2000/svg".into()))
    );
    elements
}

fn attr<'a>(e: &'a (String, Vec<(String, String)>), key: &str) -> &'a str {
    &e.1.iter().find(|(k, _)| k == key).expect(key).1
}

fn with_class<'a>(
    elements: &'a [(String, Vec<(String, String)>)],
    class: &str,
) -> Vec<&'a (String, Vec<(String, String)>)> {
    elements
        .iter()
        .filter(|e| e.1.iter().any(|(k, v)| k == "class" && v == class))
        .collect()
}

fn report() -> AnalysisReport {
    let config = MatchConfig {
        games: 24,
        threads: 1,
        seed: 5,
        ..MatchConfig::default()
    };
    crate::catalog::find("connect-four")
        .unwrap()
        .analyze(
            &serde_json::Value::Null,
            "random",
            Some("beginner"),
            &config,
            &tabula_ai::analysis::AnalysisOptions::default(),
            &|_, _, _| {},
        )
        .unwrap()
}

#[test]
fn seat_bars_have_heights_proportional_to_the_win_rates_and_whiskers() {
    let r = report();
    let svg = seat_win_rates(&r);
    let elements = parse(&svg);
    let bars = with_class(&elements, "bar");
    assert_eq!(bars.len(), 2);
    assert_eq!(with_class(&elements, "whisker").len(), 2);
    // 100% sits below the top, leaving room for the values over the whiskers.
    let full = (H - TOP - BOTTOM) / 1.1;
    for (bar, seat) in bars.iter().zip(&r.balance.seats) {
        let h: f64 = attr(bar, "height").parse().unwrap();
        assert!((h - seat.win_rate * full).abs() < 0.1, "{h} {seat:?}");
        assert!(svg.contains(&format!(">{}<", pct(seat.win_rate))), "{svg}");
    }
    assert!(svg.contains("Seat 1") && svg.contains("Seat 2"));
    let fair = format!("fair {}", pct(r.balance.fair_win_rate));
    assert!(svg.contains(&fair), "{svg}");
    assert_eq!(with_class(&elements, "reference").len(), 1);
}

#[test]
fn histogram_has_one_bar_per_bin_holding_every_game() {
    let r = report();
    let svg = length_histogram(&r);
    let elements = parse(&svg);
    assert_eq!(with_class(&elements, "bar").len(), r.length.histogram.len());
    let games: u64 = svg
        .split("<title>")
        .skip(2)
        .map(|t| {
            let t = &t[..t.find(" games</title>").unwrap()];
            t.rsplit(": ").next().unwrap().parse::<u64>().unwrap()
        })
        .sum();
    assert_eq!(games, 24);
    assert!(svg.contains(&format!("median {}", number(r.length.median))));
    // The mean and median are named above the plot, where no bar is.
    for name in ["mean", "median"] {
        let at = svg.find(&format!(">{name} ")).unwrap();
        let y: f64 = svg[..at].rsplit("y=\"").next().unwrap()[..]
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(y < TOP, "{name} at y {y}");
    }
}

#[test]
fn legend_names_share_the_room_and_long_labels_are_cut() {
    let long = "a variant with a very long name indeed, longer than the plot";
    let mut s = String::new();
    let entries: Vec<(Swatch, String)> = (0..3)
        .map(|i| (Swatch::Square(COLOURS[i]), format!("{long} {i}")))
        .collect();
    legend_row(&mut s, &entries);
    let mut right = 0.0f64;
    for part in s.split("<text x=\"").skip(1) {
        let x: f64 = part.split('"').next().unwrap().parse().unwrap();
        let text = &part[part.find('>').unwrap() + 1..part.find("</text>").unwrap()];
        assert!(text.ends_with('…'), "{text}");
        right = right.max(x + text_width(text, 12.0));
    }
    assert!(right <= W - RIGHT, "{right}");
    assert_eq!(fit("short", 100.0, 12.0), "short");
    let cut = fit(long, 100.0, 12.0);
    assert!(
        text_width(&cut, 12.0) <= 100.0 && cut.ends_with('…'),
        "{cut}"
    );
}

#[test]
fn branching_line_has_a_point_per_ply_starting_at_seven() {
    let r = report();
    let svg = branching_by_ply(&r);
    let elements = parse(&svg);
    let line = with_class(&elements, "mean");
    let points: Vec<(f64, f64)> = attr(line[0], "points")
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    assert_eq!(points.len(), shown_plies(&r.branching).len());
    // The y axis runs from 0 to 8 (ticks of 2 above Connect Four's 7 columns).
    let seven = H - BOTTOM - 7.0 / 8.0 * (H - TOP - BOTTOM);
    assert!((points[0].1 - seven).abs() < 0.1, "{points:?}");
    assert!((points[0].0 - LEFT).abs() < 0.1);
    assert!(points.windows(2).all(|w| w[0].0 < w[1].0));
    assert_eq!(with_class(&elements, "band").len(), 1);
}

#[test]
fn skill_plot_shows_the_stronger_bot_overall_and_per_seat() {
    let r = report();
    let svg = skill_win_rates(&r).unwrap();
    let elements = parse(&svg);
    assert_eq!(with_class(&elements, "bar").len(), 3);
    assert!(svg.contains("random against beginner"));
    assert!(svg.contains("as seat 2"));
}

#[test]
fn text_is_escaped() {
    let svg = rate_bars(
        "a <b> & \"c\"",
        &[RateBar {
            label: "x&y".into(),
            rate: 0.25,
            ci95: [0.1, 0.4],
        }],
        (0.5, "<fair>"),
    );
    parse(&svg);
    assert!(svg.contains("a &lt;b&gt; &amp; &quot;c&quot;"));
    assert_eq!(escape("&lt;"), "&amp;lt;");
}

#[test]
fn the_checker_refuses_malformed_documents() {
    let bad = [
        r#"<svg xmlns="http://www.w3.org/2000/svg"><g></svg>"#,
        r#"<svg xmlns="http://www.w3.org/2000/svg"><text>a & b</text></svg>"#,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width=3></svg>"#,
        r#"<svg xmlns="http://www.w3.org/2000/svg"></svg><svg></svg>"#,
    ];
    for doc in bad {
        assert!(std::panic::catch_unwind(|| parse(doc)).is_err(), "{doc}");
    }
}
