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

use super::Moves;
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
    let (game, rng) =
        start(entry, &stored.record).map_err(|e| ReplayError::Setup(e.to_string()))?;
    let attempt = (!game.legal(Actor::Host).is_empty()).then_some(stored.record.created_at);
    let clock = ClockSpec::of_params(&stored.record.params)
        .map(|spec| Clock::new(spec, stored.record.players));
    let replayed = Replayed {
        game,
        rng,
        attempt_started: attempt,
        table: Table::default(),
        clock,
    };
    replay_more(entry, &stored.record, replayed, &stored.log, 0)
}

/// Replays `log`, the entries from index `first` on, after `replayed`, the match after the
/// entries before `first` (a live match's state, to take in what another instance added).
pub(crate) fn replay_more(
    entry: &dyn GameEntry,
    record: &MatchRecord,
    replayed: Replayed,
    log: &[LogEntry],
    first: usize,
) -> Result<Replayed, ReplayError> {
    let Replayed {
        mut game,
        mut rng,
        attempt_started: mut attempt,
        mut table,
        mut clock,
    } = replayed;
    let mut i = 0;
    while i < log.len() {
        let e = &log[i];
        if let Some(event) = TableEvent::parse(&e.action) {
            let bad = |reason: String| ReplayError::Table {
                ply: first + i,
                logged: e.action.clone(),
                reason,
            };
            let LogActor::Seat(seat) = e.actor else {
                return Err(bad(format!("made by {}, not a seat", e.actor.as_text())));
            };
            let event = event.map_err(bad)?;
            table
                .record_event(seat, record.players, event)
                .map_err(bad)?;
            if let TableEvent::Takeback { .. } = event {
                game = rebuild(entry, record, &table.moves)
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
                ply: first + i,
                logged: e.action.clone(),
            });
        }
        game.apply(e.actor.to_core(), &e.action)
            .map_err(|err| ReplayError::Refused {
                ply: first + i,
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
                        ply: first + i,
                        actor: c.actor.as_text(),
                        logged: c.action.clone(),
                        drawn,
                    });
                }
                None => {
                    return Err(ReplayError::ChanceMissing {
                        ply: first + i,
                        drawn,
                    });
                }
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
    moves: &Moves,
) -> Result<Box<dyn DynGame>, String> {
    let (mut game, _) = start(entry, record).map_err(|e| e.to_string())?;
    for (i, e) in moves.iter().enumerate() {
        game.apply(e.actor.to_core(), &e.action)
            .map_err(|err| format!("move {i} `{}`: {err}", e.action))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{SeatKind, SeatRecord};
    use rand::RngExt;
    use serde_json::json;

    /// A stored match of `game` played at random for at most `plies` entries.
    fn played(game: &str, plies: usize, seed: u64) -> (&'static dyn GameEntry, StoredMatch) {
        let entry = tabula_catalog::builtin().find(game).unwrap();
        let players = entry.info().min_players.max(2);
        let record = MatchRecord {
            id: "m".into(),
            game: game.into(),
            params: json!({ "players": players }),
            players,
            seed,
            setup: "random".into(),
            created_at: 1,
            seats: vec![
                SeatRecord {
                    kind: SeatKind::Human,
                    token_hash: None,
                    open: false,
                    joined: true,
                };
                players
            ],
            hints: false,
            position: None,
        };
        let (mut g, mut rng) = start(entry, &record).unwrap();
        let mut pick = rng_from_seed(seed ^ 0x5eed);
        let mut log = Vec::new();
        while log.len() < plies && !g.to_act().is_over() {
            let seat = g.to_act().seats().iter().next().unwrap();
            let legal = g.legal(Actor::Seat(seat));
            let text = &legal[pick.random_range(0..legal.len())];
            let action = g.apply(Actor::Seat(seat), text).unwrap();
            let at = 10 + log.len() as u64;
            log.push(LogEntry {
                ply: log.len() as u64,
                actor: LogActor::Seat(seat),
                action,
                at,
            });
            for drawn in g.resolve_chance(&mut rng) {
                log.push(LogEntry {
                    ply: log.len() as u64,
                    actor: LogActor::Chance,
                    action: drawn,
                    at,
                });
            }
        }
        let stored = StoredMatch {
            record,
            log,
            finished: g.to_act().is_over(),
        };
        (entry, stored)
    }

    #[test]
    fn a_log_replayed_in_two_parts_gives_the_match_replayed_whole() {
        for game in [
            "toumai",
            "khan-tsin",
            "china-moon",
            "magical-circle",
            "connect-four",
        ] {
            let (entry, stored) = played(game, 60, 7);
            let whole = replay(entry, &stored).unwrap();
            // Every split that does not cut a move from the chance events it led to.
            for cut in 0..=stored.log.len() {
                if stored
                    .log
                    .get(cut)
                    .is_some_and(|e| e.actor == LogActor::Chance)
                {
                    continue;
                }
                let first = StoredMatch {
                    log: stored.log[..cut].to_vec(),
                    ..stored.clone()
                };
                let head = replay(entry, &first).unwrap();
                let rest = &stored.log[cut..];
                let both = replay_more(entry, &stored.record, head, rest, cut).unwrap();
                assert_eq!(
                    both.game.position(),
                    whole.game.position(),
                    "{game} at {cut}"
                );
                assert_eq!(both.table.moves, whole.table.moves, "{game} at {cut}");
                assert_eq!(both.attempt_started, whole.attempt_started, "{game}");
                let (mut a, mut b) = (both.rng.clone(), whole.rng.clone());
                assert_eq!(
                    a.random::<u64>(),
                    b.random::<u64>(),
                    "{game}: the generator"
                );
            }
        }
    }

    #[test]
    fn entries_that_do_not_follow_are_refused_naming_their_index() {
        let (entry, stored) = played("connect-four", 6, 3);
        let head = replay(entry, &stored).unwrap();
        // The last move again: the column may be full or not, but it is not the same turn.
        let again = &stored.log[stored.log.len() - 1..];
        let err = replay_more(entry, &stored.record, head, again, 6).unwrap_err();
        assert!(matches!(err, ReplayError::Refused { ply: 6, .. }), "{err}");
    }
}
