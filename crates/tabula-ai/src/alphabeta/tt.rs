//! The transposition table of alpha-beta: a fixed power-of-two array indexed by the low bits
//! of the game's search key (its Zobrist hash, mixed with the position history in games with
//! a draw by repetition, so that a score is never reused under another history), each entry
//! holding the full key, the best action found, the score (win scores stored relative to the
//! node, so they stay valid at any ply) and its bound. Replacement: a new entry replaces an
//! entry of another position, of an earlier generation, or of the same position searched
//! less deep.
//!
//! Generations: scores depend on the positions the bot already decided in (repetitions score
//! below a draw, see `search::REPETITION`), which change from one decision to the next; so a
//! new decision starts a new generation, and scores of older generations are not trusted
//! (their best actions still order the moves).
//!
//! Exact results are also kept in a small array of their own, which the many bounds of the
//! search's other nodes do not overwrite: the principal variation is read from there.
//!
//! The threads of a search share one table without locks (lazy SMP, see `root.rs`). An entry
//! is two 64-bit words: its data (score, depth, bound, generation and 21 bits of the best
//! action's hash, so an entry is 16 bytes whatever the game's actions) and the key XORed
//! with the data. Threads read and write the words with plain atomic loads and stores. When
//! two threads write the same slot at once, a reader may meet one thread's key word with the
//! other's data: the XOR then gives another key, and the probe misses, as when another
//! position had replaced the entry (lockless hashing after Hyatt and Mann).

use crate::AiError;
use crate::alloc::reserve_exact;
use crate::bounds::MAX_TT_BITS;
use std::sync::atomic::{AtomicU64, Ordering};

/// The size of an entry in memory, in bytes.
pub(crate) const ENTRY_BYTES: usize = size_of::<[AtomicU64; 2]>();

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

/// What the table holds for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The best action's fingerprint (`search::fingerprint`), below [`FINGERPRINTS`].
    pub best: Option<u32>,
    pub score: i32,
    /// Remaining depth of the search that stored it (deeper searches are stored as 127).
    pub depth: u8,
    pub bound: Bound,
    /// The generation, modulo 4096.
    pub generation: u16,
}

/// Bits of the data word: score (two's complement; every search score fits), depth, bound
/// (0 for an empty slot), generation and the best action's fingerprint, from bit 0 up.
const SCORE_BITS: u32 = 22;
const DEPTH_BITS: u32 = 7;
const BOUND_BITS: u32 = 2;
const GENERATION_BITS: u32 = 12;
/// The bits of a best action's fingerprint.
pub(crate) const FINGERPRINT_BITS: u32 =
    64 - SCORE_BITS - DEPTH_BITS - BOUND_BITS - GENERATION_BITS;
/// How many fingerprints there are: `0..FINGERPRINTS` (the all-ones value stands for none).
pub(crate) const FINGERPRINTS: u32 = (1 << FINGERPRINT_BITS) - 1;

const DEPTH_AT: u32 = SCORE_BITS;
const BOUND_AT: u32 = DEPTH_AT + DEPTH_BITS;
const GENERATION_AT: u32 = BOUND_AT + BOUND_BITS;
const FINGERPRINT_AT: u32 = GENERATION_AT + GENERATION_BITS;

/// The `bits` bits of `data` from bit `at`.
#[inline]
fn field(data: u64, at: u32, bits: u32) -> u64 {
    (data >> at) & ((1 << bits) - 1)
}

impl Entry {
    /// The data word.
    fn pack(self) -> u64 {
        debug_assert!(self.score.unsigned_abs() < 1 << (SCORE_BITS - 1));
        debug_assert!(self.depth < 1 << DEPTH_BITS && self.generation < 1 << GENERATION_BITS);
        let bound: u64 = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let best = self.best.unwrap_or(FINGERPRINTS) as u64;
        (self.score as u64 & ((1 << SCORE_BITS) - 1))
            | (self.depth as u64) << DEPTH_AT
            | bound << BOUND_AT
            | (self.generation as u64) << GENERATION_AT
            | best << FINGERPRINT_AT
    }

