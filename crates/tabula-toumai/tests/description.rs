//! The description of Toumaï agrees with the game: parameters, defaults, players, seats.

use tabula_core::Game;
use tabula_core::testkit::check_description;
use tabula_toumai::{DESCRIPTION, Params, Toumai};

#[test]
fn the_description_agrees_with_the_game() {
    assert_eq!(
        check_description::<Toumai>(&DESCRIPTION),
        Vec::<String>::new()
    );
}

#[test]
fn the_name_is_said_once() {
    assert_eq!(Toumai::NAME, DESCRIPTION.name);
}

#[test]
fn the_player_range_is_the_description_s() {
    let e = Toumai::new(&Params {
        players: 4,
        ..Params::default()
    })
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad parameter players: Toumaï is for 2 to 3 players, not 4"
    );
}
