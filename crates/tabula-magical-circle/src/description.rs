//! [`DESCRIPTION`]: what Magical Circle is, for the registry, the CLI, the server and the web
//! UI.

use tabula_core::{GameDescription, ParamDescription, SeatDescription};

/// Magical Circle (digital edition): 2 to 5 players racing in real time over a deck whose
/// order is hidden; the deck, the swap cards, the hourglass, the target and the ply limit as
/// parameters; the rules for players from `docs/rules/magical-circle.md` (and its French and
/// Czech pages).
pub const DESCRIPTION: GameDescription = GameDescription {
    name: "magical-circle",
    title: "Magical Circle",
    min_players: 2,
    max_players: 5,
    default_players: 2,
    params: &[
        ParamDescription {
            name: "deck_step",
            kind: "integer",
            help: "D3: the deck holds the permutations with index 0, step, 2·step, … (36 cards with 20)",
            default: Some("20"),
            values: &[],
        },
        ParamDescription {
            name: "swap_values",
            kind: "integers",
            help: "D4: the values of each player's swap cards",
            default: Some("[1,2,3,4]"),
            values: &[],
        },
        ParamDescription {
            name: "hourglass_seconds",
            kind: "integer",
            help: "D5: the hourglass, in seconds",
            default: Some("45"),
            values: &[],
        },
        ParamDescription {
            name: "target",
            kind: "integer",
            help: "D6: magic cards needed to win (default 5, or 4 with 4–5 players)",
            default: None,
            values: &[],
        },
        ParamDescription {
            name: "max_plies",
            kind: "integer",
            help: "a draw after this many plies (automated play only)",
            default: None,
            values: &[],
        },
    ],
    commands: &[crate::cli::SOLVE],
    real_time: true,
    draws_by_agreement: false,
    hidden_information: true,
    seats: &[
        SeatDescription {
            name: "orange",
            colour: "#ff8a5c",
        },
        SeatDescription {
            name: "blue",
            colour: "#5cc8ff",
        },
        SeatDescription {
            name: "green",
            colour: "#b8e986",
        },
        SeatDescription {
            name: "violet",
            colour: "#d49cff",
        },
        SeatDescription {
            name: "yellow",
            colour: "#ffd84d",
        },
    ],
    rules: include_str!("../../../docs/rules/magical-circle.md"),
    translations: &[
        (
            "fr",
            include_str!("../../../docs/rules/fr/magical-circle.md"),
        ),
        (
            "cs",
            include_str!("../../../docs/rules/cs/magical-circle.md"),
        ),
    ],
    lessons: Some(include_str!("../learn/lessons.json")),
    puzzles: Some(include_str!("../learn/puzzles.json")),
};
