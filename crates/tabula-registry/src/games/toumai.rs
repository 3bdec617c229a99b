//! Toumaï (Cosmoludo).

use crate::{Entry, GameInfo, LEVELS, ParamInfo};
use tabula_ai::BotFactory;
use tabula_toumai::Toumai;

pub static ENTRY: Entry<Toumai> = Entry::new(
    GameInfo {
        name: "toumai",
        title: "Toumaï",
        min_players: 2,
        max_players: 3,
        default_players: 2,
        params: &[
            ParamInfo {
                name: "colours",
                kind: "string",
                help: "with 2 players, the two playing colours among Y, R, B (the third is neutral)",
                default: Some("YR"),
            },
            ParamInfo {
                name: "max_plies",
                kind: "integer",
                help: "a draw after this many plies (R11; automated play only)",
                default: None,
            },
        ],
        levels: LEVELS,
        real_time: false,
        hidden_information: false,
        rules: include_str!("../../../../docs/rules/toumai.md"),
    },
    || BotFactory::new().with_alphabeta(),
);
