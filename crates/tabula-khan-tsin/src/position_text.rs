//! Writing a position in notation (read back by [`crate::notation`]), and the state's
//! `Debug` form, which shows it. The state module does not depend on this one: it is the
//! writer that knows the state, so the modules depend one way only.

use crate::state::KhanTsin;
use std::fmt;

/// Writes the position.
pub(crate) fn write_position(game: &KhanTsin) -> String {
    let mut out = game.layout.to_text();
    out.push(' ');
    for (sq, s) in game.stacks.iter().enumerate() {
        if sq > 0 {
            out.push('/');
        }
        if s.is_empty() {
            out.push('-');
        }
        let h = s.height();
        for (level, c) in s.colours().enumerate() {
            if level + 1 == h && game.khans & (1 << sq) != 0 {
                out.push(c.khan_letter());
            } else {
                out.push(c.letter());
            }
        }
    }
    out.push(' ');
    out.push_str(&game.seats.to_text());
    out.push(' ');
    out.push(game.colour_to_move().letter());
    out
}

impl fmt::Debug for KhanTsin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "KhanTsin({} | {:?} plies {} hash {:016x})",
            write_position(self),
            self.status,
            self.limit.plies,
            self.hash
        )
    }
}
