//! The game's own CLI command, `tabula solve --arrangement FWEALD --cards <a,b,c> --hand
//! 1234` ([`SOLVE`], declared by the game's description): reading the three inputs with
//! errors that name the input, and the lines to print ([`crate::solve_lines`]):
//!
//! ```
//! use tabula_magical_circle::{parse_arrangement, parse_cards, parse_hand, solve_lines};
//! let arrangement = parse_arrangement("FWEALD").unwrap();
//! let cards = parse_cards("WFEALD,FWEADL").unwrap();
//! let hand = parse_hand("12").unwrap();
//! for line in solve_lines(arrangement, &cards, hand) {
//!     println!("{line}"); // e.g. `card=FWEADL play=1 swaps=56`
//! }
//! ```
//!
//! The cards may be any arrangements (not only the deck's), one or more, each once; the hand
//! any distinct values 1–9.

use crate::arrangement::Arrangement;
use crate::cards::Hand;
use crate::solver::solve_lines;
use std::fmt;
use tabula_core::{CommandArgDescription, CommandDescription, CommandResult};

/// `tabula solve`: every way to win one of the revealed cards with a hand of swap cards.
pub const SOLVE: CommandDescription = CommandDescription {
    name: "solve",
    help: "every way to win one of the revealed cards with a hand of swap cards",
    args: &[
        CommandArgDescription {
            name: "arrangement",
            help: "The tokens read clockwise from the Lady, e.g. FWEALD",
        },
        CommandArgDescription {
            name: "cards",
            help: "The revealed cards, comma-separated arrangements",
        },
        CommandArgDescription {
            name: "hand",
            help: "The swap cards in hand, e.g. 1234",
        },
    ],
    run: solve,
};

/// Runs [`SOLVE`] on its arguments (arrangement, cards, hand): one line per (card, swap cards
/// played) that wins, sorted; nothing when none does.
pub fn solve(args: &[&str]) -> CommandResult {
    let [arrangement, cards, hand] = args else {
        return Err(format!("solve takes 3 arguments, not {}", args.len()).into());
    };
    let lines = solve_lines(
        parse_arrangement(arrangement)?,
        &parse_cards(cards)?,
        parse_hand(hand)?,
    );
    Ok(lines.iter().map(|line| format!("{line}\n")).collect())
}

/// A `solve` input that cannot be read: which input, what was given, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// `arrangement`, `cards` or `hand`.
    pub field: &'static str,
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad --{} `{}`: {}", self.field, self.text, self.message)
    }
}

impl std::error::Error for InputError {}

fn error(field: &'static str, text: &str, message: impl Into<String>) -> InputError {
    InputError {
        field,
        text: text.to_string(),
        message: message.into(),
    }
}

/// Reads an arrangement: 6 letters, one of each of F W E A L D (case-insensitive).
pub fn parse_arrangement(text: &str) -> Result<Arrangement, InputError> {
    Arrangement::parse(text.trim()).map_err(|m| error("arrangement", text, m))
}

/// Reads comma-separated arrangements (at least one, each once), e.g. `WFEALD,FWEADL`.
pub fn parse_cards(text: &str) -> Result<Vec<Arrangement>, InputError> {
    let text_trimmed = text.trim();
    if text_trimmed.is_empty() {
        return Err(error(
            "cards",
            text,
            "no card; give arrangements separated by commas",
        ));
    }
    let mut cards = Vec::new();
    for (i, part) in text_trimmed.split(',').enumerate() {
        let card = Arrangement::parse(part.trim())
            .map_err(|m| error("cards", text, format!("card {}: {m}", i + 1)))?;
        if cards.contains(&card) {
            return Err(error("cards", text, format!("card {card} is given twice")));
        }
        cards.push(card);
    }
    Ok(cards)
}

/// Reads a hand of swap-card values: distinct digits 1–9, at least one, e.g. `1234`.
pub fn parse_hand(text: &str) -> Result<Hand, InputError> {
    let t = text.trim();
    if t.is_empty() || t == "-" {
        return Err(error(
            "hand",
            text,
            "no swap card; give values as digits, e.g. 1234",
        ));
    }
    Hand::parse(t).map_err(|m| error("hand", text, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_prints_one_line_per_win_and_names_a_bad_input() {
        assert_eq!(
            (SOLVE.run)(&["FWEALD", "WFEALD", "1"]).unwrap(),
            "card=WFEALD play=1 swaps=12\n"
        );
        assert_eq!((SOLVE.run)(&["FWEALD", "FWEALD", "2"]).unwrap(), "");
        let e = (SOLVE.run)(&["FWEALX", "FWEALD", "1"]).unwrap_err();
        assert!(
            e.to_string().starts_with("bad --arrangement `FWEALX`"),
            "{e}"
        );
        assert!((SOLVE.run)(&["FWEALD"]).is_err());
    }
}
