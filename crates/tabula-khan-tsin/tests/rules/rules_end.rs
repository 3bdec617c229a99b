//! Rule tests for the end of the game (rules file, "A turn" R5 and "End"; rulings R5, R6, R8)
//! and for `<to-move>` advancing after every action.

use crate::common;

use common::{STD, board, legal, play, pos};
use tabula_core::{Actor, EndReason, Game, Notation, Seat};
use tabula_khan_tsin::{KhanTsin, Params, Phase};

const PREWIN2: &str = "-/-/-/-/-/-/-/b/bwwggg/bwW/-/-/-/-/-/-/-/-/-/-/-/gwbbwwgG/-/-/bbbwg/-/-/-/-/-/bg/wgb/wwbgggbw/-/-/- wg g";
const WON2: &str = "-/-/-/-/-/-/-/b/bwwggg/bwW/-/-/-/-/-/-/-/-/-/-/-/g/-/-/bbbwg/-/-/-/-/-/bgwbbwwgG/wgb/wwbgggbw/-/-/- wg w";
const PRESTALL: &str = "-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/bgbgwbwW/gbgwgww/-/gbbggwww/-/bbbgww/-/bw/bgbgG/-/-/- wg w";
const STALLED: &str = "-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/bgbgwbwW/gbgwgww/-/gbbggwww/-/bbbgwww/-/b/bgbgG/-/-/- wg g";
const PASS2: &str = "-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/bgbgwwW/gbgwbwgw/-/gbbggww/-/bbbgww/-/bww/bgbgG/-/-/- wg g";

fn at(stacks: &str) -> KhanTsin {
    pos(&format!("{STD} {stacks}"))
}

#[test]
fn the_mover_wins_with_a_9_stack_topped_by_its_own_khan() {
    // Green's Khan tops 8 tokens on square 22 (double): 7 of them land on `bg` on square 31.
    let mut g = at(PREWIN2);
    assert!(legal(&g).contains(&"22:7>31".to_string()));
    play(&mut g, "22:7>31");
    let outcome = g.outcome().expect("the game is over");
    assert_eq!(outcome.reason, EndReason::Win);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), [Seat(1)]);
    assert_eq!(g.to_notation(), format!("{STD} {WON2}"));
    assert_eq!(g.phase(), Phase::Over);
}

#[test]
fn three_players_the_mover_wins_too() {
    let mut g = at(
        "-/-/bggbB/-/-/-/-/bwwwb/-/-/-/-/-/-/-/bwggwG/-/-/-/-/-/-/gwwbgW/-/-/-/-/-/-/wg/-/-/-/bb/ggbbbwgw/wg wgb w",
    );
    play(&mut g, "23:1>35");
    let outcome = g.outcome().expect("over");
    assert_eq!(outcome.winners().collect::<Vec<_>>(), [Seat(0)]);
    assert_eq!(outcome.ranks(), [1, 2, 2]);
    assert!(g.to_notation().ends_with("/ggbbbwgwW/wg wgb g"));
}

#[test]
fn to_move_advances_after_every_action_the_winning_one_included() {
    let mut g = at(PREWIN2);
    assert_eq!(g.to_move(), Seat(1));
    play(&mut g, "22:7>31");
    assert_eq!(g.to_move(), Seat(0));
    assert!(g.to_notation().ends_with(" wg w"));
}

#[test]
fn a_position_with_a_9_stack_topped_by_a_khan_is_finished_and_that_colour_won() {
    let g = at(WON2);
    let outcome = g.outcome().expect("finished");
    assert_eq!(outcome.winners().collect::<Vec<_>>(), [Seat(1)]);
    assert!(legal(&g).is_empty());
    let mut copy = g.clone();
    for seat in [Seat(0), Seat(1)] {
        assert!(copy.apply_notation(Actor::Seat(seat), "pass").is_err());
    }
    assert_eq!(copy.to_notation(), g.to_notation());
}

#[test]
fn a_9_stack_not_topped_by_a_khan_does_not_end_the_game() {
    // Square 10 holds bbbgggww; white's token on square 7 (triple) lands on it.
    let edits = [
        (10, "bbbgggww"),
        (15, "-"),
        (17, "-"),
        (18, "-"),
        (19, "-"),
        (20, "-"),
        (21, "-"),
        (23, "-"),
    ];
    let mut g = pos(&board("wg", "w", &edits));
    play(&mut g, "7:1>10");
    assert_eq!(g.stack(9).height(), 9);
    assert!(!g.is_over());
    assert_eq!(g.phase(), Phase::Movement);
    assert_eq!(g.to_move(), Seat(1));
}

#[test]
fn r5_a_move_after_which_no_seat_can_move_ends_the_game_in_a_draw() {
    let mut g = at(PRESTALL);
    play(&mut g, "32:1>30");
    assert_eq!(g.to_notation(), format!("{STD} {STALLED}"));
    let outcome = g.outcome().expect("R5 ends the game at once");
    assert_eq!(outcome.reason, EndReason::Draw);
    assert_eq!(outcome.ranks(), [1, 1]);
}

#[test]
fn r5_a_position_where_no_seat_can_move_is_finished() {
    let g = at(STALLED);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Draw));
    assert!(legal(&g).is_empty());
    let three = at(
        "-/-/-/wG/-/-/-/-/-/-/-/bwbgwwbgg/-/-/-/-/bwbwggwB/-/-/wgbgbgbW/-/-/-/-/-/-/-/-/-/-/-/-/bgwggbwwb/-/-/- wgb g",
    );
    assert_eq!(three.outcome().map(|o| o.reason), Some(EndReason::Draw));
    // One seat without a move is not R5: it passes.
    assert!(!at(PASS2).is_over());
}

#[test]
fn r6_the_ply_limit_ends_the_game_in_a_limit_draw() {
    let p = Params {
        max_plies: Some(3),
        ..Params::default()
    };
    let mut g = KhanTsin::new(&p).unwrap();
    for _ in 0..3 {
        assert!(!g.is_over());
        let a = legal(&g)[0].clone();
        play(&mut g, &a);
    }
    let outcome = g.outcome().expect("limit reached");
    assert_eq!(outcome.reason, EndReason::PlyLimit);
    assert!(outcome.is_draw());
    assert_eq!(g.plies(), 3);
    assert!(refusal_is_game_over(&g));
    // Off by default.
    assert_eq!(Params::default().max_plies, None);
    let bad = Params {
        max_plies: Some(0),
        ..Params::default()
    };
    assert_eq!(KhanTsin::new(&bad).unwrap_err().name, "max_plies");
}

fn refusal_is_game_over(g: &KhanTsin) -> bool {
    let mut copy = g.clone();
    copy.apply_notation(Actor::Seat(g.to_move()), "pass")
        .is_err_and(|e| e.to_string().contains("over"))
}

#[test]
fn r8_passes_and_placements_count_as_plies() {
    let p = Params {
        max_plies: Some(1),
        ..Params::default()
    };
    let mut g = KhanTsin::from_notation(&p, &format!("{STD} {PASS2}")).unwrap();
    assert_eq!(
        g.plies(),
        0,
        "a position read from notation starts at ply 0"
    );
    play(&mut g, "pass");
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::PlyLimit));
    // A win on the last allowed ply is a win.
    let mut g = KhanTsin::from_notation(&p, &format!("{STD} {PREWIN2}")).unwrap();
    play(&mut g, "22:7>31");
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Win));
}
