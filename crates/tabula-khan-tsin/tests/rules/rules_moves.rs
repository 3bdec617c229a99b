//! Rule tests for a turn (rules file, "A turn"; rulings R2 and R4), each on a position built
//! for it. Boards come from `common::board`: one token per square (white, green, blue in turn
//! from square 1; Khans W4 G5 B6), then edits. Square values of the standard layout:
//! 1:1 2:2 3:3 4:2 5:3 6:1 7:3 8:1 9:2 10:1 11:3 12:2 13:2 14:1 15:3 16:3 17:2 18:1, and
//! squares 19–36 repeat 1–18.

use crate::common;

use common::{board, legal, legal_from, play, pos, refusal};
use tabula_core::{Actor, Notation, Seat};

#[test]
fn distance_is_the_value_of_the_origin_square() {
    let g = pos(&board("wg", "w", &[]));
    // Every square is occupied, so a move lands exactly `value` squares away.
    assert_eq!(legal_from(&g, 10), ["10:1>11", "10:1>9"]); // single
    assert_eq!(legal_from(&g, 13), ["13:1>11", "13:1>15"]); // double
    assert_eq!(legal_from(&g, 16), ["16:1>13", "16:1>19"]); // triple
    let e = refusal(&g, "16:1>14");
    assert!(e.contains("lands 3 occupied squares away"), "{e}");
}

#[test]
fn moves_go_either_way_and_wrap_around_the_track() {
    let g = pos(&board("wg", "w", &[]));
    assert_eq!(legal_from(&g, 34), ["34:1>1", "34:1>31"]);
    assert_eq!(legal_from(&g, 1), ["1:1>2", "1:1>36"]);
    assert_eq!(legal(&g).len(), 23);
}

#[test]
fn r4_distance_counts_occupied_squares_other_than_origin_and_jumps_empty_ones() {
    // Squares 11 and 14 emptied (their green tokens put on 12 and 15).
    let g = pos(&board(
        "wg",
        "w",
        &[(11, "-"), (12, "bg"), (14, "-"), (15, "bg")],
    ));
    assert_eq!(legal_from(&g, 13), ["13:1>10", "13:1>16"]);
    assert_eq!(legal_from(&g, 10), ["10:1>12", "10:1>9"]);
    let e = refusal(&g, "13:1>11");
    assert!(
        e.contains("lands 2 occupied squares away: on square 16 or 10"),
        "{e}"
    );
}

#[test]
fn r4_both_directions_reaching_the_same_square_are_one_action() {
    // Six stacks: from square 3 (triple) the 3rd occupied square is 13 both ways.
    let g = pos(&format!(
        "{} -/-/bgwbgwbgw/-/wgbwgbwg/-/-/-/-/bgwW/-/-/gbg/-/-/-/-/-/-/wbbwG/-/-/-/-/-/-/-/-/-/bgwbgbw/-/-/-/-/-/- wg w",
        common::STD
    ));
    assert_eq!(legal_from(&g, 3), ["3:1>13", "3:2>13", "3:3>13", "3:4>13"]);
}

#[test]
fn a_move_takes_the_top_n_tokens_in_order_onto_the_destination() {
    let mut g = pos(&board("wg", "w", &[(13, "gbw"), (14, "-"), (15, "-")]));
    assert_eq!(
        legal_from(&g, 13),
        [
            "13:1>11", "13:1>17", "13:2>11", "13:2>17", "13:3>11", "13:3>17"
        ]
    );
    play(&mut g, "13:2>17");
    let text = g.to_notation();
    let stacks: Vec<&str> = text.split(' ').nth(1).unwrap().split('/').collect();
    assert_eq!((stacks[12], stacks[16]), ("g", "gbw"));
    assert_eq!(g.to_move(), Seat(1));
    let e = refusal(&pos(&board("wg", "w", &[])), "13:2>11");
    assert!(e.contains("holds 1 tokens"), "{e}");
}

#[test]
fn only_stacks_topped_by_the_movers_colour_move_its_khan_included() {
    let g = pos(&board("wg", "w", &[]));
    let e = refusal(&g, "2:1>4");
    assert!(e.contains("another colour"), "{e}");
    assert!(
        legal(&g).contains(&"4:1>6".to_string()),
        "white moves its Khan"
    );
    let e = refusal(&g, "5:1>1");
    assert!(e.contains("another colour"), "{e}");
    let e = refusal(&pos(&board("wg", "w", &[(1, "-"), (2, "gw")])), "1:1>2");
    assert!(e.contains("square 1 is empty"), "{e}");
}

