//! Benchmarks: the exact solver, legal-action generation on mid-game positions, random
//! playouts and solver-driven games. Run: `cargo bench -p tabula-magical-circle`.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::RngExt;
use std::hint::black_box;
use tabula_core::{Actor, Game, Seat, ToAct, random_playout, rng_from_seed, sample_chance};
use tabula_magical_circle::{
    Arrangement, Hand, MagicalCircle, Params, swap_sequence, winning_plays,
};

fn random_arrangement(rng: &mut tabula_core::GameRng) -> Arrangement {
    Arrangement::from_index(rng.random_range(0..720u16)).unwrap()
}

fn solver(c: &mut Criterion) {
    let mut rng = rng_from_seed(1);
    let queries: Vec<(Arrangement, [Arrangement; 3])> = (0..256)
        .map(|_| {
            let a = random_arrangement(&mut rng);
            let cards = [0; 3].map(|_| random_arrangement(&mut rng));
            (a, cards)
        })
        .collect();
    let hand = Hand::parse("1234").unwrap();
    let mut i = 0;
    c.bench_function("solver/winning_plays 3 cards hand 1234", |b| {
        b.iter(|| {
            i = (i + 1) % queries.len();
            let (a, cards) = &queries[i];
            black_box(winning_plays(*a, cards, hand))
        })
    });
    c.bench_function("solver/swap_sequence k=7", |b| {
        b.iter(|| {
            i = (i + 1) % queries.len();
            let (a, cards) = &queries[i];
            black_box(swap_sequence(*a, cards[0], 7, None))
        })
    });
}

/// Mid-game positions: a race and an attempt's swaps, from seeded random games.
fn mid_game_positions() -> Vec<MagicalCircle> {
    let mut out = Vec::new();
    let mut chances = Vec::new();
    for seed in 0..32u64 {
        let mut rng = rng_from_seed(seed);
        let p = Params::with_players(2 + (seed % 4) as usize);
        let mut g = MagicalCircle::new_random(&p, &mut rng).unwrap();
        let mut actions = Vec::new();
        for _ in 0..rng.random_range(20..200) {
            if !tabula_core::step_random(&mut g, &mut rng, &mut actions, &mut chances) {
                break;
            }
        }
        while g.to_act() == ToAct::Chance {
            let a = sample_chance(&g, &mut rng, &mut chances).unwrap();
            g.apply(a);
        }
        out.push(g);
    }
    out
}

fn movegen(c: &mut Criterion) {
    let positions = mid_game_positions();
    let mut buf = Vec::with_capacity(64);
    c.bench_function("legal_actions/mid-game (32 positions)", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &positions {
                g.legal_actions_for(Actor::Seat(Seat(0)), &mut buf);
                n += buf.len();
                if let ToAct::One(s) = g.to_act() {
                    g.legal_actions_for(Actor::Seat(s), &mut buf);
                    n += buf.len();
                }
            }
            black_box(n)
        })
    });
}

fn playouts(c: &mut Criterion) {
    let p = Params::default();
    let mut seed = 0u64;
    c.bench_function("playout/random 2p, 1000 steps", |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = rng_from_seed(seed);
            let mut g = MagicalCircle::new_random(&p, &mut rng).unwrap();
            black_box(random_playout(&mut g, &mut rng, 1000))
        })
    });
    c.bench_function("playout/solver-driven 2p to the target", |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = rng_from_seed(seed);
            let mut g = MagicalCircle::new_random(&p, &mut rng).unwrap();
            let mut chances = Vec::new();
            let mut steps = 0;
            while steps < 10_000 {
                match g.to_act() {
                    ToAct::Over(_) => break,
                    ToAct::Chance => {
                        let a = sample_chance(&g, &mut rng, &mut chances).unwrap();
                        g.apply(a);
                    }
                    to_act => {
                        let seats: Vec<Seat> = to_act.seats().iter().collect();
                        let a = seats
                            .iter()
                            .filter_map(|&s| g.solver_action(s))
                            .find(|a| matches!(a, tabula_magical_circle::Action::Claim(_)))
                            .or_else(|| seats.iter().find_map(|&s| g.solver_action(s)))
                            .unwrap();
                        g.apply(a);
                    }
                }
                steps += 1;
            }
            black_box(steps)
        })
    });
}

criterion_group!(benches, solver, movegen, playouts);
criterion_main!(benches);
