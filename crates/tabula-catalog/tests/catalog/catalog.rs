//! The registry's catalog and what it says about each game: every built-in game described by
//! its own crate, names unique, lookups that name what is unknown, `/api/games` entries as
//! before (plus the seats), parameters checked against the description.

use serde_json::{Value, json};
use tabula_core::testkit::check_description;
use tabula_core::{Game, GameDescription, GameRng, rng_from_seed};
use tabula_registry::{Catalog, GameEntry, LANGUAGES, LEVELS, RegistryError, Setup};

/// The crate's own description of every built-in game, by name, and what the harness finds
/// wrong with it.
fn crate_descriptions() -> Vec<(&'static GameDescription, Vec<String>)> {
    vec![
        (
            &tabula_toumai::DESCRIPTION,
            check_description::<tabula_toumai::Toumai>(&tabula_toumai::DESCRIPTION),
        ),
        (
            &tabula_khan_tsin::DESCRIPTION,
            check_description::<tabula_khan_tsin::KhanTsin>(&tabula_khan_tsin::DESCRIPTION),
        ),
        (
            &tabula_china_moon::DESCRIPTION,
            check_description::<tabula_china_moon::ChinaMoon>(&tabula_china_moon::DESCRIPTION),
        ),
        (
            &tabula_magical_circle::DESCRIPTION,
            check_description::<tabula_magical_circle::MagicalCircle>(
                &tabula_magical_circle::DESCRIPTION,
            ),
        ),
        (
            &tabula_connect_four::DESCRIPTION,
            check_description::<tabula_connect_four::ConnectFour>(
                &tabula_connect_four::DESCRIPTION,
            ),
        ),
    ]
}

fn rng() -> GameRng {
    rng_from_seed(7)
}

#[test]
fn every_built_in_game_is_its_crate_s_description() {
    let catalog = tabula_catalog::builtin();
    let described = crate_descriptions();
    assert_eq!(catalog.entries().len(), described.len());
    for (entry, (description, faults)) in catalog.entries().iter().zip(&described) {
        assert_eq!(
            entry.info().description,
            *description,
            "{} is not its crate's description",
            entry.info().name
        );
        assert_eq!(faults, &Vec::<String>::new(), "{}", description.name);
        assert_eq!(entry.info().levels, LEVELS);
        let game = entry
            .new_game(&Value::Null, Setup::Random, &mut rng())
            .unwrap();
        assert_eq!(game.game_name(), description.name);
        for lang in LANGUAGES {
            assert!(
                description
                    .rules_in(lang)
                    .is_some_and(|r| r.starts_with('#')),
                "{} has no rules in {lang}",
                description.name
            );
        }
    }
}

#[test]
fn the_built_in_games_in_the_order_the_ui_lists_them() {
    let names: Vec<&str> = tabula_catalog::builtin()
        .entries()
        .iter()
        .map(|e| e.info().name)
        .collect();
    assert_eq!(
        names,
        [
            "toumai",
            "khan-tsin",
            "china-moon",
            "magical-circle",
            "connect-four"
        ]
    );
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "names are unique");
}

#[test]
fn an_unknown_game_is_named_with_every_game_there_is() {
    let e = tabula_catalog::builtin().find("chess").err().unwrap();
    assert_eq!(
        e.to_string(),
        "unknown game `chess` (games: toumai, khan-tsin, china-moon, magical-circle, connect-four)"
    );
    assert_eq!(
        tabula_catalog::builtin().find("Toumai").err().unwrap(),
        RegistryError::UnknownGame {
            name: "Toumai".into(),
            known: "toumai, khan-tsin, china-moon, magical-circle, connect-four".into(),
        }
    );
    assert_eq!(
        tabula_catalog::builtin()
            .find("toumai")
            .unwrap()
            .info()
            .title,
        "Toumaï"
    );
}

