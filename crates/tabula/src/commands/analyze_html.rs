//! Parts of the HTML report of `tabula analyze`: the outcomes and dynamics, board coverage
//! and skill-ladder sections, the table of contents that links to every section, and the
//! tables, percentages and style that every report page shares.

use super::plots::escape;
use std::fmt::Write;
use tabula_ai::AnalysisReport;
use tabula_ai::analysis::coverage::BoardCoverage;
use tabula_ai::analysis::ladder::{Ladder, elo_text};

pub(super) fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

pub(super) fn ci(c: [f64; 2]) -> String {
    format!("{} – {}", pct(c[0]), pct(c[1]))
}

fn row(out: &mut String, cells: &[String]) {
    out.push_str("<tr>");
    for c in cells {
        let _ = write!(out, "<td>{}</td>", escape(c));
    }
    out.push_str("</tr>\n");
}

pub(super) fn table(out: &mut String, head: &[&str], rows: &[Vec<String>]) {
    out.push_str("<table><tr>");
    for h in head {
        let _ = write!(out, "<th>{}</th>", escape(h));
    }
    out.push_str("</tr>\n");
    for r in rows {
        row(out, r);
    }
    out.push_str("</table>\n");
}

pub(super) const STYLE: &str = "body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;\
color:#222}table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;\
padding:.25rem .6rem;text-align:right}th{background:#f3f3f3}svg{max-width:100%;height:auto;\
display:block;margin:1rem 0}pre{background:#f6f6f6;padding:1rem;overflow:auto}";

/// An anchor name from a section title: lower case, runs of other characters as `-`.
fn anchor(title: &str) -> String {
    let mut a = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            a.push(c);
        } else if !a.ends_with('-') && !a.is_empty() {
            a.push('-');
        }
    }
    a.trim_end_matches('-').to_string()
}

/// `html` with an `id` on every `<h2>` that lacks one and, after the first paragraph, a
/// table of contents linking to each section.
pub(super) fn with_contents(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + 1024);
    let mut toc = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("<h2") {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let open_end = rest.find('>').map_or(rest.len(), |e| e + 1);
        let Some(close) = rest.find("</h2>") else {
            break;
        };
        let title = &rest[open_end..close];
        let id = match rest[..open_end].split("id=\"").nth(1) {
            Some(t) => t.split('"').next().unwrap_or_default().to_string(),
            None => anchor(title),
        };
        let _ = write!(out, "<h2 id=\"{id}\">{title}</h2>");
        toc.push((id, title.to_string()));
        rest = &rest[close + "</h2>".len()..];
    }
    out.push_str(rest);
    let mut nav =
        String::from("<nav aria-label=\"Contents\"><h2 id=\"contents\">Contents</h2><ul>");
    for (id, title) in &toc {
        let _ = write!(nav, "<li><a href=\"#{id}\">{title}</a></li>");
    }
    nav.push_str("</ul></nav>\n");
    match out.find("</p>") {
        Some(p) => {
            let at = (p + "</p>".len() + 1).min(out.len());
            out.insert_str(at, &nav)
        }
        None => out.push_str(&nav),
    }
    out
}

/// The skill ladder: the plot, then one row per step (flagged when not significant).
pub(super) fn ladder_html(h: &mut String, l: &Ladder, svg: &str) {
    let _ = writeln!(
        h,
        "<h2 id=\"ladder\">Skill ladder</h2>\n<p>Each level against the next one up, {} games \
         per step; score: wins + draws/2 (fair {}); Elo from the score and from the ends of \
         its 95% interval.</p>",
        l.games,
        pct(1.0 / l.seats.max(1) as f64)
    );
    h.push_str(svg);
    let rows: Vec<Vec<String>> = l
        .steps
        .iter()
        .map(|s| {
            vec![
                format!("{} > {}", s.higher, s.lower),
                s.games.to_string(),
                pct(s.win_rate),
                ci(s.ci95),
                format!("{:+.0}{}", s.elo, if s.clamped { " (clamped)" } else { "" }),
                format!("{} – {}", elo_text(s.elo_ci95[0]), elo_text(s.elo_ci95[1])),
                if s.not_significant {
                    "more thinking hardly pays here".to_string()
                } else {
                    "significant".to_string()
                },
            ]
        })
        .collect();
    let head = [
        "step",
        "games",
        "score",
        "95% interval",
        "Elo",
        "Elo interval",
        "verdict",
    ];
    table(h, &head, &rows);
}

/// Board coverage: the share of spaces used, then the plot of each space's use.
pub(super) fn coverage_html(h: &mut String, c: &BoardCoverage, svg: &str) {
    let _ = writeln!(
        h,
        "<h2 id=\"coverage\">Board coverage</h2>\n<p>{} of the board's {} spaces used ({}) over \
         {} games: a piece moved onto or placed on them.</p>",
        c.used,
        c.spaces,
        pct(c.fraction),
        c.games
    );
    h.push_str(svg);
}

