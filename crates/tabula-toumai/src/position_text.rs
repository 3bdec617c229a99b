//! Writing a position in notation (read back by [`crate::notation`]), and the state's
//! `Debug` form, which shows it. The state module does not depend on this one: it is the
//! writer that knows the state, so the modules depend one way only.

use crate::board::{height, pawn_at};
use crate::pawn::{Colour, Kind, colour_of, kind_of};
use crate::state::Toumai;
use std::fmt;

/// Writes the position.
pub(crate) fn format_position(g: &Toumai) -> String {
    let mut s = String::with_capacity(64);
    for (i, &l) in g.lines.iter().enumerate() {
        if i > 0 {
            s.push('/');
        }
        if height(l) == 0 {
            s.push('-');
        }
        for sq in 0..height(l) {
            let p = pawn_at(l, sq);
            let c = colour_of(p);
            s.push(Colour::from_index(c).letter());
            s.push(if g.seats.is_neutral(c) {
                'N'
            } else {
                Kind::from_index(kind_of(p)).letter()
            });
        }
    }
    s.push(' ');
    s.push_str(&g.seats.letters());
    s.push(' ');
    s.push(g.to_move_colour().letter());
    s.push(' ');
    for seat in 0..g.seats.n as usize {
        s.push((b'0' + g.wands[seat]) as char);
    }
    s.push(' ');
    if g.last_swap == 0 {
        s.push('-');
    }
    for seat in 0..g.seats.n {
        if g.last_swap & (1 << seat) != 0 {
            s.push(g.seats.colour_of(seat).letter());
        }
    }
    s
}

impl fmt::Debug for Toumai {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Toumai(`{}` plies {} max {:?} {:?})",
            format_position(self),
            self.limit.plies,
            self.limit.max,
            self.status
        )
    }
}
