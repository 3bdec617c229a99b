//! Capped exponential backoff for the writes a match makes by itself — the hourglass's
//! timeout, a bot's move — when they fail to be stored.
//!
//! A failed write is tried again after [`Backoff::FIRST`], then twice as long each time up
//! to [`Backoff::MOST`], so a store that stays down costs a few attempts a second at first
//! and one every few seconds later, never a busy loop. A streak of failures is logged once,
//! when it starts, and once when the write finally succeeds.

use std::fmt::Display;
use std::time::Duration;
use tokio::time::Instant;

/// The retry state of one kind of write (see the module documentation).
#[derive(Debug, Default)]
pub(crate) struct Backoff {
    /// Failed attempts in the current streak.
    failures: u32,
    /// No new attempt before this time (`None`: no streak).
    not_before: Option<Instant>,
}

impl Backoff {
    /// The wait after the first failure.
    pub const FIRST: Duration = Duration::from_millis(50);
    /// The longest wait between two attempts.
    pub const MOST: Duration = Duration::from_secs(5);

    /// The wait after the `n`-th failure of a streak (from 1): `FIRST · 2ⁿ⁻¹`, at most `MOST`.
    pub fn delay(n: u32) -> Duration {
        let doublings = n.saturating_sub(1).min(16);
        (Backoff::FIRST * 2u32.pow(doublings)).min(Backoff::MOST)
    }

    /// When the next attempt may be made (`None` when the last one did not fail).
    pub fn not_before(&self) -> Option<Instant> {
        self.not_before
    }

    /// Records a failed attempt of `what` (logged if it starts a streak); returns the time
    /// of the next attempt.
    pub fn failed(&mut self, what: &str, error: &dyn Display) -> Instant {
        self.failures = self.failures.saturating_add(1);
        if self.failures == 1 {
            tracing::warn!("{what} could not be stored, retrying with backoff: {error}");
        } else {
            tracing::debug!("{what}: attempt {} failed: {error}", self.failures);
        }
        let at = Instant::now() + Backoff::delay(self.failures);
        self.not_before = Some(at);
        at
    }

    /// Records a successful attempt of `what`: ends a streak (logged once).
    pub fn succeeded(&mut self, what: &str) {
        if self.failures > 0 {
            tracing::info!("{what} was stored after {} failed attempts", self.failures);
        }
        self.reset();
    }

    /// Forgets a streak without a word (the write it retried is no longer wanted).
    pub fn reset(&mut self) {
        self.failures = 0;
        self.not_before = None;
    }
}

#[cfg(test)]
mod tests {
    use super::Backoff;
    use std::time::Duration;

    #[test]
    fn the_wait_doubles_from_50_ms_and_stops_at_5_s() {
        let waits: Vec<u128> = (1..=9).map(|n| Backoff::delay(n).as_millis()).collect();
        assert_eq!(waits, [50, 100, 200, 400, 800, 1600, 3200, 5000, 5000]);
        assert_eq!(Backoff::delay(u32::MAX), Duration::from_secs(5));
    }

    #[tokio::test]
    async fn a_success_ends_the_streak() {
        let mut b = Backoff::default();
        assert_eq!(b.not_before(), None);
        let at = b.failed("test write", &"disk full");
        assert_eq!(b.not_before(), Some(at));
        b.succeeded("test write");
        assert_eq!(b.not_before(), None);
        b.failed("test write", &"disk full");
        assert_eq!(b.failures, 1, "a new streak starts from the first wait");
    }
}
