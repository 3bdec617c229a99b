//! Seats (players) and sets of seats.
//!
//! Seats are numbered from 0 inside the engine; every user-facing surface (notation, CLI,
//! server) shows them numbered from 1, through [`Seat::number`] and [`Seat::from_number`].

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most seats any Tabula game has (China Moon and Magical Circle with 5 players).
pub const MAX_SEATS: usize = 5;

/// A player's seat, 0-based. Seat 0 moves first unless a game says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The 0-based index, for indexing per-seat arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The 1-based number players see.
    #[inline]
    pub fn number(self) -> usize {
        self.0 as usize + 1
    }

    /// The seat shown to players as `number` (1-based); `None` outside 1..=MAX_SEATS.
    pub fn from_number(number: usize) -> Option<Seat> {
        (1..=MAX_SEATS)
            .contains(&number)
            .then(|| Seat((number - 1) as u8))
    }

    /// The seats 0..n.
    pub fn all(n: usize) -> impl Iterator<Item = Seat> {
        (0..n as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.number())
    }
}

/// A set of seats, as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The seats 0..n (`n` ≤ [`MAX_SEATS`]).
    pub fn all(n: usize) -> SeatSet {
        SeatSet(((1u16 << n) - 1) as u8)
    }

    /// Just `seat`.
    pub fn single(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// Adds `seat`.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes `seat` (nothing if it is not in the set).
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// The number of seats in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no seat.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The mask: bit `i` for seat `i` (for storing the set).
    pub fn bits(self) -> u8 {
        self.0
    }

    /// The set of a mask made by [`SeatSet::bits`].
    pub fn from_bits(bits: u8) -> SeatSet {
        SeatSet(bits)
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_numbers_are_one_based() {
        assert_eq!(Seat(0).number(), 1);
        assert_eq!(Seat::from_number(5), Some(Seat(4)));
        assert_eq!(Seat::from_number(0), None);
        assert_eq!(Seat::from_number(6), None);
    }

    #[test]
    fn seat_set_operations() {
        let mut set = SeatSet::all(3);
        assert_eq!(set.len(), 3);
        set.remove(Seat(1));
        assert!(!set.contains(Seat(1)));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(0), Seat(2)]);
        assert_eq!(SeatSet::all(5).len(), 5);
    }
}
