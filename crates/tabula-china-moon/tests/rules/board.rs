//! Boards as data: the standard board (R1) as the rules table gives it, and board files
//! validated with errors that name the faulty space.

use serde_json::{Value, json};
use tabula_china_moon::{
    Board, BoardError, ChinaMoon, Params, STANDARD_BOARD_JSON, SpaceId, SpaceKind,
};
use tabula_core::Game;

/// The standard board file with its `spaces` list edited.
fn edited(edit: impl FnOnce(&mut Vec<Value>)) -> String {
    let mut doc: Value = serde_json::from_str(STANDARD_BOARD_JSON).unwrap();
    edit(doc["spaces"].as_array_mut().unwrap());
    doc.to_string()
}

fn space(spaces: &mut [Value], id: Value) -> &mut Value {
    spaces.iter_mut().find(|s| s["id"] == id).expect("space")
}

fn error(text: &str) -> BoardError {
    Board::from_json(text).expect_err("the board should be refused")
}

#[test]
fn r1_standard_board_matches_the_rules_table() {
    let b = Board::standard();
    assert_eq!(b.len(), 41, "S, 1-39, G");
    let count = |k: SpaceKind| b.spaces().iter().filter(|s| s.kind == k).count();
    assert_eq!(count(SpaceKind::Lotus), 12);
    assert_eq!(count(SpaceKind::BlackLotus), 1);
    assert_eq!(count(SpaceKind::StupidFrog), 5);
    assert_eq!(count(SpaceKind::Spring), 4);
    assert_eq!(count(SpaceKind::Butterfly), 4);
    assert_eq!(count(SpaceKind::Plain), 13);
    let id = |i: u8| b.id(i).to_string();
    let at = |text: &str| b.parse_space(text).unwrap();
    let next = |text: &str| b.next(at(text)).iter().map(|&n| id(n)).collect::<Vec<_>>();
    assert_eq!(next("S"), vec!["1"]);
    assert_eq!(next("10"), vec!["11", "14"]);
    assert_eq!(next("13"), vec!["17"]);
    assert_eq!(next("25"), vec!["26", "29"]);
    assert_eq!(next("28"), vec!["32"]);
    assert_eq!(next("39"), vec!["G"]);
    let back = |text: &str| id(b.back(at(text)).unwrap());
    assert_eq!(back("1"), "S");
    assert_eq!(back("14"), "10");
    assert_eq!(back("17"), "13");
    assert_eq!(back("29"), "25");
    assert_eq!(back("32"), "28");
    assert_eq!(b.kind(at("38")), SpaceKind::BlackLotus);
    assert_eq!(b.reference(), "std");
}

#[test]
fn r1_standard_board_coordinates_draw_a_winding_track() {
    let b = Board::standard();
    let mut cells: Vec<(i64, i64)> = b
        .spaces()
        .iter()
        .map(|s| (s.x as i64, s.y as i64))
        .collect();
    let n = cells.len();
    cells.sort();
    cells.dedup();
    assert_eq!(cells.len(), n, "one space per place");
    let (start, goal) = (&b.spaces()[0], &b.spaces()[b.len() - 1]);
    let max_x = b.spaces().iter().map(|s| s.x).fold(0.0, f64::max);
    let max_y = b.spaces().iter().map(|s| s.y).fold(0.0, f64::max);
    assert_eq!(
        (start.x, start.y),
        (0.0, max_y),
        "start bottom left (y grows downwards)"
    );
    assert!(
        goal.x > 0.0 && goal.x < max_x && goal.y > 0.0 && goal.y < max_y,
        "goal inside"
    );
    // Neighbours on the track are drawn next to each other (diagonals included).
    for s in b.spaces() {
        for &n in &s.next {
            let t = &b.spaces()[n as usize];
            assert!(
                (s.x - t.x).abs() <= 1.0 && (s.y - t.y).abs() <= 1.0,
                "{} -> {}",
                s.id,
                t.id
            );
        }
    }
    // The two forks show as two lanes side by side.
    let x = |id: &str| b.spaces()[b.parse_space(id).unwrap() as usize].x;
    assert_ne!(x("11"), x("14"));
}

#[test]
fn a_board_file_equal_to_the_standard_plays_as_std() {
    let b = Board::from_json(STANDARD_BOARD_JSON).unwrap();
    assert_eq!(b.reference(), "std");
    assert!(b.source().is_some());
    let moved = edited(|s| space(s, json!(1))["x"] = json!(0.5));
    assert_eq!(
        Board::from_json(&moved).unwrap().reference(),
        "std",
        "coordinates don't count"
    );
}

