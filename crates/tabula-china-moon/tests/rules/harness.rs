//! The shared harness of tabula-core on China Moon: seeded random games for 3, 4 and 5
//! players (and on a custom board), checking the move generator against `validate`, notation
//! round trips, refused actions leaving the state unchanged, and the flower and frog
//! invariant at every step.

use tabula_china_moon::{ChinaMoon, Params};
use tabula_core::Game;
use tabula_core::testkit::Harness;

fn run(players: usize, board: Option<&'static str>, games: usize, seed: u64) {
    let params = Params {
        players,
        board: board.map(str::to_string),
        ..Params::default()
    };
    let report = Harness::new(move |rng| ChinaMoon::new_random(&params, rng).expect("params"))
        .games(games)
        .seed(seed)
        .max_steps(1_000)
        .invariant(ChinaMoon::check_invariant)
        .indexed()
        .run();
    assert_eq!(report.games, games);
    assert_eq!(report.finished, games, "every random game reaches the end");
    for o in &report.outcomes {
        assert!(o.winners().count() >= 1);
    }
}

#[test]
fn harness_three_players() {
    run(3, None, 30, 1);
}

#[test]
fn harness_four_players() {
    run(4, None, 30, 1_000);
}

#[test]
fn harness_five_players() {
    run(5, None, 30, 2_000);
}

#[test]
fn harness_on_the_setup_only_game_starts_from_new() {
    // Starting from `new` (not `new_random`), the harness walks the setup's chance events too.
    let report = Harness::new(|_| ChinaMoon::new(&Params::players(3)).expect("params"))
        .games(4)
        .seed(77)
        .invariant(ChinaMoon::check_invariant)
        .indexed()
        .run();
    assert_eq!(report.finished, 4);
}

#[test]
fn harness_on_a_custom_board() {
    run(3, Some(include_str!("../data/small_board.json")), 6, 3_000);
    run(5, Some(include_str!("../data/small_board.json")), 6, 4_000);
}
