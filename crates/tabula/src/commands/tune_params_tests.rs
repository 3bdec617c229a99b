//! `--param key=RANGE` of `tabula tune`: ranges, lists, every word, and the errors that
//! name what is wrong.

use super::*;
use crate::find;

fn axes(game: &str, texts: &[&str]) -> Result<Vec<Axis>> {
    let texts: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
    parse_axes(find(game).expect("a game"), &texts)
}

fn error(game: &str, texts: &[&str]) -> String {
    format!("{:#}", axes(game, texts).expect_err("an error"))
}

#[test]
fn ranges_lists_and_every_word_give_the_settings_in_order() {
    let a = axes(
        "toumai",
        &["players=2", "placement_round2=*", "max_plies=100..102"],
    )
    .unwrap();
    assert_eq!(a[0].values, vec![("2".to_string(), Value::from(2))]);
    let words: Vec<&str> = a[1].values.iter().map(|v| v.0.as_str()).collect();
    assert_eq!(words, ["reversed", "same"]);
    assert_eq!(a[2].values.len(), 3);
    let all = settings(&a);
    assert_eq!(all.len(), 6);
    assert_eq!(all[0], vec![0, 0, 0]);
    assert_eq!(all[1], vec![0, 0, 1]);
    assert_eq!(all[5], vec![0, 1, 2]);
    assert_eq!(
        label_of(&a, &all[4]),
        "placement_round2=same, max_plies=101"
    );
    let p = params_of(&a, &all[4]);
    assert_eq!(p["players"], 2);
    assert_eq!(p["placement_round2"], "same");
    assert_eq!(p["max_plies"], 101);
}

#[test]
fn lists_of_json_lists_are_separated_by_semicolons() {
    let a = axes("magical-circle", &["swap_values=[1,2,3,4];[1,2,3]"]).unwrap();
    assert_eq!(a[0].values[1].1, serde_json::json!([1, 2, 3]));
    let e = error("magical-circle", &["swap_values=[1,2];x"]);
    assert!(e.contains("`x` is not a list"), "{e}");
}

#[test]
fn an_unknown_key_is_named_with_the_games_parameters() {
    let e = error("magical-circle", &["targte=3..6"]);
    assert!(e.contains("no parameter `targte`"), "{e}");
    assert!(e.contains("players") && e.contains("target"), "{e}");
}

#[test]
fn bad_ranges_are_named() {
    let cases = [
        ("target=6..3", "empty range"),
        ("target=3..x", "`x` is not a whole number"),
        ("target=", "no value"),
        ("target=3,3", "given twice"),
        ("target=0..1000", "more than 256"),
    ];
    for (text, want) in cases {
        let e = error("magical-circle", &[text]);
        assert!(e.contains(want), "{text}: {e}");
    }
    let e = error("toumai", &["swap_lock=own,none"]);
    assert!(
        e.contains("`none` is not a value of swap_lock (its values: own, any)"),
        "{e}"
    );
    let e = error("toumai", &["swap_lock=a..b"]);
    assert!(e.contains("for whole numbers"), "{e}");
    let e = error("toumai", &["colours=*"]);
    assert!(e.contains("takes any word"), "{e}");
    let e = error("toumai", &["swap_lock"]);
    assert!(e.contains("expected key=RANGE"), "{e}");
    let e = error("china-moon", &["board=/nonexistent/board.json"]);
    assert!(
        e.contains("cannot read file /nonexistent/board.json"),
        "{e}"
    );
}

#[test]
fn a_search_needs_two_values_and_a_key_once() {
    let e = error("toumai", &["players=2"]);
    assert!(e.contains("nothing to search"), "{e}");
    let e = error("toumai", &["swap_lock=*", "swap_lock=own"]);
    assert!(e.contains("given twice"), "{e}");
    let e = error(
        "magical-circle",
        &["target=1..20", "deck_step=1..20", "hourglass_seconds=1,2"],
    );
    assert!(e.contains("more than 256 settings"), "{e}");
}
