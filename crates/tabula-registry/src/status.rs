//! Who acts and how the game stands, as the API, the CLI and the Python package show it
//! ([`status_json`]). A [`GameStatus`] is written straight into JSON text where that is
//! done often (the server pushes one with every move) and converts to a `Value` elsewhere;
//! its fields are declared in the order of their names, the order a JSON object (a sorted
//! map) holds them, so both give the same text.

use crate::DynGame;
use serde::Serialize;
use serde_json::Value;
use tabula_core::{EndReason, Seat, ToAct};

/// How the game stands: `to_act` (1-based seats that may act, empty when over), `chance` (a
/// chance event is pending), `over`, and `result` when over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameStatus {
    /// A chance event is pending.
    pub chance: bool,
    /// The game is over.
    pub over: bool,
    /// How it ended, once over.
    pub result: Option<GameResult>,
    /// The 1-based seats that may act now.
    pub to_act: Vec<usize>,
}

/// How a game ended: `reason`, `winners` and `ranks` (1-based seats; a rank per seat, 1
/// best), `scores` where the game counts points, and `by`, the seat whose act ended it, when
/// it ended at the table rather than by the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// The seat (1-based) that resigned, accepted a draw or ran out of time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<usize>,
    /// A rank per seat, 1 best.
    pub ranks: Vec<u8>,
    /// Why it ended.
    pub reason: EndWhy,
    /// Each seat's score, in games that count points.
    pub scores: Option<Vec<i32>>,
    /// The 1-based seats ranked first.
    pub winners: Vec<usize>,
}

/// Why a game ended: by its rules (`win`, `draw`, `score`, `ply_limit`, `repetition`), or at
/// the table (`resigned`, `agreed`, `timeout`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum EndWhy {
    /// The rules ended it.
    Rules(EndReason),
    /// The table ended it: the word the API shows.
    Table(&'static str),
}

impl GameStatus {
    /// A game ended at the table (`resigned`, `agreed`, `timeout`) by `by`, with a rank per
    /// seat: nobody acts any more.
    pub fn at_table(reason: &'static str, by: Seat, ranks: Vec<u8>) -> GameStatus {
        let winners = (0..ranks.len())
            .filter(|&i| ranks[i] == 1)
            .map(|i| i + 1)
            .collect();
        GameStatus {
            chance: false,
            over: true,
            result: Some(GameResult {
                by: Some(by.number()),
                ranks,
                reason: EndWhy::Table(reason),
                scores: None,
                winners,
            }),
            to_act: Vec::new(),
        }
    }
}

/// How `game` stands by its rules.
pub fn game_status(game: &dyn DynGame) -> GameStatus {
    let to_act = game.to_act();
    GameStatus {
        chance: matches!(to_act, ToAct::Chance),
        over: to_act.is_over(),
        result: to_act.outcome().map(|o| GameResult {
            by: None,
            ranks: o.ranks().to_vec(),
            reason: EndWhy::Rules(o.reason),
            scores: o.scores().map(<[i32]>::to_vec),
            winners: o.winners().map(Seat::number).collect(),
        }),
        to_act: to_act.seats().iter().map(Seat::number).collect(),
    }
}

/// [`game_status`] as a JSON value.
pub fn status_json(game: &dyn DynGame) -> Value {
    serde_json::to_value(game_status(game)).expect("a status always serialises")
}
