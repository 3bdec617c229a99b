//! Creating a match: every part of the request is checked (game, seats, players, parameters,
//! setup, bot levels) before anything is stored; then the record is stored durably and the
//! match starts.

use super::{Hub, MatchShared, now_ms};
use crate::ApiError;
use crate::store::{MatchRecord, SeatKind, SeatRecord, StoreError};
use serde_json::{Map, Value};
use std::sync::{Arc, RwLock};
use tabula_core::Actor;

/// Who sits in a seat of a new match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    Human,
    /// A bot of this level.
    Bot(String),
}

/// A request for a new match (already read from JSON).
#[derive(Clone, Debug, Default)]
pub struct NewMatch {
    pub game: String,
    pub players: Option<usize>,
    pub params: Option<Value>,
    /// `None`: a random seed (below 2^53, so that JavaScript reads it exactly).
    pub seed: Option<u64>,
    /// `placement` or `random`; `None`: placement when a human plays, else random.
    pub setup: Option<String>,
    pub seats: Vec<SeatSpec>,
}

/// A created match: its id and each seat's token (human seats only).
#[derive(Clone, Debug)]
pub struct Created {
    pub id: String,
    pub tokens: Vec<Option<String>>,
}

/// A new secret token: 128 random bits, in hex.
fn token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// A new match id: 48 random bits, in hex.
fn match_id() -> String {
    format!("{:012x}", rand::random::<u64>() >> 16)
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
                "seats: give one entry per player ({} is for {} to {} players)",
                info.title, info.min_players, info.max_players
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
        let any_human = new.seats.contains(&SeatSpec::Human);
        let setup = match new.setup.as_deref() {
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
        let mut record = MatchRecord {
            id: match_id(),
            game: info.name.to_string(),
            params,
            players,
            seed,
            setup: setup.to_string(),
            created_at: now_ms(),
            seats: new
                .seats
                .iter()
                .map(|s| match s {
                    SeatSpec::Human => SeatRecord {
                        kind: SeatKind::Human,
                        token: Some(token()),
                        joined: false,
                    },
                    SeatSpec::Bot(level) => SeatRecord {
                        kind: SeatKind::Bot(level.clone()),
                        token: None,
                        joined: true,
                    },
                })
                .collect(),
        };
        let (game, rng) = super::replay::start(entry, &record).map_err(ApiError::from_registry)?;
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
        loop {
            let live = self.read_index().matches.contains_key(&record.id);
            let stored = if live {
                Err(StoreError::Duplicate(record.id.clone()))
            } else {
                self.services.store.create(&record).await
            };
            match stored {
                Ok(()) => break,
                Err(StoreError::Duplicate(_)) if tries < 5 => {
                    tries += 1;
                    record.id = match_id();
                }
                Err(e) => return Err(ApiError::from_store(e)),
            }
        }
        let attempt = (!game.legal(Actor::Host).is_empty()).then_some(record.created_at);
        let created = Created {
            id: record.id.clone(),
            tokens: record.seats.iter().map(|s| s.token.clone()).collect(),
        };
        tracing::info!(
            "match {} created: {} for {players}, seed {seed}",
            record.id,
            info.name
        );
        let shared = Arc::new(MatchShared {
            title: info.title,
            hidden_information: info.hidden_information,
            log: RwLock::new(Vec::new()),
            record,
        });
        self.spawn(shared, game, rng, attempt, bots);
        Ok(created)
    }
}
