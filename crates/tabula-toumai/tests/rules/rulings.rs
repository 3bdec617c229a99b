//! One test (or more) per numbered ruling R1–R13 of the rules (shared/rules/toumai.md and
//! the new rulings R12–R13 of docs/rules/toumai.md), named after it.

use crate::common;

use common::*;
use tabula_core::{Actor, EndReason, Game, Notation, ToAct, rng_from_seed};
use tabula_toumai::{Params, Phase, Toumai};

/// Plays the first legal placement until setup ends; returns the colour letter of each
/// placer in order.
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

#[test]
fn r1_second_round_order_is_reversed_with_three_players() {
    let p = Params {
        players: 3,
        ..Params::default()
    };
    assert_eq!(placers(&p), "YYYRRRBBBBBBRRRYYY");
}

#[test]
fn r1_second_round_order_is_reversed_with_two_players_and_first_seat_moves_first() {
    assert_eq!(placers(&Params::default()), "YYYRRRRRRYYY");
    let rb = Params {
        colours: Some("BR".into()),
        ..Params::default()
    };
    assert_eq!(placers(&rb), "RRRBBBBBBRRR");
    let mut g = Toumai::new(&Params::default()).unwrap();
    while g.phase() != Phase::Play {
        let first = legal(&g)[0].clone();
        play(&mut g, &[&first]);
    }
    assert_eq!(g.to_move_colour().letter(), 'Y');
}

#[test]
fn r2_distance_counts_non_empty_lines_other_than_origin() {
    let g = pos(FEW);
    // From a, the lines holding pawns are c, f, h: strength 3 reaches h clockwise (skipping
    // the empty b, d, e, g) and c counter-clockwise (refused there: a third Yellow pawn).
    let from_a = legal_starting(&g, "a:");
    assert!(from_a.contains(&"a:1>h".to_string()), "{from_a:?}");
    assert!(from_a.iter().all(|a| a[4..].starts_with('h')), "{from_a:?}");
    assert!(refusal(&g, "a:1>d").contains("empty"));
    assert!(refusal(&g, "a:1>f").contains("clockwise"));
    // The magician on c reaches a, f and h (1, 2 or 3 non-empty lines either way).
    assert!(allowed(&g, "c:1>f") && allowed(&g, "c:1>h"));
    assert!(refusal(&g, "c:1>a").contains("at most 2"));
}

#[test]
fn r3_distance_beyond_the_other_non_empty_lines_is_impossible() {
    // Only two other lines hold pawns: a strength-3 pawn cannot fly, even though line d,
    // counted once more around the star, would be 3 lines away.
    let g = pos(FULL3);
    let reason = refusal(&g, "a:1>d");
    assert!(
        reason.contains("R2–R3") && reason.contains("strength-3"),
        "{reason}"
    );
    assert!(refusal(&g, "a:1>g").contains("R2–R3"));
    assert!(
        legal(&g).iter().all(|a| a.contains('=')),
        "only swaps remain"
    );
    // With exactly three other lines, distance 3 stops before the origin: from a (lines c,
    // f, h hold pawns) clockwise 3 is h, counter-clockwise 3 is c.
    let few = pos(FEW);
    assert!(allowed(&few, "a:1>h"));
}

#[test]
fn r4_routes_reaching_the_same_line_are_one_action() {
    // The magician on c has 6 routes (1, 2, 3 lines each way) to only 3 lines a, f, h; with
    // one pawn, a is refused (full), f and h are one action each.
    let g = pos(FEW);
    assert_eq!(legal_starting(&g, "c:1>"), vec!["c:1>f", "c:1>h"]);
    let all = legal(&g);
    let mut dedup = all.clone();
    dedup.dedup();
    assert_eq!(all, dedup, "no action is listed twice");
}

#[test]
fn r5_completing_a_line_splits_it_in_the_same_action() {
    // b:2>a lands Yellow's magician on a 6th pawn: a wand, then the split, then Red's turn.
    assert_eq!(
        after(COMPLETE, &["b:2>a/c,f"]),
        "R1Y2R2/-/YMBN/Y1BNY3/R3BN/BN/RMY1R1BNY2/R2BN/- YR R 20 -"
    );
    let g = pos(COMPLETE);
    let reason = refusal(&g, "b:2>a");
    assert!(reason.contains("R5"), "{reason}");
    assert_eq!(
        legal_starting(&g, "b:2>a").len(),
        12,
        "4 empty lines: 4 × 3 splits"
    );
}

#[test]
fn r5_a_bird_reaching_the_star_splits_the_line_without_a_wand() {
    assert_eq!(
        after(COMPLETE, &["g:2>a/c,f"]),
        "R1Y2R2/BNYM/Y2BN/Y1BNY3/R3BN/BN/RMY1R1/R2BN/- YR R 10 -"
    );
}