/// First-move advantage, uniformity, repetition and the dynamics, for the HTML report.
pub(super) fn dynamics_html(h: &mut String, report: &AnalysisReport, uncertainty_svg: &str) {
    let f = &report.first_move;
    let r = &report.repetition;
    h.push_str("<h2>Outcomes and repetition</h2>\n");
    let first = if f.decisive == 0 {
        "no decisive game".to_string()
    } else {
        format!("{} ({}), fair {}", pct(f.rate), ci(f.ci95), pct(f.fair))
    };
    let rows = vec![
        vec![
            "first move: seat 1's share of decisive games".to_string(),
            first,
        ],
        vec![
            "winner entropy (Tabula's; Ludii's OutcomeUniformity below)".to_string(),
            format!("{:.3}", report.outcome_uniformity),
        ],
        vec![
            "plies repeating a position (mean per game)".to_string(),
            pct(r.rate.mean),
        ],
        vec![
            "games repeating a position".to_string(),
            format!("{} of {}", r.games_with, r.games),
        ],
    ];
    table(h, &["figure", "value"], &rows);
    let Some(d) = &report.dynamics else {
        return;
    };
    let _ = writeln!(
        h,
        "<h2>Dynamics</h2>\n<p>Values from {}, {} games, {} of plies evaluated.</p>",
        escape(&d.source),
        d.games,
        pct(d.evaluated_share)
    );
    h.push_str(uncertainty_svg);
    let m = |name: &str, x: &tabula_ai::analysis::Mean| {
        vec![
            name.to_string(),
            format!("{:.3}", x.mean),
            format!("{:.3} – {:.3}", x.ci95[0], x.ci95[1]),
            x.n.to_string(),
        ]
    };
    let mut rows = vec![
        m("lead changes per game", &d.lead_changes),
        m("lead changes per ply", &d.lead_change_rate),
        m("drama (winner's mean deficit)", &d.drama),
        m("share of plies the winner is behind", &d.behind_share),
        m(
            &format!(
                "decisiveness (winner stays at {} or more)",
                d.decisive_threshold
            ),
            &d.decisiveness,
        ),
        m(
            "value change per ply (Tabula's; Ludii's Stability below)",
            &d.stability,
        ),
        m("uncertainty", &d.uncertainty),
    ];
    if let Some(setup) = &d.setup {
        // Measured apart: the rows above are of play only.
        rows.push(m("setup plies (apart from play)", &setup.plies));
        rows.push(m("lead changes during setup", &setup.lead_changes));
    }
    table(h, &["figure", "mean", "95% interval", "games"], &rows);
}

/// The chi-square test across all seats and the warnings of the seat balance.
pub(super) fn seat_tests_html(h: &mut String, b: &tabula_ai::analysis::Balance) {
    if let Some(t) = &b.seats_even {
        let _ = writeln!(
            h,
            "<p>All seats together (chi-square of the winners' seats against an even share): \
             X² = {:.2}, p {}.</p>",
            t.z,
            match tabula_ai::analysis::significance::p_text(t.p) {
                p if p.starts_with('<') => p,
                p => format!("= {p}"),
            }
        );
    }
    for w in &b.warnings {
        let _ = writeln!(h, "<p class=\"warning\">{}</p>", escape(w));
    }
}

/// Ludii's metrics under Ludii's names, and the opening tables, for the HTML report.
pub(super) fn ludii_html(h: &mut String, report: &AnalysisReport) {
    let _ = writeln!(
        h,
        "<h2>Ludii's metrics</h2>\n<p>Ludii's names and formulas (docs/analyze.md cites \
         Ludii's source file of each); evaluations from {}.</p>",
        escape(&report.evaluation)
    );
    let rows: Vec<Vec<String>> = report
        .ludii
        .rows()
        .into_iter()
        .map(|(name, value)| vec![name.to_string(), value])
        .collect();
    table(h, &["metric", "value"], &rows);
    if let Some(o) = &report.openings {
        let _ = writeln!(
            h,
            "<h2>Openings</h2>\n<p>The first {} moves of {} games ({} lines; the {} most \
             played), with each seat's win rate and its 95% interval.</p>",
            o.plies,
            o.games,
            o.lines,
            o.rows.len()
        );
        for seat in 0..report.seats {
            let rows: Vec<Vec<String>> = o
                .rows
                .iter()
                .map(|r| {
                    vec![
                        r.moves.join(" "),
                        r.games.to_string(),
                        pct(r.win_rate[seat]),
                        ci(r.ci95[seat]),
                    ]
                })
                .collect();
            let _ = writeln!(h, "<h3>Seat {}</h3>", seat + 1);
            table(h, &["opening", "games", "win rate", "95% interval"], &rows);
        }
    }
}

/// Says where the report was written: on standard error when standard output holds JSON.
pub(super) fn announce(json: bool, index: &std::path::Path) {
    if json {
        eprintln!("Report and plots written to {}", index.display());
    } else {
        println!("\nReport and plots written to {}", index.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contents_link_every_section() {
        let html = "<h1>T</h1>\n<p>settings</p>\n<h2>Seat balance</h2>x<h2 id=\"ladder\">Skill \
                    ladder</h2>y";
        let out = with_contents(html);
        assert!(
            out.contains("<h2 id=\"seat-balance\">Seat balance</h2>"),
            "{out}"
        );
        assert!(
            out.contains("<a href=\"#seat-balance\">Seat balance</a>"),
            "{out}"
        );
        assert!(
            out.contains("<a href=\"#ladder\">Skill ladder</a>"),
            "{out}"
        );
        let nav = out.find("<nav").unwrap();
        assert!(out.find("settings").unwrap() < nav && nav < out.find("<h2 id=\"seat").unwrap());
        assert_eq!(anchor("Outcomes and repetition"), "outcomes-and-repetition");
    }
}
