//! Bots in seats: each bot thinks on a blocking thread (never on the async runtime's), at
//! most `HubOptions::bot_threads` at once, on a clone of the state. Its answer comes back to
//! the match's actor as a [`Decision`] tagged with the ply it was asked at; a decision for a
//! ply that has passed is dropped and the bot is asked again. A move with a delay (real-time
//! games: reaction time) is planned and applied when its time comes, unless the state has
//! changed first.
//!
//! Seat bots come before analyses: [`BotsBusy`] counts the bots waiting for a thread or
//! thinking, and no analysed position starts while there is one (`analysis_queue.rs`).

use super::{Command, Services};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tabula_core::Seat;
use tabula_registry::{BotMove, DynBot, DynGame, Stop};
use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;

/// A bot's answer, sent back to the actor.
pub(crate) struct Decision {
    pub seat: Seat,
    /// The ply the bot was asked at.
    pub ply: u64,
    /// The move (`None`: it waits), or the panic message when the bot failed.
    pub outcome: Result<Option<BotMove>, String>,
    /// The bot, given back (`None` after a panic).
    pub bot: Option<Box<dyn DynBot>>,
}

/// A move a bot will make when its delay has passed.
pub(crate) struct Planned {
    pub at: Instant,
    pub ply: u64,
    pub action: String,
}

/// A bot seat's state in its match's actor.
pub(crate) struct BotSeat {
    pub level: String,
    /// The bot; `None` while it thinks.
    pub bot: Option<Box<dyn DynBot>>,
    /// The ply at which the bot said it waits (not asked again until the state changes).
    pub declined_at: Option<u64>,
    pub planned: Option<Planned>,
}

impl BotSeat {
    pub fn new(level: String, bot: Box<dyn DynBot>) -> BotSeat {
        BotSeat {
            level,
            bot: Some(bot),
            declined_at: None,
            planned: None,
        }
    }

    /// Whether the bot should be asked for a move at `ply`.
    pub fn idle_at(&self, ply: u64) -> bool {
        self.bot.is_some() && self.planned.is_none() && self.declined_at != Some(ply)
    }
}

/// How many seat bots wait for a thread or think; `idle` is notified when none does any more.
/// The analysed positions being searched register their [`Stop`] here: a seat bot that
/// starts to wait stops them all (their positions are searched again later), so that bots in
/// seats always come before analysis.
#[derive(Default)]
pub(crate) struct BotsBusy {
    count: AtomicUsize,
    pub idle: Notify,
    analyses: Mutex<Vec<(u64, Stop)>>,
    next_analysis: AtomicU64,
}

impl BotsBusy {
    /// Whether a seat bot waits for a thread or thinks.
    pub fn any(busy: &BotsBusy) -> bool {
        busy.count.load(Ordering::SeqCst) > 0
    }

    /// Counts a bot as busy until the guard is dropped.
    fn enter(busy: &Arc<BotsBusy>) -> Busy {
        busy.count.fetch_add(1, Ordering::SeqCst);
        for (_, stop) in busy
            .analyses
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
        {
            stop.stop();
        }
        Busy(busy.clone())
    }

    /// Registers the stop of an analysis search until the guard is dropped; it is stopped
    /// at once if a seat bot is busy already.
    pub fn analysing(busy: &Arc<BotsBusy>, stop: &Stop) -> AnalysisGuard {
        let id = busy.next_analysis.fetch_add(1, Ordering::Relaxed);
        busy.analyses
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push((id, stop.clone()));
        if BotsBusy::any(busy) {
            stop.stop();
        }
        AnalysisGuard(busy.clone(), id)
    }
}

/// An analysis search registered in [`BotsBusy`] while this lives.
pub(crate) struct AnalysisGuard(Arc<BotsBusy>, u64);

impl Drop for AnalysisGuard {
    fn drop(&mut self) {
        let mut analyses = self.0.analyses.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(i) = analyses.iter().position(|(id, _)| *id == self.1) {
            analyses.swap_remove(i);
        }
    }
}

/// A busy bot, counted in [`BotsBusy`] while this lives.
struct Busy(Arc<BotsBusy>);

impl Drop for Busy {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_one();
        }
    }
}

/// Lets the bot of `seat` think about `game` (the state at `ply`) off the runtime's threads;
/// its decision is sent to `actor`.
pub(crate) fn think(
    services: &Arc<Services>,
    actor: &mpsc::Sender<Command>,
    mut bot: Box<dyn DynBot>,
    game: Box<dyn DynGame>,
    seat: Seat,
    ply: u64,
) {
    let permits = services.bot_permits.clone();
    let actor = actor.clone();
    // Counted from now, so that no analysis starts while this bot waits for a thread.
    let busy = BotsBusy::enter(&services.bots_busy);
    tokio::spawn(async move {
        let Ok(_permit) = permits.acquire_owned().await else {
            return;
        };
        let thought = tokio::task::spawn_blocking(move || {
            let choice = bot.decide(game.as_ref(), seat);
            (bot, choice)
        })
        .await;
        drop(busy);
        let decision = match thought {
            Ok((bot, choice)) => Decision {
                seat,
                ply,
                outcome: Ok(choice),
                bot: Some(bot),
            },
            Err(e) => Decision {
                seat,
                ply,
                outcome: Err(e.to_string()),
                bot: None,
            },
        };
        // The match may have ended meanwhile: then nobody needs the decision.
        let _ = actor.send(Command::BotDecided(Box::new(decision))).await;
    });
}

/// The delay before a bot's move is applied: its own, at least the server's minimum.
pub(crate) fn delay_of(choice: &BotMove, min: Duration) -> Duration {
    choice.delay.max(min)
}
