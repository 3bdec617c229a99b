//! The exact swap solver: can an arrangement become a card with exactly `k` swaps, never
//! swapping the same pair of places twice in a row (seed rule 4), and how.
//!
//! Only the relative permutation between the arrangement and the card matters (relabel the
//! elements so that the card reads 0 1 2 3 4 5), so one table answers every query:
//! `REACH[r][rho]` has bit `l` set when the relative permutation `rho` can become the
//! identity with exactly `r` swaps, the first of which differs from pair `l` (bit 15: no
//! previous pair). It is built once by dynamic programming over (permutation, last pair)
//! states — 18 × 720 × 16 entries — and a sequence is recovered greedily from it, taking the
//! smallest pair (in the order 12, 13, …, 56) that keeps the target reachable: the result is
//! the lexicographically smallest valid sequence. Tests check the table against exhaustive
//! enumeration of swap sequences.

use crate::arrangement::{ARRANGEMENTS, Arrangement, PAIRS, Pair, tables};
use crate::cards::Hand;
use std::fmt;
use std::sync::LazyLock;

/// The most swaps an attempt can announce: two swap cards of value 9 and 8.
pub const MAX_K: usize = 17;

const NO_LAST: u32 = PAIRS as u32;

static REACH: LazyLock<Box<[[u16; ARRANGEMENTS]; MAX_K + 1]>> = LazyLock::new(|| {
    let t = tables();
    let mut reach = Box::new([[0u16; ARRANGEMENTS]; MAX_K + 1]);
    reach[0][0] = u16::MAX;
    for r in 1..=MAX_K {
        for rho in 0..ARRANGEMENTS {
            // `good`: the pairs s whose swap leads to a state that finishes in r-1 swaps
            // with s as the previous pair.
            let mut good = 0u16;
            for s in 0..PAIRS {
                let next = t.swap[rho][s] as usize;
                if reach[r - 1][next] & (1 << s) != 0 {
                    good |= 1 << s;
                }
            }
            let mut mask = 0u16;
            for last in 0..=PAIRS {
                if good & !(1u16 << last) != 0 {
                    mask |= 1 << last;
                }
            }
            reach[r][rho] = mask;
        }
    }
    reach
});

fn last_bit(last: Option<Pair>) -> u32 {
    last.map_or(NO_LAST, |p| p.index() as u32)
}

/// The fewest swaps turning `from` into `to`, ignoring rule 4: 6 minus the number of cycles
/// of the relative permutation (each swap changes the cycle count by one).
pub fn swap_distance(from: Arrangement, to: Arrangement) -> u8 {
    let rho = from.relative_to(to).elements();
    let mut seen = [false; 6];
    let mut cycles = 0;
    for start in 0..6 {
        if seen[start] {
            continue;
        }
        cycles += 1;
        let mut i = start;
        while !seen[i] {
            seen[i] = true;
            i = rho[i] as usize;
        }
    }
    6 - cycles
}

/// The closed form stated in the rules file: with `k` swaps under rule 4 an arrangement at
/// swap distance `d` is reachable iff `k ≥ d` and `k − d` is even, except `d = 0, k = 2`.
/// The solver does not use it; tests check it against the exact table.
pub fn formula_reachable(d: u8, k: u8) -> bool {
    k >= d && (k - d).is_multiple_of(2) && !(d == 0 && k == 2)
}

/// Exactly: can `from` become `to` with exactly `k` swaps, no pair twice in a row, the first
/// swap differing from `last` (the previous swap of the attempt, if any)?
pub fn reachable(from: Arrangement, to: Arrangement, k: usize, last: Option<Pair>) -> bool {
    if k > MAX_K {
        return false;
    }
    let rho = from.relative_to(to).index() as usize;
    REACH[k][rho] & (1 << last_bit(last)) != 0
}

/// A sequence of swaps (at most [`MAX_K`]), written `25,34,…` (empty: `-`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Swaps {
    len: u8,
    pairs: [Pair; MAX_K],
}

