//! The circle (D1) and its six element tokens (D2): arrangements, pairs of places, and the
//! permutation tables shared by the game and the solver.
//!
//! An [`Arrangement`] is the word of 6 letters read clockwise from the Magical Lady, e.g.
//! `FWEALD`. Elements are ordered F < W < E < A < L < D (D3's order), so that the derived
//! ordering of arrangements and [`Arrangement::index`] follow the lexicographic order of the
//! permutations of `FWEALD` (index 0 is `FWEALD`, index 719 is `DLAEWF`).

use std::fmt;
use std::sync::LazyLock;

/// Places on the circle (D1) and element tokens (D2).
pub const PLACES: usize = 6;
/// The number of arrangements of the six tokens (6!).
pub const ARRANGEMENTS: usize = 720;
/// The element letters in D3's order: Fire, Water, Earth, Air, Light, Dark.
pub const LETTERS: [char; PLACES] = ['F', 'W', 'E', 'A', 'L', 'D'];
/// The element names, in the order of [`LETTERS`].
pub const ELEMENT_NAMES: [&str; PLACES] = ["Fire", "Water", "Earth", "Air", "Light", "Dark"];
/// The number of pairs of places (6 choose 2).
pub const PAIRS: usize = 15;

const FACTORIAL: [u16; PLACES] = [120, 24, 6, 2, 1, 1];

/// The six tokens around the circle: the element (0 = `F` … 5 = `D`) at places 1–6.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Arrangement([u8; PLACES]);

impl Arrangement {
    /// `FWEALD`, index 0.
    pub const FIRST: Arrangement = Arrangement([0, 1, 2, 3, 4, 5]);

    /// The arrangement with this index in the lexicographic order (0..720).
    pub fn from_index(index: u16) -> Option<Arrangement> {
        tables().perms.get(index as usize).map(|&p| Arrangement(p))
    }

    /// Its index in the lexicographic order of the permutations of `FWEALD` (Lehmer code).
    pub fn index(self) -> u16 {
        let p = self.0;
        let mut index = 0;
        for i in 0..PLACES {
            let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count() as u16;
            index += smaller * FACTORIAL[i];
        }
        index
    }

    /// The elements at places 1–6 (0 = `F` … 5 = `D`).
    pub fn elements(self) -> [u8; PLACES] {
        self.0
    }

    /// From the elements at places 1–6; `None` unless they are a permutation of 0..6.
    pub fn from_elements(elements: [u8; PLACES]) -> Option<Arrangement> {
        let mut seen = 0u8;
        for &e in &elements {
            if e as usize >= PLACES || seen & (1 << e) != 0 {
                return None;
            }
            seen |= 1 << e;
        }
        Some(Arrangement(elements))
    }

    /// The letter of the token at `place` (1–6).
    pub fn letter_at(self, place: usize) -> char {
        LETTERS[self.0[place - 1] as usize]
    }

    /// Exchanges the tokens on the two places of `pair`.
    #[inline]
    pub fn swap(&mut self, pair: Pair) {
        let (a, b) = pair.zero_based();
        self.0.swap(a as usize, b as usize);
    }

    /// This arrangement with the tokens of `pair` exchanged.
    #[inline]
    pub fn swapped(mut self, pair: Pair) -> Arrangement {
        self.swap(pair);
        self
    }

    /// Reads 6 element letters (case-insensitive), each once; the error says what is wrong.
    pub fn parse(text: &str) -> Result<Arrangement, String> {
        let letters: Vec<char> = text.chars().collect();
        if letters.len() != PLACES {
            return Err(format!(
                "`{text}` has {} letters; an arrangement has 6, one of each of F W E A L D",
                letters.len()
            ));
        }
        let mut elements = [0u8; PLACES];
        let mut seen = [false; PLACES];
        for (i, c) in letters.iter().enumerate() {
            let upper = c.to_ascii_uppercase();
            let Some(e) = LETTERS.iter().position(|&l| l == upper) else {
                return Err(format!(
                    "`{text}`: `{c}` at place {} is not an element (F W E A L D)",
                    i + 1
                ));
            };
            if seen[e] {
                return Err(format!("`{text}`: element {upper} appears twice"));
            }
            seen[e] = true;
            elements[i] = e as u8;
        }
        Ok(Arrangement(elements))
    }

    /// The relative permutation `rho` used by the solver: `rho[i]` is the place (0-based) in
    /// `target` of the element at place `i` of `self`. Swapping places of `self` swaps the
    /// same entries of `rho`, and `self == target` iff `rho` is the identity.
    pub(crate) fn relative_to(self, target: Arrangement) -> Arrangement {
        let mut inverse = [0u8; PLACES];
        for (place, &e) in target.0.iter().enumerate() {
            inverse[e as usize] = place as u8;
        }
        let mut rho = [0u8; PLACES];
        for (place, &e) in self.0.iter().enumerate() {
            rho[place] = inverse[e as usize];
        }
        Arrangement(rho)
    }
}

impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &e in &self.0 {
            write!(f, "{}", LETTERS[e as usize])?;
        }
        Ok(())
    }
}

impl fmt::Debug for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Arrangement {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Arrangement::parse(s)
    }
}

/// An unordered pair of distinct places, the object of one swap. Written `<p><q>` with the
/// places 1–6 and `p < q`, e.g. `25`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair(u8);

