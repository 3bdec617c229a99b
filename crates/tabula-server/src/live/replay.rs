//! Rebuilding a match from its record and log, and checking the log on the way.
//!
//! A match replays as it was played: a new game from the parameters, setup and seed, or the
//! stored start position (either way the chance events at the start drawn from the seeded
//! generator), then every logged seat or
//! host action in order; after each, the chance events the generator draws must be exactly
//! the chance entries that follow in the log. Any difference (a refused action, a chance
//! entry the generator does not draw) is a [`ReplayError`] naming the ply: the match is not
//! resumed, and the server says so loudly.
//!
//! Table events (`~resign`, `~draw`, `~takeback K`…, see `table.rs`) change no position but
//! the table's; a takeback sets the game back to the state after the moves it keeps (replayed
//! from the start), while the generator goes on where it was.
//!
//! A match with a clock gets its clocks back from the entries' times (`clock.rs`).

use super::clock::{Clock, ClockSpec, game_params};
use super::table::{Table, TableEvent};
use crate::store::{LogActor, LogEntry, MatchRecord, StoredMatch};
use tabula_core::{Actor, GameRng, SeatSet, rng_from_seed};
use tabula_registry::{DynGame, GameEntry, RegistryError, Setup};
use thiserror::Error;

/// Why a stored match does not replay.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The game could not be built from the record's parameters, setup or position.
    #[error("the match cannot be set up again: {0}")]
    Setup(String),
    /// A logged action the game refuses.
    #[error("ply {ply}: `{action}` by {actor} is refused: {reason}")]
    Refused {
        /// The entry's index in the log.
        ply: usize,
        /// Who the log says acted.
        actor: String,
        /// The action, as logged.
        action: String,
        /// Why the game refuses it.
        reason: String,
    },
    /// A logged chance entry differs from what the seeded generator draws.
    #[error("ply {ply}: the log has `{logged}` by {actor} where the generator draws `{drawn}`")]
    ChanceMismatch {
        /// The entry's index in the log.
        ply: usize,
        /// The actor of the entry.
        actor: String,
        /// The chance outcome, as logged.
        logged: String,
        /// The outcome the generator draws.
        drawn: String,
    },
    /// The log ends where the generator still draws a chance outcome.
    #[error("ply {ply}: the log ends where the generator draws `{drawn}`")]
    ChanceMissing {
        /// The index the missing entry would have.
        ply: usize,
        /// The outcome the generator draws.
        drawn: String,
    },
    /// A chance entry where the generator draws none.
    #[error("ply {ply}: a chance entry `{logged}` where the generator draws nothing")]
    UnexpectedChance {
        /// The entry's index in the log.
        ply: usize,
        /// The chance outcome, as logged.
        logged: String,
    },
    /// A logged table event (resign, draw offer, takeback) that does not apply.
    #[error("ply {ply}: table event `{logged}`: {reason}")]
    Table {
        /// The entry's index in the log.
        ply: usize,
        /// The event, as logged.
        logged: String,
        /// Why it does not apply.
        reason: String,
    },
}

/// A replayed match.
pub struct Replayed {
    pub game: Box<dyn DynGame>,
    /// The generator, positioned after every draw of the log.
    pub rng: GameRng,
    /// When the running hourglass attempt began (ms since the epoch), if one is running.
    pub attempt_started: Option<u64>,
    /// The moves, the ending at the table and the standing draw offer.
    pub(crate) table: Table,
    /// The clocks after the whole log, for a match with a clock.
    pub(crate) clock: Option<Clock>,
}

impl std::fmt::Debug for Replayed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replayed")
            .field("position", &self.game.position())
            .field("attempt_started", &self.attempt_started)
            .finish()
    }
}

/// The setup named in a record.
pub(crate) fn parse_setup(text: &str) -> Option<Setup> {
    match text {
        "placement" => Some(Setup::Placement),
        "random" => Some(Setup::Random),
        _ => None,
    }
}

/// A new game as the record describes it, with the generator after the setup's draws: from
/// the record's start position when it has one (its pending chance events drawn from the
/// seed), else from its parameters and setup.
pub(crate) fn start(
    entry: &dyn GameEntry,
    record: &MatchRecord,
) -> Result<(Box<dyn DynGame>, GameRng), RegistryError> {
    let params = game_params(&record.params);
    if let Some(position) = &record.position {
        let mut rng = rng_from_seed(record.seed);
        let mut game = entry.load_position(&params, position)?;
        game.resolve_chance(&mut rng);
        return Ok((game, rng));
    }
    let setup = parse_setup(&record.setup).ok_or_else(|| {
        tabula_core::ParamsError::new("setup", format!("unknown setup `{}`", record.setup))
    })?;
    let mut rng = rng_from_seed(record.seed);
    let game = entry.new_game(&params, setup, &mut rng)?;
    Ok((game, rng))
}

