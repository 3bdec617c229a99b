//! Position and action notation: round trips in every phase, and every malformed input
//! refused with an error naming its field.

use crate::common;

use common::{params, pos};
use tabula_core::{Actor, Notation, Seat};
use tabula_magical_circle::{Action, MagicalCircle, Params};

const TAIL: &str = "excluded=- voted=- first=1 discard=- under=-";

fn race(extra: &str) -> String {
    format!("arr=FWEALD phase=race revealed=WFEALD,FLEAWD,DFWEAL seats=1234:-:-/1234:-:- {extra}")
}

#[test]
fn notation_round_trips_in_every_phase() {
    let p2 = params(2);
    let small = Params {
        deck_step: 120,
        target: Some(2),
        ..params(2)
    };
    let cases: Vec<(&Params, String)> = vec![
        (
            &p2,
            format!("arr=- phase=setup revealed=- seats=1234:-:-/1234:-:- {TAIL}"),
        ),
        (
            &p2,
            format!("arr=DLAEWF phase=reveal revealed=FWEALD seats=1234:-:-/1234:-:- {TAIL}"),
        ),
        (&p2, race(TAIL)),
        (
            &p2,
            race("excluded=- voted=2 first=2 discard=FWDAEL under=-"),
        ),
        (
            &p2,
            "arr=FWEALD phase=play active=2 revealed=WFEALD,FLEAWD,DFWEAL \
             seats=1234:-:-/34:12:FWDAEL excluded=1 voted=- first=1 discard=- under=-"
                .into(),
        ),
        (
            &p2,
            "arr=FWEALD phase=swap active=1 play=12 done=1 last=25 \
             revealed=WFEALD,FLEAWD,DFWEAL seats=34:-:FELDWA,FWDAEL/1234:-:- excluded=- \
             voted=- first=2 discard=- under=-"
                .into(),
        ),
        (
            &p2,
            "arr=WFEALD phase=won revealed=- seats=1234:-:-/234:1:FWDAEL,FELDWA,FALWED,FLEAWD,\
             FDWLEA excluded=- voted=- first=2 discard=- under=-"
                .into(),
        ),
        (
            &small,
            "arr=FWEALD phase=reveal revealed=FWEALD seats=1234:-:-/1234:-:- excluded=- \
             voted=- first=1 discard=- under=WFEALD,EFWALD,AFWELD"
                .into(),
        ),
    ];
    for (p, text) in cases {
        let g = pos(p, &text);
        assert_eq!(g.to_notation(), text);
        assert_eq!(
            MagicalCircle::from_notation(p, &g.to_notation()).unwrap(),
            g
        );
    }
    // Fields may come in any order and separated by several spaces.
    let shuffled = "under=- discard=-  first=1 voted=- excluded=- \
                    seats=1234:-:-/1234:-:- revealed=WFEALD,FLEAWD,DFWEAL phase=race arr=FWEALD";
    assert_eq!(pos(&p2, shuffled).to_notation(), race(TAIL));
}

