//! The parameters of a Khan-Tsin game, the three colours and the board layout.
//!
//! [`Params`] (serde, every field optional in JSON):
//! - `players`: 2 or 3 (default 2).
//! - `colours`: the playing colours as letters (`w` white, `g` green, `b` blue). With 2 players
//!   any two of them (default `wg`; the third colour is neutral); with 3 players all three
//!   (default). The letters may come in any order: turn order is always lightest first.
//! - `layout`: the values of squares 1…36 along the track, 36 digits `1`/`2`/`3` with 12 of
//!   each (default [`STANDARD_LAYOUT`], ruling R1: NOT the printed board's order, which is not
//!   public).
//! - `max_plies`: the optional ply limit of automated play (ruling R6); every action counts as
//!   a ply (placements and passes included); off (`null`) in human games.
//! - `placement`: the order of the setup (ruling R3 and its variant): `one_at_a_time` (the
//!   default, R3: players alternate, one token each) or `all_twelve` (each player places its
//!   12 tokens in turn, lightest colour first).

use serde::{Deserialize, Serialize};
use tabula_core::{ColoursError, ParamsError, colours_count_error, parse_colours};

/// Squares on the track.
pub const SQUARES: usize = 36;

/// The standard layout (ruling R1): squares 1…36 in track order. Not the printed board's.
pub const STANDARD_LAYOUT: &str = "123231312132213321123231312132213321";

/// A token colour, lightest first. The discriminant is the 2-bit code used in packed stacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// White (stack code 1), the lightest: first in turn order when it plays.
    White = 1,
    /// Green (stack code 2).
    Green = 2,
    /// Blue (stack code 3), the darkest: last in turn order.
    Blue = 3,
}

impl Colour {
    /// The three colours, lightest first (turn order).
    pub const ALL: [Colour; 3] = [Colour::White, Colour::Green, Colour::Blue];

    /// 0, 1, 2 for white, green, blue.
    #[inline]
    pub fn index(self) -> usize {
        self as usize - 1
    }

    /// The colour of a 2-bit stack code (1…3).
    #[inline]
    pub fn from_code(code: u32) -> Colour {
        match code {
            1 => Colour::White,
            2 => Colour::Green,
            _ => Colour::Blue,
        }
    }

    /// The notation letter of an ordinary token (`w`, `g`, `b`).
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Green => 'g',
            Colour::Blue => 'b',
        }
    }

    /// The notation letter of the Khan (`W`, `G`, `B`).
    pub fn khan_letter(self) -> char {
        self.letter().to_ascii_uppercase()
    }

    /// The colour of an ordinary token's letter (`w`, `g`, `b`); `None` otherwise.
    pub fn from_letter(c: char) -> Option<Colour> {
        match c {
            'w' => Some(Colour::White),
            'g' => Some(Colour::Green),
            'b' => Some(Colour::Blue),
            _ => None,
        }
    }

    /// The lowercase name (`white`), as in parameters and seat names.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Green => "green",
            Colour::Blue => "blue",
        }
    }
}

/// The parameters of a new game; see the module docs for each field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// 2 or 3.
    pub players: usize,
    /// The playing colours as letters (`wg`, `wb`, `gb`, `wgb`); `None`: `wg` with 2 players,
    /// `wgb` with 3.
    pub colours: Option<String>,
    /// 36 digits `1`/`2`/`3`, 12 of each: the values of squares 1…36.
    pub layout: String,
    /// Ply limit of automated play (R6); `None`: no limit.
    pub max_plies: Option<u32>,
    /// The order of placement: `one_at_a_time` (R3, the default) or `all_twelve`.
    pub placement: String,
}

/// The values of `placement`: the ruling R3 first, then its variant.
pub(crate) const PLACEMENTS: [&str; 2] = ["one_at_a_time", "all_twelve"];

/// Decodes `placement`: whether each player places all 12 tokens in turn.
pub(crate) fn decode_placement(text: &str) -> Result<bool, ParamsError> {
    match PLACEMENTS.iter().position(|&p| p == text) {
        Some(i) => Ok(i == 1),
        None => Err(ParamsError::new(
            "placement",
            format!(
                "`{text}` is not allowed: write `{}` (the default, R3) or `{}`",
                PLACEMENTS[0], PLACEMENTS[1]
            ),
        )),
    }
}

impl Default for Params {
    fn default() -> Self {
        Params {
            players: crate::DESCRIPTION.default_players,
            colours: None,
            layout: STANDARD_LAYOUT.to_string(),
            max_plies: None,
            placement: PLACEMENTS[0].to_string(),
        }
    }
}

/// Parameters checked and decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Setup {
    pub layout: Layout,
    pub seats: Seats,
    pub max_plies: Option<u32>,
    /// `placement = "all_twelve"`: each player places all its tokens in turn.
    pub all_twelve: bool,
}

