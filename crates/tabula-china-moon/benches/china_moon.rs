//! Benchmarks: legal-action generation on mid-game positions, apply, and random playouts
//! (whole games from a random setup) with 3 and 5 players.
//!
//! Run: `cargo bench -p tabula-china-moon` (or `-- --quick`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tabula_china_moon::{ChinaMoon, Params};
use tabula_core::{Game, rng_from_seed, step_random};

/// Positions met in random games, every 7th step.
fn mid_game_positions(players: usize) -> Vec<ChinaMoon> {
    let params = Params::players(players);
    let mut positions = Vec::new();
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    for seed in 0..20 {
        let mut rng = rng_from_seed(seed);
        let mut g = ChinaMoon::new_random(&params, &mut rng).unwrap();
        let mut step = 0;
        while step_random(&mut g, &mut rng, &mut actions, &mut chances) {
            step += 1;
            if step % 7 == 0 && !g.is_over() {
                positions.push(g.clone());
            }
        }
    }
    positions
}

fn legal_actions(c: &mut Criterion) {
    for players in [3, 5] {
        let positions = mid_game_positions(players);
        let mut group = c.benchmark_group(format!("legal_actions_{players}p"));
        group.throughput(Throughput::Elements(positions.len() as u64));
        let mut buf = Vec::with_capacity(64);
        group.bench_function("generate", |b| {
            b.iter(|| {
                let mut n = 0;
                for g in &positions {
                    g.legal_actions(&mut buf);
                    n += buf.len();
                }
                black_box(n)
            })
        });
        group.bench_function("generate_and_apply_each", |b| {
            b.iter(|| {
                let mut n = 0;
                for g in &positions {
                    g.legal_actions(&mut buf);
                    for &a in &buf {
                        let mut child = g.clone();
                        child.apply(a);
                        n += child.moves_made() as usize;
                    }
                }
                black_box(n)
            })
        });
        group.finish();
    }
}

fn random_playouts(c: &mut Criterion) {
    for players in [3, 5] {
        let params = Params::players(players);
        let mut group = c.benchmark_group(format!("random_playout_{players}p"));
        group.throughput(Throughput::Elements(1));
        let mut seed = 0u64;
        let (mut actions, mut chances) = (Vec::with_capacity(64), Vec::with_capacity(4));
        group.bench_function("setup_to_end", |b| {
            b.iter(|| {
                seed += 1;
                let mut rng = rng_from_seed(seed);
                let mut g = ChinaMoon::new(&params).unwrap();
                let mut steps = 0;
                while step_random(&mut g, &mut rng, &mut actions, &mut chances) {
                    steps += 1;
                }
                black_box((steps, g.outcome()))
            })
        });
        group.finish();
    }
}

criterion_group!(benches, legal_actions, random_playouts);
criterion_main!(benches);
