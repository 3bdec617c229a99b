//! The description of Khan-Tsin agrees with the game: parameters, defaults, players, seats.

use tabula_core::Game;
use tabula_core::testkit::check_description;
use tabula_khan_tsin::{DESCRIPTION, KhanTsin, Params};

#[test]
fn the_description_agrees_with_the_game() {
    assert_eq!(
        check_description::<KhanTsin>(&DESCRIPTION),
        Vec::<String>::new()
    );
}

#[test]
fn the_name_is_said_once() {
    assert_eq!(KhanTsin::NAME, DESCRIPTION.name);
}

#[test]
fn colours_are_read_as_before() {
    let with = |colours: &str| {
        KhanTsin::new(&Params {
            colours: Some(colours.into()),
            ..Params::default()
        })
        .map(|_| ())
        .map_err(|e| e.to_string())
    };
    assert_eq!(with("GW"), Ok(()));
    assert_eq!(
        with("wx"),
        Err("bad parameter colours: `x` is not a colour (w, g or b)".into())
    );
    assert_eq!(
        with("wW"),
        Err("bad parameter colours: `W` is listed twice".into())
    );
    assert_eq!(
        with("wgb"),
        Err("bad parameter colours: `wgb` names 3 colours for 2 players".into())
    );
}
