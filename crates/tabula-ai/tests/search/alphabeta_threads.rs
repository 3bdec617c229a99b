//! Alpha-beta on several threads sharing the transposition table (lazy SMP): proven values
//! as exact as on one thread, and whole games of legal moves.

use tabula_ai::{AlphaBetaBot, AlphaBetaConfig, Bot, Decision, SearchLimits};
use tabula_connect_four::ConnectFour;
use tabula_core::{Actor, Game, Heuristic, ToAct, Zobrist};
use tabula_khan_tsin::KhanTsin;
use tabula_toumai::Toumai;

use crate::common;

use common::connect_four::{assert_exact_endgames, assert_solves_tactics};

fn threaded(max_depth: u32) -> AlphaBetaConfig {
    AlphaBetaConfig {
        threads: 2,
        ..AlphaBetaConfig::with_depth(max_depth)
    }
}

#[test]
fn two_threads_solve_every_tactic_in_the_data_file_as_one_does() {
    assert_solves_tactics(|plies| threaded(plies + 2));
}

#[test]
fn two_threads_find_the_exact_value_of_endgames() {
    assert_exact_endgames(&threaded(42), 23, 30);
}

/// Threads that do not split the work (`split=no`) are as exact.
#[test]
fn two_threads_that_do_not_split_the_work_solve_tactics_and_endgames_exactly() {
    let unsplit = |max_depth| AlphaBetaConfig {
        split: Some(false),
        ..threaded(max_depth)
    };
    assert_solves_tactics(|plies| unsplit(plies + 2));
    assert_exact_endgames(&unsplit(42), 23, 30);
}

/// Plays two bots searching to depth 6 within 20,000 nodes on `threads` threads (seat by
/// seat, seeded `seed` and `seed + 1`) against each other from `game` to the end (or
/// `max_plies`), checking that every move is legal.
fn play_out<G>(mut game: G, threads: [usize; 2], seed: u64, max_plies: usize)
where
    G: Zobrist + Heuristic,
{
    let config = |threads| AlphaBetaConfig {
        threads,
        max_nodes: Some(20_000),
        ..AlphaBetaConfig::with_depth(6)
    };
    let mut bots = [0, 1].map(|i| AlphaBetaBot::new(config(threads[i]), seed + i as u64));
    let mut legal = Vec::new();
    for _ in 0..max_plies {
        let ToAct::One(seat) = game.to_act() else {
            break;
        };
        let Decision::Act(a) = bots[seat.index()].decide(&game, seat, false).unwrap() else {
            panic!("alpha-beta always acts");
        };
        game.legal_actions_for(Actor::Seat(seat), &mut legal);
        assert!(legal.contains(&a), "{a:?} is not legal");
        game.apply(a);
    }
}

#[test]
fn a_two_thread_bot_plays_whole_games_of_legal_moves() {
    play_out(
        ConnectFour::new(&Default::default()).unwrap(),
        [2, 1],
        1,
        42,
    );
    play_out(Toumai::new(&Default::default()).unwrap(), [1, 2], 3, 80);
    play_out(KhanTsin::new(&Default::default()).unwrap(), [2, 3], 5, 80);
}

#[test]
fn an_exact_analysis_on_two_threads_values_every_move_at_the_depth_asked() {
    let game = KhanTsin::new(&Default::default()).unwrap();
    let ToAct::One(seat) = game.to_act() else {
        panic!("one seat acts first");
    };
    let mut legal = Vec::new();
    game.legal_actions_for(Actor::Seat(seat), &mut legal);
    let mut bot: AlphaBetaBot<KhanTsin> = AlphaBetaBot::new(threaded(2), 7);
    let limits = SearchLimits {
        depth: Some(4),
        ..SearchLimits::default()
    };
    let report = bot
        .analyse(&game, seat, &limits, true)
        .unwrap()
        .expect("alpha-beta reports");
    assert_eq!(report.depth, Some(4));
    assert_eq!(report.root.len(), legal.len(), "every legal move valued");
    let i = seat.index();
    assert!(
        report
            .root
            .windows(2)
            .all(|w| w[0].value[i] >= w[1].value[i]),
        "best first"
    );
}
