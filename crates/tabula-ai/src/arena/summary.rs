//! The match report from a match's game records: per-bot and per-seat results with Wilson
//! 95% intervals, draws and game lengths (the summary of [`super::run_match`] and of the
//! analysis runs).

use super::MatchConfig;
use crate::stats::{BotResult, GameRecord, MatchReport, PlyStats, Rate, SeatResult};
use tabula_core::Game;

/// The match report of `records` (every game of the match, in order).
pub(crate) fn summarise<G: Game>(
    names: &[String],
    seats: usize,
    config: &MatchConfig,
    records: Vec<GameRecord>,
    elapsed_s: f64,
) -> MatchReport {
    let n = names.len();
    // Per bot: wins, draws, returns; per bot and seat: wins and games.
    let mut wins = vec![0u64; n];
    let mut draws = vec![0u64; n];
    let mut games = vec![0u64; n];
    let mut returns = vec![0f64; n];
    let mut seat_games = vec![vec![0u64; seats]; n];
    let mut seat_wins = vec![vec![0u64; seats]; n];
    let mut by_seat_wins = vec![0u64; seats];
    let mut by_seat_draws = vec![0u64; seats];
    let (mut game_draws, mut unfinished) = (0u64, 0u64);
    for r in &records {
        let firsts = r.ranks.iter().filter(|&&k| k == 1).count();
        if r.reason.is_none() {
            unfinished += 1;
        }
        if r.reason.is_none() || firsts != 1 {
            game_draws += 1;
        }
        for (seat, &bot) in r.bots_by_seat.iter().enumerate() {
            games[bot] += 1;
            seat_games[bot][seat] += 1;
            let first = r.ranks.get(seat) == Some(&1);
            if first && firsts == 1 {
                wins[bot] += 1;
                seat_wins[bot][seat] += 1;
                by_seat_wins[seat] += 1;
                returns[bot] += 1.0;
            } else if first || r.reason.is_none() {
                // Shared first place, or an unfinished game (shared by everyone).
                draws[bot] += 1;
                by_seat_draws[seat] += 1;
                let sharing = if r.reason.is_none() { seats } else { firsts };
                returns[bot] += 1.0 / sharing as f64;
            }
        }
    }
    let bots = (0..n)
        .map(|b| {
            let rate = Rate::new(wins[b], games[b]);
            BotResult {
                index: b,
                bot: names[b].clone(),
                games: games[b],
                wins: wins[b],
                draws: draws[b],
                losses: games[b] - wins[b] - draws[b],
                win_rate: rate.win_rate,
                ci95: rate.ci95,
                mean_return: if games[b] == 0 {
                    0.0
                } else {
                    returns[b] / games[b] as f64
                },
                by_seat: (0..seats)
                    .map(|s| Rate::new(seat_wins[b][s], seat_games[b][s]))
                    .collect(),
            }
        })
        .collect();
    let total = records.len() as u64;
    let seat_results = (0..seats)
        .map(|s| {
            let rate = Rate::new(by_seat_wins[s], total);
            SeatResult {
                seat: s + 1,
                games: total,
                wins: by_seat_wins[s],
                draws: by_seat_draws[s],
                win_rate: rate.win_rate,
                ci95: rate.ci95,
            }
        })
        .collect();
    let plies: Vec<u64> = records.iter().map(|r| r.plies).collect();
    MatchReport {
        game: G::NAME.to_string(),
        games: records.len(),
        seats,
        seed: config.seed,
        race: config.race,
        opening_plies: config.opening_plies,
        bots,
        seat_results,
        draws: game_draws,
        unfinished,
        plies: PlyStats {
            mean: plies.iter().sum::<u64>() as f64 / plies.len().max(1) as f64,
            min: plies.iter().copied().min().unwrap_or(0),
            max: plies.iter().copied().max().unwrap_or(0),
        },
        elapsed_s,
        records,
    }
}
