//! What the registry tells about a game: its name, player counts, parameters and bot levels.

use serde::Serialize;

/// One game parameter, as the CLI, the server and the UI offer it.
#[derive(Clone, Debug, Serialize)]
pub struct ParamInfo {
    /// The key in the parameters object (also the CLI's `--param <key>=<value>`).
    pub name: &'static str,
    /// `integer`, `string`, `text` (a file's contents) or `seats`.
    pub kind: &'static str,
    /// One line of help for players, shown by the CLI and the UI.
    pub help: &'static str,
    /// The default, as players would write it (`null` when none).
    pub default: Option<&'static str>,
}

/// A game as the registry describes it.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// The name used on the command line and in the API, e.g. `khan-tsin`.
    pub name: &'static str,
    /// The published title, e.g. `Khan-Tsin`.
    pub title: &'static str,
    /// The fewest players.
    pub min_players: usize,
    /// The most players.
    pub max_players: usize,
    /// The number of players when none is given.
    pub default_players: usize,
    /// Parameters beyond `players`.
    pub params: &'static [ParamInfo],
    /// Bot levels, weakest first.
    pub levels: &'static [&'static str],
    /// Whether the game runs in real time (a host clock matters).
    pub real_time: bool,
    /// Whether the position notation holds information some seats may not see (a shuffled
    /// deck): hosts then show players views only, never the position.
    pub hidden_information: bool,
    /// The rules for players (`docs/rules/<game>.md`), with every ruling.
    #[serde(skip)]
    pub rules: &'static str,
}

/// The bot levels every game offers, weakest first; `random` plays uniformly at random.
pub const LEVELS: &[&str] = &["random", "beginner", "casual", "strong", "expert"];
