//! The parameters of a game and the seating they give: which colours play, in which order,
//! and which colour is neutral; the rule variants (`placement_round2`, `swap_lock`).

use crate::pawn::Colour;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use tabula_core::{ColoursError, ParamsError, colours_count_error, parse_colours};

/// The parameters of a Toumaï game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// The number of players: 2 or 3 (default 2).
    pub players: usize,
    /// With 2 players, the two playing colours as letters, e.g. `"YR"` (the default), `"YB"`
    /// or `"RB"`, in any order (turn order is always lightest first: Yellow, Red, Blue). The
    /// third colour is neutral. With 3 players it must be absent or name all three colours.
    pub colours: Option<String>,
    /// The optional ply limit (R11): after this many actions (placements included) the game
    /// ends in a draw reported as a ply-limit draw. `None` (the default) for human games.
    pub max_plies: Option<u32>,
    /// The order of setup round 2 (ruling R1 and its variant): `"reversed"` (the default,
    /// R1: the last seat of round 1 places first) or `"same"` (round 1's turn order again).
    pub placement_round2: String,
    /// Which previous turn forbids a swap (ruling R8 and its variant): `"own"` (the default,
    /// R8: the mover's own previous turn was a swap) or `"any"` (the turn just before, whoever
    /// played it, was a swap).
    pub swap_lock: String,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            players: crate::DESCRIPTION.default_players,
            colours: None,
            max_plies: None,
            placement_round2: "reversed".to_string(),
            swap_lock: "own".to_string(),
        }
    }
}

impl Params {
    /// Checks the variant parameters and decodes them.
    pub(crate) fn variant(&self) -> Result<Variant, ParamsError> {
        Variant::decode(&self.placement_round2, &self.swap_lock)
    }

    /// Checks the parameters and returns the seating they give.
    pub(crate) fn seats(&self) -> Result<Seats, ParamsError> {
        crate::DESCRIPTION.check_players(self.players, self.players)?;
        if self.max_plies == Some(0) {
            return Err(ParamsError::new(
                "max_plies",
                "must be at least 1 (leave it out for no limit)",
            ));
        }
        let letters = Colour::ALL.map(Colour::letter);
        let text = self.colours.as_deref().unwrap_or_default();
        let colours = parse_colours(self.colours.as_deref(), &letters, self.players).map_err(
            |e| match e {
                ColoursError::Unknown(c) => ParamsError::new(
                    "colours",
                    format!("`{c}` is not a colour (Y, R or B) in `{text}`"),
                ),
                ColoursError::Twice(i, _) => ParamsError::new(
                    "colours",
                    format!("{} is named twice in `{text}`", Colour::ALL[i].name()),
                ),
                ColoursError::Count(n) => colours_count_error(text, n, self.players),
            },
        )?;
        let colours: Vec<u8> = colours.into_iter().map(|c| c as u8).collect();
        Ok(Seats::from_colours(&colours))
    }
}

/// Marks the neutral colour in [`Seats::seat`].
pub(crate) const NO_SEAT: u8 = u8::MAX;

/// Which colour each seat plays, in turn order (lightest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Seats {
    /// The number of seats, 2 or 3.
    pub n: u8,
    /// The colour index of each seat (entries past `n` unused).
    pub colour: [u8; 3],
    /// The seat of each colour; [`NO_SEAT`] for the neutral colour.
    pub seat: [u8; 3],
}

impl Seats {
    /// Seats for the given colour indices, in increasing order (2 or 3 of them).
    pub fn from_colours(colours: &[u8]) -> Seats {
        let mut s = Seats {
            n: colours.len() as u8,
            colour: [0, 1, 2],
            seat: [NO_SEAT; 3],
        };
        for (i, &c) in colours.iter().enumerate() {
            s.colour[i] = c;
            s.seat[c as usize] = i as u8;
        }
        if s.n == 2 {
            s.colour[2] = s.neutral().unwrap_or(2);
        }
        s
    }

    /// The neutral colour's index (2 players only).
    #[inline]
    pub fn neutral(&self) -> Option<u8> {
        (0..3u8).find(|&c| self.seat[c as usize] == NO_SEAT)
    }

    #[inline]
    pub fn is_neutral(&self, colour: u8) -> bool {
        self.seat[colour as usize] == NO_SEAT
    }

    /// The playing colours' letters in turn order, e.g. `YR`.
    pub fn letters(&self) -> String {
        (0..self.n as usize)
            .map(|i| Colour::from_index(self.colour[i]).letter())
            .collect()
    }

    /// The seat's colour.
    #[inline]
    pub fn colour_of(&self, seat: u8) -> Colour {
        Colour::from_index(self.colour[seat as usize])
    }
}
