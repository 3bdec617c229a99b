//! The clocks in a match's actor (`live/clock.rs` says how time is charged): every stored
//! entry is charged to the clocks, and the actor's own timer stores the `~timeout` of the
//! first seat whose clock runs out, without waiting for anyone to move. A move or a table
//! request that arrives after a flag fell (before the timer fired) finds the timeout stored
//! first and the match over.
//!
//! The timeout is stored durably before the match ends and anyone is told; a store that
//! fails is tried again with capped exponential backoff (`retry.rs`), the match staying
//! open meanwhile (no move is accepted from the seat whose time is gone: its flag is
//! checked before each one).

use super::Actor;
use crate::ApiError;
use crate::live::replay::running;
use crate::live::table::TableEvent;
use crate::live::{Command, now_ms};
use crate::store::{LogActor, LogEntry};
use std::time::Duration;
use tabula_core::Seat;
use tokio::time::Instant;

impl Actor {
    /// Charges the clocks with entries stored at `at`; `mover` is the seat whose move it was
    /// (it gets the increment), `None` for a table event.
    pub(super) fn clock_record(&mut self, at: u64, mover: Option<Seat>) {
        let seats = running(self.game.as_ref(), &self.table);
        if let Some(clock) = &mut self.clock {
            clock.record(at, mover, seats);
        }
    }

    /// By correspondence, after a stored move of `mover`: queues the "your turn" e-mails
    /// of the seats whose turn it now is (`mail.rs`).
    /// The future holds no reference to the actor (which is not `Sync`).
    pub(super) fn queue_turn_mail(
        &self,
        mover: Option<Seat>,
    ) -> impl Future<Output = ()> + Send + 'static {
        let due = self.clock.as_ref().and_then(|clock| {
            let days = clock.spec().days_per_move?;
            let mut seats = clock.running();
            if let Some(mover) = mover {
                seats.remove(mover);
            }
            let wanted = !seats.is_empty() && !self.over() && self.services.options.mail.is_some();
            wanted.then_some((days, seats))
        });
        let (services, shared) = (self.services.clone(), self.shared.clone());
        async move {
            if let Some((days, seats)) = due {
                let (record, title) = (&shared.record, shared.title);
                crate::mail::queue_turns(&services, record, title, days, seats).await;
            }
        }
    }

    /// When the timer must store a timeout: when the first running clock runs out, or when a
    /// timeout that failed to be stored may be tried again.
    pub(super) fn flag_due(&self) -> Option<Instant> {
        let (_, at_ms) = self.clock.as_ref()?.next_flag()?;
        let due = Instant::now() + Duration::from_millis(at_ms.saturating_sub(now_ms()));
        Some(match self.clock_retry.not_before() {
            Some(retry) => due.max(retry),
            None => due,
        })
    }

    /// Whether the timer is to store a timeout now: a clock has run out, and no failed try
    /// is waiting for its backoff.
    pub(super) fn flag_ready(&self, now: Instant) -> bool {
        let fallen = self
            .clock
            .as_ref()
            .is_some_and(|c| c.fallen(now_ms()).is_some());
        fallen
            && self
                .clock_retry
                .not_before()
                .is_none_or(|retry| retry <= now)
    }

    /// Stores the timeout of the seat whose clock has run out by now, if one has.
    pub(super) async fn flag_if_fallen(&mut self) -> Flag {
        if !self.leads() || self.over() {
            return Flag::Running;
        }
        let Some(seat) = self.clock.as_ref().and_then(|c| c.fallen(now_ms())) else {
            return Flag::Running;
        };
        let what = format!(
            "match {}: the timeout of seat {}",
            self.shared.record.id,
            seat.number()
        );
        match self.store_timeout(seat).await {
            Ok(()) => {
                self.clock_retry.succeeded(&what);
                Flag::Stored
            }
            // Another instance stored an entry first: the match was read again.
            Err(e) if e.status == axum::http::StatusCode::CONFLICT && self.over() => Flag::Stored,
            Err(e) => {
                self.clock_retry.failed(&what, &e);
                Flag::Unstored(e)
            }
        }
    }

    /// Stores `~timeout` for `seat`, then ends the match on time and publishes.
    async fn store_timeout(&mut self, seat: Seat) -> Result<(), ApiError> {
        let players = self.shared.record.players;
        let mut table = self.table.clone();
        table
            .record_event(seat, players, TableEvent::Timeout)
            .map_err(ApiError::internal)?;
        let at = now_ms();
        let entries = vec![LogEntry {
            ply: self.ply,
            actor: LogActor::Seat(seat),
            action: TableEvent::Timeout.to_text(),
            at,
        }];
        if let Err(e) = self.store_entries(&entries, true, &table).await {
            return Err(self.refused_by_store(e).await);
        }
        tracing::info!(
            "match {}: seat {} ran out of time",
            self.shared.record.id,
            seat.number()
        );
        self.ply += 1;
        self.table = table;
        self.shared
            .log
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .extend(entries);
        if let Some(clock) = &mut self.clock {
            clock.flag(at, seat);
        }
        self.after_change();
        Ok(())
    }

    /// Before a command that changes the match: a fallen flag is stored first. `None` when
    /// the command is to be handled; else it was answered (the match is over, or the
    /// timeout could not be stored: then nothing else may change, and the command gets the
    /// store's error).
    pub(super) async fn flag_first(&mut self, command: Command) -> Option<Command> {
        if !matches!(command, Command::Act { .. } | Command::Table { .. }) {
            return Some(command);
        }
        match self.flag_if_fallen().await {
            Flag::Running => Some(command),
            Flag::Stored => {
                self.after_the_end(command);
                None
            }
            Flag::Unstored(e) => {
                match command {
                    Command::Act { reply, .. } => {
                        let _ = reply.send(Err(e));
                    }
                    Command::Table { reply, .. } => {
                        let _ = reply.send(Err(e));
                    }
                    _ => {}
                }
                None
            }
        }
    }
}

/// What [`Actor::flag_if_fallen`] found.
pub(super) enum Flag {
    /// No clock has run out (or this instance does not lead the match).
    Running,
    /// A clock ran out and its timeout is stored: the match is over.
    Stored,
    /// A clock ran out but its timeout could not be stored (retried later).
    Unstored(ApiError),
}