#[test]
fn board_file_not_json_is_refused_naming_the_line() {
    let e = error("{ \"spaces\": [ }");
    assert_eq!(e.space, None);
    assert!(e.to_string().contains("line 1"), "{e}");
}

#[test]
fn board_file_unknown_kind_names_the_space() {
    let e = error(&edited(|s| space(s, json!(12))["kind"] = json!("lily")));
    assert_eq!(e.space.as_deref(), Some("12"));
    assert!(e.message.contains("lily"), "{e}");
}

#[test]
fn board_file_unknown_field_and_missing_coordinate_name_the_space() {
    let e = error(&edited(|s| space(s, json!(5))["colour"] = json!("red")));
    assert_eq!(e.space.as_deref(), Some("5"));
    assert!(e.message.contains("colour"));
    let e = error(&edited(|s| {
        space(s, json!(6)).as_object_mut().unwrap().remove("y");
    }));
    assert_eq!(e.space.as_deref(), Some("6"));
    assert!(e.message.contains("`y`"), "{e}");
}

#[test]
fn board_file_bad_or_duplicate_ids_are_refused() {
    let e = error(&edited(|s| s[3]["id"] = json!("three")));
    assert_eq!(e.space.as_deref(), Some("spaces[3]"));
    let e = error(&edited(|s| s[3]["id"] = json!(2)));
    assert_eq!(e.space.as_deref(), Some("2"));
    assert!(e.message.contains("twice"));
    let e = error(&edited(|s| {
        s.retain(|x| x["id"] != json!("G"));
        space(s, json!(39))["next"] = json!([]);
    }));
    assert!(e.space.is_some());
}

#[test]
fn board_file_next_to_a_missing_space_names_the_space() {
    let e = error(&edited(|s| space(s, json!(20))["next"] = json!([21, 99])));
    assert_eq!(e.space.as_deref(), Some("20"));
    assert!(e.message.contains("99"), "{e}");
}

#[test]
fn board_file_back_links_must_lead_to_the_space() {
    // 17 is reached from 13 and 16; 15 does not lead to it.
    let e = error(&edited(|s| space(s, json!(17))["back"] = json!(15)));
    assert_eq!(e.space.as_deref(), Some("17"));
    assert!(e.message.contains("13, 16"), "{e}");
    let e = error(&edited(|s| {
        space(s, json!(17)).as_object_mut().unwrap().remove("back");
    }));
    assert_eq!(e.space.as_deref(), Some("17"));
    let e = error(&edited(|s| space(s, json!(17))["back"] = json!(77)));
    assert_eq!(e.space.as_deref(), Some("17"));
}

#[test]
fn board_file_cycle_is_refused_naming_a_space_on_it() {
    let e = error(&edited(|s| space(s, json!(21))["next"] = json!([22, 19])));
    assert!(
        matches!(e.space.as_deref(), Some("19" | "20" | "21")),
        "{e}"
    );
    assert!(e.message.contains("cycle"), "{e}");
    let cycle: Vec<&str> = e
        .message
        .trim_end_matches(')')
        .rsplit('(')
        .next()
        .unwrap()
        .split(" -> ")
        .collect();
    assert_eq!(cycle.first(), cycle.last(), "{e}");
    assert_eq!(cycle.len(), 4, "{e}");
}

#[test]
fn board_file_every_space_reachable_from_the_start() {
    // 14 no longer follows 10: the branch 14-16 cannot be reached.
    let e = error(&edited(|s| {
        space(s, json!(10))["next"] = json!([11]);
        space(s, json!(14))["back"] = json!(null);
    }));
    assert_eq!(e.space.as_deref(), Some("14"), "{e}");
}

#[test]
fn board_file_every_path_reaches_the_goal() {
    let e = error(&edited(|s| space(s, json!(30))["next"] = json!([])));
    assert_eq!(e.space.as_deref(), Some("30"));
    assert!(e.message.contains("goal"), "{e}");
}

#[test]
fn board_file_needs_exactly_12_lotus_and_1_black_lotus() {
    let e = error(&edited(|s| space(s, json!(3))["kind"] = json!("lotus")));
    assert_eq!(
        e.space.as_deref(),
        Some("36"),
        "the 13th lotus by number: {e}"
    );
    let e = error(&edited(|s| space(s, json!(2))["kind"] = json!("plain")));
    assert!(e.message.contains("11 lotus"), "{e}");
    let e = error(&edited(|s| {
        space(s, json!(3))["kind"] = json!("black-lotus")
    }));
    assert_eq!(e.space.as_deref(), Some("38"));
    let e = error(&edited(|s| space(s, json!(38))["kind"] = json!("plain")));
    assert!(e.message.contains("no black-lotus"), "{e}");
}

