//! Analysis of a match (`POST`/`GET /api/matches/{id}/analysis`): every position of the
//! match searched by the server's analysis bot, on the bots' threads (`bots.rs`'s permits),
//! at most [`AnalysisOptions::per_match`] positions of one match at once, each within the
//! per-position budget. For each position: the value for every seat and the best action for
//! the seat to move; for each seat's move: the value it lost against the best action and a
//! [`Mark`] from that loss.
//!
//! Results are kept in memory per match (the newest [`KEEP_ANALYSES`] matches), so a second
//! viewer joins the first one's analysis instead of starting another. The analysed line is
//! the match's moves; when a live match moves on the line grows, and after a takeback only the
//! positions before the first changed move are kept.
//!
//! A match whose game has hidden information is analysed only once it is over: the search
//! sees the whole state, and its values and best moves would tell what the seats may not see.

use super::{MatchHandle, Services, bot_seed};
use crate::ApiError;
use crate::store::LogActor;
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use tabula_ai::SearchLimits;
use tabula_core::{Seat, ToAct};
use tabula_registry::DynGame;

/// A loss of at least this much expected return (on the `[0, 1]` scale) is an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// A loss of at least this much expected return is a mistake.
pub const MISTAKE: f64 = 0.15;
/// How many matches' analyses stay in memory (the oldest finished ones go first).
pub const KEEP_ANALYSES: usize = 200;

/// The server's tunables for analyses.
#[derive(Clone, Debug)]
pub struct AnalysisOptions {
    /// The bot that searches (a level or a search specification, as for seats).
    pub bot: String,
    /// The budget per position: MCTS iterations, alpha-beta nodes.
    pub iterations: u64,
    /// A wall-time budget per position in milliseconds, on top of the iterations (`None`:
    /// none, so that an analysis is repeatable).
    pub time_ms: Option<u64>,
    /// How many positions of one match are searched at once, at most.
    pub per_match: usize,
}

impl Default for AnalysisOptions {
    fn default() -> Self {
        AnalysisOptions {
            bot: "strong".into(),
            iterations: 20_000,
            time_ms: None,
            per_match: 2,
        }
    }
}

/// How good a move was, by the expected return it lost against the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// It lost less than [`INACCURACY`].
    Good,
    /// It lost at least [`INACCURACY`], less than [`MISTAKE`].
    Inaccuracy,
    /// It lost at least [`MISTAKE`].
    Mistake,
}

impl Mark {
    /// The mark of a move that lost `loss`.
    pub fn of(loss: f64) -> Mark {
        // A hair below the thresholds still counts, so that a value of exactly 0.15 computed
        // as 1.0 - 0.85 is a mistake.
        if loss >= MISTAKE - 1e-9 {
            Mark::Mistake
        } else if loss >= INACCURACY - 1e-9 {
            Mark::Inaccuracy
        } else {
            Mark::Good
        }
    }

    /// The API's name of the mark.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
        }
    }
}

/// What the search found in one position.
#[derive(Clone, Debug)]
struct Found {
    seat: Seat,
    value: Vec<f64>,
    best: Option<String>,
    /// Every root action searched, with its value for `seat`.
    root: Vec<(String, f64)>,
}

/// One position of the analysed line.
enum Slot {
    /// To be searched (the position is kept until then).
    Pending(Box<dyn DynGame>, Seat),
    /// Being searched, by the search holding this ticket.
    Running(u64),
    Done(Found),
    Failed(String),
    /// The game is over: the values are the results; nothing to search.
    Over(Vec<f64>),
    /// Chance or the host acts: no seat has a choice to make.
    NoSeat,
}

/// One match's analysis.
struct Job {
    line: Vec<(LogActor, String)>,
    slots: Vec<Slot>,
    /// The last ticket given to a search: a search stores its result only where its own
    /// ticket still stands (not in a position a takeback dropped and the line made again).
    tickets: u64,
    in_flight: usize,
    peak: usize,
}

/// The analyses by match id, and the ids oldest first.
type Jobs = (HashMap<String, Arc<Mutex<Job>>>, VecDeque<String>);