impl Swaps {
    /// The sequence of these swaps; `None` if longer than [`MAX_K`].
    pub fn from_slice(pairs: &[Pair]) -> Option<Swaps> {
        if pairs.len() > MAX_K {
            return None;
        }
        let mut out = Swaps {
            len: pairs.len() as u8,
            pairs: [Pair::P12; MAX_K],
        };
        out.pairs[..pairs.len()].copy_from_slice(pairs);
        Some(out)
    }

    /// Whether these swaps obey rule 4 (no pair twice in a row), the first differing from
    /// `last`.
    pub fn obeys_rule_4(&self, last: Option<Pair>) -> bool {
        let mut prev = last;
        self.as_slice().iter().all(|&p| {
            let ok = prev != Some(p);
            prev = Some(p);
            ok
        })
    }

    /// The swaps, in order.
    pub fn as_slice(&self) -> &[Pair] {
        &self.pairs[..self.len as usize]
    }

    /// The number of swaps.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Applies the swaps to `arrangement`.
    pub fn apply_to(&self, mut arrangement: Arrangement) -> Arrangement {
        for &p in self.as_slice() {
            arrangement.swap(p);
        }
        arrangement
    }
}

impl fmt::Display for Swaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, p) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Swaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Swaps({self})")
    }
}

/// One valid sequence of exactly `k` swaps from `from` to `to` (the smallest in pair order),
/// its first swap differing from `last`; `None` if there is none.
pub fn swap_sequence(
    from: Arrangement,
    to: Arrangement,
    k: usize,
    last: Option<Pair>,
) -> Option<Swaps> {
    if !reachable(from, to, k, last) {
        return None;
    }
    let t = tables();
    let reach = &*REACH;
    let mut rho = from.relative_to(to).index() as usize;
    let mut prev = last_bit(last);
    let mut out = Swaps {
        len: k as u8,
        pairs: [Pair::P12; MAX_K],
    };
    for step in 0..k {
        let left = k - step - 1;
        let s = (0..PAIRS)
            .find(|&s| s as u32 != prev && reach[left][t.swap[rho][s] as usize] & (1 << s) != 0)?;
        out.pairs[step] = Pair::from_index(s)?;
        rho = t.swap[rho][s] as usize;
        prev = s as u32;
    }
    Some(out)
}

/// One way to win a card: play these swap cards, then make these swaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Win {
    /// The card reached.
    pub card: Arrangement,
    /// The swap cards to play (1 or 2 values); `k` is their sum.
    pub play: Hand,
    /// A valid sequence of exactly `k` swaps ending on `card`.
    pub swaps: Swaps,
}

impl Win {
    /// The CLI line: `card=<arrangement> play=<values ascending> swaps=<p><q>,…`.
    pub fn line(&self) -> String {
        format!("card={} play={} swaps={}", self.card, self.play, self.swaps)
    }
}

/// Every way to win from `arrangement`: for each card and each play of 1 or 2 swap cards
/// from `hand`, a valid sequence of exactly `k` swaps, when one exists. In the order of
/// `cards`, then of [`Hand::plays`].
pub fn winning_plays(arrangement: Arrangement, cards: &[Arrangement], hand: Hand) -> Vec<Win> {
    let mut out = Vec::new();
    for &card in cards {
        for play in hand.plays() {
            if let Some(swaps) = swap_sequence(arrangement, card, play.sum() as usize, None) {
                out.push(Win { card, play, swaps });
            }
        }
    }
    out
}

/// The lines `tabula solve` prints: one per winning (card, play), sorted as text, e.g.
/// `card=FWEALD play=12 swaps=12,13,23`. Empty when no card can be won.
pub fn solve_lines(arrangement: Arrangement, cards: &[Arrangement], hand: Hand) -> Vec<String> {
    let mut lines: Vec<String> = winning_plays(arrangement, cards, hand)
        .iter()
        .map(Win::line)
        .collect();
    lines.sort();
    lines
}
