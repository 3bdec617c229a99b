//! The registered games, one file each: its description and its entry.

use crate::GameEntry;

mod connect_four;
mod magical_circle;

/// Every registered game, in the order the UI lists them.
pub fn all() -> Vec<&'static dyn GameEntry> {
    vec![&magical_circle::ENTRY, &connect_four::ENTRY]
}
