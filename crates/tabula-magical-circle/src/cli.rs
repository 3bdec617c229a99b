//! Support for `tabula solve --arrangement FWEALD --cards <a,b,c> --hand 1234`: reading the
//! three inputs with errors that name the input, and the lines to print
//! ([`crate::solve_lines`]), so that the command is a thin wrapper:
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
use std::fmt;

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
