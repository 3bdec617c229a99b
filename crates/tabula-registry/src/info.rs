//! What the registry tells about a game: the game's own [`GameDescription`] and the bot
//! levels the registry offers for it, as `/api/games` serves it.

use crate::Ladder;
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};
use std::ops::Deref;
use tabula_core::GameDescription;

/// The bot levels every game offers, weakest first; `random` plays uniformly at random.
pub const LEVELS: &[&str] = &["random", "beginner", "casual", "strong", "expert"];

/// The languages of the rules pages, as `lang` codes: English first (the default). A game's
/// pages are its description's ([`GameDescription::rules_in`]).
pub const LANGUAGES: &[&str] = &["en", "fr", "cs"];

/// A game as the registry describes it: the game crate's description (reached through
/// `Deref`: `info.name`, `info.title`, `info.rules_in(lang)`, …) and the bot levels.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// What the game says it is.
    pub description: &'static GameDescription,
    /// Bot levels, weakest first.
    pub levels: &'static [&'static str],
    /// The measured ladder of the levels, which their estimated ratings come from.
    pub ladder: Option<&'static Ladder>,
    /// The game's own web renderer, a JavaScript module (the interface of the web UI's
    /// `js/games/*.js`), that the server serves at `/js/games/<name>.js` for a game whose
    /// renderer is not built into the web UI. `None`: the web UI draws the game plainly,
    /// from its description and its board as text.
    pub renderer: Option<&'static str>,
}

impl GameInfo {
    /// The registry's view of a game described by `description`, with every level.
    pub const fn new(description: &'static GameDescription) -> Self {
        GameInfo {
            description,
            levels: LEVELS,
            ladder: None,
            renderer: None,
        }
    }

    /// The estimated rating of the bot level `level` (see [`Ladder::ratings`]), if the game's
    /// ladder was measured.
    pub fn level_rating(&self, level: &str) -> Option<f64> {
        let i = self.levels.iter().position(|l| *l == level)?;
        let ladder = self.ladder?;
        (ladder.scores.len() + 1 == self.levels.len()).then(|| ladder.ratings()[i])
    }
}

/// The levels' estimated ratings, by level, rounded.
struct LevelRatings<'a>(&'a GameInfo);

impl Serialize for LevelRatings<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut m = serializer.serialize_map(None)?;
        for level in self.0.levels {
            if let Some(r) = self.0.level_rating(level) {
                m.serialize_entry(level, &r.round())?;
            }
        }
        m.end()
    }
}

impl Deref for GameInfo {
    type Target = GameDescription;

    fn deref(&self) -> &GameDescription {
        self.description
    }
}

/// The `/api/games` entry of a game: the description's fields (the rules apart, served on
/// their own), the levels after the parameters with their estimated ratings, whether it ships
/// a tutorial (`lessons`), and the seats last.
impl Serialize for GameInfo {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let d = self.description;
        let mut s = serializer.serialize_struct("GameInfo", 11)?;
        s.serialize_field("name", d.name)?;
        s.serialize_field("title", d.title)?;
        s.serialize_field("min_players", &d.min_players)?;
        s.serialize_field("max_players", &d.max_players)?;
        s.serialize_field("default_players", &d.default_players)?;
        s.serialize_field("params", d.params)?;
        s.serialize_field("levels", self.levels)?;
        s.serialize_field("level_ratings", &LevelRatings(self))?;
        s.serialize_field("real_time", &d.real_time)?;
        s.serialize_field("hidden_information", &d.hidden_information)?;
        s.serialize_field("lessons", &d.lessons.is_some())?;
        s.serialize_field("seats", d.seats)?;
        s.end()
    }
}
