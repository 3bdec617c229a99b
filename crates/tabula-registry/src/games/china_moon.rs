//! China Moon (Bruno Faidutti), with boards as data.

use crate::{Entry, GameInfo, LEVELS, ParamInfo};
use tabula_ai::BotFactory;
use tabula_china_moon::ChinaMoon;

pub static ENTRY: Entry<ChinaMoon> = Entry::new(
    GameInfo {
        name: "china-moon",
        title: "China Moon",
        min_players: 3,
        max_players: 5,
        default_players: 4,
        params: &[ParamInfo {
            name: "board",
            kind: "text",
            help: "a board file's JSON (default: the standard board, R1; not the printed one)",
            default: None,
        }],
        levels: LEVELS,
        real_time: false,
        hidden_information: false,
        rules: include_str!("../../../../docs/rules/china-moon.md"),
    },
    BotFactory::new,
);
