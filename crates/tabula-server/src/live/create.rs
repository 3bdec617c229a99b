//! Creating a match: every part of the request is checked (game, seats, players, parameters,
//! setup or start position, bot levels, which seats are the creator's) before anything is
//! stored; then the record is stored durably and the match starts.
//!
//! A start position (games without hidden information only: the notation shows everything)
//! is read through the registry, must not be over, must be for as many players as there are
//! seats, and must agree with every parameter given; the match then starts there, its pending
//! chance events drawn from the seed.
//!
//! Seats: the creator's seats (`mine`) are joined at creation and get a token; invited seats
//! get a token the creator passes on (an invite link) and are never open; lobby seats get no
//! token at creation: `join` issues one to whoever takes the seat (`actor.rs`).
//!
//! A clock (`clock.rs`) is refused for games played in real time; its settings are stored in
//! the record's parameters under `clock`, so `params` may not name `clock` itself.

use super::clock::{self, Clock, ClockSpec};
use super::{Hub, MatchShared, actor, now_ms};
use crate::ApiError;
use crate::store::{MatchRecord, SeatKind, SeatRecord, StoreError, TokenHash};
use serde_json::{Map, Value};
use std::sync::Arc;
use tabula_core::Actor;
use tabula_registry::{GameEntry, RegistryError};

/// Who sits in a seat of a new match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    /// A person: the creator (see [`NewMatch::mine`]) or someone invited through a private link.
    Human,
    /// A person who joins through the public lobby.
    Lobby,
    /// A bot of this level.
    Bot(String),
}

/// What a seat of a created match is to its creator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatRole {
    /// The creator's own seat.
    Mine,
    /// A seat whose token the creator passes on (an invite link).
    Invited,
    /// A seat anyone may join through the lobby.
    Lobby,
    /// A bot.
    Bot,
}

impl SeatRole {
    /// As the API shows it: `mine`, `invited`, `lobby` or `bot`.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatRole::Mine => "mine",
            SeatRole::Invited => "invited",
            SeatRole::Lobby => "lobby",
            SeatRole::Bot => "bot",
        }
    }
}

/// A request for a new match (already read from JSON).
#[derive(Clone, Debug, Default)]
pub struct NewMatch {
    /// The registry name of the game.
    pub game: String,
    /// Number of seats; `None`: the game's default.
    pub players: Option<usize>,
    /// The game's parameters as JSON; `None`: its defaults.
    pub params: Option<Value>,
    /// `None`: a random seed (below 2^53, so that JavaScript reads it exactly).
    pub seed: Option<u64>,
    /// `placement` or `random`; `None`: placement when a human plays, else random.
    pub setup: Option<String>,
    /// Who sits in each seat, in seat order (one per player).
    pub seats: Vec<SeatSpec>,
    /// The creator's seats, by number (from 1); `None`: the first [`SeatSpec::Human`] seat.
    pub mine: Option<Vec<usize>>,
    /// Everyone at the table agreed that hints may be shown.
    pub hints: bool,
    /// A position in the game's notation to start from, instead of the game's own setup.
    pub position: Option<String>,
    /// The match's clock; `None`: no clock.
    pub clock: Option<ClockSpec>,
    /// A rated match: two people, rated at the end when both are accounts.
    pub rated: bool,
}

/// A created match: its id, and per seat its role and its token (the creator's and invited
/// seats only). The tokens exist nowhere else: the store keeps their hashes.
#[derive(Clone, Debug)]
pub struct Created {
    /// The new match's id.
    pub id: String,
    /// Per seat, its role and its secret token (`None` for bots and lobby seats).
    pub seats: Vec<(SeatRole, Option<String>)>,
}

/// A new secret token: 128 random bits, in hex.
pub(crate) fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// A new match id: the millisecond of its creation (44 bits), then 48 random bits, in hex
/// (23 digits). The random bits keep ids unguessable; the time in front makes ids sort by
/// creation, so that the rows of the matches being played, which the stores key by id, sit
/// together at the end of their tables rather than on a page each. The millisecond matters:
/// with the second in front, the matches being played were spread among all those created
/// in the same second, and a commit of many moves wrote about one page of the log per move.
/// `created_ms`: the match's `created_at`, so that the id names the record's own time.
fn match_id(created_ms: u64) -> String {
    match_id_at(created_ms, rand::random::<u64>())
}

