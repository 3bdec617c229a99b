//! The perft data file (tests/data/perft.epd): 17 positions — 2 players in every colour pair
//! and 3 players; setup and play; lines completed with and without a wand; the third wand;
//! few non-empty lines; forced passes (no top pawn, and R9 after a swap); forbidden swaps
//! after a swap (R8); R7; the R10 draw — to depth 3–8. Every count was cross-checked with the
//! independent Python reference, tools/reference.py (`python3 tools/reference.py check
//! tests/data/perft.epd`).

use tabula_core::perft::parse_perft_file;
use tabula_core::testkit::check_perft_file;
use tabula_toumai::{Params, Toumai};

const DATA: &str = include_str!("../data/perft.epd");

#[test]
fn perft_data_file_matches() {
    let checked = check_perft_file::<Toumai>(&Params::default(), DATA, 8);
    let listed: usize = parse_perft_file(DATA)
        .unwrap()
        .iter()
        .map(|c| c.counts.len())
        .sum();
    assert_eq!(checked, listed, "every listed depth is checked");
}

#[test]
fn perft_data_covers_the_required_positions_to_depth_three_or_more() {
    let cases = parse_perft_file(DATA).unwrap();
    assert!(cases.len() >= 6);
    for case in &cases {
        let deepest = case.counts.iter().map(|&(d, _)| d).max().unwrap_or(0);
        assert!(deepest >= 3, "line {}: depth {deepest}", case.line);
    }
    let has = |needle: &str| cases.iter().any(|c| c.position.contains(needle));
    assert!(has(" YR ") && has(" YRB "), "2 and 3 players");
    assert!(has(" YB ") && has(" RB "), "every colour pair");
}
