//! Analysis of a match (`POST`/`GET /api/matches/{id}/analysis`): every position of the
//! match searched by the server's analysis bot, on the bots' threads (`bots.rs`'s permits),
//! at most [`AnalysisOptions::per_match`] positions of one match at once, each within the
//! per-position budget. For each position: the value for every seat and the best action for
//! the seat to move; for each seat's move: the value it lost against the best action and a
//! mark from that loss (`analysis_report.rs`).
//!
//! Results are kept in memory per match (the newest [`KEEP_ANALYSES`] matches), so a second
//! viewer joins the first one's analysis instead of starting another. The analysed line is
//! the match's moves; when a live match moves on the line grows, and after a takeback only the
//! positions before the first changed move are kept.
//!
//! A match whose game has hidden information is analysed only once it is over: the search
//! sees the whole state, and its values and best moves would tell what the seats may not see.

use super::analysis_report::{Found, Job, Slot, progress};
use super::{Hub, MatchHandle, Services, bot_seed};
use crate::ApiError;
use crate::store::LogActor;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use tabula_ai::SearchLimits;
use tabula_core::{Seat, ToAct};
use tabula_registry::DynGame;

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

impl Hub {
    /// Starts or joins the analysis of match `id` and answers its progress; 409 for a live
    /// match of a game with hidden information.
    pub(crate) async fn analyse(&self, id: &str) -> Result<Value, ApiError> {
        let handle = self.get(id).await?;
        start(&self.services, &self.analyses, &handle)
    }

    /// The progress of the analysis of match `id` (`ply`: that position only).
    pub(crate) async fn analysis(&self, id: &str, ply: Option<usize>) -> Result<Value, ApiError> {
        let handle = self.get(id).await?;
        show(&self.services, &self.analyses, &handle, ply)
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
fn start(
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
fn show(
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
