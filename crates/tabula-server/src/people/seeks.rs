//! Seeks: people waiting to be paired (quick pairing), kept in the people's database so that
//! every instance on one PostgreSQL database sees the same queue.
//!
//! A seek is one person's wish (game, players, speed, rated or casual) with the rating it
//! was made at. It lives while its owner keeps asking about it (a heartbeat every few
//! seconds); one not asked about for [`PairingOptions::seek_ttl`] has expired.
//!
//! Pairing takes a group of waiting seeks in one transaction of conditional updates
//! (`claimed_at IS NULL`, in the order of their ids so that two claimers never wait on each
//! other): a seek already claimed, by this instance or another, fails the whole claim, which
//! is rolled back. So one seek is never given to two matches. The claimer then creates the
//! match and writes each seat's token into the seeks it took (`pairing.rs` of `live`); their
//! owners read it at their next heartbeat.

mod pool;

pub(crate) use pool::SeekRow;

use super::blocks::{BlockPairs, apart};
use crate::live::ClockSpec;
use std::time::Duration;

/// The tables of seeks (made with the people's tables).
pub(super) const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS seeks (
        id TEXT PRIMARY KEY,
        secret_hash TEXT NOT NULL,
        game TEXT NOT NULL,
        players BIGINT NOT NULL,
        speed TEXT NOT NULL,
        rated BIGINT NOT NULL,
        rating BIGINT NOT NULL,
        name TEXT NOT NULL,
        account_id TEXT,
        guest_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        seen_at BIGINT NOT NULL,
        claimed_at BIGINT,
        match_id TEXT,
        seat BIGINT,
        token TEXT)",
    "CREATE INDEX IF NOT EXISTS seeks_queue ON seeks (game, players, speed, rated, created_at)",
];

/// The rating of a player who has none yet (guests, accounts new to a game).
pub const DEFAULT_RATING: i64 = 1500;

/// The speeds quick pairing offers: name, then the clock: real time (initial minutes +
/// increment seconds), correspondence (`1d`: one day per move); `untimed` has no clock (the
/// only speed of games played in real time).
pub const SPEEDS: &[(&str, Option<ClockSpec>)] = &[
    ("3+2", Some(ClockSpec::fischer(180, 2))),
    ("5+5", Some(ClockSpec::fischer(300, 5))),
    ("15+10", Some(ClockSpec::fischer(900, 10))),
    ("1d", Some(ClockSpec::correspondence(1))),
    ("2d", Some(ClockSpec::correspondence(2))),
    ("3d", Some(ClockSpec::correspondence(3))),
    ("7d", Some(ClockSpec::correspondence(7))),
    ("14d", Some(ClockSpec::correspondence(14))),
    ("untimed", None),
];

/// How quick pairing waits and widens (`tabula serve` keeps the defaults).
#[derive(Clone, Debug)]
pub struct PairingOptions {
    /// The rating range of a seek that has just arrived: ± this.
    pub base_range: u32,
    /// What the range widens by every [`PairingOptions::widen_every`] waited.
    pub range_step: u32,
    /// How often the range widens.
    pub widen_every: Duration,
    /// A seek whose owner has not asked about it for this long has expired.
    pub seek_ttl: Duration,
    /// How long the oldest seek of a table waits before its owner may seat bots in the
    /// empty seats.
    pub bot_wait: Duration,
}

impl Default for PairingOptions {
    fn default() -> Self {
        PairingOptions {
            base_range: 100,
            range_step: 50,
            widen_every: Duration::from_secs(10),
            seek_ttl: Duration::from_secs(20),
            bot_wait: Duration::from_secs(30),
        }
    }
}

impl PairingOptions {
    /// The rating range (±) of a seek that has waited `waited_ms`.
    pub fn range(&self, waited_ms: i64) -> i64 {
        let every = (self.widen_every.as_millis() as i64).max(1);
        self.base_range as i64 + self.range_step as i64 * (waited_ms.max(0) / every)
    }

    /// Whether two seeks may meet at `now`: each one's rating is within the other's range.
    pub(crate) fn compatible(&self, a: &SeekRow, b: &SeekRow, now: i64) -> bool {
        let gap = (a.rating - b.rating).abs();
        gap <= self.range(now - a.created_at) && gap <= self.range(now - b.created_at)
    }

