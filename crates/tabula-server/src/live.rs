//! Live matches: one task (an actor, `actor.rs`) per unfinished match owns its game state and
//! serialises everything that changes it (players' actions, joins, bots' moves, the
//! hourglass), so that two actions for the same ply resolve to exactly one winner.
//!
//! Readers never wait on the actor: after every change the actor publishes a `Snapshot`
//! (a clone of the state, the log length, the clock) on a `watch` channel, and HTTP handlers
//! and WebSocket sessions build each viewer's view from the latest snapshot. The log itself
//! is append-only and shared (`MatchShared::log`); a snapshot says how much of it belongs
//! to its state.
//!
//! [`Hub`] holds the live matches, creates new ones (`create.rs`), loads stored ones by
//! replay (`replay.rs`) at startup and on demand.

mod actor;
mod analysis;
mod analysis_queue;
mod analysis_report;
mod bots;
mod clock;
mod cluster;
mod create;
mod index;
mod presence;
mod rematch;
mod replay;
mod retry;
mod shared;
mod table;

pub use analysis::{AnalysisOptions, KEEP_ANALYSES};
pub use analysis_report::{INACCURACY, MISTAKE, Mark};
pub(crate) use clock::game_params;
pub use clock::{CORRESPONDENCE_DAYS, Clock, ClockSpec, MAX_INCREMENT_S, MAX_INITIAL_S};
pub use cluster::{LEASE_RENEW, LEASE_TTL};
pub use create::{Created, NewMatch, SeatRole, SeatSpec};
pub use presence::PRESENCE_GRACE;
pub(crate) use presence::Presence;
pub use rematch::Rematch;
pub(crate) use replay::start as replay_start;
pub use replay::{ReplayError, replay};
pub(crate) use shared::{MatchShared, Moves, Snapshot};
pub use table::TableRequest;
pub(crate) use table::{Ending, Table, TableEvent, draws_allowed};

use crate::ApiError;
use crate::catalog::Catalog;
use crate::limits::{CreationRate, Limits, SocketCounts};
use crate::store::{LogEntry, MatchRecord, MatchStore, SeatKind, TokenHash};
use actor::Actor;
use index::Index;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tabula_core::Seat;
use tokio::sync::{Semaphore, mpsc, oneshot, watch};

/// The server's tunables for live matches.
#[derive(Clone, Debug)]
pub struct HubOptions {
    /// The least time a bot waits before its move is applied (0: as soon as it decides).
    pub min_bot_delay: Duration,
    /// How many bots may think at once (each on a blocking thread).
    pub bot_threads: usize,
    /// The server's limits (connections, creation rate, sockets, live matches, origins).
    pub limits: Limits,
    /// The analysis of matches: its bot, budget per position, positions at once per match.
    pub analysis: AnalysisOptions,
    /// How long a seat stays online after its last WebSocket closed ([`PRESENCE_GRACE`]).
    pub presence_grace: Duration,
    /// Whether clients may put any search specification in a seat (`mcts:iterations=…`),
    /// not only the game's listed levels (`tabula serve --allow-bot-specs`).
    pub allow_bot_specs: bool,
    /// Accounts and names: cookies, blocked names, sign-in limits.
    pub accounts: crate::people::AccountOptions,
    /// E-mail notifications (`tabula serve --smtp`); `None`: none are sent (nor queued).
    pub mail: Option<crate::mail::MailOptions>,
}

impl Default for HubOptions {
    fn default() -> Self {
        HubOptions {
            min_bot_delay: Duration::ZERO,
            bot_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            limits: Limits::default(),
            analysis: AnalysisOptions::default(),
            presence_grace: PRESENCE_GRACE,
            allow_bot_specs: false,
            accounts: crate::people::AccountOptions::default(),
            mail: None,
        }
    }
}

/// What every match actor shares: the games, the store, the options, the bots' threads.
pub(crate) struct Services {
    pub catalog: Catalog,
    pub store: Arc<dyn MatchStore>,
    pub options: HubOptions,
    pub bot_permits: Arc<Semaphore>,
    /// The seat bots waiting or thinking: analyses yield to them (`bots.rs`).
    pub bots_busy: Arc<bots::BotsBusy>,
    /// Ids of matches whose actor has ended (the game is over), not yet noted by the hub.
    pub ended: Mutex<Vec<String>>,
    /// Set when this server is one instance of several on one database.
    pub cluster: OnceLock<Arc<cluster::Cluster>>,
    /// Names, accounts and sessions, opened at their first use.
    pub people: tokio::sync::OnceCell<Arc<crate::people::People>>,
    /// Woken when a notification is queued (`mail.rs`).
    pub mail_queued: Arc<tokio::sync::Notify>,
    /// Set once the e-mail worker runs.
    pub mailer_started: OnceLock<()>,
}