/// The match id for the millisecond `ms` (since the Unix epoch) and the random bits of
/// `random` (its top 48 are used).
fn match_id_at(ms: u64, random: u64) -> String {
    format!("{:011x}{:012x}", ms & ((1 << 44) - 1), random >> 16)
}

impl Hub {
    /// Checks and creates a match, stores it, and starts it (its bots move at once).
    pub async fn create(&self, new: NewMatch) -> Result<Created, ApiError> {
        self.check_capacity()?;
        let catalog = &self.services.catalog;
        let entry = catalog
            .find(&new.game)
            .map_err(|e| ApiError::bad_request(format!("game: {e}")))?;
        let info = entry.info();
        if new.seats.is_empty() {
            return Err(ApiError::bad_request(format!(
                "seats: give one entry per player ({} is for {} players)",
                info.title,
                info.player_range()
            )));
        }
        let players = new.players.unwrap_or(new.seats.len());
        if players != new.seats.len() {
            return Err(ApiError::bad_request(format!(
                "seats: {} given for {players} players",
                new.seats.len()
            )));
        }
        let mut params = match new.params {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(map)) => map,
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "params: must be an object, not {other}"
                )));
            }
        };
        crate::people::check_rated(new.rated, &params, &new.seats, new.position.is_some())?;
        if params.contains_key(clock::PARAM) {
            return Err(ApiError::bad_request(
                "params.clock: the clock is not a parameter of the game: give it as `clock`, \
                 beside `params`",
            ));
        }
        if new.clock.is_some() && info.real_time {
            return Err(ApiError::bad_request(format!(
                "clock: {} is played in real time, not in turns, so its matches have no clock \
                 (leave out `clock`)",
                info.title
            )));
        }
        let given = params.clone();
        match params.get("players") {
            Some(p) if p.as_u64() != Some(players as u64) => {
                return Err(ApiError::bad_request(format!(
                    "params.players is {p} but the match has {players} seats"
                )));
            }
            _ => {
                params.insert("players".into(), Value::from(players));
            }
        }
        let params = Value::Object(params);
        let roles = roles(&new.seats, new.mine.as_deref())?;
        for (i, seat) in new.seats.iter().enumerate() {
            if let SeatSpec::Bot(spec) = seat {
                catalog
                    .check_client_bot(info.name, spec, self.services.options.allow_bot_specs)
                    .map_err(|e| ApiError::bad_request(format!("seats[{i}].bot: {e}")))?;
            }
        }
        let any_human = roles
            .iter()
            .any(|r| matches!(r, SeatRole::Mine | SeatRole::Invited | SeatRole::Lobby));
        let position = match new.position.as_deref() {
            None => None,
            Some(text) => {
                if let Some(setup) = &new.setup {
                    return Err(ApiError::bad_request(format!(
                        "setup: `{setup}` given with a position; a match from a position has no \
                         setup (leave out `setup`)"
                    )));
                }
                Some(start_position(entry, &given, players, text)?)
            }
        };
        let setup = match new.setup.as_deref() {
            // Unused when the match starts from a position.
            _ if position.is_some() => "placement",
            None if any_human => "placement",
            None => "random",
            Some(s @ ("placement" | "random")) => s,
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "setup: `{other}` is neither `placement` nor `random`"
                )));
            }
        };
        let seed = new
            .seed
            .unwrap_or_else(|| rand::random::<u64>() & ((1 << 53) - 1));
        let tokens: Vec<Option<String>> = roles
            .iter()
            .map(|r| matches!(r, SeatRole::Mine | SeatRole::Invited).then(new_token))
            .collect();
        let created_at = now_ms();
        let mut record = MatchRecord {
            id: match_id(created_at),
            game: info.name.to_string(),
            params,
            players,
            seed,
            setup: setup.to_string(),
            created_at,
            seats: new
                .seats
                .iter()
                .zip(&roles)
                .zip(&tokens)
                .map(|((spec, role), token)| SeatRecord {
                    kind: match spec {
                        SeatSpec::Bot(level) => SeatKind::Bot(level.clone()),
                        SeatSpec::Human | SeatSpec::Lobby => SeatKind::Human,
                    },
                    token_hash: token.as_deref().map(TokenHash::of),
                    open: *role == SeatRole::Lobby,
                    joined: matches!(role, SeatRole::Mine | SeatRole::Bot),
                })
                .collect(),
            hints: new.hints,
            position,
        };
        let (game, rng) = super::replay::start(entry, &record).map_err(ApiError::from_registry)?;
        if let (Some(spec), Value::Object(map)) = (new.clock, &mut record.params) {
            map.insert(clock::PARAM.into(), spec.to_json());
        }
        if let (true, Value::Object(map)) = (new.rated, &mut record.params) {
            map.insert(crate::people::RATED.into(), true.into());
        }
        if game.num_seats() != players {
            return Err(ApiError::bad_request(format!(
                "players: the game was set up for {} players, not {players}",
                game.num_seats()
            )));
        }
        let bots = self
            .make_bots(&record, 0)
            .map_err(|e| ApiError::bad_request(format!("seats: {e}")))?;
        // A fresh id is all but certain to be new; retry the rare collision.
        let mut tries = 0;
        let _creating = loop {
            let creating = Creating::new(self, &record.id);
            let live = self.read_index().matches.contains_key(&record.id);
            let stored = if live {
                Err(StoreError::Duplicate(record.id.clone()))
            } else {
                self.services.store.create(&record).await
            };
            match stored {
                Ok(()) => break creating,
                Err(StoreError::Duplicate(_)) if tries < 5 => {
                    tries += 1;
                    record.id = match_id(record.created_at);
                }
                Err(e) => return Err(ApiError::from_store(e)),
            }
        };
        let attempt = (!game.legal(Actor::Host).is_empty()).then_some(record.created_at);
        let created = Created {
            id: record.id.clone(),
            seats: roles.into_iter().zip(tokens).collect(),
        };
        tracing::info!(
            "match {} created: {} for {players}, seed {seed}",
            record.id,
            info.name
        );
        let shared = Arc::new(MatchShared::new(
            record,
            info,
            Vec::new(),
            self.services.options.presence_grace,
        ));
        let start = actor::Start {
            game,
            rng,
            attempt_started_ms: attempt,
            table: Default::default(),
            clock: new.clock.map(|spec| Clock::new(spec, players)),
        };
        self.spawn(shared, start, bots);
        Ok(created)
    }
}

