//! The games this process offers (the built-in catalog, or the one a downstream binary gives
//! to [`crate::run_with`]), and finding a game or a bot in them.

use std::sync::OnceLock;
use tabula_registry::{Catalog, DynBot, GameEntry, RegistryError};

/// The games this process offers: the catalog given to [`crate::run_with`].
pub(crate) static CATALOG: OnceLock<Catalog> = OnceLock::new();

/// The games the CLI offers.
pub(crate) fn catalog() -> &'static Catalog {
    #[cfg(test)]
    return CATALOG.get_or_init(tabula_catalog::builtin);
    #[cfg(not(test))]
    CATALOG.get_or_init(Catalog::empty)
}

/// The game called `name` in [`catalog`].
pub(crate) fn find(name: &str) -> Result<&'static dyn GameEntry, RegistryError> {
    catalog().find(name)
}

/// The bot `spec` of the game called `game` in [`catalog`], seeded.
pub(crate) fn make_bot(
    game: &str,
    spec: &str,
    seed: u64,
) -> Result<Box<dyn DynBot>, RegistryError> {
    find(game)?.bot(spec, seed)
}
