//! One test per rule of shared/rules/toumai.md that is not a numbered ruling (those are in
//! rulings.rs): setup, turn order, flights, the star and wands, swaps and the end.

use crate::common;

use common::*;
use std::collections::BTreeSet;
use tabula_core::{
    ActionError, Actor, EndReason, Game, Notation, Presentation, Seat, rng_from_seed,
};
use tabula_toumai::{Params, Phase, Toumai};

/// The destinations of one-pawn flights from `line`.
fn destinations(g: &Toumai, line: char) -> BTreeSet<char> {
    legal_starting(g, &format!("{line}:1>"))
        .iter()
        .map(|a| a.chars().nth(4).unwrap())
        .collect()
}

#[test]
fn setup_round_one_places_pawns_other_than_the_magician_on_empty_first_squares() {
    let mut g = Toumai::new(&Params::default()).unwrap();
    let first = legal(&g);
    assert_eq!(first.len(), 3 * 9, "1, 2 or 3 on any of 9 first squares");
    assert!(first.iter().all(|a| !a.starts_with('M')));
    assert!(refusal(&g, "M@a").contains("magician"));
    play(&mut g, &["1@a"]);
    assert!(refusal(&g, "2@a").contains("first square is taken"));
    play(&mut g, &["1@b"]);
    assert!(refusal(&g, "1@c").contains("no pawn `1` left"));
    assert!(refusal(&g, "c:1>d").contains("setup"));
    assert!(refusal(&g, "pass").contains("setup"));
}

#[test]
fn setup_round_two_places_the_remaining_pawns_on_second_squares() {
    let g = pos("Y1/Y2/Y3/R1/R2/R3/BN/BN/BN YR R 00 -");
    let actions = legal(&g);
    assert_eq!(
        actions.len(),
        3 * 9,
        "Red's 1, 2 and magician on any second square"
    );
    assert!(actions.contains(&"M@g".to_string()));
    assert!(refusal(&g, "3@a").contains("no pawn `3` left"));
    let full = pos("Y1RM/R1Y2/B1BM/Y2R2/R2B2/B2/Y3B1/R3R1/B3 YRB Y 000 -");
    assert!(refusal(&full, "1@a").contains("second square is taken"));
}

#[test]
fn setup_ends_with_two_pawns_per_line_and_every_magician_on_a_second_square() {
    for players in [2, 3] {
        let p = Params {
            players,
            ..Params::default()
        };
        for seed in 0..20 {
            let g = Toumai::new_random(&p, &mut rng_from_seed(seed)).unwrap();
            assert_eq!(g.phase(), Phase::Play);
            assert_eq!(g.to_move_colour().letter(), 'Y', "lightest colour starts");
            let view = g.view(None);
            for line in &view.lines {
                assert_eq!(line.pawns.len(), 2, "{}", view.position);
                assert!(line.pawns[0].kind != Some('M'), "{}", view.position);
            }
        }
    }
}

#[test]
fn random_setup_differs_from_seed_to_seed_and_replays_from_its_seed() {
    let p = Params::default();
    let a = Toumai::new_random(&p, &mut rng_from_seed(1)).unwrap();
    let b = Toumai::new_random(&p, &mut rng_from_seed(2)).unwrap();
    let again = Toumai::new_random(&p, &mut rng_from_seed(1)).unwrap();
    assert_ne!(a.to_notation(), b.to_notation());
    assert_eq!(a.to_notation(), again.to_notation());
}

#[test]
fn turn_order_is_lightest_colour_first_skipping_the_neutral_colour() {
    let new = |colours: &str| {
        let p = Params {
            colours: Some(colours.into()),
            ..Params::default()
        };
        Toumai::new(&p).unwrap()
    };
    assert!(new("BY").to_notation().ends_with(" YB Y 00 -"));
    assert!(new("RB").to_notation().ends_with(" RB R 00 -"));
    let mut g = pos(START3);
    assert_eq!(g.seat_name(Seat(2)), "Blue");
    let mut order = String::new();
    for _ in 0..4 {
        order.push(g.to_move_colour().letter());
        let first = legal(&g)[0].clone();
        play(&mut g, &[&first]);
    }
    assert_eq!(order, "YRBY");
}

#[test]
fn flight_leader_is_your_own_top_pawn_never_a_neutral_or_enclosed_one() {
    let g = pos(START2);
    assert!(refusal(&g, "d:1>f").contains("Red"));
    assert!(refusal(&g, "c:1>d").contains("neutral"));
    assert!(refusal(&g, "e:1>f").contains("neutral"));
    assert!(refusal(&g, "c:2>e").contains("neutral"));
    // A flight always starts from the top: the enclosed Y3 of line e cannot fly alone.
    assert!(legal(&g).iter().all(|a| !a.starts_with("e:")));
}

#[test]
fn flight_carries_the_pawns_beneath_in_their_order_and_lands_on_top() {
    assert_eq!(
        after(START2, &["a:2>c"]),
        "-/R2Y2/BNBNY1YM/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR R 00 -"
    );
    assert_eq!(
        after(START2, &["f:1>e"]),
        "Y1YM/R2Y2/BNBN/R1R2/Y3BNY1/RM/BNR3/Y2BN/R1BN YR R 00 -"
    );
    assert!(refusal(&pos(START2), "a:3>c").contains("holds 2"));
}