impl Params {
    /// Checks every field; the error names the field at fault.
    pub(crate) fn decode(&self) -> Result<Setup, ParamsError> {
        let layout = Layout::parse(&self.layout).map_err(|m| ParamsError::new("layout", m))?;
        crate::DESCRIPTION.check_players(self.players, self.players)?;
        let default = if self.players == 2 { "wg" } else { "wgb" };
        let text = self.colours.as_deref().unwrap_or(default);
        let letters = Colour::ALL.map(Colour::letter);
        let colours: Vec<Colour> = parse_colours(Some(text), &letters, self.players)
            .map_err(|e| match e {
                ColoursError::Unknown(c) => {
                    ParamsError::new("colours", format!("`{c}` is not a colour (w, g or b)"))
                }
                ColoursError::Twice(_, c) => {
                    ParamsError::new("colours", format!("`{c}` is listed twice"))
                }
                ColoursError::Count(n) => colours_count_error(text, n, self.players),
            })?
            .into_iter()
            .map(|i| Colour::ALL[i])
            .collect();
        if self.max_plies == Some(0) {
            return Err(ParamsError::new(
                "max_plies",
                "must be at least 1 (or unset)",
            ));
        }
        Ok(Setup {
            layout,
            seats: Seats::new(&colours),
            max_plies: self.max_plies,
            all_twelve: decode_placement(&self.placement)?,
        })
    }
}

/// The values of the 36 squares (index 0 is square 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout(pub(crate) [u8; SQUARES]);

impl Layout {
    /// Reads 36 digits `1`/`2`/`3` with 12 of each; the message says what is wrong.
    pub fn parse(text: &str) -> Result<Layout, String> {
        let n = text.chars().count();
        if n != SQUARES {
            return Err(format!(
                "`{text}` has {n} characters, needs 36 digits 1/2/3 (squares 1 to 36)"
            ));
        }
        let mut values = [0u8; SQUARES];
        let mut counts = [0usize; 3];
        for (i, c) in text.chars().enumerate() {
            let v = match c {
                '1' => 1,
                '2' => 2,
                '3' => 3,
                _ => {
                    return Err(format!(
                        "square {}: `{c}` is not a square value (1, 2 or 3)",
                        i + 1
                    ));
                }
            };
            values[i] = v;
            counts[v as usize - 1] += 1;
        }
        if counts != [12, 12, 12] {
            return Err(format!(
                "{} single, {} double and {} triple squares: needs 12 of each",
                counts[0], counts[1], counts[2]
            ));
        }
        Ok(Layout(values))
    }

    /// The value (1, 2 or 3) of square `sq` (0-based).
    #[inline]
    pub fn value(&self, sq: usize) -> u8 {
        self.0[sq]
    }

    /// The 36 square values (1, 2 or 3) in track order.
    pub fn values(&self) -> &[u8; SQUARES] {
        &self.0
    }

    /// The values as the 36 digits of `--layout`.
    pub fn to_text(&self) -> String {
        self.0.iter().map(|v| char::from(b'0' + v)).collect()
    }
}

/// The playing colours in turn order (lightest first) and the neutral colour (2 players).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seats {
    colours: [Colour; 3],
    count: u8,
    /// Seat index of each colour (by `Colour::index`), `u8::MAX` for the neutral colour.
    seat_of: [u8; 3],
}

impl Seats {
    /// `colours` sorted lightest first, 2 or 3 of them.
    pub(crate) fn new(colours: &[Colour]) -> Seats {
        let mut all = [Colour::White; 3];
        let mut seat_of = [u8::MAX; 3];
        for (i, &c) in colours.iter().enumerate() {
            all[i] = c;
            seat_of[c.index()] = i as u8;
        }
        if colours.len() == 2 {
            all[2] = Colour::ALL
                .into_iter()
                .find(|c| !colours.contains(c))
                .unwrap_or(Colour::Blue);
        }
        Seats {
            colours: all,
            count: colours.len() as u8,
            seat_of,
        }
    }

    /// Reads the `<seats>` field: `wg`, `wb`, `gb` or `wgb`.
    pub(crate) fn parse(text: &str) -> Option<Seats> {
        let colours: &[Colour] = match text {
            "wg" => &[Colour::White, Colour::Green],
            "wb" => &[Colour::White, Colour::Blue],
            "gb" => &[Colour::Green, Colour::Blue],
            "wgb" => &Colour::ALL,
            _ => return None,
        };
        Some(Seats::new(colours))
    }

    /// The number of playing colours (2 or 3).
    pub fn len(&self) -> usize {
        self.count as usize
    }

    /// Whether no colour plays (never true of a valid game).
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The colour played by seat `i` (0-based).
    #[inline]
    pub fn colour(&self, seat: usize) -> Colour {
        self.colours[seat]
    }

    /// The playing colours in turn order.
    pub fn playing(&self) -> &[Colour] {
        &self.colours[..self.count as usize]
    }

    /// The seat playing `colour`, `None` for the neutral colour.
    #[inline]
    pub fn seat_of(&self, colour: Colour) -> Option<usize> {
        let s = self.seat_of[colour.index()];
        (s != u8::MAX).then_some(s as usize)
    }

    /// The neutral colour of a 2-player game.
    pub fn neutral(&self) -> Option<Colour> {
        (self.count == 2).then_some(self.colours[2])
    }

    /// The `<seats>` field.
    pub fn to_text(&self) -> String {
        self.playing().iter().map(|c| c.letter()).collect()
    }
}
