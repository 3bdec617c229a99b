//! Chess clocks of online matches: an optional Fischer clock per match, set at creation.
//!
//! The settings ([`ClockSpec`]) are stored with the match's record, inside its parameters
//! under the key `clock` (one durable write with the rest of the record; [`game_params`]
//! takes them out again before the game sees its parameters). Nothing else of the clocks is
//! ever stored: the time left of every seat follows from the settings and the times (`at`)
//! of the stored log entries, worked out by [`Clock`] as the log is applied — live in the
//! match's actor and again, identically, when a match is replayed after a restart.
//!
//! How time is charged (documented in `docs/api.md`, "Clocks"):
//! - no clock runs before the match's first stored entry: the first move is not timed;
//! - from then on, between two entries, the clock of every seat that may act runs (one seat
//!   in a turn-based game, or a China Moon owner asked for a flower while the mover waits;
//!   where several seats may act at once, each runs its own clock);
//! - a seat gets the increment after each of its own moves (Fischer); table events (a draw
//!   offer, a takeback) charge the time that passed but give no increment;
//! - the clocks stop when the match is over; a seat whose time reaches zero has lost on time
//!   (`~timeout`, see `table.rs`), stored by the actor's own timer.
//!
//! Games played in real time (`GameInfo::real_time`, Magical Circle's race) have no clocks.

use crate::ApiError;
use serde_json::{Map, Value, json};
use tabula_core::{Seat, SeatSet};

/// The key under which a match's clock settings are stored in its record's parameters.
pub(crate) const PARAM: &str = "clock";

/// The most initial time a clock may have: 3 hours.
pub const MAX_INITIAL_S: u64 = 3 * 3600;

/// The most increment a clock may have: 3 minutes per move.
pub const MAX_INCREMENT_S: u64 = 180;

/// A match's clock settings: every seat starts with `initial_s` and gets `increment_s` after
/// each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockSpec {
    /// Each seat's time at the start, in seconds (1 to [`MAX_INITIAL_S`]).
    pub initial_s: u64,
    /// The time added after each of a seat's moves, in seconds (0 to [`MAX_INCREMENT_S`]).
    pub increment_s: u64,
}

impl ClockSpec {
    /// Reads the `clock` field of a creation request, `{"initial_s": 300, "increment_s": 5}`
    /// (`increment_s` may be left out: no increment); a 400 naming the field otherwise.
    pub fn from_json(value: &Value) -> Result<ClockSpec, ApiError> {
        let Value::Object(map) = value else {
            return Err(ApiError::bad_request(format!(
                "clock: must be an object like {{\"initial_s\": 300, \"increment_s\": 5}}, \
                 not {value}"
            )));
        };
        if let Some(other) = map
            .keys()
            .find(|k| !matches!(k.as_str(), "initial_s" | "increment_s"))
        {
            return Err(ApiError::bad_request(format!(
                "clock.{other}: unknown field (a clock has `initial_s` and `increment_s`)"
            )));
        }
        let field = |name: &str, min: u64, max: u64| -> Result<Option<u64>, ApiError> {
            let Some(v) = map.get(name) else {
                return Ok(None);
            };
            match v.as_u64() {
                Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
                _ => Err(ApiError::bad_request(format!(
                    "clock.{name}: {v} is not a whole number of seconds from {min} to {max}"
                ))),
            }
        };
        let initial_s = field("initial_s", 1, MAX_INITIAL_S)?.ok_or_else(|| {
            ApiError::bad_request("clock.initial_s: missing (each seat's time, in seconds)")
        })?;
        let increment_s = field("increment_s", 0, MAX_INCREMENT_S)?.unwrap_or(0);
        Ok(ClockSpec {
            initial_s,
            increment_s,
        })
    }

    /// The stored form (and the API's): `{"initial_s": …, "increment_s": …}`.
    pub fn to_json(self) -> Value {
        json!({ "initial_s": self.initial_s, "increment_s": self.increment_s })
    }

    /// The clock settings stored in a record's parameters, if the match has a clock.
    pub fn of_params(params: &Value) -> Option<ClockSpec> {
        params.get(PARAM).and_then(|v| ClockSpec::from_json(v).ok())
    }

    fn initial_ms(self) -> u64 {
        self.initial_s * 1000
    }

    fn increment_ms(self) -> u64 {
        self.increment_s * 1000
    }
}

/// A record's parameters as the game is given them: without the clock settings.
pub(crate) fn game_params(params: &Value) -> Value {
    match params {
        Value::Object(map) if map.contains_key(PARAM) || map.contains_key(crate::people::RATED) => {
            let map: Map<String, Value> = map
                .iter()
                .filter(|(k, _)| k.as_str() != PARAM && k.as_str() != crate::people::RATED)
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            Value::Object(map)
        }
        other => other.clone(),
    }
}

/// The clocks of a match after some prefix of its log (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    spec: ClockSpec,
    /// Per seat, the time left at `since_ms`.
    left_ms: Vec<u64>,
    /// The seats whose clock runs since `since_ms`.
    running: SeatSet,
    /// When the clocks were last charged (the last entry's time); `None` before the first.
    since_ms: Option<u64>,
}

impl Clock {
    /// Fresh clocks for `players` seats: nobody's runs until the first entry.
    pub fn new(spec: ClockSpec, players: usize) -> Clock {
        Clock {
            spec,
            left_ms: vec![spec.initial_ms(); players],
            running: SeatSet::EMPTY,
            since_ms: None,
        }
    }

    /// The settings.
    pub fn spec(&self) -> ClockSpec {
        self.spec
    }

