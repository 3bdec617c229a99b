//! The registered games, one file each: its entry (the game crate's description and the
//! game's bots).

use crate::{GameEntry, IndexedEntry};

mod china_moon;
mod connect_four;
mod khan_tsin;
pub mod magical_circle;
mod toumai;

/// Every registered game, in the order the UI lists them.
pub fn all() -> Vec<&'static dyn GameEntry> {
    vec![
        &toumai::ENTRY,
        &khan_tsin::ENTRY,
        &china_moon::ENTRY,
        &magical_circle::ENTRY,
        &connect_four::ENTRY,
    ]
}

/// Every registered game with integer actions and observations, in the order of [`all`].
pub fn all_indexed() -> Vec<&'static dyn IndexedEntry> {
    vec![
        &toumai::ENTRY,
        &khan_tsin::ENTRY,
        &china_moon::ENTRY,
        &magical_circle::ENTRY,
        &connect_four::ENTRY,
    ]
}
