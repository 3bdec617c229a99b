//! Khan-Tsin benchmarks: legal-action generation on mid-game positions, random playouts
//! (from a random setup to the end, buffers reused: no allocation per ply), and perft.
//! Run: `cargo bench -p tabula-khan-tsin` (`-- --quick` for a short run).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tabula_core::perft::perft;
use tabula_core::{Game, Notation, rng_from_seed, step_random};
use tabula_khan_tsin::{Action, KhanTsin, Params};

fn params(players: usize) -> Params {
    Params {
        players,
        ..Params::default()
    }
}

/// Positions 20 to 60 plies into random games (still going on).
fn mid_game_positions(players: usize) -> Vec<KhanTsin> {
    let mut out = Vec::new();
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    for seed in 0..64u64 {
        let mut rng = rng_from_seed(seed);
        let mut g = KhanTsin::new_random(&params(players), &mut rng).unwrap();
        let plies = 20 + (seed as usize * 7) % 41;
        for _ in 0..plies {
            if !step_random(&mut g, &mut rng, &mut actions, &mut chances) {
                break;
            }
        }
        if !g.is_over() {
            out.push(g);
        }
    }
    out
}

fn legal_actions(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_actions");
    for players in [2, 3] {
        let positions = mid_game_positions(players);
        group.throughput(Throughput::Elements(positions.len() as u64));
        let mut buf: Vec<Action> = Vec::with_capacity(128);
        group.bench_function(format!("mid_game_{players}p"), |b| {
            b.iter(|| {
                let mut total = 0;
                for g in &positions {
                    g.legal_actions(&mut buf);
                    total += buf.len();
                }
                black_box(total)
            })
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_playout");
    group.throughput(Throughput::Elements(1));
    for players in [2, 3] {
        let p = params(players);
        let mut rng = rng_from_seed(42);
        let (mut actions, mut chances) = (Vec::with_capacity(128), Vec::new());
        group.bench_function(format!("from_random_setup_{players}p"), |b| {
            b.iter(|| {
                let mut g = KhanTsin::new_random(&p, &mut rng).unwrap();
                let mut plies = 0;
                while plies < 2_000 && step_random(&mut g, &mut rng, &mut actions, &mut chances) {
                    plies += 1;
                }
                black_box(plies)
            })
        });
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let start = "123231312132213321123231312132213321 w/w/g/w/w/b/w/b/b/b/b/w/g/g/g/b/g/b/G/b/g/b/b/g/g/g/w/w/w/g/g/W/b/w/b/w wg w";
    let g = KhanTsin::from_notation(&Params::default(), start).unwrap();
    let mut group = c.benchmark_group("perft");
    group.throughput(Throughput::Elements(perft(&g, 3)));
    group.bench_function("movement_start_2p_depth3", |b| {
        b.iter(|| black_box(perft(&g, 3)))
    });
    group.finish();
}

criterion_group!(benches, legal_actions, playouts, perft_bench);
criterion_main!(benches);
