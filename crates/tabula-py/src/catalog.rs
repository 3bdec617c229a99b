//! The games this module offers: the catalog it was initialised with ([`init_module`]), the
//! built-in games (`tabula_catalog::builtin()`) for the module `tabula._tabula` itself. Every
//! function of the module finds its game here, so a game a downstream crate registers is seen
//! exactly as a built-in one.

use pyo3::prelude::*;
use std::sync::OnceLock;
use tabula_registry::{Catalog, DynBot, GameEntry, IndexedEntry, RegistryError};

static CATALOG: OnceLock<Catalog> = OnceLock::new();

/// The games this module offers.
pub(crate) fn catalog() -> &'static Catalog {
    CATALOG.get_or_init(tabula_catalog::builtin)
}

/// The game called `name`.
pub(crate) fn find(name: &str) -> Result<&'static dyn GameEntry, RegistryError> {
    catalog().find(name)
}

/// The game called `name`, with integer actions and observations.
pub(crate) fn find_indexed(name: &str) -> Result<&'static dyn IndexedEntry, RegistryError> {
    catalog().find_indexed(name)
}

/// The bot `spec` (a level, `random` or a search specification) of the game called `game`,
/// seeded.
pub(crate) fn make_bot(
    game: &str,
    spec: &str,
    seed: u64,
) -> Result<Box<dyn DynBot>, RegistryError> {
    find(game)?.bot(spec, seed)
}

/// Fills `module` with this package's functions and classes, offering the games of `games`:
/// what a downstream crate's own extension module calls to offer its games to Python beside
/// (or instead of) the built-in ones (register them with `Catalog::with_indexed`). The first
/// catalog given in a process stays; a second, different one is refused.
pub fn init_module(module: &Bound<'_, PyModule>, games: Catalog) -> PyResult<()> {
    let names = |c: &Catalog| -> Vec<&str> { c.entries().iter().map(|e| e.info().name).collect() };
    let wanted = names(&games);
    let kept = CATALOG.get_or_init(|| games);
    if names(kept) != wanted {
        return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
            "this process already offers the games {:?}, not {wanted:?}",
            names(kept)
        )));
    }
    crate::add_contents(module)
}
