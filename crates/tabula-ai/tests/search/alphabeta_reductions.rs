//! Late-move reductions (`AlphaBetaConfig::reductions`): within the same nodes the search
//! completes deeper iterations (Toumaï, Khan-Tsin), and what it proves is still true (the
//! forced wins of Connect Four's tactics file, exact values of endgames against a
//! brute-force solver), deterministically.

use tabula_ai::{AlphaBetaBot, AlphaBetaConfig, BotSpec};

use tabula_core::{Game, Notation, ToAct, rng_from_seed, step_random};
use tabula_khan_tsin::KhanTsin;
use tabula_toumai::Toumai;

use crate::common;

use common::connect_four::{assert_exact_endgames, pos, tactics};

fn reduced(max_depth: u32) -> AlphaBetaConfig {
    AlphaBetaConfig {
        max_depth,
        reductions: true,
        ..AlphaBetaConfig::default()
    }
}

/// The deepest iteration completed within 300 000 nodes, with and without reductions, after
/// `plies` random plies of `seed`'s game.
fn depths<G>(seed: u64, plies: usize) -> Option<(u32, u32)>
where
    G: Game + tabula_core::Zobrist + tabula_core::Heuristic,
{
    let mut rng = rng_from_seed(seed);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    let mut game = G::new(&G::Params::default()).ok()?;
    for _ in 0..plies {
        step_random(&mut game, &mut rng, &mut actions, &mut chances);
    }
    if !matches!(game.to_act(), ToAct::One(_)) {
        return None;
    }
    let budget = |reductions| AlphaBetaConfig {
        max_depth: 40,
        max_nodes: Some(300_000),
        reductions,
        ..AlphaBetaConfig::default()
    };
    let plain = AlphaBetaBot::new(budget(false), 1).search(&game).ok()?;
    let lmr = AlphaBetaBot::new(budget(true), 1).search(&game).ok()?;
    (plain.proven_in().is_none() && lmr.proven_in().is_none()).then_some((plain.depth, lmr.depth))
}

#[test]
fn reductions_complete_deeper_iterations_within_the_same_nodes() {
    // Toumaï and Khan-Tsin branch widely: there the reductions gain at least a ply.
    let mut pairs = Vec::new();
    for seed in 0..4 {
        pairs.extend(depths::<Toumai>(seed, 12));
        pairs.extend(depths::<KhanTsin>(seed, 24));
    }
    assert!(pairs.len() >= 6, "{pairs:?}");
    assert!(pairs.iter().all(|&(plain, lmr)| lmr > plain), "{pairs:?}");
}

#[test]
fn reductions_still_prove_every_forced_win_of_the_tactics_file() {
    let cases = tactics();
    assert!(cases.len() >= 32);
    for common::connect_four::Tactic {
        position,
        wins,
        plies,
        ..
    } in cases
    {
        let r = AlphaBetaBot::new(reduced(plies + 4), 1)
            .search(&position)
            .unwrap();
        // A reduced line may find a slower win first; the move must still win.
        let Some((true, found)) = r.proven_in() else {
            panic!(
                "{}: no proven win (score {})",
                position.to_notation(),
                r.score
            );
        };
        assert!(found >= plies, "{}", position.to_notation());
        if !wins.contains(&r.best) {
            let mut after = position.clone();
            after.apply(r.best);
            let reply = AlphaBetaBot::new(AlphaBetaConfig::with_depth(found + 2), 1)
                .search(&after)
                .unwrap();
            assert_eq!(
                reply.proven_in().map(|(won, _)| won),
                Some(false),
                "{}: {} does not win",
                position.to_notation(),
                r.best
            );
        }
    }
}

#[test]
fn reductions_find_the_exact_value_of_endgames_and_keep_it() {
    assert_exact_endgames(&reduced(42), 22, 30);
}

#[test]
fn reduced_searches_are_deterministic_for_a_budget() {
    let game = pos("......./......./......./...x.../...o.../..xo... x");
    let config = AlphaBetaConfig {
        max_depth: 30,
        max_nodes: Some(50_000),
        reductions: true,
        ..AlphaBetaConfig::default()
    };
    let a = AlphaBetaBot::new(config.clone(), 5).search(&game).unwrap();
    let b = AlphaBetaBot::new(config, 5).search(&game).unwrap();
    assert_eq!(
        (a.best, a.score, a.depth, a.nodes),
        (b.best, b.score, b.depth, b.nodes)
    );
}

#[test]
fn the_reduce_key_reads_and_prints_in_bot_specifications() {
    let spec: BotSpec = "alphabeta:depth=12:reduce=yes".parse().unwrap();
    let BotSpec::AlphaBeta(config) = &spec else {
        panic!("{spec:?}")
    };
    assert!(config.reductions);
    assert_eq!(spec.to_string(), "alphabeta:depth=12:reduce=yes");
    let plain: BotSpec = "alphabeta:depth=12".parse().unwrap();
    assert_eq!(plain.to_string(), "alphabeta:depth=12");
    let err = "alphabeta:reduce=maybe".parse::<BotSpec>().unwrap_err();
    assert!(err.to_string().contains("reduce"), "{err}");
}
