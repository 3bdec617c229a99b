//! `tabula analyze` through the real binary: `--records` and `--csv` written as games end,
//! a run killed mid-way and finished with `--resume` giving the uninterrupted run's report,
//! the progress log when standard error is not a terminal, and `--variant` side by side;
//! records of other rules, without their header, or with a field out of range, refused on
//! resume (exit status 2, naming the line and the field), never a panic.

use crate::support;

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

/// The game rows of a records file (its header apart).
fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.get("records").is_none())
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
        "--evaluator",
        "off",
        "--variant",
        "long:max_plies=200",
        "--variant",
        "short:max_plies=40",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(text.contains("VARIANTS SIDE BY SIDE"), "{text}");
    assert!(text.contains("short (p vs long, Holm)"), "{text}");
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
    assert!(
        cells[1]["test"]["holm"].as_f64().unwrap() < 0.01,
        "{length}"
    );
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

/// Four Toumaï games between random bots, recorded in `records`, with `extra` options.
fn toumai_args<'a>(records: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
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
        "--json",
        "--records",
        records,
    ];
    args.extend(extra);
    args
}

#[test]
fn the_records_header_names_the_rules_and_resume_refuses_other_rules() {
    let dir = scratch("rules");
    let records = dir.join("r.jsonl");
    let r = records.to_str().unwrap();
    ok(&toumai_args(r, &["--max-plies", "40"]));
    let text = std::fs::read_to_string(&records).unwrap();
    let header: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["game"], "toumai", "{header}");
    assert_eq!(header["variants"][0]["params"]["max_plies"], 40, "{header}");
    assert_eq!(header["random_setup"], false, "{header}");

    let err = fails(&toumai_args(r, &["--max-plies", "60", "--resume"]));
    assert!(
        err.contains("other rules")
            && err.contains("`max_plies` is 40 in the records, 60 in this run"),
        "{err}"
    );
    let err = fails(&toumai_args(r, &["--resume"]));
    assert!(err.contains("`max_plies` is 40 in the records"), "{err}");
    let err = fails(&toumai_args(
        r,
        &["--max-plies", "40", "--random-setup", "--resume"],
    ));
    assert!(err.contains("--random-setup"), "{err}");
    let err = fails(&toumai_args(
        r,
        &["--max-plies", "40", "--param", "swap_lock=any", "--resume"],
    ));
    assert!(err.contains("`swap_lock`"), "{err}");
    // The records are kept as they were, and the same rules resume them.
    assert_eq!(std::fs::read_to_string(&records).unwrap(), text);
    let out = ok(&toumai_args(r, &["--max-plies", "40", "--resume"]));
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["resumed_games"], 4);
}

#[test]
fn records_without_a_header_are_refused_on_resume() {
    let dir = scratch("headerless");
    let records = dir.join("r.jsonl");
    let r = records.to_str().unwrap();
    ok(&toumai_args(r, &[]));
    let text = std::fs::read_to_string(&records).unwrap();
    let rows: Vec<&str> = text.lines().skip(1).collect();
    std::fs::write(&records, rows.join("\n") + "\n").unwrap();
    let err = fails(&toumai_args(r, &["--resume"]));
    assert!(err.contains("has no header line"), "{err}");
}

/// Each field of a recorded row made impossible in turn: resume answers exit status 2 naming
/// the file, the line and the field (never a panic).
#[test]
fn every_field_of_a_resumed_row_is_checked_and_named_with_its_line() {
    let dir = scratch("fields");
    let records = dir.join("r.jsonl");
    let r = records.to_str().unwrap();
    ok(&toumai_args(r, &[]));
    let text = std::fs::read_to_string(&records).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let good: Value = serde_json::from_str(lines[2]).unwrap();
    let cases: [(&str, Value); 12] = [
        ("bots_by_seat", serde_json::json!([0, 7])),
        ("bots_by_seat", serde_json::json!([0])),
        ("choices", serde_json::json!([{"seat": 9, "actions": 3}])),
        ("ranks", serde_json::json!([1, 9])),
        ("ranks", serde_json::json!([1])),
        ("winner", serde_json::json!(5)),
        ("bots", serde_json::json!(["random"])),
        ("scores", serde_json::json!([1, 2, 3])),
        ("evals", serde_json::json!([[0.5]])),
        ("variant", serde_json::json!("other")),
        ("turns", serde_json::json!(1_000_000)),
        ("spaces", serde_json::json!([1])),
    ];
    for (field, value) in cases {
        let mut row = good.clone();
        row[field] = value.clone();
        if field == "ranks" {
            row["reason"] = serde_json::json!("win");
        }
        let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        edited[2] = row.to_string();
        std::fs::write(&records, edited.join("\n") + "\n").unwrap();
        let o = tabula(&toumai_args(r, &["--resume"]));
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{field} = {value}: {err}");
        assert!(
            err.contains(&format!("records file {r} line 3: field `{field}`")),
            "{field} = {value}: {err}"
        );
    }
    // A row that is not a row at all.
    let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    edited[1] = r#"{"seat": 1}"#.into();
    std::fs::write(&records, edited.join("\n") + "\n").unwrap();
    let err = fails(&toumai_args(r, &["--resume"]));
    assert!(err.contains("line 2:"), "{err}");
}
