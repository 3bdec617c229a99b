//! The description of Connect Four agrees with the game: parameters, defaults, players, seats.

use tabula_connect_four::{ConnectFour, DESCRIPTION};
use tabula_core::Game;
use tabula_core::testkit::check_description;

#[test]
fn the_description_agrees_with_the_game() {
    assert_eq!(
        check_description::<ConnectFour>(&DESCRIPTION),
        Vec::<String>::new()
    );
}

#[test]
fn the_name_is_said_once() {
    assert_eq!(ConnectFour::NAME, DESCRIPTION.name);
}