/// Replays `stored` (see the module documentation).
pub fn replay(entry: &dyn GameEntry, stored: &StoredMatch) -> Result<Replayed, ReplayError> {
    let (mut game, mut rng) =
        start(entry, &stored.record).map_err(|e| ReplayError::Setup(e.to_string()))?;
    let log = &stored.log;
    let mut attempt = (!game.legal(Actor::Host).is_empty()).then_some(stored.record.created_at);
    let mut table = Table::default();
    let mut clock = ClockSpec::of_params(&stored.record.params)
        .map(|spec| Clock::new(spec, stored.record.players));
    let mut i = 0;
    while i < log.len() {
        let e = &log[i];
        if let Some(event) = TableEvent::parse(&e.action) {
            let bad = |reason: String| ReplayError::Table {
                ply: i,
                logged: e.action.clone(),
                reason,
            };
            let LogActor::Seat(seat) = e.actor else {
                return Err(bad(format!("made by {}, not a seat", e.actor.as_text())));
            };
            let event = event.map_err(bad)?;
            table
                .record_event(seat, stored.record.players, event)
                .map_err(bad)?;
            if let TableEvent::Takeback { .. } = event {
                game = rebuild(entry, &stored.record, &table.moves)
                    .map_err(|e| bad(format!("the moves kept do not replay: {e}")))?;
            }
            if let Some(clock) = &mut clock {
                if event == TableEvent::Timeout {
                    clock.flag(e.at, seat);
                } else {
                    clock.record(e.at, None, running(game.as_ref(), &table));
                }
            }
            i += 1;
            continue;
        }
        if e.actor == LogActor::Chance {
            return Err(ReplayError::UnexpectedChance {
                ply: i,
                logged: e.action.clone(),
            });
        }
        game.apply(e.actor.to_core(), &e.action)
            .map_err(|err| ReplayError::Refused {
                ply: i,
                actor: e.actor.as_text(),
                action: e.action.clone(),
                reason: err.to_string(),
            })?;
        if e.actor == LogActor::Host {
            // The host's action ends the attempt; a new one starts afresh.
            attempt = None;
        }
        table.record_move(e);
        i += 1;
        for drawn in game.resolve_chance(&mut rng) {
            match log.get(i) {
                Some(c) if c.actor == LogActor::Chance && c.action == drawn => {
                    table.record_move(c);
                    i += 1;
                }
                Some(c) => {
                    return Err(ReplayError::ChanceMismatch {
                        ply: i,
                        actor: c.actor.as_text(),
                        logged: c.action.clone(),
                        drawn,
                    });
                }
                None => return Err(ReplayError::ChanceMissing { ply: i, drawn }),
            }
        }
        if let Some(clock) = &mut clock {
            let mover = match e.actor {
                LogActor::Seat(s) => Some(s),
                _ => None,
            };
            clock.record(e.at, mover, running(game.as_ref(), &table));
        }
        if game.legal(Actor::Host).is_empty() {
            attempt = None;
        } else if attempt.is_none() {
            attempt = Some(e.at);
        }
    }
    Ok(Replayed {
        game,
        rng,
        attempt_started: attempt,
        table,
        clock,
    })
}

/// The seats whose clock runs: those that may act, none once the match is over.
pub(crate) fn running(game: &dyn DynGame, table: &Table) -> SeatSet {
    if table.ended() {
        SeatSet::EMPTY
    } else {
        game.to_act().seats()
    }
}

/// The game after `moves` (a match's moves, chance draws included, as [`Table::moves`] holds
/// them), replayed from the record's start.
pub(crate) fn rebuild(
    entry: &dyn GameEntry,
    record: &MatchRecord,
    moves: &[LogEntry],
) -> Result<Box<dyn DynGame>, String> {
    let (mut game, _) = start(entry, record).map_err(|e| e.to_string())?;
    for (i, e) in moves.iter().enumerate() {
        game.apply(e.actor.to_core(), &e.action)
            .map_err(|err| format!("move {i} `{}`: {err}", e.action))?;
    }
    Ok(game)
}
