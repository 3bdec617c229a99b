//! The description of Magical Circle agrees with the game: parameters, defaults, players, seats.

use tabula_core::Game;
use tabula_core::testkit::check_description;
use tabula_magical_circle::{DESCRIPTION, MagicalCircle};

#[test]
fn the_description_agrees_with_the_game() {
    assert_eq!(
        check_description::<MagicalCircle>(&DESCRIPTION),
        Vec::<String>::new()
    );
}

#[test]
fn the_name_is_said_once() {
    assert_eq!(MagicalCircle::NAME, DESCRIPTION.name);
}
