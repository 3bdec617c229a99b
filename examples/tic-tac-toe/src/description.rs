//! [`DESCRIPTION`]: what Tic-Tac-Toe is, for the registry, the CLI, the server and the web UI.

use tabula_core::{GameDescription, SeatDescription};

/// Tic-Tac-Toe: 2 players, no parameters, the rules for players from `RULES.md`.
pub const DESCRIPTION: GameDescription = GameDescription {
    name: "tic-tac-toe",
    title: "Tic-Tac-Toe",
    min_players: 2,
    max_players: 2,
    default_players: 2,
    params: &[],
    commands: &[],
    real_time: false,
    draws_by_agreement: false,
    hidden_information: false,
    seats: &[
        SeatDescription {
            name: "red",
            colour: "#e5484d",
        },
        SeatDescription {
            name: "blue",
            colour: "#3f7fe0",
        },
    ],
    rules: include_str!("../RULES.md"),
    translations: &[],
    lessons: None,
    puzzles: None,
};
