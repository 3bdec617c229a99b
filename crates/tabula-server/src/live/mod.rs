//! Live matches: one task (an actor, `actor.rs`) per unfinished match owns its game state and
//! serialises everything that changes it (players' actions, joins, bots' moves, the
//! hourglass), so that two actions for the same ply resolve to exactly one winner.
//!
//! Readers never wait on the actor: after every change the actor publishes a [`Snapshot`]
//! (a clone of the state, the log length, the clock) on a `watch` channel, and HTTP handlers
//! and WebSocket sessions build each viewer's view from the latest snapshot. The log itself
//! is append-only and shared ([`MatchShared::log`]); a snapshot says how much of it belongs
//! to its state.
//!
//! [`Hub`] holds the live matches, creates new ones (`create.rs`), loads stored ones by
//! replay (`replay.rs`) at startup and on demand.

mod actor;
mod bots;
mod create;
mod replay;
mod retry;

pub use create::{Created, NewMatch, SeatSpec};
pub use replay::{ReplayError, replay};

use crate::ApiError;
use crate::catalog::Catalog;
use crate::store::{LogEntry, MatchRecord, MatchStore, SeatKind};
use actor::Actor;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tabula_core::{GameRng, Seat};
use tabula_registry::DynGame;
use tokio::sync::{Semaphore, mpsc, oneshot, watch};

/// The server's tunables for live matches.
#[derive(Clone, Debug)]
pub struct HubOptions {
    /// The least time a bot waits before its move is applied (0: as soon as it decides).
    pub min_bot_delay: Duration,
    /// How many bots may think at once (each on a blocking thread).
    pub bot_threads: usize,
}

impl Default for HubOptions {
    fn default() -> Self {
        HubOptions {
            min_bot_delay: Duration::ZERO,
            bot_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
        }
    }
}

/// What every match actor shares: the games, the store, the options, the bots' threads.
pub(crate) struct Services {
    pub catalog: Catalog,
    pub store: Arc<dyn MatchStore>,
    pub options: HubOptions,
    pub bot_permits: Arc<Semaphore>,
}

/// The fixed part of a live match, shared by its actor and every reader.
#[derive(Debug)]
pub(crate) struct MatchShared {
    pub record: MatchRecord,
    pub title: &'static str,
    pub hidden_information: bool,
    /// The log (append-only; a snapshot owns its first `ply` entries).
    pub log: RwLock<Vec<LogEntry>>,
}

impl MatchShared {
    /// The first `n` log entries.
    pub fn log_prefix(&self, n: u64) -> Vec<LogEntry> {
        let log = self.log.read().unwrap_or_else(|p| p.into_inner());
        log[..(n as usize).min(log.len())].to_vec()
    }

    /// The seat whose token is `token`.
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        self.record
            .seats
            .iter()
            .position(|s| s.token.as_deref() == Some(token))
            .map(|i| Seat(i as u8))
    }
}

/// A match as it stands after some entry of its log.
#[derive(Debug)]
pub(crate) struct Snapshot {
    pub game: Box<dyn DynGame>,
    /// The number of log entries applied.
    pub ply: u64,
    /// Per seat: someone has taken it (humans) — bots are always seated.
    pub joined: Vec<bool>,
    /// When the running hourglass runs out, in milliseconds since the Unix epoch.
    pub deadline_ms: Option<u64>,
}

impl Snapshot {
    pub fn over(&self) -> bool {
        self.game.to_act().is_over()
    }
}

/// An acknowledged action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ack {
    /// The number of log entries after it (and the chance events it caused).
    pub ply: u64,
    /// The action in canonical notation.
    pub action: String,
}

/// A request to a match's actor.
pub(crate) enum Command {
    Act {
        seat: Seat,
        ply: u64,
        action: String,
        reply: oneshot::Sender<Result<Ack, ApiError>>,
    },
    Join {
        seat: Option<Seat>,
        reply: oneshot::Sender<Result<Seat, ApiError>>,
    },
    /// A human seat's token was used: the seat counts as taken.
    Touch {
        seat: Seat,
    },
    BotDecided(bots::Decision),
}

