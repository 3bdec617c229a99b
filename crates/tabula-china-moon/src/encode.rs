//! Integer actions and observations (`tabula_core::ActionIndex`, `tabula_core::Observe`).
//!
//! Both depend on the board: `S` is its number of spaces (the standard board's, from the
//! start to the goal, or a custom board's), spaces numbered by their index on the board.
//!
//! Actions: `5·256·S + 5·(S + 3) + 130` indices.
//!
//! | indices                    | action                                                     |
//! |----------------------------|------------------------------------------------------------|
//! | `0 … 1280S−1`              | a frog move: `256·(S·owner + from) + rank`, where `rank` is the path's place among that frog's landing paths in the move generator's order (the mover may move any seat's frog; paths are numbered in the state, since a frog may reach one space by several paths) |
//! | `1280S … 1280S+5(S+3)−1`   | setup (chance): `1280S + 5·place + flower`, place = goal spot 0–2 or `3 + space` |
//!
//! A frog has far fewer than 256 landing paths on the standard board (the harness checks
//! every index on random playouts); a path past the 256th of its frog would share an index.
//! | next 125                   | exchange `x<with>:<give>/<take>`: `25·with + 5·give + take` (seats 0–4) |
//! | last 5                     | butterfly drop `drop:<flower>`                             |
//!
//! Flowers in the order `Flower::ALL` (0–4).
//!
//! Observation: a vector of `19·S + 65` values. Seats are counted from the viewer (a
//! spectator sees from seat 1): relative seat 0 is the viewer, 1 the next seat in turn, …;
//! slots of seats a smaller game lacks stay 0.
//!
//! | offset      | length | meaning                                                      |
//! |-------------|--------|--------------------------------------------------------------|
//! | 0           | 5·S    | `S·r + space`: relative seat `r`'s frogs on the space (count) |
//! | 5·S         | 5·S    | `S·f + space`: flowers of colour `f` on the space (count: 1 at most, but R5's variant stacks them) |
//! | 10·S        | 8·S    | `S·k + space`: the space is of kind `k` (`SpaceKind::ALL` order) |
//! | 18·S        | S      | frogs of the mover that already moved this turn (count)       |
//! | 19·S        | 25     | `5·r + f`: flowers of colour `f` in relative seat `r`'s hand   |
//! | 19·S + 25   | 20     | `5·spot + f`: goal spot 1–4 holds a flower of colour `f`        |
//! | 19·S + 45   | 5      | relative seat `r` is the mover                               |
//! | 19·S + 50   | 5      | relative seat `r` owes a decision (exchange or butterfly)      |
//! | 19·S + 55   | 2      | the pending decision is an exchange, a butterfly drop         |
//! | 19·S + 57   | 3      | the phase: setup, play, over                                  |
//! | 19·S + 60   | 5      | flowers out of the game, per colour (count)                   |
//!
//! China Moon has no hidden information.

use crate::action::{Action, SetupPlace};
use crate::board::SpaceKind;
use crate::flower::Flower;
use crate::state::{ChinaMoon, FROGS_PER_PLAYER, GOAL_SPOTS, Pending, Phase, frog_bit};
use tabula_core::{ActionIndex, Actor, MAX_SEATS, Observe, Seat};

const SPOTS: usize = 3;
const FLOWERS: usize = 5;
const SEATS: usize = 5;
const EXCHANGES: usize = SEATS * FLOWERS * FLOWERS;
/// Indices per frog for its landing paths.
const PATHS: usize = 256;

impl ChinaMoon {
    fn spaces(&self) -> usize {
        self.board.len()
    }

    fn setup_base(&self) -> usize {
        SEATS * self.spaces() * PATHS
    }

    fn exchange_base(&self) -> usize {
        self.setup_base() + FLOWERS * (self.spaces() + SPOTS)
    }

    fn drop_base(&self) -> usize {
        self.exchange_base() + EXCHANGES
    }

    /// The landing paths of `owner`'s frog on `from`, in the move generator's order.
    fn paths(&self, owner: Seat, from: u8) -> Vec<Action> {
        let mut paths = Vec::new();
        self.frog_paths(owner, from, &mut paths);
        paths
    }
}

fn flower(i: usize) -> Flower {
    Flower::ALL[i % FLOWERS]
}

impl ActionIndex for ChinaMoon {
    fn num_actions(&self) -> usize {
        self.drop_base() + FLOWERS
    }

