//! [`Stop`]: a handle that ends a search from another thread (an engine's `stop` command, a
//! server shutting down or dropping a match), the way its time limit would.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that stops the searches of the bots it was given to ([`Bot::set_stop`]), from any
/// thread. Clones share the flag.
///
/// A search checks it where it checks its time limit (MCTS every 16 iterations on every
/// thread; alpha-beta every 1024 nodes on every thread, from the second iteration on) and
/// then ends as if its time were up: it answers with the best it found so far. The first
/// iterations of a search always run (16 MCTS iterations, alpha-beta's depth-1 iteration),
/// so a stopped search still answers [`Bot::decide`] with an action and [`Bot::analyse`]
/// with a report, found by that little search, even when the flag was set before it began.
///
/// A flag stays set: a host that searches again makes a new `Stop` (or clears the bot's with
/// `set_stop(None)`).
///
/// ```
/// use tabula_ai::Stop;
/// let stop = Stop::new();
/// let seen_by_the_search = stop.clone();
/// assert!(!seen_by_the_search.is_stopped());
/// stop.stop();
/// assert!(seen_by_the_search.is_stopped());
/// ```
///
/// [`Bot::set_stop`]: crate::Bot::set_stop
/// [`Bot::decide`]: crate::Bot::decide
/// [`Bot::analyse`]: crate::Bot::analyse
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not yet set.
    pub fn new() -> Self {
        Stop::default()
    }

    /// Sets the flag: the searches that hold it (a clone of it) end at their next check.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is set.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Whether `stop` is given and set.
#[inline]
pub(crate) fn stopped(stop: Option<&Stop>) -> bool {
    stop.is_some_and(Stop::is_stopped)
}
