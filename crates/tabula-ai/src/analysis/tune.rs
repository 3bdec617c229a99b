//! `tabula tune`: a search over rule settings for the one that best meets an
//! [`Objective`], by successive halving ([`successive_halving`]).
//!
//! Every setting starts with a few games; after each round the worse half is dropped, and
//! so is any setting whose 95% interval lies wholly on the wrong side of the leader's. The
//! survivors get more games the next round (the games already played are kept, so a setting
//! with `n` games has played games `0..n` of its seed). The search stops when one setting
//! is left, when the leader's interval is clear of every other survivor's, or when the
//! budget is spent. The same seed gives the same games, so the same search.

use super::AnalysisReport;
use crate::stats::wilson_interval;
use serde::Serialize;
use std::fmt;

/// What a search looks for, measured on one setting's balance match.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "name")]
pub enum Objective {
    /// The seats' win rates as close as can be to the fair share: minimises the largest
    /// distance of a seat's win rate from it.
    Balance,
    /// The fewest draws and unfinished games: minimises their share of the games.
    Draws,
    /// Games of a given mean length in plies: minimises the distance from it.
    Length {
        /// The length sought, in plies.
        target: f64,
    },
    /// The most drama (dynamics): maximises the mean drama per game.
    Drama,
    /// The most decisive games (dynamics): maximises the mean decisiveness.
    Decisiveness,
    /// The most lead changes per game (dynamics): maximises their mean.
    LeadChanges,
}

/// The objectives' names as `--objective` takes them.
pub const OBJECTIVES: &str = "balance, draws, length=PLIES, drama, decisiveness, lead-changes";

impl Objective {
    /// Parses `balance`, `draws`, `length=PLIES`, `drama`, `decisiveness` or `lead-changes`.
    pub fn parse(text: &str) -> Result<Objective, String> {
        let text = text.trim();
        if let Some(target) = text.strip_prefix("length=") {
            return match target.trim().parse::<f64>() {
                Ok(t) if t.is_finite() && t > 0.0 => Ok(Objective::Length { target: t }),
                _ => Err(format!(
                    "objective `{text}`: the length must be a positive number of plies"
                )),
            };
        }
        match text {
            "balance" => Ok(Objective::Balance),
            "draws" => Ok(Objective::Draws),
            "drama" => Ok(Objective::Drama),
            "decisiveness" => Ok(Objective::Decisiveness),
            "lead-changes" => Ok(Objective::LeadChanges),
            "length" => Err("objective `length` needs the length sought: length=PLIES".into()),
            _ => Err(format!(
                "unknown objective `{text}`: expected one of {OBJECTIVES}"
            )),
        }
    }

    /// What the figure is, for a plot's axis or a table's column.
    pub fn figure(self) -> String {
        match self {
            Objective::Balance => "largest gap from the fair share".into(),
            Objective::Draws => "share of games not decided".into(),
            Objective::Length { target } => format!("distance from {target} plies"),
            Objective::Drama => "drama".into(),
            Objective::Decisiveness => "decisiveness".into(),
            Objective::LeadChanges => "lead changes per game".into(),
        }
    }

    /// Whether a larger figure is better.
    pub fn maximise(self) -> bool {
        matches!(
            self,
            Objective::Drama | Objective::Decisiveness | Objective::LeadChanges
        )
    }

    /// Whether the figure comes from the dynamics (per-ply evaluations, which cost a search
    /// per position).
    pub fn needs_dynamics(self) -> bool {
        self.maximise()
    }

