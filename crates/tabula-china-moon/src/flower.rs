//! Lotus flowers: the five colours, their letters in the notation, the 17 flowers of the game,
//! a player's hand and its score (yellow, pink and white score 1, 2, 3… per flower of a
//! colour; blue +4; black −2).

use serde::Serialize;
use std::fmt;

/// A flower colour. The order is the notation's order in hands: `y p w k u`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Flower {
    /// Yellow, `y` (5 in the game).
    Yellow = 0,
    /// Pink, `p` (5).
    Pink = 1,
    /// White, `w` (5).
    White = 2,
    /// Black, `k` (1, on the black lotus at setup).
    Black = 3,
    /// Blue, `u` (1, on goal spot 4).
    Blue = 4,
}

impl Flower {
    /// Every colour, in the notation's order.
    pub const ALL: [Flower; 5] = [
        Flower::Yellow,
        Flower::Pink,
        Flower::White,
        Flower::Black,
        Flower::Blue,
    ];

    /// The three colours of the goal spots 1–3 and of the lotus spaces.
    pub const COMMON: [Flower; 3] = [Flower::Yellow, Flower::Pink, Flower::White];

    /// How many flowers of this colour the game holds (5, 5, 5, 1, 1).
    pub const fn total(self) -> u8 {
        match self {
            Flower::Yellow | Flower::Pink | Flower::White => 5,
            Flower::Black | Flower::Blue => 1,
        }
    }

    /// 0 (yellow) to 4 (blue), as in [`Flower::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour with this index (0..5).
    pub fn from_index(i: usize) -> Option<Flower> {
        Flower::ALL.get(i).copied()
    }

    /// The notation letter: `y`, `p`, `w`, `k` (black), `u` (blue).
    pub const fn letter(self) -> char {
        match self {
            Flower::Yellow => 'y',
            Flower::Pink => 'p',
            Flower::White => 'w',
            Flower::Black => 'k',
            Flower::Blue => 'u',
        }
    }

    /// The flower of a notation letter (`y`, `p`, `w`, `k`, `u`); `None` otherwise.
    pub fn from_letter(c: char) -> Option<Flower> {
        Flower::ALL.into_iter().find(|f| f.letter() == c)
    }

    /// The lowercase English name (`yellow`).
    pub const fn name(self) -> &'static str {
        match self {
            Flower::Yellow => "yellow",
            Flower::Pink => "pink",
            Flower::White => "white",
            Flower::Black => "black",
            Flower::Blue => "blue",
        }
    }
}

impl fmt::Display for Flower {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Flowers counted by colour (a hand, the flowers out of the game, …), indexed by
/// [`Flower::index`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flowers(pub [u8; 5]);

impl Flowers {
    /// How many flowers of colour `f`.
    #[inline]
    pub fn count(&self, f: Flower) -> u8 {
        self.0[f.index()]
    }

    /// Adds one flower of colour `f`.
    #[inline]
    pub fn add(&mut self, f: Flower) {
        self.0[f.index()] += 1;
    }

    /// Removes one flower of colour `f`; the caller has checked there is one.
    #[inline]
    pub fn remove(&mut self, f: Flower) {
        debug_assert!(self.0[f.index()] > 0, "no {f} flower to remove");
        self.0[f.index()] -= 1;
    }

    /// The number of flowers, all colours.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// The colours held at least once, in notation order.
    pub fn colours(&self) -> impl Iterator<Item = Flower> + '_ {
        Flower::ALL.into_iter().filter(|f| self.count(*f) > 0)
    }

    /// How many different colours are held.
    pub fn colour_count(&self) -> usize {
        self.0.iter().filter(|&&n| n > 0).count()
    }

    /// The score of these flowers as a hand: n(n+1)/2 per common colour, blue +4, black −2.
    pub fn score(&self) -> i32 {
        let triangle = |n: u8| (n as i32) * (n as i32 + 1) / 2;
        Flower::COMMON
            .iter()
            .map(|&f| triangle(self.count(f)))
            .sum::<i32>()
            + 4 * self.count(Flower::Blue) as i32
            - 2 * self.count(Flower::Black) as i32
    }

    /// The letters in notation order (`yyp`), or `-` when empty.
    pub fn to_letters(&self) -> String {
        if self.is_empty() {
            return "-".to_string();
        }
        let mut s = String::new();
        for f in Flower::ALL {
            for _ in 0..self.count(f) {
                s.push(f.letter());
            }
        }
        s
    }

    /// Reads letters (any order) or `-`; the error names the bad character.
    pub fn from_letters(text: &str) -> Result<Flowers, String> {
        let mut flowers = Flowers::default();
        if text == "-" {
            return Ok(flowers);
        }
        if text.is_empty() {
            return Err("empty (write `-` for no flower)".into());
        }
        for c in text.chars() {
            let f = Flower::from_letter(c)
                .ok_or_else(|| format!("`{c}` is not a flower (y, p, w, k, u)"))?;
            if flowers.count(f) >= f.total() {
                return Err(format!("more than {} {} flowers", f.total(), f.name()));
            }
            flowers.add(f);
        }
        Ok(flowers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_scores_follow_the_scoring_table() {
        let hand = Flowers::from_letters("yyypwwwwwu").unwrap();
        assert_eq!(hand.score(), 6 + 1 + 15 + 4);
        assert_eq!(Flowers::from_letters("k").unwrap().score(), -2);
        assert_eq!(Flowers::from_letters("yyyy").unwrap().score(), 10);
    }

    #[test]
    fn letters_round_trip_and_refuse_bad_input() {
        let hand = Flowers::from_letters("uwpyk").unwrap();
        assert_eq!(hand.to_letters(), "ypwku");
        assert!(Flowers::from_letters("q").unwrap_err().contains("`q`"));
        assert!(Flowers::from_letters("kk").unwrap_err().contains("black"));
        assert_eq!(Flowers::from_letters("-").unwrap(), Flowers::default());
    }
}
