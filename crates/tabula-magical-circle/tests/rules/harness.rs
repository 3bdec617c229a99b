//! The shared harness (tabula-core's testkit) on seeded random games with 2–5 players, plus
//! solver-driven games that must reach D6's target.

use crate::common;

use common::{conservation, params, solver_game};
use tabula_core::testkit::Harness;
use tabula_core::{EndReason, Game, Notation, Seat, rng_from_seed};
use tabula_magical_circle::{MagicalCircle, Params, Phase};

fn run(p: Params, games: usize, seed: u64, max_steps: usize) -> tabula_core::testkit::Report {
    Harness::new(move |rng| MagicalCircle::new_random(&p, rng).expect("params"))
        .games(games)
        .seed(seed)
        .max_steps(max_steps)
        .invariant(conservation)
        .indexed()
        .run()
}

#[test]
fn harness_random_games_every_player_count() {
    for players in 2..=5 {
        let report = run(params(players), 8, 100 * players as u64, 600);
        assert_eq!(report.games, 8);
        assert!(report.steps > 8 * 300, "games stopped early: {report:?}");
    }
}

#[test]
fn harness_random_games_end_at_the_ply_limit() {
    for players in 2..=5 {
        let p = Params {
            max_plies: Some(150),
            ..params(players)
        };
        let report = run(p, 4, 7 + players as u64, 2_000);
        assert_eq!(report.finished, 4, "{report:?}");
        assert!(
            report
                .outcomes
                .iter()
                .all(|o| matches!(o.reason, EndReason::PlyLimit | EndReason::Win))
        );
    }
}

#[test]
fn harness_random_games_reach_a_small_target() {
    // Target 1 (D6 as a parameter): random play wins a card now and then, so random games
    // end with a winner and the harness checks finished states too.
    let mut finished = 0;
    for players in [2, 3, 5] {
        let p = Params {
            target: Some(1),
            ..params(players)
        };
        let report = run(p, 5, 900 + players as u64, 1_500);
        eprintln!(
            "target 1, {players} players: {} of {} random games won, {} steps",
            report.finished, report.games, report.steps
        );
        finished += report.finished;
        for o in &report.outcomes {
            assert_eq!(o.reason, EndReason::Win);
            assert_eq!(o.winners().count(), 1);
        }
    }
    assert!(
        finished >= 3,
        "only {finished} random games reached the target"
    );
}

#[test]
fn solver_players_reach_the_target() {
    // Seats that follow the exact solver always reach D6's target, for every player count.
    for players in 2..=5 {
        for seed in 0..20u64 {
            let p = params(players);
            let mut rng = rng_from_seed(seed * 31 + players as u64);
            let g = MagicalCircle::new_random(&p, &mut rng).unwrap();
            let (end, steps) = solver_game(g, &mut rng, 20_000);
            assert_eq!(
                end.phase(),
                Phase::Won,
                "seed {seed}: {}",
                end.to_notation()
            );
            let winner = end.active_seat().unwrap();
            assert_eq!(end.won_cards(winner).len(), p.target_cards() as usize);
            let outcome = end.outcome().unwrap();
            assert_eq!(outcome.winners().collect::<Vec<Seat>>(), vec![winner]);
            assert!(steps > 0);
            conservation(&end).unwrap();
        }
    }
}
