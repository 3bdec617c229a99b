//! Several server instances on one PostgreSQL database ([`Hub::join_cluster`]).
//!
//! Every instance keeps every unfinished match in memory, as a single instance does, and
//! follows the others through the database:
//! - Which action wins a ply is decided by the database (`store/postgres.rs`): an actor whose
//!   append is behind the stored log answers 409 and reloads the match (`Actor::catch_up`).
//! - Every write notifies (`LISTEN/NOTIFY`, [`PgNotices`]), the writer too. On a notice for
//!   a match in memory its actor takes in what it does not have yet: an append's entries
//!   (carried by the notice, or read from the log's end when it could not carry them), a
//!   join's seat and token hash; it publishes, and so its WebSockets are pushed the move.
//!   What the instance wrote itself it has already, and reads nothing back. A match
//!   created elsewhere is loaded, so the lobby and the match list are the same everywhere.
//!   A notice for a match being loaded or created here waits for that to end. After the
//!   listener reconnects (notices may have been lost meanwhile) every match is read again.
//! - A chat message stored or hidden on one instance is pushed by every instance holding the
//!   match to its own sockets (`Notice::Chat`).
//! - Bots and the hourglass run only where the match's lease is held ([`Cluster::leads`]):
//!   every [`LEASE_RENEW`] an instance renews its leases and claims those nobody holds or
//!   whose holder stopped renewing for [`LEASE_TTL`] (one statement for all its matches).
//!   An instance that gains a match's lease reads the entries stored since its own last
//!   one, and the match's bots and hourglass start there.
//!   Should two instances ever both believe they lead, the database still takes one action
//!   per ply.

use super::{Command, Hub, MatchHandle};
use crate::store::{Notice, PgNotices, PgStore, StoreError};
use std::collections::HashSet;
use std::sync::{Arc, RwLock, Weak};
use std::time::Duration;

/// How often an instance renews its leases and claims free ones.
pub const LEASE_RENEW: Duration = Duration::from_millis(1000);

/// How long a lease lasts unless renewed: another instance takes a match over at most this
/// long (plus one [`LEASE_RENEW`]) after its holder stopped.
pub const LEASE_TTL: Duration = Duration::from_millis(3000);

/// This instance's part in a cluster: its name and the matches whose lease it holds.
pub(crate) struct Cluster {
    /// This instance's name in the `leases` table (random, new at each start).
    pub holder: String,
    store: PgStore,
    held: RwLock<HashSet<String>>,
}

impl Cluster {
    /// Whether this instance runs the bots and the hourglass of match `id`.
    pub fn leads(&self, id: &str) -> bool {
        self.held
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .contains(id)
    }
}

impl Hub {
    /// Makes this hub one instance of several on the database of `store` (the store it was
    /// made with): starts listening to the database's notifications, then the leases. Call
    /// before [`Hub::restore`], so that nothing written meanwhile is missed.
    pub async fn join_cluster(self: &Arc<Hub>, store: PgStore) -> Result<(), StoreError> {
        let notices = PgNotices::connect(store.url()).await?;
        let holder = format!("{:016x}", rand::random::<u64>());
        let cluster = Arc::new(Cluster {
            holder,
            store,
            held: RwLock::new(HashSet::new()),
        });
        if self.services.cluster.set(cluster.clone()).is_err() {
            return Err(StoreError::Database(
                "the hub is already in a cluster".into(),
            ));
        }
        tokio::spawn(follow(Arc::downgrade(self), notices));
        tokio::spawn(renew(Arc::downgrade(self), cluster));
        Ok(())
    }

    /// Gives up this instance's leases (when it stops), so that others take its matches over
    /// at once.
    pub async fn leave_cluster(&self) {
        if let Some(cluster) = self.services.cluster.get() {
            cluster
                .held
                .write()
                .unwrap_or_else(|p| p.into_inner())
                .clear();
            if let Err(e) = cluster.store.release_leases(&cluster.holder).await {
                tracing::warn!("the leases were not released: {e}");
            }
        }
    }

    /// The unfinished matches in memory.
    fn unfinished_handles(&self) -> Vec<MatchHandle> {
        self.read_index()
            .matches
            .values()
            .filter(|h| !h.current().over())
            .cloned()
            .collect()
    }

    fn handle_in_memory(&self, id: &str) -> Option<MatchHandle> {
        self.read_index().matches.get(id).cloned()
    }

