//! What a live match shares between its actor and every reader: the fixed part
//! ([`MatchShared`]: the record, the log, the rematch, presence and the seats' tokens) and
//! the state after some entry of the log ([`Snapshot`]).

use super::{Clock, Ending, Presence, Rematch};
use crate::store::{LogEntry, MatchRecord, SeatKind, TokenHash};
use serde_json::Value;
use serde_json::value::RawValue;
use std::sync::{Arc, OnceLock, RwLock};
use std::time::Duration;
use tabula_core::Seat;
use tabula_registry::{DynGame, GameInfo};
use tokio::sync::watch;

/// The chat events a slow WebSocket may fall behind by before it is told to read the chat
/// again.
const CHAT_BACKLOG: usize = 64;

/// The fixed part of a live match, shared by its actor and every reader.
#[derive(Debug)]
pub(crate) struct MatchShared {
    pub record: MatchRecord,
    pub title: &'static str,
    pub hidden_information: bool,
    /// Whether the web UI draws the game from its board as text (it has no renderer of its
    /// own): the state then carries `board_text` where the position may be shown.
    pub plain_board: bool,
    /// The seats' colours as the game's description gives them (CSS), seat 1's first.
    pub seat_colours: Vec<&'static str>,
    /// Whether the game runs in real time (no takebacks).
    pub real_time: bool,
    /// Whether the game's rules have a draw among their outcomes (its description's
    /// `draws_by_agreement`; two-player matches may then end in a draw by agreement).
    pub draws_by_agreement: bool,
    /// Per seat, a bot level's estimated rating (from the game's measured ladder).
    pub bot_ratings: Vec<Option<f64>>,
    /// The log (append-only, table events included; a snapshot owns its first `rev`
    /// entries).
    pub log: RwLock<Vec<LogEntry>>,
    /// The rematch of this match, once someone asked for it (`rematch.rs`).
    pub rematch: watch::Sender<Option<Arc<Rematch>>>,
    /// Which seats are online (`presence.rs`).
    pub presence: Arc<Presence>,
    /// The chat's messages and withdrawals as they happen on this instance, for the
    /// match's WebSockets (which filter what their viewer may read).
    pub chat: tokio::sync::broadcast::Sender<crate::people::ChatEvent>,
    /// The chat events sent last (at most [`CHAT_BACKLOG`]): one that comes again (the
    /// database's notice of this instance's own write) is not sent twice.
    chat_sent: std::sync::Mutex<std::collections::VecDeque<(bool, String)>>,
    /// Per seat, the hash of its token as it stands now (`record.seats` holds them as they
    /// were stored at creation or load; a lobby join adds one, written by the actor only).
    tokens: RwLock<Vec<Option<TokenHash>>>,
    /// Why the match is quarantined, once it is: its bots cannot be made or one failed. A
    /// quarantined match is served read-only (its state, record and analysis) and refuses
    /// every change; its clocks stop.
    pub quarantine: OnceLock<String>,
}

impl MatchShared {
    /// The shared part of a match made from its stored record and log.
    pub fn new(
        record: MatchRecord,
        info: &GameInfo,
        log: Vec<LogEntry>,
        presence_grace: Duration,
    ) -> MatchShared {
        let tokens = record.seats.iter().map(|s| s.token_hash).collect();
        let bot_ratings = record
            .seats
            .iter()
            .map(|s| match &s.kind {
                SeatKind::Bot(level) => info.level_rating(level),
                SeatKind::Human => None,
            })
            .collect();
        MatchShared {
            title: info.title,
            hidden_information: info.hidden_information,
            plain_board: info.renderer.is_none() && !crate::api::built_in_renderer(info.name),
            seat_colours: info.seats.iter().map(|s| s.colour).collect(),
            real_time: info.real_time,
            draws_by_agreement: info.draws_by_agreement,
            bot_ratings,
            presence: Arc::new(Presence::new(record.seats.len(), presence_grace)),
            record,
            log: RwLock::new(log),
            rematch: watch::Sender::new(None),
            chat: tokio::sync::broadcast::Sender::new(CHAT_BACKLOG),
            chat_sent: Default::default(),
            tokens: RwLock::new(tokens),
            quarantine: OnceLock::new(),
        }
    }

    /// Sends a chat event to the match's sockets on this instance, unless it was sent already.
    pub fn publish_chat(&self, event: crate::people::ChatEvent) {
        use crate::people::ChatEvent;
        let key = match &event {
            ChatEvent::Posted(m) => (false, m.id.clone()),
            ChatEvent::Hidden(id) => (true, id.clone()),
        };
        let mut sent = self.chat_sent.lock().unwrap_or_else(|p| p.into_inner());
        if sent.contains(&key) {
            return;
        }
        if sent.len() == CHAT_BACKLOG {
            sent.pop_front();
        }
        sent.push_back(key);
        // No socket open: nobody to send to.
        let _ = self.chat.send(event);
    }

    /// Quarantines the match (the first reason stays), logging why.
    pub fn quarantine(&self, reason: String) {
        tracing::error!(
            "match {} is quarantined (read-only): {reason}",
            self.record.id
        );
        let _ = self.quarantine.set(reason);
    }

