//! # tabula-catalog
//!
//! The games Tabula ships, registered exactly as a crate outside Tabula registers its own: each
//! game's [`tabula_registry::Entry`] (its crate's description and the game's bots, one module
//! per game, and how it shows itself in a terminal, in the module `terminal`) and [`builtin`], the catalog of them all that the `tabula` binary, the server's
//! product and the Python package offer. The registry itself names no game.
//!
//! A downstream crate adds its games to this catalog
//! (`tabula_catalog::builtin().with_indexed(&MY_ENTRY)`, or `.with(…)` for a game without
//! integer actions) and hands the result to `tabula::run_with`.

#![warn(missing_docs)]

mod china_moon;
mod connect_four;
mod khan_tsin;
pub mod magical_circle;
mod terminal;
mod toumai;

use tabula_registry::Catalog;

/// Every game Tabula ships, in the order the UI lists them, each with its integer actions and
/// observations (Python, reinforcement learning).
pub fn builtin() -> Catalog {
    Catalog::empty()
        .with_indexed(&toumai::ENTRY)
        .and_then(|c| c.with_indexed(&khan_tsin::ENTRY))
        .and_then(|c| c.with_indexed(&china_moon::ENTRY))
        .and_then(|c| c.with_indexed(&magical_circle::ENTRY))
        .and_then(|c| c.with_indexed(&connect_four::ENTRY))
        .expect("the built-in games have distinct names")
}
