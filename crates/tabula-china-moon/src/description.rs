//! [`DESCRIPTION`]: what China Moon is, for the registry, the CLI, the server and the web UI.

use tabula_core::{GameDescription, ParamDescription, SeatDescription};

/// China Moon: 3 to 5 players, a board file and the variants of R11 and R5 as parameters, the rules for players from
/// `docs/rules/china-moon.md` (and its French and Czech pages). The seats are the frogs'
/// colours ([`crate::SEAT_NAMES`]).
pub const DESCRIPTION: GameDescription = GameDescription {
    name: "china-moon",
    title: "China Moon",
    min_players: crate::state::MIN_PLAYERS,
    max_players: crate::state::MAX_PLAYERS,
    default_players: 4,
    params: &[
        ParamDescription {
            name: "board",
            kind: "text",
            help: "a board file's JSON (default: the standard board, R1; not the printed one)",
            default: None,
            values: &[],
        },
        ParamDescription {
            name: "butterfly_pickup",
            kind: "string",
            help: "a frog ending on a butterfly space `take`s the flower there (R11) or `leave`s it",
            default: Some("take"),
            values: &["take", "leave"],
        },
        ParamDescription {
            name: "butterfly_drop",
            kind: "string",
            help: "a butterfly's flower goes to the first space behind with no frog and no flower, \
                   `skip_flowers` (R5), or with no frog, `skip_frogs_only` (flowers stack, R17)",
            default: Some("skip_flowers"),
            values: &["skip_flowers", "skip_frogs_only"],
        },
    ],
    commands: &[],
    real_time: false,
    draws_by_agreement: false,
    hidden_information: false,
    seats: &[
        SeatDescription {
            name: "red",
            colour: "#e5534b",
        },
        SeatDescription {
            name: "blue",
            colour: "#4c8dff",
        },
        SeatDescription {
            name: "yellow",
            colour: "#f2c14e",
        },
        SeatDescription {
            name: "purple",
            colour: "#a371f7",
        },
        SeatDescription {
            name: "teal",
            colour: "#3fb9a6",
        },
    ],
    rules: include_str!("../../../docs/rules/china-moon.md"),
    translations: &[
        ("fr", include_str!("../../../docs/rules/fr/china-moon.md")),
        ("cs", include_str!("../../../docs/rules/cs/china-moon.md")),
    ],
    lessons: Some(include_str!("../learn/lessons.json")),
    puzzles: Some(include_str!("../learn/puzzles.json")),
};