#[test]
fn malformed_positions_name_their_field() {
    let p = params(2);
    let base = race(TAIL);
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "position"),
        (base.replace("arr=FWEALD", "arr=FWEAL"), "arr"),
        (base.replace("arr=FWEALD", "arr=-"), "arr"),
        (base.replace("phase=race", "phase=dance"), "phase"),
        (base.replace(" phase=race", ""), "phase"),
        (
            base.replace("revealed=WFEALD,", "revealed=WFEALD,FWEALD,"),
            "revealed",
        ),
        (base.replace("WFEALD,", "WFAELD,"), "revealed"),
        (base.replace("WFEALD,", "FLEAWD,"), "revealed"),
        (base.replace("revealed=WFEALD,", "revealed="), "revealed"),
        (base.replace("1234:-:-/1234:-:-", "1234:-:-"), "seats"),
        (
            base.replace("1234:-:-/1234:-:-", "1234:-/1234:-:-"),
            "seats",
        ),
        (
            base.replace("1234:-:-/1234:-:-", "1235:-:-/1234:-:-"),
            "seats",
        ),
        (
            base.replace("1234:-:-/1234:-:-", "123:-:-/1234:-:-"),
            "seats",
        ),
        (
            base.replace("1234:-:-/1234:-:-", "4:123:-/1234:-:-"),
            "seats",
        ),
        (
            base.replace("1234:-:-/1234:-:-", "1234:-:WFEALD/1234:-:-"),
            "seats",
        ),
        (
            base.replace(
                "1234:-:-/1234:-:-",
                "1234:-:-/1234:-:FWDAEL,FELDWA,FALWED,FLEAWD,FDWLEA",
            ),
            "seats",
        ),
        (base.replace("excluded=-", "excluded=3"), "excluded"),
        (base.replace("excluded=-", "excluded=11"), "excluded"),
        (base.replace("excluded=-", "excluded=12"), "excluded"),
        (base.replace("voted=-", "voted=12"), "voted"),
        (
            base.replace("excluded=- voted=-", "excluded=1 voted=1"),
            "voted",
        ),
        (base.replace("first=1", "first=0"), "first"),
        (base.replace("first=1", "first=x"), "first"),
        (base.replace("discard=-", "discard=WFEALD"), "discard"),
        (base.replace("discard=-", "discard=FWEALX"), "discard"),
        (base.replace("under=-", "under=FWDAEL"), "under"),
        (base.replace("under=-", "under=- under=-"), "under"),
        (format!("{base} colour=blue"), "colour"),
        (format!("{base} garbage"), "garbage"),
        (format!("{base} active=1"), "active"),
        (base.replace("phase=race", "phase=play"), "active"),
        (base.replace("phase=race", "phase=play active=3"), "active"),
        (
            base.replace("phase=race", "phase=play active=1")
                .replace("excluded=-", "excluded=1"),
            "active",
        ),
        (
            base.replace("phase=race", "phase=swap active=1 play=1 done=0 last=-"),
            "seats",
        ),
        (
            base.replace("phase=race", "phase=swap active=1 play=1 done=1 last=12")
                .replace("seats=1234", "seats=234"),
            "done",
        ),
        (
            base.replace("phase=race", "phase=swap active=1 play=12 done=1 last=-")
                .replace("seats=1234", "seats=34"),
            "last",
        ),
        (
            base.replace("phase=race", "phase=swap active=1 play=12 done=1 last=77")
                .replace("seats=1234", "seats=34"),
            "last",
        ),
        (
            base.replace("phase=race", "phase=swap active=1 play=123 done=1 last=12")
                .replace("seats=1234", "seats=4"),
            "play",
        ),
        (
            base.replace("phase=race", "phase=swap active=1 play=12 done=x last=12")
                .replace("seats=1234", "seats=34"),
            "done",
        ),
        (base.replace("phase=race", "phase=won"), "seats"),
        (base.replace("phase=race", "phase=reveal"), "revealed"),
        (base.replace("phase=race", "phase=setup"), "arr"),
    ];
    for (text, field) in cases {
        match MagicalCircle::from_notation(&p, &text) {
            Ok(_) => panic!("accepted: {text}"),
            Err(e) => assert_eq!(e.field, field, "{e} for {text}"),
        }
    }
    let bad_params = Params {
        deck_step: 0,
        ..params(2)
    };
    assert_eq!(
        MagicalCircle::from_notation(&bad_params, &base)
            .unwrap_err()
            .field,
        "params"
    );
    // The player count comes from the position itself.
    let six_seats = base.replace("seats=", "seats=1234:-:-/1234:-:-/1234:-:-/1234:-:-/");
    assert_eq!(
        MagicalCircle::from_notation(&params(2), &six_seats)
            .unwrap_err()
            .field,
        "seats"
    );
}

#[test]
fn too_few_cards_to_reveal_is_refused() {
    let small = Params {
        deck_step: 120,
        target: Some(2),
        ..params(2)
    };
    let text = "arr=FWEALD phase=reveal revealed=FWEALD seats=1234:-:-/1234:-:WFEALD \
                excluded=- voted=- first=1 discard=EFWALD,AFWELD,LFWEAD under=-";
    // Only DFWEAL is left but two cards must still be revealed.
    let err = MagicalCircle::from_notation(&small, text).unwrap_err();
    assert_eq!(err.field, "under", "{err}");
    assert!(err.message.contains("too few"), "{err}");
    // Cards under the pile while the discard pile is not empty: no reshuffle made that.
    let text = "arr=FWEALD phase=reveal revealed=FWEALD seats=1234:-:-/1234:-:- \
                excluded=- voted=- first=1 discard=EFWALD under=AFWELD,LFWEAD";
    let err = MagicalCircle::from_notation(&small, text).unwrap_err();
    assert_eq!(err.field, "under", "{err}");
}

