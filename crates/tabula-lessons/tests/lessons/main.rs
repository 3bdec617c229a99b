//! Every game's lessons replay through its rules, and broken lesson files are refused with an
//! error naming the lesson and the fault.

use serde_json::{Value, json};
use tabula_lessons::{LessonError, check, lessons_of, parse, walk};

#[test]
fn every_shipped_lesson_file_passes_its_check() {
    let mut checked = Vec::new();
    for entry in tabula_catalog::builtin().entries() {
        let Some(file) = lessons_of(*entry) else {
            continue;
        };
        let name = entry.info().name;
        let file = file.unwrap_or_else(|e| panic!("{name}: {e}"));
        check(*entry, &file).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            (6..=12).contains(&file.lessons.len()),
            "{name}: {} lessons, not 6 to 12",
            file.lessons.len()
        );
        assert!(
            file.lessons
                .iter()
                .flat_map(|l| &l.steps)
                .any(|s| !s.tempting.is_empty()),
            "{name}: no lesson shows a tempting move"
        );
        for l in &file.lessons {
            let w = walk(*entry, l, "cs").unwrap_or_else(|e| panic!("{name} {}: {e}", l.id));
            assert_eq!(w.steps.len(), l.steps.len());
            assert_eq!(w.steps[0].state["legal"][0], json!(l.steps[0].action));
        }
        checked.push(name);
    }
    for game in [
        "toumai",
        "khan-tsin",
        "china-moon",
        "magical-circle",
        "connect-four",
    ] {
        assert!(checked.contains(&game), "{game} ships no lessons");
    }
}

/// A one-lesson Connect Four file: x wins with a drop into column 1.
fn lesson() -> Value {
    let t = |s: &str| json!({ "en": s, "fr": s, "cs": s });
    json!({
        "game": "connect-four",
        "lessons": [{
            "id": "four",
            "title": t("Four in a column"),
            "intro": t("Three red discs stand in column 1."),
            "position": "......./......./......./x....../x....../xooo... x",
            "seat": 1,
            "goal": { "text": t("Win"), "reach": { "win": true } },
            "steps": [{
                "move": "1",
                "say": t("Four in a line win."),
                "tempting": [
                    { "move": "8", "why": t("There is no column 8."), "rule": "R1" },
                    { "move": "5", "kind": "pointless", "why": t("Yellow would win."), "rule": "R3" }
                ]
            }]
        }]
    })
}

fn checked(file: &Value) -> Result<(), LessonError> {
    let entry = tabula_catalog::builtin().find("connect-four").unwrap();
    check(entry, &parse(&file.to_string())?)
}

fn fails(file: Value, expected: &str) {
    let e = checked(&file).expect_err(expected).to_string();
    assert!(e.contains(expected), "`{e}` does not say `{expected}`");
}

#[test]
fn a_correct_lesson_passes() {
    checked(&lesson()).unwrap();
}

#[test]
fn a_position_that_does_not_load_is_named() {
    let mut f = lesson();
    f["lessons"][0]["position"] = json!("......./xx x");
    fails(f, "lesson four: the position does not load");
}

#[test]
fn an_illegal_scripted_move_or_reply_is_named() {
    let mut f = lesson();
    f["lessons"][0]["steps"][0]["move"] = json!("9");
    fails(f, "lesson four: step 1 (9)");
    let mut f = lesson();
    f["lessons"][0]["steps"][0]["move"] = json!("2");
    f["lessons"][0]["steps"][0]["reply"] = json!("0");
    fails(f, "step 1 reply (0)");
}

#[test]
fn a_missing_translation_is_named() {
    let mut f = lesson();
    f["lessons"][0]["steps"][0]["say"]
        .as_object_mut()
        .unwrap()
        .remove("cs");
    fails(f, "lesson four: step 1 say: no text in `cs`");
}

#[test]
fn an_unreachable_goal_is_named() {
    let mut f = lesson();
    f["lessons"][0]["steps"][0]["move"] = json!("2");
    f["lessons"][0]["steps"][0]["tempting"] = json!([]);
    fails(
        f,
        "the goal is not reached after the last step: seat 1 has not won",
    );
    let mut f = lesson();
    f["lessons"][0]["goal"]["reach"] = json!({ "position_has": ["xooo"] });
    fails(f, "the goal holds before the first step");
}

#[test]
fn a_tempting_move_must_be_what_the_file_says_and_cite_a_real_rule() {
    let mut f = lesson();
    f["lessons"][0]["steps"][0]["tempting"][0]["move"] = json!("3");
    fails(f, "tempting 3: the move is legal there, not Illegal");
    let mut f = lesson();
    f["lessons"][0]["steps"][0]["tempting"][0]["rule"] = json!("R42");
    fails(f, "rule R42 is not in the rules page");
}

#[test]
fn a_file_for_another_game_or_not_a_lesson_file_is_refused() {
    let mut f = lesson();
    f["game"] = json!("toumai");
    fails(f, "the lessons are for `toumai`, not `connect-four`");
    assert!(matches!(
        parse("{\"game\": 1}"),
        Err(LessonError::Format(_))
    ));
    let mut f = lesson();
    let copy = f["lessons"][0].clone();
    f["lessons"].as_array_mut().unwrap().push(copy);
    fails(f, "lesson four: the id is used twice");
}
