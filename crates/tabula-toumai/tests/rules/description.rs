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

#[test]
fn a_choice_parameter_must_list_exactly_what_the_game_accepts() {
    let mut params = DESCRIPTION.params.to_vec();
    let order = params
        .iter_mut()
        .find(|p| p.name == "placement_round2")
        .expect("placement_round2 is described");
    assert_eq!(order.values, ["reversed", "same"]);
    // A value the game refuses, and a default left out of the list.
    order.values = &["same", "backwards"];
    let params: &'static [_] = Box::leak(params.into_boxed_slice());
    let faults = check_description::<Toumai>(&tabula_core::GameDescription {
        params,
        ..DESCRIPTION
    });
    assert!(
        faults.iter().any(|f| f.contains("`backwards` is refused")),
        "{faults:?}"
    );
    assert!(
        faults
            .iter()
            .any(|f| f.contains("default `reversed` is not among")),
        "{faults:?}"
    );
}
