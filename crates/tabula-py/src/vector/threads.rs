//! The threads that step a vector's games: the caller's, and for `threads > 1` a standing pool
//! that shares long steps with it.

use super::slot::{Config, Out, Slot};
use rayon::ThreadPool;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The shortest step after which the next is shared with the pool's threads: handing games
/// to another thread costs tens of microseconds, more on a busy machine.
const POOL_AFTER: Duration = Duration::from_micros(200);

/// Batches per thread: small enough that a thread the system holds back leaves its share to
/// the others, large enough that taking one costs little against stepping its games.
const BATCHES_PER_THREAD: usize = 4;

/// The most threads a vector may ask for.
pub(crate) const MAX_THREADS: usize = 1024;

/// One batch: the index of its first game, the games and their rows.
type Batch<'a> = (usize, &'a mut [Slot], Out<'a>);

/// What each game's step is given: its index, its slot, the shared configuration, its rows
/// and an observation buffer.
pub(crate) trait StepFn:
    Fn(usize, &mut Slot, &Config, Out<'_>, &mut Vec<f32>) + Sync
{
}
impl<F: Fn(usize, &mut Slot, &Config, Out<'_>, &mut Vec<f32>) + Sync> StepFn for F {}

/// How a vector's games are stepped.
pub(crate) struct Threads {
    /// The `threads - 1` threads that help the caller's thread (none for one thread), made
    /// once: spawning threads at every step would cost more than most steps.
    pool: Option<ThreadPool>,
    /// How long the last step of the games took.
    last: Duration,
}

impl Threads {
    /// `threads` threads in all (the caller's included), from 1 to [`MAX_THREADS`], for
    /// `games` games: no more threads than games, which would have nothing to do.
    pub(crate) fn new(threads: usize, games: usize) -> Result<Threads, String> {
        if threads == 0 || threads > MAX_THREADS {
            return Err(format!(
                "threads must be from 1 to {MAX_THREADS}, not {threads}"
            ));
        }
        let threads = threads.min(games.max(1));
        let pool = match threads {
            1 => None,
            _ => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads - 1)
                    .thread_name(|i| format!("tabula-vector-{i}"))
                    .build()
                    .map_err(|e| format!("cannot start {threads} threads: {e}"))?,
            ),
        };
        Ok(Threads {
            pool,
            last: Duration::ZERO,
        })
    }

    /// Runs `f` over every slot with its rows: on the caller's thread alone when the last
    /// step was short, else shared with the pool.
    pub(crate) fn run(&mut self, slots: &mut [Slot], cfg: &Config, out: Out<'_>, f: &impl StepFn) {
        let start = Instant::now();
        match self.pool.as_ref().filter(|_| self.last >= POOL_AFTER) {
            Some(pool) => run_shared(pool, slots, cfg, out, f),
            None => run_rows(0, slots, cfg, out, f),
        }
        self.last = start.elapsed();
    }
}

/// Runs `f` over `slots` in order with their rows, on the calling thread; `first` is the
/// index of the first slot.
fn run_rows(first: usize, slots: &mut [Slot], cfg: &Config, out: Out<'_>, f: &impl StepFn) {
    // One observation buffer for all the rows, warm in the cache from one game to the next.
    let mut buf = Vec::with_capacity(cfg.obs_len);
    for (k, (slot, row)) in slots.iter_mut().zip(out.rows(cfg)).enumerate() {
        f(first + k, slot, cfg, row, &mut buf);
    }
}

/// Runs `f` over every slot with its rows on the calling thread and the pool's threads. The
/// games are cut into batches that each thread takes in turn until none is left, so that a
/// thread that gets no core soon does less, not its fixed share late. Each game owns its
/// generator, so the results do not depend on which thread steps which game.
fn run_shared(pool: &ThreadPool, slots: &mut [Slot], cfg: &Config, out: Out<'_>, f: &impl StepFn) {
    let threads = pool.current_num_threads() + 1;
    let size = slots.len().div_ceil(threads * BATCHES_PER_THREAD).max(1);
    let batches = cut(slots, cfg, out, size);
    let next = AtomicUsize::new(0);
    let work = || {
        while let Some(batch) = batches.get(next.fetch_add(1, Ordering::Relaxed)) {
            let taken = batch.lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some((first, slots, out)) = taken {
                run_rows(first, slots, cfg, out, f);
            }
        }
    };
    pool.in_place_scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|_| work());
        }
        work();
    });
}

/// `slots` and `out` cut into batches of `size` games (the last may be shorter).
fn cut<'a>(
    mut slots: &'a mut [Slot],
    cfg: &Config,
    mut out: Out<'a>,
    size: usize,
) -> Vec<Mutex<Option<Batch<'a>>>> {
    let mut batches = Vec::with_capacity(slots.len().div_ceil(size));
    let mut first = 0;
    while !slots.is_empty() {
        let k = size.min(slots.len());
        let (head, tail) = slots.split_at_mut(k);
        let (head_out, tail_out) = out.split(cfg, k);
        batches.push(Mutex::new(Some((first, head, head_out))));
        first += k;
        slots = tail;
        out = tail_out;
    }
    batches
}
