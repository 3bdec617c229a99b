//! Alpha-beta avoids lines that bring back a position it already decided in: none of Tabula's
//! games ends by repetition, so such lines would make a game go round for ever.

use crate::common;

use common::corridor::{CParams, Corridor, GOAL};
use tabula_ai::{AlphaBetaBot, AlphaBetaConfig, Bot, choose};
use tabula_core::{Game, Seat, ToAct};

fn walk(bot: &mut AlphaBetaBot<Corridor>, plies: usize) -> Corridor {
    let mut game = Corridor::new(&CParams::default()).unwrap();
    for _ in 0..plies {
        match game.to_act() {
            ToAct::One(Seat(0)) => {
                let a = choose(bot, &game, Seat(0)).unwrap();
                game.apply(a);
            }
            ToAct::One(_) => game.apply(common::corridor::CAction::Pass),
            _ => break,
        }
    }
    game
}

fn shallow() -> AlphaBetaConfig {
    AlphaBetaConfig {
        max_depth: 4,
        noise: 0.0,
        ..AlphaBetaConfig::default()
    }
}

#[test]
fn alphabeta_walks_on_instead_of_repeating_positions() {
    let mut bot = AlphaBetaBot::<Corridor>::new(shallow(), 1);
    let end = walk(&mut bot, 200);
    assert_eq!(end.square, GOAL, "stuck at square {}", end.square);
    assert!(end.is_over());
}

#[test]
fn a_plain_search_without_its_game_history_goes_round_in_circles() {
    // The same search called directly (no decisions remembered) prefers square 1 for ever:
    // the test above is not passing by accident.
    let mut bot = AlphaBetaBot::<Corridor>::new(shallow(), 1);
    let mut game = Corridor::new(&CParams::default()).unwrap();
    for _ in 0..200 {
        if game.to_move == 1 {
            game.apply(common::corridor::CAction::Pass);
            continue;
        }
        let a = bot.search(&game).unwrap().best;
        game.apply(a);
    }
    assert!(game.square <= 2, "square {}", game.square);
}

#[test]
fn reset_forgets_the_positions_of_the_last_game() {
    let mut bot = AlphaBetaBot::<Corridor>::new(shallow(), 1);
    walk(&mut bot, 200);
    bot.reset();
    let game = Corridor::new(&CParams::default()).unwrap();
    // Square 1 again: a new game, so stepping back to it later is no repetition yet.
    let first = bot.search(&game).unwrap();
    assert!(first.score > 0, "{first:?}");
}
