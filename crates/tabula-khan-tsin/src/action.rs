//! Khan-Tsin actions and their notation: `12:3>15` (move the top 3 tokens of square 12 onto
//! square 15), `pass`, `K@12` (place the Khan on square 12), `T@12` (place an ordinary token).
//! Squares are 1…36 in notation and 0…35 inside the engine.

use crate::params::SQUARES;
use std::fmt;
use std::str::FromStr;
use tabula_core::NotationError;

/// One action. Squares are 0-based (square `n` of the notation is `n - 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Move the top `count` tokens of square `from` onto the stack of square `to`.
    Move {
        /// The square moved from, 0-based (square 1 is 0).
        from: u8,
        /// How many tokens move, from the top of the stack.
        count: u8,
        /// The square moved to, 0-based.
        to: u8,
    },
    /// No legal move: the turn passes.
    Pass,
    /// Setup: place a token of the placer's colour on the empty square `square`; `khan`: the
    /// placer's Khan (`K@`), otherwise an ordinary token (`T@`).
    Place {
        /// The square, 0-based (square 1 is 0).
        square: u8,
        /// Whether the token is the placer's Khan.
        khan: bool,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Move { from, count, to } => write!(f, "{}:{}>{}", from + 1, count, to + 1),
            Action::Pass => f.write_str("pass"),
            Action::Place { square, khan } => {
                write!(f, "{}@{}", if khan { 'K' } else { 'T' }, square + 1)
            }
        }
    }
}

/// Reads a square number 1…36 (digits only) as a 0-based square.
fn square(text: &str, whole: &str, what: &str) -> Result<u8, NotationError> {
    let n = number(text, whole, what)?;
    if !(1..=SQUARES as u32).contains(&n) {
        return Err(NotationError::new(
            whole,
            format!("{what} square {n} is not on the track (squares 1 to 36)"),
        ));
    }
    Ok((n - 1) as u8)
}

fn number(text: &str, whole: &str, what: &str) -> Result<u32, NotationError> {
    if text.is_empty() || text.len() > 3 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NotationError::new(
            whole,
            format!("`{text}` is not a {what} number"),
        ));
    }
    text.parse()
        .map_err(|_| NotationError::new(whole, format!("`{text}` is not a {what} number")))
}

impl FromStr for Action {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Action, NotationError> {
        let t = text.trim();
        if t == "pass" {
            return Ok(Action::Pass);
        }
        if let Some((kind, sq)) = t.split_once('@') {
            let khan = match kind {
                "K" => true,
                "T" => false,
                _ => {
                    return Err(NotationError::new(
                        text,
                        format!("`{kind}@` is not a placement: `K@<square>` or `T@<square>`"),
                    ));
                }
            };
            return Ok(Action::Place {
                square: square(sq, text, "placement")?,
                khan,
            });
        }
        let Some((from, rest)) = t.split_once(':') else {
            return Err(NotationError::new(
                text,
                "not an action: `<from>:<n>><to>`, `pass`, `K@<square>` or `T@<square>`",
            ));
        };
        let Some((count, to)) = rest.split_once('>') else {
            return Err(NotationError::new(
                text,
                "a move is `<from>:<n>><to>`, e.g. `12:3>15`",
            ));
        };
        let from = square(from, text, "origin")?;
        let n = number(count, text, "token count")?;
        if !(1..=9).contains(&n) {
            return Err(NotationError::new(
                text,
                format!("a move takes 1 to 9 tokens, not {n}"),
            ));
        }
        let to = square(to, text, "destination")?;
        Ok(Action::Move {
            from,
            count: n as u8,
            to,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_and_write() {
        for text in ["12:3>15", "pass", "K@1", "T@36", "36:1>1"] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
        }
        assert_eq!(
            "12:3>15".parse::<Action>().unwrap(),
            Action::Move {
                from: 11,
                count: 3,
                to: 14
            }
        );
        for bad in [
            "", "12:0>15", "12:10>15", "0:1>2", "37:1>2", "1:1>37", "12-3>15", "12:3-15", "X@3",
            "K@", "K@0", "+1:1>2", "1:+1>2", "Pass",
        ] {
            let e = bad.parse::<Action>().unwrap_err();
            assert_eq!(e.text, bad);
        }
    }
}
