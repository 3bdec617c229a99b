//! `Bot::analyse` on Connect Four: MCTS and alpha-beta report every root action, best first,
//! with values, a principal variation starting with the best move, and forced wins found;
//! the bot's own settings are unchanged afterwards; bots that do not search report nothing.

use tabula_ai::{
    AiError, AlphaBetaBot, AlphaBetaConfig, Bot, BotFactory, Engine, MctsBot, MctsConfig,
    RandomBot, SearchLimits,
};
use tabula_connect_four::{Column, ConnectFour, Params};
use tabula_core::{Actor, Game, Notation, Seat};

fn pos(text: &str) -> ConnectFour {
    ConnectFour::from_notation(&Params::default(), text).unwrap()
}

/// Red (x) wins at once by column 3 only (from the tactics data file).
const WIN_IN_ONE: &str = "......./o....../o..x.../x..oox./oo.oxo./xx.xxox x";
/// Red (x) forces a four within 3 plies by column 6 only.
const WIN_IN_THREE: &str = "......./....o../...xx.o/...ox.x/...ooxx/xooxoxo x";

fn col(n: usize) -> Column {
    Column::from_number(n).unwrap()
}

fn legal(game: &ConnectFour) -> Vec<Column> {
    let mut actions = Vec::new();
    game.legal_actions_for(Actor::Seat(Seat(0)), &mut actions);
    actions
}

fn iterations(n: u64) -> SearchLimits {
    SearchLimits {
        iterations: Some(n),
        ..SearchLimits::default()
    }
}

#[test]
fn mcts_report_lists_every_root_action_once_most_visited_first() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    let mut bot = MctsBot::<ConnectFour>::new(MctsConfig::with_iterations(50), 3);
    let report = bot
        .analyse(&game, Seat(0), &iterations(700), true)
        .unwrap()
        .expect("MCTS searches");
    assert_eq!(report.engine, Engine::Mcts);
    assert_eq!(report.iterations, Some(700));
    let mut listed: Vec<Column> = report.root.iter().map(|r| r.action).collect();
    listed.sort_by_key(|c| c.number());
    assert_eq!(listed, legal(&game));
    let visits: Vec<u64> = report.root.iter().map(|r| r.visits.unwrap()).collect();
    assert!(visits.windows(2).all(|w| w[0] >= w[1]), "{visits:?}");
    assert_eq!(visits.iter().sum::<u64>(), 700);
    assert_eq!(report.best, Some(report.root[0].action));
    assert_eq!(report.pv.first(), report.best.as_ref());
    assert!(report.pv.len() >= 2, "{:?}", report.pv);
    let total: f64 = report.value.iter().sum();
    assert!((total - 1.0).abs() < 1e-3, "{:?}", report.value);
    // The bot's own budget is back: a decision runs 50 iterations.
    assert_eq!(bot.config().iterations, Some(50));
    bot.decide(&game, Seat(0), false).unwrap();
    assert_eq!(bot.last_search().unwrap().iterations, 50);
}

#[test]
fn mcts_report_finds_the_winning_move_with_a_certain_value() {
    let game = pos(WIN_IN_ONE);
    let mut bot = MctsBot::<ConnectFour>::new(MctsConfig::with_iterations(10), 1);
    let report = bot
        .analyse(&game, Seat(0), &iterations(2_000), true)
        .unwrap()
        .unwrap();
    assert_eq!(report.best, Some(col(3)));
    assert!(report.root[0].value[0] > 0.99, "{:?}", report.root[0]);
}

#[test]
fn alphabeta_scores_every_root_move_exactly_when_asked() {
    let game = pos(WIN_IN_THREE);
    let mut bot = AlphaBetaBot::<ConnectFour>::new(AlphaBetaConfig::with_depth(2), 1);
    let limits = SearchLimits {
        depth: Some(5),
        ..SearchLimits::default()
    };
    let report = bot.analyse(&game, Seat(0), &limits, true).unwrap().unwrap();
    assert_eq!(report.engine, Engine::AlphaBeta);
    assert_eq!(report.best, Some(col(6)));
    assert_eq!(report.mate_in, Some(3));
    assert_eq!(report.value, [1.0, 0.0]);
    assert_eq!(report.pv.first(), Some(&col(6)));
    let mut listed: Vec<Column> = report.root.iter().map(|r| r.action).collect();
    listed.sort_by_key(|c| c.number());
    assert_eq!(listed, legal(&game));
    let scores: Vec<i32> = report.root.iter().map(|r| r.score.unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // Column 6 is the only forced win: every other move scores below it.
    assert!(scores[1] < scores[0], "{scores:?}");
    assert_eq!(bot.config().max_depth, 2);
}

#[test]
fn alphabeta_report_without_every_root_action_lists_the_best_move_only() {
    let game = pos(WIN_IN_ONE);
    let mut bot = AlphaBetaBot::<ConnectFour>::new(AlphaBetaConfig::with_depth(4), 1);
    let report = bot
        .analyse(&game, Seat(0), &SearchLimits::default(), false)
        .unwrap()
        .unwrap();
    assert_eq!(report.best, Some(col(3)));
    assert_eq!(report.mate_in, Some(1));
    assert_eq!(report.root.len(), 1);
}

#[test]
fn factory_bots_report_through_their_wrapper_and_random_reports_nothing() {
    let factory = BotFactory::<ConnectFour>::new().with_alphabeta();
    let game = pos(WIN_IN_ONE);
    let mut level = factory.build(&"casual".parse().unwrap(), 2, 1).unwrap();
    let report = level
        .analyse(&game, Seat(0), &SearchLimits::default(), true)
        .unwrap()
        .expect("casual searches");
    assert_eq!(report.best, Some(col(3)));
    let mut random = RandomBot::<ConnectFour>::new(1);
    assert!(
        random
            .analyse(&game, Seat(0), &SearchLimits::default(), true)
            .unwrap()
            .is_none()
    );
}

#[test]
fn analyse_refuses_zero_limits_a_seat_that_may_not_act_and_a_finished_game() {
    let game = pos(WIN_IN_ONE);
    let mut bot = MctsBot::<ConnectFour>::new(MctsConfig::with_iterations(10), 1);
    assert!(matches!(
        bot.analyse(&game, Seat(0), &iterations(0), true),
        Err(AiError::Unsupported(m)) if m.contains("iterations")
    ));
    assert_eq!(
        bot.analyse(&game, Seat(1), &iterations(10), true).err(),
        Some(AiError::SeatCannotAct(Seat(1)))
    );
    let mut ab = AlphaBetaBot::<ConnectFour>::new(AlphaBetaConfig::with_depth(2), 1);
    let mut over = game.clone();
    over.apply(col(3));
    assert_eq!(
        ab.analyse(&over, Seat(1), &SearchLimits::default(), true)
            .err(),
        Some(AiError::GameOver)
    );
}

#[test]
fn alphabeta_best_move_heads_the_scores_even_when_the_node_limit_interrupts_an_iteration() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    for nodes in [30, 200, 700, 1_500, 4_000] {
        let mut bot = AlphaBetaBot::<ConnectFour>::new(AlphaBetaConfig::with_depth(12), 1);
        let report = bot
            .analyse(&game, Seat(0), &iterations(nodes), true)
            .unwrap()
            .unwrap();
        assert_eq!(report.best, Some(report.root[0].action), "{nodes} nodes");
        assert_eq!(report.score, report.root[0].score, "{nodes} nodes");
        assert_eq!(report.root.len(), 7, "{nodes} nodes");
    }
}
