//! One line (a stack of up to 6 pawns) packed in a `u32`, and the operations flights,
//! splits and swaps need.
//!
//! Bits 0–23 hold the pawns, 4 bits each, square 1 (the board's edge) in bits 0–3; bits 24–26
//! hold the height. Unused pawn bits are always 0, so equal lines are equal integers.

/// A packed line.
pub(crate) type Line = u32;

/// The 9 lines, `a` to `i` clockwise.
pub(crate) const LINES: usize = 9;

const HEIGHT_SHIFT: u32 = 24;
const PAWN_BITS: u32 = 0x00FF_FFFF;
/// Bit 2 of every nibble: the low bit of each pawn's colour.
const COLOUR_LO: u32 = 0x0044_4444;

#[inline]
pub(crate) fn height(l: Line) -> u32 {
    l >> HEIGHT_SHIFT
}

/// The pawn on 0-based square `i` (meaningful for `i < height`).
#[inline]
pub(crate) fn pawn_at(l: Line, i: u32) -> u8 {
    ((l >> (4 * i)) & 0xF) as u8
}

/// The top pawn (meaningful for a non-empty line).
#[inline]
pub(crate) fn top(l: Line) -> u8 {
    pawn_at(l, height(l).wrapping_sub(1) & 7)
}

/// The line with `p` added on top (the caller keeps the height at most 6).
#[inline]
pub(crate) fn push(l: Line, p: u8) -> Line {
    let h = height(l);
    ((l & PAWN_BITS) | ((p as u32) << (4 * h))) | ((h + 1) << HEIGHT_SHIFT)
}

/// The line with the pawn on 0-based square `i` replaced by `p`.
#[inline]
pub(crate) fn set_pawn(l: Line, i: u32, p: u8) -> Line {
    (l & !(0xF << (4 * i))) | ((p as u32) << (4 * i))
}

/// Removes the top `n` pawns: the rest of the line and the group's pawn bits (lowest pawn of
/// the group in bits 0–3).
#[inline]
pub(crate) fn take_top(l: Line, n: u32) -> (Line, u32) {
    let h = height(l);
    let keep = h - n;
    let low = low_mask(keep);
    let rest = (l & low) | (keep << HEIGHT_SHIFT);
    let group = (l & PAWN_BITS) >> (4 * keep);
    (rest, group)
}

/// The line with a group of `n` pawns (bits as from [`take_top`]) landed on top.
#[inline]
pub(crate) fn land(l: Line, group: u32, n: u32) -> Line {
    let h = height(l);
    ((l & PAWN_BITS) | (group << (4 * h))) | ((h + n) << HEIGHT_SHIFT)
}

/// A line of `n` pawns made of the given pawn bits.
#[inline]
pub(crate) fn make(pawns: u32, n: u32) -> Line {
    (pawns & low_mask(n)) | (n << HEIGHT_SHIFT)
}

/// The pawn bits of a line.
#[inline]
pub(crate) fn pawn_bits(l: Line) -> u32 {
    l & PAWN_BITS
}

#[inline]
fn low_mask(n: u32) -> u32 {
    // n ≤ 6, so 4n ≤ 24 < 32.
    (1u32 << (4 * n)) - 1
}

/// How many pawns of each colour the `n` pawns in `bits` hold (Yellow, Red, Blue).
#[inline]
pub(crate) fn colour_counts(bits: u32, n: u32) -> [u32; 3] {
    let occupied = COLOUR_LO & low_mask(n);
    let lo = bits & occupied;
    let hi = (bits >> 1) & occupied;
    let red = (lo & !hi).count_ones();
    let blue = (hi & !lo).count_ones();
    [n - red - blue, red, blue]
}

/// The letter of line `i` (`a`…`i`).
pub(crate) fn line_letter(i: usize) -> char {
    (b'a' + (i.min(25)) as u8) as char
}

/// The line index of a letter `a`…`i`.
pub(crate) fn line_index(c: char) -> Option<usize> {
    match c {
        'a'..='i' => Some(c as usize - 'a' as usize),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pawn::pawn;

    #[test]
    fn take_and_land_keep_order() {
        let mut l = 0;
        for p in [pawn(0, 0), pawn(1, 3), pawn(2, 1)] {
            l = push(l, p);
        }
        assert_eq!(height(l), 3);
        assert_eq!(top(l), pawn(2, 1));
        let (rest, group) = take_top(l, 2);
        assert_eq!(height(rest), 1);
        assert_eq!(pawn_at(rest, 0), pawn(0, 0));
        let dest = land(push(0, pawn(0, 2)), group, 2);
        assert_eq!(height(dest), 3);
        assert_eq!(pawn_at(dest, 1), pawn(1, 3));
        assert_eq!(top(dest), pawn(2, 1));
        assert_eq!(colour_counts(pawn_bits(dest), 3), [1, 1, 1]);
        assert_eq!(colour_counts(pawn_bits(l), 0), [0, 0, 0]);
    }
}
