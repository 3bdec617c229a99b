//! What the match runner records along one game for [`analysis`](crate::analysis), beyond
//! its result: the turns (runs of consecutive decisions by one seat), the positions seen
//! again, and each seat's estimated value after every ply ([`Evaluation`]).
//!
//! Values are expected returns in `[0, 1]` per seat, as in [`SearchReport`]
//! (`2·v − 1` maps them to `[-1, 1]`). With [`Evaluation::Players`] the value after a ply is
//! the acting bot's own estimate of the action it chose ([`Bot::last_value`]: MCTS's mean
//! return of that action, alpha-beta's score mapped by `0.5 + 0.5·evaluation`); a ply on
//! which it did not search (a forced move, a random bot) has no value. With
//! [`Evaluation::Evaluator`] a separate bot, which plays no seat, searches the position after
//! every ply with its own budget for the seat to act next (after chance events); a position
//! where the game is over takes the outcome's returns.
//!
//! [`SearchReport`]: crate::SearchReport

use crate::spec::BotSpec;
use crate::{AiError, Bot, SearchLimits};
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use tabula_core::{Notation, Seat, ToAct};

/// The evaluator `tabula analyze` values every position with by default: MCTS with a fixed
/// budget, whose value is a mean of playouts rather than a fixed-depth score (a fixed-depth
/// alpha-beta favours the seat that moves last in its horizon, so its values swing with
/// the search depth's parity).
pub const DEFAULT_EVALUATOR: &str = "mcts:iterations=500";

/// Where the per-ply evaluations of a match come from.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Evaluation {
    /// None recorded.
    #[default]
    Off,
    /// The playing bots' own searches.
    Players,
    /// A separate bot searching every position (built as bot number `names.len()` by
    /// [`run_match`](crate::arena::run_match)'s maker).
    Evaluator(BotSpec),
}

impl Evaluation {
    /// How the report names the source: `off`, `players (…)` or `evaluator SPEC`.
    pub fn describe(&self) -> String {
        match self {
            Evaluation::Off => "off".into(),
            Evaluation::Players => {
                "players (the playing bots' own values, each after its own move)".into()
            }
            Evaluation::Evaluator(spec) => format!("evaluator {spec}"),
        }
    }

    /// The source a user asked for: `None` is the separate [`DEFAULT_EVALUATOR`],
    /// `players` the playing bots' own values, `off` none, anything else a bot
    /// specification for the evaluator.
    pub fn from_option(text: Option<&str>) -> Result<Evaluation, AiError> {
        match text.map(str::trim) {
            None => Ok(Evaluation::Evaluator(DEFAULT_EVALUATOR.parse()?)),
            Some("players") => Ok(Evaluation::Players),
            Some("off") => Ok(Evaluation::Off),
            Some(spec) => Ok(Evaluation::Evaluator(spec.parse().map_err(|e| {
                AiError::spec(
                    spec,
                    format!("an evaluator is `players`, `off` or a bot specification ({e})"),
                )
            })?)),
        }
    }
}

/// The recording of one game in progress.
pub(crate) struct Tracer<G: Notation> {
    evaluator: Option<Box<dyn Bot<G>>>,
    players: bool,
    /// Positions are hashed only when asked (it costs a notation per ply).
    seen: Option<HashSet<u64>>,
    /// The value of each seat after each ply, so far.
    pub evals: Vec<Option<Vec<f64>>>,
    /// The hash of every position so far, the start first (when positions are hashed).
    pub positions: Vec<u64>,
    pub repeated: u64,
    pub turns: u64,
    last_seat: Option<Seat>,
    /// The evaluator has yet to value the position after the last ply.
    pending: bool,
    /// Sums over the evaluator's searches of the variance and the narrowness of its root
    /// actions' values ([`clarity`]), and the number of searches summed.
    clarity: (f64, f64, u32),
}

/// Ludii's clarity of one position from its actions' evaluations `e` (in `[−1, 1]`, for the
/// seat to act): the population variance of `e` (`ClarityVariance`), and the share of the
/// actions above `mean + 0.75·(max − mean)` (`ClarityNarrowness`); `None` without actions.
pub fn clarity(e: &[f64]) -> Option<(f64, f64)> {
    if e.is_empty() {
        return None;
    }
    let n = e.len() as f64;
    let mean = e.iter().sum::<f64>() / n;
    let max = e.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let variance = e.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    let threshold = mean + 0.75 * (max - mean);
    let above = e.iter().filter(|&&x| x > threshold).count() as f64;
    Some((variance, above / n))
}

