//! The game state: frogs, flowers on the track, in hands, on the goal spots and out of the
//! game, whose turn it is, how far the turn has gone and any owner's decision pending. Small
//! fixed arrays and bit masks (a board has at most 128 spaces), the board behind an `Arc`, so
//! that cloning for search is a short copy.

use crate::board::{Board, START};
use crate::flower::{Flower, Flowers};
use crate::stacks::Stacks;
use std::sync::Arc;
use tabula_core::{MAX_SEATS, Seat};

/// The fewest and most players.
pub const MIN_PLAYERS: usize = 3;
/// The most players.
pub const MAX_PLAYERS: usize = 5;
/// Frogs per player.
pub const FROGS_PER_PLAYER: usize = 3;
/// Frog moves in a turn.
pub const MOVES_PER_TURN: u32 = 3;
/// Goal spots; the game ends when the last one is taken.
pub const GOAL_SPOTS: usize = 4;

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Flowers are being laid out (chance events).
    Setup,
    /// Players take turns moving frogs.
    Play,
    /// The 4th frog reached the goal.
    Over,
}

/// An owner's decision the game waits for (R4–R6): the frog of `owner` ended its move on
/// `space`, a stupid-frog or butterfly space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    /// Nothing is awaited.
    None,
    /// A stupid-frog exchange (R4).
    Exchange {
        /// The owner of the frog, who decides.
        owner: Seat,
        /// The stupid-frog space, as an index.
        space: u8,
    },
    /// Which flower to drop behind a butterfly (R5).
    Butterfly {
        /// The owner of the frog, who decides.
        owner: Seat,
        /// The butterfly space, as an index.
        space: u8,
    },
}

impl Pending {
    /// The seat asked to decide, if any.
    pub fn owner(self) -> Option<Seat> {
        match self {
            Pending::None => None,
            Pending::Exchange { owner, .. } | Pending::Butterfly { owner, .. } => Some(owner),
        }
    }
}

/// A China Moon game (the rules of `shared/rules/china-moon.md`).
#[derive(Clone)]
pub struct ChinaMoon {
    pub(crate) board: Arc<Board>,
    pub(crate) players: u8,
    /// Each seat's frogs, as space indices (unordered; frogs of a seat are alike).
    pub(crate) frogs: [[u8; FROGS_PER_PLAYER]; MAX_SEATS],
    /// Track spaces holding a frog (never the start or the goal).
    pub(crate) occupied: u128,
    /// Per colour, the spaces holding at least one flower of that colour.
    pub(crate) track: [u128; 5],
    /// The flowers beyond the first of their colour on a space (only under
    /// `butterfly_drop = "skip_frogs_only"`, R5's variant; empty otherwise).
    pub(crate) stacks: Stacks,
    pub(crate) hands: [Flowers; MAX_SEATS],
    pub(crate) spots: [Option<Flower>; GOAL_SPOTS],
    /// Flowers that left the game (R6).
    pub(crate) out: Flowers,
    /// Frogs that reached the goal (= goal spots taken).
    pub(crate) arrived: u8,
    pub(crate) mover: Seat,
    /// Frogs moved this turn: bit `seat * 3 + frog`.
    pub(crate) moved: u16,
    pub(crate) phase: Phase,
    /// The next setup slot: 0–2 the goal spots, then the lotus spaces in setup order.
    pub(crate) setup_next: u8,
    pub(crate) pending: Pending,
    /// `butterfly_pickup = "leave"` (R11's variant): a frog ending on a butterfly space does
    /// not take the flower there. Fixed for the game, not part of a position.
    pub(crate) leave_on_butterfly: bool,
    /// `butterfly_drop = "skip_frogs_only"` (R5's variant): a butterfly's flower goes to the
    /// first space behind holding no frog, flowers or not, so flowers may stack (R17). Fixed
    /// for the game, not part of a position.
    pub(crate) drop_on_flowers: bool,
}

#[inline]
pub(crate) fn bit(i: u8) -> u128 {
    1u128 << i
}

#[inline]
pub(crate) fn frog_bit(seat: Seat, frog: usize) -> u16 {
    1 << (seat.index() * FROGS_PER_PLAYER + frog)
}

