//! The view a UI draws from (serialised to JSON for the web UI). China Moon hides nothing
//! (flowers in hand lie face up), so every seat and spectators see the same view.
//!
//! Fields (seats are numbered from 1, spaces named `S`, `G` or by number):
//! - `position`: the position notation;
//! - `players`;
//! - `board`: `name`, `reference` (`std` or `b:<fingerprint>`), `standard` (plays as the
//!   standard board, which is not the printed one), `note`, `spaces`: each `id`, `kind`
//!   (`start`, `goal`, `plain`, `lotus`, `black-lotus`, `spring`, `stupid-frog`,
//!   `butterfly`), `next` (ids; two at a fork), `back` (id or null), `x`, `y` (drawing
//!   coordinates, y downwards);
//! - `frogs`: per seat, its three frogs' space ids;
//! - `flowers`: the flowers on the track, each `space` and `flower` (`yellow`, `pink`,
//!   `white`, `black`, `blue`); a space holding several (R5's variant `butterfly_drop =
//!   skip_frogs_only`) appears once per flower, in notation order;
//! - `hands`: per seat `seat`, `flowers` (letters, e.g. `yyp`), `score` so far;
//! - `goal_spots`: the four spots' flowers (null when not laid out yet or taken);
//! - `out_of_game`: letters of the flowers that left the game (R6);
//! - `bag`: letters of the flowers still to lay out (setup only);
//! - `phase`: `setup`, `play` or `over`; `mover`: the seat whose turn it is;
//! - `to_act`: the seat asked now (the mover, or an owner deciding), null for chance and at
//!   the end;
//! - `moved`: frogs moved this turn (`seat`, `space`); `moves_left`; `must_move_other`: the
//!   next frog must belong to another player;
//! - `pending`: the owner's decision awaited: `kind` (`exchange` or `butterfly`), `owner`,
//!   `space`, `drop_space` (butterfly: where a flower would land; null: out of the game);
//! - `outcome`: at the end, `ranks` and `scores` per seat and `winners`.

use crate::board::SpaceKind;
use crate::flower::Flower;
use crate::state::{ChinaMoon, MOVES_PER_TURN, Pending, Phase};
use serde::Serialize;
use tabula_core::{Game, Notation, Seat};

/// The position as a UI sees it (the same for every viewer); see the module docs.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// The position in notation.
    pub position: String,
    /// Number of players.
    pub players: usize,
    /// The board and its drawing.
    pub board: BoardView,
    /// Per seat, its three frogs' space ids.
    pub frogs: Vec<Vec<String>>,
    /// The flowers on the track.
    pub flowers: Vec<FlowerOnSpace>,
    /// Per seat, its flowers and score.
    pub hands: Vec<HandView>,
    /// The four goal spots' flowers (`None`: not laid out yet, or taken).
    pub goal_spots: Vec<Option<Flower>>,
    /// Letters of the flowers that left the game (R6).
    pub out_of_game: String,
    /// Letters of the flowers still to lay out (setup only).
    pub bag: String,
    /// `setup`, `play` or `over`.
    pub phase: &'static str,
    /// The seat whose turn it is, 1-based.
    pub mover: usize,
    /// The seat asked now (the mover, or an owner deciding); `None` for chance and at the end.
    pub to_act: Option<usize>,
    /// Frogs moved this turn.
    pub moved: Vec<FrogRef>,
    /// Frog moves left this turn.
    pub moves_left: u32,
    /// Whether the next frog must belong to another player.
    pub must_move_other: bool,
    /// The owner's decision awaited, if any.
    pub pending: Option<PendingView>,
    /// Ranks, scores and winners once the game is over.
    pub outcome: Option<OutcomeView>,
}

/// The board as a UI draws it.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    /// The board's name.
    pub name: String,
    /// `std` or `b:<fingerprint>`.
    pub reference: String,
    /// Whether it plays as the standard board (R1).
    pub standard: bool,
    /// The board file's note, if any.
    pub note: Option<String>,
    /// Every space, start first.
    pub spaces: Vec<SpaceView>,
}

/// One space of the board.
#[derive(Clone, Debug, Serialize)]
pub struct SpaceView {
    /// `S`, `G` or the space's number.
    pub id: String,
    /// What the space does.
    pub kind: SpaceKind,
    /// The ids a hop may go on to (two at a fork).
    pub next: Vec<String>,
    /// The id behind, for butterflies.
    pub back: Option<String>,
    /// Drawing abscissa.
    pub x: f64,
    /// Drawing ordinate, downwards.
    pub y: f64,
}

