//! `tabula analyze`: board coverage in the JSON, text and HTML reports, and a text report
//! that stays within 100 columns.

use crate::support;

use support::*;

use serde_json::Value;

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

#[test]
fn connect_four_coverage_counts_one_cell_per_ply() {
    let dir = std::env::temp_dir().join(format!("tabula-cli-coverage-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let args = [
        "analyze",
        "connect-four",
        "--games",
        "12",
        "--bot",
        "random",
        "--weaker",
        "none",
        "--threads",
        "1",
        "--out",
        dir.to_str().unwrap(),
    ];
    let text = ok(&args);
    assert!(text.contains("board coverage: "), "{text}");
    let r: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
    let c = &r["board_coverage"];
    assert_eq!(u(&c["spaces"]), 42);
    assert_eq!(u(&c["games"]), 12);
    let by_space: Vec<u64> = c["by_space"].as_array().unwrap().iter().map(u).collect();
    assert_eq!(by_space.len(), 42);
    let used = by_space.iter().filter(|&&n| n > 0).count() as u64;
    assert_eq!(u(&c["used"]), used);
    assert!((c["fraction"].as_f64().unwrap() - used as f64 / 42.0).abs() < 1e-12);
    // Every Connect Four ply drops one stone on one cell, and every game ends.
    let plies = r["length"]["mean"].as_f64().unwrap() * u(&r["length"]["games"]) as f64;
    assert_eq!(by_space.iter().sum::<u64>() as f64, plies.round());
    assert_eq!(u(&r["length"]["games"]), 12);
    // The bottom row (cells 0–6) fills before any other in each column: it is used at least
    // as often as the row above it.
    for col in 0..7 {
        assert!(
            by_space[col] >= by_space[7 + col],
            "column {col}: {by_space:?}"
        );
    }
    let svg = std::fs::read_to_string(dir.join("coverage.svg")).unwrap();
    assert_eq!(svg.matches("class=\"space\"").count(), 42);
    // Drawn as the game lays its board out (`Game::board_layout`): cell 0, bottom left, below
    // cell 35, top left, and level with cell 6.
    let ys: Vec<f64> = svg
        .split("class=\"space\"")
        .skip(1)
        .map(|rect| {
            let y = rect.split(" y=\"").nth(1).unwrap();
            y[..y.find('"').unwrap()].parse().unwrap()
        })
        .collect();
    assert!(ys[0] > ys[35] && ys[0] == ys[6], "{ys:?}");
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(html.contains("<h2 id=\"coverage\">Board coverage</h2>"));
    assert!(html.contains("<a href=\"#coverage\">Board coverage</a>"));
    assert!(html.contains("<a href=\"#seat-balance\">Seat balance</a>"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn magical_circle_has_no_board_to_cover() {
    let text = ok(&[
        "analyze",
        "magical-circle",
        "--games",
        "4",
        "--bot",
        "random",
        "--weaker",
        "none",
        "--evaluator",
        "off",
        "--json",
    ]);
    let r: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(r["board_coverage"], Value::Null);
}

#[test]
fn the_text_report_fits_in_100_columns() {
    for game in ["connect-four", "toumai", "china-moon", "khan-tsin"] {
        let text = ok(&[
            "analyze",
            game,
            "--games",
            "3",
            "--bot",
            "random",
            "--weaker",
            "random",
            "--evaluator",
            "mcts:iterations=10",
            "--ladder",
            "random,random",
        ]);
        for line in text.lines() {
            assert!(
                line.chars().count() <= 100,
                "{game}: {} columns: {line}",
                line.chars().count()
            );
        }
    }
}
