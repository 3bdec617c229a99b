//! China Moon (Bruno Faidutti), with boards as data.

use tabula_ai::BotFactory;
use tabula_china_moon::ChinaMoon;
use tabula_registry::{Entry, Ladder};

pub static ENTRY: Entry<ChinaMoon> = Entry::new(&tabula_china_moon::DESCRIPTION, BotFactory::new)
    .with_ladder(&LADDER)
    .with_terminal(&crate::terminal::china_moon::LOOK);

/// The levels' ladder, each against the one below (docs/performance.md, "Bot strength",
/// 2 December 2026): their estimated ratings.
static LADDER: Ladder = Ladder {
    players: 3,
    games: 100,
    scores: &[0.935, 0.87, 0.60, 0.508],
};
