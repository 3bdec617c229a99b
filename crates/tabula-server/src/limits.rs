//! The server's limits, all configurable (`tabula serve --help`, `docs/api.md` "Limits"), and
//! the small pieces of state that enforce the per-client and per-match ones: a token bucket
//! per client address for match creation, and a count of open WebSockets per match.
//!
//! Connection-level limits (header-read and idle timeouts, the cap on open connections) are
//! enforced by the accept loop (`conn.rs`); cross-site checks by `api::guard`.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Every limit of a server. `Limits::default()` are the documented defaults.
#[derive(Clone, Debug)]
pub struct Limits {
    /// How long a client may take to send a request's headers, from the moment the connection
    /// is open or the previous response was sent.
    pub header_read_timeout: Duration,
    /// How long a connection may stay open without a byte read or written (WebSockets are
    /// pinged by the server and close when their peer is gone).
    pub idle_timeout: Duration,
    /// The most connections open at once (HTTP and WebSocket); beyond it new connections are
    /// answered 503 and closed.
    pub max_connections: usize,
    /// The most WebSockets open on one match.
    pub max_sockets_per_match: usize,
    /// Match creations allowed per client address and minute (a token bucket refilled at this
    /// rate).
    pub creations_per_minute: u32,
    /// How many creations a client may make at once before the rate applies.
    pub creation_burst: u32,
    /// The most unfinished matches held in memory; creating one more answers 503.
    pub max_live_matches: usize,
    /// Origins allowed besides the server's own for WebSocket upgrades and state-changing
    /// requests, as browsers send them (`https://example.org`, no path).
    pub allowed_origins: Vec<String>,
    /// How long an unfinished match stays in the lobby without any move or join.
    pub lobby_ttl: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_read_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(120),
            max_connections: 1024,
            max_sockets_per_match: 32,
            creations_per_minute: 30,
            creation_burst: 10,
            max_live_matches: 10_000,
            allowed_origins: Vec::new(),
            lobby_ttl: Duration::from_secs(30 * 60),
        }
    }
}

/// A client's creation bucket.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Creation rate per client address: a token bucket each.
#[derive(Debug)]
pub(crate) struct CreationRate {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// Buckets kept before idle (full) ones are dropped.
const BUCKETS_BEFORE_SWEEP: usize = 4096;

impl CreationRate {
    pub fn new(limits: &Limits) -> CreationRate {
        CreationRate {
            per_second: f64::from(limits.creations_per_minute) / 60.0,
            burst: f64::from(limits.creation_burst.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one creation for `client`: `Err(wait)` when its bucket is empty, with how long
    /// until the next one is allowed.
    pub fn take(&self, client: IpAddr) -> Result<(), Duration> {
        self.take_at(client, Instant::now())
    }

    fn take_at(&self, client: IpAddr, now: Instant) -> Result<(), Duration> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= BUCKETS_BEFORE_SWEEP {
            let (rate, burst) = (self.per_second, self.burst);
            buckets.retain(|_, b| b.tokens + rate * (now - b.at).as_secs_f64() < burst);
        }
        let bucket = buckets.entry(client).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let refilled =
            (bucket.tokens + self.per_second * (now - bucket.at).as_secs_f64()).min(self.burst);
        bucket.at = now;
        if refilled >= 1.0 {
            bucket.tokens = refilled - 1.0;
            Ok(())
        } else {
            bucket.tokens = refilled;
            if self.per_second <= 0.0 {
                return Err(Duration::from_secs(60));
            }
            Err(Duration::from_secs_f64((1.0 - refilled) / self.per_second))
        }
    }
}

/// Open WebSockets per match.
#[derive(Debug, Default)]
pub(crate) struct SocketCounts {
    open: Mutex<HashMap<String, usize>>,
}

/// One open WebSocket of a match; dropping it frees its place.
pub(crate) struct SocketSlot {
    counts: Arc<SocketCounts>,
    id: String,
}

impl SocketCounts {
    /// A place for one more socket on match `id`, unless it already has `max`.
    pub fn open(self: &Arc<Self>, id: &str, max: usize) -> Option<SocketSlot> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let n = open.entry(id.to_string()).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(SocketSlot {
            counts: self.clone(),
            id: id.to_string(),
        })
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = open.get_mut(&self.id) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(per_minute: u32, burst: u32) -> CreationRate {
        CreationRate::new(&Limits {
            creations_per_minute: per_minute,
            creation_burst: burst,
            ..Limits::default()
        })
    }

    #[test]
    fn a_client_gets_its_burst_then_the_rate() {
        let r = rate(60, 3);
        let a: IpAddr = [10, 0, 0, 1].into();
        let t = Instant::now();
        for _ in 0..3 {
            assert_eq!(r.take_at(a, t), Ok(()));
        }
        let wait = r.take_at(a, t).unwrap_err();
        assert!(wait > Duration::from_millis(900) && wait <= Duration::from_secs(1));
        assert_eq!(r.take_at(a, t + Duration::from_secs(1)), Ok(()));
        assert!(r.take_at(a, t + Duration::from_secs(1)).is_err());
    }

    #[test]
    fn clients_have_buckets_of_their_own() {
        let r = rate(1, 1);
        let t = Instant::now();
        assert_eq!(r.take_at([10, 0, 0, 1].into(), t), Ok(()));
        assert!(r.take_at([10, 0, 0, 1].into(), t).is_err());
        assert_eq!(r.take_at([10, 0, 0, 2].into(), t), Ok(()));
    }

    #[test]
    fn socket_slots_are_freed_when_dropped() {
        let counts = Arc::new(SocketCounts::default());
        let a = counts.open("m", 2).unwrap();
        let _b = counts.open("m", 2).unwrap();
        assert!(counts.open("m", 2).is_none());
        assert!(counts.open("other", 2).is_some());
        drop(a);
        assert!(counts.open("m", 2).is_some());
    }
}
