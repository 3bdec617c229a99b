//! `tabula analyze` through the real binary: `--records` and `--csv` written as games end,
//! a run killed mid-way and finished with `--resume` giving the uninterrupted run's report,
//! the progress log when standard error is not a terminal, and `--variant` side by side.

mod support;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::*;

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tabula-cli-records-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const GAMES: &str = "40";

fn args(records: &str) -> Vec<&str> {
    vec![
        "analyze",
        "connect-four",
        "--games",
        GAMES,
        "--bot",
        "mcts:iterations=300",
        "--weaker",
        "random",
        "--threads",
        "1",
        "--seed",
        "7",
        "--json",
        "--records",
        records,
    ]
}

/// The report without what depends on when and how fast it ran.
fn stable(mut report: Value) -> Value {
    for key in ["elapsed_s", "cpu_s", "resumed_games"] {
        report.as_object_mut().unwrap().remove(key);
    }
    report
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

#[test]
fn a_killed_run_resumes_to_the_uninterrupted_report() {
    let dir = scratch("resume");
    let full_records = dir.join("full.jsonl");
    let full = tabula(&args(full_records.to_str().unwrap()));
    assert!(full.status.success(), "{}", stderr(&full));
    let full_report: Value = serde_json::from_str(&stdout(&full)).unwrap();
    let rows = lines(&full_records);
    assert_eq!(rows.len(), 80, "a row per game of both matches");
    let row = &rows[0];
    for key in [
        "variant", "match", "seed", "bots", "winner", "ranks", "reason", "plies", "turns",
    ] {
        assert!(row.get(key).is_some(), "{key} missing from {row}");
    }
    let balance = rows.iter().find(|r| r["match"] == "balance").unwrap();
    assert!(
        balance["evals"].as_array().is_some_and(|e| !e.is_empty()),
        "{balance}"
    );
    // Not a terminal: progress as log lines, the last of each match at its end.
    assert!(stderr(&full).contains(&format!("analyze: seat balance {GAMES}/{GAMES} games")));

    let cut_records = dir.join("cut.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        // English whatever the machine's locale (play and rules follow LANG).
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .args(args(cut_records.to_str().unwrap()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait for a few games to be written (flushed per game), then kill the run.
    let deadline = Instant::now() + Duration::from_secs(120);
    while lines(&cut_records).len() < 3 {
        assert!(Instant::now() < deadline, "no rows written");
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it was killed"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = lines(&cut_records).len();
    assert!(kept < 80, "killed after {kept} rows");

    let mut resume_args = args(cut_records.to_str().unwrap());
    resume_args.push("--resume");
    let resumed = tabula(&resume_args);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let resumed_report: Value = serde_json::from_str(&stdout(&resumed)).unwrap();
    assert_eq!(
        resumed_report["resumed_games"].as_u64().unwrap() as usize,
        kept
    );
    assert_eq!(stable(resumed_report), stable(full_report));
    let mut indices: Vec<(String, u64)> = lines(&cut_records)
        .iter()
        .map(|r| (r["match"].to_string(), r["index"].as_u64().unwrap()))
        .collect();
    indices.sort();
    indices.dedup();
    assert_eq!(indices.len(), 80, "every game once");
}

#[test]
fn csv_rows_are_written_and_resume_needs_records() {
    let dir = scratch("csv");
    let csv = dir.join("csv");
    ok(&[
        "analyze",
        "connect-four",
        "--games",
        "6",
        "--bot",
        "random",
        "--weaker",
        "none",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(csv.join("games.csv")).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(
        rows[0],
        "variant,match,game,seed,bots,winner,ranks,reason,plies,turns,repeated"
    );
    assert_eq!(rows.len(), 7);
    assert!(
        rows[1..]
            .iter()
            .all(|r| r.split(',').count() == 11 && r.contains(",balance,"))
    );
    let err = fails(&["analyze", "connect-four", "--games", "2", "--resume"]);
    assert!(err.contains("--resume needs --records"), "{err}");
}

#[test]
fn records_of_another_run_are_refused() {
    let dir = scratch("other");
    let records = dir.join("r.jsonl");
    let r = records.to_str().unwrap();
    ok(&[
        "analyze",
        "connect-four",
        "--games",
        "4",
        "--bot",
        "random",
        "--weaker",
        "none",
        "--records",
        r,
    ]);
    let err = fails(&[
        "analyze",
        "connect-four",
        "--games",
        "4",
        "--bot",
        "random",
        "--weaker",
        "none",
        "--records",
        r,
        "--resume",
        "--seed",
        "2",
    ]);
    assert!(err.contains("another analysis"), "{err}");
}

#[test]
fn variants_are_compared_side_by_side_with_p_values() {
    let dir = scratch("variants");
    let out = dir.join("out");
    let text = ok(&[
        "analyze",
        "toumai",
        "--games",
        "30",
        "--bot",
        "random",
        "--weaker",
        "none",
        "--variant",
        "long:max_plies=200",
        "--variant",
        "short:max_plies=40",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(text.contains("VARIANTS SIDE BY SIDE"), "{text}");
    assert!(text.contains("short (p vs long)"), "{text}");
    let r: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let variants = r["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 2);
    assert_eq!(variants[1]["params"]["max_plies"], 40);
    let metrics = r["comparison"]["metrics"].as_array().unwrap();
    let length = metrics
        .iter()
        .find(|m| m["metric"] == "length (plies)")
        .unwrap();
    let cells = length["cells"].as_array().unwrap();
    assert!(cells[0]["test"].is_null());
    // Capped at 40 plies against up to 200: shorter, and clearly so.
    assert!(cells[1]["value"].as_f64().unwrap() <= 40.0);
    assert!(cells[1]["test"]["p"].as_f64().unwrap() < 0.01, "{length}");
    // Random bots value nothing: no uncertainty plot, the other overlays are there.
    assert!(!out.join("uncertainty.svg").exists());
    for name in [
        "index.html",
        "outcomes.svg",
        "game_length.svg",
        "long/index.html",
        "short/report.json",
    ] {
        assert!(out.join(name).is_file(), "{name} missing");
    }
    let err = fails(&[
        "analyze",
        "toumai",
        "--variant",
        "a:players=x",
        "--variant",
        "b:",
    ]);
    assert!(err.contains("players must be a whole number"), "{err}");
}
