//! [`Params`] and the [`Game`] implementation tying the pieces together: who acts, legal
//! actions, chance outcomes, checking and applying, notation, views and the text board.

use crate::action::Action;
use crate::board::Board;
use crate::state::{ChinaMoon, MAX_PLAYERS, Pending, Phase};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tabula_core::{
    ActionError, Actor, Game, Notation, NotationError, Outcome, ParamsError, PositionError,
    Presentation, Seat, ToAct,
};

/// The parameters of a China Moon game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Number of players, 3 to 5 (default 4).
    pub players: usize,
    /// The text of a board file (JSON, see [`crate::board_file`]); `None` plays on the standard
    /// board (R1).
    pub board: Option<String>,
    /// Whether a frog ending its move on a butterfly space takes a flower lying there (ruling
    /// R11 and its variant): `"take"` (the default, R11: flowers are taken on every kind of
    /// space) or `"leave"` (the frog, busy with the butterfly, leaves the flower).
    pub butterfly_pickup: String,
    /// Where a butterfly's flower goes (ruling R5 and its variant): `"skip_flowers"` (the
    /// default, R5: the first space behind the butterfly holding neither a frog nor a flower)
    /// or `"skip_frogs_only"` (the first space behind holding no frog, even if flowers lie
    /// there, so flowers may stack; a frog takes them all, R17).
    pub butterfly_drop: String,
}

/// The values of `butterfly_pickup`: the ruling R11 first, then its variant.
pub(crate) const BUTTERFLY_PICKUPS: [&str; 2] = ["take", "leave"];

/// The values of `butterfly_drop`: the ruling R5 first, then its variant.
pub(crate) const BUTTERFLY_DROPS: [&str; 2] = ["skip_flowers", "skip_frogs_only"];

impl Default for Params {
    fn default() -> Self {
        Params {
            players: crate::DESCRIPTION.default_players,
            board: None,
            butterfly_pickup: BUTTERFLY_PICKUPS[0].to_string(),
            butterfly_drop: BUTTERFLY_DROPS[0].to_string(),
        }
    }
}

impl Params {
    /// Parameters for `players` players on the standard board.
    pub fn players(players: usize) -> Params {
        Params {
            players,
            ..Params::default()
        }
    }

    /// Whether `butterfly_pickup` is `leave` (R11's variant); the error names the parameter
    /// and its values.
    pub(crate) fn leave_on_butterfly(&self) -> Result<bool, ParamsError> {
        match BUTTERFLY_PICKUPS
            .iter()
            .position(|&v| v == self.butterfly_pickup)
        {
            Some(i) => Ok(i == 1),
            None => Err(ParamsError::new(
                "butterfly_pickup",
                format!(
                    "`{}` is not allowed: write `take` (the default, R11) or `leave`",
                    self.butterfly_pickup
                ),
            )),
        }
    }

    /// Whether `butterfly_drop` is `skip_frogs_only` (R5's variant); the error names the
    /// parameter and its values.
    pub(crate) fn drop_on_flowers(&self) -> Result<bool, ParamsError> {
        match BUTTERFLY_DROPS
            .iter()
            .position(|&v| v == self.butterfly_drop)
        {
            Some(i) => Ok(i == 1),
            None => Err(ParamsError::new(
                "butterfly_drop",
                format!(
                    "`{}` is not allowed: write `skip_flowers` (the default, R5) or \
                     `skip_frogs_only`",
                    self.butterfly_drop
                ),
            )),
        }
    }

    /// Checks the player count and the variants, and loads the board.
    pub fn load(&self) -> Result<(usize, Arc<Board>), ParamsError> {
        crate::DESCRIPTION.check_players(self.players, self.players)?;
        self.leave_on_butterfly()?;
        self.drop_on_flowers()?;
        let board = match &self.board {
            None => Board::standard(),
            Some(text) => Arc::new(
                Board::from_json(text).map_err(|e| ParamsError::new("board", e.to_string()))?,
            ),
        };
        Ok((self.players, board))
    }
}

impl Game for ChinaMoon {
    type Action = Action;
    type Params = Params;

    const NAME: &'static str = crate::DESCRIPTION.name;

    fn new(params: &Params) -> Result<Self, ParamsError> {
        let (players, board) = params.load()?;
        let mut game = ChinaMoon::before_setup(board, players);
        game.leave_on_butterfly = params.leave_on_butterfly()?;
        game.drop_on_flowers = params.drop_on_flowers()?;
        Ok(game)
    }

