//! Connect Four, the reference game.

use crate::{Entry, GameInfo, LEVELS};
use tabula_ai::BotFactory;
use tabula_connect_four::ConnectFour;

pub static ENTRY: Entry<ConnectFour> = Entry::new(
    GameInfo {
        name: "connect-four",
        title: "Connect Four",
        min_players: 2,
        max_players: 2,
        default_players: 2,
        params: &[],
        levels: LEVELS,
        real_time: false,
        hidden_information: false,
        rules: include_str!("../../../../docs/rules/connect-four.md"),
    },
    || BotFactory::new().with_alphabeta(),
);