/// A live (or finished, loaded) match as handlers see it.
#[derive(Clone)]
pub(crate) struct MatchHandle {
    pub shared: Arc<MatchShared>,
    pub snapshot: watch::Receiver<Arc<Snapshot>>,
    pub commands: mpsc::Sender<Command>,
}

impl MatchHandle {
    pub fn current(&self) -> Arc<Snapshot> {
        self.snapshot.borrow().clone()
    }

    /// Sends `command` to the actor; `false` when the actor has ended (the game is over).
    pub async fn send(&self, command: Command) -> bool {
        self.commands.send(command).await.is_ok()
    }
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A bot's seed, derived from the match seed, the seat and the ply at which the bot was
/// made (0 for a new match; the ply reached when a restarted server resumes it).
pub(crate) fn bot_seed(match_seed: u64, seat: Seat, ply: u64) -> u64 {
    let mut z = match_seed
        ^ (seat.number() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ ply.wrapping_mul(0xD1B5_4A32_D192_ED03);
    // SplitMix64's finaliser.
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Whether `id` could be a match id (ids are short lowercase hex); anything else is 404
/// without asking the store.
pub(crate) fn plausible_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// How many finished matches stay in memory (the newest); older ones are reloaded from the
/// store on demand.
pub const KEEP_FINISHED: usize = 1000;

/// The live matches of a server.
pub struct Hub {
    services: Arc<Services>,
    matches: RwLock<HashMap<String, MatchHandle>>,
    /// Matches whose log does not replay, with the reason (answered 500).
    broken: RwLock<HashMap<String, String>>,
    loading: tokio::sync::Mutex<()>,
}

/// What [`Hub::restore`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RestoreReport {
    /// Unfinished matches replayed and running again.
    pub resumed: usize,
    /// Matches that failed to replay, with the reason.
    pub failed: Vec<(String, String)>,
}

impl Hub {
    pub fn new(catalog: Catalog, store: Arc<dyn MatchStore>, options: HubOptions) -> Hub {
        let permits = Arc::new(Semaphore::new(options.bot_threads.max(1)));
        Hub {
            services: Arc::new(Services {
                catalog,
                store,
                options,
                bot_permits: permits,
            }),
            matches: RwLock::new(HashMap::new()),
            broken: RwLock::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
        }
    }

    pub fn catalog(&self) -> &Catalog {
        &self.services.catalog
    }

    /// Replays every unfinished stored match and resumes it (bots, hourglass). A match that
    /// does not replay is reported (and logged as an error), not resumed.
    pub async fn restore(&self) -> Result<RestoreReport, ApiError> {
        let ids = self
            .services
            .store
            .unfinished()
            .await
            .map_err(ApiError::from_store)?;
        let mut report = RestoreReport::default();
        for id in ids {
            match self.load(&id).await {
                Ok(_) => report.resumed += 1,
                Err(e) => report.failed.push((id, e.message)),
            }
        }
        Ok(report)
    }

    /// The match `id`, from memory or loaded from the store.
    pub(crate) async fn get(&self, id: &str) -> Result<MatchHandle, ApiError> {
        if let Some(h) = self.read_map().get(id) {
            return Ok(h.clone());
        }
        if !plausible_id(id) {
            return Err(ApiError::no_match(id));
        }
        self.load(id).await
    }

    async fn load(&self, id: &str) -> Result<MatchHandle, ApiError> {
        let _guard = self.loading.lock().await;
        if let Some(h) = self.read_map().get(id) {
            return Ok(h.clone());
        }
        if let Some(reason) = self
            .broken
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
        {
            return Err(ApiError::internal(format!(
                "match `{id}` cannot be replayed: {reason}"
            )));
        }
        let stored = self
            .services
            .store
            .load(id)
            .await
            .map_err(ApiError::from_store)?
            .ok_or_else(|| ApiError::no_match(id))?;
        match self.revive(stored) {
            Ok(handle) => Ok(handle),
            Err(reason) => {
                tracing::error!("match {id} does not replay and stays stopped: {reason}");
                self.broken
                    .write()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(id.to_string(), reason.clone());
                Err(ApiError::internal(format!(
                    "match `{id}` cannot be replayed: {reason}"
                )))
            }
        }
    }

    /// Rebuilds a stored match by replay; unfinished ones get their actor (bots resume).
    fn revive(&self, stored: crate::store::StoredMatch) -> Result<MatchHandle, String> {
        let entry = self
            .services
            .catalog
            .find(&stored.record.game)
            .map_err(|e| e.to_string())?;
        let replayed = replay(entry, &stored).map_err(|e| e.to_string())?;
        let over = replayed.game.to_act().is_over();
        if over != stored.finished {
            tracing::warn!(
                "match {}: the store says finished={}, the replay says over={over}",
                stored.record.id,
                stored.finished
            );
        }
        let ply = stored.log.len() as u64;
        let info = entry.info();
        let shared = Arc::new(MatchShared {
            title: info.title,
            hidden_information: info.hidden_information,
            log: RwLock::new(stored.log),
            record: stored.record,
        });
        let bots = if over {
            Vec::new()
        } else {
            self.make_bots(&shared.record, ply)
                .map_err(|e| format!("its bots cannot be made: {e}"))?
        };
        Ok(self.spawn(
            shared,
            replayed.game,
            replayed.rng,
            replayed.attempt_started,
            bots,
        ))
    }

    /// One bot per bot seat (`None` for human seats).
    fn make_bots(
        &self,
        record: &MatchRecord,
        ply: u64,
    ) -> Result<Vec<Option<bots::BotSeat>>, tabula_registry::RegistryError> {
        record
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.kind {
                SeatKind::Human => Ok(None),
                SeatKind::Bot(level) => {
                    let seed = bot_seed(record.seed, Seat(i as u8), ply);
                    let bot = self.services.catalog.bot(&record.game, level, seed)?;
                    Ok(Some(bots::BotSeat::new(level.clone(), bot)))
                }
            })
            .collect()
    }

    /// Starts the actor of a match (none when the game is over) and lists the match.
    fn spawn(
        &self,
        shared: Arc<MatchShared>,
        game: Box<dyn DynGame>,
        rng: GameRng,
        attempt_started_ms: Option<u64>,
        bots: Vec<Option<bots::BotSeat>>,
    ) -> MatchHandle {
        let (tx, rx) = mpsc::channel(64);
        let over = game.to_act().is_over();
        let (actor, snapshot) = Actor::new(
            shared.clone(),
            self.services.clone(),
            game,
            rng,
            attempt_started_ms,
            bots,
            tx.clone(),
        );
        let handle = MatchHandle {
            shared: shared.clone(),
            snapshot,
            commands: tx,
        };
        self.matches
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .insert(shared.record.id.clone(), handle.clone());
        if !over {
            tokio::spawn(actor.run(rx));
        }
        self.evict_finished();
        handle
    }

    /// Forgets the oldest finished matches beyond [`KEEP_FINISHED`] (they stay in the store
    /// and are loaded again when asked for).
    fn evict_finished(&self) {
        let mut map = self.matches.write().unwrap_or_else(|p| p.into_inner());
        if map.len() <= 2 * KEEP_FINISHED {
            return;
        }
        let mut finished: Vec<(u64, String)> = map
            .values()
            .filter(|h| h.current().over())
            .map(|h| (h.shared.record.created_at, h.shared.record.id.clone()))
            .collect();
        if finished.len() <= KEEP_FINISHED {
            return;
        }
        finished.sort_unstable();
        let excess = finished.len() - KEEP_FINISHED;
        for (_, id) in finished.into_iter().take(excess) {
            map.remove(&id);
        }
    }

    /// Every match in memory (every unfinished one, and finished ones seen since start).
    pub(crate) fn list(&self) -> Vec<MatchHandle> {
        self.read_map().values().cloned().collect()
    }

    fn read_map(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, MatchHandle>> {
        self.matches.read().unwrap_or_else(|p| p.into_inner())
    }
}