const PAIR_PLACES: [(u8, u8); PAIRS] = {
    let mut out = [(0, 0); PAIRS];
    let mut n = 0;
    let mut a = 0;
    while a < PLACES as u8 {
        let mut b = a + 1;
        while b < PLACES as u8 {
            out[n] = (a, b);
            n += 1;
            b += 1;
        }
        a += 1;
    }
    out
};

impl Pair {
    /// The pair of places 1 and 2.
    pub const P12: Pair = Pair(0);

    /// The 15 pairs in order: 12, 13, …, 16, 23, …, 56.
    pub fn all() -> impl Iterator<Item = Pair> {
        (0..PAIRS as u8).map(Pair)
    }

    /// The pair of places `a` and `b` (1–6, either order); `None` if equal or out of range.
    pub fn from_places(a: u8, b: u8) -> Option<Pair> {
        let (lo, hi) = (a.min(b), a.max(b));
        if lo == hi || lo < 1 || hi as usize > PLACES {
            return None;
        }
        PAIR_PLACES
            .iter()
            .position(|&(x, y)| x == lo - 1 && y == hi - 1)
            .map(|i| Pair(i as u8))
    }

    /// The pair with this index (0..15) in the order of [`Pair::all`].
    pub fn from_index(index: usize) -> Option<Pair> {
        (index < PAIRS).then_some(Pair(index as u8))
    }

    /// The pair's index (0..15) in the order of [`Pair::all`].
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The places (1–6), smaller first.
    pub fn places(self) -> (u8, u8) {
        let (a, b) = PAIR_PLACES[self.0 as usize];
        (a + 1, b + 1)
    }

    #[inline]
    pub(crate) fn zero_based(self) -> (u8, u8) {
        PAIR_PLACES[self.0 as usize]
    }

    /// Reads `<p><q>`: two different places 1–6 in either order (`52` is the pair `25`).
    pub fn parse(text: &str) -> Result<Pair, String> {
        let digits: Vec<u32> = text.chars().filter_map(|c| c.to_digit(10)).collect();
        if digits.len() != 2 || text.chars().count() != 2 {
            return Err(format!("`{text}` is not two places, e.g. `25`"));
        }
        let (a, b) = (digits[0] as u8, digits[1] as u8);
        for p in [a, b] {
            if !(1..=PLACES as u8).contains(&p) {
                return Err(format!("`{text}`: place {p} is not on the circle (1–6)"));
            }
        }
        Pair::from_places(a, b)
            .ok_or_else(|| format!("`{text}`: a swap needs two different places"))
    }
}

impl fmt::Display for Pair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.places();
        write!(f, "{a}{b}")
    }
}

impl fmt::Debug for Pair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pair({self})")
    }
}

/// Permutation tables, built once.
pub(crate) struct Tables {
    /// The arrangements in index order.
    pub perms: [[u8; PLACES]; ARRANGEMENTS],
    /// `swap[i][pair]`: the index of arrangement `i` after swapping `pair`.
    pub swap: [[u16; PAIRS]; ARRANGEMENTS],
}

static TABLES: LazyLock<Box<Tables>> = LazyLock::new(|| {
    let mut perms = [[0u8; PLACES]; ARRANGEMENTS];
    let mut current = [0u8, 1, 2, 3, 4, 5];
    for slot in perms.iter_mut() {
        *slot = current;
        next_permutation(&mut current);
    }
    let mut swap = [[0u16; PAIRS]; ARRANGEMENTS];
    for (i, row) in swap.iter_mut().enumerate() {
        for (pair, cell) in row.iter_mut().enumerate() {
            let a = Arrangement(perms[i]).swapped(Pair(pair as u8));
            *cell = a.index();
        }
    }
    Box::new(Tables { perms, swap })
});

pub(crate) fn tables() -> &'static Tables {
    &TABLES
}

fn next_permutation(p: &mut [u8; PLACES]) {
    let Some(i) = (0..PLACES - 1).rev().find(|&i| p[i] < p[i + 1]) else {
        return;
    };
    let j = (i + 1..PLACES)
        .rev()
        .find(|&j| p[j] > p[i])
        .unwrap_or(i + 1);
    p.swap(i, j);
    p[i + 1..].reverse();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips_and_follows_the_letter_order() {
        for i in 0..ARRANGEMENTS as u16 {
            assert_eq!(Arrangement::from_index(i).unwrap().index(), i);
        }
        assert_eq!(Arrangement::from_index(0).unwrap().to_string(), "FWEALD");
        assert_eq!(Arrangement::from_index(1).unwrap().to_string(), "FWEADL");
        assert_eq!(Arrangement::from_index(719).unwrap().to_string(), "DLAEWF");
        assert!(Arrangement::from_index(720).is_none());
    }

    #[test]
    fn pairs_read_in_either_order() {
        assert_eq!(Pair::parse("25").unwrap(), Pair::parse("52").unwrap());
        assert_eq!(Pair::parse("52").unwrap().to_string(), "25");
        assert!(Pair::parse("22").is_err());
        assert!(Pair::parse("27").is_err());
        assert!(Pair::parse("2").is_err());
        assert_eq!(Pair::all().count(), 15);
    }
}
