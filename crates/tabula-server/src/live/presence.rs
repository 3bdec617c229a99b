//! Per-seat presence: whether the person in a seat is at the table, from the WebSockets this
//! server holds for that seat's token. A seat with an open socket is **online**; once its
//! last socket closed it stays online for a grace period (a page reload, a network blip) and
//! is **away** after it. Bots and spectators have no presence.
//!
//! Presence is not stored (it says who is connected now, which a restart ends anyway): after
//! a restart every seat is away until its page reconnects. With several server instances
//! each knows only the sockets it holds.
//!
//! Each change is published on a `watch` channel that WebSocket sessions follow, so that the
//! others see a seat come and go without anything else happening in the match.

use std::sync::{Arc, Mutex};
use std::time::Duration;
use tabula_core::Seat;
use tokio::sync::watch;

/// How long a seat stays online after its last WebSocket closed, unless set otherwise
/// (`HubOptions::presence_grace`).
pub const PRESENCE_GRACE: Duration = Duration::from_secs(5);

#[derive(Debug, Default)]
struct SeatPresence {
    /// Open WebSockets of this seat.
    sockets: usize,
    /// Bumped on every connection, so that a pending "away" of an older disconnection is
    /// dropped.
    generation: u64,
}

/// The presence of every seat of one match.
#[derive(Debug)]
pub(crate) struct Presence {
    seats: Mutex<Vec<SeatPresence>>,
    grace: Duration,
    /// Per seat, whether it is online now.
    online: watch::Sender<Vec<bool>>,
}

/// Held by a seat's WebSocket session while it is open; dropping it closes the connection's
/// share of the seat's presence.
pub(crate) struct Connected {
    presence: Arc<Presence>,
    seat: Seat,
}

impl Presence {
    /// Every one of `players` seats away, going away `grace` after its last socket closes.
    pub fn new(players: usize, grace: Duration) -> Presence {
        Presence {
            seats: Mutex::new((0..players).map(|_| SeatPresence::default()).collect()),
            grace,
            online: watch::Sender::new(vec![false; players]),
        }
    }

    /// Per seat, whether it is online now.
    pub fn online(&self) -> Vec<bool> {
        self.online.borrow().clone()
    }

    /// Follows the changes of [`Presence::online`].
    pub fn subscribe(&self) -> watch::Receiver<Vec<bool>> {
        self.online.subscribe()
    }

    fn set(&self, seat: Seat, online: bool) {
        self.online
            .send_if_modified(|all| match all.get_mut(seat.index()) {
                Some(slot) if *slot != online => {
                    *slot = online;
                    true
                }
                _ => false,
            });
    }

    /// A WebSocket of `seat` opened: the seat is online until the returned guard (and every
    /// other of its sockets) is dropped, and the grace period has passed.
    pub fn connect(self: &Arc<Presence>, seat: Seat) -> Connected {
        {
            let mut seats = self.seats.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(s) = seats.get_mut(seat.index()) {
                s.sockets += 1;
                s.generation += 1;
            }
        }
        self.set(seat, true);
        Connected {
            presence: self.clone(),
            seat,
        }
    }

    fn disconnect(self: &Arc<Presence>, seat: Seat) {
        let generation = {
            let mut seats = self.seats.lock().unwrap_or_else(|p| p.into_inner());
            let Some(s) = seats.get_mut(seat.index()) else {
                return;
            };
            s.sockets = s.sockets.saturating_sub(1);
            if s.sockets > 0 {
                return;
            }
            s.generation
        };
        let presence = self.clone();
        let away = async move {
            tokio::time::sleep(presence.grace).await;
            presence.settle(seat, generation);
        };
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(away);
            }
            // No runtime (the server is shutting down): away at once.
            Err(_) => self.set(seat, false),
        }
    }

    /// The grace after the disconnection of `generation` has passed: the seat is away unless
    /// it has a socket again or reconnected since.
    fn settle(&self, seat: Seat, generation: u64) {
        let still_gone = {
            let seats = self.seats.lock().unwrap_or_else(|p| p.into_inner());
            seats
                .get(seat.index())
                .is_some_and(|s| s.sockets == 0 && s.generation == generation)
        };
        if still_gone {
            self.set(seat, false);
        }
    }

    #[cfg(test)]
    fn generation(&self, seat: Seat) -> u64 {
        self.seats.lock().unwrap()[seat.index()].generation
    }
}

impl Drop for Connected {
    fn drop(&mut self) {
        self.presence.disconnect(self.seat);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_seat_is_away_only_after_its_last_socket_and_the_grace() {
        let p = Arc::new(Presence::new(2, Duration::from_millis(20)));
        let mut changes = p.subscribe();
        let first = p.connect(Seat(1));
        let second = p.connect(Seat(1));
        assert_eq!(p.online(), [false, true]);
        drop(first);
        assert_eq!(p.online(), [false, true], "another socket is open");
        drop(second);
        changes.borrow_and_update();
        assert_eq!(p.online(), [false, true], "within the grace");
        changes.changed().await.expect("a change");
        assert_eq!(p.online(), [false, false]);
    }

    #[tokio::test]
    async fn a_reconnection_within_the_grace_stays_online() {
        // A grace that never ends within the test: each step is settled by hand.
        let p = Arc::new(Presence::new(1, Duration::from_secs(3600)));
        drop(p.connect(Seat(0)));
        let gone = p.generation(Seat(0));
        let again = p.connect(Seat(0));
        p.settle(Seat(0), gone);
        assert_eq!(p.online(), [true], "the older disconnection does not count");
        drop(again);
        p.settle(Seat(0), p.generation(Seat(0)));
        assert_eq!(p.online(), [false]);
    }
}
