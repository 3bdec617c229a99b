//! The server's limits, all configurable (`tabula serve --help`, `docs/api.md` "Limits"), and
//! the small pieces of state that enforce the per-client and per-match ones: a token bucket
//! per client address for match creation (and rematches), and counts of open WebSockets per
//! match and per client address.
//!
//! Connection-level limits (header-read and idle timeouts, the cap on open connections) are
//! enforced by the accept loop (`conn.rs`); cross-site checks by `api::guard`.

use crate::ApiError;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Every limit of a server. `Limits::default()` are the documented defaults.
#[derive(Clone, Debug)]
pub struct Limits {
    /// How long a client may take to send a request's headers, from the moment the connection
    /// is open or the previous response was sent.
    pub header_read_timeout: Duration,
    /// How long a connection may stay open without a byte received from its client. The
    /// server pings WebSockets more often than this; a socket that answers none of them (nor
    /// sends anything else) for this long is closed, and so is one the server could not
    /// write to for this long.
    pub idle_timeout: Duration,
    /// The most connections open at once (HTTP and WebSocket); beyond it new connections are
    /// answered 503 and closed.
    pub max_connections: usize,
    /// The most WebSockets open on one match.
    pub max_sockets_per_match: usize,
    /// The most connections open at once from one client address (WebSockets included);
    /// beyond it new connections from that address are answered 429 and closed.
    pub max_connections_per_client: usize,
    /// The most WebSockets open at once from one client address, over all matches and
    /// whether they hold a seat or watch; one more is refused 429 before the upgrade.
    pub max_sockets_per_client: usize,
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
            max_connections_per_client: 128,
            max_sockets_per_client: 64,
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

/// Creation rate per client address (or any other key: sign-ins per account): a token
/// bucket each.
#[derive(Debug)]
pub(crate) struct CreationRate<K = IpAddr> {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<K, Bucket>>,
}

/// Buckets kept before idle (full) ones are dropped.
const BUCKETS_BEFORE_SWEEP: usize = 4096;

impl CreationRate<IpAddr> {
    pub fn new(limits: &Limits) -> CreationRate {
        CreationRate::with_rate(limits.creations_per_minute, limits.creation_burst)
    }
}

impl<K: Eq + Hash> CreationRate<K> {
    /// Buckets of `burst` tokens refilled at `per_minute` a minute.
    pub fn with_rate(per_minute: u32, burst: u32) -> CreationRate<K> {
        CreationRate {
            per_second: f64::from(per_minute) / 60.0,
            burst: f64::from(burst.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one creation for `client`: `Err(wait)` when its bucket is empty, with how long
    /// until the next one is allowed.
    pub fn take(&self, client: K) -> Result<(), Duration> {
        self.take_at(client, Instant::now())
    }

    fn take_at(&self, client: K, now: Instant) -> Result<(), Duration> {
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

/// How many of something (connections, WebSockets) are open per key (a match's id, a client's
/// address).
#[derive(Debug)]
pub(crate) struct Counts<K> {
    open: Mutex<HashMap<K, usize>>,
}

impl<K> Default for Counts<K> {
    fn default() -> Self {
        Counts {
            open: Mutex::new(HashMap::new()),
        }
    }
}

/// One open thing counted under its key; dropping it frees its place.
#[derive(Debug)]
pub(crate) struct Slot<K: Eq + Hash> {
    counts: Arc<Counts<K>>,
    key: K,
}

impl<K: Eq + Hash + Clone> Counts<K> {
    /// A place for one more under `key`, unless it already has `max`.
    pub fn open(self: &Arc<Self>, key: K, max: usize) -> Option<Slot<K>> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let n = open.entry(key.clone()).or_insert(0);
        if *n >= max {
            if *n == 0 {
                open.remove(&key);
            }
            return None;
        }
        *n += 1;
        Some(Slot {
            counts: self.clone(),
            key,
        })
    }

    /// How many are open under `key`.
    #[cfg(test)]
    pub fn count(&self, key: &K) -> usize {
        let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        open.get(key).copied().unwrap_or(0)
    }
}

impl<K: Eq + Hash> Drop for Slot<K> {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// Open WebSockets per match and per client address.
#[derive(Debug, Default)]
pub(crate) struct SocketCounts {
    per_match: Arc<Counts<String>>,
    per_client: Arc<Counts<IpAddr>>,
}

/// One open WebSocket; dropping it frees its places.
pub(crate) struct SocketSlot {
    _match: Slot<String>,
    _client: Option<Slot<IpAddr>>,
}

impl SocketCounts {
    /// Places for one more socket on match `id` from `client` (`None`: an embedding host's
    /// request with no peer address, not limited per client), under `limits`: a 429 when the
    /// client has `max_sockets_per_client` open, a 503 when the match has
    /// `max_sockets_per_match`.
    pub fn open(
        &self,
        id: &str,
        client: Option<IpAddr>,
        limits: &Limits,
    ) -> Result<SocketSlot, ApiError> {
        let per_client = match client {
            Some(ip) => Some(
                self.per_client
                    .open(ip, limits.max_sockets_per_client)
                    .ok_or_else(|| {
                        ApiError::new(
                            StatusCode::TOO_MANY_REQUESTS,
                            format!(
                                "{ip} has {} open WebSockets, the most one client address may \
                                 hold: close one first",
                                limits.max_sockets_per_client
                            ),
                        )
                    })?,
            ),
            None => None,
        };
        let max = limits.max_sockets_per_match;
        let per_match = self.per_match.open(id.to_string(), max).ok_or_else(|| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("match `{id}` has {max} open WebSockets, its limit: try again later"),
            )
        })?;
        Ok(SocketSlot {
            _match: per_match,
            _client: per_client,
        })
    }
}

/// The answer to a creation (or a rematch that would make a match) over `client`'s rate:
/// 429 with `Retry-After`, `wait` rounded up to whole seconds.
pub(crate) fn creation_refused(limits: &Limits, client: IpAddr, wait: Duration) -> Response {
    let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
    let e = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        format!(
            "too many new matches from {client}: {} a minute (bursts of {}); try again in {secs} s",
            limits.creations_per_minute, limits.creation_burst
        ),
    );
    let mut response = e.into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    response
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
        let limits = Limits {
            max_sockets_per_match: 2,
            ..Limits::default()
        };
        let counts = SocketCounts::default();
        let a = counts.open("m", None, &limits).unwrap();
        let _b = counts.open("m", None, &limits).unwrap();
        let full = counts.open("m", None, &limits).err().unwrap();
        assert_eq!(full.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(counts.open("other", None, &limits).is_ok());
        drop(a);
        assert!(counts.open("m", None, &limits).is_ok());
    }

    #[test]
    fn a_client_address_holds_at_most_its_sockets_over_all_matches() {
        let limits = Limits {
            max_sockets_per_client: 2,
            ..Limits::default()
        };
        let counts = SocketCounts::default();
        let a: IpAddr = [10, 0, 0, 1].into();
        let first = counts.open("m1", Some(a), &limits).unwrap();
        let _second = counts.open("m2", Some(a), &limits).unwrap();
        let refused = counts.open("m3", Some(a), &limits).err().unwrap();
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(refused.message.contains("10.0.0.1"), "{}", refused.message);
        assert_eq!(
            counts.per_match.count(&"m3".to_string()),
            0,
            "nothing taken"
        );
        assert!(
            counts
                .open("m3", Some([10, 0, 0, 2].into()), &limits)
                .is_ok()
        );
        drop(first);
        assert!(counts.open("m3", Some(a), &limits).is_ok());
    }

    #[test]
    fn a_refused_socket_on_a_full_match_gives_its_client_place_back() {
        let limits = Limits {
            max_sockets_per_match: 1,
            max_sockets_per_client: 1,
            ..Limits::default()
        };
        let counts = SocketCounts::default();
        let (a, b): (IpAddr, IpAddr) = ([10, 0, 0, 1].into(), [10, 0, 0, 2].into());
        let _held = counts.open("m", Some(a), &limits).unwrap();
        assert!(counts.open("m", Some(b), &limits).is_err());
        assert_eq!(counts.per_client.count(&b), 0);
        assert!(counts.open("other", Some(b), &limits).is_ok());
    }
}
