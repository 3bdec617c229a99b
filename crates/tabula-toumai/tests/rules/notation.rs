//! Position and action notation: round trips, every malformed input refused with an error
//! naming its field, no input panicking (fuzzed), parameters, the view, the text board, the
//! position hash and the evaluation.

use crate::common;

use common::*;
use proptest::prelude::*;
use std::collections::HashMap;
use tabula_core::{
    Actor, Game, Heuristic, Notation, Presentation, Seat, Zobrist, rng_from_seed, step_random,
};
use tabula_toumai::{Params, Toumai, parse_action};

#[test]
fn positions_round_trip() {
    for text in [
        START2,
        START3,
        COMPLETE,
        FEW,
        FULL3,
        NO_ROOM,
        "-/-/-/-/-/-/-/-/- YRB Y 000 -",
    ] {
        assert_eq!(pos(text).to_notation(), text);
    }
    // Positions along random games round-trip too (the harness checks every step).
    let mut rng = rng_from_seed(3);
    let mut g = Toumai::new(&Params::default()).unwrap();
    let (mut a, mut c) = (Vec::new(), Vec::new());
    while step_random(&mut g, &mut rng, &mut a, &mut c) {
        assert_eq!(pos(&g.to_notation()).to_notation(), g.to_notation());
    }
}

#[test]
fn malformed_positions_name_their_field() {
    let cases: &[(&str, &str)] = &[
        ("", "position"),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00",
            "position",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN  YR Y 00 -",
            "position",
        ),
        ("Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN YR Y 00 -", "lines"),
        (
            "X1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 -",
            "line a",
        ),
        (
            "Y1YM/R2Y7/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 -",
            "line b",
        ),
        (
            "Y1YM/R2Y2/BNB1/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 -",
            "line c",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1RN/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 -",
            "line d",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3B/RMY1/BNR3/Y2BN/R1BN YR Y 00 -",
            "line e",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN//BNR3/Y2BN/R1BN YR Y 00 -",
            "line f",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3BNBN/Y2/R1 YR Y 00 -",
            "line g",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BNY1R1BNY2R2/- YR Y 00 -",
            "line h",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BNY1 YR Y 00 -",
            "lines",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1 YR Y 00 -",
            "lines",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/Y1BN YR Y 00 -",
            "lines",
        ),
        (
            "Y1RM/R1Y2/B1BM/Y2R2/R2B2/B2YM/Y3B1/R3R1/B3Y1 YR Y 00 -",
            "line c",
        ),
        (
            "Y1RM/R1Y2/BNBN/Y2R2/R2BN/BNYM/Y3BN/R3R1/BNY1 YRB Y 000 -",
            "line c",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN RY Y 00 -",
            "seats",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YRR Y 00 -",
            "seats",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN Y Y 00 -",
            "seats",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YX Y 00 -",
            "seats",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR B 00 -",
            "to-move",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR YR 00 -",
            "to-move",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR y 00 -",
            "to-move",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 0 -",
            "wands",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 04 -",
            "wands",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 33 -",
            "wands",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 000 -",
            "wands",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 RY",
            "last-swap",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 B",
            "last-swap",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 YY",
            "last-swap",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 x",
            "last-swap",
        ),
        (
            "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 --",
            "last-swap",
        ),
    ];
    for (text, field) in cases {
        match Toumai::from_notation(&Params::default(), text) {
            Ok(g) => panic!("`{text}` was accepted as `{}`", g.to_notation()),
            Err(e) => assert_eq!(&e.field, field, "`{text}`: {e}"),
        }
    }
}

#[test]
fn the_position_decides_the_players_and_params_the_ply_limit() {
    let three = Params {
        players: 3,
        max_plies: Some(5),
        ..Params::default()
    };
    let g = pos_with(&three, START2);
    assert_eq!(g.num_seats(), 2);
    assert_eq!(g.params().max_plies, Some(5));
    assert_eq!(g.params().colours.as_deref(), Some("YR"));
    assert_eq!(pos(START3).num_seats(), 3);
}

#[test]
fn actions_round_trip_and_malformed_actions_are_refused() {
    for text in ["c:2>g", "c:2>g/d,f", "c4=h2", "pass", "M@c", "2@e"] {
        assert_eq!(parse_action(text).unwrap().to_string(), text);
    }
    for text in [
        "", "c:7>g", "c:2>g/", "c:2>g/d", "j4=h2", "c0=h2", "c4=h", "X@c", "M@j", "c2g",
    ] {
        let e = parse_action(text).unwrap_err();
        assert_eq!(e.text, text);
        assert!(!e.message.is_empty());
    }
}

