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
//!   `white`, `black`, `blue`);
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

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub position: String,
    pub players: usize,
    pub board: BoardView,
    pub frogs: Vec<Vec<String>>,
    pub flowers: Vec<FlowerOnSpace>,
    pub hands: Vec<HandView>,
    pub goal_spots: Vec<Option<Flower>>,
    pub out_of_game: String,
    pub bag: String,
    pub phase: &'static str,
    pub mover: usize,
    pub to_act: Option<usize>,
    pub moved: Vec<FrogRef>,
    pub moves_left: u32,
    pub must_move_other: bool,
    pub pending: Option<PendingView>,
    pub outcome: Option<OutcomeView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    pub name: String,
    pub reference: String,
    pub standard: bool,
    pub note: Option<String>,
    pub spaces: Vec<SpaceView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SpaceView {
    pub id: String,
    pub kind: SpaceKind,
    pub next: Vec<String>,
    pub back: Option<String>,
    pub x: f64,
    pub y: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct FlowerOnSpace {
    pub space: String,
    pub flower: Flower,
}

#[derive(Clone, Debug, Serialize)]
pub struct HandView {
    pub seat: usize,
    pub flowers: String,
    pub score: i32,
}

#[derive(Clone, Debug, Serialize)]
pub struct FrogRef {
    pub seat: usize,
    pub space: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct PendingView {
    pub kind: &'static str,
    pub owner: usize,
    pub space: String,
    pub drop_space: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct OutcomeView {
    pub ranks: Vec<u8>,
    pub scores: Vec<i32>,
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
                .filter_map(|s| {
                    g.flower_on(s).map(|flower| FlowerOnSpace {
                        space: id(s),
                        flower,
                    })
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
