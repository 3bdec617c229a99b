//! Ruling R14 (docs/rules/toumai.md): the third occurrence of a position with the same seat
//! to act ends the game in a draw by repetition; a position read from notation starts with an
//! empty history; an irreversible action starts the count afresh.

use crate::common;

use common::*;
use rand::RngExt;
use std::collections::HashMap;
use tabula_core::{EndReason, Game, Notation, Presentation, Zobrist, rng_from_seed};
use tabula_toumai::{Params, Toumai};

/// Four plies that bring [`START2`] back: Yellow's 1 flies a→b, Red's d→f, and both back.
const CYCLE: [&str; 4] = ["a:1>b", "d:1>f", "b:1>a", "f:1>d"];

fn reason(g: &Toumai) -> Option<EndReason> {
    g.outcome().map(|o| o.reason)
}

#[test]
fn r14_third_occurrence_of_a_position_is_a_draw_by_repetition() {
    let mut g = pos(START2);
    play(&mut g, &CYCLE);
    assert_eq!(g.to_notation(), START2, "the cycle comes back");
    assert!(!g.is_over(), "second occurrence: play goes on");
    play(&mut g, &CYCLE[..3]);
    assert!(!g.is_over());
    play(&mut g, &CYCLE[3..]);
    assert_eq!(g.to_notation(), START2);
    assert_eq!(reason(&g), Some(EndReason::Repetition));
    assert!(g.outcome().unwrap().is_draw());
    assert_eq!(g.outcome().unwrap().ranks(), &[1, 1]);
    assert!(legal(&g).is_empty(), "a finished game offers nothing");
    assert!(g.board_text().contains("repetition"));
    let view = serde_json::to_value(g.view(None)).unwrap();
    assert_eq!(view["outcome"]["reason"], "repetition");
}

#[test]
fn r14_other_positions_of_the_cycle_end_it_on_their_own_third_occurrence() {
    // Starting one ply into the cycle, the position after `a:1>b` is the one repeated.
    let mut g = pos(START2);
    play(&mut g, &CYCLE[..1]);
    let mut g = pos(&g.to_notation());
    for _ in 0..2 {
        play(&mut g, &CYCLE[1..]);
        play(&mut g, &CYCLE[..1]);
    }
    assert_eq!(reason(&g), Some(EndReason::Repetition));
}

#[test]
fn r14_a_position_read_from_notation_starts_with_an_empty_history() {
    let mut g = pos(START2);
    play(&mut g, &CYCLE);
    play(&mut g, &CYCLE[..3]);
    // Read back one ply before the third occurrence: the past is forgotten.
    let mut read = pos(&g.to_notation());
    assert_eq!(read.to_notation(), g.to_notation());
    play(&mut read, &CYCLE[3..]);
    assert!(
        !read.is_over(),
        "the read position's history held only itself"
    );
    play(&mut g, &CYCLE[3..]);
    assert!(g.is_over());
    // Its search key differs from the played game's: the histories differ.
    let a = pos(START2);
    let mut b = pos(START2);
    play(&mut b, &CYCLE);
    assert_eq!(a.zobrist(), b.zobrist());
    assert_ne!(a.search_key(), b.search_key());
}

#[test]
fn r14_another_last_swap_is_another_position() {
    // The same board with Yellow marked as having swapped last turn is another position.
    let with_swap = START2.replace(" -", " Y");
    let mut s = pos(&with_swap);
    play(&mut s, &CYCLE);
    assert_eq!(
        s.to_notation(),
        START2,
        "the swap mark is gone after a flight"
    );
    play(&mut s, &CYCLE);
    assert!(!s.is_over(), "the first position had another `<last-swap>`");
    // The position after `a:1>b` was the same all three times.
    play(&mut s, &CYCLE[..1]);
    assert_eq!(reason(&s), Some(EndReason::Repetition));
}

/// Plays games choosing at random between the first two legal actions (so that they go
/// round in circles) and counts occurrences by notation, independently of the game's own
/// history: the game ends by repetition exactly at the first third occurrence within
/// the window, the count restarting at a wand won.
#[test]
fn r14_random_games_end_by_repetition_exactly_when_notation_repeats_thrice() {
    let mut rng = rng_from_seed(14);
    let mut actions = Vec::new();
    let mut repetitions = 0;
    for players in [2, 3] {
        let params = Params {
            players,
            max_plies: Some(3000),
            ..Params::default()
        };
        for _ in 0..40 {
            let mut g = Toumai::new_random(&params, &mut rng).unwrap();
            let mut seen: Vec<String> = vec![g.to_notation()];
            loop {
                let wands: Vec<u8> = g.wands().to_vec();
                if g.is_over() {
                    break;
                }
                g.legal_actions(&mut actions);
                let a = actions[rng.random_range(0..actions.len().min(2))];
                g.apply(a);
                if g.wands() != wands.as_slice() {
                    seen.clear();
                }
                seen.push(g.to_notation());
                let window = &seen[seen.len().saturating_sub(64)..];
                let mut counts: HashMap<&str, usize> = HashMap::new();
                for p in window {
                    *counts.entry(p.as_str()).or_default() += 1;
                }
                let third = counts[seen.last().unwrap().as_str()] >= 3;
                let by_repetition = reason(&g) == Some(EndReason::Repetition);
                if g.outcome().is_none_or(|o| o.reason != EndReason::Win) {
                    assert_eq!(third, by_repetition, "at `{}`", g.to_notation());
                }
                repetitions += by_repetition as usize;
            }
        }
    }
    assert!(repetitions > 0, "some random game repeats");
}
