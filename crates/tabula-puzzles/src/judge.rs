//! The criterion: what a search says of every move of a position, and when one move stands
//! out from the others by the margin (docs/puzzles.md).

use crate::Goal;
use tabula_ai::SearchLimits;
use tabula_core::{Actor, Seat, ToAct};
use tabula_registry::{DynGame, GameEntry};

/// Values closer than this to 1 (0, ½) are a proven win (loss, draw) in the reports of
/// alpha-beta and of exact solvers.
const EPS: f64 = 1e-9;

/// One move and what the search says of it for the seat that plays it.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    /// The move, in notation.
    pub action: String,
    /// The expected return for the mover, in `[0, 1]` (1: a proven win).
    pub value: f64,
    /// The search's score where it gives one (a larger magnitude: a sooner end).
    pub score: Option<i32>,
}

/// Every legal move of `seat` in `game`, best first, as the bot `spec` searches them (seeded,
/// a level without its time cap: the same answer every run). `None` when the bot does not search; an error when the
/// search does not apply.
pub fn score_moves(
    entry: &dyn GameEntry,
    game: &dyn DynGame,
    seat: Seat,
    spec: &str,
) -> Result<Option<Vec<Scored>>, String> {
    // A level's time cap would make the verdict depend on the machine's speed.
    let spec = match spec.parse::<tabula_ai::BotSpec>() {
        Ok(parsed) => parsed.uncapped().to_string(),
        Err(_) => spec.to_string(),
    };
    let mut bot = entry.bot(&spec, 1).map_err(|e| e.to_string())?;
    let report = bot
        .analyse(game, seat, &SearchLimits::default(), true)
        .map_err(|e| e.to_string())?;
    let Some(report) = report else {
        return Ok(None);
    };
    let mut moves: Vec<Scored> = report
        .root
        .into_iter()
        .filter(|r| r.actor == Some(seat))
        .map(|r| Scored {
            action: r.action,
            value: r.value.get(seat.index()).copied().unwrap_or(0.0),
            score: r.score,
        })
        .collect();
    moves.sort_by(|a, b| {
        b.value
            .total_cmp(&a.value)
            .then(b.score.cmp(&a.score))
            .then(a.action.cmp(&b.action))
    });
    Ok(Some(moves))
}

/// Whether the best of `moves` (best first) stands out: the one proven win where no other
/// move is proven to win and every other is `margin` behind ([`Goal::Win`]); the one move
/// that does not lose where every other loses ([`Goal::Draw`]); or a value ahead of every
/// other by `margin` or more ([`Goal::Best`]).
pub fn judge(moves: &[Scored], margin: f64) -> Option<Goal> {
    let (best, second) = (moves.first()?, moves.get(1)?);
    if best.value >= 1.0 - EPS {
        return (second.value < 1.0 - EPS && best.value - second.value >= margin)
            .then_some(Goal::Win);
    }
    if (best.value - 0.5).abs() < EPS && second.value <= EPS {
        return Some(Goal::Draw);
    }
    (best.value > EPS && best.value - second.value >= margin).then_some(Goal::Best)
}

/// Where the line of a won position goes on: the solver's one fastest win, when exactly one
/// move wins soonest (by the search's score; without scores, the one winning move).
pub fn fastest_win(moves: &[Scored]) -> Option<&Scored> {
    let winning: Vec<&Scored> = moves.iter().filter(|m| m.value >= 1.0 - EPS).collect();
    let first = *winning.first()?;
    let tied = winning
        .iter()
        .filter(|m| m.score == first.score && first.score.is_some())
        .count();
    match winning.len() {
        1 => Some(first),
        _ if first.score.is_some() && tied == 1 => Some(first),
        _ => None,
    }
}

/// The one seat to act in `game`, if exactly one seat acts (no race, no chance, not over).
pub fn single_actor(game: &dyn DynGame) -> Option<Seat> {
    match game.to_act() {
        ToAct::One(seat) => Some(seat),
        _ => None,
    }
}

/// Whether `seat` has at least two legal moves in `game` (a choice to get right).
pub fn has_choice(game: &dyn DynGame, seat: Seat) -> bool {
    game.legal(Actor::Seat(seat)).len() >= 2
}

/// Whether `seat` won `game` outright (the game is over and `seat` alone is first).
pub fn won(game: &dyn DynGame, seat: Seat) -> bool {
    match game.to_act() {
        ToAct::Over(outcome) => {
            outcome.rank(seat) == 1
                && (0..game.num_seats())
                    .filter(|&i| outcome.rank(Seat(i as u8)) == 1)
                    .count()
                    == 1
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(values: &[f64]) -> Vec<Scored> {
        values
            .iter()
            .enumerate()
            .map(|(i, &value)| Scored {
                action: i.to_string(),
                value,
                score: None,
            })
            .collect()
    }

    #[test]
    fn one_move_stands_out_only_by_the_margin() {
        assert_eq!(judge(&moves(&[1.0, 0.5, 0.0]), 0.3), Some(Goal::Win));
        assert_eq!(judge(&moves(&[1.0, 0.9, 0.0]), 0.3), None);
        assert_eq!(judge(&moves(&[1.0, 1.0, 0.0]), 0.3), None);
        assert_eq!(judge(&moves(&[0.5, 0.0, 0.0]), 0.3), Some(Goal::Draw));
        assert_eq!(judge(&moves(&[0.8, 0.45]), 0.3), Some(Goal::Best));
        assert_eq!(judge(&moves(&[0.8, 0.55]), 0.3), None);
        assert_eq!(judge(&moves(&[0.8]), 0.3), None);
    }
}
