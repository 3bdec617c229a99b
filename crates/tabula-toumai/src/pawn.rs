//! Colours, pawn kinds and the 4-bit pawn code the board stores.
//!
//! A pawn is `colour << 2 | kind` (colour: Yellow 0, Red 1, Blue 2; kind: strength 1 → 0,
//! strength 2 → 1, strength 3 → 2, magician → 3). The neutral colour's face-down pawns are
//! identical, so they are stored with kind bits 0 and told apart by their colour (the state
//! knows which colour is neutral).

use serde::{Deserialize, Serialize};

/// A colour, lightest first. Turn order follows it (skipping the neutral colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Yellow (`Y`), the lightest: first in turn order when it plays.
    Yellow = 0,
    /// Red (`R`): after yellow, before blue.
    Red = 1,
    /// Blue (`B`), the darkest: last in turn order.
    Blue = 2,
}

impl Colour {
    /// The three colours, in turn order.
    pub const ALL: [Colour; 3] = [Colour::Yellow, Colour::Red, Colour::Blue];

    /// The letter used in notation: `Y`, `R` or `B`.
    pub fn letter(self) -> char {
        ['Y', 'R', 'B'][self as usize]
    }

    /// The colour of a notation letter (`Y`, `R`, `B`); `None` for any other character.
    pub fn from_letter(c: char) -> Option<Colour> {
        match c {
            'Y' => Some(Colour::Yellow),
            'R' => Some(Colour::Red),
            'B' => Some(Colour::Blue),
            _ => None,
        }
    }

    /// The colour's English name (`Yellow`), used as the seat name.
    pub fn name(self) -> &'static str {
        ["Yellow", "Red", "Blue"][self as usize]
    }

    /// 0 (yellow) to 2 (blue).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    pub(crate) fn from_index(i: u8) -> Colour {
        Colour::ALL[(i as usize).min(2)]
    }
}

/// The kind of a face-up pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// A bird of strength 1 (two per colour).
    One = 0,
    /// A bird of strength 2 (two per colour).
    Two = 1,
    /// A bird of strength 3 (one per colour).
    Three = 2,
    /// The magician: flies 1, 2 or 3 (one per colour); only it wins wands.
    Magician = 3,
}

impl Kind {
    /// The four kinds, weakest bird first.
    pub const ALL: [Kind; 4] = [Kind::One, Kind::Two, Kind::Three, Kind::Magician];

    /// The character used in notation: `1`, `2`, `3` or `M`.
    pub fn letter(self) -> char {
        ['1', '2', '3', 'M'][self as usize]
    }

    /// The kind of a notation letter (`1`, `2`, `3`, `M`); `None` for any other character.
    pub fn from_letter(c: char) -> Option<Kind> {
        match c {
            '1' => Some(Kind::One),
            '2' => Some(Kind::Two),
            '3' => Some(Kind::Three),
            'M' => Some(Kind::Magician),
            _ => None,
        }
    }

    /// How many pawns of this kind each colour has.
    pub fn copies(self) -> u8 {
        [2, 2, 1, 1][self as usize]
    }

    /// The distances a pawn of this kind may fly, as a bit set (bit d set: distance d).
    #[inline]
    pub(crate) fn distance_bits(self) -> u8 {
        [0b0010, 0b0100, 0b1000, 0b1110][self as usize]
    }

    /// 0 (`One`) to 3 (`Magician`).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    pub(crate) fn from_index(i: u8) -> Kind {
        Kind::ALL[(i & 3) as usize]
    }
}

/// Kind code of the magician in a pawn code.
pub(crate) const MAGICIAN: u8 = 3;

/// The pawn code of a colour and kind (a neutral pawn: kind code 0).
#[inline]
pub(crate) const fn pawn(colour: u8, kind: u8) -> u8 {
    (colour << 2) | kind
}

#[inline]
pub(crate) const fn colour_of(p: u8) -> u8 {
    p >> 2
}

#[inline]
pub(crate) const fn kind_of(p: u8) -> u8 {
    p & 3
}

/// How many pawns of each kind code a playing colour has.
pub(crate) const FULL_SET: [u8; 4] = [2, 2, 1, 1];
