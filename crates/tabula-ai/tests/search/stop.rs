//! [`Stop`]: a search with a budget that would run for hours ends soon after its flag is set
//! from another thread, on every engine and parallelism, in `decide` and in `analyse`, and
//! still answers with an action found by the search.

use std::sync::mpsc;
use std::time::Duration;
use tabula_ai::{Bot, BotFactory, Decision, SearchLimits, Stop};
use tabula_connect_four::{ConnectFour, Params};
use tabula_core::{Actor, Game, Seat};

/// Far longer than a stopped search takes, and than a test should wait.
const PATIENCE: Duration = Duration::from_secs(30);

/// Specifications whose budgets last for hours on Connect Four's opening.
const ENDLESS: [&str; 5] = [
    "mcts:iterations=100000000",
    "mcts:iterations=100000000:threads=2:parallel=root",
    "mcts:iterations=100000000:threads=2:parallel=tree",
    "alphabeta:depth=40",
    "alphabeta:depth=40:threads=2",
];

fn bot(spec: &str) -> Box<dyn Bot<ConnectFour>> {
    BotFactory::<ConnectFour>::new()
        .with_alphabeta()
        .build(&spec.parse().unwrap(), 2, 7)
        .unwrap()
}

/// Runs `search` on its own thread with a bot holding a flag, sets the flag, and waits (at
/// most [`PATIENCE`]) for the answer.
fn stopped<T: Send + 'static>(
    spec: &str,
    search: impl FnOnce(&mut dyn Bot<ConnectFour>, &ConnectFour) -> T + Send + 'static,
) -> T {
    let mut bot = bot(spec);
    let stop = Stop::new();
    bot.set_stop(Some(stop.clone()));
    let (answer, answered) = mpsc::channel();
    std::thread::spawn(move || {
        let game = ConnectFour::new(&Params::default()).unwrap();
        let _ = answer.send(search(bot.as_mut(), &game));
    });
    stop.stop();
    answered
        .recv_timeout(PATIENCE)
        .unwrap_or_else(|_| panic!("`{spec}` searched on after its stop flag was set"))
}

fn legal() -> Vec<<ConnectFour as Game>::Action> {
    let game = ConnectFour::new(&Params::default()).unwrap();
    let mut legal = Vec::new();
    game.legal_actions_for(Actor::Seat(Seat(0)), &mut legal);
    legal
}

#[test]
fn a_stopped_decision_ends_with_a_legal_action() {
    for spec in ENDLESS {
        let decided = stopped(spec, |bot, game| bot.decide(game, Seat(0), false));
        match decided {
            Ok(Decision::Act(a)) => assert!(legal().contains(&a), "{spec}: {a:?}"),
            other => panic!("{spec}: {other:?}"),
        }
    }
}

#[test]
fn a_stopped_analysis_ends_with_a_report_of_what_it_found() {
    for spec in ENDLESS {
        let limits = SearchLimits {
            iterations: Some(100_000_000),
            ..SearchLimits::default()
        };
        let report = stopped(spec, move |bot, game| {
            bot.analyse(game, Seat(0), &limits, false)
        })
        .unwrap_or_else(|e| panic!("{spec}: {e}"))
        .unwrap_or_else(|| panic!("{spec} searches"));
        let best = report.best.unwrap_or_else(|| panic!("{spec}: no best"));
        assert!(legal().contains(&best), "{spec}: {best:?}");
        assert!(report.nodes > 0, "{spec}");
    }
}

/// Removing the flag gives the bot its whole budget back.
#[test]
fn a_bot_whose_flag_is_removed_searches_its_whole_budget() {
    let mut bot = bot("mcts:iterations=300");
    let stop = Stop::new();
    stop.stop();
    bot.set_stop(Some(stop));
    bot.set_stop(None);
    let game = ConnectFour::new(&Params::default()).unwrap();
    let report = bot
        .analyse(&game, Seat(0), &SearchLimits::default(), false)
        .unwrap()
        .unwrap();
    assert_eq!(report.iterations, Some(300));
}
