//! Khan-Tsin (Cosmoludo).

use crate::{Entry, GameInfo, LEVELS, ParamInfo};
use tabula_ai::BotFactory;
use tabula_khan_tsin::KhanTsin;

pub static ENTRY: Entry<KhanTsin> = Entry::new(
    GameInfo {
        name: "khan-tsin",
        title: "Khan-Tsin",
        min_players: 2,
        max_players: 3,
        default_players: 2,
        params: &[
            ParamInfo {
                name: "colours",
                kind: "string",
                help: "with 2 players, the two playing colours among w, g, b (the third is neutral)",
                default: Some("wg"),
            },
            ParamInfo {
                name: "layout",
                kind: "string",
                help: "the track's square values, 36 digits 1/2/3 (12 of each), square 1 first (R1)",
                default: Some(tabula_khan_tsin::STANDARD_LAYOUT),
            },
            ParamInfo {
                name: "max_plies",
                kind: "integer",
                help: "a draw after this many plies (R6; automated play only)",
                default: None,
            },
        ],
        levels: LEVELS,
        real_time: false,
        hidden_information: false,
        rules: include_str!("../../../../docs/rules/khan-tsin.md"),
    },
    || BotFactory::new().with_alphabeta(),
);
