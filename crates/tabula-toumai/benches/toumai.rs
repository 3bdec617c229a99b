//! Criterion benchmarks: legal-action generation on mid-game positions (2 and 3 players;
//! throughput in positions), generation plus clone-and-apply of every legal action, and
//! whole random playouts from a random setup (2 and 3 players) with reused buffers, so no
//! allocation happens per ply (tests/no_alloc.rs checks that). The playout throughput is in
//! plies, from the mean length of 256 sample playouts.
//!
//! Run: `CARGO_TARGET_DIR=/work/targets/tabula-toumai cargo bench -p tabula-toumai -- --quick`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tabula_core::{Game, rng_from_seed, step_random};
use tabula_toumai::{Action, Params, Toumai};

/// Mid-game positions: 20–60 random plies into games from random setups.
fn mid_game_positions(players: usize, count: u64) -> Vec<Toumai> {
    let params = Params {
        players,
        ..Params::default()
    };
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    (0..count)
        .filter_map(|seed| {
            let mut rng = rng_from_seed(seed);
            let mut g = Toumai::new_random(&params, &mut rng).ok()?;
            for _ in 0..20 + seed % 41 {
                if !step_random(&mut g, &mut rng, &mut actions, &mut chances) {
                    return None;
                }
            }
            Some(g)
        })
        .collect()
}

fn legal_actions(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_actions");
    for players in [2, 3] {
        let positions = mid_game_positions(players, 64);
        group.throughput(Throughput::Elements(positions.len() as u64));
        let mut out: Vec<Action> = Vec::with_capacity(256);
        group.bench_function(BenchmarkId::new("mid_game", format!("{players}p")), |b| {
            b.iter(|| {
                let mut total = 0;
                for g in &positions {
                    g.legal_actions(&mut out);
                    total += out.len();
                }
                black_box(total)
            })
        });
        group.bench_function(BenchmarkId::new("apply_all", format!("{players}p")), |b| {
            b.iter(|| {
                let mut total = 0u32;
                for g in &positions {
                    g.legal_actions(&mut out);
                    for &a in &out {
                        let mut child = g.clone();
                        child.apply(a);
                        total += child.plies();
                    }
                }
                black_box(total)
            })
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_playout");
    for players in [2, 3] {
        let params = Params {
            players,
            ..Params::default()
        };
        let mut rng = rng_from_seed(99);
        let starts: Vec<Toumai> = (0..32)
            .map(|_| Toumai::new_random(&params, &mut rng).expect("params"))
            .collect();
        let mut actions = Vec::with_capacity(256);
        let mut chances = Vec::new();
        // The mean playout length, so that criterion reports (approximate) plies per second.
        let mut sample_rng = rng_from_seed(7);
        let sampled = 256u64;
        let mut total = 0u64;
        for i in 0..sampled {
            let mut g = starts[i as usize % starts.len()].clone();
            while step_random(&mut g, &mut sample_rng, &mut actions, &mut chances) {
                total += 1;
            }
        }
        group.throughput(Throughput::Elements(total / sampled));
        let mut next = 0usize;
        group.bench_function(
            BenchmarkId::new("from_random_setup", format!("{players}p")),
            |b| {
                b.iter(|| {
                    let mut g = starts[next % starts.len()].clone();
                    next += 1;
                    let mut plies = 0u32;
                    while step_random(&mut g, &mut rng, &mut actions, &mut chances) {
                        plies += 1;
                    }
                    black_box(plies)
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, legal_actions, playouts);
criterion_main!(benches);
