//! `tabula tune` on small budgets: a setting that is best by construction is found, the same
//! seed gives the same report, and bad arguments are refused before any game.

use super::*;

fn args(params: &[&str], objective: &str, budget: usize, seed: u64) -> TuneArgs {
    TuneArgs {
        game: "connect-four".into(),
        params: params.iter().map(|p| p.to_string()).collect(),
        objective: objective.into(),
        budget,
        bot: "random".into(),
        evaluator: None,
        threads: Some(2),
        seed,
        random_setup: false,
        out: None,
        json: false,
    }
}

/// The report without its timings.
fn timeless(mut v: Value) -> Value {
    match &mut v {
        Value::Object(map) => {
            map.remove("elapsed_s");
            map.remove("cpu_s");
            for x in map.values_mut() {
                *x = timeless(x.take());
            }
        }
        Value::Array(items) => {
            for x in items.iter_mut() {
                *x = timeless(x.take());
            }
        }
        _ => {}
    }
    v
}

#[test]
fn the_fewest_draws_come_with_the_longest_ply_limit() {
    // Random Connect Four games cut at 8 or 12 plies are nearly all drawn at the limit;
    // at 42 (the full board) nearly none are.
    let a = args(&["max_plies=8,12,42"], "draws", 96, 3);
    let t = search(&a).unwrap();
    assert_eq!(
        label_of(&t.axes, &t.settings[t.search.best]),
        "max_plies=42"
    );
    assert!(t.search.games <= 96);
    let text = tuned_text(&t, &a);
    assert!(text.contains("Best for draws: max_plies=42"), "{text}");
}

#[test]
fn the_same_seed_gives_the_same_report_and_another_seed_other_games() {
    let a = args(&["max_plies=20..23"], "length=15", 48, 7);
    let first = timeless(tuned_json(&search(&a).unwrap(), &a).unwrap());
    let again = timeless(tuned_json(&search(&a).unwrap(), &a).unwrap());
    assert_eq!(first, again);
    let b = args(&["max_plies=20..23"], "length=15", 48, 8);
    let other = timeless(tuned_json(&search(&b).unwrap(), &b).unwrap());
    assert_ne!(first["trials"], other["trials"]);
}

#[test]
fn the_report_page_has_a_sensitivity_plot_per_parameter_searched() {
    let a = args(&["players=2", "max_plies=8,42"], "draws", 32, 1);
    let t = search(&a).unwrap();
    let svgs = super::super::tune_html::plots(&t);
    let names: Vec<&str> = svgs.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["sensitivity_max_plies.svg"]);
    assert_eq!(svgs[0].1.matches("class=\"value\"").count(), 2);
    let page = super::super::tune_html::html(&t, &a, &svgs);
    assert!(
        page.contains("<h2 id=\"best-setting\">Best setting</h2>"),
        "{page}"
    );
    assert!(page.contains("Every setting tried") && page.contains("max_plies=42"));
}

#[test]
fn bad_arguments_are_named_before_any_game() {
    let e = |a: TuneArgs| format!("{:#}", search(&a).err().expect("an error"));
    let err = e(args(&["max_plies=8,42"], "fun", 100, 1));
    assert!(
        err.contains("--objective: unknown objective `fun`"),
        "{err}"
    );
    let err = e(args(&["depth=1..3"], "draws", 100, 1));
    assert!(err.contains("no parameter `depth`"), "{err}");
    let err = e(args(&["max_plies=9..3"], "draws", 100, 1));
    assert!(err.contains("empty range"), "{err}");
    let err = e(args(&["max_plies=8,42"], "draws", 6, 1));
    assert!(err.contains("too small"), "{err}");
    let err = e(args(&["players=2,5"], "draws", 100, 1));
    assert!(err.contains("the setting players=5"), "{err}");
}