impl Services {
    /// Whether this instance runs the bots and the hourglass of match `id`: always when it
    /// is alone, else when it holds the match's lease (`cluster.rs`).
    pub fn leads(&self, id: &str) -> bool {
        self.cluster.get().is_none_or(|c| c.leads(id))
    }

    /// Whether other instances may write to the same database.
    pub fn shared_database(&self) -> bool {
        self.cluster.get().is_some()
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
    /// A lobby join: the seat taken and its fresh token.
    Join {
        seat: Option<Seat>,
        reply: oneshot::Sender<Result<(Seat, String), ApiError>>,
    },
    /// A human seat's token was used: the seat counts as taken.
    Touch { seat: Seat },
    /// A request at the table: resign, a draw offer or its answer, a takeback.
    Table {
        seat: Seat,
        request: TableRequest,
        reply: oneshot::Sender<Result<Ack, ApiError>>,
    },
    /// Boxed: every match's channel holds a block of commands, each as large as the largest.
    BotDecided(Box<bots::Decision>),
    /// Another instance wrote to the match: read it again from the store.
    CatchUp,
    /// This instance gained the match's lease: take in the entries stored since its own
    /// last one, then run the bots and the hourglass here.
    LeaseGained,
    /// Some instance appended to the match's log, which now has `next_ply` entries:
    /// `carried`, its last entries as the notification carried them (the others, or all
    /// when it carried none, are read from the store). Nothing is read when this instance
    /// has them all already (its own appends are notified too).
    Appended {
        next_ply: u64,
        carried: Vec<LogEntry>,
    },
    /// Some instance stored a join of `seat` (with the hash of the token it gave, if it gave
    /// one); taken in without reading the match.
    SeatJoined {
        seat: Seat,
        token_hash: Option<TokenHash>,
    },
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
    pub(crate) services: Arc<Services>,
    matches: RwLock<Index>,
    creation_rate: CreationRate,
    sockets: Arc<SocketCounts>,
    /// Matches whose log does not replay, with the reason (answered 500).
    broken: RwLock<HashMap<String, String>>,
    loading: tokio::sync::Mutex<()>,
    /// The ids of the matches this hub is creating: stored, or being stored, and not yet in
    /// memory (an instance does not load a match on the notice of its own creation).
    creating: Mutex<HashSet<String>>,
    /// Notified whenever a creation ends (see `creating`).
    created: tokio::sync::Notify,
    /// Held while a rematch is made, so that two requests make one.
    rematching: tokio::sync::Mutex<()>,
    /// The matches' analyses (`analysis.rs`).
    analyses: analysis::Analyses,
    /// The puzzles of the catalog's games, read at the first call (`puzzles.rs`).
    pub(crate) puzzles: OnceLock<Result<Arc<crate::puzzles::Trainer>, String>>,
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
    /// A hub serving the games of `catalog`, keeping matches in `store`.
    pub fn new(catalog: Catalog, store: Arc<dyn MatchStore>, options: HubOptions) -> Hub {
        let permits = Arc::new(Semaphore::new(options.bot_threads.max(1)));
        Hub {
            creation_rate: CreationRate::new(&options.limits),
            sockets: Arc::new(SocketCounts::default()),
            services: Arc::new(Services {
                catalog,
                store,
                options,
                bot_permits: permits,
                bots_busy: Arc::default(),
                ended: Mutex::new(Vec::new()),
                cluster: OnceLock::new(),
                people: tokio::sync::OnceCell::new(),
                mail_queued: Arc::default(),
                mailer_started: OnceLock::new(),
            }),
            matches: RwLock::new(Index::default()),
            broken: RwLock::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
            creating: Mutex::new(HashSet::new()),
            created: tokio::sync::Notify::new(),
            rematching: tokio::sync::Mutex::new(()),
            analyses: analysis::Analyses::default(),
            puzzles: OnceLock::new(),
        }
    }

    /// Whether this instance runs the bots and the hourglass of match `id`: always when it
    /// is alone on its store, else while it holds the match's lease.
    pub fn leads(&self, id: &str) -> bool {
        self.services.leads(id)
    }

    /// The games this hub serves.
    pub fn catalog(&self) -> &Catalog {
        &self.services.catalog
    }

    /// The server's limits.
    pub fn limits(&self) -> &Limits {
        &self.services.options.limits
    }

    pub(crate) fn creation_rate(&self) -> &CreationRate {
        &self.creation_rate
    }

    pub(crate) fn sockets(&self) -> &Arc<SocketCounts> {
        &self.sockets
    }

    /// 503 when the server already holds `Limits::max_live_matches` unfinished matches.
    pub(crate) fn check_capacity(&self) -> Result<(), ApiError> {
        let max = self.limits().max_live_matches;
        let mut index = self.write_index();
        self.note_ended(&mut index);
        if index.unfinished() >= max {
            return Err(ApiError::new(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                format!("the server holds {max} unfinished matches, its limit: try again later"),
            ));
        }
        Ok(())
    }

    /// How many matches are in memory, and how many of them are unfinished.
    pub fn in_memory(&self) -> (usize, usize) {
        let mut index = self.write_index();
        self.note_ended(&mut index);
        (index.matches.len(), index.unfinished())
    }

    /// Replays every unfinished stored match and resumes it (bots, hourglass), and loads the
    /// newest finished ones (`index::FINISHED_AT_START`) for the match list. A match that
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
        self.load_finished(&mut report).await?;
        Ok(report)
    }