#[test]
fn board_file_start_and_goal_are_s_and_g() {
    let e = error(&edited(|s| s.retain(|x| x["id"] != json!("S"))));
    assert_eq!(e.space.as_deref(), Some("S"));
    let e = error(&edited(|s| space(s, json!(7))["kind"] = json!("goal")));
    assert_eq!(e.space.as_deref(), Some("7"));
    let e = error(&edited(|s| space(s, json!("G"))["next"] = json!([1])));
    assert_eq!(e.space.as_deref(), Some("G"));
}

#[test]
fn board_file_springs_on_a_path_are_bounded() {
    let e = error(&edited(|s| {
        for id in [1, 3, 7, 12, 14, 17, 20, 28, 29, 32] {
            space(s, json!(id))["kind"] = json!("spring");
        }
    }));
    assert!(e.message.contains("springs"), "{e}");
    assert!(e.space.is_some());
}

#[test]
fn custom_board_through_params_and_its_errors_as_params_errors() {
    let text = include_str!("../data/small_board.json");
    let g = ChinaMoon::new(&Params {
        players: 3,
        board: Some(text.to_string()),
        ..Params::default()
    })
    .unwrap();
    assert_eq!(g.board().name(), "small test board");
    assert!(g.board().reference().starts_with("b:"));
    assert_eq!(g.params().board.as_deref(), Some(text));
    // Ids need not be in track order: 40 lies between 3 and 7.
    let b = g.board();
    let i40 = b.index_of(SpaceId::Track(40)).unwrap();
    assert!(b.index_of(SpaceId::Track(3)).unwrap() < i40);
    assert!(i40 < b.index_of(SpaceId::Track(7)).unwrap());
    let bad = edited(|s| space(s, json!(12))["kind"] = json!("lily"));
    let err = ChinaMoon::new(&Params {
        players: 3,
        board: Some(bad),
        ..Params::default()
    })
    .unwrap_err();
    assert_eq!(err.name, "board");
    assert!(err.message.contains("space 12"), "{err}");
}

#[test]
fn r16_a_lotus_space_after_the_black_lotus_is_refused_naming_both() {
    // Swap the kinds of the black lotus (38) and the lotus 36 before it: 38 is then an
    // ordinary lotus after the black lotus on 36 (36 -> 37 -> 38).
    let e = error(&edited(|s| {
        space(s, json!(36))["kind"] = json!("black-lotus");
        space(s, json!(38))["kind"] = json!("lotus");
    }));
    assert_eq!(e.space.as_deref(), Some("38"), "{e}");
    assert!(e.message.contains("black-lotus space 36"), "{e}");
    assert!(e.message.contains("36 -> 37 -> 38"), "{e}");
    assert!(e.message.contains("R16"), "{e}");
    // Through a fork: the black lotus on 5 leaves every later lotus after it; the first by
    // number is named.
    let e = error(&edited(|s| {
        space(s, json!(5))["kind"] = json!("black-lotus");
        space(s, json!(38))["kind"] = json!("lotus");
    }));
    assert_eq!(e.space.as_deref(), Some("8"), "{e}");
    // As a parameter, the error is a params error naming the board.
    let p = Params {
        board: Some(edited(|s| {
            space(s, json!(36))["kind"] = json!("black-lotus");
            space(s, json!(38))["kind"] = json!("lotus");
        })),
        ..Params::default()
    };
    let e = ChinaMoon::new(&p).unwrap_err();
    assert_eq!(e.name, "board");
    assert!(e.to_string().contains("after the black-lotus space"), "{e}");
}

#[test]
fn r16_the_built_in_boards_keep_the_black_lotus_last() {
    assert!(Board::from_json(STANDARD_BOARD_JSON).is_ok());
    let small = include_str!("../data/small_board.json");
    assert!(Board::from_json(small).is_ok());
    // A lotus on the other branch of a fork, not after the black lotus, is fine.
    let moved = edited(|s| {
        space(s, json!(36))["kind"] = json!("plain");
        space(s, json!(3))["kind"] = json!("lotus");
    });
    assert!(Board::from_json(&moved).is_ok());
}
