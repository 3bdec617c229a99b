//! The rules: [`TicTacToe`] implements [`Game`], and the capabilities the test harness and
//! the searches ask for.

use crate::notation;
use crate::state::{Cell, Params, TicTacToe, other};
use serde::Serialize;
use tabula_core::{
    ActionError, Actor, CandidateActions, Game, Heuristic, Notation, NotationError, ParamsError,
    PositionError, Presentation, Seat, ToAct, Zobrist,
};

/// What every seat and every spectator sees: the whole grid (nothing is hidden).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The rows from the top, `x`, `o` or `.` per cell.
    pub rows: [String; 3],
    /// The seat to move (1 or 2), `None` once the game is over.
    pub to_move: Option<usize>,
    /// The winning seat (1 or 2), if any.
    pub winner: Option<usize>,
}

impl Game for TicTacToe {
    type Action = Cell;
    type Params = Params;

    const NAME: &'static str = crate::DESCRIPTION.name;

    fn new(params: &Params) -> Result<Self, ParamsError> {
        crate::DESCRIPTION.check_players(params.players, params.players)?;
        Ok(TicTacToe::empty())
    }

    fn params(&self) -> Params {
        Params::default()
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct {
        match self.result() {
            Some(outcome) => ToAct::Over(outcome),
            None => ToAct::One(self.to_move),
        }
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<Cell>) {
        out.clear();
        if actor == Actor::Seat(self.to_move) && self.result().is_none() {
            let empty = (0..9).filter(|&i| self.cells[i as usize].is_none());
            out.extend(empty.map(Cell));
        }
    }

    fn validate(&self, actor: Actor, cell: Cell) -> Result<(), ActionError> {
        if self.result().is_some() {
            return Err(ActionError::GameOver);
        }
        match actor {
            Actor::Seat(seat) if seat == self.to_move => {}
            Actor::Seat(seat) => return Err(ActionError::NotYourTurn(seat)),
            Actor::Chance | Actor::Host => return Err(ActionError::Illegal("players only".into())),
        }
        match self.cells.get(cell.0 as usize) {
            Some(None) => Ok(()),
            Some(Some(_)) => Err(ActionError::Illegal(format!(
                "cell {} is taken",
                cell.0 + 1
            ))),
            None => Err(ActionError::Illegal(format!(
                "there is no cell {}",
                cell.0 + 1
            ))),
        }
    }

    fn apply(&mut self, cell: Cell) {
        debug_assert!(self.validate(Actor::Seat(self.to_move), cell).is_ok());
        self.cells[cell.0 as usize] = Some(self.to_move);
        self.to_move = other(self.to_move);
    }

    /// Two seats taking turns, no chance, one's win the other's loss: alpha-beta applies.
    fn two_player_zero_sum(&self) -> bool {
        true
    }
}

/// The notation of `RULES.md` (see [`crate::notation`]).
impl Notation for TicTacToe {
    fn to_notation(&self) -> String {
        notation::write_position(self)
    }

    fn from_notation(params: &Params, text: &str) -> Result<Self, PositionError> {
        crate::DESCRIPTION
            .check_players(params.players, params.players)
            .map_err(|e| PositionError::new("players", e.message))?;
        notation::read_position(text)
    }

    fn parse_action(&self, _actor: Actor, text: &str) -> Result<Cell, NotationError> {
        notation::read_cell(text)
    }

    fn format_action(&self, cell: Cell) -> String {
        (cell.0 + 1).to_string()
    }
}

/// What players see: the whole grid, for every seat and spectator.
impl Presentation for TicTacToe {
    type View = View;

    fn view(&self, _viewer: Option<Seat>) -> View {
        let over = self.result().is_some();
        View {
            rows: notation::rows(self),
            to_move: (!over).then(|| self.to_move.number()),
            winner: self.winner().map(Seat::number),
        }
    }

    fn board_text(&self) -> String {
        notation::rows(self).join("\n") + "\n"
    }

    fn seat_name(&self, seat: Seat) -> String {
        match seat.0 {
            0 => "Red (x)".into(),
            1 => "Blue (o)".into(),
            _ => format!("Seat {}", seat.number()),
        }
    }
}

/// Every cell, whoever acts: the harness checks that `validate` refuses the taken ones, the
/// wrong seat's, chance's and the host's.
impl CandidateActions for TicTacToe {
    fn candidate_actions(&self, _actor: Actor, out: &mut Vec<Cell>) {
        out.clear();
        out.extend((0..9).map(Cell));
    }
}

impl Zobrist for TicTacToe {
    /// The grid read as a number in base 3, and the seat to move: exact, so equal positions
    /// hash equal and different ones never collide.
    fn zobrist(&self) -> u64 {
        let grid = self.cells.iter().fold(0u64, |hash, cell| {
            hash * 3 + cell.map_or(0, |seat| u64::from(seat.0) + 1)
        });
        grid * 2 + u64::from(self.to_move.0)
    }
}

impl Heuristic for TicTacToe {
    /// The lines `seat` has started and may still complete, less the other seat's, over the
    /// eight lines; ±1 once the game is won.
    fn evaluate(&self, seat: Seat) -> f64 {
        match self.winner() {
            Some(winner) if winner == seat => 1.0,
            Some(_) => -1.0,
            None => {
                let (_, mine) = self.open_lines(seat);
                let (_, theirs) = self.open_lines(other(seat));
                (mine as f64 - theirs as f64) / 8.0
            }
        }
    }
}