#[test]
fn out_of_turn_actions_are_refused() {
    let g = pos(START2);
    let a = g.parse_action(Actor::Seat(Seat(1)), "d:1>f").unwrap();
    assert_eq!(
        g.validate(Actor::Seat(Seat(1)), a),
        Err(tabula_core::ActionError::NotYourTurn(Seat(1)))
    );
    assert!(g.validate(Actor::Chance, a).is_err());
    assert!(g.validate(Actor::Host, a).is_err());
    let mut out = Vec::new();
    g.legal_actions_for(Actor::Seat(Seat(1)), &mut out);
    assert!(out.is_empty());
}

#[test]
fn bad_params_are_refused_with_their_name() {
    let bad = |p: Params| Toumai::new(&p).unwrap_err().name;
    let p = |players, colours: Option<&str>, max_plies| Params {
        players,
        colours: colours.map(str::to_string),
        max_plies,
        ..Params::default()
    };
    assert_eq!(bad(p(1, None, None)), "players");
    assert_eq!(bad(p(4, None, None)), "players");
    assert_eq!(bad(p(2, Some("YRB"), None)), "colours");
    assert_eq!(bad(p(2, Some("YY"), None)), "colours");
    assert_eq!(bad(p(2, Some("YG"), None)), "colours");
    assert_eq!(bad(p(3, Some("YR"), None)), "colours");
    assert_eq!(bad(p(2, None, Some(0))), "max_plies");
    assert!(Toumai::new(&p(3, Some("BRY"), Some(10))).is_ok());
    let json: Result<Params, _> = serde_json::from_str(r#"{"players": 2, "colour": "YR"}"#);
    assert!(json.is_err(), "unknown fields are refused");
    let json: Params = serde_json::from_str(r#"{"players": 3}"#).unwrap();
    assert_eq!(json.max_plies, None);
}

#[test]
fn view_holds_everything_a_ui_draws() {
    let g = pos(COMPLETE);
    let v = serde_json::to_value(g.view(None)).unwrap();
    assert_eq!(v["position"], COMPLETE);
    assert_eq!(v["phase"], "play");
    assert_eq!(v["lines"].as_array().unwrap().len(), 9);
    assert_eq!(v["lines"][1]["name"], "b");
    assert_eq!(v["lines"][1]["pawns"][0]["code"], "BN");
    assert_eq!(v["lines"][1]["pawns"][0]["neutral"], true);
    assert_eq!(v["lines"][1]["pawns"][0]["kind"], serde_json::Value::Null);
    assert_eq!(v["lines"][1]["pawns"][1]["kind"], "M");
    assert_eq!(v["lines"][1]["pawns"][1]["top"], true);
    assert_eq!(v["seats"][0]["wands"], 1);
    assert_eq!(v["seats"][1]["colour"], "R");
    assert_eq!(v["neutral"], "B");
    assert_eq!(v["to_move"], "Y");
    assert_eq!(v["outcome"], serde_json::Value::Null);
    // Nothing is hidden: every seat and spectators see the same.
    assert_eq!(g.view(Some(Seat(1))), g.view(None));
    let won = pos("R1Y2R2BNBNYM/-/-/Y1BNY3/R3BN/-/RMY1R1BNY2/R2BN/- YR R 31 -");
    let v = serde_json::to_value(won.view(None)).unwrap();
    assert_eq!(v["outcome"]["reason"], "win");
    assert_eq!(v["outcome"]["winner"], 1);
    assert_eq!(v["to_move"], serde_json::Value::Null);
    let setup = serde_json::to_value(pos("Y1/R1/Y2/R2/Y3/-/-/-/- YR R 00 -").view(None)).unwrap();
    assert_eq!(setup["phase"], "placement_round1");
    assert_eq!(setup["seats"][1]["in_hand"].as_array().unwrap().len(), 4);
}

#[test]
fn board_text_shows_every_pawn_and_the_status() {
    let g = pos(COMPLETE);
    let text = g.board_text();
    for code in ["R1", "Y2", "R2", "BN", "YM", "Y1", "Y3", "R3", "RM"] {
        assert!(text.contains(code), "{code} missing:\n{text}");
    }
    assert!(text.contains("[YM]"), "top pawns are marked:\n{text}");
    assert!(text.contains("Yellow Y (seat 1): 1 wand"), "{text}");
    assert!(text.contains("Yellow to move"), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("  ")).count(), 9);
}

#[test]
fn zobrist_hash_follows_the_position() {
    let mut rng = rng_from_seed(11);
    let mut g = Toumai::new_random(&Params::default(), &mut rng).unwrap();
    let (mut a, mut c) = (Vec::new(), Vec::new());
    let mut seen: HashMap<u64, String> = HashMap::new();
    loop {
        let text = g.to_notation();
        assert_eq!(g.zobrist(), pos(&text).zobrist());
        if let Some(other) = seen.insert(g.zobrist(), text.clone()) {
            assert_eq!(other, text, "two positions share a hash");
        }
        if !step_random(&mut g, &mut rng, &mut a, &mut c) {
            break;
        }
    }
    let y = pos(START2);
    let r = pos("Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR R 00 -");
    let swapped = pos("Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 Y");
    assert_ne!(y.zobrist(), r.zobrist());
    assert_ne!(y.zobrist(), swapped.zobrist());
}

#[test]
fn evaluation_prefers_wands_and_stays_in_range() {
    let g = pos("Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 20 -");
    assert!(g.evaluate(Seat(0)) > 0.5 && g.evaluate(Seat(1)) < -0.5);
    let won = pos("R1Y2R2BNBNYM/-/-/Y1BNY3/R3BN/-/RMY1R1BNY2/R2BN/- YR R 31 -");
    assert_eq!((won.evaluate(Seat(0)), won.evaluate(Seat(1))), (1.0, -1.0));
    let draw = pos("Y1R1BN/Y1R1BN/Y2R2BN/Y2R2BN/Y3R3BN/YMRMBN/-/-/- YR Y 00 -");
    assert_eq!(draw.evaluate(Seat(0)), 0.0);
    let e = pos(START3).evaluate(Seat(2));
    assert!(e > -1.0 && e < 1.0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn no_text_makes_the_position_reader_panic(text in "\\PC{0,80}") {
        let _ = Toumai::from_notation(&Params::default(), &text);
    }

    #[test]
    fn mangled_positions_are_refused_or_round_trip(
        base in prop::sample::select(vec![START2, START3, COMPLETE, FEW, NO_ROOM]),
        at in 0usize..70,
        with in prop::sample::select(vec!['Y', 'R', 'B', 'N', 'M', '1', '2', '3', '-', '/', ' ', 'x', '4']),
    ) {
        let mut chars: Vec<char> = base.chars().collect();
        let i = at % chars.len();
        chars[i] = with;
        let text: String = chars.into_iter().collect();
        if let Ok(g) = Toumai::from_notation(&Params::default(), &text) {
            prop_assert_eq!(g.to_notation(), text);
        }
    }

    #[test]
    fn no_action_text_panics_or_is_accepted_when_illegal(text in "[a-jM1-7:>/,=@ ]{0,10}") {
        let g = pos(START2);
        if let Ok(a) = g.parse_action(Actor::Seat(Seat(0)), &text) {
            let mut copy = g.clone();
            let ok = copy.try_apply(Actor::Seat(Seat(0)), a).is_ok();
            prop_assert_eq!(ok, legal(&g).contains(&g.format_action(a)));
        }
    }
}

/// Board coverage draws the squares where players see them, each named as the notation names
/// it: rows of six, `a1` first.
#[test]
fn the_board_layout_names_each_square_as_the_notation_does() {
    let game = Toumai::new(&Params::default()).unwrap();
    let layout = game.board_layout().unwrap();
    assert_eq!(Some(layout.len()), game.board_spaces());
    assert_eq!(layout[0], ("a1".to_string(), 0.0, 0.0));
    assert_eq!(layout[5], ("a6".to_string(), 5.0, 0.0));
    assert_eq!(layout[6], ("b1".to_string(), 0.0, 1.0));
    let mut places: Vec<(i64, i64)> = layout.iter().map(|l| (l.1 as i64, l.2 as i64)).collect();
    places.sort();
    places.dedup();
    assert_eq!(places.len(), layout.len());
}
