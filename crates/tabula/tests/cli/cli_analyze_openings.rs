//! `tabula analyze` through the real binary: the records hold every move, the report's
//! opening table per seat, and `--max-plies` on a game whose rules have no ply limit
//! (Connect Four): a draw at the limit, recorded with the rules, so that `--resume` refuses
//! another limit.

use crate::support;

use serde_json::Value;
use std::path::PathBuf;
use support::*;

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tabula-cli-openings-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rows(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &Value| v.get("records").is_none())
        .collect()
}

#[test]
fn records_hold_every_move_and_the_report_has_an_opening_table_per_seat() {
    let dir = scratch("moves");
    let records = dir.join("games.jsonl");
    let r = records.to_str().unwrap();
    let base = [
        "analyze",
        "connect-four",
        "--games",
        "12",
        "--bot",
        "random",
        "--weaker",
        "none",
        "--evaluator",
        "off",
        "--records",
        r,
    ];
    let json: Value = serde_json::from_str(&ok(&[&base[..], &["--json"]].concat())).unwrap();
    let rows = rows(&records);
    assert_eq!(rows.len(), 12);
    for row in &rows {
        let moves = row["moves"].as_array().expect("moves");
        assert_eq!(moves.len() as u64, row["plies"].as_u64().unwrap(), "{row}");
        // Connect Four moves are columns 1–7 (or a–g): short words, never empty.
        assert!(moves.iter().all(|m| !m.as_str().unwrap().is_empty()));
    }
    // The opening table counts every game once, by its first two moves.
    let o = &json["openings"];
    assert_eq!(o["plies"], 2);
    assert_eq!(o["games"], 12);
    let lines: u64 = o["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["games"].as_u64().unwrap())
        .sum();
    assert!(lines <= 12 && lines > 0);
    let first = &o["rows"][0];
    let moves: Vec<&str> = first["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let opened = rows
        .iter()
        .filter(|row| {
            let m = row["moves"].as_array().unwrap();
            m[0] == moves[0] && m[1] == moves[1]
        })
        .count();
    assert_eq!(first["games"].as_u64().unwrap(), opened as u64);
    let _ = std::fs::remove_file(&records);
    let text = ok(&base);
    assert!(
        text.contains("OPENINGS (the first 2 moves of 12 games"),
        "{text}"
    );
    assert!(
        text.contains("seat 1:") && text.contains("seat 2:"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn max_plies_is_a_draw_at_the_limit_for_connect_four_and_part_of_the_rules() {
    let dir = scratch("limit");
    let records = dir.join("games.jsonl");
    let r = records.to_str().unwrap();
    let with = |extra: &[&'static str]| -> Vec<String> {
        let mut a: Vec<String> = [
            "analyze",
            "connect-four",
            "--games",
            "5",
            "--bot",
            "random",
            "--weaker",
            "none",
            "--evaluator",
            "off",
            "--json",
            "--records",
            r,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let args = with(&["--max-plies", "6"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let json: Value = serde_json::from_str(&ok(&args)).unwrap();
    // No Connect Four game is won before its 7th ply: all five are drawn at the limit.
    let o = &json["balance"]["outcomes"];
    assert_eq!(o["ply_limit_draws"], 5, "{o}");
    assert_eq!(json["length"]["max"], 6);
    // The header records the limit with the rules; another limit is refused on resume.
    let header: Value = serde_json::from_str(
        std::fs::read_to_string(&records)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(header["variants"][0]["params"]["max_plies"], 6, "{header}");
    let args = with(&["--max-plies", "8", "--resume"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let err = fails(&args);
    assert!(err.contains("max_plies"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
