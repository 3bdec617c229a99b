//! A catalog holds exactly the games it is given: the registry names none of its own.

use crate::unserialisable::Broken;
use tabula_ai::BotFactory;
use tabula_registry::{Catalog, Entry, GameDescription, RegistryError, SeatDescription};

pub(crate) static DESCRIPTION: GameDescription = GameDescription {
    name: "broken",
    title: "Broken",
    min_players: 2,
    max_players: 2,
    default_players: 2,
    params: &[],
    real_time: false,
    draws_by_agreement: false,
    hidden_information: false,
    seats: &[
        SeatDescription {
            name: "red",
            colour: "#c00",
        },
        SeatDescription {
            name: "blue",
            colour: "#00c",
        },
    ],
    rules: "One move.\n",
    translations: &[],
    lessons: None,
    puzzles: None,
    commands: &[],
};

pub(crate) static ENTRY: Entry<Broken> = Entry::new(&DESCRIPTION, BotFactory::new);

#[test]
fn an_empty_catalog_knows_no_game_not_even_a_shipped_one() {
    let empty = Catalog::empty();
    assert!(empty.entries().is_empty());
    for name in ["toumai", "connect-four"] {
        assert_eq!(
            empty.find(name).err(),
            Some(RegistryError::UnknownGame {
                name: name.into(),
                known: String::new()
            })
        );
    }
}

#[test]
fn a_game_registered_without_integer_actions_is_found_but_not_as_indexed() {
    let catalog = Catalog::empty().with(&ENTRY).unwrap();
    assert_eq!(catalog.find("broken").unwrap().info().title, "Broken");
    assert!(catalog.indexed_entries().is_empty());
    let e = catalog.find_indexed("broken").err().unwrap();
    assert_eq!(
        e,
        RegistryError::NotIndexed {
            name: "broken".into()
        }
    );
    assert!(e.to_string().contains("Catalog::with_indexed"), "{e}");
    assert!(matches!(
        catalog.find_indexed("chess"),
        Err(RegistryError::UnknownGame { .. })
    ));
}

#[test]
fn a_name_registered_twice_is_refused() {
    let e = Catalog::new(vec![&ENTRY, &ENTRY]).err().unwrap();
    assert_eq!(
        e,
        RegistryError::DuplicateGame {
            name: "broken".into()
        }
    );
}