    fn action_index(&self, action: Action) -> usize {
        let s = self.spaces();
        match action {
            Action::Move(m) => {
                let rank = self
                    .paths(m.seat(), m.from())
                    .iter()
                    .position(|&p| p == Action::Move(m))
                    .unwrap_or(PATHS - 1);
                PATHS * (s * m.seat().index() + m.from() as usize) + rank.min(PATHS - 1)
            }
            Action::Setup { place, flower } => {
                let place = match place {
                    SetupPlace::Spot(k) => k as usize,
                    SetupPlace::Space(i) => SPOTS + i as usize,
                };
                self.setup_base() + FLOWERS * place + flower.index()
            }
            Action::Exchange { with, give, take } => {
                self.exchange_base() + 25 * with.index() + 5 * give.index() + take.index()
            }
            Action::Drop(f) => self.drop_base() + f.index(),
        }
    }

    fn index_action(&self, actor: Actor, index: usize) -> Option<Action> {
        let s = self.spaces();
        if index < self.setup_base() {
            let Actor::Seat(_) = actor else {
                return None;
            };
            let frog = index / PATHS;
            let (owner, from) = (Seat((frog / s) as u8), (frog % s) as u8);
            if owner.index() >= self.players as usize {
                return None;
            }
            return self.paths(owner, from).get(index % PATHS).copied();
        }
        if index < self.exchange_base() {
            let i = index - self.setup_base();
            let place = match i / FLOWERS {
                k if k < SPOTS => SetupPlace::Spot(k as u8),
                k => SetupPlace::Space((k - SPOTS) as u8),
            };
            return Some(Action::Setup {
                place,
                flower: flower(i),
            });
        }
        if index < self.drop_base() {
            let i = index - self.exchange_base();
            return Some(Action::Exchange {
                with: Seat((i / 25) as u8),
                give: flower(i / 5),
                take: flower(i),
            });
        }
        (index < self.num_actions()).then(|| Action::Drop(flower(index - self.drop_base())))
    }
}

impl Observe for ChinaMoon {
    fn observation_shape(&self) -> Vec<usize> {
        vec![19 * self.spaces() + 65]
    }

    fn observe(&self, viewer: Option<Seat>, out: &mut Vec<f32>) {
        let s = self.spaces();
        out.clear();
        out.resize(19 * s + 65, 0.0);
        let n = self.players as usize;
        let me = viewer.map_or(0, |v| v.index() % n);
        let rel = |seat: Seat| (seat.index() + n - me) % n;
        for seat in 0..n.min(MAX_SEATS) {
            let r = rel(Seat(seat as u8));
            for k in 0..FROGS_PER_PLAYER {
                let at = self.frogs[seat][k] as usize;
                out[s * r + at] += 1.0;
                if Seat(seat as u8) == self.mover && self.moved & frog_bit(Seat(seat as u8), k) != 0
                {
                    out[18 * s + at] += 1.0;
                }
            }
            for f in 0..FLOWERS {
                out[19 * s + 5 * r + f] = self.hands[seat].count(flower(f)) as f32;
            }
        }
        for (f, &mask) in self.track.iter().enumerate() {
            for space in 0..s {
                if mask & (1u128 << space) != 0 {
                    out[5 * s + s * f + space] = 1.0;
                }
            }
        }
        for (space, f) in self.stacks.iter() {
            out[5 * s + s * f.index() + space as usize] += 1.0;
        }
        for space in 0..s {
            let kind = self.board.kind(space as u8);
            let k = SpaceKind::ALL.iter().position(|&x| x == kind).unwrap_or(0);
            out[10 * s + s * k + space] = 1.0;
        }
        let base = 19 * s + 25;
        for (spot, f) in self.spots.iter().enumerate().take(GOAL_SPOTS) {
            if let Some(f) = f {
                out[base + 5 * spot + f.index()] = 1.0;
            }
        }
        if self.phase == Phase::Play {
            out[base + 20 + rel(self.mover)] = 1.0;
        }
        match self.pending {
            Pending::None => {}
            Pending::Exchange { owner, .. } => {
                out[base + 25 + rel(owner)] = 1.0;
                out[base + 30] = 1.0;
            }
            Pending::Butterfly { owner, .. } => {
                out[base + 25 + rel(owner)] = 1.0;
                out[base + 31] = 1.0;
            }
        }
        let phase = match self.phase {
            Phase::Setup => 0,
            Phase::Play => 1,
            Phase::Over => 2,
        };
        out[base + 32 + phase] = 1.0;
        for f in 0..FLOWERS {
            out[base + 35 + f] = self.out.count(flower(f)) as f32;
        }
    }
}
