//! [`MemoryStore`]: matches kept in memory only, for tests and `tabula serve --memory`.
//! It keeps the same rules as the SQLite store (no duplicate match, no gap in a log), so
//! tests against it catch the same mistakes.

use super::{BoxFuture, LogEntry, MatchRecord, MatchStore, StoreError, StoredMatch, TokenHash};
use sqlx::SqlitePool;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Mutex;
use tabula_core::Seat;

/// A store in memory: nothing survives the process.
#[derive(Debug)]
pub struct MemoryStore {
    inner: Mutex<Inner>,
    /// The people's in-memory database (names, accounts, ratings), rated in when a rated
    /// match ends.
    people: SqlitePool,
}

impl Default for MemoryStore {
    fn default() -> Self {
        // One connection, never closed for idleness or age: the database lives with it. It
        // opens on first use (no runtime is needed to make the store).
        let options = SqliteConnectOptions::from_str("sqlite::memory:").expect("a fixed URL");
        let people = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(0)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_lazy_with(options);
        MemoryStore {
            inner: Mutex::default(),
            people,
        }
    }
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
    fn people_db(&self) -> Option<crate::people::PeopleDb> {
        Some(crate::people::PeopleDb::Memory(self.people.clone()))
    }

    /// Appends, then rates the match in the people's database (nothing here is durable, so
    /// the two need not be one transaction); a rating that fails is logged, and the match
    /// ends unrated.
    fn append_ending<'a>(
        &'a self,
        id: &'a str,
        entries: &'a [LogEntry],
        ending: &'a crate::people::Ending,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            self.append(id, entries, true).await?;
            let rated = async {
                let mut tx = self.people.begin().await.map_err(crate::people::db_err)?;
                crate::people::rate_sqlite(&mut tx, id, ending).await?;
                tx.commit().await.map_err(crate::people::db_err)
            };
            if let Err(e) = rated.await {
                tracing::warn!("match {id} ended unrated: {e}");
            }
            Ok(())
        })
    }

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