impl ChinaMoon {
    /// The state before setup: every frog on the start, blue on goal spot 4, black on the
    /// black-lotus space; the rest of the flowers wait for the setup's chance events.
    pub(crate) fn before_setup(board: Arc<Board>, players: usize) -> ChinaMoon {
        let mut track = [0u128; 5];
        track[Flower::Black.index()] = bit(board.black_lotus());
        let mut spots = [None; GOAL_SPOTS];
        spots[GOAL_SPOTS - 1] = Some(Flower::Blue);
        ChinaMoon {
            board,
            players: players as u8,
            frogs: [[START; FROGS_PER_PLAYER]; MAX_SEATS],
            occupied: 0,
            track,
            stacks: Stacks::default(),
            hands: [Flowers::default(); MAX_SEATS],
            spots,
            out: Flowers::default(),
            arrived: 0,
            mover: Seat(0),
            moved: 0,
            phase: Phase::Setup,
            setup_next: 0,
            pending: Pending::None,
            leave_on_butterfly: false,
            drop_on_flowers: false,
        }
    }

    /// The board played on (shared between positions).
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// The number of players, 3 to 5.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// Setup, play or over.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The owner's decision awaited, if any.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// The seat whose turn it is (during setup: seat 1, who will start).
    pub fn mover(&self) -> Seat {
        self.mover
    }

    /// A seat's frogs (space indices), sorted: start first, goal last.
    pub fn frogs_of(&self, seat: Seat) -> [u8; FROGS_PER_PLAYER] {
        let mut f = self.frogs[seat.index()];
        f.sort_unstable();
        f
    }

    /// The seat whose frog sits on track space `space`, if any.
    pub fn frog_on(&self, space: u8) -> Option<Seat> {
        if space == START || space == self.board.goal() || self.occupied & bit(space) == 0 {
            return None;
        }
        Seat::all(self.players()).find(|s| self.frogs[s.index()].contains(&space))
    }

    /// The flower lying on `space`, if any; on a space holding several (R5's variant), the
    /// first in notation order (see [`ChinaMoon::flowers_on`]).
    pub fn flower_on(&self, space: u8) -> Option<Flower> {
        Flower::ALL
            .into_iter()
            .find(|f| self.track[f.index()] & bit(space) != 0)
    }

    /// Every flower lying on `space`, by colour: one at most under the default R5, any number
    /// under its variant `butterfly_drop = "skip_frogs_only"` (R17).
    pub fn flowers_on(&self, space: u8) -> Flowers {
        let mut f = if self.stacks.is_empty() {
            Flowers::default()
        } else {
            self.stacks.on(space)
        };
        for c in Flower::ALL {
            if self.track[c.index()] & bit(space) != 0 {
                f.add(c);
            }
        }
        f
    }

    /// Whether butterflies drop flowers onto spaces holding flowers (R5's variant
    /// `butterfly_drop = "skip_frogs_only"`), so that flowers may stack.
    pub fn drops_on_flowers(&self) -> bool {
        self.drop_on_flowers
    }

    #[inline]
    pub(crate) fn has_flower(&self, space: u8) -> bool {
        let all = self.track.iter().fold(0, |acc, m| acc | m);
        all & bit(space) != 0
    }

    #[inline]
    pub(crate) fn is_occupied(&self, space: u8) -> bool {
        self.occupied & bit(space) != 0
    }

    /// The flowers `seat` holds.
    pub fn hand(&self, seat: Seat) -> Flowers {
        self.hands[seat.index()]
    }

    /// What lies on goal spot `spot` (0-based: spot 1 is 0).
    pub fn spot(&self, spot: usize) -> Option<Flower> {
        self.spots[spot]
    }

    /// The flowers that left the game (R6).
    pub fn out_of_game(&self) -> Flowers {
        self.out
    }

    /// How many frogs reached the goal.
    pub fn arrived(&self) -> usize {
        self.arrived as usize
    }

