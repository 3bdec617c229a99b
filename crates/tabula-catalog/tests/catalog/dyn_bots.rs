//! Bots behind `DynBot`: their reports in notation, a host stopping them, the errors of a
//! search that does not apply.

use crate::make_bot;
use tabula_ai::SearchLimits;
use tabula_core::{Actor, Seat, rng_from_seed};
use tabula_registry::{DynGame, Setup, Stop};

fn connect_four(position: &str) -> Box<dyn DynGame> {
    tabula_catalog::builtin()
        .find("connect-four")
        .unwrap()
        .load_position(&serde_json::json!({}), position)
        .unwrap()
}

#[test]
fn search_bots_report_in_notation_and_random_reports_nothing() {
    // Red (x) wins at once in column 3.
    let game = connect_four("......./o....../o..x.../x..oox./oo.oxo./xx.xxox x");
    let limits = SearchLimits {
        iterations: Some(500),
        ..SearchLimits::default()
    };
    for spec in ["mcts:iterations=10", "alphabeta:depth=3", "beginner"] {
        let mut bot = make_bot("connect-four", spec, 1).unwrap();
        let report = bot
            .analyse(game.as_ref(), Seat(0), &limits, true)
            .unwrap()
            .unwrap_or_else(|| panic!("{spec} searches"));
        assert_eq!(report.best.as_deref(), Some("3"), "{spec}");
        let mut listed: Vec<String> = report.root.iter().map(|r| r.action.clone()).collect();
        listed.sort();
        assert_eq!(listed, game.legal(Actor::Seat(Seat(0))), "{spec}");
    }
    let mut random = make_bot("connect-four", "random", 1).unwrap();
    assert!(
        random
            .analyse(game.as_ref(), Seat(0), &limits, true)
            .unwrap()
            .is_none()
    );
}

/// A host holding a bot behind [`DynBot`] stops its search, given before the bot is
/// built (on its first decision) or after: a search of hours answers at once.
#[test]
fn a_host_stops_a_dynamic_bots_search() {
    let game = connect_four("......./......./......./......./......./....... x");
    for spec in ["mcts:iterations=100000000:threads=2", "alphabeta:depth=40"] {
        let mut bot = make_bot("connect-four", spec, 1).unwrap();
        let stop = Stop::new();
        stop.stop();
        bot.set_stop(Some(stop));
        let decided = bot.try_decide(game.as_ref(), Seat(0)).unwrap();
        let action = decided.unwrap_or_else(|| panic!("{spec} acts")).action;
        assert!(game.legal(Actor::Seat(Seat(0))).contains(&action), "{spec}");
        let limits = SearchLimits {
            iterations: Some(100_000_000),
            ..SearchLimits::default()
        };
        let report = bot.analyse(game.as_ref(), Seat(0), &limits, false).unwrap();
        assert!(report.unwrap().best.is_some(), "{spec}");
    }
}

/// `try_decide` says why a bot cannot decide where `decide` answers nothing.
#[test]
fn a_bot_that_cannot_decide_says_why() {
    let entry = tabula_catalog::builtin().find("toumai").unwrap();
    let params = serde_json::json!({"players": 3});
    let game = entry
        .new_game(&params, Setup::Random, &mut rng_from_seed(1))
        .unwrap();
    let seat = game.to_act().seats().iter().next().unwrap();
    let mut bot = make_bot("toumai", "alphabeta:depth=2", 1).unwrap();
    let err = bot.try_decide(game.as_ref(), seat).unwrap_err();
    assert!(err.to_string().contains("alpha-beta"), "{err}");
    assert_eq!(bot.decide(game.as_ref(), seat), None);
}

#[test]
fn a_search_that_does_not_apply_is_an_error_naming_why() {
    let entry = tabula_catalog::builtin().find("toumai").unwrap();
    let params = serde_json::json!({"players": 3});
    let game = entry
        .new_game(&params, Setup::Random, &mut rng_from_seed(1))
        .unwrap();
    let mut bot = make_bot("toumai", "alphabeta:depth=2", 1).unwrap();
    let seat = game.to_act().seats().iter().next().unwrap();
    let err = bot
        .analyse(game.as_ref(), seat, &SearchLimits::default(), true)
        .unwrap_err();
    assert!(err.to_string().contains("alpha-beta"), "{err}");
}
