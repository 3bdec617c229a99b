//! The seat commands of a match's actor: a lobby join (a fresh token, stored hashed before it
//! is answered) and an invited seat taken when its token is first used.

use super::Actor;
use crate::ApiError;
use crate::store::{SeatKind, StoreError, TokenHash};
use tabula_core::Seat;

impl Actor {
    /// A join through the lobby (`seat: None` takes the first open one): only a lobby seat
    /// nobody has joined is given, with a fresh token whose hash is stored (with the seat
    /// marked joined) before the token is answered.
    pub(super) async fn join(&mut self, seat: Option<Seat>) -> Result<(Seat, String), ApiError> {
        let seats = &self.shared.record.seats;
        let seat = match seat {
            Some(s) if s.index() >= seats.len() => {
                return Err(ApiError::bad_request(format!(
                    "seat: {} does not exist in a {}-player match",
                    s.number(),
                    seats.len()
                )));
            }
            Some(s) if seats[s.index()].kind != SeatKind::Human => {
                return Err(ApiError::conflict(format!(
                    "seat {} is played by a bot",
                    s.number()
                )));
            }
            Some(s) if !seats[s.index()].open => {
                return Err(ApiError::conflict(format!(
                    "seat {} is not open to join: it is held through a private link \
                     (the creator's own seat, or an invite)",
                    s.number()
                )));
            }
            Some(s) if self.joined[s.index()] => {
                return Err(ApiError::conflict(format!("seat {} is taken", s.number())));
            }
            Some(s) => s,
            None => match (0..seats.len()).find(|&i| seats[i].open && !self.joined[i]) {
                Some(i) => Seat(i as u8),
                None => return Err(ApiError::conflict("no seat is open")),
            },
        };
        let token = crate::live::create::new_token();
        let hash = TokenHash::of(&token);
        let stored = self
            .services
            .store
            .join_open_seat(&self.shared.record.id, seat, hash)
            .await;
        match stored {
            Ok(()) => {}
            Err(StoreError::SeatNotOpen { .. }) => {
                self.catch_up().await; // Taken through another instance, maybe.
                return Err(ApiError::conflict(format!(
                    "seat {} is taken",
                    seat.number()
                )));
            }
            Err(e) => return Err(ApiError::from_store(e)),
        }
        self.shared.set_token(seat.index(), hash);
        self.joined[seat.index()] = true;
        self.publish();
        Ok((seat, token))
    }

    /// Marks a seat reached through its token (an invite) as taken, durably, if it was not.
    pub(super) async fn take_seat(&mut self, seat: Seat) -> Result<(), ApiError> {
        let i = seat.index();
        if i >= self.joined.len() || self.joined[i] || !self.shared.has_token(i) {
            return Ok(());
        }
        self.services
            .store
            .set_joined(&self.shared.record.id, seat)
            .await
            .map_err(ApiError::from_store)?;
        self.joined[i] = true;
        self.publish();
        Ok(())
    }
}
