//! Cards: swap-card values held as a [`Hand`] (D4), magic cards as [`Card`] numbers in the
//! [`Deck`] (D3), and the bit set of magic cards the state keeps its piles in.

use crate::arrangement::{ARRANGEMENTS, Arrangement};
use std::fmt;

/// The largest swap-card value (values are single digits so that hands read as `1234`).
pub const MAX_VALUE: u8 = 9;

/// A set of swap-card values 1–9: a hand, the cards played in an attempt, the face-up cards.
/// Written as its values ascending (`1234`), or `-` when empty.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hand(u16);

impl Hand {
    /// The empty set.
    pub const EMPTY: Hand = Hand(0);

    /// The set of these values; `None` if one is outside 1–9 or repeated.
    pub fn from_values(values: &[u8]) -> Option<Hand> {
        let mut hand = Hand::EMPTY;
        for &v in values {
            if !(1..=MAX_VALUE).contains(&v) || hand.contains(v) {
                return None;
            }
            hand.0 |= 1 << v;
        }
        Some(hand)
    }

    /// Whether the set holds `value` (false for any value outside 1–9).
    #[inline]
    pub fn contains(self, value: u8) -> bool {
        value <= MAX_VALUE && self.0 & (1 << value) != 0
    }

    /// The number of values.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The values, ascending.
    pub fn values(self) -> impl Iterator<Item = u8> {
        (1..=MAX_VALUE).filter(move |&v| self.0 & (1 << v) != 0)
    }

    /// The sum of the values: the number of swaps a play announces.
    pub fn sum(self) -> u8 {
        self.values().sum()
    }

    /// Whether every value of `self` is in `other`.
    #[inline]
    pub fn is_subset_of(self, other: Hand) -> bool {
        self.0 & !other.0 == 0
    }

    /// The values in either set.
    #[inline]
    pub fn union(self, other: Hand) -> Hand {
        Hand(self.0 | other.0)
    }

    /// The values of `self` not in `other`.
    #[inline]
    pub fn minus(self, other: Hand) -> Hand {
        Hand(self.0 & !other.0)
    }

    /// Whether the sets share a value.
    #[inline]
    pub fn intersects(self, other: Hand) -> bool {
        self.0 & other.0 != 0
    }

    /// The raw mask (bit `v` for value `v`).
    pub fn bits(self) -> u16 {
        self.0
    }

    /// The plays a hand allows: every set of 1 or 2 of its values, singles first, each
    /// group ascending.
    pub fn plays(self) -> impl Iterator<Item = Hand> {
        let singles = self.values().map(|v| Hand(1 << v));
        let pairs = self.values().flat_map(move |a| {
            self.values()
                .filter(move |&b| b > a)
                .map(move |b| Hand((1 << a) | (1 << b)))
        });
        singles.chain(pairs)
    }

    /// Reads values as digits (`1234`, any order, each once) or `-` for none.
    pub fn parse(text: &str) -> Result<Hand, String> {
        if text == "-" {
            return Ok(Hand::EMPTY);
        }
        if text.is_empty() {
            return Err("empty: write the values as digits, e.g. `1234`, or `-` for none".into());
        }
        let mut hand = Hand::EMPTY;
        for c in text.chars() {
            let v = match c.to_digit(10) {
                Some(v @ 1..=9) => v as u8,
                _ => return Err(format!("`{text}`: `{c}` is not a swap-card value 1–9")),
            };
            if hand.contains(v) {
                return Err(format!("`{text}`: value {v} appears twice"));
            }
            hand.0 |= 1 << v;
        }
        Ok(hand)
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for v in self.values() {
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}

/// A magic card: its number in the deck (0-based, in the deck's order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

/// The deck of magic cards (D3): the arrangements with index 0, `step`, 2·`step`, … < 720.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deck {
    step: u16,
    len: u8,
}

/// The most cards a deck may have (the piles are 64-bit sets).
pub const MAX_DECK: usize = 64;

impl Deck {
    /// The deck for this step; `None` if it would hold fewer than 3 or more than 64 cards.
    pub fn new(step: u16) -> Option<Deck> {
        if step == 0 {
            return None;
        }
        let len = ARRANGEMENTS.div_ceil(step as usize);
        (3..=MAX_DECK).contains(&len).then_some(Deck {
            step,
            len: len as u8,
        })
    }

    /// The step between the arrangement indices of successive cards (`deck_step`).
    pub fn step(self) -> u16 {
        self.step
    }

    /// The number of cards, 3 to [`MAX_DECK`].
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the deck has no card (never true of a deck made by [`Deck::new`]).
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// Every card, in deck order.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        (0..self.len).map(Card)
    }

    /// The arrangement a card shows.
    #[inline]
    pub fn arrangement(self, card: Card) -> Arrangement {
        Arrangement::from_index(card.0 as u16 * self.step).unwrap_or(Arrangement::FIRST)
    }

    /// The card showing this arrangement, if the deck has one.
    pub fn card_of(self, arrangement: Arrangement) -> Option<Card> {
        let index = arrangement.index();
        index
            .is_multiple_of(self.step)
            .then(|| Card((index / self.step) as u8))
    }

    /// Every card, as a set.
    pub(crate) fn all(self) -> CardSet {
        CardSet(if self.len as usize == MAX_DECK {
            u64::MAX
        } else {
            (1u64 << self.len) - 1
        })
    }
}

/// A set of magic cards (a pile), as a bit mask over card numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    #[inline]
    pub fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in deck order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let c = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Card(c)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_read_and_write_values_ascending() {
        let h = Hand::parse("4213").unwrap();
        assert_eq!(h.to_string(), "1234");
        assert_eq!(h.sum(), 10);
        assert_eq!(h.plays().count(), 10);
        assert!(Hand::parse("11").is_err());
        assert!(Hand::parse("05").is_err());
        assert_eq!(Hand::parse("-").unwrap(), Hand::EMPTY);
    }

    #[test]
    fn the_default_deck_has_36_cards() {
        let deck = Deck::new(20).unwrap();
        assert_eq!(deck.len(), 36);
        assert_eq!(deck.arrangement(Card(0)).to_string(), "FWEALD");
        assert_eq!(deck.card_of(deck.arrangement(Card(35))), Some(Card(35)));
        assert!(Deck::new(11).is_none());
        assert!(Deck::new(360).is_none());
        assert_eq!(Deck::new(359).unwrap().len(), 3);
    }
}