#[test]
fn actions_round_trip_and_bad_actions_say_why() {
    let g = pos(&params(2), &race(TAIL));
    let s1 = Actor::Seat(Seat(0));
    for text in [
        "claim",
        "vote",
        "play:12",
        "play:4",
        "swap:25",
        "timeout",
        "setup:DLAEWF",
        "reveal:FWDAEL",
    ] {
        let a = g.parse_action(s1, text).unwrap();
        assert_eq!(g.format_action(a), text);
    }
    assert_eq!(
        g.parse_action(s1, " claim ").unwrap(),
        Action::Claim(Seat(0))
    );
    for (text, needle) in [
        ("dance", "unknown action"),
        ("claim:2", "takes no argument"),
        ("play:", "needs an argument"),
        ("play", "needs an argument"),
        ("play:-", "at least one"),
        ("play:0", "not a swap-card value"),
        ("play:11", "twice"),
        ("swap:1", "two places"),
        ("swap:17", "not on the circle"),
        ("swap:33", "two different places"),
        ("reveal:FWEADL", "not a card of the deck"),
        ("setup:FWEAL", "arrangement"),
    ] {
        let err = g.parse_action(s1, text).unwrap_err();
        assert!(err.to_string().contains(needle), "{text}: {err}");
        assert!(err.to_string().contains(text.trim()), "{err}");
    }
    let err = g.parse_action(Actor::Host, "claim").unwrap_err();
    assert!(err.message.contains("made by a seat"), "{err}");
    assert!(g.parse_action(Actor::Chance, "vote").is_err());
}

#[test]
fn zobrist_hashes_equal_positions_alike_and_distinguishes_others() {
    use tabula_core::Zobrist;
    let a = pos(&params(2), &race(TAIL));
    let b = pos(&params(2), &race(TAIL));
    assert_eq!(a.zobrist(), b.zobrist());
    let c = pos(
        &params(2),
        &race("excluded=- voted=2 first=1 discard=- under=-"),
    );
    let d = pos(
        &params(2),
        &race("excluded=- voted=- first=2 discard=- under=-"),
    );
    let e = pos(&params(2), &race(TAIL).replace("arr=FWEALD", "arr=WFEALD"));
    let hashes = [a.zobrist(), c.zobrist(), d.zobrist(), e.zobrist()];
    for i in 0..4 {
        for j in i + 1..4 {
            assert_ne!(hashes[i], hashes[j]);
        }
    }
}

#[test]
fn the_documented_example_position_reads() {
    let text = "arr=FWEALD phase=swap active=2 play=12 done=1 last=25 \
                revealed=WFEALD,FLEAWD,DFWEAL seats=1234:-:-/34:-:FWDAEL excluded=- voted=- \
                first=1 discard=FELDWA under=-";
    let g = pos(&params(2), text);
    assert_eq!(g.to_notation(), text);
    assert_eq!(g.k(), 3);
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Mutated positions never panic: they read or are refused with a field.
        #[test]
        fn mutated_positions_never_panic(cut in 0usize..200, len in 0usize..6, insert in "[-=,:/0-9A-Za-z ]{0,6}") {
            let base = "arr=FWEALD phase=swap active=2 play=12 done=1 last=25 \
                revealed=WFEALD,FLEAWD,DFWEAL seats=1234:-:-/34:-:FWDAEL excluded=- voted=- \
                first=1 discard=FELDWA under=-";
            let start = cut.min(base.len());
            let end = (start + len).min(base.len());
            let text = format!("{}{}{}", &base[..start], insert, &base[end..]);
            match MagicalCircle::from_notation(&params(2), &text) {
                Ok(g) => prop_assert_eq!(MagicalCircle::from_notation(&params(2), &g.to_notation()).unwrap(), g),
                Err(e) => prop_assert!(!e.field.is_empty()),
            }
        }

        /// Any action text by any actor never panics, and a refused one changes nothing.
        #[test]
        fn any_action_text_never_panics(text in "[a-z:0-9A-Z]{0,12}", who in 0usize..4) {
            let mut g = pos(&params(2), &race(TAIL));
            let before = g.clone();
            let actor = match who {
                0 => Actor::Host,
                1 => Actor::Chance,
                n => Actor::Seat(Seat(n as u8 - 2)),
            };
            if g.apply_notation(actor, &text).is_err() {
                prop_assert_eq!(g, before);
            }
        }
    }
}
