//! Following the stored log: reporting stored entries to the bots, and, when several server
//! instances share one database, reading the match again from the store when another
//! instance wrote to it (told by a notification, or found out when the store refused an
//! append that was behind), and leading only where this instance holds the match's lease.

use super::{Actor, Hourglass, stale};
use crate::ApiError;
use crate::live::now_ms;
use crate::live::replay::{Replayed, replay, replay_more};
use crate::store::{LogEntry, StoreError, TokenHash};
use std::time::Duration;
use tabula_core::Seat;
use tabula_registry::DynGame;
use tokio::time::Instant;

impl Hourglass {
    /// The hourglass of an attempt that began at `started_ms` (ms since the epoch).
    pub(super) fn since(started_ms: u64, len: Duration) -> Hourglass {
        let deadline_ms = started_ms + len.as_millis() as u64;
        let left = Duration::from_millis(deadline_ms.saturating_sub(now_ms()));
        Hourglass {
            deadline: Instant::now() + left,
            deadline_ms,
        }
    }
}

impl Actor {
    /// Whether this instance runs the match's bots and hourglass (see `live/cluster.rs`).
    pub(super) fn leads(&self) -> bool {
        self.services.leads(&self.shared.record.id)
    }

    /// The answer to an append the store refused (the state is already rolled back). An
    /// append behind the stored log (another instance stored this ply first) is a stale
    /// ply: the match is read again, so that the next try starts from what is stored.
    pub(super) async fn refused_by_store(&mut self, e: StoreError) -> ApiError {
        match e {
            StoreError::Gap { got, have, .. } if got < have => {
                let sent = self.moves();
                self.catch_up().await;
                stale(sent, self.moves())
            }
            e => ApiError::from_store(e),
        }
    }

