//! The `colours` parameter of games whose seats are colours chosen among a few (Toumaï,
//! Khan-Tsin): which colours play, read from their letters. Each game words the errors of
//! its own alphabet; the reading, and the message for a count that does not fit the
//! players, are shared.

use crate::ParamsError;
use thiserror::Error;

/// Why a `colours` text was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum ColoursError {
    /// A character that is none of the letters.
    #[error("`{0}` is not a colour")]
    Unknown(char),
    /// A colour named a second time: its index among the letters, and the character as
    /// written.
    #[error("`{1}` is listed twice")]
    Twice(usize, char),
    /// The text names this many colours, not one per player.
    #[error("{0} colours")]
    Count(usize),
}

/// Reads the playing colours from `text`, their `letters` (lightest first, matched without
/// regard to ASCII case), one colour per player: the indices of the colours named, in
/// increasing order (turn order is lightest first whatever the order written). No text:
/// the first `players` colours.
pub fn parse_colours(
    text: Option<&str>,
    letters: &[char],
    players: usize,
) -> Result<Vec<usize>, ColoursError> {
    let Some(text) = text else {
        return Ok((0..players.min(letters.len())).collect());
    };
    let mut chosen = vec![false; letters.len()];
    for c in text.chars() {
        let index = letters
            .iter()
            .position(|l| l.eq_ignore_ascii_case(&c))
            .ok_or(ColoursError::Unknown(c))?;
        if std::mem::replace(&mut chosen[index], true) {
            return Err(ColoursError::Twice(index, c));
        }
    }
    let colours: Vec<usize> = (0..letters.len()).filter(|&i| chosen[i]).collect();
    if colours.len() != players {
        return Err(ColoursError::Count(colours.len()));
    }
    Ok(colours)
}

/// The error for a `colours` text that names `named` colours for `players` players (the
/// same words in every game).
pub fn colours_count_error(text: &str, named: usize, players: usize) -> ParamsError {
    ParamsError::new(
        "colours",
        format!("`{text}` names {named} colours for {players} players"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const LETTERS: [char; 3] = ['Y', 'R', 'B'];

    #[test]
    fn colours_come_in_turn_order_whatever_the_case_and_order() {
        assert_eq!(parse_colours(Some("br"), &LETTERS, 2), Ok(vec![1, 2]));
        assert_eq!(parse_colours(Some("RYB"), &LETTERS, 3), Ok(vec![0, 1, 2]));
        assert_eq!(parse_colours(None, &LETTERS, 2), Ok(vec![0, 1]));
        assert_eq!(parse_colours(None, &LETTERS, 3), Ok(vec![0, 1, 2]));
    }

    #[test]
    fn bad_colours_name_the_fault() {
        assert_eq!(
            parse_colours(Some("YX"), &LETTERS, 2),
            Err(ColoursError::Unknown('X'))
        );
        assert_eq!(
            parse_colours(Some("Ry r"), &LETTERS, 2),
            Err(ColoursError::Unknown(' '))
        );
        assert_eq!(
            parse_colours(Some("rR"), &LETTERS, 2),
            Err(ColoursError::Twice(1, 'R'))
        );
        assert_eq!(
            parse_colours(Some("YRB"), &LETTERS, 2),
            Err(ColoursError::Count(3))
        );
        assert_eq!(
            colours_count_error("YRB", 3, 2).to_string(),
            "bad parameter colours: `YRB` names 3 colours for 2 players"
        );
    }
}
