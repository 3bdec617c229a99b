//! Perft data files: move-path counts from positions in notation, checked against the file.
//! The counts agree with the independent Python reference `tools/reference.py`.

use tabula_china_moon::{ChinaMoon, Params};
use tabula_core::testkit::check_perft_file;

const PERFT: &str = include_str!("../data/perft.txt");

fn params_for(position: &str) -> Params {
    let players = position
        .split_whitespace()
        .nth(1)
        .map_or(0, |frogs| frogs.split('/').count());
    Params::players(players)
}

#[test]
fn perft_file_counts_match_to_depth_3() {
    // Each line is checked with the parameters its player count needs.
    let mut checked = 0;
    for line in PERFT.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let params = params_for(line);
        checked += check_perft_file::<ChinaMoon>(&params, line, 3);
    }
    assert!(checked >= 27, "only {checked} counts checked");
}

#[test]
fn perft_file_on_a_custom_board_matches_to_depth_3() {
    let params = Params {
        players: 3,
        board: Some(include_str!("../data/small_board.json").to_string()),
        ..Params::default()
    };
    let checked =
        check_perft_file::<ChinaMoon>(&params, include_str!("../data/perft_small.txt"), 3);
    assert_eq!(checked, 24);
}
