//! File descriptors for the accept loop: the soft limit on open files raised to the hard one
//! at start, `max_connections` fitted under it, a back-off when `accept` runs out of
//! descriptors, and one descriptor kept in reserve to answer the waiting clients `503` then.

use super::refuse_now;
use futures_util::FutureExt;
use std::fs::File;
use std::io;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// Descriptors kept for everything but connections: the database's (SQLite's file and its
/// journal, a pool of PostgreSQL connections), the web files, the reserve, the runtime's own.
pub(crate) const HEADROOM: u64 = 64;

/// The first wait after `accept` ran out of descriptors; it doubles up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(10);

/// The longest wait between two tries of `accept` out of descriptors, and the least time
/// between two warnings about it.
pub(crate) const MAX_BACKOFF: Duration = Duration::from_secs(1);

/// The most waiting clients answered `503` in one round while out of descriptors.
const REFUSED_PER_ROUND: usize = 64;

/// Whether `accept` failed for want of file descriptors (the process's, `EMFILE`, or the
/// system's, `ENFILE`).
pub(crate) fn out_of_files(e: &io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error()
            .is_some_and(|n| n == libc::EMFILE || n == libc::ENFILE)
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

/// Raises the soft limit on open files to the hard one: the soft limit before and after,
/// `None` where there is no such limit (or it cannot be read).
#[cfg(unix)]
pub(crate) fn raise_file_limit() -> Option<(u64, u64)> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` writes the limit into the struct it is given, which lives here.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return None;
    }
    let before: u64 = limit.rlim_cur;
    if limit.rlim_cur < limit.rlim_max {
        let raised = libc::rlimit {
            rlim_cur: limit.rlim_max,
            rlim_max: limit.rlim_max,
        };
        // SAFETY: `setrlimit` only reads the struct it is given. A refusal (a hard limit
        // above what the system allows, as macOS reports) leaves the soft limit as it was.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            return Some((before, limit.rlim_max));
        }
    }
    Some((before, before))
}

/// Raises the soft limit on open files to the hard one: the soft limit before and after,
/// `None` where there is no such limit (or it cannot be read).
#[cfg(not(unix))]
pub(crate) fn raise_file_limit() -> Option<(u64, u64)> {
    None
}

/// The connections that fit under `file_limit` open descriptors, with [`HEADROOM`] kept for the
/// rest: `max_connections`, or fewer (at least one).
pub(crate) fn fitted(max_connections: usize, file_limit: u64) -> usize {
    let room = file_limit.saturating_sub(HEADROOM).max(1);
    max_connections.min(usize::try_from(room).unwrap_or(usize::MAX))
}

/// Raises the file limit and fits `max_connections` under it, saying so in the log.
pub(crate) fn fit_connections(max_connections: usize) -> usize {
    let Some((before, limit)) = raise_file_limit() else {
        return max_connections;
    };
    let fit = fitted(max_connections, limit);
    if fit < max_connections {
        tracing::info!(
            "open files limited to {limit} (soft limit raised from {before}): serving at most \
             {fit} connections at once instead of --max-connections {max_connections}, \
             {HEADROOM} descriptors kept for the database and files"
        );
    } else if limit > before {
        tracing::info!(
            "open files limited to {limit} (soft limit raised from {before}): room for \
             --max-connections {max_connections}"
        );
    }
    fit
}

/// One descriptor kept open so that, when `accept` runs out of them, it can be let go, the
/// waiting clients accepted on it one by one, answered and closed, and then taken again.
pub(crate) struct Reserve {
    file: Option<File>,
}

impl Reserve {
    /// Takes the reserve descriptor.
    pub fn new() -> Reserve {
        Reserve {
            file: open_reserve(),
        }
    }

    /// Lets the reserve go, answers `response` to each client waiting on `listener` (at most
    /// [`REFUSED_PER_ROUND`]) and closes it, then takes the reserve again: how many were
    /// answered.
    pub fn refuse_waiting(&mut self, listener: &TcpListener, response: &[u8]) -> usize {
        if self.file.take().is_none() {
            // No reserve (the last round could not take it back): nothing to accept with.
            self.file = open_reserve();
            return 0;
        }
        let mut answered = 0;
        while answered < REFUSED_PER_ROUND {
            match listener.accept().now_or_never() {
                Some(Ok((tcp, _))) => {
                    refuse_now(&tcp, response);
                    answered += 1;
                }
                _ => break,
            }
        }
        self.file = open_reserve();
        answered
    }
}

fn open_reserve() -> Option<File> {
    File::open(if cfg!(windows) { "NUL" } else { "/dev/null" }).ok()
}

/// The back-off of `accept` while it runs out of descriptors.
#[derive(Debug, Default)]
pub(crate) struct Backoff {
    /// The current wait; `None` while `accept` succeeds.
    delay: Option<Duration>,
    /// Failures and clients answered 503 since the last warning.
    failures: u64,
    refused: u64,
    warned: Option<Instant>,
}

impl Backoff {
    /// `accept` failed with `e` at `now` (`refused` waiting clients were answered 503): how
    /// long to wait before the next try. Warns at most once per [`MAX_BACKOFF`].
    pub fn failed(&mut self, now: Instant, e: &io::Error, refused: usize) -> Duration {
        let delay = self
            .delay
            .map_or(FIRST_BACKOFF, |d| (d * 2).min(MAX_BACKOFF));
        self.delay = Some(delay);
        self.failures += 1;
        self.refused += refused as u64;
        if self.should_warn(now) {
            tracing::warn!(
                "accept: {e} ({} failures, {} clients answered 503 since the last warning); \
                 trying again in {delay:?}",
                self.failures,
                self.refused
            );
            self.warned = Some(now);
            self.failures = 0;
            self.refused = 0;
        }
        delay
    }

    fn should_warn(&self, now: Instant) -> bool {
        self.warned
            .is_none_or(|at| now.saturating_duration_since(at) >= MAX_BACKOFF)
    }

    /// `accept` succeeded: the back-off starts over.
    pub fn succeeded(&mut self) {
        if self.delay.take().is_some() {
            tracing::info!("accept: descriptors available again");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_fitted_under_the_file_limit_with_headroom() {
        assert_eq!(fitted(1024, 1024), 1024 - HEADROOM as usize);
        assert_eq!(fitted(100, 1024), 100);
        assert_eq!(fitted(1024, 10), 1, "at least one");
        assert_eq!(
            fitted(usize::MAX, u64::MAX),
            u64::MAX as usize - HEADROOM as usize
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_soft_file_limit_is_raised_to_the_hard_one() {
        let (before, after) = raise_file_limit().expect("a limit on unix");
        assert!(after >= before);
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: as in `raise_file_limit`.
        assert_eq!(
            unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) },
            0
        );
        assert_eq!(limit.rlim_cur, after);
        assert_eq!(limit.rlim_cur, limit.rlim_max);
    }

    #[test]
    fn accept_failures_back_off_from_10_ms_to_1_s_and_warn_once_a_second() {
        let mut b = Backoff::default();
        let e = io::Error::other("out of descriptors");
        let t = Instant::now();
        let mut now = t;
        let mut delays = Vec::new();
        let mut warnings = 0;
        for _ in 0..12 {
            let warn = b.should_warn(now);
            let d = b.failed(now, &e, 0);
            warnings += usize::from(warn);
            delays.push(d.as_millis());
            now += d;
        }
        assert_eq!(
            delays,
            [10, 20, 40, 80, 160, 320, 640, 1000, 1000, 1000, 1000, 1000]
        );
        let seconds = now.duration_since(t).as_secs() as usize;
        assert!(
            warnings <= seconds + 1,
            "{warnings} warnings in {seconds} s"
        );
        b.succeeded();
        assert_eq!(b.failed(now, &e, 0), FIRST_BACKOFF, "starts over");
    }
}
