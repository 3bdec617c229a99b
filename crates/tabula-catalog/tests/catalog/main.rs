//! The built-in catalog's tests (its games through the registry: descriptions, type-erased
//! games and bots, indexed actions, levels, rules' translations), one binary: each module is
//! one subject.

mod catalog;
mod connect_four_expert;
mod dyn_bots;
mod dyn_pairing;
mod indexed;
mod level_ratings;
mod magical_circle_levels;
mod rules_translations;
mod status;
mod terminal;

use tabula_registry::{DynBot, RegistryError};

/// The bot `spec` of the built-in game `game`, seeded.
fn make_bot(game: &str, spec: &str, seed: u64) -> Result<Box<dyn DynBot>, RegistryError> {
    tabula_catalog::builtin().find(game)?.bot(spec, seed)
}