    /// Charges the running clocks up to `at` (a clock never goes below zero).
    fn charge(&mut self, at: u64) {
        let since = self.since_ms.unwrap_or(at);
        let spent = at.saturating_sub(since);
        for seat in self.running.iter() {
            let left = &mut self.left_ms[seat.index()];
            *left = left.saturating_sub(spent);
        }
        self.since_ms = Some(since.max(at));
    }

    /// Takes in the entries stored at `at`: `mover` (a seat's move; `None` for a table event,
    /// a chance draw or the host) gets the increment; then `running` are the seats that may
    /// act (empty once the match is over).
    pub fn record(&mut self, at: u64, mover: Option<Seat>, running: SeatSet) {
        self.charge(at);
        if let Some(seat) = mover
            && let Some(left) = self.left_ms.get_mut(seat.index())
        {
            *left += self.spec.increment_ms();
        }
        self.running = running;
    }

    /// `seat` ran out of time at `at`: its clock shows zero and every clock stops.
    pub fn flag(&mut self, at: u64, seat: Seat) {
        self.charge(at);
        if let Some(left) = self.left_ms.get_mut(seat.index()) {
            *left = 0;
        }
        self.running = SeatSet::EMPTY;
    }

    /// The seats whose clock runs.
    pub fn running(&self) -> SeatSet {
        self.running
    }

    /// Per seat, the time left at `now_ms` (ms since the epoch).
    pub fn left_at(&self, now_ms: u64) -> Vec<u64> {
        let spent = self
            .since_ms
            .map_or(0, |since| now_ms.saturating_sub(since));
        self.left_ms
            .iter()
            .enumerate()
            .map(|(i, &left)| {
                if self.running.contains(Seat(i as u8)) {
                    left.saturating_sub(spent)
                } else {
                    left
                }
            })
            .collect()
    }

    /// The first running seat to run out, and when (ms since the epoch).
    pub fn next_flag(&self) -> Option<(Seat, u64)> {
        let since = self.since_ms?;
        self.running
            .iter()
            .map(|s| (s, since + self.left_ms[s.index()]))
            .min_by_key(|&(s, at)| (at, s.index()))
    }

    /// The seat out of time at `now_ms`, if one is.
    pub fn fallen(&self, now_ms: u64) -> Option<Seat> {
        self.next_flag()
            .filter(|&(_, at)| at <= now_ms)
            .map(|(seat, _)| seat)
    }

    /// As the state JSON shows it at `now_ms`: the settings, each seat's time left, the
    /// seats whose clock runs, and the time it was read.
    pub fn to_json(&self, now_ms: u64) -> Value {
        json!({
            "initial_s": self.spec.initial_s,
            "increment_s": self.spec.increment_s,
            "left_ms": self.left_at(now_ms),
            "running": self.running.iter().map(Seat::number).collect::<Vec<_>>(),
            "at_ms": now_ms,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: ClockSpec = ClockSpec {
        initial_s: 10,
        increment_s: 2,
    };

    #[test]
    fn the_mover_is_charged_and_gets_the_increment() {
        let mut c = Clock::new(SPEC, 2);
        assert_eq!(c.left_at(5_000), [10_000, 10_000], "nothing runs at first");
        c.record(1_000, Some(Seat(0)), SeatSet::single(Seat(1)));
        assert_eq!(c.left_at(1_000), [12_000, 10_000]);
        assert_eq!(c.left_at(4_000), [12_000, 7_000]);
        c.record(4_000, Some(Seat(1)), SeatSet::single(Seat(0)));
        assert_eq!(c.left_at(4_000), [12_000, 9_000]);
        assert_eq!(c.next_flag(), Some((Seat(0), 16_000)));
        assert_eq!(c.fallen(15_999), None);
        assert_eq!(c.fallen(16_000), Some(Seat(0)));
        c.flag(17_000, Seat(0));
        assert_eq!(c.left_at(99_000), [0, 9_000]);
        assert_eq!(c.next_flag(), None);
    }

    #[test]
    fn several_seats_asked_at_once_all_run() {
        let mut c = Clock::new(SPEC, 3);
        let both = SeatSet::from_bits(0b110);
        c.record(0, Some(Seat(0)), both);
        assert_eq!(c.left_at(3_000), [12_000, 7_000, 7_000]);
        assert_eq!(c.next_flag(), Some((Seat(1), 10_000)));
    }

    #[test]
    fn the_request_is_checked_field_by_field() {
        let ok = ClockSpec::from_json(&json!({"initial_s": 300, "increment_s": 5})).unwrap();
        assert_eq!((ok.initial_s, ok.increment_s), (300, 5));
        assert_eq!(
            ClockSpec::from_json(&json!({"initial_s": 60})).unwrap(),
            ClockSpec {
                initial_s: 60,
                increment_s: 0
            }
        );
        for (bad, field) in [
            (json!(300), "clock:"),
            (json!({}), "clock.initial_s"),
            (json!({"initial_s": 0}), "clock.initial_s"),
            (json!({"initial_s": 1e9}), "clock.initial_s"),
            (
                json!({"initial_s": 60, "increment_s": -1}),
                "clock.increment_s",
            ),
            (json!({"initial_s": 60, "byo": 1}), "clock.byo"),
        ] {
            let e = ClockSpec::from_json(&bad).unwrap_err();
            assert!(e.message.starts_with(field), "{bad}: {}", e.message);
        }
    }

    #[test]
    fn the_game_never_sees_the_clock() {
        let params = json!({"players": 2, "clock": SPEC.to_json()});
        assert_eq!(ClockSpec::of_params(&params), Some(SPEC));
        assert_eq!(game_params(&params), json!({"players": 2}));
    }
}
