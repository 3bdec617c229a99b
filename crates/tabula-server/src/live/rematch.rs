//! Rematches: from a finished match, a new one with the same game, parameters, setup (or start
//! position), hints and seat kinds, every seat moved on by one (seat 1 takes seat 2's place, …,
//! the last takes seat 1's; with two players the seats are swapped). Every person of the old
//! match gets a seat of the new one with a fresh token: the one who asked in the answer, the
//! others through their view of the old match (`rematch` in its JSON, pushed over its
//! WebSocket). Asking again gives the same new match.
//!
//! The tokens of the new match are held in memory by the instance that made it, as long as the
//! old match is: after a restart, or through another instance, the old match no longer shows
//! them (a new rematch may then be asked for).

use super::{Hub, MatchHandle, NewMatch, SeatSpec};
use crate::ApiError;
use crate::store::SeatKind;
use std::sync::Arc;
use tabula_core::Seat;

/// The rematch of a match.
pub struct Rematch {
    /// The new match's id.
    pub id: String,
    /// Per seat of the **old** match, the token of its seat in the new one (people only).
    pub tokens: Vec<Option<String>>,
    /// Per seat of the old match, its seat in the new one.
    pub seats: Vec<Seat>,
}

impl std::fmt::Debug for Rematch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the tokens.
        f.debug_struct("Rematch").field("id", &self.id).finish()
    }
}

/// Where seat index `i` of `n` sits in the rematch.
pub(crate) fn rotated(i: usize, n: usize) -> usize {
    (i + 1) % n
}

impl Hub {
    /// The rematch of the finished match `handle`, made at the first request of one of its
    /// seats; answers the new match's id and `seat`'s new seat and token.
    pub(crate) async fn rematch(
        &self,
        handle: &MatchHandle,
        seat: Seat,
    ) -> Result<(String, Seat, String), ApiError> {
        if !handle.current().over() {
            return Err(ApiError::conflict(
                "rematch: the game is not over (a rematch starts from the end card)",
            ));
        }
        let _one_at_a_time = self.rematching.lock().await;
        let existing = handle.shared.rematch.borrow().clone();
        let rematch = match existing {
            Some(r) => r,
            None => {
                let r = Arc::new(self.make_rematch(handle).await?);
                handle.shared.rematch.send_replace(Some(r.clone()));
                r
            }
        };
        let token = rematch.tokens[seat.index()]
            .clone()
            .ok_or_else(|| ApiError::internal("rematch: the seat has no token"))?;
        Ok((rematch.id.clone(), rematch.seats[seat.index()], token))
    }

    async fn make_rematch(&self, handle: &MatchHandle) -> Result<Rematch, ApiError> {
        let record = &handle.shared.record;
        let n = record.seats.len();
        let mut seats = vec![SeatSpec::Human; n];
        for (i, s) in record.seats.iter().enumerate() {
            if let SeatKind::Bot(level) = &s.kind {
                seats[rotated(i, n)] = SeatSpec::Bot(level.clone());
            }
        }
        let mine: Vec<usize> = (0..n)
            .filter(|&j| seats[j] == SeatSpec::Human)
            .map(|j| j + 1)
            .collect();
        let created = self
            .create(NewMatch {
                game: record.game.clone(),
                players: Some(n),
                params: Some(super::clock::game_params(&record.params)),
                seed: None,
                setup: record.position.is_none().then(|| record.setup.clone()),
                seats,
                mine: Some(mine),
                hints: record.hints,
                position: record.position.clone(),
                clock: super::ClockSpec::of_params(&record.params),
                rated: crate::people::is_rated(&record.params),
            })
            .await?;
        tracing::info!("match {}: rematch {}", record.id, created.id);
        Ok(Rematch {
            tokens: (0..n)
                .map(|i| created.seats[rotated(i, n)].1.clone())
                .collect(),
            seats: (0..n).map(|i| Seat(rotated(i, n) as u8)).collect(),
            id: created.id,
        })
    }
}
