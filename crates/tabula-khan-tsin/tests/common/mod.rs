//! Helpers shared by the rule tests: reading positions, listing legal actions in notation,
//! applying actions in notation, and building full boards square by square.
#![allow(dead_code)]

use tabula_core::{Actor, Game, Notation};
use tabula_khan_tsin::{KhanTsin, Params};

pub const STD: &str = "123231312132213321123231312132213321";

/// Reads a position with default parameters, panicking with the error.
pub fn pos(text: &str) -> KhanTsin {
    KhanTsin::from_notation(&Params::default(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal actions in notation, sorted in byte order (as `tabula legal` prints them).
pub fn legal(game: &KhanTsin) -> Vec<String> {
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let mut texts: Vec<String> = actions.iter().map(|&a| game.format_action(a)).collect();
    texts.sort();
    texts
}

/// The legal moves starting on square `from` (1-based).
pub fn legal_from(game: &KhanTsin, from: usize) -> Vec<String> {
    let prefix = format!("{from}:");
    legal(game)
        .into_iter()
        .filter(|a| a.starts_with(&prefix))
        .collect()
}

/// Applies an action in notation by the seat to move, panicking if refused.
pub fn play(game: &mut KhanTsin, text: &str) {
    let seat = game.to_move();
    game.apply_notation(Actor::Seat(seat), text)
        .unwrap_or_else(|e| panic!("`{text}` refused: {e}"));
}

/// The reason an action in notation is refused for the seat to move.
pub fn refusal(game: &KhanTsin, text: &str) -> String {
    let mut copy = game.clone();
    let seat = game.to_move();
    let before = game.to_notation();
    let err = copy
        .apply_notation(Actor::Seat(seat), text)
        .expect_err(&format!("`{text}` should be refused"));
    assert_eq!(
        copy.to_notation(),
        before,
        "a refused action changed the state"
    );
    err.to_string()
}

/// A full board: square `i` holds one token, white, green, blue in turn from square 1, with
/// the Khans on squares 4 (W), 5 (G) and 6 (B; lowercase `b` when blue is neutral), then
/// `edits` (1-based square, group) applied.
pub fn board(seats: &str, to_move: &str, edits: &[(usize, &str)]) -> String {
    let mut stacks: Vec<String> = (1..=36)
        .map(|i| ["w", "g", "b"][(i - 1) % 3].to_string())
        .collect();
    stacks[3] = "W".into();
    stacks[4] = "G".into();
    stacks[5] = if seats.contains('b') { "B" } else { "b" }.into();
    if !seats.contains('w') {
        stacks[3] = "w".into();
    }
    if !seats.contains('g') {
        stacks[4] = "g".into();
    }
    for &(sq, group) in edits {
        stacks[sq - 1] = group.to_string();
    }
    format!("{STD} {} {seats} {to_move}", stacks.join("/"))
}
