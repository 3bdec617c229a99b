//! [`Catalog`]: the games a server offers and how it makes their bots. The product serves
//! every registered game ([`Catalog::registered`]); tests may add games of their own.

use std::sync::Arc;
use tabula_registry::{DynBot, GameEntry, RegistryError, games, make_bot};

/// Makes the bot of a level for a game: `(game, level, seed)`.
pub type BotFactory =
    Arc<dyn Fn(&str, &str, u64) -> Result<Box<dyn DynBot>, RegistryError> + Send + Sync>;

/// The games a server offers.
#[derive(Clone)]
pub struct Catalog {
    entries: Vec<&'static dyn GameEntry>,
    bots: BotFactory,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.entries.iter().map(|e| e.info().name))
            .finish()
    }
}

impl Catalog {
    /// Every game in `tabula_registry::games::all()`, with the registry's bots.
    pub fn registered() -> Catalog {
        Catalog::new(games::all(), Arc::new(make_bot))
    }

    /// The games `entries`, whose bots `bots` makes.
    pub fn new(entries: Vec<&'static dyn GameEntry>, bots: BotFactory) -> Catalog {
        Catalog { entries, bots }
    }

    /// The games served, in the order `/api/games` lists them.
    pub fn entries(&self) -> &[&'static dyn GameEntry] {
        &self.entries
    }

    /// The game called `name`.
    pub fn find(&self, name: &str) -> Result<&'static dyn GameEntry, RegistryError> {
        self.entries
            .iter()
            .find(|e| e.info().name == name)
            .copied()
            .ok_or_else(|| RegistryError::UnknownGame {
                name: name.to_string(),
                known: self
                    .entries
                    .iter()
                    .map(|e| e.info().name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// A bot of `level` for `game`, seeded.
    pub fn bot(
        &self,
        game: &str,
        level: &str,
        seed: u64,
    ) -> Result<Box<dyn DynBot>, RegistryError> {
        (self.bots)(game, level, seed)
    }
}
