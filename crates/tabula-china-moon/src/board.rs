//! The board as data: spaces with their kind, successors, `back` link (for butterflies) and
//! drawing coordinates, indexed in a topological order (the start is index 0, the goal the
//! last index, every successor has a higher index than its space). Boards come from board
//! files (see [`crate::board_file`]); the standard board of the rules (R1) ships as
//! `boards/standard.json`.

use serde::Serialize;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The standard board file (rules R1; not the printed board).
pub const STANDARD_BOARD_JSON: &str = include_str!("../boards/standard.json");

/// The most track spaces (besides start and goal) a board may have.
pub const MAX_TRACK_SPACES: usize = 126;
/// The most spring spaces any single path from the start to the goal may hold. It bounds the
/// length of a spring chain, hence of a move.
pub const MAX_SPRINGS_ON_A_PATH: usize = 9;
/// The most landings one frog move can list: two hops, plus two per spring in the chain.
pub const MAX_LANDINGS: usize = 2 * (MAX_SPRINGS_ON_A_PATH + 1);
/// The largest number a track space may have as its id.
pub const MAX_SPACE_NUMBER: u16 = 9999;

/// The start's index.
pub const START: u8 = 0;

/// What a space does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpaceKind {
    /// The start: holds any number of frogs (index 0).
    Start,
    /// The goal: holds any number of frogs, always counts as free.
    Goal,
    /// A space that does nothing.
    Plain,
    /// A lotus space: a flower is laid on it at setup.
    Lotus,
    /// The black-lotus space: the black flower is laid on it at setup.
    BlackLotus,
    /// A spring: a frog ending its move here hops two more hops (R3).
    Spring,
    /// A stupid frog: the owner must exchange flowers with another player (R4).
    StupidFrog,
    /// A butterfly: the owner drops a flower behind it (R5, R6).
    Butterfly,
}

impl SpaceKind {
    /// Every kind, in the order of the board-file documentation.
    pub const ALL: [SpaceKind; 8] = [
        SpaceKind::Start,
        SpaceKind::Goal,
        SpaceKind::Plain,
        SpaceKind::Lotus,
        SpaceKind::BlackLotus,
        SpaceKind::Spring,
        SpaceKind::StupidFrog,
        SpaceKind::Butterfly,
    ];

    /// The name in board files: `plain`, `lotus`, `black-lotus`, `spring`, `stupid-frog`,
    /// `butterfly`, `start`, `goal`.
    pub const fn file_name(self) -> &'static str {
        match self {
            SpaceKind::Start => "start",
            SpaceKind::Goal => "goal",
            SpaceKind::Plain => "plain",
            SpaceKind::Lotus => "lotus",
            SpaceKind::BlackLotus => "black-lotus",
            SpaceKind::Spring => "spring",
            SpaceKind::StupidFrog => "stupid-frog",
            SpaceKind::Butterfly => "butterfly",
        }
    }

    /// The kind of a board file's name (see [`SpaceKind::file_name`]); `None` otherwise.
    pub fn from_file_name(name: &str) -> Option<SpaceKind> {
        SpaceKind::ALL.into_iter().find(|k| k.file_name() == name)
    }
}

/// A space's name as players see it: `S`, `G` or its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SpaceId {
    /// The start, `S`.
    Start,
    /// A track space by its number.
    Track(u16),
    /// The goal, `G`.
    Goal,
}

impl fmt::Display for SpaceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpaceId::Start => write!(f, "S"),
            SpaceId::Goal => write!(f, "G"),
            SpaceId::Track(n) => write!(f, "{n}"),
        }
    }
}

impl SpaceId {
    /// Reads `S`, `G` or a number from 1 to [`MAX_SPACE_NUMBER`].
    pub fn parse(text: &str) -> Option<SpaceId> {
        match text {
            "S" => Some(SpaceId::Start),
            "G" => Some(SpaceId::Goal),
            _ if !text.is_empty()
                && text.len() <= 4
                && text.bytes().all(|b| b.is_ascii_digit())
                && !text.starts_with('0') =>
            {
                text.parse().ok().map(SpaceId::Track)
            }
            _ => None,
        }
    }
}

/// One space of a loaded board; `next`, `prev` and `back` are indices.
#[derive(Clone, Debug)]
pub struct Space {
    /// The space's name.
    pub id: SpaceId,
    /// What the space does.
    pub kind: SpaceKind,
    /// The spaces a hop may go on to (two at a fork), as indices.
    pub next: Vec<u8>,
    /// The spaces leading here (computed).
    pub prev: Vec<u8>,
    /// The space behind, for butterflies (`None` for start and goal).
    pub back: Option<u8>,
    /// Drawing abscissa (board-file units).
    pub x: f64,
    /// Drawing ordinate, downwards.
    pub y: f64,
}

