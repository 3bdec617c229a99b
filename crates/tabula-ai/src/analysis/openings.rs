//! The opening table: the games of the balance match grouped by their first
//! [`OPENING_PLIES`] moves (as the records write them, chance events included), each line
//! with its number of games and every seat's win rate and Wilson 95% interval; the report
//! prints one table per seat, its lines most played first.

use super::dynamics::winner;
use crate::stats::{GameRecord, wilson_interval};
use serde::Serialize;
use std::collections::BTreeMap;

/// The moves that make an opening line.
pub const OPENING_PLIES: usize = 2;

/// The most played lines kept in the table.
pub const OPENING_ROWS: usize = 10;

/// One opening line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OpeningLine {
    /// Its first moves, in notation.
    pub moves: Vec<String>,
    /// Games that opened so.
    pub games: u64,
    /// Per seat, the games it won alone.
    pub wins: Vec<u64>,
    /// Per seat, `wins / games`.
    pub win_rate: Vec<f64>,
    /// Per seat, the win rate's Wilson 95% interval.
    pub ci95: Vec<[f64; 2]>,
}

/// The opening table of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Openings {
    /// The moves per line.
    pub plies: usize,
    /// Games with a recorded opening of that many moves.
    pub games: u64,
    /// Distinct lines among them.
    pub lines: u64,
    /// The [`OPENING_ROWS`] most played lines, most played first (ties in the order of the
    /// moves).
    pub rows: Vec<OpeningLine>,
}

/// The opening table of `records` (games with recorded moves) with `seats` seats; `None`
/// when no game has `plies` moves recorded.
pub fn openings(
    records: &[GameRecord],
    seats: usize,
    plies: usize,
    top: usize,
) -> Option<Openings> {
    let mut by_line: BTreeMap<&[String], (u64, Vec<u64>)> = BTreeMap::new();
    let mut games = 0;
    for r in records
        .iter()
        .filter(|r| r.moves.len() >= plies && plies > 0)
    {
        games += 1;
        let entry = by_line
            .entry(&r.moves[..plies])
            .or_insert_with(|| (0, vec![0; seats]));
        entry.0 += 1;
        if let Some(w) = winner(r).filter(|&w| w < seats) {
            entry.1[w] += 1;
        }
    }
    if games == 0 {
        return None;
    }
    let lines = by_line.len() as u64;
    let mut rows: Vec<OpeningLine> = by_line
        .into_iter()
        .map(|(moves, (n, wins))| OpeningLine {
            moves: moves.to_vec(),
            games: n,
            win_rate: wins.iter().map(|&w| w as f64 / n as f64).collect(),
            ci95: wins.iter().map(|&w| wilson_interval(w, n, 1.96)).collect(),
            wins,
        })
        .collect();
    // Stable: equal counts keep the moves' order.
    rows.sort_by_key(|r| std::cmp::Reverse(r.games));
    rows.truncate(top);
    Some(Openings {
        plies,
        games,
        lines,
        rows,
    })
}

impl Openings {
    /// The table of `seat` (0-based) as text lines.
    pub fn seat_table(&self, seat: usize) -> Vec<String> {
        let mut out = vec![format!(
            "  {:<24} {:>6}  {:>8}  95% interval",
            "opening", "games", "win rate"
        )];
        for row in &self.rows {
            let ci = row.ci95[seat];
            let mut line = row.moves.join(" ");
            if line.chars().count() > 24 {
                line = line.chars().take(23).collect::<String>() + "…";
            }
            out.push(format!(
                "  {:<24} {:>6}  {:>7.1}%  {:.1}% – {:.1}%",
                line,
                row.games,
                100.0 * row.win_rate[seat],
                100.0 * ci[0],
                100.0 * ci[1]
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &[&str], ranks: &[u8]) -> GameRecord {
        GameRecord {
            index: 0,
            seed: 0,
            bots_by_seat: vec![0, 0],
            ranks: ranks.to_vec(),
            scores: None,
            reason: Some(tabula_core::EndReason::Win),
            plies: moves.len() as u64,
            turns: moves.len() as u64,
            setup_plies: 0,
            clarity: None,
            positions: vec![],
            repeated: 0,
            choices: vec![],
            evals: vec![],
            spaces: vec![],
            opening: vec![],
            start: String::new(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            move_ms: vec![],
        }
    }

    #[test]
    fn lines_are_counted_with_each_seats_wins() {
        // "d c" three times (seat 1 wins two, one draw), "a b" once (seat 2 wins), and a
        // game too short to have a line.
        let games = [
            game(&["d", "c", "x"], &[1, 2]),
            game(&["d", "c", "y"], &[1, 2]),
            game(&["d", "c"], &[1, 1]),
            game(&["a", "b", "z"], &[2, 1]),
            game(&["a"], &[2, 1]),
        ];
        let o = openings(&games, 2, 2, 10).unwrap();
        assert_eq!((o.games, o.lines, o.rows.len()), (4, 2, 2));
        let first = &o.rows[0];
        assert_eq!(first.moves, ["d", "c"]);
        assert_eq!((first.games, first.wins.clone()), (3, vec![2, 0]));
        assert!((first.win_rate[0] - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(first.ci95[0], wilson_interval(2, 3, 1.96));
        assert_eq!(o.rows[1].wins, [0, 1]);
        let table = o.seat_table(1);
        assert!(
            table[2].contains("a b") && table[2].contains("100.0%"),
            "{table:?}"
        );
        // The most played line only.
        assert_eq!(openings(&games, 2, 2, 1).unwrap().rows.len(), 1);
        assert!(openings(&games, 2, 4, 10).is_none());
    }
}
