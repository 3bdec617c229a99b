//! Criterion benchmarks: legal-action generation on middle-game positions, `apply`, and random
//! playouts from the empty board (with reused buffers).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tabula_connect_four::{ConnectFour, Params};
use tabula_core::{Game, Notation, rng_from_seed, step_random};

const MIDDLE_GAMES: [&str; 3] = [
    "......./......./o....../x...x../o..ox../xooxo.x x",
    "o....../o...o../x...x../oo..x../xo.xoo./xoxxoxx x",
    "x.....o/o..x..o/x.oooxx/x.xxoox/o.xxxoo/oxoooxx x",
];

fn legal_actions(c: &mut Criterion) {
    let positions: Vec<ConnectFour> = MIDDLE_GAMES
        .iter()
        .map(|t| ConnectFour::from_notation(&Params::default(), t).unwrap())
        .collect();
    let mut out = Vec::with_capacity(8);
    let mut group = c.benchmark_group("connect-four");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_actions/middle-game", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                black_box(p).legal_actions(&mut out);
                n += out.len();
            }
            n
        })
    });
    group.bench_function("apply/middle-game", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                p.legal_actions(&mut out);
                for &a in &out {
                    let mut child = black_box(p).clone();
                    child.apply(a);
                    n += child.plies();
                }
            }
            n
        })
    });
    group.finish();
}

fn random_playouts(c: &mut Criterion) {
    let start = ConnectFour::new(&Params::default()).unwrap();
    let mut rng = rng_from_seed(1);
    let (mut actions, mut chances) = (Vec::with_capacity(8), Vec::new());
    let mut group = c.benchmark_group("connect-four");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_playout/empty-board", |b| {
        b.iter(|| {
            let mut game = start.clone();
            let mut plies = 0;
            while step_random(&mut game, &mut rng, &mut actions, &mut chances) {
                plies += 1;
            }
            plies
        })
    });
    group.finish();
}

criterion_group!(benches, legal_actions, random_playouts);
criterion_main!(benches);
