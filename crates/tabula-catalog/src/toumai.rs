//! Toumaï (Cosmoludo).

use tabula_ai::BotFactory;
use tabula_registry::{Entry, Ladder};
use tabula_toumai::Toumai;

pub static ENTRY: Entry<Toumai> = Entry::new(&tabula_toumai::DESCRIPTION, || {
    BotFactory::new().with_alphabeta()
})
.with_ladder(&LADDER)
.with_themes(tabula_toumai::puzzle_themes)
.with_terminal(&crate::terminal::toumai::LOOK);

/// The levels' ladder, each against the one below (docs/performance.md, "Bot strength",
/// 2 December 2026): their estimated ratings.
static LADDER: Ladder = Ladder {
    players: 2,
    games: 100,
    scores: &[1.0, 0.955, 0.82, 0.89],
};
