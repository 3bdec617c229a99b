//! The core harness: seeded random games checking the move generator against `validate`,
//! notation round trips, refusals that change nothing, and the position invariants below.

use tabula_connect_four::bitboard::{BOARD, HEIGHT, WIDTH};
use tabula_connect_four::{Column, ConnectFour, Params};
use tabula_core::testkit::Harness;
use tabula_core::{Game, Seat};

/// Stones fill columns from the bottom, the counts alternate, and plies count the stones.
fn invariant(game: &ConnectFour) -> Result<(), String> {
    let x = game.stones(Seat(0));
    let o = game.stones(Seat(1));
    if x & o != 0 {
        return Err("a cell holds two stones".into());
    }
    if (x | o) & !BOARD != 0 {
        return Err("a stone lies outside the board".into());
    }
    let (nx, no) = (x.count_ones(), o.count_ones());
    if nx != no && nx != no + 1 {
        return Err(format!("stone counts x {nx}, o {no}"));
    }
    if game.plies() != nx + no {
        return Err(format!("plies {} but {} stones", game.plies(), nx + no));
    }
    for c in Column::all() {
        let h = game.height(c);
        for row in 0..HEIGHT {
            let filled = game.stone_at(c.index(), row).is_some();
            if filled != (row < h) {
                return Err(format!("column {c} has a gap at row {}", row + 1));
            }
        }
    }
    debug_assert_eq!(WIDTH, 7);
    Ok(())
}

#[test]
fn harness_random_games() {
    let report = Harness::new(|_rng| ConnectFour::new(&Params::default()).expect("2 players"))
        .games(300)
        .seed(11)
        .invariant(invariant)
        .indexed()
        .run();
    assert_eq!(report.games, 300);
    assert_eq!(report.finished, 300, "every game of Connect Four ends");
    assert!(report.steps >= 300 * 7, "a game lasts at least 7 plies");
    let draws = report.outcomes.iter().filter(|o| o.is_draw()).count();
    let x_wins = report
        .outcomes
        .iter()
        .filter(|o| o.rank(Seat(0)) == 1 && !o.is_draw())
        .count();
    assert!(
        x_wins > 0 && x_wins < 300,
        "both sides win some random games"
    );
    assert!(draws < 30, "random games rarely fill the board: {draws}");
}

#[test]
fn harness_from_a_random_setup() {
    // `new_random` has no setup to randomise: it is the empty board.
    let report = Harness::new(|rng| ConnectFour::new_random(&Params::default(), rng).unwrap())
        .games(50)
        .seed(99)
        .invariant(invariant)
        .indexed()
        .run();
    assert_eq!(report.finished, 50);
}
