//! The analyses' own budget, apart from the bots in seats: the matches waiting to be
//! analysed queue here (at most [`AnalysisOptions::queue`] of them, at most
//! [`AnalysisOptions::per_client`] for one client address), and one scheduler task starts
//! their positions, at most [`AnalysisOptions::max_running`] at once across every match and
//! [`AnalysisOptions::per_match`] of one match, taking the matches in turn.
//!
//! Bots in seats come first: no position starts while a seat bot waits for a thread or
//! thinks (`bots.rs` counts them), and each position's search has a wall-time cap
//! ([`AnalysisOptions::position_ms`]), so a bot waits at most for the searches already
//! running, which do not hold the bots' threads. A match that waited longer than
//! [`AnalysisOptions::max_wait`] without a position started is dropped from the queue: its
//! positions not searched say so (`dropped`), and a new request queues them again.

use super::analysis::{AnalysisOptions, search};
use super::analysis_report::{Job, Slot};
use super::{Services, bots::BotsBusy};
use crate::ApiError;
use axum::http::StatusCode;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};
use tabula_registry::Stop;
use tokio::sync::Notify;

/// How often the scheduler looks at the queue's ages when nothing else wakes it.
const TICK: Duration = Duration::from_millis(500);

/// One match waiting to be analysed (or being analysed).
pub(super) struct Entry {
    pub id: String,
    pub job: Arc<Mutex<Job>>,
    pub game: String,
    pub seed: u64,
    /// The client address that queued it.
    pub client: String,
    /// When it was queued, or when a position of it last started.
    pub since: Instant,
}

impl Entry {
    /// Whether positions of the match wait or are searched.
    fn busy(&self) -> bool {
        let j = lock(&self.job);
        j.in_flight > 0 || j.slots.iter().any(|s| matches!(s, Slot::Pending(..)))
    }
}

/// The queue and the positions running.
#[derive(Default)]
pub(super) struct State {
    entries: VecDeque<Entry>,
    running: usize,
}

impl State {
    /// Whether the analysis `job` of match `id` is in the queue (with work left or not). It
    /// locks no job.
    pub fn contains(&self, id: &str, job: &Arc<Mutex<Job>>) -> bool {
        self.entries
            .iter()
            .any(|e| e.id == id && Arc::ptr_eq(&e.job, job))
    }

    /// Whether match `id` is queued with work left.
    pub fn holds(&self, id: &str) -> bool {
        self.entries.iter().any(|e| e.id == id && e.busy())
    }

    /// 503 when the queue is full, 429 when `client` already has its share queued.
    pub fn check_room(&self, client: &str, options: &AnalysisOptions) -> Result<(), ApiError> {
        let cap = options.queue.max(1);
        // A match whose last search just ended counts no more (the scheduler drops it next).
        let queued: Vec<&Entry> = self.entries.iter().filter(|e| e.busy()).collect();
        if queued.len() >= cap {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the analysis queue holds {cap} matches, its limit (--analysis-queue): try \
                     again later"
                ),
            ));
        }
        let per_client = options.per_client.max(1);
        let mine = queued.iter().filter(|e| e.client == client).count();
        if mine >= per_client {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "{client} already has {mine} matches being analysed, the limit per client \
                     (--analysis-per-client {per_client}): try again once one is done"
                ),
            ));
        }
        Ok(())
    }

    /// Queues a match (at the end: the others were there first), in place of an entry of
    /// the same match with no work left.
    pub fn push(&mut self, entry: Entry) {
        self.entries.retain(|e| e.id != entry.id);
        self.entries.push_back(entry);
    }
}

/// The analyses' queue and their scheduler.
pub(super) struct Queue {
    state: Mutex<State>,
    wake: Notify,
    scheduler: OnceLock<()>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Default for Queue {
    fn default() -> Self {
        Queue {
            state: Mutex::new(State::default()),
            wake: Notify::new(),
            scheduler: OnceLock::new(),
        }
    }
}

impl Queue {
    pub fn state(&self) -> MutexGuard<'_, State> {
        lock(&self.state)
    }

    /// Has the scheduler look at the queue (started at the first call).
    pub fn wake(self: &Arc<Self>, services: &Arc<Services>) {
        self.scheduler.get_or_init(|| {
            tokio::spawn(run(self.clone(), services.clone()));
        });
        self.wake.notify_one();
    }
}

