//! Analysis of a match (`POST`/`GET /api/matches/{id}/analysis`): every position of the
//! match searched by the server's analysis bot, on a budget of its own apart from the bots in
//! seats, which come first (`analysis_queue.rs`: a bounded queue, caps in total, per client
//! and per match), each position within the per-position budget and wall-time cap. For each position: the value for every seat and the best action for
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

use super::analysis_queue::{Entry, Queue};
use super::analysis_report::{Found, Job, Slot, progress};
use super::{Hub, MatchHandle, Services, bot_seed};
use crate::ApiError;
use crate::store::LogActor;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tabula_ai::{BotSpec, SearchLimits};
use tabula_core::{Seat, ToAct};
use tabula_registry::{DynGame, Stop};

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
    /// How many positions are searched at once across every match, at most.
    pub max_running: usize,
    /// How many matches may wait in the analysis queue (or be analysed) at once.
    pub queue: usize,
    /// How many of the queued matches one client address may have queued.
    pub per_client: usize,
    /// How long a queued match may wait without a position started before it is dropped.
    pub max_wait: Duration,
    /// The most wall time one position's search may take, in milliseconds (it caps
    /// [`AnalysisOptions::time_ms`]).
    pub position_ms: u64,
}

impl Default for AnalysisOptions {
    fn default() -> Self {
        AnalysisOptions {
            bot: "strong".into(),
            iterations: 20_000,
            time_ms: None,
            per_match: 2,
            max_running: 1,
            queue: 64,
            per_client: 4,
            max_wait: Duration::from_secs(300),
            position_ms: 10_000,
        }
    }
}

/// The analyses by match id, and the ids oldest first.
type Jobs = (HashMap<String, Arc<Mutex<Job>>>, VecDeque<String>);

/// Every match's analysis, by match id.
#[derive(Default)]
pub(crate) struct Analyses {
    jobs: Mutex<Jobs>,
    queue: Arc<Queue>,
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
    /// Starts or joins the analysis of match `id` for `client` (its address) and answers its
    /// progress; 409 for a live match of a game with hidden information, 403 for a live match
    /// between people who did not all agree to analysis, 503/429 over the queue's bounds.
    pub(crate) async fn analyse(&self, id: &str, client: &str) -> Result<Value, ApiError> {
        let handle = self.get(id).await?;
        start(&self.services, &self.analyses, &handle, client)
    }

    /// The progress of the analysis of match `id` (`ply`: that position only).
    pub(crate) async fn analysis(&self, id: &str, ply: Option<usize>) -> Result<Value, ApiError> {
        let handle = self.get(id).await?;
        show(&self.services, &self.analyses, &handle, ply)
    }
}

/// Refuses to analyse a live match of a game with hidden information (409), or a live match
/// between two or more people who did not all agree to analysis at its creation (403), naming
/// why. Matches against bots only, and finished matches, are analysed.
fn check_allowed(handle: &MatchHandle) -> Result<(), ApiError> {
    let snap = handle.current();
    if snap.over() {
        return Ok(());
    }
    let record = &handle.shared.record;
    if handle.shared.hidden_information {
        return Err(ApiError::conflict(format!(
            "match `{}` is not over and {} has hidden information: it can be analysed once it \
             is over",
            record.id, handle.shared.title
        )));
    }
    let people = crate::view::people(record);
    if people >= 2 && !record.hints {
        return Err(ApiError::forbidden(format!(
            "match `{}` is between {people} people and not over, and they did not all agree to \
             engine analysis when it was created (`analysis_allowed` is false): it can be \
             analysed once it is over",
            record.id
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
    client: &str,
) -> Result<Value, ApiError> {
    check_allowed(handle)?;
    let options = &services.options.analysis;
    let shared = &handle.shared;
    let id = shared.record.id.clone();
    let snap = handle.current();
    let line: Vec<(LogActor, String)> = snap
        .moves
        .iter()
        .map(|e| (e.actor, e.action.clone()))
        .collect();
    // The queue, then the job: the scheduler locks them in that order too.
    let mut queue = analyses.queue.state();
    let work = analyses.job(&id).is_none_or(|job| {
        let j = lock(&job);
        j.line != line
            || j.slots
                .iter()
                .any(|s| matches!(s, Slot::Pending(..) | Slot::Dropped(_)))
    });
    if work && !queue.holds(&id) {
        // Refused before anything is made: the analysis is as it was.
        queue.check_room(client, options)?;
    }
    let job = analyses.job_or_new(&id);
    {
        let mut j = lock(&job);
        let kept = j.line.iter().zip(&line).take_while(|(a, b)| a == b).count();
        if kept < j.line.len() || kept < line.len() {
            // Position `kept` follows from the moves kept, but who searches it may depend on
            // the move made from it (a race): it is made again.
            j.slots.truncate(kept);
        }
        let dropped = j.slots.iter().any(|s| matches!(s, Slot::Dropped(_)));
        if j.slots.len() < line.len() + 1 || dropped {
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
                } else if matches!(j.slots[k], Slot::Dropped(_)) {
                    // Dropped from the queue: asked for again.
                    j.slots[k] = slot_for(game.as_ref(), Some(*actor));
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
            match j.slots.get_mut(line.len()) {
                None => j.slots.push(last),
                Some(slot @ Slot::Dropped(_)) => *slot = last,
                Some(_) => {}
            }
        }
        j.line = line;
        let pending = j.slots.iter().any(|s| matches!(s, Slot::Pending(..)));
        // An entry still in the queue keeps the match's turn (the scheduler sees the new
        // positions, as it takes the queue's lock before the job's).
        if pending && !queue.contains(&id, &job) {
            queue.push(Entry {
                id: id.clone(),
                job: job.clone(),
                game: shared.record.game.clone(),
                seed: shared.record.seed,
                client: client.to_string(),
                since: Instant::now(),
            });
        }
    }
    drop(queue);
    analyses.queue.wake(services);
    Ok(progress(&id, &lock(&job), options, None))
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

/// The analysis bot's specification on one thread: a level the server would otherwise play
/// on every core (as it does facing people) searches on one, so that analyses leave the
/// other cores to the bots in seats. A specification that names its threads is kept.
fn one_thread(spec: &str) -> String {
    match spec.parse::<BotSpec>() {
        Ok(BotSpec::Level {
            level,
            engine,
            threads: None,
            ms,
        }) => BotSpec::Level {
            level,
            engine,
            threads: Some(1),
            ms,
        }
        .to_string(),
        _ => spec.to_string(),
    }
}

/// One position's search by the analysis bot, within the position's budget and wall-time
/// cap.
pub(super) fn search(
    services: &Services,
    game_name: &str,
    seed: u64,
    game: &dyn DynGame,
    seat: Seat,
    k: usize,
    stop: &Stop,
) -> Result<Found, String> {
    let options = &services.options.analysis;
    let mut bot = services
        .catalog
        .bot(
            game_name,
            &one_thread(&options.bot),
            bot_seed(seed, seat, k as u64),
        )
        .map_err(|e| format!("the analysis bot `{}`: {e}", options.bot))?;
    bot.set_stop(Some(stop.clone()));
    let limits = SearchLimits {
        iterations: Some(options.iterations.max(1)),
        time_ms: Some(
            options
                .time_ms
                .map_or(options.position_ms, |ms| ms.min(options.position_ms))
                .max(1),
        ),
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
