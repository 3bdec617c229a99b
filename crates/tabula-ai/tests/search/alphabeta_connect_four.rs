//! Alpha-beta on Connect Four: the tactics data file (known forced wins), exact game values of
//! endgames against a brute-force solver, budgets, and determinism.

use tabula_ai::{AiError, AlphaBetaBot, AlphaBetaConfig, Bot, Decision, choose};
use tabula_connect_four::{Column, ConnectFour, Params};
use tabula_core::{Actor, Game, Seat, ToAct};

use crate::common;

use common::connect_four::{assert_exact_endgames, assert_solves_tactics, pos, tactics};

#[test]
fn alphabeta_solves_every_tactic_in_the_data_file() {
    assert_solves_tactics(|plies| AlphaBetaConfig::with_depth(plies + 2));
}

#[test]
fn alphabeta_with_a_shallow_budget_does_not_claim_a_deep_win() {
    // Depth below the win distance: no proven score may be reported.
    for t in tactics().iter().filter(|t| t.plies >= 5) {
        let mut bot: AlphaBetaBot<ConnectFour> =
            AlphaBetaBot::new(AlphaBetaConfig::with_depth(t.plies - 2), 1);
        let r = bot.search(&t.position).unwrap();
        assert_eq!(r.proven_in(), None, "line {}", t.line);
        assert!(r.depth <= t.plies - 2);
    }
}

#[test]
fn alphabeta_finds_the_exact_value_of_endgames() {
    assert_exact_endgames(&AlphaBetaConfig::with_depth(42), 21, 40);
}

#[test]
fn alphabeta_node_budget_is_deterministic_and_respected() {
    let game = pos("......./......./......./...x.../...o.../..xo... x");
    let config = AlphaBetaConfig {
        max_depth: 30,
        max_nodes: Some(20_000),
        ..AlphaBetaConfig::default()
    };
    let mut a: AlphaBetaBot<ConnectFour> = AlphaBetaBot::new(config.clone(), 5);
    let mut b: AlphaBetaBot<ConnectFour> = AlphaBetaBot::new(config, 5);
    let ra = a.search(&game).unwrap();
    let rb = b.search(&game).unwrap();
    assert_eq!(
        (ra.best, ra.score, ra.depth, ra.nodes),
        (rb.best, rb.score, rb.depth, rb.nodes)
    );
    assert!(ra.depth < 30, "the node budget stopped the deepening");
    // Checked every 1024 nodes: the overshoot is bounded.
    assert!(ra.nodes <= 20_000 + 1024, "{} nodes", ra.nodes);
    assert!(ra.pv.first() == Some(&ra.best));
}

#[test]
fn alphabeta_time_budget_stops_the_search() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    let config = AlphaBetaConfig {
        max_depth: 42,
        time_ms: Some(50),
        ..AlphaBetaConfig::default()
    };
    let mut bot: AlphaBetaBot<ConnectFour> = AlphaBetaBot::new(config, 1);
    let r = bot.search(&game).unwrap();
    assert!(r.elapsed.as_millis() < 1000, "{:?}", r.elapsed);
    assert!(r.depth >= 1 && r.depth < 42);
}

#[test]
fn alphabeta_bot_refuses_what_it_cannot_do() {
    let mut bot: AlphaBetaBot<ConnectFour> = AlphaBetaBot::new(AlphaBetaConfig::with_depth(4), 1);
    let over = pos("......./......./x....../x....../xo...../xo...o. o");
    assert_eq!(bot.decide(&over, Seat(1), false), Err(AiError::GameOver));
    let game = ConnectFour::new(&Params::default()).unwrap();
    assert_eq!(
        bot.decide(&game, Seat(1), false),
        Err(AiError::SeatCannotAct(Seat(1)))
    );
    let bad = AlphaBetaConfig {
        max_depth: 0,
        ..AlphaBetaConfig::default()
    };
    let mut bad_bot: AlphaBetaBot<ConnectFour> = AlphaBetaBot::new(bad, 1);
    assert!(matches!(
        bad_bot.search(&game),
        Err(AiError::Unsupported(_))
    ));
    assert!(matches!(
        bot.decide(&game, Seat(0), false),
        Ok(Decision::Act(_))
    ));
}

#[test]
fn alphabeta_blocks_an_immediate_threat() {
    // o threatens column 4 (three in a column); x has no win: x must block.
    let game = pos("......./......./...o.../...o.../...o.../.x.x.x. x");
    let mut bot: AlphaBetaBot<ConnectFour> = AlphaBetaBot::new(AlphaBetaConfig::with_depth(6), 2);
    assert_eq!(
        choose(&mut bot, &game, Seat(0)).unwrap(),
        Column::from_number(4).unwrap()
    );
}

/// The principal variation is read from the exact results, which the search's other nodes do
/// not push out of the table: with a table of 64 entries and a search of many thousand
/// nodes, it is still a legal line many plies long.
#[test]
fn the_principal_variation_outlives_a_table_the_search_overflows() {
    let mut game = ConnectFour::new(&Params::default()).unwrap();
    for n in [4, 4, 3] {
        game.apply(Column::from_number(n).unwrap());
    }
    let config = AlphaBetaConfig {
        max_depth: 12,
        tt_bits: 6,
        ..AlphaBetaConfig::default()
    };
    let mut bot: AlphaBetaBot<ConnectFour> = AlphaBetaBot::new(config, 1);
    let result = bot.search(&game).unwrap();
    assert!(result.nodes > 10_000, "{} nodes", result.nodes);
    assert!(result.pv.len() >= 8, "{:?}", result.pv);
    assert_eq!(result.pv.first(), Some(&result.best));
    let mut line = game.clone();
    for &a in &result.pv {
        let ToAct::One(seat) = line.to_act() else {
            panic!("the line goes on after the game ends: {:?}", result.pv);
        };
        assert!(
            line.try_apply(Actor::Seat(seat), a).is_ok(),
            "{a:?} in {:?}",
            result.pv
        );
    }
}
