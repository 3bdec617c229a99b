//! `tabula_core::Game` and its capability traits for [`KhanTsin`]: the glue between the
//! core vocabulary and this crate's rules, notation, view and text drawing.

use crate::action::Action;
use crate::params::{Params, SQUARES};
use crate::state::{KhanTsin, Status};
use crate::view::View;
use tabula_core::{
    ActionError, Actor, CandidateActions, Game, GameRng, Notation, NotationError, ParamsError,
    PositionError, Presentation, Seat, ToAct, Zobrist,
};

impl Game for KhanTsin {
    type Action = Action;
    type Params = Params;

    const NAME: &'static str = crate::DESCRIPTION.name;

    fn new(params: &Params) -> Result<Self, ParamsError> {
        KhanTsin::start(params)
    }

    fn new_random(params: &Params, rng: &mut GameRng) -> Result<Self, ParamsError> {
        KhanTsin::random_start(params, rng)
    }

    fn params(&self) -> Params {
        Params {
            players: self.seats.len(),
            colours: Some(self.seats.to_text()),
            layout: self.layout.to_text(),
            max_plies: self.limit.max,
            placement: crate::params::PLACEMENTS[self.all_twelve as usize].to_string(),
        }
    }

    fn num_seats(&self) -> usize {
        self.seats.len()
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        self.current_to_act()
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<Action>) {
        out.clear();
        if self.status == Status::Playing && actor == Actor::Seat(Seat(self.to_move)) {
            self.gen_actions(out);
        }
    }

    fn validate(&self, actor: Actor, action: Action) -> Result<(), ActionError> {
        self.check(actor, action)
    }

    fn in_setup(&self) -> bool {
        self.in_placement()
    }

    #[inline]
    fn board_spaces(&self) -> Option<usize> {
        Some(Self::COVERAGE_SPACES)
    }

    fn spaces_used(&self, action: Action, out: &mut Vec<usize>) {
        out.clear();
        out.extend(Self::coverage_square(action));
    }

    fn apply(&mut self, action: Action) {
        self.perform(action);
    }

    /// With two players Khan-Tsin is deterministic, alternating and zero-sum.
    fn two_player_zero_sum(&self) -> bool {
        self.num_seats() == 2
    }
}

impl Notation for KhanTsin {
    fn to_notation(&self) -> String {
        crate::notation::write_position(self)
    }

    /// Reads a position. The layout, the players and their colours come from the notation;
    /// only `max_plies` and `placement` are taken from `params` (the ply count starts at 0).
    fn from_notation(params: &Params, text: &str) -> Result<Self, PositionError> {
        if params.max_plies == Some(0) {
            return Err(PositionError::new(
                "max_plies",
                "must be at least 1 (or unset)",
            ));
        }
        let all_twelve = crate::params::decode_placement(&params.placement)
            .map_err(|e| PositionError::new("placement", e.to_string()))?;
        crate::notation::read_position(text, params.max_plies, all_twelve)
    }

    fn parse_action(&self, _actor: Actor, text: &str) -> Result<Action, NotationError> {
        text.parse()
    }

    fn format_action(&self, action: Action) -> String {
        action.to_string()
    }
}

impl Presentation for KhanTsin {
    type View = View;

    /// Nothing is hidden in Khan-Tsin: every viewer sees the same.
    fn view(&self, _viewer: Option<Seat>) -> View {
        View::of(self)
    }

    fn board_text(&self) -> String {
        crate::text::draw(self)
    }

    fn seat_name(&self, seat: Seat) -> String {
        if seat.index() < self.seats().len() {
            let name = self.seats().colour(seat.index()).name();
            name[..1].to_uppercase() + &name[1..]
        } else {
            format!("Seat {}", seat.number())
        }
    }
}

/// A superset of the legal actions, for the test harness. For the seat to move: every
/// placement, `pass`, and for every occupied origin every count up to one more than its height
/// onto the origin itself, its two neighbours and the 3 nearest occupied squares each way (so
/// wrong distances, wrong counts and R4 are all offered to `validate`). Other actors get the
/// mover's legal actions and `pass`, which they must not be allowed to play.
impl CandidateActions for KhanTsin {
    fn candidate_actions(&self, actor: Actor, out: &mut Vec<Action>) {
        out.clear();
        if actor != Actor::Seat(Seat(self.to_move)) {
            let mut mover = Vec::new();
            if self.status == Status::Playing {
                self.gen_actions(&mut mover);
            }
            out.extend(mover.into_iter().take(8));
            if !out.contains(&Action::Pass) {
                out.push(Action::Pass);
            }
            return;
        }
        for square in 0..SQUARES as u8 {
            out.push(Action::Place {
                square,
                khan: false,
            });
            out.push(Action::Place { square, khan: true });
        }
        out.push(Action::Pass);
        let mut dests = Vec::with_capacity(9);
        for from in 0..SQUARES {
            let h = self.stacks[from].height();
            if h == 0 {
                continue;
            }
            dests.clear();
            dests.extend([from, (from + 1) % SQUARES, (from + SQUARES - 1) % SQUARES]);
            for step in [1, SQUARES - 1] {
                let mut sq = from;
                let mut found = 0;
                while found < 3 {
                    sq = (sq + step) % SQUARES;
                    if sq == from {
                        break;
                    }
                    if !self.stacks[sq].is_empty() {
                        found += 1;
                        if !dests.contains(&sq) {
                            dests.push(sq);
                        }
                    }
                }
            }
            for &to in &dests {
                for count in 1..=(h + 1).min(9) {
                    out.push(Action::Move {
                        from: from as u8,
                        count: count as u8,
                        to: to as u8,
                    });
                }
            }
        }
    }
}

impl Zobrist for KhanTsin {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The position hash mixed with the repetition history (R9): a transposition table keyed
    /// by it never reuses a value found under another history.
    fn search_key(&self) -> u64 {
        self.hash ^ self.history.digest()
    }
}
