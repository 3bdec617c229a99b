//! Flowers stacked on one track space (R5's variant `butterfly_drop = skip_frogs_only`,
//! ruling R17). The state's per-colour masks say which spaces hold at least one flower of a
//! colour; [`Stacks`] holds the flowers beyond that first one, as a short sorted list. Under
//! the default R5 a space holds one flower at most, the list stays empty and the default game
//! pays only for testing that it is.
//!
//! Only yellow, pink and white can stack: the game has one black and one blue flower. So at
//! most 3 × 4 = [`STACK_CAPACITY`] flowers are ever stacked (the position reader refuses more
//! flowers of a colour than the game has before they would be stacked).

use crate::flower::{Flower, Flowers};

/// The most flowers stacked beyond the first of their colour on a space: 4 of each of the
/// three colours that have 5 flowers.
pub(crate) const STACK_CAPACITY: usize = 12;

/// The flowers lying on track spaces beyond the first of their colour there. Entries are
/// `space << 3 | colour`, sorted, so that equal states hold equal lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Stacks {
    len: u8,
    items: [u16; STACK_CAPACITY],
}

#[inline]
fn item(space: u8, flower: Flower) -> u16 {
    (space as u16) << 3 | flower.index() as u16
}

impl Stacks {
    /// Whether no flower is stacked (always, under the default R5).
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The stacked flowers as (space, colour), sorted by space then colour, one entry per
    /// flower.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u8, Flower)> + '_ {
        self.items[..self.len as usize].iter().map(|&i| {
            let f = Flower::from_index((i & 7) as usize).expect("a stacked colour");
            ((i >> 3) as u8, f)
        })
    }

    /// Stacks one more flower of colour `flower` on `space` (which already holds one of that
    /// colour). The caller keeps the flower totals, so the list cannot overflow.
    pub(crate) fn push(&mut self, space: u8, flower: Flower) {
        let len = self.len as usize;
        debug_assert!(
            len < STACK_CAPACITY,
            "more flowers stacked than the game has"
        );
        if len == STACK_CAPACITY {
            return;
        }
        let new = item(space, flower);
        let at = self.items[..len].partition_point(|&i| i <= new);
        self.items.copy_within(at..len, at + 1);
        self.items[at] = new;
        self.len += 1;
    }

    /// Removes every flower stacked on `space` and adds them to `into`.
    pub(crate) fn take_all(&mut self, space: u8, into: &mut Flowers) {
        let mut kept = 0;
        for k in 0..self.len as usize {
            let i = self.items[k];
            if (i >> 3) as u8 == space {
                into.0[(i & 7) as usize] += 1;
            } else {
                self.items[kept] = i;
                kept += 1;
            }
        }
        self.items[kept..].fill(0);
        self.len = kept as u8;
    }

    /// The flowers stacked on `space`, by colour.
    pub(crate) fn on(&self, space: u8) -> Flowers {
        let mut f = Flowers::default();
        for (s, c) in self.iter() {
            if s == space {
                f.add(c);
            }
        }
        f
    }

    /// The stacked flowers, by colour.
    pub(crate) fn by_colour(&self) -> Flowers {
        let mut f = Flowers::default();
        for (_, c) in self.iter() {
            f.add(c);
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_stay_sorted_and_are_taken_by_space() {
        let mut s = Stacks::default();
        s.push(18, Flower::White);
        s.push(5, Flower::Yellow);
        s.push(18, Flower::Yellow);
        s.push(18, Flower::White);
        let list: Vec<(u8, Flower)> = s.iter().collect();
        assert_eq!(
            list,
            [
                (5, Flower::Yellow),
                (18, Flower::Yellow),
                (18, Flower::White),
                (18, Flower::White)
            ]
        );
        assert_eq!(s.on(18).to_letters(), "yww");
        assert_eq!(s.by_colour().to_letters(), "yyww");
        let mut hand = Flowers::default();
        s.take_all(18, &mut hand);
        assert_eq!(hand.to_letters(), "yww");
        assert_eq!(s.iter().collect::<Vec<_>>(), [(5, Flower::Yellow)]);
        let mut other = Stacks::default();
        other.push(5, Flower::Yellow);
        assert_eq!(
            s, other,
            "equal stacks compare equal whatever their history"
        );
    }
}