/// Every match's analysis, by match id.
#[derive(Default)]
pub(crate) struct Analyses {
    jobs: Mutex<Jobs>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Analyses {
    fn job(&self, id: &str) -> Option<Arc<Mutex<Job>>> {
        lock(&self.jobs).0.get(id).cloned()
    }

    fn job_or_new(&self, id: &str) -> Arc<Mutex<Job>> {
        let mut jobs = lock(&self.jobs);
        let (map, order) = &mut *jobs;
        if let Some(job) = map.get(id) {
            return job.clone();
        }
        while map.len() >= KEEP_ANALYSES {
            // The oldest analysis nobody computes any more goes; when all are running, the
            // oldest does (its searches finish and are dropped).
            let idle = order
                .iter()
                .position(|k| map.get(k).is_none_or(|j| lock(j).in_flight == 0))
                .unwrap_or(0);
            match order.remove(idle) {
                Some(k) => map.remove(&k),
                None => break,
            };
        }
        let job = Arc::new(Mutex::new(Job {
            line: Vec::new(),
            slots: Vec::new(),
            tickets: 0,
            in_flight: 0,
            peak: 0,
        }));
        map.insert(id.to_string(), job.clone());
        order.push_back(id.to_string());
        job
    }
}

/// Refuses to analyse a live match of a game with hidden information, naming why.
fn check_allowed(handle: &MatchHandle) -> Result<(), ApiError> {
    let snap = handle.current();
    if handle.shared.hidden_information && !snap.over() {
        return Err(ApiError::conflict(format!(
            "match `{}` is not over and {} has hidden information: it can be analysed once it \
             is over",
            handle.shared.record.id, handle.shared.title
        )));
    }
    Ok(())
}

/// The seat a position is searched for: the one that moved next if it could, else the first
/// that may act; `None` when no seat may act.
fn seat_to_search(game: &dyn DynGame, next: Option<LogActor>) -> Option<Seat> {
    let seats = match game.to_act() {
        ToAct::One(s) => return Some(s),
        ToAct::Several(set) => set,
        _ => return None,
    };
    match next {
        Some(LogActor::Seat(s)) if seats.contains(s) => Some(s),
        _ => seats.iter().next(),
    }
}

/// Starts (or joins, or extends to the moves made since) the analysis of a match, and
/// answers its progress.
pub(crate) fn start(
    services: &Arc<Services>,
    analyses: &Analyses,
    handle: &MatchHandle,
) -> Result<Value, ApiError> {
    check_allowed(handle)?;
    let shared = &handle.shared;
    let id = shared.record.id.clone();
    let snap = handle.current();
    let line: Vec<(LogActor, String)> = snap
        .moves
        .iter()
        .map(|e| (e.actor, e.action.clone()))
        .collect();
    let job = analyses.job_or_new(&id);
    {
        let mut j = lock(&job);
        let kept = j.line.iter().zip(&line).take_while(|(a, b)| a == b).count();
        if kept < j.line.len() || kept < line.len() {
            // Position `kept` follows from the moves kept, but who searches it may depend on
            // the move made from it (a race): it is made again.
            j.slots.truncate(kept);
        }
        if j.slots.len() < line.len() + 1 {
            let entry = services
                .catalog
                .find(&shared.record.game)
                .map_err(ApiError::from_registry)?;
            let broken =
                |what: String| ApiError::internal(format!("match `{id}` does not replay: {what}"));
            let (mut game, _) =
                super::replay_start(entry, &shared.record).map_err(|e| broken(e.to_string()))?;
            for (k, (actor, action)) in line.iter().enumerate() {
                if k >= j.slots.len() {
                    let slot = slot_for(game.as_ref(), Some(*actor));
                    j.slots.push(slot);
                }
                game.apply(actor.to_core(), action)
                    .map_err(|e| broken(format!("ply {k}: {e}")))?;
            }
            let last = if let ToAct::Over(outcome) = game.to_act() {
                Slot::Over(
                    Seat::all(game.num_seats())
                        .map(|s| outcome.reward(s))
                        .collect(),
                )
            } else if snap.over() {
                // Over at the table (a resignation, a draw agreed): nothing to search.
                Slot::NoSeat
            } else {
                slot_for(game.as_ref(), None)
            };
            j.slots.push(last);
        }
        j.line = line;
    }
    dispatch(services, &shared.record.game, shared.record.seed, &job);
    Ok(progress(&id, &lock(&job), &services.options.analysis, None))
}

fn slot_for(game: &dyn DynGame, next: Option<LogActor>) -> Slot {
    match seat_to_search(game, next) {
        Some(seat) => Slot::Pending(game.clone_box(), seat),
        None => Slot::NoSeat,
    }
}

/// The progress of the analysis of a match (`ply`: that position alone), or 404 when none
/// was started.
pub(crate) fn show(
    services: &Services,
    analyses: &Analyses,
    handle: &MatchHandle,
    ply: Option<usize>,
) -> Result<Value, ApiError> {
    check_allowed(handle)?;
    let id = &handle.shared.record.id;
    let job = analyses.job(id).ok_or_else(|| {
        ApiError::not_found(format!(
            "match `{id}` has no analysis: POST /api/matches/{id}/analysis starts one"
        ))
    })?;
    let j = lock(&job);
    if let Some(k) = ply {
        match j.slots.get(k) {
            None => {
                return Err(ApiError::bad_request(format!(
                    "ply: {k} is past the analysed positions (0 to {})",
                    j.slots.len().saturating_sub(1)
                )));
            }
            Some(Slot::NoSeat | Slot::Over(_)) => {
                return Err(ApiError::conflict(format!(
                    "ply: no seat may act in position {k}, there is nothing to analyse"
                )));
            }
            Some(_) => {}
        }
    }
    Ok(progress(id, &j, &services.options.analysis, ply))
}

/// Searches pending positions while the match has room under its cap.
fn dispatch(services: &Arc<Services>, game_name: &str, seed: u64, job: &Arc<Mutex<Job>>) {
    let options = &services.options.analysis;
    let mut j = lock(job);
    while j.in_flight < options.per_match.max(1) {
        let Some(k) = j.slots.iter().position(|s| matches!(s, Slot::Pending(..))) else {
            break;
        };
        j.tickets += 1;
        let ticket = j.tickets;
        let Slot::Pending(game, seat) = std::mem::replace(&mut j.slots[k], Slot::Running(ticket))
        else {
            unreachable!("just found pending");
        };
        j.in_flight += 1;
        j.peak = j.peak.max(j.in_flight);
        let services = services.clone();
        let job = job.clone();
        let game_name = game_name.to_string();
        tokio::spawn(async move {
            let permit = services.bot_permits.clone().acquire_owned().await;
            let searched = {
                let services = services.clone();
                let game_name = game_name.clone();
                tokio::task::spawn_blocking(move || {
                    let _permit = permit;
                    search(&services, &game_name, seed, game.as_ref(), seat, k)
                })
                .await
                .unwrap_or_else(|e| Err(format!("the search failed: {e}")))
            };
            {
                let mut j = lock(&job);
                j.in_flight -= 1;
                if let Some(slot) = j.slots.get_mut(k)
                    && matches!(slot, Slot::Running(t) if *t == ticket)
                {
                    *slot = match searched {
                        Ok(found) => Slot::Done(found),
                        Err(reason) => Slot::Failed(reason),
                    };
                }
            }
            dispatch(&services, &game_name, seed, &job);
        });
    }
}

/// One position's search by the analysis bot.
fn search(
    services: &Services,
    game_name: &str,
    seed: u64,
    game: &dyn DynGame,
    seat: Seat,
    k: usize,
) -> Result<Found, String> {
    let options = &services.options.analysis;
    let mut bot = services
        .catalog
        .bot(game_name, &options.bot, bot_seed(seed, seat, k as u64))
        .map_err(|e| format!("the analysis bot `{}`: {e}", options.bot))?;
    let limits = SearchLimits {
        iterations: Some(options.iterations.max(1)),
        time_ms: options.time_ms,
        depth: None,
    };
    let report = bot
        .analyse(game, seat, &limits, true)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("the analysis bot `{}` does not search", options.bot))?;
    let root = report
        .root
        .iter()
        .filter(|r| r.actor.is_none_or(|a| a == seat))
        .filter_map(|r| r.value.get(seat.index()).map(|v| (r.action.clone(), *v)))
        .collect();
    Ok(Found {
        seat,
        value: report.value,
        best: report.best,
        root,
    })
}

