//! Khan-Tsin (Cosmoludo).

use tabula_ai::BotFactory;
use tabula_khan_tsin::KhanTsin;
use tabula_registry::{Entry, Ladder};

pub static ENTRY: Entry<KhanTsin> = Entry::new(&tabula_khan_tsin::DESCRIPTION, || {
    BotFactory::new().with_alphabeta()
})
.with_ladder(&LADDER)
.with_themes(tabula_khan_tsin::puzzle_themes)
.with_terminal(&crate::terminal::khan_tsin::LOOK);

/// The levels' ladder, each against the one below (docs/performance.md, "Bot strength",
/// 2 December 2026): their estimated ratings.
static LADDER: Ladder = Ladder {
    players: 2,
    games: 100,
    scores: &[0.93, 1.0, 0.86, 0.80],
};
