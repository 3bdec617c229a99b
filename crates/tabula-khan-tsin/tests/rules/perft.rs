//! Perft data files (tests/data/perft.txt): counts computed by the independent Python
//! reference (tools/reference.py) checked against the engine, at every listed depth.

use tabula_core::Notation;
use tabula_core::perft::{divide, parse_perft_file, perft};
use tabula_core::testkit::check_perft_file;
use tabula_khan_tsin::{KhanTsin, Params};

const DATA: &str = include_str!("../data/perft.txt");

#[test]
fn perft_data_file_matches_the_engine() {
    let checked = check_perft_file::<KhanTsin>(&Params::default(), DATA, 5);
    let cases = parse_perft_file(DATA).unwrap();
    assert!(cases.len() >= 6, "at least 6 positions");
    assert!(checked >= 60, "{checked} counts checked");
    let deep = cases
        .iter()
        .filter(|c| c.counts.iter().any(|&(d, n)| d >= 3 && n > 0))
        .count();
    assert!(
        deep >= 15,
        "only {deep} positions have a non-zero count at depth 3 or more"
    );
}

#[test]
fn perft_divide_sums_to_perft() {
    let case = &parse_perft_file(DATA).unwrap()[6];
    let game = KhanTsin::from_notation(&Params::default(), &case.position).unwrap();
    let parts = divide(&game, 3);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), perft(&game, 3));
    assert_eq!(parts.len() as u64, perft(&game, 1));
}
