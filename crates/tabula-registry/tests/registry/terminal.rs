//! A game shows itself in a terminal only as its registration says: an entry without a look
//! has none (the host draws it plainly), one registered with a look hands it to the host.

use crate::catalog::{DESCRIPTION, ENTRY};
use crate::unserialisable::Broken;
use tabula_ai::BotFactory;
use tabula_registry::terminal::paint_letters;
use tabula_registry::{Catalog, Colour, Entry, GameEntry, Segment, TerminalLook};

static LOOK: TerminalLook = TerminalLook {
    legends: &[
        ("en", &["r: a red mark"]),
        ("fr", &["r : une marque rouge"]),
    ],
    paint: Some(red_marks),
    ..TerminalLook::PLAIN
};

fn red_marks(line: &str) -> Vec<Segment> {
    paint_letters(line, |c| (c == 'r').then_some((Colour::Red, false)))
}

static WITH_LOOK: Entry<Broken> = Entry::new(&DESCRIPTION, BotFactory::new).with_terminal(&LOOK);

#[test]
fn an_entry_has_a_terminal_look_only_when_registered_with_one() {
    assert!(ENTRY.terminal().is_none());
    let catalog = Catalog::empty().with(&WITH_LOOK).unwrap();
    let look = catalog.find("broken").unwrap().terminal().expect("a look");
    assert_eq!(look.legend("fr"), ["r : une marque rouge"]);
    // A language the look has no legend in shows none.
    assert!(look.legend("cs").is_empty());
    assert!(look.describe.is_none());
    let painted = (look.paint.unwrap())("ar\n");
    assert_eq!(
        painted,
        [
            Segment::plain("a"),
            Segment::ink("r", Colour::Red, false),
            Segment::plain("\n")
        ]
    );
}

#[test]
fn colours_are_named_as_the_games_name_their_seats() {
    assert_eq!(Colour::named("Teal"), Some(Colour::Teal));
    assert_eq!(Colour::named("teal"), None);
    assert_eq!(Colour::named("Seat"), None);
}