#[test]
fn flight_distance_follows_strength_in_either_direction() {
    let g = pos(START2);
    let set = |s: &str| s.chars().collect::<BTreeSet<char>>();
    assert_eq!(
        destinations(&g, 'f'),
        set("eg"),
        "strength 1: the next line"
    );
    assert_eq!(
        destinations(&g, 'b'),
        set("di"),
        "strength 2: two lines away"
    );
    assert_eq!(destinations(&g, 'a'), set("bcdghi"), "magician: 1, 2 or 3");
    let three = pos("Y1YM/R2Y2/BNBN/R1R2/BNY3/RMY1/BNR3/Y2BN/R1BN YR Y 00 -");
    assert_eq!(
        destinations(&three, 'e'),
        set("bh"),
        "strength 3: three lines away"
    );
}

#[test]
fn flight_may_not_leave_more_than_two_pawns_of_a_colour_neutral_included() {
    let g = pos(START2);
    assert!(refusal(&g, "a:2>h").contains("3 Yellow"));
    let g = pos("BNYM/R2Y2/BNBN/R1R2/Y3Y1/RMY1/BNR3/Y2BN/R1BN YR Y 00 -");
    assert!(refusal(&g, "a:2>c").contains("3 Blue"));
    assert!(allowed(&g, "a:1>c"));
}

#[test]
fn reaching_the_star_with_the_magician_wins_a_wand() {
    let mut g = pos(COMPLETE);
    assert_eq!(g.wands(), &[1, 0]);
    play(&mut g, &["b:2>a/c,f"]);
    assert_eq!(g.wands(), &[2, 0]);
    let mut g = pos(COMPLETE);
    play(&mut g, &["g:2>a/c,f"]);
    assert_eq!(g.wands(), &[1, 0], "a bird brings no wand");
}

#[test]
fn third_wand_wins_at_once_and_the_turn_still_passes() {
    let mut g = pos("R1Y2R2BN/BNYM/-/Y1BNY3/R3BN/-/RMY1R1BNY2/R2BN/- YR Y 21 -");
    play(&mut g, &["b:2>a"]);
    assert_eq!(
        g.to_notation(),
        "R1Y2R2BNBNYM/-/-/Y1BNY3/R3BN/-/RMY1R1BNY2/R2BN/- YR R 31 -"
    );
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.rank(Seat(0)), o.rank(Seat(1))),
        (EndReason::Win, 1, 2)
    );
    // The finished position reads back finished.
    assert!(pos(&g.to_notation()).is_over());
}

#[test]
fn a_finished_game_accepts_nothing() {
    let g = pos("R1Y2R2BNBNYM/-/-/Y1BNY3/R3BN/-/RMY1R1BNY2/R2BN/- YR R 31 -");
    assert!(legal(&g).is_empty());
    for seat in [Seat(0), Seat(1)] {
        let a = g.parse_action(Actor::Seat(seat), "e:1>g").unwrap();
        assert_eq!(g.validate(Actor::Seat(seat), a), Err(ActionError::GameOver));
    }
}

#[test]
fn wands_beside_the_board_never_run_out() {
    let g = pos(START2);
    assert_eq!(g.view(None).wands_total, 5);
    let g = pos("Y1RM/R1Y2/B1BM/Y2R2/R2B2/B2YM/Y3B1/R3R1/B3Y1 YRB Y 222 -");
    let view = g.view(None);
    assert_eq!((view.wands_total, view.wands_left), (7, 1));
}

#[test]
fn swap_exchanges_a_top_pawn_with_any_pawn_of_your_colour() {
    assert_eq!(
        after(START2, &["a2=a1"]),
        "YMY1/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR R 00 Y"
    );
    assert_eq!(
        after(START2, &["a2=e1"]),
        "Y1Y3/R2Y2/BNBN/R1R2/YMBN/RMY1/BNR3/Y2BN/R1BN YR R 00 Y"
    );
    assert_eq!(
        after(START2, &["a2=b2"]),
        "Y1Y2/R2YM/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR R 00 Y"
    );
    let g = pos(START2);
    assert!(refusal(&g, "a2=d2").contains("not Yellow's"));
    assert!(refusal(&g, "a2=a2").contains("itself"));
    assert!(refusal(&g, "a2=c3").contains("empty"));
}

#[test]
fn swap_is_written_top_pawn_first_and_two_top_pawns_earlier_line_first() {
    let g = pos(START2);
    assert!(refusal(&g, "a1=a2").contains("`a2=a1`"));
    assert!(refusal(&g, "b2=a2").contains("`a2=b2`"));
    assert!(refusal(&g, "e1=h1").contains("neither"));
    let swaps: Vec<String> = legal(&g).into_iter().filter(|a| a.contains('=')).collect();
    assert_eq!(
        swaps,
        [
            "a2=a1", "a2=b2", "a2=e1", "a2=f2", "a2=h1", "b2=a1", "b2=e1", "b2=f2", "b2=h1",
            "f2=a1", "f2=e1", "f2=h1"
        ]
    );
}

#[test]
fn r1_the_two_placement_rounds_are_the_games_setup_phase() {
    // `Game::in_setup` (what `tabula analyze` measures apart from play) holds exactly while
    // the pawns are placed: with 2 players, 3 pawns each in each round (the neutral pawns
    // fill in by themselves), 12 placements; then play.
    let mut g = Toumai::new(&Params::default()).unwrap();
    let mut rng = tabula_core::rng_from_seed(3);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    let mut setup = 0;
    while g.phase() != Phase::Play {
        assert!(tabula_core::Game::in_setup(&g));
        setup += 1;
        tabula_core::step_random(&mut g, &mut rng, &mut actions, &mut chances);
    }
    assert_eq!(setup, 12);
    assert!(!tabula_core::Game::in_setup(&g));
}
