//! [`TerminalLook`]: how a game shows itself in a terminal (`tabula play`), beyond its board
//! as text: a legend of the board's marks in each language, its moves told in words, and its
//! board's lines in colour. A game registers its look with [`crate::Entry::with_terminal`];
//! a game without one is played with its plain board and its moves in notation.
//!
//! The look names no terminal code: it colours with the palette's [`Colour`]s, which the
//! host turns into its terminal's styles, and it tells moves with the host's words (a
//! [`Move`] carries the host's translation of a key), so a game crate needs nothing of the
//! host's.

use crate::DynGame;
use tabula_core::Seat;

/// How a game shows itself in a terminal. Every part is optional: an empty legend shows
/// none, `describe: None` tells every move in notation, `paint: None` leaves the board plain.
#[derive(Clone, Copy, Debug)]
pub struct TerminalLook {
    /// Per language code (those of [`crate::LANGUAGES`]): the lines of the board's legend,
    /// one per mark the board uses.
    pub legends: &'static [(&'static str, &'static [&'static str])],
    /// A move in words (see [`Move`]); `None` from the function for a move its words do not
    /// cover, which is then told in notation.
    pub describe: Option<fn(&Move<'_>) -> Option<String>>,
    /// One line of the board's text (with its line break, if any) cut into segments, each
    /// plain or in a colour; the segments joined are the line unchanged.
    pub paint: Option<fn(&str) -> Vec<Segment>>,
}

impl TerminalLook {
    /// A look with no legend, no words and no colour, to build on with struct update syntax.
    pub const PLAIN: TerminalLook = TerminalLook {
        legends: &[],
        describe: None,
        paint: None,
    };

    /// The legend in the language `code`, or none when the look has none in it.
    pub fn legend(&self, code: &str) -> &'static [&'static str] {
        self.legends
            .iter()
            .find(|(lang, _)| *lang == code)
            .map(|(_, lines)| *lines)
            .unwrap_or(&[])
    }
}

/// A move to tell in words: the game before and after it, who made it, and the host's words.
pub struct Move<'a> {
    /// The game before the move.
    pub before: &'a dyn DynGame,
    /// The game after the move.
    pub after: &'a dyn DynGame,
    /// The seat that moved.
    pub seat: Seat,
    /// The move in notation, as applied.
    pub action: &'a str,
    /// The seat's name as the host shows it (translated, maybe coloured).
    pub who: &'a str,
    /// The host's words: the text of a key (e.g. `c4.m.drop`) in the host's language, its
    /// `{name}` placeholders filled from the pairs (a plural picks its form by `n`).
    pub words: &'a Words<'a>,
}

/// The host's words (see [`Move::words`]): a key and its `{name}` values to the text.
pub type Words<'a> = dyn Fn(&str, &[(&str, &str)]) -> String + 'a;

impl Move<'_> {
    /// The text of `key` with `params` filled in (see [`Move::words`]).
    pub fn t(&self, key: &str, params: &[(&str, &str)]) -> String {
        (self.words)(key, params)
    }

    /// The text of `key` with `{who}` the mover and `params` filled in.
    pub fn with_who(&self, key: &str, params: &[(&str, &str)]) -> String {
        let mut all = vec![("who", self.who)];
        all.extend_from_slice(params);
        self.t(key, &all)
    }
}

/// A colour of the terminal's palette, named as the games name their seats and pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Red.
    Red,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Blue.
    Blue,
    /// Purple.
    Purple,
    /// Pink (shown as purple where the terminal has no pink).
    Pink,
    /// Teal.
    Teal,
    /// White.
    White,
    /// Black (shown grey, to read on a dark terminal).
    Black,
}

impl Colour {
    /// The colour a seat or piece name (English, e.g. `Red`) names, if any.
    pub fn named(name: &str) -> Option<Colour> {
        Some(match name {
            "Red" => Colour::Red,
            "Green" => Colour::Green,
            "Yellow" => Colour::Yellow,
            "Blue" => Colour::Blue,
            "Purple" => Colour::Purple,
            "Pink" => Colour::Pink,
            "Teal" => Colour::Teal,
            "White" => Colour::White,
            "Black" => Colour::Black,
            _ => return None,
        })
    }
}

/// A segment of a board line: text, plain or in a colour (bold for what stands out, e.g. the
/// piece on top).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The text.
    pub text: String,
    /// Its colour and whether it is bold; `None`: plain.
    pub ink: Option<(Colour, bool)>,
}

impl Segment {
    /// Plain text.
    pub fn plain(text: impl Into<String>) -> Segment {
        Segment {
            text: text.into(),
            ink: None,
        }
    }

    /// Text in `colour`, bold if `bold`.
    pub fn ink(text: impl Into<String>, colour: Colour, bold: bool) -> Segment {
        Segment {
            text: text.into(),
            ink: Some((colour, bold)),
        }
    }
}

/// `line` cut into segments, one per character: those `pick` names a colour (and boldness) for
/// in it, the others plain.
pub fn paint_letters(line: &str, pick: impl Fn(char) -> Option<(Colour, bool)>) -> Vec<Segment> {
    line.chars()
        .map(|c| match pick(c) {
            Some((colour, bold)) => Segment::ink(c, colour, bold),
            None => Segment::plain(c),
        })
        .collect()
}