    /// The figure of `report` with its 95% interval; `None` when the report has no data for
    /// it (no dynamics, no game that ended).
    pub fn measure(self, report: &AnalysisReport) -> Option<Estimate> {
        let games = report.games;
        let est = |value: f64, ci95: [f64; 2]| Estimate { value, ci95, games };
        match self {
            Objective::Balance => {
                let b = &report.balance;
                if b.seats.is_empty() || b.games == 0 {
                    return None;
                }
                let fair = b.fair_win_rate;
                let gap = |x: f64| (x - fair).abs();
                let mut value: f64 = 0.0;
                let mut ci95 = [0.0_f64, 0.0_f64];
                for s in &b.seats {
                    let [lo, hi] = s.ci95;
                    value = value.max(gap(s.win_rate));
                    let nearest = if (lo..=hi).contains(&fair) {
                        0.0
                    } else {
                        gap(lo).min(gap(hi))
                    };
                    ci95[0] = ci95[0].max(nearest);
                    ci95[1] = ci95[1].max(gap(lo).max(gap(hi)));
                }
                Some(est(value, ci95))
            }
            Objective::Draws => {
                let n = report.balance.games;
                if n == 0 {
                    return None;
                }
                let decisive = report.balance.outcomes.decisive;
                let other = n - decisive.min(n);
                Some(est(
                    other as f64 / n as f64,
                    wilson_interval(other, n, 1.96),
                ))
            }
            Objective::Length { target } => {
                let t = &report.length;
                if t.games == 0 {
                    return None;
                }
                let half = 1.96 * t.sd / (t.games as f64).sqrt();
                let (lo, hi) = (t.mean - half, t.mean + half);
                let nearest = if (lo..=hi).contains(&target) {
                    0.0
                } else {
                    (lo - target).abs().min((hi - target).abs())
                };
                let farthest = (lo - target).abs().max((hi - target).abs());
                Some(est((t.mean - target).abs(), [nearest, farthest]))
            }
            Objective::Drama | Objective::Decisiveness | Objective::LeadChanges => {
                let d = report.dynamics.as_ref()?;
                let m = match self {
                    Objective::Drama => d.drama,
                    Objective::Decisiveness => d.decisiveness,
                    _ => d.lead_changes,
                };
                (m.n > 0).then(|| est(m.mean, m.ci95))
            }
        }
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Objective::Balance => write!(f, "balance"),
            Objective::Draws => write!(f, "draws"),
            Objective::Length { target } => write!(f, "length={target}"),
            Objective::Drama => write!(f, "drama"),
            Objective::Decisiveness => write!(f, "decisiveness"),
            Objective::LeadChanges => write!(f, "lead-changes"),
        }
    }
}

/// A setting's figure after some games, with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The figure.
    pub value: f64,
    /// Its 95% interval `[low, high]`.
    pub ci95: [f64; 2],
    /// The games it was measured on.
    pub games: usize,
}

/// One measurement of the search: a setting after a round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Trial {
    /// The round, from 0.
    pub round: usize,
    /// The setting's index in the list searched.
    pub setting: usize,
    /// The figure after the round's games (`None`: the games gave no data for it; such a
    /// setting is dropped).
    pub estimate: Option<Estimate>,
    /// Whether the setting goes on to the next round (or, in the last round, is the best).
    pub kept: bool,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Search {
    /// Every measurement, round by round, settings in order.
    pub trials: Vec<Trial>,
    /// The best setting's index.
    pub best: usize,
    /// Games played over all settings.
    pub games: usize,
    /// Why the search stopped: `one left`, `separated` (the leader's interval is clear of
    /// every other survivor's) or `budget`.
    pub stopped: &'static str,
}

impl Search {
    /// Each setting's last measurement, by index (`None` for a setting never measured).
    pub fn last(&self, settings: usize) -> Vec<Option<&Trial>> {
        let mut out = vec![None; settings];
        for t in &self.trials {
            if t.setting < settings {
                out[t.setting] = Some(t);
            }
        }
        out
    }
}

/// The fewest games a setting plays in the first round.
pub const MIN_FIRST_ROUND: usize = 4;

/// Successive halving over `settings` settings with `budget` games in all, driven by
/// `measure(setting, games)`, which plays the setting's games `0..games` (keeping those
/// already played) and returns its figure; `maximise` says which way is better. A loop over
/// a [`Tuner`]'s rounds.
pub fn successive_halving<E>(
    settings: usize,
    budget: usize,
    maximise: bool,
    measure: &mut dyn FnMut(usize, usize) -> Result<Option<Estimate>, E>,
) -> Result<Search, String>
where
    E: fmt::Display,
{
    let mut tuner = Tuner::new(settings, budget, maximise)?;
    while let Some(round) = tuner.next_round() {
        let mut estimates = Vec::with_capacity(round.len());
        for (s, games) in round {
            estimates.push(measure(s, games).map_err(|e| e.to_string())?);
        }
        tuner.report(&estimates)?;
    }
    tuner.finish()
}

/// The state of a successive halving search, driven round by round: [`Tuner::next_round`]
/// says which settings to measure and on how many games, [`Tuner::report`] takes their
/// figures, [`Tuner::finish`] gives the search. The rounds are ⌈log₂ settings⌉ (at least
/// one), each spending an equal share of the budget on its survivors, so that halving
/// leaves one setting after the last. Ties go to the setting listed first. Whoever plays
/// the games (every core here, a cluster elsewhere), the same figures give the same search.
#[derive(Clone, Debug)]
pub struct Tuner {
    rounds: usize,
    per_round: usize,
    sign: f64,
    alive: Vec<usize>,
    played: Vec<usize>,
    trials: Vec<Trial>,
    spent: usize,
    stopped: &'static str,
    round: usize,
    done: bool,
}

