//! The solver's transposition table: buckets of two entries, each entry one 64-bit word
//! holding the whole key (49 bits), the number of stones of its position and a stored bound.
//! Whole words are read and written atomically (relaxed), so several search threads share
//! one table without locks and no thread ever reads half of another's entry; a hit is always
//! the position's own entry, since the whole key is compared.
//!
//! A bucket (16 bytes, within one cache line) has a deep slot, kept for the position with the
//! fewest stones (the largest subtree), and an always-replaced slot: a new entry with at most
//! as many stones as the deep one takes the deep slot and moves the old one to the other;
//! a new entry with more stones takes the other slot. A deep entry with fewer stones than
//! the current search's root cannot be met again by this search (stones are never taken
//! back) and counts as empty.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Bits of an entry below the key: the stored value (8 bits) and the stones (6 bits).
const KEY_SHIFT: u32 = 14;

/// Two entries in one 16-byte aligned block, so that one cache line holds both.
#[derive(Default)]
#[repr(align(16))]
struct Bucket([AtomicU64; 2]);

/// Buckets addressed by a multiplicative hash of the key (a power of two of them).
pub(super) struct Table {
    buckets: Vec<Bucket>,
    shift: u32,
}

/// The stones of an entry's position.
#[inline]
fn stones(entry: u64) -> u32 {
    ((entry >> 8) & 63) as u32
}

impl Table {
    /// A table of `2^bits` entries (`2^(bits - 1)` buckets), `bits` within 10–30.
    pub(super) fn new(bits: u32) -> Table {
        let bits = bits.clamp(10, 30) - 1;
        Table {
            buckets: (0..1usize << bits).map(|_| Bucket::default()).collect(),
            shift: 64 - bits,
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let index = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift;
        &self.buckets[index as usize]
    }

    /// Asks the processor to bring `key`'s bucket into its cache, for a lookup soon after.
    #[inline]
    pub(super) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: SSE is part of every x86_64 processor, and a prefetch is only a hint:
            // it reads nothing into the program and cannot fault.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The value stored for `key`, or 0.
    #[inline]
    pub(super) fn get(&self, key: u64) -> u8 {
        let bucket = self.bucket(key);
        for slot in &bucket.0 {
            let entry = slot.load(Relaxed);
            if entry >> KEY_SHIFT == key && entry != 0 {
                return entry as u8;
            }
        }
        0
    }

    /// Stores `value` (not 0) for `key`, a position of `stones` stones, in a search whose root
    /// has `root_stones` stones (see the module docs for which slot it takes).
    #[inline]
    pub(super) fn put(&self, key: u64, stones_here: u32, value: u8, root_stones: u32) {
        let bucket = self.bucket(key);
        let entry = key << KEY_SHIFT | u64::from(stones_here) << 8 | u64::from(value);
        let deep = bucket.0[0].load(Relaxed);
        if deep == 0
            || deep >> KEY_SHIFT == key
            || stones_here <= stones(deep)
            || stones(deep) < root_stones
        {
            bucket.0[0].store(entry, Relaxed);
            if deep >> KEY_SHIFT != key && stones(deep) >= root_stones {
                bucket.0[1].store(deep, Relaxed);
            }
        } else {
            bucket.0[1].store(entry, Relaxed);
        }
    }

    /// The table's size in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys of one bucket (the table has 2^9 buckets at 10 bits).
    fn same_bucket(table: &Table, count: usize) -> Vec<u64> {
        let target = std::ptr::from_ref(table.bucket(1));
        (1..)
            .filter(|&k| std::ptr::eq(table.bucket(k), target))
            .take(count)
            .collect()
    }

    #[test]
    fn a_hit_is_the_keys_own_entry() {
        let table = Table::new(10);
        let keys = same_bucket(&table, 3);
        table.put(keys[0], 10, 7, 0);
        assert_eq!(table.get(keys[0]), 7);
        assert_eq!(table.get(keys[1]), 0, "another key of the bucket");
        table.put(keys[0], 10, 9, 0);
        assert_eq!(table.get(keys[0]), 9, "replaced");
        assert_eq!(table.get((1 << 49) - 1), 0);
    }

    #[test]
    fn the_deep_slot_keeps_the_fewest_stones_until_it_is_above_the_root() {
        let table = Table::new(10);
        let k = same_bucket(&table, 4);
        table.put(k[0], 8, 1, 0);
        table.put(k[1], 20, 2, 0);
        table.put(k[2], 22, 3, 0);
        assert_eq!(table.get(k[0]), 1, "the deep entry stays");
        assert_eq!(table.get(k[1]), 0, "the shallow slot is always replaced");
        assert_eq!(table.get(k[2]), 3);
        table.put(k[3], 6, 4, 0);
        assert_eq!(table.get(k[3]), 4, "fewer stones take the deep slot");
        assert_eq!(table.get(k[0]), 1, "and the old deep entry moves over");
        // A search from 12 stones on: the 6-stone entry is stale and gives way.
        table.put(k[2], 22, 5, 12);
        assert_eq!(table.get(k[2]), 5);
        assert_eq!(table.get(k[3]), 0);
    }
}