    /// The frogs moved so far this turn, as (owner, space), sorted.
    pub fn moved_frogs(&self) -> Vec<(Seat, u8)> {
        let mut list = Vec::new();
        for seat in Seat::all(self.players()) {
            for (i, &pos) in self.frogs[seat.index()].iter().enumerate() {
                if self.moved & frog_bit(seat, i) != 0 {
                    list.push((seat, pos));
                }
            }
        }
        list.sort_unstable();
        list
    }

    /// Frog moves made so far this turn.
    pub fn moves_made(&self) -> u32 {
        self.moved.count_ones()
    }

    /// Whether a frog of another player than the mover has moved this turn.
    pub(crate) fn foreign_moved(&self) -> bool {
        let own = 0b111u16 << (self.mover.index() * FROGS_PER_PLAYER);
        self.moved & !own != 0
    }

    /// Each seat's score from the flowers in hand.
    pub fn scores(&self) -> [i32; MAX_SEATS] {
        let mut s = [0; MAX_SEATS];
        for seat in Seat::all(self.players()) {
            s[seat.index()] = self.hands[seat.index()].score();
        }
        s
    }

    /// How many flowers of each colour lie on the track (stacked ones included).
    pub fn track_flowers(&self) -> Flowers {
        let mut f = self.stacks.by_colour();
        for c in Flower::ALL {
            f.0[c.index()] += self.track[c.index()].count_ones() as u8;
        }
        f
    }

    /// The flowers still to lay out at setup (the bag): all minus those placed.
    pub fn bag(&self) -> Flowers {
        let mut bag = Flowers::default();
        if self.phase != Phase::Setup {
            return bag;
        }
        let placed = self.track_flowers();
        for c in Flower::ALL {
            let on_spots = self.spots.iter().filter(|s| **s == Some(c)).count() as u8;
            bag.0[c.index()] = c.total() - placed.count(c) - on_spots;
        }
        bag
    }

    /// Checks that no flower appeared or vanished and the frogs are where the masks say
    /// (used by tests as the harness invariant).
    pub fn check_invariant(&self) -> Result<(), String> {
        let mut total = self.track_flowers();
        for seat in Seat::all(self.players()) {
            for c in Flower::ALL {
                total.0[c.index()] += self.hands[seat.index()].count(c);
            }
        }
        for c in Flower::ALL {
            total.0[c.index()] += self.out.count(c);
            total.0[c.index()] += self.spots.iter().filter(|s| **s == Some(c)).count() as u8;
            total.0[c.index()] += self.bag().count(c);
            if total.count(c) != c.total() {
                return Err(format!("{} {} flowers in play", total.count(c), c.name()));
            }
        }
        let mut occupied = 0u128;
        let mut in_goal = 0;
        for seat in Seat::all(self.players()) {
            for &p in &self.frogs[seat.index()] {
                if p == self.board.goal() {
                    in_goal += 1;
                } else if p != START {
                    if occupied & bit(p) != 0 {
                        return Err(format!("two frogs on space {}", self.board.id(p)));
                    }
                    occupied |= bit(p);
                }
            }
        }
        if occupied != self.occupied {
            return Err("the occupancy mask disagrees with the frogs".into());
        }
        if in_goal != self.arrived {
            return Err("frogs in the goal disagree with the goal spots taken".into());
        }
        let mut flowered = self.track.iter().fold(0, |acc, m| acc | m);
        if self.leave_on_butterfly {
            // R11's variant: a frog on a butterfly space leaves the flower there.
            for s in 0..self.board.len() as u8 {
                if self.board.kind(s) == crate::board::SpaceKind::Butterfly {
                    flowered &= !bit(s);
                }
            }
        }
        if flowered & occupied != 0 {
            return Err("a frog rests on a space with a flower".into());
        }
        if !self.drop_on_flowers && !self.stacks.is_empty() {
            return Err("flowers stacked on a space under the default R5".into());
        }
        for (s, c) in self.stacks.iter() {
            if self.track[c.index()] & bit(s) == 0 {
                return Err(format!(
                    "a stacked {} flower on space {} without its first",
                    c.name(),
                    self.board.id(s)
                ));
            }
        }
        Ok(())
    }
}
