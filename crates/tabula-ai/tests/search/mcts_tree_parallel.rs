//! Tree-parallel MCTS (one tree shared by 2 threads, the default with several threads): it
//! finds the forced wins the single-thread search finds, its root visits add up to the
//! iterations, it reuses its subtree and respects its node cap, and its actions are legal in
//! games with chance, several seats acting and 3 seats.

use crate::common;

use common::kingmaker::{KAction, KParams, Kingmaker};
use common::race::{RParams, Race};
use tabula_ai::arena::MatchConfig;
use tabula_ai::{AiError, Bot, MctsBot, MctsConfig, Parallelism, choose, run_match};
use tabula_connect_four::{Column, ConnectFour, Params};
use tabula_core::{Actor, Game, Notation, Seat};

const TACTICS: &str = include_str!("../../../tabula-connect-four/data/tactics.txt");

fn two_threads(iterations: u64) -> MctsConfig {
    MctsConfig {
        threads: 2,
        parallel: Parallelism::Tree,
        ..MctsConfig::with_iterations(iterations)
    }
}

/// The tactics lines with a win within 3 plies: (position, winning columns).
fn forced_wins() -> Vec<(ConnectFour, Vec<Column>)> {
    TACTICS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            let plies: u32 = f[2].strip_prefix("plies ")?.parse().ok()?;
            let wins = f[1]
                .strip_prefix("win ")?
                .split_whitespace()
                .map(|c| Column::from_number(c.parse().unwrap()).unwrap())
                .collect();
            let game = ConnectFour::from_notation(&Params::default(), f[0]).unwrap();
            (plies <= 3).then_some((game, wins))
        })
        .collect()
}

#[test]
fn tree_parallel_search_finds_the_forced_wins_of_the_single_thread_search() {
    let cases = forced_wins();
    assert!(cases.len() >= 10);
    for (i, (game, wins)) in cases.iter().enumerate() {
        let seat = game.side_to_move();
        let mut one: MctsBot<ConnectFour> =
            MctsBot::new(MctsConfig::with_iterations(20_000), i as u64);
        let mut two: MctsBot<ConnectFour> = MctsBot::new(two_threads(20_000), i as u64);
        let by_one = choose(&mut one, game, seat).unwrap();
        let by_two = choose(&mut two, game, seat).unwrap();
        assert!(wins.contains(&by_one), "{}: one thread", game.to_notation());
        assert!(
            wins.contains(&by_two),
            "{}: 2 threads played {by_two}, wins {wins:?}",
            game.to_notation()
        );
        assert_eq!(two.last_search().unwrap().iterations, 20_000);
    }
}

#[test]
fn tree_parallel_root_visits_add_up_to_the_iterations() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    for iterations in [1, 2, 7, 5000] {
        let mut bot: MctsBot<ConnectFour> = MctsBot::new(two_threads(iterations), 3);
        bot.search(&game).unwrap();
        let info = bot.last_search().unwrap();
        assert_eq!(info.iterations, iterations);
        let visits: u64 = info.children.iter().map(|c| c.visits).sum();
        assert_eq!(visits, iterations, "{iterations} iterations");
        assert_eq!(info.children.len(), 7);
        assert!(info.children.iter().all(|c| c.mean.len() == 2));
    }
}

#[test]
fn tree_parallel_search_reuses_its_subtree_and_keeps_to_its_node_cap() {
    let mut game = ConnectFour::new(&Params::default()).unwrap();
    let mut bot: MctsBot<ConnectFour> = MctsBot::new(two_threads(4000), 1);
    let first = choose(&mut bot, &game, Seat(0)).unwrap();
    bot.observe(&game, first);
    game.apply(first);
    let reply = Column::from_number(4).unwrap();
    bot.observe(&game, reply);
    game.apply(reply);
    let _ = choose(&mut bot, &game, Seat(0)).unwrap();
    let info = bot.last_search().unwrap();
    assert!(info.reused_visits > 0, "the subtree was kept");
    // Every new iteration went through a root child; the kept ones had visited the root once
    // before it had children.
    let visits: u64 = info.children.iter().map(|c| c.visits).sum();
    assert!(
        (4000..info.reused_visits + 4000).contains(&visits),
        "{visits} visits, {} reused",
        info.reused_visits
    );

    let capped = MctsConfig {
        max_nodes: 50,
        ..two_threads(3000)
    };
    let game = ConnectFour::new(&Params::default()).unwrap();
    let mut bot: MctsBot<ConnectFour> = MctsBot::new(capped, 2);
    let a = choose(&mut bot, &game, Seat(0)).unwrap();
    assert!(game.validate(Actor::Seat(Seat(0)), a).is_ok());
    let info = bot.last_search().unwrap();
    assert!(info.nodes <= 50, "{} nodes", info.nodes);
    assert_eq!(info.iterations, 3000);
}

#[test]
fn tree_parallel_search_knows_chance_and_each_seats_return() {
    // Kingmaker: `N` (a 60/40 coin for seat 1) is seat 1's best first action with 3 seats.
    let game = Kingmaker::new(&KParams { players: 3 }).unwrap();
    let mut bot: MctsBot<Kingmaker> = MctsBot::new(two_threads(6000), 7);
    assert_eq!(choose(&mut bot, &game, Seat(0)).unwrap(), KAction::N);
}

/// Plays `games` games of `G` between tree-parallel bots: every action is checked by the match
/// runner, which stops with an error on an illegal one.
fn match_of<G: Notation>(params: &G::Params, games: usize) -> Result<u64, AiError> {
    let seats = G::new(params)?.num_seats();
    let names: Vec<String> = (0..seats).map(|i| format!("bot{i}")).collect();
    let config = MatchConfig {
        games,
        threads: 1,
        seed: 11,
        ..MatchConfig::default()
    };
    let make = |_: usize, seed: u64| -> Result<Box<dyn Bot<G>>, AiError> {
        Ok(Box::new(MctsBot::<G>::new(two_threads(300), seed)))
    };
    let report = run_match(params, &names, &make, &config, &|_, _| {})?;
    Ok(report.records.iter().map(|r| r.plies).sum())
}

#[test]
fn tree_parallel_bots_play_only_legal_actions() {
    assert!(match_of::<ConnectFour>(&Params::default(), 4).unwrap() >= 4 * 7);
    assert!(match_of::<Kingmaker>(&KParams { players: 3 }, 6).unwrap() > 0);
    assert!(match_of::<Race>(&RParams { players: 3 }, 10).unwrap() > 0);
}
