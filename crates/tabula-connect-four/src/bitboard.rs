//! Bitboard arithmetic for the 7×6 board: one `u64` per player, 7 bits per column (6 cells
//! from the bottom plus an always-empty sentinel bit that stops shifts from wrapping into the
//! next column). Cell (column `c`, row `r` from the bottom, both 0-based) is bit `7c + r`.

/// Columns on the board.
pub const WIDTH: usize = 7;
/// Rows on the board.
pub const HEIGHT: usize = 6;
/// Bits per column: the cells plus one sentinel.
pub const STRIDE: usize = HEIGHT + 1;
/// Cells on the board.
pub const CELLS: u32 = (WIDTH * HEIGHT) as u32;

/// The bottom cell of every column.
pub const BOTTOM: u64 = repeat_columns(1);
/// Every cell of the board (sentinels excluded).
pub const BOARD: u64 = repeat_columns((1 << HEIGHT) - 1);
/// The top cell of every column.
pub const TOP: u64 = repeat_columns(1 << (HEIGHT - 1));

const fn repeat_columns(column_bits: u64) -> u64 {
    let mut out = 0;
    let mut c = 0;
    while c < WIDTH {
        out |= column_bits << (c * STRIDE);
        c += 1;
    }
    out
}

/// The cells of column `c`.
#[inline]
pub const fn column_mask(c: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (c * STRIDE)
}

/// The bottom cell of column `c`.
#[inline]
pub const fn bottom_cell(c: usize) -> u64 {
    1 << (c * STRIDE)
}

/// The top cell of column `c`.
#[inline]
pub const fn top_cell(c: usize) -> u64 {
    1 << (c * STRIDE + HEIGHT - 1)
}

/// The bit of cell (`column`, `row`), both 0-based, row 0 at the bottom.
#[inline]
pub const fn cell(column: usize, row: usize) -> u64 {
    1 << (column * STRIDE + row)
}

/// The lowest empty cell of column `c` given the occupied cells `mask` (a sentinel bit when
/// the column is full).
#[inline]
pub const fn landing_cell(mask: u64, c: usize) -> u64 {
    (mask + bottom_cell(c)) & (column_mask(c) | (1 << (c * STRIDE + HEIGHT)))
}

/// The columns whose top cell is empty in `occupied`, as 7 bits (bit `c`: column index `c`).
/// One multiplication gathers the top cells (7 bits apart): each partial product lands on a
/// bit of its own, so no carry disturbs the result.
#[inline]
pub const fn open_columns(occupied: u64) -> u8 {
    let free = (!occupied & TOP) >> (HEIGHT - 1);
    const GATHER: u64 =
        (1 << 6) | (1 << 12) | (1 << 18) | (1 << 24) | (1 << 30) | (1 << 36) | (1 << 42);
    ((free.wrapping_mul(GATHER) >> 42) & 0x7f) as u8
}

/// Whether the stones `p` hold four in a row in any direction.
#[inline]
pub const fn has_four(p: u64) -> bool {
    // Vertical (1), horizontal (STRIDE), both diagonals (STRIDE ± 1).
    let m = p & (p >> 1);
    if m & (m >> 2) != 0 {
        return true;
    }
    let m = p & (p >> STRIDE);
    if m & (m >> (2 * STRIDE)) != 0 {
        return true;
    }
    let m = p & (p >> (STRIDE - 1));
    if m & (m >> (2 * (STRIDE - 1))) != 0 {
        return true;
    }
    let m = p & (p >> (STRIDE + 1));
    m & (m >> (2 * (STRIDE + 1))) != 0
}

/// The stones of `p` that belong to some four in a row (for highlighting a win).
pub fn four_cells(p: u64) -> u64 {
    let mut out = 0;
    for shift in [1, STRIDE, STRIDE - 1, STRIDE + 1] {
        // Starting cells of fours in this direction.
        let m = p & (p >> shift);
        let starts = m & (m >> (2 * shift));
        for k in 0..4 {
            out |= starts << (k * shift);
        }
    }
    out & p
}

/// The cells (occupied or not) that would give `p` four in a row if it held them.
#[inline]
pub const fn completing_cells(p: u64) -> u64 {
    // Vertical: three stones directly below.
    let mut r = (p << 1) & (p << 2) & (p << 3);
    let mut i = 0;
    let shifts = [STRIDE, STRIDE - 1, STRIDE + 1];
    while i < 3 {
        let s = shifts[i];
        let two_left = (p << s) & (p << (2 * s));
        r |= two_left & (p << (3 * s));
        r |= two_left & (p >> s);
        let two_right = (p >> s) & (p >> (2 * s));
        r |= two_right & (p << s);
        r |= two_right & (p >> (3 * s));
        i += 1;
    }
    r & BOARD
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_have_the_right_sizes() {
        assert_eq!(BOARD.count_ones(), 42);
        assert_eq!(BOTTOM.count_ones(), 7);
        assert_eq!(TOP.count_ones(), 7);
        assert_eq!(BOARD & (BOARD << 1) & TOP, TOP);
    }

    #[test]
    fn landing_cell_fills_from_the_bottom() {
        let mut mask = 0;
        for row in 0..HEIGHT {
            let c = landing_cell(mask, 3);
            assert_eq!(c, cell(3, row));
            mask |= c;
        }
        assert_eq!(
            landing_cell(mask, 3) & BOARD,
            0,
            "a full column has no landing cell"
        );
    }

    #[test]
    fn open_columns_gathers_every_top_cell() {
        for set in 0u8..128 {
            // Fill every column not in `set` (and half-fill the others).
            let mut occupied = 0;
            for c in 0..WIDTH {
                occupied |= if set & (1 << c) == 0 {
                    column_mask(c)
                } else {
                    cell(c, 0) | cell(c, 1)
                };
            }
            assert_eq!(open_columns(occupied), set);
        }
    }

    #[test]
    fn fours_in_every_direction_and_no_wrap() {
        let horizontal = cell(0, 0) | cell(1, 0) | cell(2, 0) | cell(3, 0);
        let vertical = cell(6, 2) | cell(6, 3) | cell(6, 4) | cell(6, 5);
        let rising = cell(0, 0) | cell(1, 1) | cell(2, 2) | cell(3, 3);
        let falling = cell(3, 3) | cell(4, 2) | cell(5, 1) | cell(6, 0);
        for four in [horizontal, vertical, rising, falling] {
            assert!(has_four(four));
            assert_eq!(four_cells(four | cell(5, 5)), four);
        }
        // A column top and the next column bottom are not adjacent.
        let wrap = cell(0, 4) | cell(0, 5) | cell(1, 0) | cell(1, 1);
        assert!(!has_four(wrap));
    }

    #[test]
    fn completing_cells_finds_the_gap() {
        let three = cell(0, 0) | cell(1, 0) | cell(3, 0);
        assert_eq!(completing_cells(three), cell(2, 0));
        let column = cell(4, 0) | cell(4, 1) | cell(4, 2);
        assert_eq!(completing_cells(column), cell(4, 3));
    }
}
