//! Random playouts allocate nothing per ply: move generation fills the caller's buffer and
//! `apply` works in place. Counted with a global allocator that this test binary installs.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use tabula_core::{Game, rng_from_seed, step_random};
use tabula_toumai::{Params, Toumai};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

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
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let mut plies = 0;
        for start in &starts {
            let mut g = start.clone();
            while step_random(&mut g, &mut rng, &mut actions, &mut chances) {
                plies += 1;
            }
            assert!(g.is_over());
        }
        let allocated = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert!(plies > 1000, "{plies} plies");
        assert_eq!(allocated, 0, "{allocated} allocations in {plies} plies");
    }
}
