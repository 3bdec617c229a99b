//! Helpers shared by the rule tests: reading positions, listing legal actions in notation,
//! playing actions through the checked path, and the positions the tests use.
#![allow(dead_code)]

use tabula_core::{ActionError, Actor, Game, Notation, Seat};
use tabula_toumai::{Params, Toumai};

/// 2 players, start of play: the rules file's example position.
pub const START2: &str = "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 -";
/// 3 players, start of play.
pub const START3: &str = "Y1RM/R1Y2/B1BM/Y2R2/R2B2/B2YM/Y3B1/R3R1/B3Y1 YRB Y 000 -";
/// `b:2>a` completes line a with Yellow's magician on top (a wand); `g:2>a` completes it
/// with a strength-2 pawn on top (no wand). Empty lines c, f, i.
pub const COMPLETE: &str = "R1Y2R2BN/BNYM/-/Y1BNY3/R3BN/-/RMY1R1BNY2/R2BN/- YR Y 10 -";
/// Only 4 non-empty lines: a, c, f, h.
pub const FEW: &str = "Y1R1BNBNR2Y3/-/R3Y1BNR1YM/-/-/BNY2R2BN/-/RMY2BN/- YR Y 00 -";
/// Three full lines: no flight is possible at all.
pub const FULL3: &str = "Y1R1BNBNR2Y3/-/-/R3Y1BNBNR1YM/-/-/Y2R2BNBNY2RM/-/- YR Y 00 -";
/// `b:2>a` would complete line a but leaves no empty line (R7).
pub const NO_ROOM: &str = "Y1BNR1BN/Y1R3YM/Y2R1/BNR2/R2Y3/BNRM/Y2/BN/BN YR Y 00 -";

pub fn params() -> Params {
    Params::default()
}

pub fn pos(text: &str) -> Toumai {
    Toumai::from_notation(&params(), text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

pub fn pos_with(params: &Params, text: &str) -> Toumai {
    Toumai::from_notation(params, text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// The legal actions of the seat to act, in notation, sorted.
pub fn legal(g: &Toumai) -> Vec<String> {
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    let mut texts: Vec<String> = actions.iter().map(|&a| g.format_action(a)).collect();
    texts.sort();
    texts
}

/// The legal actions starting with `prefix`.
pub fn legal_starting(g: &Toumai, prefix: &str) -> Vec<String> {
    legal(g)
        .into_iter()
        .filter(|a| a.starts_with(prefix))
        .collect()
}

fn mover(g: &Toumai) -> Actor {
    match g.to_act() {
        tabula_core::ToAct::One(s) => Actor::Seat(s),
        _ => Actor::Seat(Seat(0)),
    }
}

/// Plays actions in notation through the checked path; panics on a refusal.
pub fn play(g: &mut Toumai, actions: &[&str]) {
    for a in actions {
        let actor = mover(g);
        if let Err(e) = g.apply_notation(actor, a) {
            panic!("`{a}` refused in `{}`: {e}", g.to_notation());
        }
    }
}

/// The position after playing `actions` from `text`.
pub fn after(text: &str, actions: &[&str]) -> String {
    let mut g = pos(text);
    play(&mut g, actions);
    g.to_notation()
}

/// Why the seat to act may not play `action` (panics if it may). The state must not change.
pub fn refusal(g: &Toumai, action: &str) -> String {
    let before = g.to_notation();
    let mut copy = g.clone();
    let actor = mover(g);
    let result = copy.apply_notation(actor, action);
    assert_eq!(
        copy.to_notation(),
        before,
        "a refused action changed the state"
    );
    match result {
        Ok(_) => panic!("`{action}` was accepted in `{before}`"),
        Err(e) => e.to_string(),
    }
}

/// Whether the seat to act may play `action`, by the rule check alone.
pub fn allowed(g: &Toumai, action: &str) -> bool {
    let actor = mover(g);
    match g.parse_action(actor, action) {
        Ok(a) => g.validate(actor, a).is_ok(),
        Err(_) => false,
    }
}

pub fn is_illegal(e: &ActionError) -> bool {
    matches!(e, ActionError::Illegal(_))
}
