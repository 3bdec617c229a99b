//! The actor of one live match: the only owner of its game state, its generator and its bots.
//! It handles one command at a time, so the ply check and the action are one step: of two
//! actions sent for the same ply, the first to arrive is applied and the other is stale.
//!
//! Every change goes through [`Actor::commit`]: apply (on error nothing changed), draw the
//! chance events that follow, append the entries to the store and wait until they are
//! durable, then publish the new snapshot and answer. A storage failure rolls the state back.
//!
//! Timers: the hourglass runs while the host has an action (`legal(Actor::Host)` non-empty:
//! Magical Circle's attempt); when it runs out the host's `timeout` is committed. Bots' planned
//! moves wait for their delay; a match's clocks run out (`actor/clock.rs`). The loop sleeps
//! until the earliest of them.
//!
//! A timeout or a bot's move that fails to be stored is tried again with capped exponential
//! backoff (`retry.rs`) until the store takes it; a bot whose move was not stored is not
//! taken to have declined. A move the game refuses is not retried.

use super::bots::BotSeat;
use super::clock::Clock;
use super::retry::Backoff;
use super::shared::Written;
use super::{Ack, Command, MatchShared, Services, Snapshot, Table, now_ms};
use crate::ApiError;
use crate::store::{LogActor, LogEntry, SeatKind};
use std::sync::Arc;
use std::time::Duration;
use tabula_core::{Actor as CoreActor, GameRng, Seat, ToAct};
use tabula_registry::DynGame;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

mod bot_moves;
mod catch_up;
mod clock;
mod rated;
mod seats;
mod table;

/// The hourglass when the game's parameters do not set `hourglass_seconds` (Magical Circle D5).
pub const DEFAULT_HOURGLASS_SECS: f64 = 45.0;

struct Hourglass {
    deadline: Instant,
    deadline_ms: u64,
}

/// What an actor starts from: the match's state after the whole shared log.
pub(crate) struct Start {
    pub game: Box<dyn DynGame>,
    pub rng: GameRng,
    /// When the running hourglass attempt began (ms since the epoch), if one runs.
    pub attempt_started_ms: Option<u64>,
    pub table: Table,
    /// The clocks, for a match with a clock.
    pub clock: Option<Clock>,
}

pub(crate) struct Actor {
    shared: Arc<MatchShared>,
    services: Arc<Services>,
    game: Box<dyn DynGame>,
    rng: GameRng,
    /// The number of log entries (table events included): the tag of bots' decisions and
    /// the next entry's index. Clients see `table.moves.len()`.
    ply: u64,
    /// The moves, the ending at the table, the standing draw offer.
    table: Table,
    joined: Vec<bool>,
    bots: Vec<Option<BotSeat>>,
    hourglass: Option<Hourglass>,
    hourglass_len: Duration,
    /// Retries of the hourglass's timeout that failed to be stored.
    hourglass_retry: Backoff,
    /// Retries of bots' moves that failed to be stored.
    bot_retry: Backoff,
    /// The clocks, for a match with a clock.
    clock: Option<Clock>,
    /// Retries of a timeout that failed to be stored.
    clock_retry: Backoff,
    commands: mpsc::Sender<Command>,
    publisher: watch::Sender<Arc<Snapshot>>,
}

