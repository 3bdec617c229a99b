//! The hub's index of the matches in memory: by id, by age (the lobby reads it newest first)
//! and the finished ones in the order they ended (the oldest are evicted first). Nothing the
//! server does often — creating a match, listing the lobby, a restart — scans every match.
//!
//! At start the newest finished matches are loaded into it ([`FINISHED_AT_START`]), so that
//! the match list shows after a restart what it showed before.

use super::{Hub, KEEP_FINISHED, MatchHandle, RestoreReport};
use crate::ApiError;
use std::collections::{BTreeSet, HashMap, VecDeque};

/// The matches in memory, indexed so that nothing the server does often scans them all.
#[derive(Default)]
pub(super) struct Index {
    pub matches: HashMap<String, MatchHandle>,
    /// Every match in memory by `(created_at, id)`: the lobby reads it newest first.
    pub by_age: BTreeSet<(u64, String)>,
    /// The finished matches in memory, in the order they were noted: the oldest are evicted.
    pub finished: VecDeque<String>,
}

impl Index {
    /// Adds (or replaces) a match.
    pub fn insert(&mut self, handle: MatchHandle) {
        let (created_at, id) = (
            handle.shared.record.created_at,
            handle.shared.record.id.clone(),
        );
        self.by_age.insert((created_at, id.clone()));
        if let Some(old) = self.matches.insert(id, handle) {
            let o = &old.shared.record;
            if o.created_at != created_at {
                self.by_age.remove(&(o.created_at, o.id.clone()));
            }
        }
    }

    /// Forgets a match.
    pub fn remove(&mut self, id: &str) {
        if let Some(h) = self.matches.remove(id) {
            self.by_age
                .remove(&(h.shared.record.created_at, id.to_string()));
        }
    }

    /// Unfinished matches in memory.
    pub fn unfinished(&self) -> usize {
        self.matches.len().saturating_sub(self.finished.len())
    }
}

/// How many finished matches a starting server loads (the newest): as many as the match
/// list shows at most, so the list of a restarted server is the list it had (its newest
/// entries are the newest matches, finished or not, and the finished ones among them are
/// among the newest finished). Within [`KEEP_FINISHED`].
pub const FINISHED_AT_START: usize = 500;

impl Hub {
    /// Loads the [`FINISHED_AT_START`] newest finished matches of the store into memory,
    /// oldest first (the newest are then evicted last). One that does not replay is added to
    /// `report.failed`.
    pub(super) async fn load_finished(&self, report: &mut RestoreReport) -> Result<(), ApiError> {
        let ids = self
            .services
            .store
            .finished_newest(FINISHED_AT_START.min(KEEP_FINISHED))
            .await
            .map_err(ApiError::from_store)?;
        for id in ids.iter().rev() {
            if let Err(e) = self.get(id).await {
                report.failed.push((id.clone(), e.message));
            }
        }
        Ok(())
    }

    /// Moves the matches whose actor has ended into the finished queue.
    pub(super) fn note_ended(&self, index: &mut Index) {
        let ended = std::mem::take(
            &mut *self
                .services
                .ended
                .lock()
                .unwrap_or_else(|p| p.into_inner()),
        );
        for id in ended {
            if index.matches.contains_key(&id) {
                index.finished.push_back(id);
            }
        }
    }

    /// Forgets the finished matches noted first beyond [`KEEP_FINISHED`] (they stay in the
    /// store and are loaded again when asked for). Each costs O(log n): nothing is scanned.
    pub(super) fn evict_finished(index: &mut Index) {
        while index.finished.len() > KEEP_FINISHED {
            if let Some(id) = index.finished.pop_front() {
                index.remove(&id);
            }
        }
    }

    /// Matches in memory, newest first, that `keep` accepts, at most `limit`: the cost grows
    /// with the matches looked at, not with every match in memory.
    pub(crate) fn newest_first(
        &self,
        limit: usize,
        mut keep: impl FnMut(&MatchHandle) -> bool,
    ) -> Vec<MatchHandle> {
        let index = self.read_index();
        index
            .by_age
            .iter()
            .rev()
            .filter_map(|(_, id)| index.matches.get(id))
            .filter(|h| keep(h))
            .take(limit)
            .cloned()
            .collect()
    }

    pub(super) fn read_index(&self) -> std::sync::RwLockReadGuard<'_, Index> {
        self.matches.read().unwrap_or_else(|p| p.into_inner())
    }

    pub(super) fn write_index(&self) -> std::sync::RwLockWriteGuard<'_, Index> {
        self.matches.write().unwrap_or_else(|p| p.into_inner())
    }
}
