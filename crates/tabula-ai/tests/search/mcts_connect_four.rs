//! MCTS on Connect Four: forced wins and blocks, determinism for a seed (one thread and root
//! parallel), subtree reuse, time and memory budgets.

use tabula_ai::{Bot, Decision, MctsBot, MctsConfig, Parallelism, choose};
use tabula_connect_four::{Column, ConnectFour, Params};
use tabula_core::{Game, Notation, Seat};

const TACTICS: &str = include_str!("../../../tabula-connect-four/data/tactics.txt");

fn pos(text: &str) -> ConnectFour {
    ConnectFour::from_notation(&Params::default(), text).unwrap()
}

fn col(n: usize) -> Column {
    Column::from_number(n).unwrap()
}

/// The tactics lines with a win within `max_plies`: (position, winning columns).
fn tactics(max_plies: u32) -> Vec<(ConnectFour, Vec<Column>)> {
    TACTICS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            let plies: u32 = f[2].strip_prefix("plies ")?.parse().ok()?;
            let wins = f[1]
                .strip_prefix("win ")?
                .split_whitespace()
                .map(|c| col(c.parse().unwrap()))
                .collect();
            (plies <= max_plies).then(|| (pos(f[0]), wins))
        })
        .collect()
}

#[test]
fn mcts_finds_forced_wins_in_one_and_three_plies() {
    let cases = tactics(3);
    assert!(cases.len() >= 10);
    for (i, (game, wins)) in cases.iter().enumerate() {
        let mut bot: MctsBot<ConnectFour> =
            MctsBot::new(MctsConfig::with_iterations(20_000), i as u64);
        let seat = game.side_to_move();
        let a = choose(&mut bot, game, seat).unwrap();
        assert!(
            wins.contains(&a),
            "{}: played {a}, wins {wins:?}",
            game.to_notation()
        );
    }
}

#[test]
fn mcts_blocks_an_immediate_threat() {
    // o threatens column 4; every other move loses at once.
    let game = pos("......./......./...o.../...o.../...o.../.x.x.x. x");
    for seed in 0..5 {
        let mut bot: MctsBot<ConnectFour> = MctsBot::new(MctsConfig::with_iterations(3000), seed);
        assert_eq!(
            choose(&mut bot, &game, Seat(0)).unwrap(),
            col(4),
            "seed {seed}"
        );
    }
}

fn visits(bot: &MctsBot<ConnectFour>) -> Vec<(Column, u64)> {
    let mut v: Vec<(Column, u64)> = bot
        .last_search()
        .unwrap()
        .children
        .iter()
        .map(|c| (c.action, c.visits))
        .collect();
    v.sort();
    v
}

#[test]
fn mcts_is_deterministic_for_a_seed_and_thread_count() {
    let game = pos("......./......./......./......./...o.../..xx... o");
    for threads in [1, 2, 3] {
        let config = MctsConfig {
            threads,
            parallel: Parallelism::Root,
            ..MctsConfig::with_iterations(3000)
        };
        let mut a: MctsBot<ConnectFour> = MctsBot::new(config.clone(), 42);
        let mut b: MctsBot<ConnectFour> = MctsBot::new(config.clone(), 42);
        let mut c: MctsBot<ConnectFour> = MctsBot::new(config, 43);
        a.search(&game).unwrap();
        b.search(&game).unwrap();
        c.search(&game).unwrap();
        assert_eq!(visits(&a), visits(&b), "{threads} threads");
        assert_ne!(visits(&a), visits(&c), "another seed searches differently");
        assert_eq!(a.last_search().unwrap().iterations, 3000);
    }
}

