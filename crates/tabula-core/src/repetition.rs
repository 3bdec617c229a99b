//! The position history behind a draw by repetition (Toumaï R14, Khan-Tsin R9): the hashes of
//! the positions reached since the last irreversible action, kept inline in the game state so
//! that play and search never allocate.
//!
//! The history holds at most `N` hashes: when it is full the oldest is forgotten, so a
//! position counts as repeated only when its earlier occurrences lie within the last `N`
//! recorded positions. Each game's ruling names its `N`. An irreversible action (a placement,
//! a wand won) clears it, since no earlier position can come back after one.

/// The hashes of the last (at most `N`) positions, oldest first in ring order, and how many
/// times the newest has occurred among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionHistory<const N: usize> {
    hashes: [u64; N],
    /// Hashes held (at most `N`).
    len: u16,
    /// Where the next hash goes.
    next: u16,
    /// How many times the newest recorded position has occurred within the window, itself
    /// included (0 when empty).
    newest_count: u16,
}

impl<const N: usize> Default for RepetitionHistory<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> RepetitionHistory<N> {
    /// An empty history.
    pub const fn new() -> Self {
        assert!(
            N > 0 && N < u16::MAX as usize,
            "a history holds 1 to 65534 hashes"
        );
        RepetitionHistory {
            hashes: [0; N],
            len: 0,
            next: 0,
            newest_count: 0,
        }
    }

    /// Forgets every position (after an irreversible action, or for a position read from
    /// notation, whose earlier history is unknown).
    #[inline]
    pub fn clear(&mut self) {
        *self = Self::new();
    }

    /// The number of positions held.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no position is held.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `back`-th most recent hash (0: the newest), if held.
    #[inline]
    fn back(&self, back: usize) -> Option<u64> {
        (back < self.len as usize).then(|| self.hashes[(self.next as usize + N - 1 - back) % N])
    }

    /// Records the position just reached and returns how many times it has now occurred
    /// within the window, this time included.
    ///
    /// `stride`: equal positions can only lie a multiple of `stride` plies apart (the number
    /// of seats, when the turn passes round every ply and the hash covers the seat to act),
    /// so only those entries are compared. A stride of 1 compares every entry.
    #[inline]
    pub fn record(&mut self, hash: u64, stride: usize) -> u32 {
        let stride = stride.max(1);
        let mut count = 1;
        // The new hash is `back + 1` plies after the entry `back` steps back.
        let mut back = stride - 1;
        while let Some(h) = self.back(back) {
            count += (h == hash) as u32;
            back += stride;
        }
        self.hashes[self.next as usize] = hash;
        self.next = ((self.next as usize + 1) % N) as u16;
        self.len = (self.len + 1).min(N as u16);
        self.newest_count = count as u16;
        count
    }

    /// How many times the newest recorded position has occurred within the window.
    #[inline]
    pub fn newest_count(&self) -> u32 {
        self.newest_count as u32
    }

    /// Whether the newest recorded position is the third occurrence (or later) of a position.
    #[inline]
    pub fn third_occurrence(&self) -> bool {
        self.newest_count >= 3
    }

    /// A hash of the whole window, oldest to newest: search mixes it into its keys so that a
    /// stored value is reused only for the same position with the same history (what may
    /// still be repeated, and when each earlier occurrence drops out of the window).
    pub fn digest(&self) -> u64 {
        let mut d = self.len as u64;
        for back in (0..self.len as usize).rev() {
            let h = self.hashes[(self.next as usize + N - 1 - back) % N];
            d = mix(d ^ h);
        }
        d
    }
}

/// SplitMix64's finaliser.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_occurrences_within_the_window() {
        let mut h = RepetitionHistory::<8>::new();
        assert_eq!(h.record(1, 1), 1);
        assert_eq!(h.record(2, 1), 1);
        assert_eq!(h.record(1, 1), 2);
        assert!(!h.third_occurrence());
        assert_eq!(h.record(2, 1), 2);
        assert_eq!(h.record(1, 1), 3);
        assert!(h.third_occurrence());
        h.clear();
        assert!(h.is_empty());
        assert_eq!(h.record(1, 1), 1);
    }

    #[test]
    fn forgets_the_oldest_when_full() {
        let mut h = RepetitionHistory::<3>::new();
        h.record(7, 1);
        h.record(8, 1);
        h.record(9, 1);
        assert_eq!(h.len(), 3);
        // 7 drops out as 10 comes in.
        h.record(10, 1);
        assert_eq!(h.record(7, 1), 1);
        assert_eq!(h.record(9, 1), 2);
    }

    #[test]
    fn stride_compares_only_entries_a_multiple_of_it_back() {
        let mut h = RepetitionHistory::<8>::new();
        h.record(5, 2);
        h.record(5, 2); // one ply after: not compared with stride 2
        assert_eq!(h.newest_count(), 1);
        assert_eq!(h.record(5, 2), 2); // two plies after the first
        let mut all = RepetitionHistory::<8>::new();
        for _ in 0..3 {
            all.record(5, 1);
        }
        assert_eq!(all.newest_count(), 3);
    }

    #[test]
    fn digest_depends_on_content_and_order() {
        let mut a = RepetitionHistory::<4>::new();
        let mut b = RepetitionHistory::<4>::new();
        a.record(1, 1);
        a.record(2, 1);
        b.record(2, 1);
        b.record(1, 1);
        assert_ne!(a.digest(), b.digest());
        let mut c = RepetitionHistory::<4>::new();
        c.record(1, 1);
        c.record(2, 1);
        assert_eq!(a.digest(), c.digest());
        assert_ne!(a.digest(), RepetitionHistory::<4>::new().digest());
    }
}
