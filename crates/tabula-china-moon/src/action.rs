//! Actions: a setup draw (chance), a whole frog move (every hop's landing, spring hops
//! included, so the mover's fork choices are all in it), and an owner's exchange or
//! butterfly decision. `Copy` and small: a frog move is a fixed array of landings.

use crate::board::MAX_LANDINGS;
use crate::flower::Flower;
use tabula_core::Seat;

/// Where a setup draw lays its flower.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupPlace {
    /// Goal spot 1–3, 0-based (written `G1`, `G2`, `G3`).
    Spot(u8),
    /// A lotus space, by index (written by its number).
    Space(u8),
}

/// One frog's whole move: whose frog, from where, and each hop's landing (2, or 1 when the
/// first hop reaches the goal, plus 2 per spring landed on at the end of a move).
/// Unused landing slots are 0 so that equal moves compare equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FrogMove {
    pub(crate) seat: Seat,
    pub(crate) from: u8,
    pub(crate) len: u8,
    pub(crate) landings: [u8; MAX_LANDINGS],
}

impl FrogMove {
    /// A move of `seat`'s frog on `from` landing on `landings` (space indices); `None` when
    /// there are no landings or more than [`MAX_LANDINGS`].
    pub fn new(seat: Seat, from: u8, landings: &[u8]) -> Option<FrogMove> {
        if landings.is_empty() || landings.len() > MAX_LANDINGS {
            return None;
        }
        let mut mv = FrogMove {
            seat,
            from,
            len: landings.len() as u8,
            landings: [0; MAX_LANDINGS],
        };
        mv.landings[..landings.len()].copy_from_slice(landings);
        Some(mv)
    }

    /// The frog's owner.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The space the frog leaves.
    pub fn from(&self) -> u8 {
        self.from
    }

    /// Every hop's landing, in order.
    pub fn landings(&self) -> &[u8] {
        &self.landings[..self.len as usize]
    }

    /// Where the frog ends.
    pub fn destination(&self) -> u8 {
        self.landings[self.len as usize - 1]
    }
}

/// An action of China Moon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Setup (chance): `flower` drawn for `place` (`G1=p`, `12=y`).
    Setup {
        /// The goal spot or lotus space laid out.
        place: SetupPlace,
        /// The flower drawn for it.
        flower: Flower,
    },
    /// A frog move (`2@10>14>15`).
    Move(FrogMove),
    /// The owner on a stupid-frog space gives `give` to `with` and takes `take` from it
    /// (`x3:p/u`).
    Exchange {
        /// The player the owner exchanges with.
        with: Seat,
        /// The flower the owner gives (one it holds).
        give: Flower,
        /// The flower the owner takes, of another colour than `give` (R4).
        take: Flower,
    },
    /// The owner on a butterfly space drops a flower of this colour behind it (`drop:y`).
    Drop(Flower),
}
