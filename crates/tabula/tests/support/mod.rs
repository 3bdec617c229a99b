//! Running the `tabula` binary from the CLI tests.
#![allow(dead_code)]

use std::process::{Command, Output};

pub fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        // English whatever the machine's locale (play and rules follow LANG).
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .args(args)
        .output()
        .expect("run tabula")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Standard output of a command that must succeed.
pub fn ok(args: &[&str]) -> String {
    let o = tabula(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    String::from_utf8(o.stdout).expect("utf-8")
}

/// Standard error of a command that must fail with status 2 and print nothing on standard
/// output.
pub fn fails(args: &[&str]) -> String {
    let o = tabula(args);
    assert_eq!(o.status.code(), Some(2), "{args:?} should fail");
    assert!(o.stdout.is_empty(), "{args:?}");
    String::from_utf8(o.stderr).expect("utf-8")
}

/// The arguments of a two-game Connect Four match between random bots, then `extra`.
pub fn two_random_games<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "match",
        "connect-four",
        "--bots",
        "random,random",
        "--games",
        "2",
    ];
    args.extend(extra);
    args
}
