//! The parameters of a game: player count and the digital edition's choices D3–D6 that are
//! values (the circle and its six elements, D1–D2, are the game itself; D7–D10 are rulings on
//! the turn sequence, see `docs/rules/magical-circle.md`).

use crate::cards::{Deck, Hand, MAX_VALUE};
use serde::{Deserialize, Serialize};
use tabula_core::ParamsError;

/// The most magic cards a target may ask for.
pub const MAX_TARGET: usize = 12;

/// The parameters of a Magical Circle game. Every field has the digital edition's default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Number of players, 2–5 (default 2).
    pub players: usize,
    /// D3: the deck holds the arrangements with index 0, `deck_step`, 2·`deck_step`, … below
    /// 720 in the lexicographic order of the permutations of `FWEALD` (F < W < E < A < L < D).
    /// 12–359 (3 to 60 cards); default 20: 36 cards. The deck must hold at least
    /// `players × (target − 1) + 3` cards, so that three cards can always be revealed.
    pub deck_step: u16,
    /// D4: the values of each player's swap cards: distinct, 1–9 (default `[1, 2, 3, 4]`).
    pub swap_values: Vec<u8>,
    /// D5: the hourglass, in seconds (1–3600, default 45). Read by the host, which sends
    /// `timeout`; the engine never reads a clock.
    pub hourglass_seconds: u32,
    /// D6: the magic cards a player must hold to win, 1–12; `None` (default): 5 with 2–3
    /// players, 4 with 4–5.
    pub target: Option<u8>,
    /// Automated play only (not a rule): after this many seat and host actions the game ends
    /// in a ply-limit draw. Default `None`.
    pub max_plies: Option<u32>,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            players: crate::DESCRIPTION.default_players,
            deck_step: 20,
            swap_values: vec![1, 2, 3, 4],
            hourglass_seconds: 45,
            target: None,
            max_plies: None,
        }
    }
}

/// Checked parameters, in the compact form the state keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Config {
    pub players: u8,
    pub deck: Deck,
    pub values: Hand,
    pub hourglass: u32,
    pub target: u8,
    pub target_param: Option<u8>,
    pub max_plies: Option<u32>,
}

impl Params {
    /// The default parameters for `players` players.
    pub fn with_players(players: usize) -> Params {
        Params {
            players,
            ..Params::default()
        }
    }

    /// D6: the number of magic cards that wins.
    pub fn target_cards(&self) -> u8 {
        self.target.unwrap_or(if self.players >= 4 { 4 } else { 5 })
    }

    /// Checks every field; the error names the first bad one.
    pub fn validate(&self) -> Result<(), ParamsError> {
        self.config().map(|_| ())
    }

    pub(crate) fn config(&self) -> Result<Config, ParamsError> {
        crate::DESCRIPTION.check_players(self.players, self.players)?;
        let deck = Deck::new(self.deck_step).ok_or_else(|| {
            ParamsError::new(
                "deck_step",
                format!(
                    "{} gives a deck of {} cards; use 12 to 359 (3 to 60 cards)",
                    self.deck_step,
                    if self.deck_step == 0 {
                        0
                    } else {
                        720usize.div_ceil(self.deck_step as usize)
                    }
                ),
            )
        })?;
        if self.swap_values.is_empty() {
            return Err(ParamsError::new(
                "swap_values",
                "no swap cards; give 1 to 9 values",
            ));
        }
        let values = Hand::from_values(&self.swap_values).ok_or_else(|| {
            ParamsError::new(
                "swap_values",
                format!(
                    "{:?}: values must be distinct and 1 to {MAX_VALUE}",
                    self.swap_values
                ),
            )
        })?;
        if !(1..=3600).contains(&self.hourglass_seconds) {
            return Err(ParamsError::new(
                "hourglass_seconds",
                format!("{}: use 1 to 3600 seconds", self.hourglass_seconds),
            ));
        }
        let target = self.target_cards();
        if !(1..=MAX_TARGET as u8).contains(&target) {
            return Err(ParamsError::new(
                "target",
                format!("{target}: a player must need 1 to {MAX_TARGET} magic cards"),
            ));
        }
        let needed = self.players * (target as usize - 1) + 3;
        if deck.len() < needed {
            return Err(ParamsError::new(
                "deck_step",
                format!(
                    "the deck has {} cards but {} players playing to {target} need at least \
                     {needed} (players × (target − 1) + 3)",
                    deck.len(),
                    self.players
                ),
            ));
        }
        if self.max_plies == Some(0) {
            return Err(ParamsError::new("max_plies", "0: use at least 1, or none"));
        }
        Ok(Config {
            players: self.players as u8,
            deck,
            values,
            hourglass: self.hourglass_seconds,
            target,
            target_param: self.target,
            max_plies: self.max_plies,
        })
    }
}

impl Config {
    pub(crate) fn params(&self) -> Params {
        Params {
            players: self.players as usize,
            deck_step: self.deck.step(),
            swap_values: self.values.values().collect(),
            hourglass_seconds: self.hourglass,
            target: self.target_param,
            max_plies: self.max_plies,
        }
    }
}
