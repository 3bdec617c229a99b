//! [`Presentation`]: how a game is shown to the people playing it, apart from its rules.
//!
//! Per-seat views are part of a game, not ad-hoc filtering in a host: a seat sees what the
//! rules let it see, a spectator public information only. Hosts (the registry, hence the CLI
//! and the server) require it; search never uses it.

use crate::{Game, Seat};
use serde::Serialize;

/// Views, the board as text, and seat names.
pub trait Presentation: Game {
    /// What one seat (or a spectator) may see of the state.
    type View: Serialize;

    /// What `viewer` may see (`None`: a spectator, who sees public information only).
    fn view(&self, viewer: Option<Seat>) -> Self::View;

    /// The board drawn as text, for terminals: whole lines, each ending with a newline (the
    /// CLI prints who acts next right after it; the harness checks it).
    fn board_text(&self) -> String;

    /// The seat's name for players (a colour where seats are colours), e.g. `Yellow`.
    fn seat_name(&self, seat: Seat) -> String {
        format!("Seat {}", seat.number())
    }
}
