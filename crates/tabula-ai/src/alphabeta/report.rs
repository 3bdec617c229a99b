//! Alpha-beta's [`SearchReport`]: a search under [`SearchLimits`], the root moves' scores
//! (every move's, searched with a full window, when asked), the value per seat and the
//! principal variation from the transposition table.

use super::search::{EVAL_SCALE, WIN_BOUND};
use super::{AlphaBetaBot, AlphaBetaResult};
use crate::AiError;
use crate::level::Engine;
use crate::report::{RootStat, SearchLimits, SearchReport};
use tabula_core::{Heuristic, Seat, ToAct, Zobrist};

/// The value in `[0, 1]` of `score` for the seat it is the score of: 1 a proven win, 0 a
/// proven loss, else `0.5 + 0.5·evaluation`.
pub fn score_value(score: i32) -> f64 {
    if score > WIN_BOUND {
        1.0
    } else if score < -WIN_BOUND {
        0.0
    } else {
        (0.5 + 0.5 * score as f64 / EVAL_SCALE).clamp(0.0, 1.0)
    }
}

/// Both seats' values, `mover`'s being `score_value(score)`.
pub(crate) fn seat_values(mover: Seat, score: i32) -> Vec<f64> {
    let v = score_value(score);
    if mover.index() == 0 {
        vec![v, 1.0 - v]
    } else {
        vec![1.0 - v, v]
    }
}

impl<G: Zobrist + Heuristic> AlphaBetaBot<G> {
    /// Searches `game` for `seat` (the seat to move) within `limits`: `depth` is the deepest
    /// iteration, `iterations` the node limit, `movetime` the wall time; a time limit alone
    /// lifts the node limit and deepens up to [`SearchLimits::TIMED_DEPTH`]. The
    /// configuration is restored afterwards. With `every_root_action`, every root move is
    /// searched with a full window and listed with its score. See [`crate::Bot::analyse`].
    pub fn analyse_seat(
        &mut self,
        game: &G,
        seat: Seat,
        limits: &SearchLimits,
        every_root_action: bool,
    ) -> Result<SearchReport<G::Action>, AiError> {
        limits.check().map_err(AiError::Unsupported)?;
        match game.to_act() {
            ToAct::Over(_) => return Err(AiError::GameOver),
            ToAct::One(s) if s == seat => {}
            _ => return Err(AiError::SeatCannotAct(seat)),
        }
        let saved = self.config.clone();
        if !limits.is_empty() {
            let time_only = limits.iterations.is_none() && limits.depth.is_none();
            self.config.time_ms = limits.time_ms;
            self.config.max_nodes = limits.iterations;
            self.config.max_depth = match (limits.depth, time_only) {
                (Some(d), _) => d,
                (None, true) => SearchLimits::TIMED_DEPTH,
                (None, false) => self.config.max_depth,
            };
        }
        let searched = self.search_root(game, every_root_action);
        self.config = saved;
        let (result, scores) = searched?;
        let root = scores
            .into_iter()
            .map(|(action, score)| RootStat {
                actor: Some(seat),
                action,
                visits: None,
                value: seat_values(seat, score),
                score: Some(score),
            })
            .collect();
        Ok(of_result(&result, seat, root))
    }
}

/// The report of a search for `seat` that found `result`, listing `root`.
pub(crate) fn of_result<A: Copy>(
    result: &AlphaBetaResult<A>,
    seat: Seat,
    root: Vec<RootStat<A>>,
) -> SearchReport<A> {
    let mate_in = result
        .proven_in()
        .map(|(wins, plies)| if wins { plies as i32 } else { -(plies as i32) });
    SearchReport {
        engine: Engine::AlphaBeta,
        best: Some(result.best),
        iterations: None,
        depth: Some(result.depth),
        nodes: result.nodes,
        elapsed: result.elapsed,
        value: seat_values(seat, result.score),
        score: Some(result.score),
        mate_in,
        pv: result.pv.clone(),
        root,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_scores_are_certain_values_and_evaluations_are_halved_around_a_draw() {
        use super::super::search::WIN;
        assert_eq!(score_value(WIN - 3), 1.0);
        assert_eq!(score_value(-(WIN - 3)), 0.0);
        assert_eq!(score_value(0), 0.5);
        assert!((score_value(EVAL_SCALE as i32 / 2) - 0.75).abs() < 1e-9);
        assert_eq!(seat_values(Seat(1), WIN - 1), [0.0, 1.0]);
    }
}
