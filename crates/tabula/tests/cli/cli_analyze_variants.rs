//! `tabula analyze --variant … --variant …` with `--out`: the comparison page overlays every
//! plot that makes sense per variant (seat and skill win rates, how games end, game length,
//! branching factor, board coverage, uncertainty), each with one series per variant named by
//! it, and links to each variant's own report.

use crate::support;

use support::*;

use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tabula-cli-analyze-variants-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The inlined plots of a page: each `<svg data-plot="FILE" …>…</svg>` as (file, its text).
fn plots(html: &str) -> Vec<(String, String)> {
    html.split("<svg data-plot=\"")
        .skip(1)
        .map(|rest| {
            let (file, body) = rest.split_once('"').expect("a file name");
            let end = body.find("</svg>").expect("a closed plot");
            (file.to_string(), body[..end].to_string())
        })
        .collect()
}

/// The series of a plot, in order: the `data-series` of each group, with its text.
fn series(svg: &str) -> Vec<(String, String)> {
    svg.split("<g class=\"series\" data-series=\"")
        .skip(1)
        .map(|rest| {
            let (name, body) = rest.split_once('"').expect("a series name");
            let end = body.find("</g>").expect("a closed group");
            (name.to_string(), body[..end].to_string())
        })
        .collect()
}

#[test]
fn the_comparison_page_overlays_every_plot_with_a_series_per_variant() {
    let dir = scratch("toumai");
    let text = ok(&[
        "analyze",
        "toumai",
        "--games",
        "6",
        "--bot",
        "mcts:iterations=8",
        "--weaker",
        "random",
        "--evaluator",
        "players",
        "--threads",
        "2",
        "--variant",
        "two:",
        "--variant",
        "three:players=3",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(text.contains("VARIANTS SIDE BY SIDE"), "{text}");
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let plots = plots(&html);
    let files: Vec<&str> = plots.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(
        files,
        [
            "seat_win_rates.svg",
            "outcomes.svg",
            "game_length.svg",
            "branching.svg",
            "skill.svg",
            "coverage.svg",
            "uncertainty.svg"
        ]
    );
    for (file, svg) in &plots {
        let names: Vec<String> = series(svg).into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["two", "three"], "{file}: one series per variant");
        assert!(dir.join(file).is_file(), "{file} written");
        // The legend (or, for small multiples, each board's caption) names the variants.
        assert!(svg.contains(">two") && svg.contains(">three"), "{file}");
    }
    // Grouped bars: each variant has a bar per seat it has (2, then 3), a whisker and a fair
    // mark per bar.
    let seats = &plots[0].1;
    let bars: Vec<usize> = series(seats)
        .iter()
        .map(|(_, g)| g.matches("class=\"bar\"").count())
        .collect();
    assert_eq!(bars, [2, 3]);
    for (_, g) in series(seats) {
        let n = g.matches("class=\"bar\"").count();
        assert_eq!(g.matches("class=\"whisker\"").count(), n);
        assert_eq!(g.matches("class=\"fair\"").count(), n);
    }
    // Skill: "all seats" and a bar per seat of each variant.
    let skill: Vec<usize> = series(&plots[4].1)
        .iter()
        .map(|(_, g)| g.matches("class=\"bar\"").count())
        .collect();
    assert_eq!(skill, [3, 4]);
    // How games end: every game of each variant in its stacked bar.
    for (_, g) in series(&plots[1].1) {
        let games: u64 = g
            .split(" of ")
            .skip(1)
            .map(|t| t.split(' ').next().unwrap().parse::<u64>().unwrap())
            .max()
            .unwrap();
        assert_eq!(games, 6, "{g}");
        let counted: u64 = g
            .split("<title>")
            .skip(1)
            .map(|t| {
                let before = t.split(" of ").next().unwrap();
                before.rsplit(' ').next().unwrap().parse::<u64>().unwrap()
            })
            .sum();
        assert_eq!(counted, 6, "{g}");
    }
    // Contents, and a link to each variant's own report.
    assert!(html.contains("<a href=\"#seat-balance\">Seat balance</a>"));
    assert!(html.contains("<a href=\"#outcomes\">How games end</a>"));
    for v in ["two", "three"] {
        assert!(html.contains(&format!("<a href=\"{v}/index.html\">{v}</a>")));
        assert!(dir.join(v).join("index.html").is_file());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
