//! The position notation (round trips; every malformed field named in the error) and the
//! action notation exactly as the rules file writes it.

use crate::common;
use common::*;
use tabula_china_moon::{Action, ChinaMoon, Flower, Params};
use tabula_core::{Actor, Game, Notation, Seat, rng_from_seed, step_random};

const START3: &str =
    "std S,S,S/S,S,S/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k -/-/- ypwu - 1 - -";

#[test]
fn position_notation_round_trips_through_whole_games() {
    for (seed, players) in [(1, 3), (2, 4), (3, 5)] {
        let params = Params::players(players);
        let mut rng = rng_from_seed(seed);
        let mut g = ChinaMoon::new(&params).unwrap();
        let (mut actions, mut chances) = (Vec::new(), Vec::new());
        loop {
            let text = g.to_notation();
            let back = ChinaMoon::from_notation(&params, &text).unwrap();
            assert_eq!(back.to_notation(), text);
            assert_eq!(back.to_act(), g.to_act());
            if !step_random(&mut g, &mut rng, &mut actions, &mut chances) {
                break;
            }
        }
        assert!(g.is_over());
    }
}

#[test]
fn position_notation_covers_a_pending_decision_and_the_turn_progress() {
    let text =
        "std 5,9,15/S,3,16/S,S,S 8y,11w,18p,21y,24p,27y,31p,34w,36w,38k w/yp/- ypwu - 2 2@16 x2@16";
    let g = game(text);
    assert_eq!(g.to_notation(), text);
    assert_eq!(g.moves_made(), 1);
    assert_eq!(g.mover(), Seat(1));
}

fn position_error(text: &str) -> (String, String) {
    let players = players_of(text).max(3);
    let e = ChinaMoon::from_notation(&Params::players(players), text)
        .expect_err("the position should be refused");
    (e.field, e.message)
}

#[test]
fn malformed_positions_name_the_faulty_field() {
    let cases: &[(&str, &str)] = &[
        ("std S,S,S/S,S,S/S,S,S", "position"),
        (&START3.replace("std", "b:12345678"), "board"),
        (
            &START3.replace("S,S,S/S,S,S/S,S,S", "S,S,S/S,S/S,S,S"),
            "frogs",
        ),
        (
            &START3.replace("S,S,S/S,S,S/S,S,S", "S,S,S/S,S,S/S,S,99"),
            "frogs",
        ),
        (
            &START3.replace("S,S,S/S,S,S/S,S,S", "S,S,1/S,S,S/S,S,1"),
            "frogs",
        ),
        (
            &START3.replace("S,S,S/S,S,S/S,S,S", "S,S,2/S,S,S/S,S,S"),
            "flowers",
        ),
        (&START3.replace("2y,", "2q,"), "flowers"),
        (&START3.replace("2y,", "Gy,"), "flowers"),
        (&START3.replace("2y,", "2y,2p,"), "flowers"),
        (&START3.replace("2y,", ""), "flowers"),
        (&START3.replace("-/-/-", "-/-"), "hands"),
        (&START3.replace("-/-/-", "-/z/-"), "hands"),
        (&START3.replace("ypwu", "ypw"), "spots"),
        (&START3.replace("ypwu", "yywu"), "spots"),
        (&START3.replace("ypwu", "ypwk"), "spots"),
        (&START3.replace("ypwu -", "ypwu q"), "out"),
        (&START3.replace("ypwu - 1", "ypwu - 4"), "turn"),
        (&START3.replace("ypwu - 1", "ypwu - one"), "turn"),
        (&START3.replace("1 - -", "1 2@5 -"), "moved"),
        (&START3.replace("1 - -", "1 1@S -"), "moved"),
        (&START3.replace("1 - -", "1 - x1@6"), "ask"),
        (&START3.replace("1 - -", "1 - q1@6"), "ask"),
    ];
    for (text, field) in cases {
        let (got, message) = position_error(text);
        assert_eq!(&got, field, "`{text}`: {message}");
        assert!(!message.is_empty());
    }
}

#[test]
fn malformed_turn_progress_and_decisions_are_refused() {
    // Three frogs moved without a decision pending: the turn would have passed.
    let t = "std 5,9,15/S,3,16/S,S,S 8y,11w,18p,21y,24p,27y,31p,34w,36w,38k w/yp/- ypwu - 2 1@5,2@3,2@16 -";
    assert_eq!(position_error(t).0, "moved");
    // A decision with one possible answer is never asked (R8).
    let t = "std 5,9,15/S,3,16/S,S,S 7p,8y,11w,18p,21y,24p,27y,31p,34w,36w,38k w/y/- ypwu - 2 2@16 x2@16";
    assert_eq!(position_error(t).0, "ask");
    // Blue stays on spot 4 until the game ends.
    let t =
        "std S,S,S/S,S,S/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k u/-/- ypw- - 1 - -";
    assert_eq!(position_error(t).0, "spots");
    // Setup fills its places in order.
    let t = "std S,S,S/S,S,S/S,S,S 5y,38k -/-/- ---u - setup - -";
    let (field, message) = position_error(t);
    assert_eq!(field, "flowers");
    assert!(
        message.contains("space 5 is filled before goal spot 1"),
        "{message}"
    );
    // The position's frogs field sets the player count, whatever the parameters say.
    let read = ChinaMoon::from_notation(&Params::players(4), START3).expect("3-player position");
    assert_eq!(read.num_seats(), 3);
    let six = START3.replacen("S,S,S/", "S,S,S/S,S,S/S,S,S/S,S,S/", 1);
    let e = ChinaMoon::from_notation(&Params::players(4), &six).unwrap_err();
    assert_eq!(e.field, "frogs");
}

#[test]
fn rules_action_examples_read_and_print_back() {
    let g = game(START3);
    for text in [
        "2@10>14>15",
        "1@S>1>2",
        "3@37>39>G",
        "x3:p/u",
        "drop:y",
        "G1=p",
        "12=y",
    ] {
        let a = g.parse_action(seat(1), text).unwrap();
        assert_eq!(g.format_action(a), text);
    }
    let a = g.parse_action(seat(1), "x3:p/u").unwrap();
    assert_eq!(
        a,
        Action::Exchange {
            with: Seat(2),
            give: Flower::Pink,
            take: Flower::Blue
        }
    );
    let Action::Move(mv) = g.parse_action(seat(1), "1@2>3>4>12>13>17>18").unwrap() else {
        panic!("a move");
    };
    assert_eq!(
        mv.landings().len(),
        6,
        "spring hops are listed in the one action"
    );
}

#[test]
fn malformed_actions_name_what_is_wrong() {
    let g = game(START3);
    for (text, needle) in [
        ("1@S>1>99", "`99`"),
        ("4@S>1>2", "`4`"),
        ("1@Q>1", "`Q`"),
        ("x3:p", "x<seat>"),
        ("x3:p/q", "`q`"),
        ("drop:yy", "`yy`"),
        ("G4=p", "`G4`"),
        ("hop", "not an action"),
        ("1@S", "landings"),
    ] {
        let e = g.parse_action(seat(1), text).expect_err(text);
        assert!(e.to_string().contains(needle), "`{text}`: {e}");
        assert_eq!(e.text, text);
    }
    // Well formed but illegal: refused with a reason, state unchanged.
    let err = refusal(&g, 2, "2@S>1>2");
    assert_eq!(err, tabula_core::ActionError::NotYourTurn(Seat(1)));
    let mut copy = g.clone();
    assert!(copy.apply_notation(Actor::Host, "1@S>1>2").is_err());
    assert_eq!(copy.to_notation(), START3);
}
