//! The bots of a match's actor: asking every idle bot whose seat may act, taking a bot's
//! decision (played at once, planned after its delay, or declined), committing its move with
//! retries while the store fails, and a move the game refuses.

use super::super::bots::{self, Decision, Planned};
use super::Actor;
use crate::ApiError;
use tabula_core::{Actor as CoreActor, Seat};
use tokio::time::Instant;

impl Actor {
    /// Asks every idle bot whose seat may act now.
    pub(super) fn ask_bots(&mut self) {
        if self.over() || !self.leads() {
            return;
        }
        for seat in self.game.to_act().seats().iter() {
            let Some(Some(slot)) = self.bots.get_mut(seat.index()) else {
                continue;
            };
            if !slot.idle_at(self.ply) {
                continue;
            }
            if let Some(bot) = slot.bot.take() {
                bots::think(
                    &self.services,
                    &self.commands,
                    bot,
                    self.game.clone(),
                    seat,
                    self.ply,
                );
            }
        }
    }

    pub(super) async fn bot_decided(&mut self, d: Decision) {
        let id = self.shared.record.id.clone();
        let Some(Some(slot)) = self.bots.get_mut(d.seat.index()) else {
            return;
        };
        match d.bot {
            // A bot made afresh (after a takeback) is kept; the one that thought is dropped.
            Some(_) if slot.bot.is_some() => {}
            Some(bot) => slot.bot = Some(bot),
            None if slot.bot.is_some() => {}
            None => {
                tracing::error!("match {id}: the bot of seat {} failed", d.seat.number());
                let seed = super::super::bot_seed(self.shared.record.seed, d.seat, self.ply);
                match self
                    .services
                    .catalog
                    .bot(&self.shared.record.game, &slot.level, seed)
                {
                    Ok(bot) => slot.bot = Some(bot),
                    Err(e) => {
                        self.shared
                            .quarantine(format!("seat {}'s bot failed: {e}", d.seat.number()));
                        self.publish();
                        return;
                    }
                }
            }
        }
        let leads = self.services.leads(&self.shared.record.id);
        if d.ply != self.ply || !leads {
            self.ask_bots();
            return;
        }
        match d.outcome {
            Ok(Some(choice)) => {
                let delay = bots::delay_of(&choice, self.services.options.min_bot_delay);
                if delay.is_zero() {
                    self.bot_plays(d.seat, &choice.action).await;
                } else {
                    slot.planned = Some(Planned {
                        at: Instant::now() + delay,
                        ply: d.ply,
                        action: choice.action,
                    });
                }
            }
            Ok(None) => slot.declined_at = Some(d.ply),
            Err(reason) => {
                slot.declined_at = Some(d.ply);
                self.shared
                    .quarantine(format!("seat {}'s bot failed: {reason}", d.seat.number()));
                self.publish();
            }
        }
    }

    pub(super) async fn bot_plays(&mut self, seat: Seat, action: &str) {
        let what = format!(
            "match {}: the move of seat {}'s bot",
            self.shared.record.id,
            seat.number()
        );
        match self.commit(CoreActor::Seat(seat), action).await {
            Ok(_) => self.bot_retry.succeeded(&what),
            // Another instance stored this ply first: the match was reloaded.
            Err(e) if e.status == axum::http::StatusCode::CONFLICT => {}
            // Not stored (the store failed): the same move is tried again later, at this ply.
            Err(e) if e.status.is_server_error() => {
                let at = self.bot_retry.failed(&what, &e);
                if let Some(Some(slot)) = self.bots.get_mut(seat.index()) {
                    slot.planned = Some(Planned {
                        at,
                        ply: self.ply,
                        action: action.to_string(),
                    });
                }
            }
            Err(e) => self.bot_refused(seat, action, e),
        }
    }

    /// The game refused a bot's move: the bot is not asked again at this ply.
    fn bot_refused(&mut self, seat: Seat, action: &str, e: ApiError) {
        tracing::error!(
            "match {}: the bot of seat {} was refused `{action}`: {e}",
            self.shared.record.id,
            seat.number()
        );
        if let Some(Some(slot)) = self.bots.get_mut(seat.index()) {
            slot.declined_at = Some(self.ply);
        }
    }
}
