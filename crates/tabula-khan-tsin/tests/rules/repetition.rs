//! Ruling R9 (docs/rules/khan-tsin.md): the third occurrence of a position with the same seat
//! to act ends the game in a draw by repetition; a position read from notation starts with an
//! empty history.

use crate::common;

use common::*;
use rand::RngExt;
use std::collections::HashMap;
use tabula_core::{EndReason, Game, Notation, Presentation, Zobrist, rng_from_seed};
use tabula_khan_tsin::{KhanTsin, Params};

fn reason(g: &KhanTsin) -> Option<EndReason> {
    g.outcome().map(|o| o.reason)
}

/// Plays games choosing at random between the first two legal actions (so that they go
/// round in circles) and counts occurrences by notation, independently of the game's own
/// history: a game ends by repetition exactly at the first third occurrence within the last
/// 64 positions of the movement phase. Returns the games that ended so, as (the position
/// 8 plies before the end, the last 8 actions).
fn repeated_games(seed: u64) -> Vec<(String, Vec<String>)> {
    let mut rng = rng_from_seed(seed);
    let mut actions = Vec::new();
    let mut found = Vec::new();
    for players in [2, 3] {
        let params = Params {
            players,
            max_plies: Some(3000),
            ..Params::default()
        };
        for _ in 0..30 {
            let mut g = KhanTsin::new_random(&params, &mut rng).unwrap();
            let mut seen = vec![g.to_notation()];
            let mut played: Vec<String> = Vec::new();
            while !g.is_over() {
                g.legal_actions(&mut actions);
                let a = actions[rng.random_range(0..actions.len().min(2))];
                played.push(g.format_action(a));
                g.apply(a);
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
                if by_repetition && played.len() >= 8 {
                    let start = seen[seen.len() - 9].clone();
                    found.push((start, played[played.len() - 8..].to_vec()));
                }
            }
        }
    }
    found
}

#[test]
fn r9_random_games_end_by_repetition_exactly_when_notation_repeats_thrice() {
    let found = repeated_games(9);
    assert!(!found.is_empty(), "some game repeats");
}

/// Green cannot move and passes; white's token goes 29→34 and back.
const SHUFFLE: &str = "123231312132213321123231312132213321 -/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/-/bW/-/bbw/-/bbgwG/bwgwgb/-/bwgggw/bgbggbwww/wgbwg wg g";
const CYCLE: [&str; 4] = ["pass", "29:1>34", "pass", "34:1>29"];

fn play_all(g: &mut KhanTsin, actions: &[&str]) {
    for a in actions {
        play(g, a);
    }
}

#[test]
fn r9_third_occurrence_of_a_position_is_a_draw_by_repetition() {
    let mut g = pos(SHUFFLE);
    play_all(&mut g, &CYCLE);
    assert_eq!(g.to_notation(), SHUFFLE);
    assert!(!g.is_over(), "second occurrence: play goes on");
    play_all(&mut g, &CYCLE[..3]);
    assert!(!g.is_over());
    play_all(&mut g, &CYCLE[3..]);
    assert_eq!(g.to_notation(), SHUFFLE);
    assert_eq!(reason(&g), Some(EndReason::Repetition));
    assert_eq!(g.outcome().unwrap().ranks(), &[1, 1]);
    assert!(legal(&g).is_empty());
    assert!(g.board_text().contains("repetition"));
    let view = serde_json::to_value(g.view(None)).unwrap();
    assert_eq!(view["outcome"]["reason"], "repetition");
}

#[test]
fn r9_a_position_read_from_notation_starts_with_an_empty_history() {
    let mut g = pos(SHUFFLE);
    play_all(&mut g, &CYCLE);
    play_all(&mut g, &CYCLE[..3]);
    let mut read = pos(&g.to_notation());
    play_all(&mut read, &CYCLE[3..]);
    assert!(
        !read.is_over(),
        "the read position's history held only itself"
    );
    let mut again = pos(SHUFFLE);
    play_all(&mut again, &CYCLE);
    assert_eq!(again.zobrist(), pos(SHUFFLE).zobrist());
    assert_ne!(again.search_key(), pos(SHUFFLE).search_key());
}
