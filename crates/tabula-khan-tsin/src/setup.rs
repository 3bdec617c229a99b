//! New games: the empty board at the start of the placement phase (R3), and the random setup.
//!
//! The random setup plays the placement phase with random choices: each placement goes on a
//! uniformly random empty square of the current value class, and each colour's Khan is
//! placed at a uniformly random one of its 12 placements (so it is equally likely to be any
//! of that colour's tokens). With 2 players the neutral tokens then fill the squares left, as
//! in a placed game.

use crate::action::Action;
use crate::params::{Params, SQUARES};
use crate::stack::Stack;
use crate::state::{KhanTsin, TOKENS_PER_COLOUR};
use rand::RngExt;
use tabula_core::{GameRng, ParamsError, PlyLimit};

impl KhanTsin {
    /// The start of a game: an empty board, the lightest playing colour to place first.
    pub(crate) fn start(params: &Params) -> Result<KhanTsin, ParamsError> {
        let setup = params.decode()?;
        Ok(KhanTsin::from_board(
            setup.layout,
            setup.seats,
            [Stack::EMPTY; SQUARES],
            0,
            0,
            setup.max_plies,
            setup.all_twelve,
        ))
    }

    /// A game after a random setup (see the module docs); the movement phase starts.
    pub(crate) fn random_start(
        params: &Params,
        rng: &mut GameRng,
    ) -> Result<KhanTsin, ParamsError> {
        let mut game = KhanTsin::start(params)?;
        // The setup is not played as actions: it does not count against the ply limit.
        let limit = game.limit;
        game.limit = PlyLimit::new(None);
        let players = game.seats.len();
        let mut khan_turn = [0usize; 3];
        for k in khan_turn.iter_mut().take(players) {
            *k = rng.random_range(0..TOKENS_PER_COLOUR);
        }
        let mut empties = [0u8; SQUARES];
        for step in 0..TOKENS_PER_COLOUR * players {
            let value = game.placement_value();
            let mut n = 0;
            for sq in 0..SQUARES {
                if game.stacks[sq].is_empty() && game.layout.value(sq) == value {
                    empties[n] = sq as u8;
                    n += 1;
                }
            }
            let square = empties[rng.random_range(0..n)];
            let own_step = if game.all_twelve {
                step % TOKENS_PER_COLOUR
            } else {
                step / players
            };
            let khan = khan_turn[game.to_move as usize] == own_step;
            game.perform(Action::Place { square, khan });
        }
        game.limit = limit;
        Ok(game)
    }
}