/// A match id in [`Hub::is_creating`] for as long as this lives: from before its record is
/// stored until the match is in memory (or its creation failed).
struct Creating<'a> {
    hub: &'a Hub,
    id: String,
}

impl<'a> Creating<'a> {
    fn new(hub: &'a Hub, id: &str) -> Creating<'a> {
        hub.creating
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id.to_string());
        Creating {
            hub,
            id: id.to_string(),
        }
    }
}

impl Drop for Creating<'_> {
    fn drop(&mut self) {
        self.hub
            .creating
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&self.id);
        self.hub.created.notify_waiters();
    }
}

impl Hub {
    /// Whether this hub is creating match `id` (stored, or being stored, not yet in memory).
    pub(crate) fn is_creating(&self, id: &str) -> bool {
        self.creating
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(id)
    }

    /// Returns once this hub is not creating match `id` (at once, mostly).
    pub(crate) async fn created(&self, id: &str) {
        loop {
            // Registered before the check, so that a creation ending in between wakes it.
            let ended = self.created.notified();
            tokio::pin!(ended);
            ended.as_mut().enable();
            if !self.is_creating(id) {
                return;
            }
            ended.await;
        }
    }
}

/// Reads and checks a start position (see the module documentation); returns it in the
/// game's canonical notation. `given` are the parameters of the request as given.
fn start_position(
    entry: &dyn GameEntry,
    given: &Map<String, Value>,
    players: usize,
    text: &str,
) -> Result<String, ApiError> {
    let info = entry.info();
    if info.hidden_information {
        return Err(ApiError::bad_request(format!(
            "position: {} has hidden information, which a position in notation would show; \
             its matches start from the game's own setup only",
            info.title
        )));
    }
    let game = entry
        .load_position(&Value::Object(given.clone()), text)
        .map_err(|e| match e {
            RegistryError::Params(_) => ApiError::from_registry(e),
            other => ApiError::bad_request(format!("position: {other}")),
        })?;
    if game.num_seats() != players {
        return Err(ApiError::bad_request(format!(
            "seats: the position is for {} players, but {players} seats were given",
            game.num_seats()
        )));
    }
    if game.to_act().is_over() {
        return Err(ApiError::bad_request(
            "position: the game is already over in this position",
        ));
    }
    let actual = game.params().map_err(ApiError::from_registry)?;
    for (name, value) in given {
        match actual.get(name) {
            Some(a) if a == value => {}
            Some(a) => {
                return Err(ApiError::bad_request(format!(
                    "params.{name} is {value} but the position has {a}"
                )));
            }
            // A parameter the game does not report back cannot be checked against the
            // position: it is refused rather than silently ignored.
            None => {
                return Err(ApiError::bad_request(format!(
                    "params.{name}: cannot be given with a position (the position decides it)"
                )));
            }
        }
    }
    Ok(game.position())
}

