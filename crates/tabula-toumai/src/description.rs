//! [`DESCRIPTION`]: what Toumaï is, for the registry, the CLI, the server and the web UI.

use tabula_core::{GameDescription, ParamDescription, SeatDescription};

/// Toumaï: 2 or 3 players, the colours in play, the ply limit and the rule
/// variants of R1 and R8 as parameters, the rules
/// for players from `docs/rules/toumai.md` (and its French and Czech pages).
pub const DESCRIPTION: GameDescription = GameDescription {
    name: "toumai",
    title: "Toumaï",
    min_players: 2,
    max_players: 3,
    default_players: 2,
    params: &[
        ParamDescription {
            name: "colours",
            kind: "string",
            help: "with 2 players, the two playing colours among Y, R, B (the third is neutral)",
            default: Some("YR"),
            values: &[],
        },
        ParamDescription {
            name: "max_plies",
            kind: "integer",
            help: "a draw after this many plies (R11; automated play only)",
            default: None,
            values: &[],
        },
        ParamDescription {
            name: "placement_round2",
            kind: "string",
            help: "setup round 2 in `reversed` turn order (R1) or in the `same` order as round 1",
            default: Some("reversed"),
            values: &["reversed", "same"],
        },
        ParamDescription {
            name: "swap_lock",
            kind: "string",
            help: "no swap after your `own` swap on your previous turn (R8), or after `any` \
                   swap on the turn just before",
            default: Some("own"),
            values: &["own", "any"],
        },
    ],
    commands: &[],
    real_time: false,
    draws_by_agreement: true,
    hidden_information: false,
    seats: &[
        SeatDescription {
            name: "yellow",
            colour: "#f4c430",
        },
        SeatDescription {
            name: "red",
            colour: "#e0474c",
        },
        SeatDescription {
            name: "blue",
            colour: "#3f7fe0",
        },
    ],
    rules: include_str!("../../../docs/rules/toumai.md"),
    translations: &[
        ("fr", include_str!("../../../docs/rules/fr/toumai.md")),
        ("cs", include_str!("../../../docs/rules/cs/toumai.md")),
    ],
    lessons: Some(include_str!("../learn/lessons.json")),
    puzzles: Some(include_str!("../learn/puzzles.json")),
};
