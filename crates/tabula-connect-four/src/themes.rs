//! Puzzle themes of a move (docs/puzzles.md): what the move does on the board, for the
//! puzzle trainer and the generator (`tabula puzzles generate`).
//!
//! - `four`: the move makes four in a row.
//! - `block`: the stone takes the cell where the opponent would have made four.
//! - `double-threat`: afterwards the mover could make four in two places at once (two
//!   playable cells, or two cells one above the other), which one reply cannot both stop.

use crate::bitboard::{HEIGHT, WIDTH, cell, completing_cells};
use crate::{Column, ConnectFour, Status};
use tabula_core::Seat;

/// The themes of `seat` dropping a stone into `column` in `game` (a legal move).
pub fn puzzle_themes(game: &ConnectFour, seat: Seat, column: Column) -> Vec<&'static str> {
    let mut themes = Vec::new();
    if !game.can_drop(column) {
        return themes;
    }
    let landing = cell(column.index(), game.height(column));
    let opponent = Seat(1 - (seat.index() as u8 & 1));
    let mut after = game.clone();
    after.drop_stone(column);
    if after.status() == Status::Won(seat) {
        themes.push("four");
    }
    if completing_cells(game.stones(opponent)) & landing != 0 {
        themes.push("block");
    }
    if after.status() == Status::Playing && threats(&after, seat) >= 2 {
        themes.push("double-threat");
    }
    themes
}

/// How many immediate threats `seat` has in `game`: empty cells completing a four that are
/// playable now, plus those standing right above another such cell.
fn threats(game: &ConnectFour, seat: Seat) -> usize {
    let completing = completing_cells(game.stones(seat)) & !game.occupied();
    let mut count = 0;
    for c in 0..WIDTH {
        let column = Column::from_index(c).expect("a column index");
        let h = game.height(column);
        if h < HEIGHT && completing & cell(c, h) != 0 {
            count += 1;
            if h + 1 < HEIGHT && completing & cell(c, h + 1) != 0 {
                count += 1;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Notation;

    fn themes(position: &str, column: usize) -> Vec<&'static str> {
        let game = ConnectFour::from_notation(&Default::default(), position).unwrap();
        let seat = game.side_to_move();
        puzzle_themes(&game, seat, Column::from_number(column).unwrap())
    }

    #[test]
    fn a_four_a_block_and_a_double_threat_are_named() {
        assert_eq!(
            themes("......./......./......./x....../x....../xooo... x", 1),
            ["four"]
        );
        assert_eq!(
            themes("......./......./......./x....../x....../xooo... x", 5),
            ["block"]
        );
        assert_eq!(
            themes("......./......./......./......./......./.xx..oo x", 4),
            ["double-threat"]
        );
        assert!(themes("......./......./......./......./......./....... x", 4).is_empty());
    }
}