/// Each seat's role; `mine` (seat numbers) must name distinct human seats that are not lobby
/// seats. Without `mine`, the creator takes the first human seat that is not a lobby seat.
fn roles(seats: &[SeatSpec], mine: Option<&[usize]>) -> Result<Vec<SeatRole>, ApiError> {
    let mut roles: Vec<SeatRole> = seats
        .iter()
        .map(|s| match s {
            SeatSpec::Human => SeatRole::Invited,
            SeatSpec::Lobby => SeatRole::Lobby,
            SeatSpec::Bot(_) => SeatRole::Bot,
        })
        .collect();
    let Some(mine) = mine else {
        if let Some(first) = roles.iter_mut().find(|r| **r == SeatRole::Invited) {
            *first = SeatRole::Mine;
        }
        return Ok(roles);
    };
    for (k, &n) in mine.iter().enumerate() {
        let bad = |why: String| Err(ApiError::bad_request(format!("mine[{k}]: {why}")));
        match n.checked_sub(1).and_then(|i| roles.get(i)) {
            None => {
                return bad(format!(
                    "seat {n} does not exist (seats are numbered 1 to {})",
                    roles.len()
                ));
            }
            Some(SeatRole::Bot) => return bad(format!("seat {n} is a bot seat")),
            Some(SeatRole::Lobby) => {
                return bad(format!(
                    "seat {n} is both yours and open to the lobby (give one or the other)"
                ));
            }
            Some(SeatRole::Mine) => return bad(format!("seat {n} is named twice")),
            Some(SeatRole::Invited) => roles[n - 1] = SeatRole::Mine,
        }
    }
    Ok(roles)
}

#[cfg(test)]
mod tests {
    use super::match_id_at;
    use crate::live::plausible_id;

    #[test]
    fn match_ids_sort_by_their_millisecond_and_keep_48_random_bits() {
        let early = match_id_at(1_780_000_000_000, u64::MAX);
        let late = match_id_at(1_780_000_000_001, 0);
        assert!(early < late, "{early} should sort before {late}");
        assert_eq!(early, "19e70448800ffffffffffff");
        assert_eq!(late.len(), 23);
        assert_ne!(
            match_id_at(1_780_000_000_000, 1 << 16),
            match_id_at(1_780_000_000_000, 2 << 16)
        );
        assert!(plausible_id(&early) && plausible_id(&late));
    }
}
