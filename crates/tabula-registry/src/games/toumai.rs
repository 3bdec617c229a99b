//! Toumaï (Cosmoludo).

use crate::Entry;
use tabula_ai::BotFactory;
use tabula_toumai::Toumai;

pub static ENTRY: Entry<Toumai> = Entry::new(&tabula_toumai::DESCRIPTION, || {
    BotFactory::new().with_alphabeta()
});