/// Rounded to 4 decimals: estimates do not need more, and the records then read back exactly.
fn rounded(values: Vec<f64>) -> Vec<f64> {
    values
        .into_iter()
        .map(|v| (v * 10_000.0).round() / 10_000.0)
        .collect()
}

fn position_hash<G: Notation>(game: &G) -> u64 {
    let mut h = DefaultHasher::new();
    game.to_notation().hash(&mut h);
    h.finish()
}

impl<G: Notation> Tracer<G> {
    /// Starts recording at `game`'s first position. `evaluation` must be
    /// [`Evaluation::Evaluator`] exactly when `evaluator` is given.
    pub fn new(
        game: &G,
        evaluation: &Evaluation,
        evaluator: Option<Box<dyn Bot<G>>>,
        positions: bool,
    ) -> Self {
        let start = positions.then(|| position_hash(game));
        let seen = start.map(|h| HashSet::from([h]));
        Tracer {
            evaluator,
            players: *evaluation == Evaluation::Players,
            seen,
            evals: Vec::new(),
            positions: start.into_iter().collect(),
            repeated: 0,
            turns: 0,
            last_seat: None,
            pending: false,
            clarity: (0.0, 0.0, 0),
        }
    }

    /// `seat` (first of `to_act`'s seats) is about to decide in `game`: the evaluator values
    /// the position the last ply left.
    pub fn before_decision(&mut self, game: &G, seat: Seat) -> Result<(), AiError> {
        if !self.pending {
            return Ok(());
        }
        self.pending = false;
        if let Some(bot) = self.evaluator.as_mut() {
            let report = bot.analyse(game, seat, &SearchLimits::default(), false)?;
            if let Some(r) = &report {
                let e: Vec<f64> = r
                    .root
                    .iter()
                    .filter(|a| a.actor == Some(seat))
                    .filter_map(|a| a.value.get(seat.index()))
                    .map(|v| 2.0 * v - 1.0)
                    .collect();
                if let Some((variance, narrowness)) = clarity(&e) {
                    self.clarity.0 += variance;
                    self.clarity.1 += narrowness;
                    self.clarity.2 += 1;
                }
            }
            if let (Some(r), Some(last)) = (report, self.evals.last_mut()) {
                *last = Some(rounded(r.value)).filter(|v| !v.is_empty());
            }
        }
        Ok(())
    }

    /// Ludii's clarity of the game: the mean over the evaluator's searches of
    /// [`clarity`]'s variance and narrowness (rounded as values are); `None` without any.
    pub fn clarity(&self) -> Option<[f64; 2]> {
        let (v, n, k) = self.clarity;
        (k > 0).then(|| {
            let r = rounded(vec![v / k as f64, n / k as f64]);
            [r[0], r[1]]
        })
    }

    /// `action` is about to be applied to `before` (by a seat or chance).
    pub fn observe(&mut self, before: &G, action: G::Action) {
        if let Some(bot) = self.evaluator.as_mut() {
            bot.observe(before, action);
        }
    }

    /// `seat` played a ply, leading to `after`; `value` is its bot's own estimate.
    pub fn after_ply(&mut self, after: &G, seat: Seat, value: Option<Vec<f64>>) {
        if self.last_seat != Some(seat) {
            self.turns += 1;
            self.last_seat = Some(seat);
        }
        if let Some(seen) = self.seen.as_mut() {
            let h = position_hash(after);
            self.positions.push(h);
            if !seen.insert(h) {
                self.repeated += 1;
            }
        }
        if self.players {
            self.evals.push(value.map(rounded));
        } else if self.evaluator.is_some() {
            match after.to_act() {
                ToAct::Over(outcome) => {
                    let n = after.num_seats();
                    let returns = (0..n).map(|s| outcome.reward(Seat(s as u8))).collect();
                    self.evals.push(Some(rounded(returns)));
                }
                _ => {
                    self.evals.push(None);
                    self.pending = true;
                }
            }
        }
    }
}
