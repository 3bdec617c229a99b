//! A puzzle's themes: what kind of puzzle it is (from its goal and line, for every game) and
//! what happens in it (the game's own themes, which its registry entry gives:
//! [`GameEntry::themes`]). docs/puzzles.md lists every id.

use crate::Goal;
use tabula_core::Seat;
use tabula_registry::{DynGame, GameEntry};

/// The themes every game's puzzles may have, as ids.
pub const GENERIC: &[&str] = &[
    "win-now",
    "win-in-2",
    "win-in-3",
    "win-in-4",
    "long-win",
    "only-move",
    "swing",
];

/// The themes of the puzzle at `game` for `seat` with `goal` and `line`: its kind first, then
/// the game's own themes of the first move, without repeats.
pub fn of(
    entry: &dyn GameEntry,
    game: &dyn DynGame,
    seat: Seat,
    goal: Goal,
    line: &[String],
) -> Vec<String> {
    let mut themes = vec![kind(game, seat, goal, line).to_string()];
    if goal == Goal::FewestMoves {
        return themes;
    }
    for t in entry.themes(game, seat, &line[0]) {
        if !themes.contains(&t) {
            themes.push(t);
        }
    }
    themes
}

/// The kind: a win in so many of the solver's moves (when the line reaches the end), a win
/// proven further off (`long-win`), the only move that saves, or a swing of value.
fn kind(game: &dyn DynGame, seat: Seat, goal: Goal, line: &[String]) -> &'static str {
    match goal {
        Goal::Win if ends_in_win(game, seat, line) => match line.len().div_ceil(2) {
            1 => "win-now",
            2 => "win-in-2",
            3 => "win-in-3",
            _ => "win-in-4",
        },
        Goal::Win => "long-win",
        Goal::Draw => "only-move",
        Goal::Best => "swing",
        Goal::FewestMoves => "fewest-moves",
    }
}

/// Whether playing `line` from `game` ends the game with `seat` winning.
pub fn ends_in_win(game: &dyn DynGame, seat: Seat, line: &[String]) -> bool {
    let mut game = game.clone_box();
    for (i, text) in line.iter().enumerate() {
        let actor = if i % 2 == 0 {
            Some(seat)
        } else {
            crate::judge::single_actor(game.as_ref())
        };
        let Some(actor) = actor else { return false };
        if game.apply(tabula_core::Actor::Seat(actor), text).is_err() {
            return false;
        }
    }
    crate::judge::won(game.as_ref(), seat)
}

/// Recomputes the themes of every puzzle of `set` (after a game's theme code changed): the
/// same as the generator gives, from each puzzle's position, goal and line.
pub fn retheme(
    entry: &dyn GameEntry,
    set: &mut crate::PuzzleSet,
) -> Result<(), crate::PuzzleError> {
    for p in &mut set.puzzles {
        let fault = |message: String| crate::PuzzleError::Puzzle {
            id: p.id.clone(),
            message,
        };
        let params = if p.params.is_null() {
            serde_json::Value::Object(Default::default())
        } else {
            p.params.clone()
        };
        let game = entry
            .load_position(&params, &p.position)
            .map_err(|e| fault(format!("the position does not load: {e}")))?;
        let seat = Seat::from_number(p.seat)
            .ok_or_else(|| fault(format!("seat {} does not exist", p.seat)))?;
        p.themes = of(entry, game.as_ref(), seat, p.goal, &p.solution);
    }
    Ok(())
}
