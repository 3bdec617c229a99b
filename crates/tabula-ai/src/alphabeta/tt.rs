//! The transposition table of alpha-beta: a fixed power-of-two array indexed by the low bits
//! of the game's search key (its Zobrist hash, mixed with the position history in games with
//! a draw by repetition, so that a score is never reused under another history), each entry
//! holding the full key, the best action found, the score (win scores stored relative to the
//! node, so they stay valid at any ply) and its bound. Replacement: a new entry replaces an entry of another position, of an earlier
//! generation, or of the same position searched less deep.
//!
//! Generations: scores depend on the positions the bot already decided in (repetitions score
//! below a draw, see `search::REPETITION`), which change from one decision to the next; so a
//! new decision starts a new generation, and scores of older generations are not trusted
//! (their best actions still order the moves).

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<A> {
    pub key: u64,
    pub best: Option<A>,
    pub score: i32,
    /// Remaining depth of the search that stored it; -1 for an empty slot.
    pub depth: i16,
    pub bound: Bound,
    pub generation: u16,
}

pub(crate) struct Table<A> {
    entries: Vec<Entry<A>>,
    mask: usize,
    generation: u16,
}

impl<A: Copy> Table<A> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u8) -> Self {
        let size = 1usize << bits.min(30);
        Table {
            entries: vec![
                Entry {
                    key: 0,
                    best: None,
                    score: 0,
                    depth: -1,
                    bound: Bound::Exact,
                    generation: 0,
                };
                size
            ],
            mask: size - 1,
            generation: 0,
        }
    }

    /// Starts a new generation: older scores are no longer trusted.
    pub fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Whether `e`'s score was stored in the current generation.
    #[inline]
    pub fn is_current(&self, e: &Entry<A>) -> bool {
        e.generation == self.generation
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry<A>> {
        let e = &self.entries[key as usize & self.mask];
        (e.depth >= 0 && e.key == key).then_some(e)
    }

    #[inline]
    pub fn store(&mut self, key: u64, best: Option<A>, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let e = &mut self.entries[key as usize & self.mask];
        if e.key != key || e.generation != generation || depth as i16 >= e.depth {
            let best = best.or(if e.key == key { e.best } else { None });
            *e = Entry {
                key,
                best,
                score,
                depth: depth.clamp(0, i16::MAX as i32) as i16,
                bound,
                generation,
            };
        }
    }

    pub fn clear(&mut self) {
        for e in &mut self.entries {
            e.depth = -1;
            e.best = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_full_key() {
        let mut t: Table<u8> = Table::new(4);
        assert!(t.probe(5).is_none());
        t.store(5, Some(3), 10, 2, Bound::Exact);
        let e = t.probe(5).unwrap();
        assert_eq!((e.best, e.score, e.depth), (Some(3), 10, 2));
        // Same slot, other key: not found.
        assert!(t.probe(5 + 16).is_none());
        // A shallower result for the same position does not replace a deeper one.
        t.store(5, Some(1), 99, 1, Bound::Lower);
        assert_eq!(t.probe(5).unwrap().score, 10);
        // A new generation keeps the best action but no longer trusts the score, and a
        // shallower result of the new generation replaces it.
        t.new_generation();
        let e = *t.probe(5).unwrap();
        assert!(!t.is_current(&e));
        t.store(5, None, 7, 1, Bound::Exact);
        let e = t.probe(5).unwrap();
        assert_eq!((e.best, e.score, e.depth), (Some(3), 7, 1));
        assert!(t.is_current(e));
        t.clear();
        assert!(t.probe(5).is_none());
    }
}
