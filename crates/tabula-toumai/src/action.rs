//! Actions and their notation.
//!
//! - Flight `c:2>g` (line, number of pawns, destination); completing a line adds the split
//!   `/<pair>,<third>`: `c:2>g/d,f`.
//! - Swap `c4=h2`: line and square (1 at the board's edge) of the mover's top pawn first;
//!   when both pawns are top pawns, the one on the earlier line first.
//! - `pass`.
//! - Setup placement `<kind>@<line>`: `M@c`, `2@e`.
//!
//! Parsing only reads the text; whether the action is legal (and written in its canonical
//! form, e.g. the swap's order) is the rules' business.

use crate::board::{line_index, line_letter};
use crate::pawn::Kind;
use std::fmt;
use tabula_core::NotationError;

/// A square: a line (0 = `a` … 8 = `i`) and a square number 1–6 as written (1 at the edge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The line, 0 (`a`) to 8 (`i`).
    pub line: u8,
    /// The square on the line, 1 (the edge) to 6.
    pub square: u8,
}

/// Where a completed line's top pawns go (R5): the pair (the pawn that reached the star,
/// then the second pawn on top of it) and the third pawn. Lines 0 = `a` … 8 = `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Split {
    /// The line that receives the first pawn, then the second on top of it.
    pub pair: u8,
    /// The line that receives the third pawn.
    pub third: u8,
}

/// One Toumaï action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Setup: place a pawn of this kind on the first free square of the line (square 1 in
    /// round 1, square 2 in round 2).
    Place {
        /// The kind of pawn placed.
        kind: Kind,
        /// The line, 0 (`a`) to 8 (`i`).
        line: u8,
    },
    /// Fly the top `count` pawns of line `from` to line `to`; `split` is given exactly when
    /// the flight completes the destination and does not win the mover's third wand.
    Flight {
        /// The line flown from, 0 (`a`) to 8 (`i`).
        from: u8,
        /// How many pawns fly, from the top of the line.
        count: u8,
        /// The line flown to.
        to: u8,
        /// Where the three pawns of a completed line go (R7).
        split: Option<Split>,
    },
    /// Exchange two pawns of the mover's colour; `first` is a top pawn (see the module docs
    /// for the order).
    Swap {
        /// The first pawn, a top pawn.
        first: Square,
        /// The pawn it exchanges places with.
        second: Square,
    },
    /// Nothing legal to do (R9).
    Pass,
}

fn letter(line: u8) -> char {
    if (line as usize) < 9 {
        line_letter(line as usize)
    } else {
        '?'
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", letter(self.line), self.square)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Place { kind, line } => write!(f, "{}@{}", kind.letter(), letter(line)),
            Action::Flight {
                from,
                count,
                to,
                split,
            } => {
                write!(f, "{}:{}>{}", letter(from), count, letter(to))?;
                if let Some(s) = split {
                    write!(f, "/{},{}", letter(s.pair), letter(s.third))?;
                }
                Ok(())
            }
            Action::Swap { first, second } => write!(f, "{first}={second}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// Reads an action in notation.
pub fn parse_action(text: &str) -> Result<Action, NotationError> {
    let t = text.trim();
    let err = |m: &str| NotationError::new(t, m);
    if t == "pass" {
        return Ok(Action::Pass);
    }
    let chars: Vec<char> = t.chars().collect();
    let line = |c: char, what: &str| {
        line_index(c)
            .map(|i| i as u8)
            .ok_or_else(|| err(&format!("{what} `{c}` is not a line (a to i)")))
    };
    if let Some(at) = t.find('@') {
        let (kind, rest) = (&t[..at], &t[at + 1..]);
        let mut kc = kind.chars();
        let kind = match (kc.next(), kc.next()) {
            (Some(c), None) => Kind::from_letter(c)
                .ok_or_else(|| err(&format!("`{c}` is not a pawn kind to place (1, 2, 3 or M)")))?,
            _ => return Err(err("a placement is `<kind>@<line>`, e.g. `2@e` or `M@c`")),
        };
        let mut rc = rest.chars();
        return match (rc.next(), rc.next()) {
            (Some(c), None) => Ok(Action::Place {
                kind,
                line: line(c, "placement line")?,
            }),
            _ => Err(err("a placement is `<kind>@<line>`, e.g. `2@e` or `M@c`")),
        };
    }
    if t.contains('=') {
        if chars.len() != 5 || chars[2] != '=' {
            return Err(err(
                "a swap is `<line><square>=<line><square>`, e.g. `c4=h2`",
            ));
        }
        let square = |l: char, s: char, what: &str| -> Result<Square, NotationError> {
            let line = line(l, what)?;
            let square = match s {
                '1'..='6' => s as u8 - b'0',
                _ => {
                    return Err(err(&format!(
                        "{what} square `{s}` is not a square number (1 to 6)"
                    )));
                }
            };
            Ok(Square { line, square })
        };
        return Ok(Action::Swap {
            first: square(chars[0], chars[1], "first")?,
            second: square(chars[3], chars[4], "second")?,
        });
    }
    if t.contains(':') {
        const SHAPE: &str = "a flight is `<from>:<n>><to>`, e.g. `c:2>g`, with `/<pair>,<third>` \
                             when it completes a line, e.g. `c:2>g/d,f`";
        if chars.len() < 5 || chars[1] != ':' || chars[3] != '>' {
            return Err(err(SHAPE));
        }
        let from = line(chars[0], "origin")?;
        let count = match chars[2] {
            '1'..='6' => chars[2] as u8 - b'0',
            c => {
                return Err(err(&format!("`{c}` is not a number of pawns (1 to 6)")));
            }
        };
        let to = line(chars[4], "destination")?;
        let split = match chars.len() {
            5 => None,
            9 if chars[5] == '/' && chars[7] == ',' => Some(Split {
                pair: line(chars[6], "pair line")?,
                third: line(chars[8], "third-pawn line")?,
            }),
            _ => return Err(err(SHAPE)),
        };
        return Ok(Action::Flight {
            from,
            count,
            to,
            split,
        });
    }
    Err(err(
        "not an action: expected a flight `c:2>g` (or `c:2>g/d,f`), a swap `c4=h2`, `pass`, \
         or a placement `2@e`",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        for text in ["c:2>g", "c:2>g/d,f", "c4=h2", "pass", "M@c", "2@e", "a:6>i"] {
            let a = parse_action(text).unwrap();
            assert_eq!(a.to_string(), text);
        }
    }

    #[test]
    fn malformed_actions_are_refused() {
        for text in [
            "",
            "c:0>g",
            "c:2>j",
            "c:2g",
            "c:2>g/d",
            "c:2>g/d,",
            "x4=h2",
            "c7=h2",
            "c4h2",
            "N@c",
            "4@c",
            "M@",
            "M@cc",
            "passs",
            "c:2>g/d,j",
            "é:2>g",
            "c:2>g/d,f,",
        ] {
            assert!(parse_action(text).is_err(), "{text}");
        }
    }
}