impl Actor {
    /// The actor of a match whose state is `game` after the whole shared log; with the
    /// receiver of its snapshots.
    pub fn new(
        shared: Arc<MatchShared>,
        services: Arc<Services>,
        start: Start,
        bots: Vec<Option<BotSeat>>,
        commands: mpsc::Sender<Command>,
    ) -> (Actor, watch::Receiver<Arc<Snapshot>>) {
        let Start {
            game,
            rng,
            attempt_started_ms,
            table,
            clock,
        } = start;
        let params = crate::view::or_defect(game.params());
        let secs = params["hourglass_seconds"]
            .as_f64()
            .or_else(|| params["hourglass_secs"].as_f64())
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or(DEFAULT_HOURGLASS_SECS);
        let hourglass_len = Duration::from_secs_f64(secs);
        let hourglass = attempt_started_ms.map(|started| Hourglass::since(started, hourglass_len));
        let ply = shared.log.read().unwrap_or_else(|p| p.into_inner()).len() as u64;
        let joined = shared.record.seats.iter().map(|s| s.joined).collect();
        let (publisher, receiver) = watch::channel(Arc::new(Snapshot {
            game: game.clone(),
            ply: table.moves.len() as u64,
            rev: ply,
            moves: table.moves.clone(),
            ending: table.ending.clone(),
            offer: table.offer,
            may_offer: Vec::new(),
            takeback_ask: table.takeback_ask,
            may_take_back: Vec::new(),
            joined: Vec::new(),
            deadline_ms: None,
            clock: clock.clone(),
            written: Written::default(),
        }));
        let actor = Actor {
            shared,
            services,
            game,
            rng,
            ply,
            table,
            joined,
            bots,
            hourglass,
            hourglass_len,
            hourglass_retry: Backoff::default(),
            bot_retry: Backoff::default(),
            clock,
            clock_retry: Backoff::default(),
            commands,
            publisher,
        };
        actor.publish();
        (actor, receiver)
    }

    fn over(&self) -> bool {
        self.table.ended() || self.game.to_act().is_over()
    }

    /// The number of moves: the ply clients see and send.
    fn moves(&self) -> u64 {
        self.table.moves.len() as u64
    }

    fn publish(&self) {
        let kinds: Vec<SeatKind> = self
            .shared
            .record
            .seats
            .iter()
            .map(|s| s.kind.clone())
            .collect();
        self.publisher.send_replace(Arc::new(Snapshot {
            game: self.game.clone(),
            ply: self.moves(),
            rev: self.ply,
            moves: self.table.moves.clone(),
            ending: self.table.ending.clone(),
            offer: self.table.offer,
            may_offer: (0..self.joined.len())
                .map(|i| self.table.may_offer(Seat(i as u8)))
                .collect(),
            takeback_ask: self.table.takeback_ask,
            may_take_back: (0..self.joined.len())
                .map(|i| {
                    self.table
                        .may_take_back(Seat(i as u8), &kinds, self.shared.real_time)
                })
                .collect(),
            joined: self.joined.clone(),
            deadline_ms: self.hourglass.as_ref().map(|h| h.deadline_ms),
            clock: self.clock.clone(),
            written: Written::default(),
        }));
    }

