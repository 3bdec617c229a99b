//! Magical Circle (digital edition), a real-time game with hidden deck order.

use crate::{Entry, GameInfo, LEVELS, ParamInfo};
use tabula_magical_circle::MagicalCircle;

pub static ENTRY: Entry<MagicalCircle> = Entry::new(GameInfo {
    name: "magical-circle",
    title: "Magical Circle",
    min_players: 2,
    max_players: 5,
    default_players: 3,
    params: &[
        ParamInfo {
            name: "deck_step",
            kind: "integer",
            help: "D3: the deck holds the permutations with index 0, step, 2·step, … (36 cards with 20)",
            default: Some("20"),
        },
        ParamInfo {
            name: "swap_values",
            kind: "integers",
            help: "D4: the values of each player's swap cards",
            default: Some("[1,2,3,4]"),
        },
        ParamInfo {
            name: "hourglass_seconds",
            kind: "integer",
            help: "D5: the hourglass, in seconds",
            default: Some("45"),
        },
        ParamInfo {
            name: "target",
            kind: "integer",
            help: "D6: magic cards needed to win (default 5, or 4 with 4–5 players)",
            default: None,
        },
        ParamInfo {
            name: "max_plies",
            kind: "integer",
            help: "a draw after this many plies (automated play only)",
            default: None,
        },
    ],
    levels: LEVELS,
    real_time: true,
    hidden_information: true,
    rules: include_str!("../../../../docs/rules/magical-circle.md"),
});
