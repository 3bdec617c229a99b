//! Helpers shared by the scenario tests: positions from notation, actions in notation.
#![allow(dead_code)]

use tabula_china_moon::{ChinaMoon, Params};
use tabula_core::{ActionError, Actor, Game, Notation, Presentation, Seat};

/// The player count a position's frog field gives.
pub fn players_of(position: &str) -> usize {
    position
        .split_whitespace()
        .nth(1)
        .map_or(0, |frogs| frogs.split('/').count())
}

/// A position on the standard board.
pub fn game(position: &str) -> ChinaMoon {
    ChinaMoon::from_notation(&Params::players(players_of(position)), position)
        .unwrap_or_else(|e| panic!("{e}: {position}"))
}

pub fn seat(number: usize) -> Actor {
    Actor::Seat(Seat::from_number(number).expect("seat number"))
}

/// Plays `action` (notation) as seat `number`, panicking with the reason if refused.
pub fn play(g: &mut ChinaMoon, number: usize, action: &str) {
    if let Err(e) = g.apply_notation(seat(number), action) {
        panic!(
            "`{action}` by seat {number} refused: {e}\n{}",
            g.board_text()
        );
    }
}

/// The reason `action` by seat `number` is refused; the state must not change.
pub fn refusal(g: &ChinaMoon, number: usize, action: &str) -> ActionError {
    let mut copy = g.clone();
    let before = g.to_notation();
    let action = copy
        .parse_action(seat(number), action)
        .unwrap_or_else(|e| panic!("{e}"));
    let err = copy
        .try_apply(seat(number), action)
        .expect_err("the action should be refused");
    assert_eq!(
        copy.to_notation(),
        before,
        "a refused action changed the state"
    );
    err
}

/// The legal actions now, in notation, sorted.
pub fn legal(g: &ChinaMoon) -> Vec<String> {
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    let mut list: Vec<String> = actions.iter().map(|&a| g.format_action(a)).collect();
    list.sort();
    list
}

/// A seat's hand in letters.
pub fn hand(g: &ChinaMoon, number: usize) -> String {
    g.hand(Seat::from_number(number).expect("seat"))
        .to_letters()
}

/// The notation field `i` (0-based) of the position.
pub fn field(g: &ChinaMoon, i: usize) -> String {
    g.to_notation()
        .split_whitespace()
        .nth(i)
        .expect("nine fields")
        .to_string()
}
