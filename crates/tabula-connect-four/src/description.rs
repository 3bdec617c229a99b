//! [`DESCRIPTION`]: what Connect Four is, for the registry, the CLI, the server and the web
//! UI.

use tabula_core::{GameDescription, SeatDescription};

/// Connect Four: 2 players, no parameters, the rules for players from
/// `docs/rules/connect-four.md` (and its French and Czech pages).
pub const DESCRIPTION: GameDescription = GameDescription {
    name: "connect-four",
    title: "Connect Four",
    min_players: 2,
    max_players: 2,
    default_players: 2,
    params: &[],
    commands: &[],
    real_time: false,
    draws_by_agreement: true,
    hidden_information: false,
    seats: &[
        SeatDescription {
            name: "red",
            colour: "#e5484d",
        },
        SeatDescription {
            name: "yellow",
            colour: "#f5c451",
        },
    ],
    rules: include_str!("../../../docs/rules/connect-four.md"),
    translations: &[
        ("fr", include_str!("../../../docs/rules/fr/connect-four.md")),
        ("cs", include_str!("../../../docs/rules/cs/connect-four.md")),
    ],
    lessons: Some(include_str!("../learn/lessons.json")),
    puzzles: Some(include_str!("../learn/puzzles.json")),
};
