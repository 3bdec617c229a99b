//! A store for fault tests: the memory store, whose appends or lobby joins fail on demand
//! (as a full disk would: [`StoreError::Unavailable`]), counting the appends and loads it is
//! asked for, and running a test's hook once a match is created.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use tabula_core::Seat;
use tabula_server::store::{BoxFuture, LogEntry, MatchRecord, StoredMatch, TokenHash};
use tabula_server::{MatchStore, MemoryStore, StoreError};

/// The memory store with switchable faults and counters.
#[derive(Default)]
pub struct FaultyStore {
    pub inner: MemoryStore,
    /// While set, every append fails.
    pub fail_appends: AtomicBool,
    /// While set, every lobby join fails.
    pub fail_joins: AtomicBool,
    /// While set, every append is stored and then answered as of unknown outcome (a
    /// connection lost after `COMMIT` was sent).
    pub unknown_appends: AtomicBool,
    /// Appends asked for (failed ones included).
    pub appends: AtomicUsize,
    /// Matches asked to be loaded.
    pub loads: AtomicUsize,
    /// Run with the match's id once a creation is stored, before the creation is answered.
    pub after_create: OnceLock<AfterCreate>,
}

/// A hook run after a creation is stored (see [`FaultyStore::after_create`]).
pub type AfterCreate = Box<dyn Fn(String) -> BoxFuture<'static, ()> + Send + Sync>;

fn disk_full<'a>() -> BoxFuture<'a, Result<(), StoreError>> {
    Box::pin(async { Err(StoreError::Unavailable("disk full".into())) })
}

impl MatchStore for FaultyStore {
    fn create<'a>(&'a self, r: &'a MatchRecord) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            self.inner.create(r).await?;
            if let Some(hook) = self.after_create.get() {
                hook(r.id.clone()).await;
            }
            Ok(())
        })
    }
    fn append<'a>(
        &'a self,
        id: &'a str,
        entries: &'a [LogEntry],
        finished: bool,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        self.appends.fetch_add(1, Ordering::SeqCst);
        if self.fail_appends.load(Ordering::SeqCst) {
            return disk_full();
        }
        if self.unknown_appends.load(Ordering::SeqCst) {
            return Box::pin(async move {
                self.inner.append(id, entries, finished).await?;
                Err(StoreError::OutcomeUnknown(
                    "connection lost during COMMIT".into(),
                ))
            });
        }
        self.inner.append(id, entries, finished)
    }
    fn set_joined<'a>(&'a self, id: &'a str, seat: Seat) -> BoxFuture<'a, Result<(), StoreError>> {
        self.inner.set_joined(id, seat)
    }
    fn join_open_seat<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        hash: TokenHash,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        if self.fail_joins.load(Ordering::SeqCst) {
            return disk_full();
        }
        self.inner.join_open_seat(id, seat, hash)
    }
    fn load<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<StoredMatch>, StoreError>> {
        self.loads.fetch_add(1, Ordering::SeqCst);
        self.inner.load(id)
    }
    fn unfinished(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        self.inner.unfinished()
    }
}