/// The scheduler: starts what may start whenever the queue changes, a position ends, the
/// bots fall idle, or a tick passes (for the queue's ages).
async fn run(queue: Arc<Queue>, services: Arc<Services>) {
    loop {
        pump(&queue, &services);
        tokio::select! {
            _ = queue.wake.notified() => {}
            _ = services.bots_busy.idle.notified() => {}
            _ = tokio::time::sleep(TICK) => {}
        }
    }
}

/// Drops the matches that waited too long, then starts positions while the caps allow and
/// no seat bot waits or thinks.
fn pump(queue: &Arc<Queue>, services: &Arc<Services>) {
    let options = &services.options.analysis;
    let mut state = lock(&queue.state);
    let now = Instant::now();
    state.entries.retain(|e| {
        let mut j = lock(&e.job);
        let pending = j.slots.iter().any(|s| matches!(s, Slot::Pending(..)));
        if !pending {
            // Nothing left to start; kept while a search runs, which a seat bot may stop
            // and give back as pending.
            return j.in_flight > 0;
        }
        if j.in_flight == 0 && now.duration_since(e.since) > options.max_wait {
            let reason = format!(
                "dropped: waited over {} s in the analysis queue, its limit \
                 (--analysis-max-wait); POST the analysis again to search it",
                options.max_wait.as_secs()
            );
            for slot in j.slots.iter_mut() {
                if matches!(slot, Slot::Pending(..)) {
                    *slot = Slot::Dropped(reason.clone());
                }
            }
            tracing::info!("the analysis of match {} was dropped from the queue", e.id);
            return false;
        }
        true
    });
    while state.running < options.max_running.max(1) && !BotsBusy::any(&services.bots_busy) {
        let per_match = options.per_match.max(1);
        let Some(k) = state.entries.iter().position(|e| {
            let j = lock(&e.job);
            j.in_flight < per_match && j.slots.iter().any(|s| matches!(s, Slot::Pending(..)))
        }) else {
            break;
        };
        let Some(mut entry) = state.entries.remove(k) else {
            break;
        };
        entry.since = now;
        start_one(queue, services, &entry);
        state.running += 1;
        // The others' turn next.
        state.entries.push_back(entry);
    }
}

/// Starts the search of the first pending position of `entry`'s match.
fn start_one(queue: &Arc<Queue>, services: &Arc<Services>, entry: &Entry) {
    let mut j = lock(&entry.job);
    let Some(k) = j.slots.iter().position(|s| matches!(s, Slot::Pending(..))) else {
        return;
    };
    j.tickets += 1;
    let ticket = j.tickets;
    let Slot::Pending(game, seat) = std::mem::replace(&mut j.slots[k], Slot::Running(ticket))
    else {
        unreachable!("just found pending");
    };
    j.in_flight += 1;
    j.peak = j.peak.max(j.in_flight);
    drop(j);
    let (queue, services, job) = (queue.clone(), services.clone(), entry.job.clone());
    let (game_name, seed) = (entry.game.clone(), entry.seed);
    tokio::spawn(async move {
        let stop = Stop::new();
        let searched = {
            let (services, stop) = (services.clone(), stop.clone());
            tokio::task::spawn_blocking(move || {
                let _registered = BotsBusy::analysing(&services.bots_busy, &stop);
                let found = search(&services, &game_name, seed, game.as_ref(), seat, k, &stop);
                (game, found)
            })
            .await
        };
        {
            let mut j = lock(&job);
            j.in_flight -= 1;
            if let Some(slot) = j.slots.get_mut(k)
                && matches!(slot, Slot::Running(t) if *t == ticket)
            {
                *slot = match searched {
                    // A seat bot needed the threads: the position is searched again later.
                    Ok((game, _)) if stop.is_stopped() => Slot::Pending(game, seat),
                    Ok((_, Ok(found))) => Slot::Done(found),
                    Ok((_, Err(reason))) => Slot::Failed(reason),
                    Err(e) => Slot::Failed(format!("the search failed: {e}")),
                };
            }
        }
        lock(&queue.state).running -= 1;
        queue.wake.notify_one();
    });
}
