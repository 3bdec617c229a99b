//! `tabula analyze --ladder`: the `ladder` section of the JSON (its shape, counts that add
//! up, the stronger bot above the weaker), the text table, the plot and section of the HTML
//! report, and bad ladders refused with a clear message.

use crate::support;

use support::*;

use serde_json::Value;
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-cli-ladder-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

const BASE: [&str; 7] = [
    "analyze",
    "connect-four",
    "--bot",
    "random",
    "--weaker",
    "none",
    "--threads",
];

#[test]
fn the_ladder_section_has_one_step_per_pair_and_counts_that_add_up() {
    let mut args = BASE.to_vec();
    args.extend([
        "2",
        "--games",
        "30",
        "--json",
        "--ladder",
        "random,mcts:iterations=50",
    ]);
    let r: Value = serde_json::from_str(&ok(&args)).unwrap();
    let l = &r["ladder"];
    assert_eq!((u(&l["seats"]), u(&l["games"])), (2, 30));
    let steps = l["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 1);
    let s = &steps[0];
    assert_eq!(s["lower"], "random");
    // Specifications are written out in full (`mcts:iterations=50:c=1.4`).
    assert!(
        s["higher"]
            .as_str()
            .unwrap()
            .starts_with("mcts:iterations=50"),
        "{s}"
    );
    assert_eq!(u(&s["games"]), 30);
    assert_eq!(u(&s["wins"]) + u(&s["draws"]) + u(&s["losses"]), 30);
    let rate = f(&s["win_rate"]);
    let expected = (u(&s["wins"]) as f64 + u(&s["draws"]) as f64 / 2.0) / 30.0;
    assert!((rate - expected).abs() < 1e-12);
    let (lo, hi) = (f(&s["ci95"][0]), f(&s["ci95"][1]));
    assert!(0.0 <= lo && lo <= rate && rate <= hi && hi <= 1.0);
    assert_eq!(f(&s["fair_share"]), 0.5);
    // The games are fixed by the seed: at this seed the searching bot beats the random one
    // well beyond the fair share, so the step is significant and gains Elo.
    assert!(rate > 0.5, "{rate}");
    assert_eq!(s["not_significant"], Value::Bool(lo <= 0.5));
    assert!(f(&s["elo"]) > 0.0);
    // An interval end at 100% is unbounded: `null` in the JSON, never the estimate.
    let upper = &s["elo_ci95"][1];
    assert_eq!(upper.is_null(), hi == 1.0, "{s}");
    let upper = upper.as_f64().unwrap_or(f64::INFINITY);
    assert!(f(&s["elo_ci95"][0]) <= f(&s["elo"]) && f(&s["elo"]) < upper);
    let levels = l["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 2);
    assert_eq!(levels[0]["level"], "random");
    assert_eq!(f(&levels[0]["elo"]), 0.0);
    assert_eq!(f(&levels[1]["elo"]), f(&s["elo"]));
}

#[test]
fn the_ladder_is_in_the_text_and_html_reports() {
    let dir = scratch("html");
    let mut args = BASE.to_vec();
    args.extend([
        "1",
        "--games",
        "6",
        "--ladder",
        "random,random,mcts:iterations=20",
        "--out",
        dir.to_str().unwrap(),
    ]);
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("games.jsonl");
    let records = records.to_str().unwrap().to_string();
    args.extend(["--records", records.as_str()]);
    // Standard error is not a terminal here: each step's progress is logged.
    let o = tabula(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let log = stderr(&o);
    for step in ["ladder 1/2", "ladder 2/2"] {
        assert!(log.contains(&format!("analyze: {step} (")), "{log}");
    }
    assert!(log.contains("6/6 games"), "{log}");
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("SKILL LADDER (6 games per step"), "{text}");
    // The ladder's games are in the records: 6 per step, after the balance match's.
    let rows: Vec<Value> = std::fs::read_to_string(dir.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &Value| v.get("records").is_none())
        .collect();
    let ladder: Vec<&Value> = rows.iter().filter(|r| r["match"] == "ladder").collect();
    assert_eq!(ladder.len(), 12, "{rows:?}");
    assert!(
        ladder
            .iter()
            .all(|r| r["bots"].as_array().unwrap().len() == 2)
    );
    assert!(
        ladder
            .iter()
            .any(|r| r["bots"][0] == "mcts:iterations=20:c=1.4"
                || r["bots"][1] == "mcts:iterations=20:c=1.4")
    );
    assert!(text.contains("level (vs the level before)"), "{text}");
    assert!(text.contains("  random                        "), "{text}");
    assert!(text.contains("mcts:iterations=20"), "{text}");
    // The plot: one point per level.
    let svg = std::fs::read_to_string(dir.join("ladder.svg")).unwrap();
    assert_eq!(svg.matches("class=\"level\"").count(), 3);
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(html.contains("<h2 id=\"ladder\">Skill ladder</h2>"));
    assert!(html.contains("Skill ladder: Elo against level"));
    let r: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
    assert_eq!(r["ladder"]["steps"].as_array().unwrap().len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_ladders_are_refused() {
    let run = |ladder: &'static str| {
        let mut args = BASE.to_vec();
        args.extend(["1", "--games", "2", "--ladder", ladder]);
        fails(&args)
    };
    let e = run("random");
    assert!(e.contains("--ladder needs at least two levels"), "{e}");
    let e = run("random,,casual");
    assert!(e.contains("level 2 is empty"), "{e}");
    let e = run("random,wizard");
    assert!(e.contains("--ladder level `wizard`"), "{e}");
}
