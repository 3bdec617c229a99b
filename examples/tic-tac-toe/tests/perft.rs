//! Perft counts from the data file `data/perft.txt`.

use tabula_core::testkit::check_perft_file;
use tabula_tic_tac_toe::{Params, TicTacToe};

#[test]
fn perft_data_file() {
    let checked =
        check_perft_file::<TicTacToe>(&Params::default(), include_str!("../data/perft.txt"), 9);
    assert_eq!(checked, 12, "every count of the file is checked");
}