/// A validated board. Shared behind an [`Arc`] by every state of a game.
pub struct Board {
    pub(crate) name: String,
    pub(crate) note: Option<String>,
    pub(crate) spaces: Vec<Space>,
    pub(crate) by_number: HashMap<u16, u8>,
    /// The lotus spaces in setup order (increasing number).
    pub(crate) lotus: Vec<u8>,
    pub(crate) black_lotus: u8,
    pub(crate) springs: u128,
    /// The fewest hops from each space to the goal on an empty track (for the heuristic).
    pub(crate) goal_distance: Vec<u8>,
    pub(crate) fingerprint: u32,
    /// The board file text, when the board did not come from the standard file.
    pub(crate) source: Option<String>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({} {})", self.name, self.reference())
    }
}

impl Board {
    /// The standard board (R1), loaded once.
    pub fn standard() -> Arc<Board> {
        static STANDARD: OnceLock<Arc<Board>> = OnceLock::new();
        STANDARD
            .get_or_init(|| {
                let mut board = crate::board_file::parse_board(STANDARD_BOARD_JSON)
                    .expect("the shipped standard board is valid");
                board.source = None;
                Arc::new(board)
            })
            .clone()
    }

    /// Loads and validates a board file (JSON); the error names the faulty space.
    pub fn from_json(text: &str) -> Result<Board, crate::BoardError> {
        let mut board = crate::board_file::parse_board(text)?;
        board.source = Some(text.to_string());
        Ok(board)
    }

    /// The board file's `name`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The board file's `note`, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// Every space, start first and goal last, in a topological order.
    pub fn spaces(&self) -> &[Space] {
        &self.spaces
    }

    /// Number of spaces, start and goal included.
    #[inline]
    pub fn len(&self) -> usize {
        self.spaces.len()
    }

    /// Always false: a board has at least a start and a goal.
    pub fn is_empty(&self) -> bool {
        self.spaces.is_empty()
    }

    /// The goal's index (the last one).
    #[inline]
    pub fn goal(&self) -> u8 {
        (self.spaces.len() - 1) as u8
    }

    /// The kind of space `i`.
    #[inline]
    pub fn kind(&self, i: u8) -> SpaceKind {
        self.spaces[i as usize].kind
    }

    /// The successors of space `i` (two at a fork; none for the goal).
    #[inline]
    pub fn next(&self, i: u8) -> &[u8] {
        &self.spaces[i as usize].next
    }

    /// The spaces leading to space `i`.
    #[inline]
    pub fn prev(&self, i: u8) -> &[u8] {
        &self.spaces[i as usize].prev
    }

    /// The space behind space `i`, for butterflies (`None` for start and goal).
    #[inline]
    pub fn back(&self, i: u8) -> Option<u8> {
        self.spaces[i as usize].back
    }

    /// Whether space `i` is a spring.
    #[inline]
    pub fn is_spring(&self, i: u8) -> bool {
        self.springs & (1u128 << i) != 0
    }

    /// The name of space `i`.
    #[inline]
    pub fn id(&self, i: u8) -> SpaceId {
        self.spaces[i as usize].id
    }

    /// The index of a space named `S`, `G` or by its number.
    pub fn index_of(&self, id: SpaceId) -> Option<u8> {
        match id {
            SpaceId::Start => Some(START),
            SpaceId::Goal => Some(self.goal()),
            SpaceId::Track(n) => self.by_number.get(&n).copied(),
        }
    }

    /// The index of the space written `text` (`S`, `G` or a number), if the board has it.
    pub fn parse_space(&self, text: &str) -> Option<u8> {
        SpaceId::parse(text).and_then(|id| self.index_of(id))
    }

    /// The lotus spaces in setup order (increasing number).
    pub fn lotus_spaces(&self) -> &[u8] {
        &self.lotus
    }

    /// The index of the black-lotus space.
    pub fn black_lotus(&self) -> u8 {
        self.black_lotus
    }

    /// The fewest hops from space `i` to the goal (0 for the goal), frogs ignored.
    pub fn goal_distance(&self, i: u8) -> u8 {
        self.goal_distance[i as usize]
    }

    /// A 32-bit fingerprint of what matters for play (ids, kinds, successors, back links).
    pub fn fingerprint(&self) -> u32 {
        self.fingerprint
    }

    /// The board's reference in the position notation: `std` for the standard board (or a
    /// file equal to it in play), else `b:` and the fingerprint in 8 hex digits (`b:a8abc4ba`).
    pub fn reference(&self) -> String {
        if self.fingerprint == standard_fingerprint() {
            "std".to_string()
        } else {
            format!("b:{:08x}", self.fingerprint)
        }
    }

    /// Whether this board plays as the standard board.
    pub fn is_standard(&self) -> bool {
        self.fingerprint == standard_fingerprint()
    }

    /// The board file text this board was loaded from (`None` for the standard board).
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }
}

fn standard_fingerprint() -> u32 {
    static FP: OnceLock<u32> = OnceLock::new();
    *FP.get_or_init(|| Board::standard().fingerprint)
}
