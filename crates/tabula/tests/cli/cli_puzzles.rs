//! `tabula puzzles`: generating a set from records, verifying one, and the errors (exit
//! status 2, naming the file and what is wrong).

use crate::support;

use support::*;

/// A match report of one Connect Four game in which `o` could win at once in column 6 and
/// did; every other move lets `x` win.
const RECORD: &str = r#"{"game": "connect-four", "seats": 2, "records": [
  {"start": "xo.xo.o/ox.ox.x/xx.xo.x/oo.ox.x/ox.xoxo/oxxxooo o", "moves": ["6"]}
]}"#;

fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-cli-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn generate_writes_a_set_that_verify_accepts() {
    let from = temp("one.json", RECORD);
    let out = from.with_file_name("set.json");
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let o = tabula(&[
        "puzzles",
        "generate",
        "connect-four",
        "--from",
        &path(&from),
        "--out",
        &path(&out),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("records read: 1"), "{}", stdout(&o));
    assert!(stdout(&o).contains("kept: 1"), "{}", stdout(&o));
    let set = std::fs::read_to_string(&out).unwrap();
    assert!(set.contains("\"win-now\""), "{set}");
    let o = tabula(&[
        "puzzles",
        "verify",
        "connect-four",
        &path(&out),
        "--depth",
        "full",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("1 answers confirmed"), "{}", stdout(&o));
}

#[test]
fn bad_files_are_refused_with_status_2_naming_the_file_and_the_fault() {
    let path = |p: std::path::PathBuf| p.to_str().unwrap().to_string();
    let not_json = path(temp("broken.json", "{ not json"));
    let o = tabula(&[
        "puzzles",
        "generate",
        "connect-four",
        "--from",
        &not_json,
        "--out",
        "/dev/null",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("broken.json: not JSON"),
        "{}",
        stderr(&o)
    );

    let illegal = RECORD.replace("[\"6\"]", "[\"9\"]");
    let illegal = path(temp("illegal.json", &illegal));
    let o = tabula(&[
        "puzzles",
        "generate",
        "connect-four",
        "--from",
        &illegal,
        "--out",
        "/dev/null",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("illegal.json"), "{}", stderr(&o));
    assert!(stderr(&o).contains("ply 1"), "{}", stderr(&o));

    let other = path(temp(
        "toumai.json",
        &RECORD.replace("connect-four", "toumai"),
    ));
    let o = tabula(&[
        "puzzles",
        "generate",
        "connect-four",
        "--from",
        &other,
        "--out",
        "/dev/null",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not of connect-four"), "{}", stderr(&o));

    let set = path(temp(
        "set.json",
        r#"{"game": "connect-four", "puzzles": [{"id": 1}]}"#,
    ));
    let o = tabula(&["puzzles", "verify", "connect-four", &set]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("set.json"), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a puzzle set"), "{}", stderr(&o));

    let o = tabula(&["puzzles", "verify", "connect-four", "--depth", "deep"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("`full` or `reduced`"), "{}", stderr(&o));
}