    /// The match `id` if it is in memory (every unfinished match is).
    pub(crate) fn in_memory_match(&self, id: &str) -> Option<MatchHandle> {
        self.read_index().matches.get(id).cloned()
    }

    /// The match `id`, from memory or loaded from the store.
    pub(crate) async fn get(&self, id: &str) -> Result<MatchHandle, ApiError> {
        if let Some(h) = self.read_index().matches.get(id) {
            return Ok(h.clone());
        }
        if !plausible_id(id) {
            return Err(ApiError::no_match(id));
        }
        self.load(id).await
    }

    async fn load(&self, id: &str) -> Result<MatchHandle, ApiError> {
        let _guard = self.loading.lock().await;
        if let Some(h) = self.read_index().matches.get(id) {
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
        let over = replayed.game.to_act().is_over() || replayed.table.ended();
        if over != stored.finished {
            tracing::warn!(
                "match {}: the store says finished={}, the replay says over={over}",
                stored.record.id,
                stored.finished
            );
        }
        let ply = stored.log.len() as u64;
        let info = entry.info();
        let shared = Arc::new(MatchShared::new(
            stored.record,
            info,
            stored.log,
            self.services.options.presence_grace,
        ));
        let bots = if over {
            Vec::new()
        } else {
            match self.make_bots(&shared.record, ply) {
                Ok(bots) => bots,
                Err(e) => {
                    shared.quarantine(format!("its bots cannot be made: {e}"));
                    Vec::new()
                }
            }
        };
        let start = actor::Start {
            game: replayed.game,
            rng: replayed.rng,
            attempt_started_ms: replayed.attempt_started,
            table: replayed.table,
            clock: replayed.clock,
        };
        Ok(self.spawn(shared, start, bots))
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

    /// Starts the actor of a match (none when the game is over) and lists the match. A match
    /// already listed keeps its actor, and its handle is answered: one actor per match. (An
    /// instance on a shared database may load a match on the notice of its creation before
    /// the creator lists it; both start from the same stored record.)
    fn spawn(
        &self,
        shared: Arc<MatchShared>,
        start: actor::Start,
        bots: Vec<Option<bots::BotSeat>>,
    ) -> MatchHandle {
        let (tx, rx) = mpsc::channel(64);
        let over = start.game.to_act().is_over() || start.table.ended();
        let (actor, snapshot) = Actor::new(
            shared.clone(),
            self.services.clone(),
            start,
            bots,
            tx.clone(),
        );
        let handle = MatchHandle {
            shared: shared.clone(),
            snapshot,
            commands: tx,
        };
        let mut index = self.write_index();
        if let Some(listed) = index.matches.get(&shared.record.id) {
            return listed.clone();
        }
        index.insert(handle.clone());
        if over {
            index.finished.push_back(shared.record.id.clone());
        } else {
            tokio::spawn(actor.run(rx));
        }
        self.note_ended(&mut index);
        Self::evict_finished(&mut index);
        handle
    }
}
