//! The `tabula_core::Game` implementation: who acts, legal actions, the rule-by-rule check of
//! an action (independent of the move generator), action notation, and the capability traits
//! (`CandidateActions`).

use crate::bitboard::{HEIGHT, WIDTH, open_columns};
use crate::state::{Column, ConnectFour, Params, Status};
use crate::view::View;
use tabula_core::{
    ActionError, Actor, CandidateActions, EndReason, Game, Notation, NotationError, Outcome,
    ParamsError, PositionError, Presentation, Seat, ToAct,
};

/// For each set of open columns (7 bits), the open columns in order and how many there are.
static OPEN_COLUMNS: [([Column; WIDTH], u8); 128] = {
    let mut table = [([Column::LEFT; WIDTH], 0u8); 128];
    let mut set = 0;
    while set < 128 {
        let mut n = 0;
        let mut c = 0;
        while c < WIDTH {
            if set & (1 << c) != 0 {
                table[set].0[n] = Column::ALL[c];
                n += 1;
            }
            c += 1;
        }
        table[set].1 = n as u8;
        set += 1;
    }
    table
};

impl Game for ConnectFour {
    type Action = Column;
    type Params = Params;

    const NAME: &'static str = crate::DESCRIPTION.name;

    fn new(params: &Params) -> Result<Self, ParamsError> {
        params.check()?;
        Ok(ConnectFour::empty())
    }

    fn params(&self) -> Params {
        Params::default()
    }

    fn num_seats(&self) -> usize {
        2
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        match self.status {
            Status::Playing => ToAct::One(self.side_to_move()),
            Status::Won(seat) => ToAct::Over(Outcome::win(seat, 2)),
            Status::Draw => ToAct::Over(Outcome::draw(2, EndReason::Draw)),
        }
    }

    #[inline]
    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<Column>) {
        out.clear();
        if self.status != Status::Playing || actor != Actor::Seat(self.side_to_move()) {
            return;
        }
        // A fixed-size copy then a truncation: cheaper than copying a variable length.
        let (columns, n) = &OPEN_COLUMNS[open_columns(self.occupied()) as usize];
        out.extend_from_slice(columns);
        out.truncate(*n as usize);
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Column>) {
        self.legal_actions_for(Actor::Seat(self.side_to_move()), out);
    }

    fn validate(&self, actor: Actor, action: Column) -> Result<(), ActionError> {
        let seat = match actor {
            Actor::Seat(seat) => seat,
            Actor::Chance => {
                return Err(ActionError::Illegal(
                    "connect four has no chance events".into(),
                ));
            }
            Actor::Host => {
                return Err(ActionError::Illegal(
                    "the host has no actions in connect four".into(),
                ));
            }
        };
        if self.status != Status::Playing {
            return Err(ActionError::GameOver);
        }
        if seat.index() >= 2 {
            return Err(ActionError::Illegal(format!(
                "connect four has seats 1 and 2, not {}",
                seat.number()
            )));
        }
        if seat != self.side_to_move() {
            return Err(ActionError::NotYourTurn(seat));
        }
        // R2: the column must have an empty cell.
        if self.height(action) >= HEIGHT {
            return Err(ActionError::Illegal(format!("column {action} is full")));
        }
        Ok(())
    }

    #[inline]
    fn board_spaces(&self) -> Option<usize> {
        Some(Self::COVERAGE_SPACES)
    }

    /// The cells as players see the board: column by column, the bottom row lowest; no
    /// labels (the columns are the actions).
    fn board_layout(&self) -> Option<Vec<(String, f64, f64)>> {
        Some(
            (0..Self::COVERAGE_SPACES)
                .map(|i| (String::new(), (i % 7) as f64, (5 - i / 7) as f64))
                .collect(),
        )
    }

    fn spaces_used(&self, action: Column, out: &mut Vec<usize>) {
        out.clear();
        out.extend(self.coverage_cell(action));
    }

    fn apply(&mut self, action: Column) {
        self.drop_stone(action);
    }

    fn two_player_zero_sum(&self) -> bool {
        true
    }
}

impl Notation for ConnectFour {
    fn to_notation(&self) -> String {
        crate::notation::format_position(self)
    }

    fn from_notation(params: &Params, text: &str) -> Result<Self, PositionError> {
        params
            .check()
            .map_err(|e| PositionError::new("params", e.to_string()))?;
        crate::notation::parse_position(text)
    }

    fn parse_action(&self, _actor: Actor, text: &str) -> Result<Column, NotationError> {
        crate::notation::parse_column(text)
    }

    fn format_action(&self, action: Column) -> String {
        // A column is one digit (1–7): written without the formatting machinery, since the
        // server lists the legal actions in every push.
        char::from(b'1' + action.index() as u8).to_string()
    }
}

impl Presentation for ConnectFour {
    type View = View;

    fn view(&self, _viewer: Option<Seat>) -> View {
        View::of(self)
    }

    fn board_text(&self) -> String {
        crate::view::board_text(self)
    }

    /// Seat 1 (`x`) plays red, seat 2 (`o`) yellow, as the web UI draws them.
    fn seat_name(&self, seat: Seat) -> String {
        match seat.0 {
            0 => "Red (x)".into(),
            1 => "Yellow (o)".into(),
            _ => format!("Seat {}", seat.number()),
        }
    }
}

impl CandidateActions for ConnectFour {
    /// Every column, for every actor: `validate` must refuse the full ones, the wrong seat's,
    /// the host's and chance's.
    fn candidate_actions(&self, _actor: Actor, out: &mut Vec<Column>) {
        out.clear();
        out.extend(Column::all());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_columns_table_lists_each_set() {
        for set in 0u64..128 {
            let (cols, n) = OPEN_COLUMNS[set as usize];
            assert_eq!(n as u32, set.count_ones());
            assert!(
                cols[..n as usize]
                    .iter()
                    .all(|c| set & (1 << c.index()) != 0)
            );
        }
    }
}
