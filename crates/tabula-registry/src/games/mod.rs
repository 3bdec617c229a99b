//! The registered games, one file each: its description and its entry.

use crate::GameEntry;

mod connect_four;

/// Every registered game, in the order the UI lists them.
pub fn all() -> Vec<&'static dyn GameEntry> {
    vec![&connect_four::ENTRY]
}
