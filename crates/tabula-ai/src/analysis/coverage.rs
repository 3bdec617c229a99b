//! Board coverage (Ludii's *board coverage*): over the analysed games, the share of the
//! board's spaces ever used — a piece moved onto it or placed on it by a seat's action —
//! and how often each space was. The spaces and what uses them are each game's
//! ([`Game::board_spaces`](tabula_core::Game::board_spaces),
//! [`Game::spaces_used`](tabula_core::Game::spaces_used)); a game without a board has none.

use crate::stats::GameRecord;
use serde::Serialize;

/// How much of the board the games used.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardCoverage {
    /// `used / spaces`.
    pub fraction: f64,
    /// Spaces of the board.
    pub spaces: usize,
    /// Spaces used at least once.
    pub used: usize,
    /// Games counted (those with a coverage record).
    pub games: u64,
    /// For each space, in the game's order, how many actions used it over all the games.
    pub by_space: Vec<u64>,
    /// For each space, in how many games it was used at least once.
    pub games_by_space: Vec<u64>,
    /// Where each space is drawn, `(label, x, y)`, for a board without a grid
    /// ([`Game::board_layout`](tabula_core::Game::board_layout)); `None` otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<Vec<(String, f64, f64)>>,
}

/// The coverage of `records` (`None` when no record holds a board's counts: a game without
/// a board, or games played without recording decisions).
pub fn board_coverage(records: &[GameRecord]) -> Option<BoardCoverage> {
    let spaces = records.iter().map(|r| r.spaces.len()).max()?;
    if spaces == 0 {
        return None;
    }
    let mut by_space = vec![0u64; spaces];
    let mut games_by_space = vec![0u64; spaces];
    let mut games = 0;
    for r in records.iter().filter(|r| !r.spaces.is_empty()) {
        games += 1;
        for (i, &n) in r.spaces.iter().enumerate() {
            by_space[i] += n as u64;
            games_by_space[i] += (n > 0) as u64;
        }
    }
    let used = by_space.iter().filter(|&&n| n > 0).count();
    Some(BoardCoverage {
        fraction: used as f64 / spaces as f64,
        spaces,
        used,
        games,
        by_space,
        games_by_space,
        layout: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(spaces: Vec<u32>) -> GameRecord {
        GameRecord {
            index: 0,
            seed: 0,
            bots_by_seat: vec![0, 0],
            ranks: vec![1, 2],
            scores: None,
            reason: None,
            plies: 0,
            turns: 0,
            setup_plies: 0,
            clarity: None,
            positions: vec![],
            repeated: 0,
            choices: vec![],
            evals: vec![],
            spaces,
            opening: vec![],
            start: String::new(),
            moves: vec![],
            move_ms: vec![],
        }
    }

    #[test]
    fn coverage_of_hand_made_games() {
        // Two games on a 5-space board: spaces 0, 1 and 3 used, 2 and 4 never.
        let c = board_coverage(&[game(vec![2, 0, 0, 1, 0]), game(vec![1, 3, 0, 0, 0])]).unwrap();
        assert_eq!((c.spaces, c.used, c.games), (5, 3, 2));
        assert!((c.fraction - 0.6).abs() < 1e-12);
        assert_eq!(c.by_space, [3, 3, 0, 1, 0]);
        assert_eq!(c.games_by_space, [2, 1, 0, 1, 0]);
    }

    #[test]
    fn every_space_used_is_full_coverage() {
        let c = board_coverage(&[game(vec![1, 1]), game(vec![])]).unwrap();
        assert_eq!(c.fraction, 1.0);
        assert_eq!(c.games, 1, "a game without counts is not counted");
    }

    #[test]
    fn no_board_no_coverage() {
        assert_eq!(board_coverage(&[game(vec![]), game(vec![])]), None);
        assert_eq!(board_coverage(&[]), None);
    }
}