#[test]
fn r6_third_pawn_goes_to_another_empty_line_when_one_exists() {
    // After b:2>a, lines b, c, f, i are empty and h holds 1 pawn: h may not take the third.
    let g = pos("R1Y2R2BN/BNYM/-/Y1BNY3/R3BNR2/-/RMY1R1BNY2/BN/- YR Y 10 -");
    let splits = legal_starting(&g, "b:2>a");
    assert_eq!(splits.len(), 12);
    assert!(splits.iter().all(|a| !a.ends_with(",h")), "{splits:?}");
    assert!(refusal(&g, "b:2>a/c,h").contains("R6"));
}

#[test]
fn r6_third_pawn_goes_on_a_one_pawn_line_only_when_no_other_empty_line() {
    // After b:2>a only b (the emptied origin) is empty: the pair goes there and the third
    // pawn onto a line holding exactly one pawn (h or i).
    let text = "Y1BNR1BN/R3YM/Y2R1/BNR2/R2Y3/BNRM/Y2Y1/BN/BN YR Y 00 -";
    let g = pos(text);
    assert_eq!(legal_starting(&g, "b:2>a"), vec!["b:2>a/b,h", "b:2>a/b,i"]);
    assert!(refusal(&g, "b:2>a/b,c").contains("R6"));
    assert_eq!(
        after(text, &["b:2>a/b,h"]),
        "Y1BNR1/YMR3/Y2R1/BNR2/R2Y3/BNRM/Y2Y1/BNBN/BN YR R 10 -"
    );
}

#[test]
fn r6_lines_are_counted_after_the_flight_lands() {
    // b:2>a leaves one pawn on b: b counts as a 1-pawn line for the third pawn, i (the only
    // empty line) takes the pair.
    let g = pos("Y1BNR1BN/Y1R3YM/Y2R1/BNR2/R2Y3/BNRM/Y2BN/BN/- YR Y 00 -");
    assert_eq!(legal_starting(&g, "b:2>a"), vec!["b:2>a/i,b", "b:2>a/i,h"]);
}

#[test]
fn r7_completing_flight_without_empty_line_is_forbidden() {
    let g = pos(NO_ROOM);
    assert!(legal_starting(&g, "b:2>a").is_empty());
    assert!(refusal(&g, "b:2>a").contains("R7"));
    assert!(refusal(&g, "b:2>a/b,c").contains("R5"));
    // The flight itself is otherwise fine: one pawn fewer lands.
    assert!(allowed(&g, "b:1>a"));
}

#[test]
fn r7_third_wand_needs_no_split() {
    let text = "Y1BNR1BN/Y1R3YM/Y2R1/BNR2/R2Y3/BNRM/Y2/BN/BN YR Y 20 -";
    let g = pos(text);
    assert_eq!(legal_starting(&g, "b:2>a"), vec!["b:2>a"]);
    assert!(refusal(&g, "b:2>a/i,h").contains("no split"));
    let mut g = g;
    play(&mut g, &["b:2>a"]);
    assert_eq!(
        g.to_notation(),
        "Y1BNR1BNR3YM/Y1/Y2R1/BNR2/R2Y3/BNRM/Y2/BN/BN YR R 30 -"
    );
    let outcome = g.outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::Win);
    assert_eq!(
        outcome.winners().collect::<Vec<_>>(),
        vec![tabula_core::Seat(0)]
    );
}

#[test]
fn r8_no_swap_after_swap() {
    let mut g = pos(START2);
    play(&mut g, &["a2=b2"]);
    assert!(g.to_notation().ends_with(" R 00 Y"), "{}", g.to_notation());
    play(&mut g, &["d:1>f"]);
    assert!(legal(&g).iter().all(|a| !a.contains('=')));
    assert!(refusal(&g, "a2=a1").contains("R8"));
    play(&mut g, &["a:1>c"]);
    assert!(g.to_notation().ends_with(" -"), "a flight clears the mark");
    let first_red = legal(&g).into_iter().find(|a| a.contains('>')).unwrap();
    play(&mut g, &[&first_red]);
    assert!(
        legal(&g).iter().any(|a| a.contains('=')),
        "Yellow may swap again"
    );
}

#[test]
fn r8_a_pass_is_a_turn_and_resets_the_swap_ban() {
    let mut g = pos("Y1R1BNBNR2Y3/-/-/R3Y1BNBNR1YM/-/-/Y2R2BNBNY2RM/-/- YR R 00 R");
    assert_eq!(legal(&g), vec!["pass"]);
    play(&mut g, &["pass", "a6=a1"]);
    assert!(g.to_notation().ends_with(" R 00 Y"), "{}", g.to_notation());
    assert!(allowed(&g, "g6=g2"), "Red passed, so it may swap again");
    play(&mut g, &["g6=g2"]);
    assert!(g.to_notation().ends_with(" Y 00 YR"), "{}", g.to_notation());
    assert_eq!(legal(&g), vec!["pass"]);
}

