//! The view (JSON for UIs), the text board, and the search helpers (Zobrist hash, heuristic).

use crate::common;
use common::*;
use std::collections::HashMap;
use tabula_china_moon::{ChinaMoon, Params};
use tabula_core::{
    Game, Heuristic, Notation, Presentation, Seat, Zobrist, rng_from_seed, step_random,
};

#[test]
fn view_holds_board_frogs_flowers_hands_and_the_pending_decision() {
    let mut g =
        game("std S,S,S/4,S,S/S,S,S 5p,15w,21y,24p,27y,31p,34w,36w,38k pw/yy/- ypwu - 1 - -");
    play(&mut g, 1, "2@4>5>6");
    let v = serde_json::to_value(g.view(None)).unwrap();
    assert_eq!(v["players"], 3);
    assert_eq!(v["board"]["reference"], "std");
    assert_eq!(v["board"]["standard"], true);
    let spaces = v["board"]["spaces"].as_array().unwrap();
    assert_eq!(spaces.len(), 41);
    let ten = spaces.iter().find(|s| s["id"] == "10").unwrap();
    assert_eq!(ten["next"], serde_json::json!(["11", "14"]));
    assert_eq!(ten["back"], "9");
    assert_eq!(ten["kind"], "plain");
    assert!(ten["x"].is_number() && ten["y"].is_number());
    assert_eq!(v["frogs"][1], serde_json::json!(["S", "S", "6"]));
    assert_eq!(v["hands"][0]["flowers"], "pw");
    assert_eq!(v["hands"][1]["score"], 3);
    assert_eq!(v["goal_spots"][3], "blue");
    assert_eq!(v["phase"], "play");
    assert_eq!(v["mover"], 1);
    assert_eq!(v["to_act"], 2, "the owner decides");
    assert_eq!(v["moved"][0]["space"], "6");
    assert_eq!(v["moves_left"], 2);
    assert_eq!(v["pending"]["kind"], "exchange");
    assert_eq!(v["pending"]["owner"], 2);
    assert_eq!(v["flowers"][0]["space"], "5");
    assert_eq!(v["flowers"][0]["flower"], "pink");
    assert!(v["outcome"].is_null());
    // Nothing is hidden: every seat sees the same.
    let seat2 = serde_json::to_value(g.view(Some(Seat(1)))).unwrap();
    assert_eq!(seat2, v);
}

#[test]
fn view_at_the_end_gives_ranks_scores_and_winners() {
    let g = game(
        "std S,G,G/S,G,G/S,S,S 2y,5p,8y,11w,15w,18p,24p,31p,34w,36w,38k yu/yypw/- ---- - 1 - -",
    );
    let v = serde_json::to_value(g.view(None)).unwrap();
    assert_eq!(v["phase"], "over");
    assert_eq!(v["outcome"]["winners"], serde_json::json!([1, 2]));
    assert_eq!(v["outcome"]["scores"], serde_json::json!([5, 5, 0]));
    assert!(v["to_act"].is_null());
}

#[test]
fn board_text_shows_track_frogs_flowers_hands_scores_and_decision() {
    let mut g =
        game("std S,S,S/7,S,S/S,S,S 5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,38k -/yw/- pwyu - 1 - -");
    play(&mut g, 1, "2@7>8>9");
    let text = g.board_text();
    assert!(text.contains("9b"), "butterfly 9 drawn: {text}");
    assert!(text.contains("[2]"), "seat 2's frog: {text}");
    assert!(text.contains("(y)"), "a yellow flower: {text}");
    assert!(
        text.contains("Forks: 10 -> 11 | 14   25 -> 26 | 29"),
        "{text}"
    );
    assert!(text.contains("Goal spots: 1:p 2:w 3:y 4:u"), "{text}");
    assert!(
        text.contains(" 2    S,S,9        yw                   2"),
        "{text}"
    );
    assert!(
        text.contains("Waiting for seat 2: the butterfly on 9 drops a flower onto 7"),
        "{text}"
    );
    assert!(text.contains("moved: 2@9"), "{text}");
    assert!(
        text.lines().all(|l| !l.contains('\u{1b}')),
        "no colour codes"
    );
}

#[test]
fn board_text_lists_a_board_without_a_grid() {
    let params = Params {
        players: 3,
        board: Some(include_str!("../data/small_board.json").to_string()),
        ..Params::default()
    };
    let g = ChinaMoon::new_random(&params, &mut rng_from_seed(1)).unwrap();
    let text = g.board_text();
    assert!(text.contains("  40b"), "{text}");
    assert!(text.contains("-> 4 | 40"), "{text}");
}

#[test]
fn zobrist_equal_positions_hash_equal_and_others_differ() {
    let mut seen: HashMap<u64, String> = HashMap::new();
    for seed in 0..6 {
        let params = Params::players(3 + (seed % 3) as usize);
        let mut rng = rng_from_seed(seed);
        let mut g = ChinaMoon::new(&params).unwrap();
        let (mut a, mut c) = (Vec::new(), Vec::new());
        loop {
            let text = g.to_notation();
            let back = ChinaMoon::from_notation(&params, &text).unwrap();
            assert_eq!(back.zobrist(), g.zobrist(), "{text}");
            if let Some(other) = seen.insert(g.zobrist(), text.clone()) {
                assert_eq!(other, text, "hash collision");
            }
            if !step_random(&mut g, &mut rng, &mut a, &mut c) {
                break;
            }
        }
    }
    assert!(seen.len() > 300);
}

#[test]
fn heuristic_stays_in_range_and_knows_the_winner() {
    let mut g = ChinaMoon::new_random(&Params::players(4), &mut rng_from_seed(9)).unwrap();
    let (mut a, mut c) = (Vec::new(), Vec::new());
    let mut rng = rng_from_seed(10);
    while step_random(&mut g, &mut rng, &mut a, &mut c) {
        for s in Seat::all(4) {
            let v = g.evaluate(s);
            assert!((-1.0..=1.0).contains(&v), "{v}");
        }
    }
    let outcome = g.outcome().unwrap();
    for s in Seat::all(4) {
        let expected = if outcome.rank(s) == 1 {
            outcome.winners().count() == 1
        } else {
            false
        };
        assert_eq!(g.evaluate(s) == 1.0, expected);
    }
    // A seat far ahead in flowers is rated above the others.
    let h = game(
        "std S,S,S/S,S,S/S,S,S 2y,5p,8y,11w,18p,21y,24p,27y,31p,34w,36w,38k w/-/- ypwu - 1 - -",
    );
    assert!(h.evaluate(Seat(0)) > 0.0 && h.evaluate(Seat(1)) < 0.0);
}

#[test]
fn seats_are_named_by_their_frogs_colour() {
    let g = tabula_china_moon::ChinaMoon::new(&tabula_china_moon::Params::players(3)).unwrap();
    use tabula_core::Game;
    assert_eq!(g.seat_name(tabula_core::Seat(0)), "Red");
    assert_eq!(g.seat_name(tabula_core::Seat(2)), "Yellow");
    assert_eq!(g.seat_name(tabula_core::Seat(3)), "Seat 4");
}