#[test]
fn mcts_reuses_the_subtree_after_observed_moves() {
    let mut game = ConnectFour::new(&Params::default()).unwrap();
    let mut bot: MctsBot<ConnectFour> = MctsBot::new(MctsConfig::with_iterations(5000), 1);
    let first = choose(&mut bot, &game, Seat(0)).unwrap();
    bot.observe(&game, first);
    game.apply(first);
    bot.observe(&game, col(4));
    game.apply(col(4));
    let _ = choose(&mut bot, &game, Seat(0)).unwrap();
    let info = bot.last_search().unwrap();
    assert!(info.reused_visits > 0, "the subtree was kept");
    let root_visits: u64 = info.children.iter().map(|c| c.visits).sum();
    // The kept root's first visit rolled out from the root itself, before its expansion.
    assert_eq!(root_visits + 1, info.reused_visits + info.iterations);

    // A position the observed moves do not lead to: the tree starts afresh.
    let other = pos("......./......./......./......./......./x.....o x");
    let _ = choose(&mut bot, &other, Seat(0)).unwrap();
    assert_eq!(bot.last_search().unwrap().reused_visits, 0);

    // Without reuse, nothing is kept.
    let config = MctsConfig {
        reuse_tree: false,
        ..MctsConfig::with_iterations(2000)
    };
    let mut fresh: MctsBot<ConnectFour> = MctsBot::new(config, 1);
    let start = ConnectFour::new(&Params::default()).unwrap();
    let a = choose(&mut fresh, &start, Seat(0)).unwrap();
    fresh.observe(&start, a);
    let mut next = start.clone();
    next.apply(a);
    let _ = choose(&mut fresh, &next, Seat(1)).unwrap();
    assert_eq!(fresh.last_search().unwrap().reused_visits, 0);
}

#[test]
fn mcts_time_budget_and_node_cap() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    let config = MctsConfig {
        iterations: None,
        time_ms: Some(40),
        ..MctsConfig::default()
    };
    let mut bot: MctsBot<ConnectFour> = MctsBot::new(config, 1);
    bot.search(&game).unwrap();
    let info = bot.last_search().unwrap();
    assert!(info.iterations > 100, "{}", info.iterations);
    assert!(info.elapsed.as_millis() < 1000, "{:?}", info.elapsed);

    let capped = MctsConfig {
        max_nodes: 500,
        ..MctsConfig::with_iterations(5000)
    };
    let mut bot: MctsBot<ConnectFour> = MctsBot::new(capped, 1);
    bot.search(&game).unwrap();
    let info = bot.last_search().unwrap();
    assert!(info.nodes <= 500, "{} nodes", info.nodes);
    assert_eq!(info.iterations, 5000);
}

#[test]
fn mcts_answers_at_once_with_a_single_legal_move_and_never_waits_alone() {
    // Only column 3 is open.
    let game = pos("xo.oxxx/xo.oxoo/ox.ooxo/oooxxxo/xxxoxox/xxoxoxo o");
    let mut bot: MctsBot<ConnectFour> = MctsBot::new(MctsConfig::with_iterations(1000), 1);
    assert_eq!(
        bot.decide(&game, Seat(1), true).unwrap(),
        Decision::Act(col(3))
    );
    assert!(bot.last_search().is_none(), "no search was needed");
    let bad = MctsConfig {
        iterations: None,
        time_ms: None,
        ..MctsConfig::default()
    };
    assert!(bad.check().is_err());
}

#[test]
fn mcts_with_heuristic_rollouts_and_cut_off_rollouts_finds_wins() {
    use tabula_ai::HeuristicRollout;
    let cases = tactics(3);
    for (i, (game, wins)) in cases.iter().enumerate().take(6) {
        let config = MctsConfig {
            rollout_max_steps: 4,
            ..MctsConfig::with_iterations(3000)
        };
        let mut bot: MctsBot<ConnectFour, HeuristicRollout> =
            MctsBot::with_rollout(config, HeuristicRollout { epsilon: 0.3 }, i as u64);
        let a = choose(&mut bot, game, game.side_to_move()).unwrap();
        assert!(wins.contains(&a), "{}: played {a}", game.to_notation());
    }
}

#[test]
fn mcts_with_a_tree_too_small_for_the_root_still_answers() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    let config = MctsConfig {
        max_nodes: 3,
        ..MctsConfig::with_iterations(100)
    };
    let mut bot: MctsBot<ConnectFour> = MctsBot::new(config, 1);
    assert_eq!(
        bot.decide(&game, Seat(0), false).unwrap(),
        Decision::Act(col(1))
    );
}