#[test]
fn r8_a_swap_of_two_pawns_of_the_same_kind_still_counts() {
    let g = pos(START2);
    let swaps: Vec<String> = legal(&g).into_iter().filter(|a| a.contains('=')).collect();
    // 3 top pawns × 5 other pawns, each pair of top pawns once: 12 distinct swaps.
    assert_eq!(swaps.len(), 12, "{swaps:?}");
    assert!(swaps.contains(&"f2=a1".to_string()));
    assert_eq!(
        after(START2, &["f2=a1"]),
        "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR R 00 Y"
    );
}

#[test]
fn r9_player_with_no_top_pawn_passes() {
    let g = pos("Y1R1BNBNR2Y3/-/R3Y1BNR1YM/-/-/BNY2R2BN/-/RMY2BN/- YR R 00 -");
    assert_eq!(legal(&g), vec!["pass"]);
    assert_eq!(
        after(
            "Y1R1BNBNR2Y3/-/R3Y1BNR1YM/-/-/BNY2R2BN/-/RMY2BN/- YR R 00 -",
            &["pass"]
        ),
        FEW
    );
}

#[test]
fn r9_player_who_swapped_and_cannot_fly_passes() {
    let g = pos("Y1R1BNBNR2Y3/-/-/R3Y1BNBNR1YM/-/-/Y2R2BNBNY2RM/-/- YR Y 00 Y");
    assert_eq!(legal(&g), vec!["pass"]);
}

#[test]
fn r9_pass_is_refused_while_anything_is_legal() {
    let g = pos(START2);
    assert!(refusal(&g, "pass").contains("R9"));
    let swapped = pos("Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 Y");
    assert!(refusal(&swapped, "pass").contains("fly"));
}

#[test]
fn r10_every_line_topped_by_a_neutral_pawn_is_a_draw() {
    for text in [
        "Y1R1BN/Y1R1BN/Y2R2BN/Y2R2BN/Y3R3BN/YMRMBN/-/-/- YR Y 00 -",
        "Y1B1RN/Y1B1RN/Y2B2RN/Y2B2RN/Y3B3RN/YMBMRN/-/-/- YB B 11 B",
    ] {
        let g = pos(text);
        let outcome = g.outcome().expect("finished");
        assert_eq!(outcome.reason, EndReason::Draw);
        assert_eq!(outcome.ranks(), &[1, 1]);
        assert!(legal(&g).is_empty());
        let seat = Actor::Seat(g_seat(&g));
        let pass = g.parse_action(seat, "pass").unwrap();
        assert_eq!(
            g.validate(seat, pass),
            Err(tabula_core::ActionError::GameOver)
        );
    }
    // One line topped by a player's pawn: play goes on.
    assert!(!pos("Y1R1BN/Y1R1BN/Y2R2BN/Y2R2BN/Y3BNR3/YMRMBN/-/-/- YR Y 00 -").is_over());
}

fn g_seat(g: &Toumai) -> tabula_core::Seat {
    match g.to_act() {
        ToAct::One(s) => s,
        _ => tabula_core::Seat(0),
    }
}

#[test]
fn r10_never_happens_with_three_players() {
    let p = Params {
        players: 3,
        ..Params::default()
    };
    for seed in 0..30 {
        let mut rng = rng_from_seed(seed);
        let mut g = Toumai::new_random(&p, &mut rng).unwrap();
        let (outcome, _) = tabula_core::random_playout(&mut g, &mut rng, 5_000);
        assert_eq!(outcome.expect("finished").reason, EndReason::Win);
    }
}

#[test]
fn r10_does_not_arise_in_a_game_played_from_the_start() {
    // After any flight some line is topped by a player's pawn (the flier, or one of the three
    // pawns a split puts on top, at most two of them neutral), so 2-player games played from
    // a setup end with a win (the docs say so).
    for seed in 0..30 {
        let mut rng = rng_from_seed(seed);
        let mut g = Toumai::new_random(&Params::default(), &mut rng).unwrap();
        let (outcome, _) = tabula_core::random_playout(&mut g, &mut rng, 5_000);
        assert_eq!(outcome.expect("finished").reason, EndReason::Win);
    }
}

