//! The registry entry of Tic-Tac-Toe and a catalog holding it beside the built-in games:
//! what a downstream crate writes to offer its game through the CLI and the server.

#![allow(dead_code)]

use tabula_ai::BotFactory;
use tabula_registry::{Catalog, Entry};
use tabula_tic_tac_toe::{DESCRIPTION, TicTacToe};

/// Tic-Tac-Toe for the registry: its description, and bots with alpha-beta as well as MCTS.
pub static ENTRY: Entry<TicTacToe> =
    Entry::new(&DESCRIPTION, || BotFactory::new().with_alphabeta());

/// The built-in games and Tic-Tac-Toe.
pub fn catalog() -> Catalog {
    Catalog::builtin()
        .with(&ENTRY)
        .expect("no built-in game is called tic-tac-toe")
}
