//! The append of an actor's entries, rating the match where they end a rated one: the ranks
//! (the game's, or the table's when it ended there: a resignation, a draw agreed, a flag
//! fallen) go with the entries to the store, which rates the match in the transaction that
//! ends it (`people/ratings.rs`).

use super::Actor;
use crate::live::Table;
use crate::people::{Ending, is_rated};
use crate::store::{LogEntry, StoreError};
use tabula_registry::game_status;

impl Actor {
    /// Stores `entries` durably; `over`: they end the match, whose table after them is
    /// `table`. The future holds no reference to the actor (which is not `Sync`).
    pub(super) fn store_entries(
        &self,
        entries: &[LogEntry],
        over: bool,
        table: &Table,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        let record = &self.shared.record;
        let ranks = match &table.ending {
            _ if !over || !is_rated(&record.params) => None,
            Some(ending) => Some(ending.ranks.clone()),
            None => game_status(self.game.as_ref()).result.map(|r| r.ranks),
        };
        let ending = ranks.map(|ranks| Ending {
            game: record.game.clone(),
            ranks,
        });
        let (store, id) = (self.services.store.clone(), record.id.clone());
        let entries = entries.to_vec();
        async move {
            match ending {
                Some(ending) => store.append_ending(&id, &entries, &ending).await,
                None => store.append(&id, &entries, over).await,
            }
        }
    }
}