    /// The seeks `me` would sit with (`me` first), a full table of `me.players`, or `None`.
    /// `waiting` are the seeks of `me`'s queue, oldest first. `accept`: a seek `me` chose in
    /// the lobby, taken first whatever its rating. `seats`: how many people to gather (fewer
    /// than the table's players when bots fill the rest). `blocks`: the blocks between the
    /// owners' accounts; two people of whom one blocks the other never sit together.
    pub(crate) fn group<'a>(
        &self,
        me: &'a SeekRow,
        waiting: &'a [SeekRow],
        accept: Option<&str>,
        seats: usize,
        now: i64,
        blocks: &BlockPairs,
    ) -> Option<Vec<&'a SeekRow>> {
        let mut group = vec![me];
        let chosen = accept.and_then(|id| waiting.iter().find(|s| s.id == id));
        let others = chosen
            .into_iter()
            .chain(waiting.iter().filter(|s| Some(s.id.as_str()) != accept));
        for seek in others {
            if group.len() == seats {
                break;
            }
            let explicit = Some(seek.id.as_str()) == accept;
            let fits = group.iter().all(|g| {
                !g.same_person(seek)
                    && !apart(blocks, g.account_id.as_deref(), seek.account_id.as_deref())
                    && (explicit || self.compatible(g, seek, now))
            });
            if fits && group.iter().all(|g| g.id != seek.id) {
                group.push(seek);
            }
        }
        (group.len() == seats).then_some(group)
    }
}

/// The clock of a speed name, or `None` when the name is not one of [`SPEEDS`].
pub fn speed_clock(speed: &str) -> Option<Option<ClockSpec>> {
    SPEEDS.iter().find(|(n, _)| *n == speed).map(|(_, c)| *c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seek(id: &str, rating: i64, created_at: i64, person: &str) -> SeekRow {
        SeekRow {
            id: id.into(),
            game: "g".into(),
            players: 2,
            speed: "5+5".into(),
            rated: false,
            rating,
            name: id.into(),
            account_id: None,
            guest_hash: person.into(),
            created_at,
            seen_at: created_at,
            claimed: false,
            paired: None,
        }
    }

    #[test]
    fn the_range_widens_by_a_step_per_period_waited() {
        let o = PairingOptions::default();
        assert_eq!(o.range(0), 100);
        assert_eq!(o.range(9_999), 100);
        assert_eq!(o.range(10_000), 150);
        assert_eq!(o.range(65_000), 400);
    }

    #[test]
    fn seeks_meet_once_both_ranges_hold_the_gap() {
        let o = PairingOptions::default();
        let (a, b) = (seek("a", 1500, 0, "x"), seek("b", 1700, 30_000, "y"));
        // At 30 s `a` allows ±250 but `b`, new, only ±100.
        assert!(!o.compatible(&a, &b, 30_000));
        assert!(o.compatible(&a, &b, 50_000));
    }

    #[test]
    fn a_group_takes_the_oldest_fitting_seeks_and_never_the_same_person_twice() {
        let o = PairingOptions::default();
        let me = seek("me", 1500, 0, "p");
        let waiting = vec![
            seek("far", 2000, 0, "q"),
            seek("self", 1500, 0, "p"),
            seek("one", 1550, 0, "r"),
            seek("two", 1450, 0, "s"),
        ];
        let none = BlockPairs::new();
        let ids = |g: Option<Vec<&SeekRow>>| {
            g.map(|g| g.iter().map(|s| s.id.clone()).collect::<Vec<_>>())
        };
        assert_eq!(
            ids(o.group(&me, &waiting, None, 2, 0, &none)),
            Some(vec!["me".into(), "one".into()])
        );
        assert_eq!(
            ids(o.group(&me, &waiting, None, 3, 0, &none)),
            Some(vec!["me".into(), "one".into(), "two".into()])
        );
        assert_eq!(ids(o.group(&me, &waiting, None, 4, 0, &none)), None);
        // A seek chosen in the lobby is taken first, whatever its rating.
        assert_eq!(
            ids(o.group(&me, &waiting, Some("far"), 2, 0, &none)),
            Some(vec!["me".into(), "far".into()])
        );
        // One blocks the other: never together, even chosen in the lobby.
        let mut me = me;
        me.account_id = Some("A".into());
        let mut waiting = waiting;
        waiting[0].account_id = Some("F".into());
        waiting[2].account_id = Some("O".into());
        let blocks: BlockPairs = [("O".to_string(), "A".to_string())].into_iter().collect();
        assert_eq!(
            ids(o.group(&me, &waiting, None, 2, 0, &blocks)),
            Some(vec!["me".into(), "two".into()])
        );
        let blocks: BlockPairs = [("A".to_string(), "F".to_string())].into_iter().collect();
        assert_eq!(
            ids(o.group(&me, &waiting, Some("far"), 2, 0, &blocks)),
            Some(vec!["me".into(), "one".into()])
        );
    }
}
