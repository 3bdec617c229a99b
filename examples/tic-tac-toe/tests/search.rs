//! Both searches of tabula-ai play Tic-Tac-Toe: alpha-beta proves the empty grid a draw, and
//! both alpha-beta and MCTS take a win in one and block a loss in one.

use tabula_ai::{AlphaBetaBot, AlphaBetaConfig, MctsBot, MctsConfig};
use tabula_core::Notation;
use tabula_tic_tac_toe::{Cell, Params, TicTacToe};

fn position(text: &str) -> TicTacToe {
    TicTacToe::from_notation(&Params::default(), text).unwrap()
}

#[test]
fn alpha_beta_proves_the_empty_grid_a_draw() {
    let mut bot = AlphaBetaBot::new(AlphaBetaConfig::with_depth(9), 1);
    let result = bot.search(&position(".../.../... x")).unwrap();
    assert_eq!(result.score, 0, "{result:?}");
    assert_eq!(result.depth, 9);
}

#[test]
fn alpha_beta_wins_and_blocks() {
    let mut bot = AlphaBetaBot::new(AlphaBetaConfig::with_depth(9), 1);
    // Red (x) completes 1-5-9.
    let win = bot.search(&position("x.o/.xo/... x")).unwrap();
    assert_eq!(win.best, Cell(8));
    assert_eq!(win.proven_in(), Some((true, 1)));
    // Blue (o) must take 9, or Red completes 1-5-9.
    let block = bot.search(&position("x../.x./o.. o")).unwrap();
    assert_eq!(block.best, Cell(8));
}

#[test]
fn mcts_wins_and_blocks() {
    let mut bot = MctsBot::new(MctsConfig::with_iterations(2_000), 1);
    let win = bot.search(&position("x.o/.xo/... x")).unwrap();
    let best = win.children.iter().max_by_key(|c| c.visits).unwrap();
    assert_eq!(best.action, Cell(8));
    let mut bot = MctsBot::new(MctsConfig::with_iterations(2_000), 1);
    let block = bot.search(&position("x../.x./o.. o")).unwrap();
    let best = block.children.iter().max_by_key(|c| c.visits).unwrap();
    assert_eq!(best.action, Cell(8));
}
