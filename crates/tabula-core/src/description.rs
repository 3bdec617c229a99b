//! What a game is, said once by its own crate: [`GameDescription`] (name, title, player range,
//! parameters, seats, rules for players, extra commands), [`ParamDescription`] and
//! [`CommandDescription`]. The registry, the CLI, the
//! server, its `/api/games` answer and the web UI read a game's description; nothing restates
//! it. Descriptions are `const`, so a game crate fills one in a `description.rs` of its own.
//!
//! The test harness checks a description against the game it describes
//! (`testkit::check_description`, feature `testkit`): the parameter names and defaults
//! against the serde `Params`, the player range against `Game::new`, the seat names against
//! `Game::seat_name`.

use crate::ParamsError;
use serde::Serialize;
use std::fmt::Display;

/// A game as it presents itself to players, hosts and tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameDescription {
    /// The name used on the command line and in the API, e.g. `khan-tsin` (the game's
    /// `Game::NAME`).
    pub name: &'static str,
    /// The published title, e.g. `Khan-Tsin`.
    pub title: &'static str,
    /// The fewest players the game is for.
    pub min_players: usize,
    /// The most players the game is for.
    pub max_players: usize,
    /// The table size offered first (by the web UI's home page).
    pub default_players: usize,
    /// The parameters beyond `players`, as the CLI (a flag `--<name>` each, and `--param
    /// <name>=<value>`), the server and the UI offer them.
    pub params: &'static [ParamDescription],
    /// The game's own CLI commands beyond the ones every game has (e.g. Magical Circle's
    /// `solve`); usually none.
    #[serde(skip)]
    pub commands: &'static [CommandDescription],
    /// Whether the game runs in real time (a host clock matters).
    pub real_time: bool,
    /// Whether two players may end a game by agreeing to a draw: the game's rules have a draw
    /// among their outcomes (hosts offer it in two-player matches only).
    pub draws_by_agreement: bool,
    /// Whether the position notation holds information some seats may not see (a shuffled
    /// deck): hosts then show players views only, never the position. Without it, every
    /// seat's view is a spectator's (`testkit::check_views_alike`).
    pub hidden_information: bool,
    /// The seats of a full table, seat 1 first: their names and colours.
    #[serde(skip)]
    pub seats: &'static [SeatDescription],
    /// The rules for players in English (docs/rules/<game>.md), with every ruling.
    #[serde(skip)]
    pub rules: &'static str,
    /// The rules for players in other languages, as `(lang, page)` (e.g. `("fr", …)`).
    #[serde(skip)]
    pub translations: &'static [(&'static str, &'static str)],
    /// The interactive tutorial: a lesson file in JSON (the `tabula-lessons` crate reads and
    /// checks it), or `None` for a game without one.
    #[serde(skip)]
    pub lessons: Option<&'static str>,
    /// Puzzles drawn from real games: a puzzle set in JSON (the `tabula-puzzles` crate reads
    /// and verifies it), or `None` for a game without them.
    #[serde(skip)]
    pub puzzles: Option<&'static str>,
}

/// One parameter of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ParamDescription {
    /// The key in the parameters object (also the CLI's `--param <name>=<value>`), the name
    /// of the field of the game's `Params`.
    pub name: &'static str,
    /// How the value is written: `integer`, `integers` (a JSON list), `string` or `text` (a
    /// file's contents).
    pub kind: &'static str,
    /// What the parameter does, for players.
    pub help: &'static str,
    /// The default, as players would write it; `None` when there is none (or it depends on
    /// other parameters).
    pub default: Option<&'static str>,
    /// The values a `string` parameter may take, when it is a choice among words (the web UI
    /// offers them in a list, each translated); empty for a free value.
    pub values: &'static [&'static str],
}

/// What an extra command prints, or why it cannot run.
pub type CommandResult = Result<String, Box<dyn std::error::Error + Send + Sync>>;

