//! Verifying a set again: every line replays, and a search confirms every answer — the
//! set's own verifying search at full depth, a cheaper one at reduced depth.

use crate::judge::{judge, score_moves};
use crate::{Goal, Puzzle, PuzzleError, PuzzleSet, check_lines};
use serde_json::Value;
use tabula_core::Seat;
use tabula_registry::{DynGame, GameEntry};

/// How deeply [`verify_set`] searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// The set's verifying search (`verify`) judges the position again: the same goal and
    /// the same answer, ahead of every other move by the margin.
    Full,
    /// The set's cheaper search (`reduced`) contradicts nothing the answer claims: it proves
    /// no other move wins, and does not prove the answer loses. (A cheaper search may rank a
    /// deeper answer lower; only its proofs count.)
    Reduced,
}

impl std::str::FromStr for Depth {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "full" => Ok(Depth::Full),
            "reduced" => Ok(Depth::Reduced),
            _ => Err(format!("depth must be `full` or `reduced`, not `{s}`")),
        }
    }
}

/// Checks `set` for the game `entry`: every line replays ([`check_lines`]), then the puzzles
/// at `indices` (all when `None`) are searched at `depth`. The first puzzle that fails is
/// the error. Returns how many puzzles were searched.
pub fn verify_set(
    entry: &dyn GameEntry,
    set: &PuzzleSet,
    depth: Depth,
    indices: Option<&[usize]>,
) -> Result<usize, PuzzleError> {
    if set.game != entry.info().name {
        return Err(PuzzleError::Format(format!(
            "a set of {}, not of {}",
            set.game,
            entry.info().name
        )));
    }
    check_lines(entry, set)?;
    let margin = set.margin.unwrap_or(crate::Settings::default().margin);
    let spec = match depth {
        Depth::Full => set.verify.clone(),
        Depth::Reduced => set.reduced.clone(),
    };
    let all: Vec<usize> = (0..set.puzzles.len()).collect();
    let indices = indices.unwrap_or(&all);
    for &i in indices {
        let p = set.puzzles.get(i).ok_or_else(|| {
            PuzzleError::Format(format!("no puzzle {i}: the set has {}", set.puzzles.len()))
        })?;
        if p.goal == Goal::FewestMoves {
            check_race(entry, p).map_err(|message| PuzzleError::Puzzle {
                id: p.id.clone(),
                message,
            })?;
            continue;
        }
        let spec = spec.as_deref().ok_or_else(|| {
            PuzzleError::Format("the set names no verifying search (`verify`, `reduced`)".into())
        })?;
        check_puzzle(entry, p, spec, depth, margin).map_err(|message| PuzzleError::Puzzle {
            id: p.id.clone(),
            message,
        })?;
    }
    Ok(indices.len())
}

/// One puzzle's answer searched again.
fn check_puzzle(
    entry: &dyn GameEntry,
    p: &Puzzle,
    spec: &str,
    depth: Depth,
    margin: f64,
) -> Result<(), String> {
    let game = load(entry, p)?;
    let seat = Seat::from_number(p.seat).ok_or("no such seat")?;
    let answer = &p.solution[0];
    let moves = score_moves(entry, game.as_ref(), seat, spec)?
        .ok_or_else(|| format!("`{spec}` does not search"))?;
    let found = moves
        .iter()
        .find(|m| &m.action == answer)
        .ok_or_else(|| format!("`{spec}` does not list the answer {answer}"))?;
    match depth {
        Depth::Full => {
            let goal = judge(&moves, margin);
            if goal != Some(p.goal) || &moves[0].action != answer {
                return Err(format!(
                    "`{spec}` finds {} ({goal:?}), not {answer} ({:?})",
                    moves[0].action, p.goal
                ));
            }
        }
        Depth::Reduced => {
            if found.value <= 1e-9 {
                return Err(format!("`{spec}` proves the answer {answer} loses"));
            }
            let other_win = moves
                .iter()
                .find(|m| &m.action != answer && m.value >= 1.0 - 1e-9);
            if let Some(m) = other_win {
                return Err(format!(
                    "`{spec}` proves {} wins too, beside the answer {answer}",
                    m.action
                ));
            }
        }
    }
    Ok(())
}

/// A race puzzle against the game's exact solver (the same at both depths: it is cheap):
/// every listed line is one of the solver's fewest-move lines.
fn check_race(entry: &dyn GameEntry, p: &Puzzle) -> Result<(), String> {
    let game = load(entry, p)?;
    let seat = Seat::from_number(p.seat).ok_or("no such seat")?;
    let lines = entry.race_lines(game.as_ref(), seat);
    if lines.is_empty() {
        return Err("the game's solver finds no race line here".into());
    }
    for line in std::iter::once(&p.solution).chain(&p.accept) {
        if !lines.contains(line) {
            return Err(format!(
                "{} is not one of the solver's {}-move lines",
                line.join(" "),
                lines[0].len()
            ));
        }
    }
    Ok(())
}

fn load(entry: &dyn GameEntry, p: &Puzzle) -> Result<Box<dyn DynGame>, String> {
    let params = if p.params.is_null() {
        Value::Object(Default::default())
    } else {
        p.params.clone()
    };
    entry
        .load_position(&params, &p.position)
        .map_err(|e| format!("the position does not load: {e}"))
}