/// The best value among the root actions (the position's own when none was valued).
fn best_value(found: &Found) -> Option<f64> {
    found
        .root
        .iter()
        .map(|(_, v)| *v)
        .reduce(f64::max)
        .or_else(|| found.value.get(found.seat.index()).copied())
}

fn position_json(k: usize, slot: &Slot) -> Value {
    let (state, seat, value, best, error) = match slot {
        Slot::Pending(..) => ("pending", None, None, None, None),
        Slot::Running(_) => ("running", None, None, None, None),
        Slot::Done(f) => (
            "done",
            Some(f.seat.number()),
            Some(f.value.clone()),
            f.best.clone(),
            None,
        ),
        Slot::Failed(e) => ("failed", None, None, None, Some(e.clone())),
        Slot::Over(v) => ("over", None, Some(v.clone()), None, None),
        Slot::NoSeat => ("none", None, None, None, None),
    };
    let mut out = json!({ "ply": k, "state": state, "seat": seat, "value": value, "best": best });
    if let Some(e) = error {
        out["error"] = json!(e);
    }
    out
}

/// The move played from position `k`, judged by that position's search.
fn move_json(
    k: usize,
    (actor, action): &(LogActor, String),
    slot: &Slot,
    next: Option<&Slot>,
) -> Value {
    let mut out = json!({ "ply": k, "actor": actor.to_json(), "action": action,
                          "best": null, "loss": null, "mark": null });
    let (LogActor::Seat(seat), Slot::Done(found)) = (actor, slot) else {
        return out;
    };
    if found.seat != *seat {
        return out;
    }
    out["best"] = json!(found.best);
    let played = found
        .root
        .iter()
        .find(|(a, _)| a == action)
        .map(|(_, v)| *v)
        // A move the search never valued: judged by the position it led to.
        .or_else(|| match next {
            Some(Slot::Done(f)) => f.value.get(seat.index()).copied(),
            Some(Slot::Over(v)) => v.get(seat.index()).copied(),
            _ => None,
        });
    if let (Some(best), Some(played)) = (best_value(found), played) {
        let loss = (best - played).max(0.0);
        out["loss"] = json!((loss * 1e4).round() / 1e4);
        out["mark"] = json!(Mark::of(loss).name());
    }
    out
}

