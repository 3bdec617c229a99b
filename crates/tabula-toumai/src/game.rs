//! The `tabula_core` traits for [`Toumai`]: [`Game`], [`CandidateActions`] (the superset the
//! test harness checks the move generator against).

use crate::action::{Action, Split, Square, parse_action};
use crate::board::{LINES, height};
use crate::notation::{format_position, parse_position};
use crate::params::Params;
use crate::pawn::Kind;
use crate::state::{Status, Toumai};
use crate::view::View;
use tabula_core::{
    ActionError, Actor, CandidateActions, Game, GameRng, Notation, NotationError, ParamsError,
    PositionError, Presentation, Seat, ToAct,
};

impl Game for Toumai {
    type Action = Action;
    type Params = Params;

    const NAME: &'static str = crate::DESCRIPTION.name;

    /// An empty board: the placement setup begins (first seat places first).
    fn new(params: &Params) -> Result<Self, ParamsError> {
        Toumai::empty(params)
    }

    fn params(&self) -> Params {
        Params {
            players: self.seats.n as usize,
            colours: (self.seats.n == 2).then(|| self.seats.letters()),
            max_plies: self.limit.max,
            placement_round2: self.variant.values().0,
            swap_lock: self.variant.values().1,
        }
    }

    fn num_seats(&self) -> usize {
        self.seats.n as usize
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        self.current()
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<Action>) {
        match actor {
            Actor::Seat(s) if s.0 == self.to_move => self.legal_into(out),
            _ => out.clear(),
        }
    }

    fn validate(&self, actor: Actor, action: Action) -> Result<(), ActionError> {
        if self.status != Status::Playing {
            return Err(ActionError::GameOver);
        }
        match actor {
            Actor::Seat(s) if s.0 == self.to_move => {}
            Actor::Seat(s) => return Err(ActionError::NotYourTurn(s)),
            Actor::Chance => {
                return Err(ActionError::Illegal("Toumaï has no chance events".into()));
            }
            Actor::Host => {
                return Err(ActionError::Illegal(
                    "the host has no action in Toumaï".into(),
                ));
            }
        }
        self.check(action).map_err(ActionError::Illegal)
    }

    fn in_setup(&self) -> bool {
        Toumai::in_setup(self)
    }

    fn board_spaces(&self) -> Option<usize> {
        Some(Self::COVERAGE_SPACES)
    }

    /// The squares in rows of six, each labelled with its name in the notation (`a1` …).
    fn board_layout(&self) -> Option<Vec<(String, f64, f64)>> {
        Some(
            (0..Self::COVERAGE_SPACES)
                .map(|i| {
                    let label = format!("{}{}", (b'a' + (i / 6) as u8) as char, i % 6 + 1);
                    (label, (i % 6) as f64, (i / 6) as f64)
                })
                .collect(),
        )
    }

    fn spaces_used(&self, action: Action, out: &mut Vec<usize>) {
        out.clear();
        self.coverage_cells(action, out);
    }

    fn apply(&mut self, action: Action) {
        debug_assert!(self.status == Status::Playing, "apply on a finished game");
        debug_assert!(self.plausible(action), "illegal {action:?}");
        self.perform(action);
    }

    /// Every placement uniformly random among the legal ones (R13: these placements do not
    /// count towards the ply limit).
    fn new_random(params: &Params, rng: &mut GameRng) -> Result<Self, ParamsError> {
        params.seats()?;
        let mut game = Toumai::empty(&Params {
            max_plies: None,
            ..params.clone()
        })?;
        game.place_randomly(rng);
        game.limit = tabula_core::PlyLimit::new(params.max_plies);
        game.update_status();
        Ok(game)
    }

    /// With two players Toumaï is deterministic, alternating and zero-sum.
    fn two_player_zero_sum(&self) -> bool {
        self.num_seats() == 2
    }
}

impl Notation for Toumai {
    fn to_notation(&self) -> String {
        format_position(self)
    }

    /// The position's `<seats>` decide the number of players and the colours; `params`
    /// gives the ply limit (counted from this position).
    fn from_notation(params: &Params, text: &str) -> Result<Self, PositionError> {
        parse_position(params, text)
    }

    fn parse_action(&self, _actor: Actor, text: &str) -> Result<Action, NotationError> {
        parse_action(text)
    }

    fn format_action(&self, action: Action) -> String {
        action.to_string()
    }
}

impl Presentation for Toumai {
    type View = View;

    fn view(&self, _viewer: Option<Seat>) -> View {
        self.make_view()
    }

    fn board_text(&self) -> String {
        self.draw()
    }

    fn seat_name(&self, seat: Seat) -> String {
        if seat.0 < self.seats.n {
            self.seats.colour_of(seat.0).name().to_string()
        } else {
            format!("Seat {}", seat.number())
        }
    }
}

impl CandidateActions for Toumai {
    /// For the seat to act: every placement, every flight (origin × count up to one more than
    /// the origin holds × destination) without a split, with one arbitrary split, and with every split when it fills the
    /// destination to 6; every ordered pair of occupied squares (plus squares off the board
    /// and an empty one) as a swap; and `pass`. For any other actor: the seat to act's legal
    /// actions, which it must refuse.
    fn candidate_actions(&self, actor: Actor, out: &mut Vec<Action>) {
        out.clear();
        let acting = matches!(actor, Actor::Seat(s) if s.0 == self.to_move)
            && self.status == Status::Playing;
        if !acting {
            self.legal_into(out);
            return;
        }
        out.push(Action::Pass);
        for kind in Kind::ALL {
            for line in 0..LINES as u8 {
                out.push(Action::Place { kind, line });
            }
        }
        for from in 0..LINES as u8 {
            // One more pawn than the line holds, to check that too many are refused.
            let most = (height(self.lines[from as usize]) as u8 + 1).min(6);
            for count in 1..=most {
                for to in 0..LINES as u8 {
                    let flight = |split| Action::Flight {
                        from,
                        count,
                        to,
                        split,
                    };
                    out.push(flight(None));
                    out.push(flight(Some(Split { pair: 0, third: 1 })));
                    if height(self.lines[to as usize]) + count as u32 == 6 {
                        for pair in 0..LINES as u8 {
                            for third in 0..LINES as u8 {
                                if (pair, third) != (0, 1) {
                                    out.push(flight(Some(Split { pair, third })));
                                }
                            }
                        }
                    }
                }
            }
        }
        let mut squares = Vec::with_capacity(24);
        for (line, &l) in self.lines.iter().enumerate() {
            for square in 1..=height(l) as u8 {
                squares.push(Square {
                    line: line as u8,
                    square,
                });
            }
        }
        // Squares that hold no pawn: off the board, and an empty one.
        squares.push(Square { line: 9, square: 1 });
        squares.push(Square { line: 0, square: 7 });
        if let Some(line) = (0..LINES).find(|&l| height(self.lines[l]) < 6) {
            let square = height(self.lines[line]) as u8 + 1;
            squares.push(Square {
                line: line as u8,
                square,
            });
        }
        for &first in &squares {
            for &second in &squares {
                out.push(Action::Swap { first, second });
            }
        }
    }
}
