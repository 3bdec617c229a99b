//! The view (JSON for the web UI), the terminal board, the Zobrist hash and the heuristic.

use crate::common;

use common::{STD, board, play, pos};
use tabula_core::{Game, Heuristic, Notation, Presentation, Seat, Zobrist};
use tabula_khan_tsin::{KhanTsin, Params, Phase};

const PREWIN2: &str = "-/-/-/-/-/-/-/b/bwwggg/bwW/-/-/-/-/-/-/-/-/-/-/-/gwbbwwgG/-/-/bbbwg/-/-/-/-/-/bg/wgb/wwbgggbw/-/-/- wg g";

#[test]
fn the_view_holds_squares_values_stacks_seats_and_status() {
    let g = pos(&format!("{STD} {PREWIN2}"));
    let v = g.view(None);
    assert_eq!(v.squares.len(), 36);
    assert_eq!(v.layout, STD);
    assert_eq!(v.squares[21].value, 2);
    let s22: Vec<(String, bool)> = v.squares[21]
        .tokens
        .iter()
        .map(|t| (format!("{:?}", t.colour), t.khan))
        .collect();
    assert_eq!(s22.len(), 8);
    assert_eq!(s22[0], ("Green".to_string(), false));
    assert_eq!(s22[7], ("Green".to_string(), true));
    assert_eq!(v.to_move, Some(2));
    assert_eq!(v.phase, Phase::Movement);
    assert_eq!(v.seats[1].khan_square, Some(22));
    assert!(v.outcome.is_none());
    let json = serde_json::to_value(&v).unwrap();
    for key in [
        "squares",
        "layout",
        "seats",
        "neutral",
        "to_move",
        "phase",
        "placement",
        "outcome",
        "plies",
        "notation",
    ] {
        assert!(json.get(key).is_some(), "view lacks {key}");
    }
    assert_eq!(json["neutral"], "blue");
    assert_eq!(json["squares"][21]["tokens"][7]["colour"], "green");
    assert_eq!(g.view(Some(Seat(0))), v, "nothing is hidden");

    let mut won = g.clone();
    play(&mut won, "22:7>31");
    let v = won.view(None);
    assert_eq!(v.phase, Phase::Over);
    assert_eq!(v.to_move, None);
    assert_eq!(v.outcome.unwrap().winner, Some(2));

    let start = KhanTsin::new(&Params::default()).unwrap().view(None);
    let placement = start.placement.expect("setup view");
    assert_eq!(
        (
            placement.value,
            placement.khan_allowed,
            placement.token_allowed
        ),
        (3, true, true)
    );
}

#[test]
fn the_terminal_board_shows_every_square_value_and_stack() {
    let g = pos(&format!("{STD} {PREWIN2}"));
    let text = g.board_text();
    for needle in [
        "square",
        "value",
        "gwbbwwgG",
        "green (seat 2)",
        "blue is neutral",
        "To move: green",
    ] {
        let found = if needle == "gwbbwwgG" {
            // Stacks stand upward: read square 22's column from the bottom.
            let rows: Vec<&str> = text.lines().collect();
            let numbers = rows.iter().position(|l| l.contains("square   24")).unwrap();
            let col = rows[numbers].find(" 22").unwrap() + 2;
            let column: String = rows[..numbers]
                .iter()
                .rev()
                .take_while(|l| !l.starts_with("  squares"))
                .filter_map(|l| l.chars().nth(col).filter(|c| !c.is_whitespace()))
                .collect();
            column == needle
        } else {
            text.contains(needle)
        };
        assert!(found, "`{needle}` missing from:\n{text}");
    }
    assert!(!text.contains('\x1b'), "no ANSI codes");
    let start = KhanTsin::new(&Params::default()).unwrap().board_text();
    assert!(
        start.contains("Setup: white (seat 1) places a token on an empty triple square"),
        "{start}"
    );
}

#[test]
fn equal_positions_hash_equal_and_the_hash_follows_the_moves() {
    let start = pos(&board("wg", "w", &[]));
    // Two move orders reaching the same position.
    let mut a = start.clone();
    play(&mut a, "10:1>11");
    play(&mut a, "14:1>15");
    play(&mut a, "19:1>20");
    let mut b = start.clone();
    play(&mut b, "19:1>20");
    play(&mut b, "14:1>15");
    play(&mut b, "10:1>11");
    assert_eq!(a.to_notation(), b.to_notation());
    assert_eq!(a.zobrist(), b.zobrist());
    assert_eq!(a.zobrist(), pos(&a.to_notation()).zobrist());
    assert_ne!(a.zobrist(), start.zobrist());
    let other_turn = pos(&board("wg", "g", &[]));
    assert_ne!(other_turn.zobrist(), start.zobrist());
}

#[test]
fn the_heuristic_prefers_progress_towards_the_winning_stack() {
    let g = pos(&format!("{STD} {PREWIN2}"));
    let green = g.evaluate(Seat(1));
    let white = g.evaluate(Seat(0));
    assert!(green > 0.0 && white < 0.0, "green {green}, white {white}");
    assert!((-1.0..=1.0).contains(&green));
    let even = pos(&board("wg", "w", &[]));
    assert!(even.evaluate(Seat(0)).abs() < 0.2);
    let mut won = g.clone();
    play(&mut won, "22:7>31");
    assert_eq!(won.evaluate(Seat(1)), 1.0);
    assert_eq!(won.evaluate(Seat(0)), -1.0);
}

#[test]
fn seats_are_named_by_their_colour() {
    let g = tabula_khan_tsin::KhanTsin::from_notation(
        &Default::default(),
        "123231312132213321123231312132213321 -/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/- gb g",
    )
    .unwrap();
    assert_eq!(g.seat_name(tabula_core::Seat(0)), "Green");
    assert_eq!(g.seat_name(tabula_core::Seat(1)), "Blue");
    assert_eq!(g.seat_name(tabula_core::Seat(2)), "Seat 3");
}
