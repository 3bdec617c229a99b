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
//! A correspondence clock (`{"days_per_move": d}`, d one of [`CORRESPONDENCE_DAYS`]) is the
//! same clock with another rule after a move: instead of an increment, the mover's time is
//! set back to the full `d` days. So the seat to act always has `d` days from the previous
//! entry to make its move, and loses on time past that deadline, like any clock.
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

/// The days per move a correspondence clock may give.
pub const CORRESPONDENCE_DAYS: [u64; 5] = [1, 2, 3, 7, 14];

const DAY_S: u64 = 24 * 3600;

/// A match's clock settings: every seat starts with `initial_s` and gets `increment_s` after
/// each of its moves; or, by correspondence, `days_per_move` days for each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockSpec {
    /// Each seat's time at the start, in seconds (1 to [`MAX_INITIAL_S`]; by correspondence,
    /// the days per move in seconds).
    pub initial_s: u64,
    /// The time added after each of a seat's moves, in seconds (0 to [`MAX_INCREMENT_S`]; 0
    /// by correspondence).
    pub increment_s: u64,
    /// A correspondence clock: the days a seat has for each move (one of
    /// [`CORRESPONDENCE_DAYS`]); its time is set back to them after each of its moves.
    pub days_per_move: Option<u64>,
}

impl ClockSpec {
    /// A Fischer clock: `initial_s` each, `increment_s` after each move.
    pub const fn fischer(initial_s: u64, increment_s: u64) -> ClockSpec {
        ClockSpec {
            initial_s,
            increment_s,
            days_per_move: None,
        }
    }

    /// A correspondence clock of `days` per move (not checked against
    /// [`CORRESPONDENCE_DAYS`]; [`ClockSpec::from_json`] checks requests).
    pub const fn correspondence(days: u64) -> ClockSpec {
        ClockSpec {
            initial_s: days * DAY_S,
            increment_s: 0,
            days_per_move: Some(days),
        }
    }

    /// Whether this is a correspondence clock.
    pub fn is_correspondence(self) -> bool {
        self.days_per_move.is_some()
    }

    /// Reads the `clock` field of a creation request, `{"initial_s": 300, "increment_s": 5}`
    /// (`increment_s` may be left out: no increment) or `{"days_per_move": 3}`; a 400 naming
    /// the field otherwise.
    pub fn from_json(value: &Value) -> Result<ClockSpec, ApiError> {
        let Value::Object(map) = value else {
            return Err(ApiError::bad_request(format!(
                "clock: must be an object like {{\"initial_s\": 300, \"increment_s\": 5}} \
                 or {{\"days_per_move\": 3}}, not {value}"
            )));
        };
        if let Some(days) = map.get("days_per_move") {
            if let Some(other) = map.keys().find(|k| k.as_str() != "days_per_move") {
                return Err(ApiError::bad_request(format!(
                    "clock.{other}: a correspondence clock has `days_per_move` only"
                )));
            }
            return match days.as_u64() {
                Some(d) if CORRESPONDENCE_DAYS.contains(&d) => Ok(ClockSpec::correspondence(d)),
                _ => Err(ApiError::bad_request(format!(
                    "clock.days_per_move: {days} is not one of 1, 2, 3, 7 or 14 days"
                ))),
            };
        }
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
        Ok(ClockSpec::fischer(initial_s, increment_s))
    }

    /// The stored form (and the API's): `{"initial_s": …, "increment_s": …}`, or
    /// `{"days_per_move": …}`.
    pub fn to_json(self) -> Value {
        match self.days_per_move {
            Some(days) => json!({ "days_per_move": days }),
            None => json!({ "initial_s": self.initial_s, "increment_s": self.increment_s }),
        }
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
    /// a chance draw or the host) gets the increment (by correspondence: its full time
    /// again); then `running` are the seats that may act (empty once the match is over).
    pub fn record(&mut self, at: u64, mover: Option<Seat>, running: SeatSet) {
        self.charge(at);
        if let Some(seat) = mover
            && let Some(left) = self.left_ms.get_mut(seat.index())
        {
            if self.spec.is_correspondence() {
                *left = self.spec.initial_ms();
            } else {
                *left += self.spec.increment_ms();
            }
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

    /// When `seat` runs out if nobody acts before (ms since the epoch), if its clock runs.
    pub fn deadline(&self, seat: Seat) -> Option<u64> {
        let since = self.since_ms?;
        self.running
            .contains(seat)
            .then(|| since + self.left_ms[seat.index()])
    }

    /// The seat out of time at `now_ms`, if one is.
    pub fn fallen(&self, now_ms: u64) -> Option<Seat> {
        self.next_flag()
            .filter(|&(_, at)| at <= now_ms)
            .map(|(seat, _)| seat)
    }

    /// As the state JSON shows it at `now_ms`: the settings, each seat's time left, the
    /// seats whose clock runs, and the time it was read.
    /// A correspondence clock also shows its `days_per_move`.
    pub fn to_json(&self, now_ms: u64) -> Value {
        let mut shown = json!({
            "initial_s": self.spec.initial_s,
            "increment_s": self.spec.increment_s,
            "left_ms": self.left_at(now_ms),
            "running": self.running.iter().map(Seat::number).collect::<Vec<_>>(),
            "at_ms": now_ms,
        });
        if let Some(days) = self.spec.days_per_move {
            shown["days_per_move"] = days.into();
        }
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: ClockSpec = ClockSpec::fischer(10, 2);

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
            ClockSpec::fischer(60, 0)
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
    fn by_correspondence_each_move_gets_the_full_days_again() {
        const DAY: u64 = 86_400_000;
        let mut c = Clock::new(ClockSpec::correspondence(2), 2);
        c.record(1_000, Some(Seat(0)), SeatSet::single(Seat(1)));
        assert_eq!(c.deadline(Seat(1)), Some(1_000 + 2 * DAY));
        assert_eq!(c.deadline(Seat(0)), None, "not its turn");
        c.record(1_000 + DAY, Some(Seat(1)), SeatSet::single(Seat(0)));
        assert_eq!(
            c.left_at(1_000 + DAY),
            [2 * DAY, 2 * DAY],
            "no time is saved up"
        );
        c.record(1_000 + DAY + 5, None, SeatSet::single(Seat(0)));
        assert_eq!(
            c.deadline(Seat(0)),
            Some(1_000 + 3 * DAY),
            "a table event resets nothing"
        );
        assert_eq!(c.fallen(1_000 + 3 * DAY), Some(Seat(0)));
        let spec = ClockSpec::from_json(&json!({"days_per_move": 7})).unwrap();
        assert_eq!(spec, ClockSpec::correspondence(7));
        assert_eq!(
            ClockSpec::of_params(&json!({"clock": spec.to_json()})),
            Some(spec)
        );
        for (bad, field) in [
            (json!({"days_per_move": 5}), "clock.days_per_move"),
            (json!({"days_per_move": "1"}), "clock.days_per_move"),
            (
                json!({"days_per_move": 1, "initial_s": 60}),
                "clock.initial_s",
            ),
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
