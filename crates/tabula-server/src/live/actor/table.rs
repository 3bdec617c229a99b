//! The table requests of a match's actor: resign, a draw offer or its answer, a takeback
//! (see `live/table.rs` for the events and their checks). Like a move, a request's events are
//! stored durably before the table changes and the request is answered; a takeback also sets
//! the game back and gives the bots a fresh start.

use super::Actor;
use crate::ApiError;
use crate::live::replay::rebuild;
use crate::live::table::TableEvent;
use crate::live::{Ack, TableRequest, bot_seed, now_ms};
use crate::store::{LogActor, LogEntry, SeatKind};
use tabula_core::Seat;

impl Actor {
    /// Checks `request` of `seat`, stores its events, then applies them.
    pub(super) async fn table_request(
        &mut self,
        seat: Seat,
        request: TableRequest,
    ) -> Result<Ack, ApiError> {
        let kinds: Vec<SeatKind> = self
            .shared
            .record
            .seats
            .iter()
            .map(|s| s.kind.clone())
            .collect();
        let events = self
            .table
            .check(request, seat, self.game.as_ref(), &kinds, &self.shared)?;
        let entry = self
            .services
            .catalog
            .find(&self.shared.record.game)
            .map_err(ApiError::from_registry)?;
        // Everything is worked out before the write, so that nothing can fail after it.
        let mut table = self.table.clone();
        let mut game = None;
        for &(by, event) in &events {
            table
                .record_event(by, kinds.len(), event)
                .map_err(ApiError::internal)?;
            if let TableEvent::Takeback { .. } = event {
                game = Some(
                    rebuild(entry, &self.shared.record, &table.moves)
                        .map_err(ApiError::internal)?,
                );
            }
        }
        let at = now_ms();
        let entries: Vec<LogEntry> = events
            .iter()
            .enumerate()
            .map(|(i, (by, event))| LogEntry {
                ply: self.ply + i as u64,
                actor: LogActor::Seat(*by),
                action: event.to_text(),
                at,
            })
            .collect();
        let over = table.ended() || self.over();
        if let Err(e) = self.store_entries(&entries, over, &table).await {
            return Err(self.refused_by_store(e).await);
        }
        self.ply += entries.len() as u64;
        self.table = table;
        let action = entries[0].action.clone();
        self.shared
            .log
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .extend(entries);
        if let Some(game) = game {
            self.game = game;
            self.fresh_bots();
        }
        self.clock_record(at, None);
        self.after_change();
        Ok(Ack {
            ply: self.moves(),
            action,
        })
    }

    /// Gives every bot seat a new bot (seeded from the log's length), forgetting what the
    /// old ones knew; a decision of an old bot still thinking is dropped when it comes.
    pub(super) fn fresh_bots(&mut self) {
        let record = &self.shared.record;
        for (i, slot) in self.bots.iter_mut().enumerate() {
            let Some(slot) = slot else { continue };
            let seed = bot_seed(record.seed, Seat(i as u8), self.ply);
            match self.services.catalog.bot(&record.game, &slot.level, seed) {
                Ok(bot) => {
                    slot.bot = Some(bot);
                    slot.planned = None;
                    slot.declined_at = None;
                }
                Err(e) => tracing::error!("match {}: no new bot: {e}", record.id),
            }
        }
    }
}
