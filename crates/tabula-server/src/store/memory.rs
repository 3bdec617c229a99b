//! [`MemoryStore`]: matches kept in memory only, for tests and `tabula serve --memory`.
//! It keeps the same rules as the SQLite store (no duplicate match, no gap in a log), so
//! tests against it catch the same mistakes.

use super::{BoxFuture, LogEntry, MatchRecord, MatchStore, StoreError, StoredMatch, TokenHash};
use std::collections::HashMap;
use std::sync::Mutex;
use tabula_core::Seat;

/// A store in memory: nothing survives the process.
#[derive(Debug, Default)]
pub struct MemoryStore {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    matches: HashMap<String, StoredMatch>,
    /// Creation order, for `unfinished`.
    order: Vec<String>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    fn with<T>(&self, f: impl FnOnce(&mut Inner) -> T) -> T {
        // A panic while holding the lock cannot leave a half-written match (every change
        // below is a single push or assignment), so a poisoned lock is still usable.
        let mut guard = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut guard)
    }
}

impl MatchStore for MemoryStore {
    fn create<'a>(&'a self, record: &'a MatchRecord) -> BoxFuture<'a, Result<(), StoreError>> {
        let result = self.with(|inner| {
            if inner.matches.contains_key(&record.id) {
                return Err(StoreError::Duplicate(record.id.clone()));
            }
            inner.order.push(record.id.clone());
            inner.matches.insert(
                record.id.clone(),
                StoredMatch {
                    record: record.clone(),
                    log: Vec::new(),
                    finished: false,
                },
            );
            Ok(())
        });
        Box::pin(async move { result })
    }

    fn append<'a>(
        &'a self,
        id: &'a str,
        entries: &'a [LogEntry],
        finished: bool,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        let result = self.with(|inner| {
            let m = inner
                .matches
                .get_mut(id)
                .ok_or_else(|| StoreError::Missing(id.to_string()))?;
            for (i, e) in entries.iter().enumerate() {
                let want = (m.log.len() + i) as u64;
                if e.ply != want {
                    return Err(StoreError::Gap {
                        id: id.to_string(),
                        got: e.ply,
                        have: want,
                    });
                }
            }
            m.log.extend_from_slice(entries);
            m.finished = finished;
            Ok(())
        });
        Box::pin(async move { result })
    }

    fn set_joined<'a>(&'a self, id: &'a str, seat: Seat) -> BoxFuture<'a, Result<(), StoreError>> {
        let result = self.with(|inner| {
            let m = inner
                .matches
                .get_mut(id)
                .ok_or_else(|| StoreError::Missing(id.to_string()))?;
            if let Some(s) = m.record.seats.get_mut(seat.index()) {
                s.joined = true;
            }
            Ok(())
        });
        Box::pin(async move { result })
    }

    fn join_open_seat<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        token_hash: TokenHash,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        let result = self.with(|inner| {
            let m = inner
                .matches
                .get_mut(id)
                .ok_or_else(|| StoreError::Missing(id.to_string()))?;
            match m.record.seats.get_mut(seat.index()) {
                Some(s) if s.open && !s.joined => {
                    s.token_hash = Some(token_hash);
                    s.joined = true;
                    Ok(())
                }
                _ => Err(StoreError::SeatNotOpen {
                    id: id.to_string(),
                    seat: seat.number(),
                }),
            }
        });
        Box::pin(async move { result })
    }

    fn load<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<StoredMatch>, StoreError>> {
        let found = self.with(|inner| inner.matches.get(id).cloned());
        Box::pin(async move { Ok(found) })
    }

    fn finished_newest(&self, limit: usize) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        let ids = self.with(|inner| {
            let mut finished: Vec<(u64, &String)> = inner
                .matches
                .iter()
                .filter(|(_, m)| m.finished)
                .map(|(id, m)| (m.record.created_at, id))
                .collect();
            finished.sort_unstable_by(|a, b| b.cmp(a));
            finished
                .into_iter()
                .take(limit)
                .map(|(_, id)| id.clone())
                .collect()
        });
        Box::pin(async move { Ok(ids) })
    }

    fn unfinished(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        let ids = self.with(|inner| {
            inner
                .order
                .iter()
                .filter(|id| inner.matches.get(*id).is_some_and(|m| !m.finished))
                .cloned()
                .collect()
        });
        Box::pin(async move { Ok(ids) })
    }
}