    /// The entry of a data word; `None` for an empty slot.
    fn unpack(data: u64) -> Option<Self> {
        let bound = match field(data, BOUND_AT, BOUND_BITS) {
            0 => return None,
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let shift = 64 - SCORE_BITS;
        let best = field(data, FINGERPRINT_AT, FINGERPRINT_BITS) as u32;
        Some(Entry {
            best: (best != FINGERPRINTS).then_some(best),
            score: ((data << shift) as i64 >> shift) as i32,
            depth: field(data, DEPTH_AT, DEPTH_BITS) as u8,
            bound,
            generation: field(data, GENERATION_AT, GENERATION_BITS) as u16,
        })
    }
}

/// Slots of entries: `[key ^ data, data]` each.
struct Slots {
    words: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Slots {
    /// `2^bits` empty slots, or the error of an allocation the system refused.
    fn try_new(bits: u8) -> Result<Self, AiError> {
        let size = 1usize << bits.min(MAX_TT_BITS);
        let mut words = Vec::new();
        reserve_exact(&mut words, size, "the transposition table")?;
        words.resize_with(size, Default::default);
        Ok(Slots {
            words,
            mask: size - 1,
        })
    }

    #[inline]
    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.words[key as usize & self.mask]
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        let [check, data] = self.slot(key);
        let data = data.load(Ordering::Relaxed);
        if check.load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        Entry::unpack(data)
    }

    /// Stores `new` for `key` by the replacement rule ([`Table::store`]).
    #[inline]
    fn store(&self, key: u64, mut new: Entry) {
        if let Some(old) = self.probe(key) {
            if old.generation == new.generation && new.depth < old.depth {
                return;
            }
            new.best = new.best.or(old.best);
        }
        let data = new.pack();
        let [check, word] = self.slot(key);
        check.store(key ^ data, Ordering::Relaxed);
        word.store(data, Ordering::Relaxed);
    }

    fn clear(&mut self) {
        for slot in &mut self.words {
            *slot = Default::default();
        }
    }
}

/// The table. Beside its entries, it keeps the exact results alone in a small array of
/// their own, where the many entries of the search's other nodes do not replace them: the
/// principal variation is read from there ([`Table::best`]).
pub(crate) struct Table {
    entries: Slots,
    exact: Slots,
    generation: u16,
}

impl Table {
    /// The exact results' array holds `2^EXACT_BITS` entries (256 KB).
    const EXACT_BITS: u8 = 14;

    /// A table of `2^bits` entries ([`ENTRY_BYTES`] each, `bits` at most
    /// [`MAX_TT_BITS`]), or the error of an allocation the system refused.
    pub fn try_new(bits: u8) -> Result<Self, AiError> {
        Ok(Table {
            entries: Slots::try_new(bits)?,
            exact: Slots::try_new(Self::EXACT_BITS)?,
            generation: 0,
        })
    }

    /// A table of `2^bits` entries, for tests.
    #[cfg(test)]
    pub fn new(bits: u8) -> Self {
        Table::try_new(bits).expect("a test's table fits in memory")
    }

    /// Starts a new generation: older scores are no longer trusted.
    pub fn new_generation(&mut self) {
        self.generation = (self.generation + 1) % (1 << GENERATION_BITS);
    }

    /// Whether `e`'s score was stored in the current generation.
    #[inline]
    pub fn is_current(&self, e: &Entry) -> bool {
        e.generation == self.generation
    }

    /// The entry of `key`, if the table holds it whole.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries.probe(key)
    }

    /// The best action stored for `key`, an exact result's first: the move of the principal
    /// variation.
    pub fn best(&self, key: u64) -> Option<u32> {
        let exact = self.exact.probe(key).and_then(|e| e.best);
        exact.or_else(|| self.probe(key).and_then(|e| e.best))
    }

