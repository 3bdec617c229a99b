//! The shared test harness (tabula_core::testkit) on Khan-Tsin: seeded random games from the
//! placement phase and from random setups, 2 players (each choice of colours) and 3 players,
//! with and without the ply limit.

use tabula_core::testkit::Harness;
use tabula_core::{EndReason, Game};
use tabula_khan_tsin::{KhanTsin, Params};

fn params(players: usize, colours: Option<&str>, max_plies: Option<u32>) -> Params {
    Params {
        players,
        colours: colours.map(str::to_string),
        max_plies,
        ..Params::default()
    }
}

fn invariant(game: &KhanTsin) -> Result<(), String> {
    game.check_invariant()
}

#[test]
fn harness_two_players_from_placement() {
    for (seed, colours) in [(1, "wg"), (101, "wb"), (201, "gb")] {
        let p = params(2, Some(colours), Some(160));
        let report = Harness::new(move |_| KhanTsin::new(&p).unwrap())
            .games(10)
            .seed(seed)
            .invariant(invariant)
            .indexed()
            .run();
        assert_eq!(report.games, 10);
        assert_eq!(report.finished, 10, "the ply limit ends every game");
    }
}

#[test]
fn harness_three_players_from_placement() {
    let p = params(3, None, Some(200));
    let report = Harness::new(move |_| KhanTsin::new(&p).unwrap())
        .games(15)
        .seed(7)
        .invariant(invariant)
        .indexed()
        .run();
    assert_eq!(report.finished, 15);
}

#[test]
fn harness_random_setups_play_to_the_end() {
    for players in [2, 3] {
        let p = params(players, None, None);
        let report = Harness::new(move |rng| KhanTsin::new_random(&p, rng).unwrap())
            .games(20)
            .seed(1000 + players as u64)
            .max_steps(600)
            .invariant(invariant)
            .indexed()
            .run();
        assert_eq!(report.games, 20);
        assert!(
            report.finished >= 10,
            "only {} games ended",
            report.finished
        );
        assert!(
            report.steps > 20 * 50,
            "games are played: {} steps",
            report.steps
        );
        for o in &report.outcomes {
            assert_ne!(o.reason, EndReason::PlyLimit, "no ply limit was set");
        }
    }
}