#[test]
fn r11_optional_ply_limit_ends_in_a_ply_limit_draw() {
    let limited = Params {
        max_plies: Some(3),
        ..Params::default()
    };
    let mut g = pos_with(&limited, START2);
    play(&mut g, &["a2=b2", "d:1>f"]);
    assert!(!g.is_over());
    play(&mut g, &["a:1>c"]);
    let outcome = g.outcome().expect("limit reached");
    assert_eq!(outcome.reason, EndReason::PlyLimit);
    assert!(outcome.is_draw());
    assert!(legal(&g).is_empty());
    // Without a limit the same game goes on.
    assert!(!pos(&g.to_notation()).is_over());
    // A win on the last ply is a win.
    let one = Params {
        max_plies: Some(1),
        ..Params::default()
    };
    let mut g = pos_with(
        &one,
        "Y1BNR1BN/Y1R3YM/Y2R1/BNR2/R2Y3/BNRM/Y2/BN/BN YR Y 20 -",
    );
    play(&mut g, &["b:2>a"]);
    assert_eq!(g.outcome().unwrap().reason, EndReason::Win);
}

#[test]
fn r12_setup_positions_hold_the_placed_pawns_and_the_placer_to_move() {
    let mut g = Toumai::new(&Params::default()).unwrap();
    assert_eq!(g.to_notation(), "-/-/-/-/-/-/-/-/- YR Y 00 -");
    assert_eq!(g.phase(), Phase::PlacementRound1);
    play(&mut g, &["1@a", "2@b", "3@c", "1@d", "2@e"]);
    assert_eq!(g.to_notation(), "Y1/Y2/Y3/R1/R2/-/-/-/- YR R 00 -");
    // Red's third placement completes round 1: the neutral pawns fill the rest at once.
    play(&mut g, &["3@f"]);
    assert_eq!(g.to_notation(), "Y1/Y2/Y3/R1/R2/R3/BN/BN/BN YR R 00 -");
    assert_eq!(g.phase(), Phase::PlacementRound2);
    play(&mut g, &["M@a", "1@b", "2@c", "M@d", "1@e"]);
    assert_eq!(
        g.to_notation(),
        "Y1RM/Y2R1/Y3R2/R1YM/R2Y1/R3/BN/BN/BN YR Y 00 -"
    );
    play(&mut g, &["2@f"]);
    assert_eq!(
        g.to_notation(),
        "Y1RM/Y2R1/Y3R2/R1YM/R2Y1/R3Y2/BNBN/BNBN/BNBN YR Y 00 -"
    );
    assert_eq!(g.phase(), Phase::Play);
    // Every prefix reads back as the same state.
    let three = Params {
        players: 3,
        ..Params::default()
    };
    let k9 = pos_with(&three, "Y1/Y1/Y2/R1/R1/R2/B1/B1/B2 YRB B 000 -");
    assert_eq!(k9.phase(), Phase::PlacementRound2);
    assert_eq!(
        legal(&k9).len(),
        3 * 9,
        "Blue places its 2, 3 or M on any second square"
    );
}

#[test]
fn r12_setup_positions_off_the_schedule_are_refused() {
    let field = |text: &str| {
        Toumai::from_notation(&Params::default(), text)
            .unwrap_err()
            .field
    };
    // 6–8 and 15–17 pawns never occur with 2 players (the neutral pawns come in at once).
    assert_eq!(field("Y1/Y2/Y3/R1/R2/R3/-/-/- YR R 00 -"), "lines");
    assert_eq!(field("Y1/Y2/Y3/R1/R2/R3/BN/-/- YR R 00 -"), "lines");
    // Yellow places its 3 first.
    assert_eq!(field("Y1/R1/-/-/-/-/-/-/- YR Y 00 -"), "lines");
    assert_eq!(field("Y1/-/-/-/-/-/-/-/- YR R 00 -"), "to-move");
    assert_eq!(field("Y1/-/-/-/-/-/-/-/- YR Y 10 -"), "wands");
    assert_eq!(field("Y1/-/-/-/-/-/-/-/- YR Y 00 Y"), "last-swap");
    assert_eq!(field("YM/-/-/-/-/-/-/-/- YR Y 00 -"), "line a");
    assert_eq!(field("Y1Y2/-/-/-/-/-/-/-/- YR Y 00 -"), "line a");
}

#[test]
fn r13_ply_limit_counts_placements_but_not_a_random_setup() {
    let two = Params {
        max_plies: Some(2),
        ..Params::default()
    };
    let mut g = Toumai::new(&two).unwrap();
    play(&mut g, &["1@a", "1@b"]);
    assert_eq!(g.outcome().unwrap().reason, EndReason::PlyLimit);
    let mut rng = rng_from_seed(7);
    let mut g = Toumai::new_random(&two, &mut rng).unwrap();
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.plies(), 0);
    assert!(!g.is_over());
    let first = legal(&g)[0].clone();
    play(&mut g, &[&first]);
    assert!(!g.is_over());
}
