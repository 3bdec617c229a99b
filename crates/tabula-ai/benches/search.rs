//! Criterion benchmarks of the searches on Connect Four: an MCTS search of 20000 iterations
//! from the empty board (UCT, c = 1.4, one random rollout per iteration, one thread: the
//! configuration compared with OpenSpiel), and an alpha-beta search to depth 8 from a
//! middle-game position.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tabula_ai::{AlphaBetaBot, AlphaBetaConfig, MctsBot, MctsConfig};
use tabula_connect_four::{ConnectFour, Params};
use tabula_core::Game;
use tabula_core::Notation;

fn mcts(c: &mut Criterion) {
    let start = ConnectFour::new(&Params::default()).unwrap();
    let config = MctsConfig {
        exploration: 1.4,
        reuse_tree: false,
        ..MctsConfig::with_iterations(20_000)
    };
    let mut group = c.benchmark_group("mcts");
    group.sample_size(20);
    group.throughput(Throughput::Elements(20_000));
    let mut seed = 0;
    group.bench_function("connect-four/20000-iterations/1-thread", |b| {
        b.iter(|| {
            seed += 1;
            let mut bot: MctsBot<ConnectFour> = MctsBot::new(config.clone(), seed);
            bot.search(&start).unwrap().iterations
        })
    });
    group.finish();
}

fn alphabeta(c: &mut Criterion) {
    let game = ConnectFour::from_notation(
        &Params::default(),
        "......./......./......./...o.../..xxo../..xxo.o x",
    )
    .unwrap();
    let mut group = c.benchmark_group("alphabeta");
    group.sample_size(20);
    group.bench_function("connect-four/depth-8", |b| {
        b.iter(|| {
            let mut bot: AlphaBetaBot<ConnectFour> = AlphaBetaBot::new(
                AlphaBetaConfig {
                    tt_bits: 18,
                    ..AlphaBetaConfig::with_depth(8)
                },
                1,
            );
            bot.search(&game).unwrap().nodes
        })
    });
    group.finish();
}

criterion_group!(benches, mcts, alphabeta);
criterion_main!(benches);