    /// Stores a search's result for `key`: it replaces an entry of another position, of an
    /// earlier generation, or of the same position searched no deeper, and keeps the old
    /// best action of its position when it has none.
    #[inline]
    pub fn store(&self, key: u64, best: Option<u32>, score: i32, depth: i32, bound: Bound) {
        let new = Entry {
            best,
            score,
            depth: depth.clamp(0, (1 << DEPTH_BITS) - 1) as u8,
            bound,
            generation: self.generation,
        };
        self.entries.store(key, new);
        if bound == Bound::Exact {
            self.exact.store(key, new);
        }
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.exact.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_full_key() {
        let mut t = Table::new(4);
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
        let e = t.probe(5).unwrap();
        assert!(!t.is_current(&e));
        t.store(5, None, 7, 1, Bound::Exact);
        let e = t.probe(5).unwrap();
        assert_eq!((e.best, e.score, e.depth), (Some(3), 7, 1));
        assert!(t.is_current(&e));
        // Another position replaces the entry, and does not inherit its best action.
        t.store(21, None, -4, 0, Bound::Upper);
        assert!(t.probe(5).is_none());
        let e = t.probe(21).unwrap();
        assert_eq!((e.best, e.score, e.bound), (None, -4, Bound::Upper));
        t.clear();
        assert!(t.probe(21).is_none());
    }

    /// An exact result's best action stays for the principal variation after another
    /// position has replaced its entry; a bound's does not.
    #[test]
    fn an_exact_results_best_action_outlives_its_entry() {
        let t = Table::new(4);
        t.store(5, Some(3), 10, 4, Bound::Exact);
        t.store(6, Some(2), 10, 4, Bound::Lower);
        t.store(5 + 16, Some(1), 0, 1, Bound::Upper);
        t.store(6 + 16, Some(1), 0, 1, Bound::Upper);
        assert!(t.probe(5).is_none() && t.probe(6).is_none());
        assert_eq!((t.best(5), t.best(6)), (Some(3), None));
        assert_eq!(
            t.best(5 + 16),
            Some(1),
            "the entry's own when it holds no exact result"
        );
    }

    /// Every field survives the packing at the ends of its range.
    #[test]
    fn an_entry_packs_and_unpacks_whole_at_the_ends_of_every_range() {
        let limit = super::super::search::WIN + 1;
        for (best, score, depth, bound, generation) in [
            (None, 0, 0, Bound::Exact, 0),
            (Some(0), limit, 127, Bound::Lower, 4095),
            (Some(FINGERPRINTS - 1), -limit, 1, Bound::Upper, 1),
            (Some(17), -1, 7, Bound::Exact, 300),
        ] {
            let e = Entry {
                best,
                score,
                depth,
                bound,
                generation,
            };
            assert_eq!(Entry::unpack(e.pack()), Some(e));
        }
        assert_eq!(Entry::unpack(0), None, "an empty slot holds no entry");
    }

    /// A slot whose two words come from two different stores (two threads writing it at
    /// once) reads as a miss for both keys, never as a mix of their entries.
    #[test]
    fn a_slot_torn_between_two_stores_reads_as_a_miss() {
        let t = Table::new(4);
        t.store(5, Some(1), 10, 3, Bound::Exact);
        let [check, data] = t.entries.slot(5);
        let first = (check.load(Ordering::Relaxed), data.load(Ordering::Relaxed));
        t.store(21, Some(2), -20, 4, Bound::Lower);
        let second_data = data.load(Ordering::Relaxed);
        check.store(first.0, Ordering::Relaxed);
        assert!(t.probe(5).is_none() && t.probe(21).is_none());
        data.store(first.1, Ordering::Relaxed);
        assert_eq!(t.probe(5).map(|e| e.score), Some(10));
        data.store(second_data, Ordering::Relaxed);
        assert!(t.probe(5).is_none() && t.probe(21).is_none());
    }

    /// Threads storing positions that share slots, while probing them: every hit is an
    /// entry one of them stored for that very key.
    #[test]
    fn threads_sharing_slots_only_ever_find_whole_entries_of_their_own_key() {
        let t = Table::new(3);
        let threads = 4u64;
        std::thread::scope(|scope| {
            for thread in 0..threads {
                let t = &t;
                scope.spawn(move || {
                    for round in 0..20_000u64 {
                        // Keys of all threads fall on the same 8 slots.
                        let key = (round % 8) | (thread + 1) << 40;
                        let score = (key >> 40) as i32 * 1000 + (key % 8) as i32;
                        t.store(key, Some(key as u32 % 8), score, 5, Bound::Exact);
                        for other in 1..=threads {
                            let probe = (round % 8) | other << 40;
                            if let Some(e) = t.probe(probe) {
                                let expected = other as i32 * 1000 + (probe % 8) as i32;
                                assert_eq!(e.score, expected, "key {probe:#x}");
                                assert_eq!(e.best, Some(probe as u32 % 8));
                            }
                        }
                    }
                });
            }
        });
    }
}