fn progress(id: &str, j: &Job, options: &AnalysisOptions, ply: Option<usize>) -> Value {
    let searched = |s: &Slot| matches!(s, Slot::Done(_) | Slot::Failed(_));
    let to_search = |s: &Slot| matches!(s, Slot::Pending(..) | Slot::Running(_)) || searched(s);
    let total = j.slots.iter().filter(|s| to_search(s)).count();
    let done = j.slots.iter().filter(|s| searched(s)).count();
    let positions: Vec<Value> = match ply {
        Some(k) => vec![position_json(k, &j.slots[k])],
        None => j
            .slots
            .iter()
            .enumerate()
            .map(|(k, s)| position_json(k, s))
            .collect(),
    };
    let moves: Vec<Value> = j
        .line
        .iter()
        .enumerate()
        .filter(|(k, _)| ply.is_none_or(|p| p == *k))
        .map(|(k, m)| move_json(k, m, &j.slots[k], j.slots.get(k + 1)))
        .collect();
    json!({
        "id": id,
        "ply": j.line.len(),
        "total": total,
        "done": done,
        "complete": done == total,
        "in_flight": j.in_flight,
        "peak_in_flight": j.peak,
        "per_match": options.per_match.max(1),
        "thresholds": { "inaccuracy": INACCURACY, "mistake": MISTAKE },
        "positions": positions,
        "moves": moves,
    })
}
