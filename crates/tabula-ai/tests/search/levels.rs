//! The named levels on Connect Four: deterministic for a seed (both engines), and ordered in
//! strength (strong beats random and beginner). The 100-game evidence runs are done with
//! `tabula match`; these are modest-sized checks.

use tabula_ai::arena::MatchConfig;
use tabula_ai::{
    Bot, BotFactory, BotSpec, Engine, Level, LevelConfig, MatchReport, choose, run_match_specs,
};
use tabula_connect_four::{Column, ConnectFour, Params};
use tabula_core::Game;

/// A level's play depends on its budgets alone without its time cap, however busy the
/// machine running the tests is.
const UNCAPPED: Option<u64> = Some(tabula_ai::bounds::MAX_TIME_MS);

fn factory() -> BotFactory<ConnectFour> {
    BotFactory::<ConnectFour>::new().with_alphabeta()
}

/// Plays a whole game between two bots; returns the moves.
fn play(x: &mut dyn Bot<ConnectFour>, o: &mut dyn Bot<ConnectFour>) -> Vec<Column> {
    let mut game = ConnectFour::new(&Params::default()).unwrap();
    let mut moves = Vec::new();
    while !game.is_over() {
        let seat = game.side_to_move();
        let bot: &mut dyn Bot<ConnectFour> = if seat.index() == 0 { &mut *x } else { &mut *o };
        let a = choose(bot, &game, seat).unwrap();
        x.observe(&game, a);
        o.observe(&game, a);
        game.apply(a);
        moves.push(a);
    }
    moves
}

#[test]
fn levels_are_deterministic_for_a_seed() {
    let f = factory();
    for engine in [Engine::Mcts, Engine::AlphaBeta] {
        for level in [Level::Beginner, Level::Casual, Level::Strong] {
            let spec = BotSpec::Level {
                level,
                engine: Some(engine),
                threads: None,
                ms: UNCAPPED,
            };
            let game = |sx: u64, so: u64| {
                let mut x = f.build(&spec, 2, sx).unwrap();
                let mut o = f.build(&spec, 2, so).unwrap();
                play(x.as_mut(), o.as_mut())
            };
            assert_eq!(game(1, 2), game(1, 2), "{level} {engine}");
            let seeds: Vec<Vec<Column>> = (10..14).map(|s| game(s, s + 100)).collect();
            assert!(
                seeds.iter().any(|g| *g != seeds[0]),
                "{level} {engine}: other seeds play other games"
            );
        }
    }
}

#[test]
fn expert_first_moves_are_deterministic_for_a_seed() {
    let f = factory();
    let start = ConnectFour::new(&Params::default()).unwrap();
    for engine in [Engine::Mcts, Engine::AlphaBeta] {
        let spec = BotSpec::Level {
            level: Level::Expert,
            engine: Some(engine),
            threads: None,
            ms: UNCAPPED,
        };
        let first = |seed| {
            choose(
                f.build(&spec, 2, seed).unwrap().as_mut(),
                &start,
                start.side_to_move(),
            )
            .unwrap()
        };
        assert_eq!(first(7), first(7), "{engine}");
    }
}

#[test]
fn level_configurations_are_the_documented_ones() {
    let f = factory();
    match f.level_config(Level::Strong, 2) {
        LevelConfig::AlphaBeta(c) => {
            assert_eq!(c.max_depth, 6);
            assert_eq!(c.max_nodes, Some(300_000));
            assert_eq!(c.time_ms, Some(450), "the time cap of strong");
            assert!(!c.reductions);
        }
        other => panic!("{other:?}"),
    }
    match f.level_config(Level::Expert, 2) {
        LevelConfig::AlphaBeta(c) => {
            assert_eq!((c.max_depth, c.max_nodes), (24, Some(2_000_000)));
            assert!(c.reductions, "expert reduces late moves");
        }
        other => panic!("{other:?}"),
    }
    let mcts_only = BotFactory::<ConnectFour>::new();
    match mcts_only.level_config(Level::Strong, 2) {
        LevelConfig::Mcts(c) => {
            assert_eq!(c.iterations, Some(10_000));
            assert_eq!((c.threads, c.time_ms), (1, Some(450)));
        }
        other => panic!("{other:?}"),
    }
    let iterations: Vec<Option<u64>> = Level::ALL.iter().map(|l| l.mcts().iterations).collect();
    assert!(iterations.windows(2).all(|w| w[0] < w[1]), "{iterations:?}");
    let depths: Vec<u32> = Level::ALL.iter().map(|l| l.alphabeta().max_depth).collect();
    assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
}

fn duel(a: &str, b: &str, games: usize) -> MatchReport {
    let specs = BotSpec::parse_list(&format!("{a},{b}")).unwrap();
    let config = MatchConfig {
        games,
        threads: 2,
        seed: 2024,
        ..MatchConfig::default()
    };
    run_match_specs(&Params::default(), &specs, &factory(), &config, &|_, _| {}).unwrap()
}

#[test]
fn strong_beats_random_with_either_engine() {
    for strong in ["strong:engine=mcts", "strong:engine=alphabeta"] {
        let r = duel(strong, "random", 10);
        assert!(r.bots[0].wins >= 10, "{}", r.table());
    }
}

#[test]
fn strong_beats_beginner_with_either_engine() {
    for (strong, beginner) in [
        ("strong:engine=mcts", "beginner:engine=mcts"),
        ("strong:engine=alphabeta", "beginner:engine=alphabeta"),
    ] {
        let r = duel(strong, beginner, 10);
        assert!(r.bots[0].wins >= 8, "{}", r.table());
    }
}

#[test]
fn a_game_may_give_its_mcts_levels_their_own_iteration_budgets() {
    // A game whose iterations are costly keeps its levels within their time per move.
    let game = ConnectFour::new(&Params::default()).unwrap();
    let seat = game.side_to_move();
    let budgets = [5, 6, 7, 8];
    let scaled = BotFactory::<ConnectFour>::new().with_level_iterations(budgets);
    for (level, budget) in Level::ALL.into_iter().zip(budgets) {
        let spec: BotSpec = format!("{level}").parse().unwrap();
        let mut bot = scaled.build(&spec, 2, 1).unwrap();
        let report = bot
            .analyse(&game, seat, &Default::default(), false)
            .unwrap()
            .unwrap();
        assert_eq!(report.iterations, Some(budget), "{level}");
    }
    // Without it, the levels' own budgets.
    let mut bot = BotFactory::<ConnectFour>::new()
        .build(&"beginner".parse().unwrap(), 2, 1)
        .unwrap();
    let report = bot
        .analyse(&game, seat, &Default::default(), false)
        .unwrap()
        .unwrap();
    assert_eq!(report.iterations, Some(100));
}

#[test]
fn a_time_cap_ends_a_level_search_before_its_budget() {
    let f = factory();
    let start = ConnectFour::new(&Params::default()).unwrap();
    let iterations = |text: &str| {
        let spec: BotSpec = text.parse().unwrap();
        let mut bot = f.build(&spec, 2, 1).unwrap();
        let limits = tabula_ai::SearchLimits::default();
        let report = bot.analyse(&start, tabula_core::Seat(0), &limits, false);
        report.unwrap().unwrap().iterations.unwrap()
    };
    // 50 000 iterations take tens of milliseconds; a cap of 1 ms ends the search long before.
    assert_eq!(iterations("expert:engine=mcts"), 50_000);
    assert!(iterations("expert:engine=mcts:ms=1") < 50_000);
    assert!(
        Level::ALL
            .windows(2)
            .all(|w| w[0].time_cap_ms() < w[1].time_cap_ms())
    );
}
