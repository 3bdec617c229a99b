//! What offers Tic-Tac-Toe to Tabula's CLI and server: its registry entry, and a catalog of
//! the built-in games with it.

use crate::{DESCRIPTION, TicTacToe};
use tabula_ai::BotFactory;
use tabula_registry::{Catalog, Entry};

/// Tic-Tac-Toe for the registry: its description, and bots with alpha-beta as well as MCTS.
pub static ENTRY: Entry<TicTacToe> =
    Entry::new(&DESCRIPTION, || BotFactory::new().with_alphabeta());

/// The built-in games and Tic-Tac-Toe.
pub fn catalog() -> Catalog {
    tabula_catalog::builtin()
        .with(&ENTRY)
        .expect("no built-in game is called tic-tac-toe")
}
