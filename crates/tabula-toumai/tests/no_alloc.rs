//! Random playouts allocate nothing per ply: move generation fills the caller's buffer and
//! `apply` works in place. Counted with a global allocator that this test binary installs,
//! on the measuring thread only: the test harness's own threads (and other tests) allocate
//! whenever they like, more often on a loaded machine.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::{Arc, Barrier};
use tabula_core::{Game, rng_from_seed, step_random};
use tabula_toumai::{Params, Toumai};

struct Counting;

thread_local! {
    /// Whether this thread's allocations are counted, and how many were (const-initialised:
    /// using them allocates nothing).
    static COUNTED: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTED.with(Cell::get) {
            ALLOCATIONS.with(|n| n.set(n.get() + 1));
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations `work` makes on this thread.
fn allocations_in(work: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    COUNTED.with(|c| c.set(true));
    work();
    COUNTED.with(|c| c.set(false));
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn random_playouts_allocate_nothing_per_ply() {
    for players in [2, 3] {
        let params = Params {
            players,
            ..Params::default()
        };
        let mut rng = rng_from_seed(5);
        let starts: Vec<Toumai> = (0..20)
            .map(|_| Toumai::new_random(&params, &mut rng).unwrap())
            .collect();
        let mut actions = Vec::with_capacity(1024);
        let mut chances = Vec::with_capacity(4);
        let mut plies = 0;
        let allocated = allocations_in(|| {
            for start in &starts {
                let mut g = start.clone();
                while step_random(&mut g, &mut rng, &mut actions, &mut chances) {
                    plies += 1;
                }
                assert!(g.is_over());
            }
        });
        assert!(plies > 1000, "{plies} plies");
        assert_eq!(allocated, 0, "{allocated} allocations in {plies} plies");
    }
}

#[test]
fn the_count_sees_this_thread_s_allocations_and_no_other_thread_s() {
    let start = Arc::new(Barrier::new(2));
    let done = Arc::new(Barrier::new(2));
    let other = {
        let (start, done) = (start.clone(), done.clone());
        std::thread::spawn(move || {
            start.wait();
            let boxes: Vec<Box<u64>> = (0..100).map(Box::new).collect();
            done.wait();
            boxes.len()
        })
    };
    let counted = allocations_in(|| {
        start.wait();
        done.wait();
        std::hint::black_box(vec![1u8; 16]);
    });
    assert_eq!(other.join().unwrap(), 100);
    assert_eq!(
        counted, 1,
        "the one vector of this thread, not the other's 101"
    );
}