    /// Reads the match from the store and takes what other instances added: seats joined,
    /// tokens issued, log entries (the state is replayed from the stored log), then
    /// publishes. A store that fails leaves the match as it was (the next notification or
    /// refused append tries again).
    pub(super) async fn catch_up(&mut self) {
        let id = self.shared.record.id.clone();
        let stored = match self.services.store.load(&id).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!("match {id} was not read again: {e}");
                return;
            }
        };
        for (i, seat) in stored.record.seats.iter().enumerate() {
            if let Some(hash) = seat.token_hash
                && !self.shared.has_token(i)
            {
                self.shared.set_token(i, hash);
            }
            if seat.joined && i < self.joined.len() {
                self.joined[i] = true;
            }
        }
        if stored.log.len() as u64 > self.ply {
            let replayed = match self
                .services
                .catalog
                .find(&stored.record.game)
                .map_err(|e| e.to_string())
                .and_then(|entry| replay(entry, &stored).map_err(|e| e.to_string()))
            {
                Ok(replayed) => replayed,
                Err(reason) => {
                    tracing::error!("match {id}: the stored log does not replay: {reason}");
                    return;
                }
            };
            let new = stored.log[self.ply as usize..].to_vec();
            self.take_in(replayed, new);
        }
        self.after_change();
    }

    /// The match's lease was gained (its leader stopped, or nobody led it yet): the entries
    /// stored since this instance's last one are read, since the notifications of a stopped
    /// leader's last appends may still be on their way, and the bots and the hourglass then
    /// run here. Only the log's end is read: joins come with their notifications, and after
    /// notifications were lost every match is read whole anyway.
    pub(super) async fn lease_gained(&mut self) {
        let id = self.shared.record.id.clone();
        match self.services.store.log_since(&id, self.ply).await {
            Ok(new) if new.is_empty() => self.after_change(),
            Ok(new) => self.catch_up_log(self.ply + new.len() as u64, new).await,
            Err(e) => {
                // The bots run anyway: should the state be behind, the store refuses their
                // moves and the match is read again then.
                tracing::warn!("match {id}: the log was not read on gaining its lease: {e}");
                self.after_change();
            }
        }
    }

    /// Takes in a join that some instance stored (told by a notification): the seat is
    /// taken, with the token hash it was given. Nothing changes for a join known already
    /// (this instance's own, notified too).
    pub(super) fn seat_joined(&mut self, seat: Seat, token_hash: Option<TokenHash>) {
        let i = seat.index();
        if i >= self.joined.len() {
            return;
        }
        let mut changed = false;
        if let Some(hash) = token_hash
            && !self.shared.has_token(i)
        {
            self.shared.set_token(i, hash);
            changed = true;
        }
        if !self.joined[i] {
            self.joined[i] = true;
            changed = true;
        }
        if changed {
            self.publish();
        }
    }

    /// Takes in the log entries another instance appended (told by a notification): those
    /// it `carried` when they continue the log here, or else those read from the store. The
    /// state goes on from where it is, without reading the whole match again. Entries that
    /// do not follow the state make the match be read again whole.
    pub(super) async fn catch_up_log(&mut self, next_ply: u64, carried: Vec<LogEntry>) {
        if next_ply <= self.ply {
            return; // This instance's own append, or one taken in already.
        }
        let id = self.shared.record.id.clone();
        let new = match carried_from(carried, self.ply) {
            Some(new) => new,
            None => match self.services.store.log_since(&id, self.ply).await {
                Ok(new) if new.is_empty() => return,
                Ok(new) => new,
                Err(e) => {
                    tracing::warn!("match {id}: the new entries were not read: {e}");
                    return;
                }
            },
        };
        let now = Replayed {
            game: self.game.clone(),
            rng: self.rng.clone(),
            attempt_started: self.hourglass.as_ref().map(|h| {
                h.deadline_ms
                    .saturating_sub(self.hourglass_len.as_millis() as u64)
            }),
            table: self.table.clone(),
            clock: self.clock.clone(),
        };
        let record = &self.shared.record;
        let replayed = self
            .services
            .catalog
            .find(&record.game)
            .map_err(|e| e.to_string())
            .and_then(|entry| {
                replay_more(entry, record, now, &new, self.ply as usize).map_err(|e| e.to_string())
            });
        match replayed {
            Ok(replayed) => {
                self.take_in(replayed, new);
                self.after_change();
            }
            Err(reason) => {
                tracing::warn!("match {id}: the new entries do not follow ({reason}); read again");
                self.catch_up().await;
            }
        }
    }

    /// Makes `replayed`, the match after the log with the `new` entries at its end, the state.
    fn take_in(&mut self, replayed: Replayed, new: Vec<LogEntry>) {
        let before = std::mem::replace(&mut self.game, replayed.game);
        self.rng = replayed.rng;
        self.ply += new.len() as u64;
        self.table = replayed.table;
        self.clock = replayed.clock;
        if new.iter().any(|e| e.action.starts_with('~')) {
            self.fresh_bots(); // A takeback, maybe: what the bots knew may be undone.
        } else {
            self.tell_bots(before.as_ref(), &new);
        }
        self.shared
            .log
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .extend(new);
        self.hourglass = replayed
            .attempt_started
            .map(|started| Hourglass::since(started, self.hourglass_len));
        self.hourglass_retry.reset();
    }

    /// Reports stored entries to the bots that are not thinking, so that search bots keep the
    /// part of their tree under the new position. A bot that was thinking misses them and
    /// starts afresh on its next decision.
    pub(super) fn tell_bots(&mut self, before: &dyn DynGame, entries: &[LogEntry]) {
        if self.bots.iter().flatten().all(|slot| slot.bot.is_none()) {
            return;
        }
        let mut state = before.clone_box();
        for (i, entry) in entries.iter().enumerate() {
            let Ok(action) = state.read_action(entry.actor.to_core(), &entry.action) else {
                return;
            };
            for bot in self
                .bots
                .iter_mut()
                .flatten()
                .filter_map(|s| s.bot.as_mut())
            {
                bot.observe(state.as_ref(), &action);
            }
            if i + 1 < entries.len() && state.apply_action(&action).is_err() {
                return;
            }
        }
    }
}

/// The entries of `carried` from ply `next` on, if they continue a log of `next` entries
/// (the first of them, or an earlier one, is at `next`) and some are new.
fn carried_from(carried: Vec<LogEntry>, next: u64) -> Option<Vec<LogEntry>> {
    let first = carried.first()?.ply;
    let skip = usize::try_from(next.checked_sub(first)?).ok()?;
    let new: Vec<LogEntry> = carried.into_iter().skip(skip).collect();
    (!new.is_empty()).then_some(new)
}

#[cfg(test)]
mod tests {
    use super::carried_from;
    use crate::store::{LogActor, LogEntry};

    fn entries(plies: std::ops::Range<u64>) -> Vec<LogEntry> {
        plies
            .map(|ply| LogEntry {
                ply,
                actor: LogActor::Host,
                action: format!("a{ply}"),
                at: ply,
            })
            .collect()
    }

    #[test]
    fn carried_entries_are_taken_from_the_log_end_on_and_anything_else_is_read() {
        assert_eq!(carried_from(entries(5..7), 5), Some(entries(5..7)));
        // Some of them are here already: the rest is taken.
        assert_eq!(carried_from(entries(5..7), 6), Some(entries(6..7)));
        // All of them are here already, none came, or they leave a gap: read from the store.
        assert_eq!(carried_from(entries(5..7), 7), None);
        assert_eq!(carried_from(Vec::new(), 5), None);
        assert_eq!(carried_from(entries(6..8), 5), None);
    }
}
