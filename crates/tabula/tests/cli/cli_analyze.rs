//! `tabula analyze`: the text report, `--json`, the files written with `--out` (plots,
//! report.json, a self-contained index.html) with figures that agree with each other, game
//! parameters, and bad input refused with exit status 2 and a clear message.

use crate::support;

use support::*;

use serde_json::Value;
use std::path::PathBuf;

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tabula-cli-analyze-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

#[test]
fn analyze_writes_plots_and_a_consistent_report() {
    let dir = scratch("c4");
    let out = dir.to_str().unwrap();
    let text = ok(&[
        "analyze",
        "connect-four",
        "--games",
        "20",
        "--bot",
        "random",
        "--weaker",
        "random",
        "--threads",
        "2",
        "--out",
        out,
    ]);
    for name in [
        "seat_win_rates.svg",
        "game_length.svg",
        "branching.svg",
        "skill.svg",
        "report.json",
        "index.html",
    ] {
        assert!(dir.join(name).is_file(), "{name} missing");
    }
    let r: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
    assert_eq!(r["game"], "connect-four");
    assert_eq!(r["title"], "Connect Four");
    assert_eq!(r["params"]["players"], 2);
    assert_eq!((u(&r["games"]), u(&r["seats"])), (20, 2));
    let b = &r["balance"];
    let o = &b["outcomes"];
    let wins: u64 = b["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| u(&s["wins"]))
        .sum();
    assert_eq!(wins, u(&o["decisive"]));
    let ended: u64 = [
        "decisive",
        "rules_draws",
        "repetition_draws",
        "shared_wins",
        "ply_limit_draws",
        "unfinished",
    ]
    .iter()
    .map(|k| u(&o[k]))
    .sum();
    assert_eq!(ended, 20);
    for s in b["seats"].as_array().unwrap() {
        let rate = s["win_rate"].as_f64().unwrap();
        assert_eq!(rate, u(&s["wins"]) as f64 / 20.0);
        assert!(s["ci95"][0].as_f64().unwrap() <= rate && rate <= s["ci95"][1].as_f64().unwrap());
    }
    let hist: u64 = r["length"]["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| u(&b["games"]))
        .sum();
    assert_eq!(hist, 20); // Connect Four always ends
    assert_eq!(u(&r["length"]["games"]), 20);
    let (min, max) = (u(&r["length"]["min"]), u(&r["length"]["max"]));
    assert!(7 <= min && min <= max && max <= 42, "{min} {max}");
    let p0 = &r["branching"]["by_ply"][0];
    assert_eq!((u(&p0["games"]), p0["mean"].as_f64()), (20, Some(7.0)));
    let decisions = r["length"]["mean"].as_f64().unwrap() * 20.0;
    assert!((u(&r["branching"]["decisions"]) as f64 - decisions).abs() < 1e-6);
    assert_eq!(u(&r["skill"]["games"]), 20);
    assert_eq!(r["skill"]["stronger"], "random");
    // The text report shows the same figures.
    assert!(
        text.contains("SEAT BALANCE (random in every seat)"),
        "{text}"
    );
    let seat1 = format!("   1  {:>5}", u(&b["seats"][0]["wins"]));
    assert!(text.contains(&seat1), "{seat1:?} in {text}");
    assert!(text.contains("index.html"), "{text}");
    // Ludii's AdvantageP1 over all games: seat 1's wins, and half of every other game (a
    // draw's utility is 0 for both seats).
    let w1 = u(&b["seats"][0]["wins"]) as f64;
    let w2 = u(&b["seats"][1]["wins"]) as f64;
    let advantage = r["ludii"]["AdvantageP1"].as_f64().unwrap();
    assert!(
        (advantage - (w1 + (20.0 - w1 - w2) / 2.0) / 20.0).abs() < 1e-12,
        "{advantage}"
    );
    assert!(
        text.contains("LUDII METRICS") && text.contains("OPENINGS"),
        "{text}"
    );
    // index.html inlines every plot and loads nothing from elsewhere.
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(html.contains("Ludii's metrics</h2>") && html.contains("Openings</h2>"));
    // Five plots (the uncertainty curve from the default evaluator) and the board coverage.
    assert_eq!(html.matches("<svg ").count(), 6);
    for external in ["<script", "<link", "src=", "url("] {
        assert!(!html.contains(external), "{external} in index.html");
    }
    // Links only within the page (the table of contents).
    assert_eq!(
        html.matches("href=").count(),
        html.matches("href=\"#").count()
    );
    assert!(html.matches("href=\"#").count() >= 5);
    for name in ["seat_win_rates.svg", "game_length.svg", "branching.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(
            svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            "{name}"
        );
        assert!(svg.trim_end().ends_with("</svg>"), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_output_is_the_report_and_is_reproducible() {
    let dir = scratch("json");
    let args = [
        "analyze",
        "connect-four",
        "--games",
        "8",
        "--bot",
        "random",
        "--weaker",
        "none",
        "--seed",
        "9",
        "--json",
        "--out",
        dir.to_str().unwrap(),
    ];
    let mut printed: Value = serde_json::from_str(&ok(&args)).expect("JSON on stdout");
    let mut written: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
    assert!(printed["skill"].is_null());
    assert!(!dir.join("skill.svg").exists());
    let mut again: Value = serde_json::from_str(&ok(&args)).unwrap();
    for v in [&mut printed, &mut written, &mut again] {
        v["elapsed_s"] = Value::Null;
        v["cpu_s"] = Value::Null;
    }
    assert_eq!(printed, written);
    assert_eq!(printed, again);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn game_parameters_apply_to_the_analysis() {
    // Toumaï drawn after 12 plies: no game is longer.
    let r: Value = serde_json::from_str(&ok(&[
        "analyze",
        "toumai",
        "--games",
        "4",
        "--bot",
        "random",
        "--weaker",
        "none",
        "--evaluator",
        "off",
        "--max-plies",
        "12",
        "--json",
    ]))
    .unwrap();
    assert_eq!(r["params"]["max_plies"], 12);
    assert!(u(&r["length"]["max"]) <= 12, "{}", r["length"]);
    assert_eq!(u(&r["balance"]["outcomes"]["ply_limit_draws"]), 4);
}

#[test]
fn bad_input_is_refused_with_a_clear_message() {
    let with = |extra: &[&'static str]| -> Vec<&str> {
        let games = if extra.contains(&"--games") {
            &[][..]
        } else {
            &["--games", "2"][..]
        };
        ["analyze", "connect-four", "--bot", "random"]
            .into_iter()
            .chain(games.iter().copied())
            .chain(extra.iter().copied())
            .collect()
    };
    let e = fails(&["analyze", "chess", "--games", "2"]);
    assert!(e.contains("unknown game `chess`"), "{e}");
    let e = fails(&with(&["--games", "0"]));
    assert!(e.contains("--games must be at least 1"), "{e}");
    let e = fails(&["analyze", "connect-four", "--bot", "wizard", "--games", "2"]);
    assert!(e.contains("unknown bot level `wizard`"), "{e}");
    let e = fails(&with(&["--weaker", "mcts:speed=3"]));
    assert!(
        e.contains("bad bot `mcts:speed=3`") && e.contains("speed"),
        "{e}"
    );
    let e = fails(&with(&["--players", "3"]));
    assert!(e.contains("players"), "{e}");
    let e = fails(&with(&["--param", "colour=red"]));
    assert!(e.contains("colour"), "{e}");
    let e = fails(&with(&["--threads", "0"]));
    assert!(e.contains("--threads must be at least 1"), "{e}");
}

#[test]
fn analyze_and_match_say_races_are_decided_by_skill() {
    let json: Value = serde_json::from_str(&ok(&[
        "analyze",
        "magical-circle",
        "--games",
        "2",
        "--bot",
        "random",
        "--weaker",
        "none",
        "--evaluator",
        "off",
        "--json",
    ]))
    .unwrap();
    assert_eq!(json["race"], "skill");
    let text = ok(&["analyze", "connect-four", "--games", "2", "--bot", "random"]);
    assert!(text.contains("races: decided by skill"), "{text}");
    let text = ok(&two_random_games(&[]));
    assert!(text.contains("races: decided by skill"), "{text}");
}
