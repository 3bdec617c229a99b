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
//!
//! A search on several threads shares a [`SharedTable`]: the same entries and replacement,
//! each entry behind a flag of its own that a thread takes only to copy the entry in or out.
//! A thread that finds the flag taken does not wait: its probe misses and its store is
//! dropped, as when another position had replaced the entry (lazy SMP, see `root.rs`). One
//! thread keeps the plain [`Table`].

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, Ordering};

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
            entries: vec![Entry::empty(); size],
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
        replace(
            &mut self.entries[key as usize & self.mask],
            Entry::new(key, best, score, depth, bound, generation),
        );
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(Entry::forget);
    }
}

impl<A: Copy> Entry<A> {
    fn empty() -> Self {
        Entry {
            key: 0,
            best: None,
            score: 0,
            depth: -1,
            bound: Bound::Exact,
            generation: 0,
        }
    }

    fn new(
        key: u64,
        best: Option<A>,
        score: i32,
        depth: i32,
        bound: Bound,
        generation: u16,
    ) -> Self {
        Entry {
            key,
            best,
            score,
            depth: depth.clamp(0, i16::MAX as i32) as i16,
            bound,
            generation,
        }
    }

    fn forget(&mut self) {
        self.depth = -1;
        self.best = None;
    }
}

/// The replacement rule: `new` replaces an entry of another position, of an earlier
/// generation, or of the same position searched no deeper; it keeps the old best action
/// of its position when it has none.
#[inline]
fn replace<A: Copy>(e: &mut Entry<A>, new: Entry<A>) {
    if e.key != new.key || e.generation != new.generation || new.depth >= e.depth {
        let best = new.best.or(if e.key == new.key { e.best } else { None });
        *e = Entry { best, ..new };
    }
}

/// One entry of a [`SharedTable`] and the flag of the thread using it.
#[repr(align(32))]
struct Slot<A> {
    entry: UnsafeCell<Entry<A>>,
    busy: AtomicBool,
}

/// A [`Table`] that several threads search with at once.
pub(crate) struct SharedTable<A> {
    slots: Vec<Slot<A>>,
    mask: usize,
    generation: u16,
}

// SAFETY: a slot's entry is read or written only by the thread that set its `busy` flag
// (`SharedTable::with_slot`), which the flag's acquire and release order with every other
// thread's use of it; the entries themselves are plain data of `Send` parts.
unsafe impl<A: Send> Sync for SharedTable<A> {}

impl<A: Copy> SharedTable<A> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u8) -> Self {
        let size = 1usize << bits.min(30);
        SharedTable {
            slots: (0..size)
                .map(|_| Slot {
                    entry: UnsafeCell::new(Entry::empty()),
                    busy: AtomicBool::new(false),
                })
                .collect(),
            mask: size - 1,
            generation: 0,
        }
    }

    /// Starts a new generation: older scores are no longer trusted.
    pub fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// `f` of the entry of `key`'s slot, or `None` while another thread uses that slot.
    #[inline]
    fn with_slot<R>(&self, key: u64, f: impl FnOnce(&mut Entry<A>) -> R) -> Option<R> {
        let slot = &self.slots[key as usize & self.mask];
        slot.busy
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .ok()?;
        // SAFETY: this thread set the flag, so no other thread uses the entry until it is
        // cleared below (`f` is plain code on a copyable entry and does not reach the table).
        let r = f(unsafe { &mut *slot.entry.get() });
        slot.busy.store(false, Ordering::Release);
        Some(r)
    }

    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            slot.entry.get_mut().forget();
        }
    }
}

/// What the search needs of a table, one thread's or a shared one.
pub(crate) trait Transpositions<A> {
    /// The entry of `key`, if the table holds it.
    fn probe(&self, key: u64) -> Option<Entry<A>>;
    /// Whether `e`'s score was stored in the current generation.
    fn is_current(&self, e: &Entry<A>) -> bool;
    /// Stores a search's result for `key` (see [`replace`]).
    fn store(&mut self, key: u64, best: Option<A>, score: i32, depth: i32, bound: Bound);
}

impl<A: Copy> Transpositions<A> for &mut Table<A> {
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry<A>> {
        Table::probe(self, key).copied()
    }
    #[inline]
    fn is_current(&self, e: &Entry<A>) -> bool {
        Table::is_current(self, e)
    }
    #[inline]
    fn store(&mut self, key: u64, best: Option<A>, score: i32, depth: i32, bound: Bound) {
        Table::store(self, key, best, score, depth, bound)
    }
}

impl<A: Copy> Transpositions<A> for &SharedTable<A> {
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry<A>> {
        let e = self.with_slot(key, |e| *e)?;
        (e.depth >= 0 && e.key == key).then_some(e)
    }
    #[inline]
    fn is_current(&self, e: &Entry<A>) -> bool {
        e.generation == self.generation
    }
    #[inline]
    fn store(&mut self, key: u64, best: Option<A>, score: i32, depth: i32, bound: Bound) {
        let new = Entry::new(key, best, score, depth, bound, self.generation);
        self.with_slot(key, |e| replace(e, new));
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

    /// The shared table keeps and replaces entries as the plain one does; a slot another
    /// thread is using misses and drops a store, and is whole again once freed.
    #[test]
    fn shared_table_replaces_alike_and_passes_over_a_busy_slot() {
        let mut plain: Table<u8> = Table::new(4);
        let mut shared: SharedTable<u8> = SharedTable::new(4);
        let writes = [
            (5, Some(3), 10, 2, Bound::Exact),
            (5, Some(1), 99, 1, Bound::Lower),
            (21, None, 4, 3, Bound::Upper),
            (21, Some(2), 6, 3, Bound::Lower),
            (7, Some(9), -8, 1, Bound::Exact),
        ];
        for (i, &(key, best, score, depth, bound)) in writes.iter().enumerate() {
            if i == 3 {
                plain.new_generation();
                shared.new_generation();
            }
            plain.store(key, best, score, depth, bound);
            (&shared).store(key, best, score, depth, bound);
            for k in [5, 7, 21] {
                let (p, s) = (plain.probe(k).copied(), (&shared).probe(k));
                assert_eq!(
                    p.map(|e| (e.key, e.best, e.score, e.depth)),
                    s.map(|e| (e.key, e.best, e.score, e.depth))
                );
                assert_eq!(p.map(|e| e.bound), s.map(|e| e.bound));
                assert_eq!(
                    p.map(|e| plain.is_current(&e)),
                    s.map(|e| (&shared).is_current(&e))
                );
            }
        }
        let busy = &shared.slots[7 & shared.mask].busy;
        busy.store(true, Ordering::Relaxed);
        assert!((&shared).probe(7).is_none(), "a busy slot misses");
        (&shared).store(7, Some(1), 50, 9, Bound::Exact);
        busy.store(false, Ordering::Relaxed);
        let e = (&shared)
            .probe(7)
            .expect("the entry is back once the slot is free");
        assert_eq!(
            (e.best, e.score, e.depth),
            (Some(9), -8, 1),
            "the store was dropped"
        );
        shared.clear();
        assert!((&shared).probe(7).is_none());
    }
}
