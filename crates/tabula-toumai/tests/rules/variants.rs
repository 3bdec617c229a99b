//! The rule variants against their rulings: `placement_round2 = "same"` (R1) and
//! `swap_lock = "any"` (R8). Each test builds a game where the two readings differ and checks
//! that the variant changes what is legal, and the harness runs under the variants.

use crate::common;

use common::*;
use tabula_core::testkit::Harness;
use tabula_core::{Game, Notation};
use tabula_toumai::{Params, Phase, Toumai};

fn variant(players: usize, placement_round2: &str, swap_lock: &str) -> Params {
    Params {
        players,
        placement_round2: placement_round2.into(),
        swap_lock: swap_lock.into(),
        ..Params::default()
    }
}

/// The colour letter of each placer, playing the first legal placement until play begins.
fn placers(params: &Params) -> String {
    let mut g = Toumai::new(params).unwrap();
    let mut order = String::new();
    while g.phase() != Phase::Play {
        order.push(g.to_move_colour().letter());
        let first = legal(&g)[0].clone();
        play(&mut g, &[&first]);
    }
    order
}

/// Round 1 of a 2-player setup done: 3 Yellow, 3 Red and 3 neutral pawns on first squares.
const ROUND1_DONE: &str = "Y1/Y1/Y2/R1/R1/R2/BN/BN/BN YR";
/// Three second squares filled by Yellow's remaining pawns.
const YELLOW_SECOND: &str = "Y1Y2/Y1Y3/Y2YM/R1/R1/R2/BN/BN/BN YR";

#[test]
fn r1_variant_same_order_places_round_two_in_turn_order() {
    assert_eq!(placers(&variant(2, "same", "own")), "YYYRRRYYYRRR");
    assert_eq!(placers(&variant(3, "same", "own")), "YYYRRRBBBYYYRRRBBB");
    // The ruling, for comparison.
    assert_eq!(placers(&variant(2, "reversed", "own")), "YYYRRRRRRYYY");
}

#[test]
fn r1_variant_same_order_reads_setup_positions_by_its_own_schedule() {
    let same = variant(2, "same", "own");
    let yellow_next = format!("{ROUND1_DONE} Y 00 -");
    let red_next = format!("{ROUND1_DONE} R 00 -");
    assert_eq!(pos_with(&same, &yellow_next).to_notation(), yellow_next);
    let e = Toumai::from_notation(&same, &red_next).unwrap_err();
    assert!(e.to_string().contains("Yellow's turn to place"), "{e}");
    // The ruling wants Red first.
    assert!(Toumai::from_notation(&params(), &yellow_next).is_err());
    assert_eq!(pos(&red_next).to_notation(), red_next);
    // Yellow's second squares filled first: Red places next under the variant only.
    let after_yellow = format!("{YELLOW_SECOND} R 00 -");
    assert_eq!(pos_with(&same, &after_yellow).to_notation(), after_yellow);
    let e = Toumai::from_notation(&params(), &after_yellow).unwrap_err();
    assert!(e.to_string().contains("reverse turn order"), "{e}");
}

#[test]
fn r8_variant_any_turn_forbids_a_swap_right_after_the_opponents_swap() {
    let any = variant(2, "reversed", "any");
    let mut g = pos_with(&any, START2);
    let mut ruling = pos(START2);
    play(&mut g, &["a2=b2"]);
    play(&mut ruling, &["a2=b2"]);
    // Red acts right after Yellow's swap.
    assert!(
        legal(&g).iter().all(|a| !a.contains('=')),
        "{:?}",
        legal(&g)
    );
    assert!(refusal(&g, "d2=d1").contains("previous turn was a swap"));
    assert!(legal(&ruling).iter().any(|a| a.contains('=')));
    // Red flies; Yellow swapped on its own previous turn, but the turn just before was a flight.
    play(&mut g, &["d:1>f"]);
    play(&mut ruling, &["d:1>f"]);
    assert!(legal(&g).iter().any(|a| a.contains('=')), "{:?}", legal(&g));
    assert!(allowed(&g, "a2=a1"));
    assert!(refusal(&ruling, "a2=a1").contains("R8"));
}

#[test]
fn r8_variant_any_turn_reads_the_previous_seat_from_a_position() {
    // Three players, Red to act, Yellow (the seat before) swapped: Red is locked under `any`.
    let any = variant(3, "reversed", "any");
    let text = "Y1RM/R1Y2/B1BM/Y2R2/R2B2/B2YM/Y3B1/R3R1/B3Y1 YRB R 000 Y";
    let g = pos_with(&any, text);
    assert!(legal(&g).iter().all(|a| !a.contains('=')));
    assert!(legal(&pos(text)).iter().any(|a| a.contains('=')));
    // Blue to act after Red's flight: Yellow's older swap does not lock Blue.
    let blue = "Y1RM/R1Y2/B1BM/Y2R2/R2B2/B2YM/Y3B1/R3R1/B3Y1 YRB B 000 Y";
    assert!(legal(&pos_with(&any, blue)).iter().any(|a| a.contains('=')));
}

#[test]
fn variant_parameters_round_trip_and_stay_out_of_positions() {
    let p = variant(2, "same", "any");
    let fields = |q: Params| (q.placement_round2, q.swap_lock);
    let expected = ("same".to_string(), "any".to_string());
    assert_eq!(fields(Toumai::new(&p).unwrap().params()), expected);
    let read = pos_with(&p, START2);
    assert_eq!(fields(read.params()), expected);
    assert_eq!(read.to_notation(), START2);
    let plain = Toumai::new(&Params::default()).unwrap().params();
    assert_eq!(fields(plain), ("reversed".into(), "own".into()));
    let json: Params = serde_json::from_str(r#"{"placement_round2":"same"}"#).unwrap();
    assert_eq!(json.swap_lock, "own");
}

#[test]
fn bad_variant_values_name_the_parameter_and_the_choices() {
    let e = Toumai::new(&variant(2, "backwards", "own")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad parameter placement_round2: `backwards` is not allowed: write `reversed` (the \
         default) or `same`"
    );
    let e = Toumai::new(&variant(2, "reversed", "mine")).unwrap_err();
    assert!(
        e.to_string().contains("swap_lock") && e.to_string().contains("`any`"),
        "{e}"
    );
    let e = Toumai::from_notation(&variant(2, "reversed", "mine"), START2).unwrap_err();
    assert!(e.to_string().contains("swap_lock"), "{e}");
}

#[test]
fn harness_under_the_variants() {
    for (i, players) in [2, 3].into_iter().enumerate() {
        for (j, random_setup) in [false, true].into_iter().enumerate() {
            let p = variant(players, "same", "any");
            let factory = move |rng: &mut tabula_core::GameRng| {
                if random_setup {
                    Toumai::new_random(&p, rng).expect("params")
                } else {
                    Toumai::new(&p).expect("params")
                }
            };
            let report = Harness::new(factory)
                .games(4)
                .seed(500 + 10 * i as u64 + j as u64)
                .max_steps(400)
                .indexed()
                .run();
            assert_eq!(report.games, 4);
        }
    }
}