/// A flower lying on the track.
#[derive(Clone, Debug, Serialize)]
pub struct FlowerOnSpace {
    /// The space's id.
    pub space: String,
    /// Its colour.
    pub flower: Flower,
}

/// One seat's flowers.
#[derive(Clone, Debug, Serialize)]
pub struct HandView {
    /// 1-based.
    pub seat: usize,
    /// Flower letters (`yyp`).
    pub flowers: String,
    /// Its score so far.
    pub score: i32,
}

/// A frog, by its owner and its space.
#[derive(Clone, Debug, Serialize)]
pub struct FrogRef {
    /// The owner, 1-based.
    pub seat: usize,
    /// The space's id.
    pub space: String,
}

/// The owner's decision the game waits for.
#[derive(Clone, Debug, Serialize)]
pub struct PendingView {
    /// `exchange` or `butterfly`.
    pub kind: &'static str,
    /// The deciding owner, 1-based.
    pub owner: usize,
    /// The stupid-frog or butterfly space's id.
    pub space: String,
    /// Butterfly: where a flower would land (`None`: out of the game).
    pub drop_space: Option<String>,
}

/// The end of the game.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeView {
    /// Per seat, its rank (1 best).
    pub ranks: Vec<u8>,
    /// Per seat, its score.
    pub scores: Vec<i32>,
    /// The 1-based seats ranked first.
    pub winners: Vec<usize>,
}

impl View {
    pub(crate) fn of(g: &ChinaMoon) -> View {
        let b = &g.board;
        let id = |i: u8| b.id(i).to_string();
        let seats = || Seat::all(g.players());
        let board = BoardView {
            name: b.name().to_string(),
            reference: b.reference(),
            standard: b.is_standard(),
            note: b.note().map(str::to_string),
            spaces: b
                .spaces()
                .iter()
                .map(|s| SpaceView {
                    id: s.id.to_string(),
                    kind: s.kind,
                    next: s.next.iter().map(|&n| id(n)).collect(),
                    back: s.back.map(id),
                    x: s.x,
                    y: s.y,
                })
                .collect(),
        };
        let pending = match g.pending {
            Pending::None => None,
            Pending::Exchange { owner, space } => Some(PendingView {
                kind: "exchange",
                owner: owner.number(),
                space: id(space),
                drop_space: None,
            }),
            Pending::Butterfly { owner, space } => Some(PendingView {
                kind: "butterfly",
                owner: owner.number(),
                space: id(space),
                drop_space: g.drop_target(space).map(id),
            }),
        };
        let outcome = g.outcome().map(|o| OutcomeView {
            ranks: o.ranks().to_vec(),
            scores: o.scores().map(<[i32]>::to_vec).unwrap_or_default(),
            winners: o.winners().map(Seat::number).collect(),
        });
        let to_act = match g.to_act() {
            tabula_core::ToAct::One(s) => Some(s.number()),
            _ => None,
        };
        View {
            position: g.to_notation(),
            players: g.players(),
            board,
            frogs: seats()
                .map(|s| g.frogs_of(s).iter().map(|&p| id(p)).collect())
                .collect(),
            flowers: (0..b.len() as u8)
                .flat_map(|s| {
                    let here = g.flowers_on(s);
                    Flower::ALL
                        .into_iter()
                        .flat_map(move |flower| (0..here.count(flower)).map(move |_| (s, flower)))
                })
                .map(|(s, flower)| FlowerOnSpace {
                    space: id(s),
                    flower,
                })
                .collect(),
            hands: seats()
                .map(|s| HandView {
                    seat: s.number(),
                    flowers: g.hand(s).to_letters(),
                    score: g.hand(s).score(),
                })
                .collect(),
            goal_spots: g.spots.to_vec(),
            out_of_game: g.out.to_letters(),
            bag: g.bag().to_letters(),
            phase: match g.phase {
                Phase::Setup => "setup",
                Phase::Play => "play",
                Phase::Over => "over",
            },
            mover: g.mover.number(),
            to_act,
            moved: g
                .moved_frogs()
                .into_iter()
                .map(|(s, p)| FrogRef {
                    seat: s.number(),
                    space: id(p),
                })
                .collect(),
            moves_left: MOVES_PER_TURN.saturating_sub(g.moves_made()),
            must_move_other: g.phase == Phase::Play
                && g.moves_made() == MOVES_PER_TURN - 1
                && !g.foreign_moved(),
            pending,
            outcome,
        }
    }
}