#[test]
fn r2_neutral_topped_stacks_never_move() {
    let g = pos(&board("wg", "w", &[]));
    let e = refusal(&g, "3:1>6");
    assert!(e.contains("neutral") && e.contains("R2"), "{e}");
    for a in legal(&g) {
        let from: usize = a.split(':').next().unwrap().parse().unwrap();
        assert_eq!((from - 1) % 3, 0, "{a} starts on a white square");
    }
}

#[test]
fn r2_neutral_tokens_move_inside_a_stack_and_may_be_covered() {
    // Square 36's neutral token under white on square 1.
    let mut g = pos(&board("wg", "w", &[(36, "-"), (1, "bw")]));
    assert_eq!(legal_from(&g, 1), ["1:1>2", "1:1>35", "1:2>2", "1:2>35"]);
    play(&mut g, "1:2>35");
    assert!(g.to_notation().contains("/gbw/-"), "{}", g.to_notation());
    // Any neutral token may be covered: the face-down Khan is one of them, unknown.
    let g = pos(&board("wg", "w", &[]));
    assert!(legal(&g).contains(&"1:1>36".to_string()));
}

#[test]
fn khans_are_never_covered() {
    let g = pos(&board("wg", "w", &[]));
    assert_eq!(legal_from(&g, 7), ["7:1>10"]);
    let e = refusal(&g, "7:1>4");
    assert!(e.contains("topped by a Khan"), "{e}");
    let g = pos(&board("wgb", "g", &[]));
    assert_eq!(legal_from(&g, 2), ["2:1>36"]);
    let e = refusal(&g, "2:1>4");
    assert!(e.contains("topped by a Khan"), "{e}");
}

#[test]
fn at_most_three_tokens_of_a_colour_in_a_stack() {
    // Square 10 holds three white tokens (from 13 and 16).
    let g = pos(&board("wg", "w", &[(10, "www"), (13, "-"), (16, "-")]));
    assert!(legal_from(&g, 7).is_empty());
    let e = refusal(&g, "7:1>10");
    assert!(e.contains("4 white"), "{e}");
    // A group may go while it adds no fourth token of a colour: `gw` onto `wggg`.
    let g = pos(&board(
        "wg",
        "w",
        &[
            (7, "gw"),
            (10, "wggg"),
            (20, "-"),
            (23, "-"),
            (26, "-"),
            (29, "-"),
        ],
    ));
    assert_eq!(legal_from(&g, 7), ["7:1>10"]);
    let e = refusal(&g, "7:2>10");
    assert!(e.contains("4 green"), "{e}");
}

#[test]
fn a_player_without_a_move_passes_and_only_then() {
    let stacks = "-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/bgbgwwW/gbgwbwgw/-/gbbggww/-/bbbgww/-/bww/bgbgG/-/-/-";
    let mut g = pos(&format!("{} {stacks} wg g", common::STD));
    // Green's only stack (Khan on square 33, triple) reaches square 28 both ways, which
    // already holds 3 green tokens.
    assert_eq!(legal(&g), ["pass"]);
    play(&mut g, "pass");
    assert_eq!(g.to_move(), Seat(0));
    assert!(!legal(&g).is_empty() && legal(&g) != ["pass"]);
    let e = refusal(&g, "pass");
    assert!(e.contains("only without a legal move"), "{e}");
}

#[test]
fn out_of_turn_and_non_seat_actions_are_refused() {
    let g = pos(&board("wg", "w", &[]));
    let mut copy = g.clone();
    assert!(copy.apply_notation(Actor::Seat(Seat(1)), "2:1>36").is_err());
    assert!(copy.apply_notation(Actor::Seat(Seat(2)), "1:1>2").is_err());
    assert!(copy.apply_notation(Actor::Chance, "1:1>2").is_err());
    assert!(copy.apply_notation(Actor::Host, "1:1>2").is_err());
    assert_eq!(copy.to_notation(), g.to_notation());
    let e = refusal(&g, "K@3");
    assert!(e.contains("setup is over"), "{e}");
    let e = refusal(&g, "1:1>1");
    assert!(e.contains("R4"), "{e}");
}
