//! The solver's transposition table: one entry per slot, always replaced. A slot is the key
//! modulo the table's size, a prime, and an entry keeps only the key's low 32 bits: the key
//! is below 2^49 and the size above 2^17, so by the Chinese remainder theorem the slot and
//! the 32 bits together tell keys apart exactly (a hit is never another position's entry),
//! in 5 bytes an entry instead of 8.

/// Keys and values in two arrays (the value 0 marks an empty slot).
pub(super) struct Table {
    keys: Vec<u32>,
    values: Vec<u8>,
}

/// Whether `n` is prime (trial division: the sizes are at most about 2^30).
fn is_prime(n: u64) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d))
}

impl Table {
    /// A table of the smallest prime number of entries at least `2^bits`, `bits` within
    /// 18–30 (below 2^18 entries the keys would no longer be told apart).
    pub(super) fn new(bits: u32) -> Table {
        let size = (1u64 << bits.clamp(18, 30)..)
            .find(|&n| is_prime(n))
            .expect("a prime");
        // Zeroed allocations: the pages are only touched (and resident) once used.
        Table {
            keys: vec![0; size as usize],
            values: vec![0; size as usize],
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key % self.keys.len() as u64) as usize
    }

    /// The value stored for `key`, or 0.
    #[inline]
    pub(super) fn get(&self, key: u64) -> u8 {
        let slot = self.slot(key);
        if self.keys[slot] == key as u32 {
            self.values[slot]
        } else {
            0
        }
    }

    /// Stores `value` (not 0) for `key`, replacing whatever held its slot.
    #[inline]
    pub(super) fn put(&mut self, key: u64, value: u8) {
        let slot = self.slot(key);
        self.keys[slot] = key as u32;
        self.values[slot] = value;
    }

    /// The table's size in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.keys.len() * 5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_is_a_prime_of_at_least_two_to_the_bits() {
        let table = Table::new(18);
        let size = table.keys.len() as u64;
        assert!(is_prime(size));
        assert!(
            ((1 << 18)..size).all(|n| !is_prime(n)),
            "the smallest such prime"
        );
    }

    #[test]
    fn keys_sharing_a_slot_and_their_low_bits_do_not_collide() {
        let mut table = Table::new(18);
        let size = table.keys.len() as u64;
        // Keys of one slot differ by a multiple of the size; those that also share their low
        // 32 bits differ by a multiple of size · 2^32 > 2^49, so no two keys of boards do.
        let a = 12_345;
        let b = a + size;
        table.put(a, 7);
        assert_eq!(table.get(a), 7);
        assert_eq!(table.get(b), 0);
        table.put(b, 9);
        assert_eq!(table.get(a), 0, "always replaced");
        assert_eq!(table.get(b), 9);
    }
}