    fn params(&self) -> Params {
        Params {
            players: self.players(),
            board: self.board.source().map(str::to_string),
            butterfly_pickup: BUTTERFLY_PICKUPS[self.leave_on_butterfly as usize].to_string(),
            butterfly_drop: BUTTERFLY_DROPS[self.drop_on_flowers as usize].to_string(),
        }
    }

    fn num_seats(&self) -> usize {
        self.players()
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Setup => ToAct::Chance,
            Phase::Over => ToAct::Over(self.final_outcome()),
            Phase::Play => match self.pending.owner() {
                Some(owner) => ToAct::One(owner),
                None => ToAct::One(self.mover),
            },
        }
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<Action>) {
        out.clear();
        match (self.phase, actor) {
            (Phase::Setup, Actor::Chance) => self.for_each_chance(|a, _| out.push(a)),
            (Phase::Play, Actor::Seat(seat)) => match self.pending {
                Pending::None if seat == self.mover => self.gen_moves(out),
                Pending::Exchange { owner, .. } | Pending::Butterfly { owner, .. }
                    if seat == owner =>
                {
                    self.gen_decisions(out)
                }
                _ => {}
            },
            _ => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        self.for_each_chance(|a, p| out.push((a, p)));
    }

    fn validate(&self, actor: Actor, action: Action) -> Result<(), ActionError> {
        self.check(actor, action)
    }

    fn board_spaces(&self) -> Option<usize> {
        Some(self.coverage_spaces())
    }

    fn board_layout(&self) -> Option<Vec<(String, f64, f64)>> {
        let spaces = self.board().spaces();
        Some(
            spaces
                .iter()
                .map(|s| (s.id.to_string(), s.x, s.y))
                .collect(),
        )
    }

    fn spaces_used(&self, action: Action, out: &mut Vec<usize>) {
        out.clear();
        Self::coverage_landings(action, out);
    }

    fn apply(&mut self, action: Action) {
        self.apply_action(action);
    }
}

impl Notation for ChinaMoon {
    fn to_notation(&self) -> String {
        crate::notation::write_position(self)
    }

    fn from_notation(params: &Params, text: &str) -> Result<Self, PositionError> {
        // The position says how many play: its frogs field has one group per seat.
        let mut params = params.clone();
        if let Some(frogs) = text.split_whitespace().nth(1) {
            params.players = frogs.split('/').count();
        }
        let (players, board) = params.load().map_err(|e| {
            let field = if e.name == "players" {
                "frogs"
            } else {
                "params"
            };
            PositionError::new(field, e.to_string())
        })?;
        let named = |e: ParamsError| PositionError::new("params", e.to_string());
        let variants = crate::notation::Variants {
            leave_on_butterfly: params.leave_on_butterfly().map_err(named)?,
            drop_on_flowers: params.drop_on_flowers().map_err(named)?,
        };
        crate::notation::read_position(&board, players, text, variants)
    }

    fn parse_action(&self, _actor: Actor, text: &str) -> Result<Action, NotationError> {
        crate::action_notation::parse_action(&self.board, self.players(), text)
    }

    fn format_action(&self, action: Action) -> String {
        crate::action_notation::format_action(&self.board, action)
    }
}

impl Presentation for ChinaMoon {
    type View = crate::view::View;

    fn view(&self, _viewer: Option<Seat>) -> crate::view::View {
        crate::view::View::of(self)
    }

    fn board_text(&self) -> String {
        crate::text::draw(self)
    }

    fn seat_name(&self, seat: Seat) -> String {
        match SEAT_NAMES.get(seat.index()) {
            Some(name) if seat.index() < self.players() => name.to_string(),
            _ => format!("Seat {}", seat.number()),
        }
    }
}

/// The colours of the seats' frogs, seat 1 first (as the web UI draws them).
pub const SEAT_NAMES: [&str; MAX_PLAYERS] = ["Red", "Blue", "Yellow", "Purple", "Teal"];

impl ChinaMoon {
    /// The result by scores; equal totals share the win (R7).
    pub fn final_outcome(&self) -> Outcome {
        let scores = self.scores();
        Outcome::from_scores(&scores[..self.players()])
    }
}