    /// Whether seat index `i` has a token (a human seat that is not an unjoined lobby seat).
    pub fn has_token(&self, i: usize) -> bool {
        let tokens = self.tokens.read().unwrap_or_else(|p| p.into_inner());
        tokens.get(i).is_some_and(Option::is_some)
    }

    /// Gives seat index `i` the token of `hash` (once its store write is durable).
    pub(super) fn set_token(&self, i: usize, hash: TokenHash) {
        let mut tokens = self.tokens.write().unwrap_or_else(|p| p.into_inner());
        if let Some(slot) = tokens.get_mut(i) {
            *slot = Some(hash);
        }
    }

    /// The first `n` log entries.
    pub fn log_prefix(&self, n: u64) -> Vec<LogEntry> {
        let log = self.log.read().unwrap_or_else(|p| p.into_inner());
        log[..(n as usize).min(log.len())].to_vec()
    }

    /// When the match last moved (its last log entry), or was created.
    pub fn last_activity_ms(&self) -> u64 {
        let log = self.log.read().unwrap_or_else(|p| p.into_inner());
        log.last().map_or(self.record.created_at, |e| e.at)
    }

    /// The seat whose token is `token`: its hash is compared with every seat's in constant
    /// time (every seat is compared, whichever matches).
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        let hash = TokenHash::of(token);
        let tokens = self.tokens.read().unwrap_or_else(|p| p.into_inner());
        let mut found = None;
        for (i, stored) in tokens.iter().enumerate() {
            if stored.is_some_and(|s| s == hash) {
                found = Some(Seat(i as u8));
            }
        }
        found
    }
}

/// A match's moves ([`Snapshot::moves`], `Table::moves`): a persistent vector, so that a
/// snapshot shares the entries of the one before it and publishing a change costs the same at
/// move 10 and at move 1,000 (a `Vec` was copied whole, one allocation per entry, at every
/// change). The entries are shared too: a move copies the vector's last chunk (up to 64
/// entries), which then costs a reference count per entry, not a copy of its action.
pub(crate) type Moves = imbl::Vector<Arc<LogEntry>>;

/// A match as it stands after some entry of its log.
#[derive(Debug)]
pub(crate) struct Snapshot {
    pub game: Box<dyn DynGame>,
    /// The number of moves the game went through (`moves.len()`): what clients call the ply.
    pub ply: u64,
    /// The number of log entries applied (table events included): only ever grows.
    pub rev: u64,
    /// The moves (the log without table events and undone moves, numbered from 0).
    pub moves: Moves,
    /// How the match ended at the table (a resignation, a draw by agreement).
    pub ending: Option<Ending>,
    /// The seat whose draw offer stands.
    pub offer: Option<Seat>,
    /// Per seat, whether it may offer a draw now (where draws exist).
    pub may_offer: Vec<bool>,
    /// The seat whose takeback request stands (between two people).
    pub takeback_ask: Option<Seat>,
    /// Per seat, whether it may take a move back now, or ask for it.
    pub may_take_back: Vec<bool>,
    /// Per seat: someone has taken it (humans) — bots are always seated.
    pub joined: Vec<bool>,
    /// When the running hourglass runs out, in milliseconds since the Unix epoch.
    pub deadline_ms: Option<u64>,
    /// The match's clocks, if it has a clock.
    pub clock: Option<Clock>,
    /// Parts of its JSON that every socket pushing it writes alike, written by the first.
    pub written: Written,
}

/// A snapshot's JSON parts that do not depend on the viewer, each written once (every move
/// is pushed to every socket of its match).
#[derive(Debug, Default)]
pub(crate) struct Written {
    view: OnceLock<Box<RawValue>>,
    params: OnceLock<Value>,
    position: OnceLock<String>,
    board_text: OnceLock<String>,
    /// `view::status_out`, written by the view module.
    pub status: OnceLock<Box<RawValue>>,
}

impl Snapshot {
    /// The view every viewer is shown, in a game without hidden information (where every
    /// seat's view is a spectator's: `tabula_core::testkit::check_views_alike`).
    pub fn view_for_all(&self) -> &RawValue {
        self.written
            .view
            .get_or_init(|| crate::view::or_defect_text(self.game.view_text(None)))
    }

    /// The game's parameters as its state gives them (`DynGame::params`), built once.
    pub fn params(&self) -> &Value {
        self.written
            .params
            .get_or_init(|| crate::view::or_defect(self.game.params()))
    }

    /// The board as text (`DynGame::board_text`), written once.
    pub fn board_text(&self) -> &str {
        self.written
            .board_text
            .get_or_init(|| self.game.board_text())
    }

    /// The position in notation (`DynGame::position`), written once.
    pub fn position(&self) -> &str {
        self.written.position.get_or_init(|| self.game.position())
    }

    /// Whether the match is over: by the rules, or at the table.
    pub fn over(&self) -> bool {
        self.ending.is_some() || self.game.to_act().is_over()
    }
}