#[test]
fn a_catalog_refuses_two_games_of_one_name() {
    let toumai = tabula_catalog::builtin().find("toumai").unwrap();
    let e = tabula_catalog::builtin().with(toumai).err().unwrap();
    assert_eq!(e.to_string(), "two games are called `toumai`");
    let e = Catalog::new(vec![
        toumai,
        tabula_catalog::builtin().find("connect-four").unwrap(),
        toumai,
    ])
    .err()
    .unwrap();
    assert_eq!(
        e,
        RegistryError::DuplicateGame {
            name: "toumai".into()
        }
    );
    let two = Catalog::new(vec![
        toumai,
        tabula_catalog::builtin().find("connect-four").unwrap(),
    ])
    .unwrap();
    assert_eq!(format!("{two:?}"), r#"["toumai", "connect-four"]"#);
    assert!(two.find("khan-tsin").is_err());
}

#[test]
fn api_entries_keep_their_fields_and_order_and_add_the_seats() {
    let c4 = serde_json::to_string(
        tabula_catalog::builtin()
            .find("connect-four")
            .unwrap()
            .info(),
    )
    .unwrap();
    assert_eq!(
        c4,
        r##"{"name":"connect-four","title":"Connect Four","min_players":2,"max_players":2,"default_players":2,"params":[],"levels":["random","beginner","casual","strong","expert"],"level_ratings":{"random":600.0,"beginner":1327.0,"casual":2003.0,"strong":2194.0,"expert":2576.0},"real_time":false,"hidden_information":false,"lessons":true,"seats":[{"name":"red","colour":"#e5484d"},{"name":"yellow","colour":"#f5c451"}]}"##
    );
    let toumai =
        serde_json::to_value(tabula_catalog::builtin().find("toumai").unwrap().info()).unwrap();
    assert_eq!(
        toumai["params"],
        json!([
            {"name": "colours", "kind": "string",
             "help": "with 2 players, the two playing colours among Y, R, B (the third is neutral)",
             "default": "YR", "values": []},
            {"name": "max_plies", "kind": "integer",
             "help": "a draw after this many plies (R11; automated play only)", "default": null,
             "values": []},
            {"name": "placement_round2", "kind": "string",
             "help": "setup round 2 in `reversed` turn order (R1) or in the `same` order as round 1",
             "default": "reversed", "values": ["reversed", "same"]},
            {"name": "swap_lock", "kind": "string",
             "help": "no swap after your `own` swap on your previous turn (R8), or after `any` \
                      swap on the turn just before",
             "default": "own", "values": ["own", "any"]},
        ])
    );
    let mc = serde_json::to_value(
        tabula_catalog::builtin()
            .find("magical-circle")
            .unwrap()
            .info(),
    )
    .unwrap();
    assert_eq!(mc["real_time"], json!(true));
    assert_eq!(mc["hidden_information"], json!(true));
    assert_eq!(mc["default_players"], json!(2));
    assert!(
        mc.get("rules").is_none(),
        "the rules are served on their own"
    );
}

#[test]
fn parameters_are_checked_against_the_description() {
    let entry: &dyn GameEntry = tabula_catalog::builtin().find("toumai").unwrap();
    let error = |params: Value| {
        entry
            .new_game(&params, Setup::Random, &mut rng())
            .err()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        error(json!({"players": 4})),
        "bad parameter players: Toumaï is for 2 to 3 players, not 4"
    );
    assert_eq!(
        error(json!({"players": "two"})),
        "bad parameter players: Toumaï is for 2 to 3 players, not \"two\""
    );
    assert_eq!(
        error(json!({"layout": "1"})),
        "bad parameter layout: toumai has no such parameter (it has: players, colours, max_plies, \
         placement_round2, swap_lock)"
    );
    assert_eq!(
        error(json!({"colours": "YY"})),
        "bad parameter colours: Yellow is named twice in `YY`"
    );
    assert_eq!(
        error(json!(3)),
        "bad parameter params: must be an object, not 3"
    );
    // A value of the wrong type is named by its key, even among good ones.
    let wrong = error(json!({"players": 2, "max_plies": "many", "swap_lock": "own"}));
    assert!(
        wrong.starts_with("bad parameter max_plies: invalid type"),
        "{wrong}"
    );
    let three = entry
        .new_game(&json!({"players": 3}), Setup::Random, &mut rng())
        .unwrap();
    assert_eq!(three.num_seats(), 3);
}

#[test]
fn the_seat_names_are_the_described_colours() {
    for entry in tabula_catalog::builtin().entries() {
        let d = entry.info().description;
        let game = entry
            .new_game(
                &json!({"players": d.max_players}),
                Setup::Random,
                &mut rng(),
            )
            .unwrap();
        for (i, seat) in d.seats.iter().enumerate() {
            let name = game.seat_name(tabula_core::Seat(i as u8));
            assert!(
                name == format!("Seat {}", i + 1) || name.to_lowercase().starts_with(seat.name),
                "{} seat {}: {name} vs {}",
                d.name,
                i + 1,
                seat.name
            );
        }
    }
}

#[test]
fn a_description_that_disagrees_with_its_game_is_caught() {
    use tabula_core::{ParamDescription, SeatDescription};
    use tabula_magical_circle::{DESCRIPTION as MC, MagicalCircle};
    use tabula_toumai::{DESCRIPTION, Toumai};
    const COLOURS_RB: &[ParamDescription] = &[
        ParamDescription {
            name: "colours",
            kind: "string",
            help: "",
            default: Some("RB"),
            values: &[],
        },
        DESCRIPTION.params[1],
        DESCRIPTION.params[2],
        DESCRIPTION.params[3],
    ];
    const FOUR_SEATS: &[SeatDescription] = &[
        DESCRIPTION.seats[0],
        DESCRIPTION.seats[1],
        DESCRIPTION.seats[2],
        DESCRIPTION.seats[2],
    ];
    const GREEN_SECOND: &[SeatDescription] = &[
        DESCRIPTION.seats[0],
        SeatDescription {
            name: "green",
            colour: "#0f0",
        },
        DESCRIPTION.seats[2],
    ];
    const DECK_30: &[ParamDescription] = &[
        ParamDescription {
            name: "deck_step",
            kind: "integer",
            help: "",
            default: Some("30"),
            values: &[],
        },
        MC.params[1],
        MC.params[2],
        MC.params[3],
        MC.params[4],
    ];
    let faults = |d: GameDescription| check_description::<Toumai>(&d);
    assert_eq!(
        faults(GameDescription {
            params: COLOURS_RB,
            ..DESCRIPTION
        }),
        ["parameter `colours`: a game with the described default `RB` is not the default game"]
    );
    assert_eq!(
        faults(GameDescription {
            params: &DESCRIPTION.params[..1],
            ..DESCRIPTION
        }),
        [
            r#"parameters described ["colours", "players"], but Params has ["colours", "max_plies", "placement_round2", "players", "swap_lock"]"#
        ]
    );
    assert_eq!(
        faults(GameDescription {
            max_players: 4,
            seats: FOUR_SEATS,
            ..DESCRIPTION
        }),
        ["4 players: described as allowed, but the game refuses them"]
    );
    assert_eq!(
        faults(GameDescription {
            seats: GREEN_SECOND,
            ..DESCRIPTION
        }),
        ["seat 2: described as green, the game calls it Red"]
    );
    assert_eq!(
        faults(GameDescription {
            name: "toumai2",
            ..DESCRIPTION
        }),
        ["name `toumai2` but the game is `toumai`"]
    );
    assert_eq!(
        faults(GameDescription {
            default_players: 3,
            ..DESCRIPTION
        }),
        ["Params::default() seats 2 players, the description says 3"]
    );
    assert_eq!(
        check_description::<MagicalCircle>(&GameDescription {
            params: DECK_30,
            ..MC
        }),
        ["parameter `deck_step`: described default `30`, Params default 20"]
    );
}

#[test]
fn names_are_said_once() {
    assert_eq!(tabula_toumai::Toumai::NAME, tabula_toumai::DESCRIPTION.name);
    assert_eq!(
        tabula_connect_four::ConnectFour::NAME,
        tabula_connect_four::DESCRIPTION.name
    );
}

/// The memory bound of MCTS trees (`tabula_ai::bounds::MAX_TREE_NODES` nodes of
/// `NODE_BYTES`) holds for every built-in game at its most players.
#[test]
fn a_search_node_of_every_built_in_game_fits_the_documented_size() {
    use tabula_ai::bounds::NODE_BYTES;
    use tabula_ai::mcts::node_bytes;
    /// A game, and the size of an MCTS node of its actions for a number of seats.
    type NodeSize = (&'static GameDescription, fn(usize) -> usize);
    let nodes: [NodeSize; 5] = [
        (
            &tabula_toumai::DESCRIPTION,
            node_bytes::<<tabula_toumai::Toumai as Game>::Action>,
        ),
        (
            &tabula_khan_tsin::DESCRIPTION,
            node_bytes::<<tabula_khan_tsin::KhanTsin as Game>::Action>,
        ),
        (
            &tabula_china_moon::DESCRIPTION,
            node_bytes::<<tabula_china_moon::ChinaMoon as Game>::Action>,
        ),
        (
            &tabula_magical_circle::DESCRIPTION,
            node_bytes::<<tabula_magical_circle::MagicalCircle as Game>::Action>,
        ),
        (
            &tabula_connect_four::DESCRIPTION,
            node_bytes::<<tabula_connect_four::ConnectFour as Game>::Action>,
        ),
    ];
    assert_eq!(nodes.len(), tabula_catalog::builtin().entries().len());
    for (description, bytes) in nodes {
        let bytes = bytes(description.max_players);
        assert!(bytes <= NODE_BYTES, "{}: {bytes} bytes", description.name);
    }
}
