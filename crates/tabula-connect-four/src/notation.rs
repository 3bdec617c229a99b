//! Position and action notation.
//!
//! A position is the 6 rows from top to bottom joined by `/`, each 7 characters (`.` empty,
//! `x` seat 1, `o` seat 2), then a space and the side to move (`x` or `o`):
//!
//! ```text
//! ......./......./......./......./...o.../...x... x
//! ```
//!
//! An action is the column number, `1` (left) to `7` (right).
//!
//! A position is accepted only if a game could reach it: no stone floats above an empty cell,
//! `x` (who moves first) has as many stones as `o` or one more, the side to move agrees with
//! the counts, and a four, if any, belongs to the side that just moved and was made by its
//! last stone.

use crate::bitboard::{HEIGHT, WIDTH, cell, column_mask, has_four};
use crate::state::{Column, ConnectFour};
use tabula_core::{NotationError, PositionError};

/// Writes a position.
pub fn format_position(game: &ConnectFour) -> String {
    let mut out = String::with_capacity(HEIGHT * (WIDTH + 1) + 2);
    for row in (0..HEIGHT).rev() {
        push_row(&mut out, game, row);
        out.push(if row == 0 { ' ' } else { '/' });
    }
    out.push(if game.side_to_move().index() == 0 {
        'x'
    } else {
        'o'
    });
    out
}

/// Writes row `row` (0 at the bottom) of the board as the notation does: `.` empty, `x`
/// seat 1, `o` seat 2 (the view's rows are these too).
pub(crate) fn push_row(out: &mut String, game: &ConnectFour, row: usize) {
    for column in 0..WIDTH {
        out.push(match game.stone_at(column, row).map(|s| s.index()) {
            None => '.',
            Some(0) => 'x',
            Some(_) => 'o',
        });
    }
}

/// Reads and checks a position.
pub fn parse_position(text: &str) -> Result<ConnectFour, PositionError> {
    let text = text.trim();
    let (board, side) = text.split_once(char::is_whitespace).ok_or_else(|| {
        PositionError::new(
            "to-move",
            "missing: the board must be followed by a space and `x` or `o`",
        )
    })?;
    let side = match side.trim() {
        "x" => 0,
        "o" => 1,
        other => {
            return Err(PositionError::new(
                "to-move",
                format!("`{other}` is not `x` or `o`"),
            ));
        }
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != HEIGHT {
        return Err(PositionError::new(
            "rows",
            format!(
                "expected {HEIGHT} rows separated by `/`, found {}",
                rows.len()
            ),
        ));
    }
    let mut stones = [0u64; 2];
    for (i, row_text) in rows.iter().enumerate() {
        // Rows are listed top to bottom; users number them 1 (bottom) to 6 (top).
        let row = HEIGHT - 1 - i;
        let field = format!("row {}", row + 1);
        let chars: Vec<char> = row_text.chars().collect();
        if chars.len() != WIDTH {
            return Err(PositionError::new(
                field,
                format!("`{row_text}` has {} cells, expected {WIDTH}", chars.len()),
            ));
        }
        for (column, ch) in chars.into_iter().enumerate() {
            match ch {
                '.' => {}
                'x' => stones[0] |= cell(column, row),
                'o' => stones[1] |= cell(column, row),
                other => {
                    return Err(PositionError::new(
                        field,
                        format!("column {}: `{other}` is not `.`, `x` or `o`", column + 1),
                    ));
                }
            }
        }
    }
    check_reachable(stones, side)?;
    Ok(ConnectFour::from_stones(stones))
}

fn check_reachable(stones: [u64; 2], side: usize) -> Result<(), PositionError> {
    let occupied = stones[0] | stones[1];
    for column in 0..WIDTH {
        let col = (occupied & column_mask(column)) >> (column * 7);
        // Stones fill a column from the bottom: the bits must be 0b0..01..1.
        if col & (col + 1) != 0 {
            let row = (0..HEIGHT)
                .find(|&r| col & (1 << r) == 0)
                .expect("a gap exists");
            return Err(PositionError::new(
                format!("column {}", column + 1),
                format!("a stone floats above the empty cell in row {}", row + 1),
            ));
        }
    }
    let (nx, no) = (stones[0].count_ones(), stones[1].count_ones());
    if nx != no && nx != no + 1 {
        return Err(PositionError::new(
            "stones",
            format!(
                "x moves first, so x has as many stones as o or one more; found x {nx}, o {no}"
            ),
        ));
    }
    let expected = if nx == no { 0 } else { 1 };
    if side != expected {
        return Err(PositionError::new(
            "to-move",
            format!(
                "with x {nx} and o {no} stones it is {} to move",
                if expected == 0 { "x" } else { "o" }
            ),
        ));
    }
    let fours = [has_four(stones[0]), has_four(stones[1])];
    if fours[0] && fours[1] {
        return Err(PositionError::new(
            "four",
            "both x and o have four in a row; the game ends at the first",
        ));
    }
    // The side that just moved is the other one; only it may have a four.
    let last = 1 - side;
    if fours[side] {
        return Err(PositionError::new(
            "four",
            format!(
                "{} has four in a row but is to move: the game ended before",
                if side == 0 { "x" } else { "o" }
            ),
        ));
    }
    if fours[last] && !last_stone_made_the_four(stones[last], occupied) {
        return Err(PositionError::new(
            "four",
            format!(
                "{}'s four was complete before its last stone: the game ended earlier",
                if last == 0 { "x" } else { "o" }
            ),
        ));
    }
    Ok(())
}

/// Whether removing one of `own`'s column-top stones leaves no four (so that stone could
/// have been the winning move).
fn last_stone_made_the_four(own: u64, occupied: u64) -> bool {
    (0..WIDTH).any(|column| {
        let col = occupied & column_mask(column);
        if col == 0 {
            return false;
        }
        let top = 1u64 << (63 - col.leading_zeros());
        own & top != 0 && !has_four(own & !top)
    })
}

/// Reads a column number `1`–`7`.
pub fn parse_column(text: &str) -> Result<Column, NotationError> {
    let t = text.trim();
    let number: usize = t
        .parse()
        .map_err(|_| NotationError::new(text, "a column is a number from 1 to 7"))?;
    Column::from_number(number).ok_or_else(|| {
        NotationError::new(
            text,
            format!("there is no column {number}: columns are 1 to 7"),
        )
    })
}