impl Tuner {
    /// A search over `settings` settings with `budget` games in all; `maximise` says which
    /// way is better. Refuses no setting, or a budget too small for the first round.
    pub fn new(settings: usize, budget: usize, maximise: bool) -> Result<Tuner, String> {
        if settings == 0 {
            return Err("nothing to search: no setting".into());
        }
        let rounds = (settings as f64).log2().ceil().max(1.0) as usize;
        let per_round = budget / rounds;
        if per_round / settings < MIN_FIRST_ROUND {
            return Err(format!(
                "a budget of {budget} games is too small for {settings} settings: the first \
                 round needs {MIN_FIRST_ROUND} games per setting, so at least {} games",
                MIN_FIRST_ROUND * settings * rounds
            ));
        }
        Ok(Tuner {
            rounds,
            per_round,
            sign: if maximise { -1.0 } else { 1.0 },
            alive: (0..settings).collect(),
            played: vec![0; settings],
            trials: Vec::new(),
            spent: 0,
            stopped: "budget",
            round: 0,
            done: false,
        })
    }

    /// The settings to measure this round, in order, each with the games it must have
    /// played by the end of the round (its games `0..games`; those below
    /// [`Tuner::played`] are already played); `None` once the search is over.
    pub fn next_round(&self) -> Option<Vec<(usize, usize)>> {
        if self.done {
            return None;
        }
        let share = self.per_round / self.alive.len();
        Some(
            self.alive
                .iter()
                .map(|&s| (s, self.played[s] + share))
                .collect(),
        )
    }

    /// The games setting `s` has played so far (0 for an unknown setting).
    pub fn played(&self, s: usize) -> usize {
        self.played.get(s).copied().unwrap_or(0)
    }

    /// Takes the figures of this round's settings, in [`Tuner::next_round`]'s order, and
    /// keeps the better half (or ends the search). Refuses a wrong count, or a report
    /// after the end.
    pub fn report(&mut self, estimates: &[Option<Estimate>]) -> Result<(), String> {
        let Some(wanted) = self.next_round() else {
            return Err("the search is over: no round to report".into());
        };
        if estimates.len() != wanted.len() {
            return Err(format!(
                "round {} measures {} settings, not {}",
                self.round + 1,
                wanted.len(),
                estimates.len()
            ));
        }
        let sign = self.sign;
        let mut scored: Vec<(usize, Option<Estimate>)> = Vec::new();
        for (&(s, games), e) in wanted.iter().zip(estimates) {
            self.spent += games - self.played[s];
            self.played[s] = games;
            scored.push((s, *e));
        }
        let key = |e: &Estimate| sign * e.value;
        // Sorted best first, unmeasurable last, ties by index.
        scored.sort_by(|(a, ea), (b, eb)| match (ea, eb) {
            (Some(x), Some(y)) => key(x).total_cmp(&key(y)).then(a.cmp(b)),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => a.cmp(b),
        });
        // The interval's ends in the "lower is better" order.
        let span = |e: &Estimate| {
            let [a, b] = e.ci95.map(|x| sign * x);
            (a.min(b), a.max(b))
        };
        let leader = scored[0].1;
        let keep_count = self.alive.len().div_ceil(2);
        let mut next = Vec::new();
        for (i, (s, e)) in scored.iter().enumerate() {
            let clear_of_leader = match (leader, e) {
                (Some(l), Some(x)) => i > 0 && span(&l).1 < span(x).0,
                (Some(_), None) => true,
                _ => false,
            };
            if i < keep_count && !clear_of_leader {
                next.push(*s);
            }
        }
        let separated = scored.len() > 1
            && leader.is_some_and(|l| {
                scored[1..]
                    .iter()
                    .all(|(_, e)| e.is_none_or(|x| span(&l).1 < span(&x).0))
            });
        let last = self.round + 1 == self.rounds || next.len() <= 1 || separated;
        if last {
            next.truncate(1);
            self.stopped = if separated {
                "separated"
            } else if next.len() <= 1 {
                "one left"
            } else {
                "budget"
            };
        }
        for (s, e) in &scored {
            self.trials.push(Trial {
                round: self.round,
                setting: *s,
                estimate: *e,
                kept: next.contains(s),
            });
        }
        let from = self.trials.len() - scored.len();
        self.trials[from..].sort_by_key(|t| t.setting);
        self.alive = next;
        self.round += 1;
        self.done = last;
        Ok(())
    }

    /// Whether the search is over.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The search; refused before its end, or when no setting gave a figure.
    pub fn finish(self) -> Result<Search, String> {
        if !self.done {
            return Err(format!("the search is not over (round {})", self.round + 1));
        }
        let best = match self.alive.first() {
            Some(&b) => b,
            None => return Err("no setting gave a figure for the objective".into()),
        };
        Ok(Search {
            trials: self.trials,
            best,
            games: self.spent,
            stopped: self.stopped,
        })
    }
}

#[cfg(test)]
#[path = "tune_tests.rs"]
mod tests;