    /// Runs the match until the game is over.
    pub async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        self.after_change();
        while !self.over() {
            let next = self.next_deadline();
            let sleep_until = next.unwrap_or_else(|| Instant::now() + Duration::from_secs(3600));
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                _ = tokio::time::sleep_until(sleep_until), if next.is_some() => {
                    self.on_timer().await;
                }
            }
        }
        commands.close();
        while let Ok(command) = commands.try_recv() {
            self.after_the_end(command);
        }
        tracing::debug!("match {} is over", self.shared.record.id);
        self.services
            .ended
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(self.shared.record.id.clone());
    }

    async fn handle(&mut self, command: Command) {
        if let Some(reason) = self.shared.quarantine.get() {
            refuse_quarantined(command, reason);
            return;
        }
        let Some(command) = self.flag_first(command).await else {
            return;
        };
        match command {
            Command::Act {
                seat,
                ply,
                action,
                reply,
            } => {
                let result = self.act(seat, ply, &action).await;
                let _ = reply.send(result);
            }
            Command::Join { seat, reply } => {
                let result = self.join(seat).await;
                let _ = reply.send(result);
            }
            Command::Touch { seat } => {
                if let Err(e) = self.take_seat(seat).await {
                    tracing::warn!("match {}: {e}", self.shared.record.id);
                }
            }
            Command::Table {
                seat,
                request,
                reply,
            } => {
                let result = self.table_request(seat, request).await;
                let _ = reply.send(result);
            }
            Command::BotDecided(decision) => self.bot_decided(*decision).await,
            Command::CatchUp => self.catch_up().await,
            Command::LeaseGained => self.lease_gained().await,
            Command::Appended { next_ply, carried } => self.catch_up_log(next_ply, carried).await,
            Command::SeatJoined { seat, token_hash } => self.seat_joined(seat, token_hash),
        }
    }

    /// A command that arrived as the game ended.
    fn after_the_end(&self, command: Command) {
        let over = match &self.table.ending {
            Some(e) if e.reason == "timeout" => {
                format!("the game is over: seat {} ran out of time", e.by.number())
            }
            _ => "the game is over".to_string(),
        };
        match command {
            Command::Act { ply, reply, .. } => {
                let _ = reply.send(Err(if ply != self.moves() {
                    stale(ply, self.moves())
                } else {
                    ApiError::refused(over)
                }));
            }
            Command::Table { reply, .. } => {
                let _ = reply.send(Err(ApiError::conflict(over)));
            }
            Command::Join { reply, .. } => {
                let _ = reply.send(Err(ApiError::conflict("the game is over")));
            }
            Command::Touch { .. }
            | Command::BotDecided(_)
            | Command::CatchUp
            | Command::LeaseGained
            | Command::Appended { .. }
            | Command::SeatJoined { .. } => {}
        }
    }

    async fn act(&mut self, seat: Seat, ply: u64, action: &str) -> Result<Ack, ApiError> {
        if ply > self.moves() && self.services.shared_database() {
            self.catch_up().await; // The client saw a move made through another instance.
        }
        if ply != self.moves() {
            return Err(stale(ply, self.moves()));
        }
        let to_act = self.game.to_act();
        if !to_act.seats().contains(seat) {
            return Err(ApiError::refused(format!(
                "{} may not act now: {}",
                self.seat_label(seat),
                self.describe(to_act)
            )));
        }
        if let Err(e) = self.take_seat(seat).await {
            tracing::warn!("match {}: {e}", self.shared.record.id);
        }
        self.commit(CoreActor::Seat(seat), action).await
    }

    fn seat_label(&self, seat: Seat) -> String {
        let name = self.game.seat_name(seat);
        if name == format!("Seat {}", seat.number()) {
            format!("seat {}", seat.number())
        } else {
            format!("seat {} ({name})", seat.number())
        }
    }

    fn describe(&self, to_act: ToAct) -> String {
        match to_act {
            ToAct::Over(_) => "the game is over".into(),
            ToAct::Chance => "a chance event is pending".into(),
            ToAct::One(s) => format!("{} is to act", self.seat_label(s)),
            ToAct::Several(set) => {
                let seats: Vec<String> = set.iter().map(|s| self.seat_label(s)).collect();
                format!("{} may act", seats.join(", "))
            }
        }
    }

    /// Applies an action, then the chance events it leads to; stores them durably, then
    /// publishes. On any error nothing has changed.
    async fn commit(&mut self, actor: CoreActor, text: &str) -> Result<Ack, ApiError> {
        let backup = (self.game.clone(), self.rng.clone());
        let action = self
            .game
            .apply(actor, text)
            .map_err(ApiError::from_registry)?;
        let at = now_ms();
        let logged = match actor {
            CoreActor::Seat(s) => LogActor::Seat(s),
            CoreActor::Chance => LogActor::Chance,
            CoreActor::Host => LogActor::Host,
        };
        let mut entries = vec![LogEntry {
            ply: self.ply,
            actor: logged,
            action: action.clone(),
            at,
        }];
        for drawn in self.game.resolve_chance(&mut self.rng) {
            entries.push(LogEntry {
                ply: self.ply + entries.len() as u64,
                actor: LogActor::Chance,
                action: drawn,
                at,
            });
        }
        let over = self.over();
        let stored = self.store_entries(&entries, over, &self.table).await;
        if let Err(e) = stored {
            (self.game, self.rng) = backup;
            return Err(self.refused_by_store(e).await);
        }
        self.ply += entries.len() as u64;
        for e in &entries {
            self.table.record_move(e);
        }
        let mover = match actor {
            CoreActor::Seat(s) => Some(s),
            CoreActor::Chance | CoreActor::Host => None,
        };
        self.clock_record(at, mover);
        self.queue_turn_mail(mover).await;
        self.tell_bots(backup.0.as_ref(), &entries);
        self.shared
            .log
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .extend(entries);
        if actor == CoreActor::Host {
            self.hourglass = None;
        }
        self.after_change();
        Ok(Ack {
            ply: self.moves(),
            action,
        })
    }

    /// After every change: the hourglass, the bots, then the new snapshot.
    fn after_change(&mut self) {
        let attempt = !self.over() && !self.game.legal(CoreActor::Host).is_empty();
        if !attempt {
            self.hourglass = None;
        } else if self.hourglass.is_none() {
            self.hourglass_retry.reset();
            let deadline_ms = now_ms() + self.hourglass_len.as_millis() as u64;
            self.hourglass = Some(Hourglass {
                deadline: Instant::now() + self.hourglass_len,
                deadline_ms,
            });
        }
        let ply = self.ply;
        for seat in self.bots.iter_mut().flatten() {
            if seat.planned.as_ref().is_some_and(|p| p.ply != ply) {
                seat.planned = None;
            }
        }
        self.ask_bots();
        self.publish();
    }

    fn next_deadline(&self) -> Option<Instant> {
        if !self.leads() || self.shared.quarantine.get().is_some() {
            return None;
        }
        let bots = self
            .bots
            .iter()
            .flatten()
            .filter_map(|b| b.planned.as_ref())
            .filter(|p| p.ply == self.ply)
            .map(|p| p.at);
        bots.chain(self.hourglass_due())
            .chain(self.flag_due())
            .min()
    }

    /// When the hourglass's timeout is to be committed: when it runs out, or when a failed
    /// attempt may be retried.
    fn hourglass_due(&self) -> Option<Instant> {
        let deadline = self.hourglass.as_ref()?.deadline;
        Some(match self.hourglass_retry.not_before() {
            Some(retry) => deadline.max(retry),
            None => deadline,
        })
    }

    async fn on_timer(&mut self) {
        if !self.leads() {
            return;
        }
        let now = Instant::now();
        if self.flag_ready(now) {
            self.flag_if_fallen().await;
            return;
        }
        if self.hourglass_due().is_some_and(|due| due <= now) {
            let host = self.game.legal(CoreActor::Host);
            let Some(timeout) = host.iter().find(|a| *a == "timeout").or(host.first()) else {
                self.hourglass = None;
                return;
            };
            let timeout = timeout.clone();
            let what = format!("match {}: the host's `{timeout}`", self.shared.record.id);
            match self.commit(CoreActor::Host, &timeout).await {
                Ok(_) => self.hourglass_retry.succeeded(&what),
                // Another instance stored this ply first: the match was reloaded.
                Err(e) if e.status == axum::http::StatusCode::CONFLICT => {}
                Err(e) => {
                    self.hourglass_retry.failed(&what, &e);
                }
            }
            return;
        }
        let due = self
            .bots
            .iter()
            .enumerate()
            .filter_map(|(i, b)| Some((i, b.as_ref()?.planned.as_ref()?)))
            .filter(|(_, p)| p.at <= now)
            .min_by_key(|(_, p)| p.at)
            .map(|(i, _)| i);
        let Some(i) = due else { return };
        let Some(planned) = self.bots[i].as_mut().and_then(|b| b.planned.take()) else {
            return;
        };
        if planned.ply == self.ply {
            self.bot_plays(Seat(i as u8), &planned.action).await;
        }
    }
}

/// Answers a command to a quarantined match: every change is refused, naming why.
fn refuse_quarantined(command: Command, reason: &str) {
    let refused = || ApiError::conflict(format!("the match is quarantined (read-only): {reason}"));
    match command {
        Command::Act { reply, .. } => {
            let _ = reply.send(Err(refused()));
        }
        Command::Table { reply, .. } => {
            let _ = reply.send(Err(refused()));
        }
        Command::Join { reply, .. } => {
            let _ = reply.send(Err(refused()));
        }
        Command::Touch { .. }
        | Command::BotDecided(_)
        | Command::CatchUp
        | Command::LeaseGained
        | Command::Appended { .. }
        | Command::SeatJoined { .. } => {}
    }
}

fn stale(sent: u64, now: u64) -> ApiError {
    ApiError::conflict(format!(
        "stale ply: the action was sent for ply {sent}, the match is at ply {now}"
    ))
}
