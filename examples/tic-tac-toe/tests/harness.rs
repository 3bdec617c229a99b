//! The shared harness on seeded random games: generated actions are exactly the legal ones,
//! `try_apply` refuses the rest, the notation round-trips, finished games accept nothing;
//! and the game's description agrees with the game.

use tabula_core::testkit::{Harness, check_description, check_zobrist};
use tabula_core::{Game, Notation, Seat};
use tabula_tic_tac_toe::{DESCRIPTION, Params, TicTacToe};

#[test]
fn random_games_pass_the_harness() {
    let report = Harness::new(|_| TicTacToe::new(&Params::default()).unwrap())
        .games(300)
        .invariant(|game| {
            check_zobrist(game)?;
            // Red marks first and the marks alternate: as many x as o, or one more.
            let notation = game.to_notation();
            let grid = notation.split(' ').next().unwrap_or_default();
            let (x, o) = (grid.matches('x').count(), grid.matches('o').count());
            (x == o || x == o + 1)
                .then_some(())
                .ok_or(format!("{x} x and {o} o"))
        })
        .run();
    assert_eq!(report.finished, 300, "every game ends");
    let wins = |seat: Seat| {
        let won = |o: &&tabula_core::Outcome| !o.is_draw() && o.winners().eq([seat]);
        report.outcomes.iter().filter(won).count()
    };
    let draws = report.outcomes.iter().filter(|o| o.is_draw()).count();
    assert!(wins(Seat(0)) > 0 && wins(Seat(1)) > 0 && draws > 0);
}

#[test]
fn the_description_agrees_with_the_game() {
    assert_eq!(
        check_description::<TicTacToe>(&DESCRIPTION),
        Vec::<String>::new()
    );
}