/// A game's own CLI command (`tabula <name> --<arg> <value> …`): what the CLI offers and the
/// function that runs it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct CommandDescription {
    /// The subcommand's name, e.g. `solve`; no two games of a catalog may share one, nor take
    /// a name the CLI uses itself.
    pub name: &'static str,
    /// What the command does, in one line, lower case (the CLI puts the game's title before
    /// it).
    pub help: &'static str,
    /// Its arguments, every one required, in the order [`CommandDescription::run`] gets them.
    pub args: &'static [CommandArgDescription],
    /// Runs the command on the arguments' values (in the order of
    /// [`CommandDescription::args`]): the text to print on standard output, or the error.
    #[serde(skip)]
    pub run: fn(&[&str]) -> CommandResult,
}

/// Two commands are alike when they say the same; the functions they run are not compared.
impl PartialEq for CommandDescription {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.help == other.help && self.args == other.args
    }
}

impl Eq for CommandDescription {}

/// One argument of a [`CommandDescription`]: a flag `--<name> <VALUE>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CommandArgDescription {
    /// The flag's name, without the dashes, e.g. `arrangement`.
    pub name: &'static str,
    /// What the value is, for the command's help.
    pub help: &'static str,
}

/// One seat of a game: how players tell it from the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeatDescription {
    /// The seat's colour name in lower case English, e.g. `yellow` (the web UI's
    /// `colour.<name>` string; `Game::seat_name` starts with it, capitalised).
    pub name: &'static str,
    /// The colour the web UI draws the seat in, as CSS (`#f4c430`).
    pub colour: &'static str,
}

impl GameDescription {
    /// Checks a player count against [`GameDescription::min_players`] and
    /// [`GameDescription::max_players`]: the one check of the player range. `shown` is the
    /// count as the player wrote it (for the message).
    pub fn check_players(&self, players: usize, shown: impl Display) -> Result<(), ParamsError> {
        if (self.min_players..=self.max_players).contains(&players) {
            Ok(())
        } else {
            Err(ParamsError::new(
                "players",
                format!(
                    "{} is for {} players, not {shown}",
                    self.title,
                    self.player_range()
                ),
            ))
        }
    }

    /// How many players the game is for, as a player reads it: `2`, or `2 to 5`.
    pub fn player_range(&self) -> String {
        if self.min_players == self.max_players {
            self.min_players.to_string()
        } else {
            format!("{} to {}", self.min_players, self.max_players)
        }
    }

    /// The parameter called `name`.
    pub fn param(&self, name: &str) -> Option<&'static ParamDescription> {
        self.params.iter().find(|p| p.name == name)
    }

    /// The rules for players in `lang` (`en`, or one of
    /// [`GameDescription::translations`]); `None` for a language they are not written in.
    pub fn rules_in(&self, lang: &str) -> Option<&'static str> {
        if lang == "en" {
            return Some(self.rules);
        }
        self.translations
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, page)| *page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: GameDescription = GameDescription {
        name: "toy",
        title: "Toy",
        min_players: 2,
        max_players: 3,
        default_players: 2,
        params: &[ParamDescription {
            name: "size",
            kind: "integer",
            help: "the size",
            default: Some("3"),
            values: &[],
        }],
        commands: &[],
        real_time: false,
        draws_by_agreement: false,
        hidden_information: false,
        seats: &[],
        rules: "# Toy",
        translations: &[("fr", "# Jouet")],
        lessons: None,
        puzzles: None,
    };

    #[test]
    fn the_player_range_is_checked_with_the_count_as_written() {
        assert!(GAME.check_players(2, 2).is_ok());
        assert!(GAME.check_players(3, 3).is_ok());
        let e = GAME.check_players(0, "\"x\"").unwrap_err();
        assert_eq!(e.name, "players");
        assert_eq!(e.message, "Toy is for 2 to 3 players, not \"x\"");
        assert!(GAME.check_players(4, 4).is_err());
        let two = GameDescription {
            max_players: 2,
            ..GAME
        };
        let e = two.check_players(1, 1).unwrap_err();
        assert_eq!(e.message, "Toy is for 2 players, not 1");
    }

    #[test]
    fn rules_are_found_by_language() {
        assert_eq!(GAME.rules_in("en"), Some("# Toy"));
        assert_eq!(GAME.rules_in("fr"), Some("# Jouet"));
        assert_eq!(GAME.rules_in("cs"), None);
        assert_eq!(GAME.param("size").map(|p| p.default), Some(Some("3")));
        assert!(GAME.param("players").is_none());
    }
}