    /// The match `id` if it is in memory once any load or creation of it under way has
    /// ended: a load that read the store before a notice's write committed puts the match in
    /// memory without that write, so the notice must reach it then (at start, the follower
    /// runs while the unfinished matches are restored); and a match created here may be
    /// joined elsewhere before this instance has put it in memory.
    async fn handle_after_loads(&self, id: &str) -> Option<MatchHandle> {
        if let Some(handle) = self.handle_in_memory(id) {
            return Some(handle);
        }
        self.created(id).await;
        let _loaded = self.loading.lock().await;
        self.handle_in_memory(id)
    }
}

/// Tells the actor of a match to read it again from the database.
async fn catch_up(handle: &MatchHandle) {
    // A full queue means the actor has work queued already; it is told anyway.
    let _ = handle.commands.send(Command::CatchUp).await;
}

/// Follows the database's notifications for as long as the hub lives.
async fn follow(hub: Weak<Hub>, mut notices: PgNotices) {
    loop {
        let notice = notices.next().await;
        let Some(hub) = hub.upgrade() else { return };
        match notice {
            Notice::Appended {
                id,
                next_ply,
                entries,
            } => {
                if let Some(h) = hub.handle_after_loads(&id).await
                    && h.current().rev < next_ply
                {
                    h.send(Command::Appended {
                        next_ply,
                        carried: entries,
                    })
                    .await;
                }
            }
            Notice::Joined {
                id,
                seat,
                token_hash,
            } => {
                if let Some(h) = hub.handle_after_loads(&id).await {
                    h.send(Command::SeatJoined { seat, token_hash }).await;
                }
            }
            // The instance that creates a match puts it in memory itself.
            Notice::Created { id } if hub.is_creating(&id) => {}
            Notice::Created { id } => {
                if let Err(e) = hub.get(&id).await {
                    tracing::warn!("match {id}, created elsewhere, does not load: {e}");
                }
            }
            Notice::Chat {
                id,
                message,
                hidden,
            } => chat_notice(&hub, &id, message, hidden).await,
            Notice::Reconnected => {
                for h in hub.unfinished_handles() {
                    catch_up(&h).await;
                }
                if let Err(e) = hub.restore().await {
                    tracing::warn!("the matches created meanwhile do not load: {e}");
                }
            }
        }
    }
}

/// Pushes a chat message stored (or hidden) by another instance to this instance's sockets
/// of the match, if it is in memory.
async fn chat_notice(hub: &Hub, id: &str, message: String, hidden: bool) {
    use crate::people::ChatEvent;
    let Some(handle) = hub.handle_in_memory(id) else {
        return;
    };
    if hidden {
        handle.shared.publish_chat(ChatEvent::Hidden(message));
        return;
    }
    let found = match hub.people().await {
        Ok(people) => people.pool.chat_message(id, &message).await.ok().flatten(),
        Err(_) => None,
    };
    match found {
        Some(m) => handle.shared.publish_chat(ChatEvent::Posted(Arc::new(m))),
        None => tracing::debug!("chat message {message} of match {id} is not readable"),
    }
}

/// Renews and claims leases every [`LEASE_RENEW`] for as long as the hub lives.
async fn renew(hub: Weak<Hub>, cluster: Arc<Cluster>) {
    let mut tick = tokio::time::interval(LEASE_RENEW);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let Some(hub) = hub.upgrade() else { return };
        let handles = hub.unfinished_handles();
        let ids: Vec<String> = handles.iter().map(|h| h.shared.record.id.clone()).collect();
        let held: HashSet<String> = match cluster
            .store
            .claim_leases(&cluster.holder, &ids, LEASE_TTL)
            .await
        {
            Ok(held) => held.into_iter().collect(),
            Err(e) => {
                // Unsure what it holds, the instance leads nothing until the database answers.
                tracing::warn!("the leases were not renewed: {e}");
                HashSet::new()
            }
        };
        let gained: Vec<&MatchHandle> = {
            let mut mine = cluster.held.write().unwrap_or_else(|p| p.into_inner());
            let gained = handles
                .iter()
                .filter(|h| {
                    held.contains(&h.shared.record.id) && !mine.contains(&h.shared.record.id)
                })
                .collect();
            *mine = held;
            gained
        };
        for h in gained {
            h.send(Command::LeaseGained).await;
        }
    }
}
