//! Perft data files (`data/perft.txt`, cross-checked by `tools/reference.py`).

use tabula_connect_four::{ConnectFour, Params};
use tabula_core::Game;
use tabula_core::Notation;
use tabula_core::perft::{divide, perft};
use tabula_core::testkit::check_perft_file;

const PERFT: &str = include_str!("../../data/perft.txt");

#[test]
fn perft_data_file_up_to_depth_8() {
    // Depth 8 of the empty board is 5.7 million paths: well under a second optimised.
    let checked = check_perft_file::<ConnectFour>(&Params::default(), PERFT, 8);
    assert!(checked >= 50, "only {checked} counts checked");
}

#[test]
fn perft_empty_board_known_counts() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    let known = [7, 49, 343, 2401, 16807, 117649, 823536];
    for (i, &n) in known.iter().enumerate() {
        assert_eq!(perft(&game, i as u32 + 1), n, "depth {}", i + 1);
    }
}

#[test]
fn divide_sums_to_perft() {
    let game = ConnectFour::from_notation(
        &Params::default(),
        "......./......./o....../x...x../o..ox../xooxo.x x",
    )
    .unwrap();
    let rows = divide(&game, 4);
    assert_eq!(rows.len(), 7);
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), 2333);
}
