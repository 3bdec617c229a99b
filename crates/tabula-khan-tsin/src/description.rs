//! [`DESCRIPTION`]: what Khan-Tsin is, for the registry, the CLI, the server and the web UI.

use tabula_core::{GameDescription, ParamDescription, SeatDescription};

/// Khan-Tsin: 2 or 3 players, the colours in play, the track's layout and the ply limit as
/// parameters, the rules for players from `docs/rules/khan-tsin.md` (and its French and Czech
/// pages).
pub const DESCRIPTION: GameDescription = GameDescription {
    name: "khan-tsin",
    title: "Khan-Tsin",
    min_players: 2,
    max_players: 3,
    default_players: 2,
    params: &[
        ParamDescription {
            name: "colours",
            kind: "string",
            help: "with 2 players, the two playing colours among w, g, b (the third is neutral)",
            default: Some("wg"),
            values: &[],
        },
        ParamDescription {
            name: "layout",
            kind: "string",
            help: "the track's square values, 36 digits 1/2/3 (12 of each), square 1 first (R1)",
            default: Some(crate::STANDARD_LAYOUT),
            values: &[],
        },
        ParamDescription {
            name: "max_plies",
            kind: "integer",
            help: "a draw after this many plies (R6; automated play only)",
            default: None,
            values: &[],
        },
        ParamDescription {
            name: "placement",
            kind: "string",
            help: "setup order: `one_at_a_time`, players alternating (R3), or `all_twelve`, \
                   each player placing its 12 tokens in turn",
            default: Some("one_at_a_time"),
            values: &["one_at_a_time", "all_twelve"],
        },
    ],
    commands: &[],
    real_time: false,
    draws_by_agreement: true,
    hidden_information: false,
    seats: &[
        SeatDescription {
            name: "white",
            colour: "#f3efe6",
        },
        SeatDescription {
            name: "green",
            colour: "#3fa35b",
        },
        SeatDescription {
            name: "blue",
            colour: "#3566c8",
        },
    ],
    rules: include_str!("../../../docs/rules/khan-tsin.md"),
    translations: &[
        ("fr", include_str!("../../../docs/rules/fr/khan-tsin.md")),
        ("cs", include_str!("../../../docs/rules/cs/khan-tsin.md")),
    ],
    lessons: Some(include_str!("../learn/lessons.json")),
    puzzles: Some(include_str!("../learn/puzzles.json")),
};
