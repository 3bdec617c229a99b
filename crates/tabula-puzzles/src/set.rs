//! The set format: one JSON file per game, read with [`parse`].

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_core::{Actor, Seat, ToAct};
use tabula_registry::{Catalog, DynGame, GameEntry};

/// What is wrong with a puzzle set: the puzzle (by id) and the fault.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    /// The file is not a puzzle set.
    #[error("not a puzzle set: {0}")]
    Format(String),
    /// A puzzle does not agree with the game's rules.
    #[error("puzzle {id}: {message}")]
    Puzzle {
        /// The puzzle's id.
        id: String,
        /// What is wrong.
        message: String,
    },
}

/// What solving a puzzle means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// The line wins the game for the solver.
    Win,
    /// The line saves the game: every other move loses.
    Draw,
    /// The move is clearly the best by the verifying search (a swing of value).
    Best,
    /// The fewest moves that reach the target (a race: no replies in the line).
    FewestMoves,
}

/// One puzzle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Stable id: the game's name and a hash of the position.
    pub id: String,
    /// The game's parameters as the match API takes them (`{}`: the defaults).
    #[serde(default)]
    pub params: Value,
    /// The position, in the game's notation.
    pub position: String,
    /// The seat the solver plays, from 1.
    pub seat: usize,
    /// What solving means.
    pub goal: Goal,
    /// The line, in notation: the solver's move, the reply, the solver's next move…; it ends
    /// on a move of the solver. With [`Goal::FewestMoves`] every move is the solver's.
    pub solution: Vec<String>,
    /// Other complete lines that solve it equally well (e.g. other shortest races).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accept: Vec<Vec<String>>,
    /// Themes, as ids (`docs/puzzles.md` lists them; the UI translates them).
    #[serde(default)]
    pub themes: Vec<String>,
    /// The puzzle's rating (Glicko-2 scale, 1500 for an average puzzle).
    pub rating: f64,
    /// Where it was found: the record and the move number.
    #[serde(default)]
    pub source: String,
}

/// A game's puzzles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PuzzleSet {
    /// The game's registered name.
    pub game: String,
    /// How the puzzles were chosen and verified, in a sentence.
    #[serde(default)]
    pub criterion: String,
    /// The puzzles.
    pub puzzles: Vec<Puzzle>,
    /// The search that verified every puzzle (a bot specification), which
    /// `tabula puzzles verify --depth full` runs again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verify: Option<String>,
    /// The cheaper search of `tabula puzzles verify --depth reduced`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduced: Option<String>,
    /// How far ahead of every other move the answer is, in expected return, by `verify`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
}

/// Reads a puzzle set; every id must be unique and every line non-empty.
pub fn parse(text: &str) -> Result<PuzzleSet, PuzzleError> {
    let set: PuzzleSet =
        serde_json::from_str(text).map_err(|e| PuzzleError::Format(e.to_string()))?;
    let mut ids = std::collections::HashSet::new();
    for p in &set.puzzles {
        if !ids.insert(p.id.as_str()) {
            return Err(fault(p, "the id is used twice"));
        }
        if p.solution.is_empty() {
            return Err(fault(p, "the solution is empty"));
        }
    }
    Ok(set)
}

/// The puzzle sets of every game of `catalog` that ships one, read and checked by [`parse`].
pub fn sets(catalog: &Catalog) -> Result<Vec<PuzzleSet>, PuzzleError> {
    catalog
        .entries()
        .iter()
        .filter_map(|e| e.info().puzzles)
        .map(parse)
        .collect()
}

/// Replays every line of `set` (the solution and the accepted alternatives) from its position:
/// every move is legal for the seat that plays it, the solver moves first and last, and no
/// chance event falls inside a line.
pub fn check_lines(entry: &dyn GameEntry, set: &PuzzleSet) -> Result<(), PuzzleError> {
    for p in &set.puzzles {
        for line in std::iter::once(&p.solution).chain(&p.accept) {
            replay(entry, p, line)?;
        }
    }
    Ok(())
}

/// The game after each move of `line`, from the puzzle's position.
fn replay(entry: &dyn GameEntry, p: &Puzzle, line: &[String]) -> Result<(), PuzzleError> {
    let params = if p.params.is_null() {
        Value::Object(Default::default())
    } else {
        p.params.clone()
    };
    let mut game: Box<dyn DynGame> = entry
        .load_position(&params, &p.position)
        .map_err(|e| fault(p, &format!("the position does not load: {e}")))?;
    let solver = Seat::from_number(p.seat)
        .ok_or_else(|| fault(p, &format!("seat {} does not exist", p.seat)))?;
    for (i, text) in line.iter().enumerate() {
        let solver_moves = p.goal == Goal::FewestMoves || i % 2 == 0;
        let to_act = game.to_act();
        if matches!(to_act, ToAct::Chance) {
            return Err(fault(
                p,
                &format!("move {} ({text}): a chance event comes first", i + 1),
            ));
        }
        let seats = to_act.seats();
        let actor = if solver_moves {
            Some(solver).filter(|s| seats.contains(*s))
        } else {
            seats.iter().find(|s| *s != solver)
        };
        let actor = actor.ok_or_else(|| {
            let whose = if solver_moves {
                "the solver's"
            } else {
                "a reply"
            };
            fault(
                p,
                &format!(
                    "move {} ({text}) should be {whose}, but that seat is not to act",
                    i + 1
                ),
            )
        })?;
        game.apply(Actor::Seat(actor), text)
            .map_err(|e| fault(p, &format!("move {} ({text}): {e}", i + 1)))?;
    }
    if p.goal != Goal::FewestMoves && line.len().is_multiple_of(2) {
        return Err(fault(
            p,
            "the line ends on a reply, not on the solver's move",
        ));
    }
    Ok(())
}

fn fault(p: &Puzzle, message: &str) -> PuzzleError {
    PuzzleError::Puzzle {
        id: p.id.clone(),
        message: message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(puzzles: Value) -> String {
        serde_json::json!({ "game": "connect-four", "puzzles": puzzles }).to_string()
    }

    fn one(solution: &[&str]) -> Value {
        serde_json::json!([{
            "id": "c4-test",
            "position": "......./......./......./x....../x....../xooo... x",
            "seat": 1,
            "goal": "win",
            "solution": solution,
            "themes": ["four"],
            "rating": 900.0,
        }])
    }

    #[test]
    fn a_line_of_legal_moves_passes_and_an_illegal_one_names_the_puzzle_and_move() {
        let entry = tabula_catalog::builtin().find("connect-four").unwrap();
        let good = parse(&set(one(&["1"]))).unwrap();
        assert_eq!(good.puzzles[0].goal, Goal::Win);
        check_lines(entry, &good).unwrap();
        let bad = parse(&set(one(&["8"]))).unwrap();
        let e = check_lines(entry, &bad).unwrap_err().to_string();
        assert!(e.starts_with("puzzle c4-test: move 1 (8)"), "{e}");
        let on_reply = parse(&set(one(&["5", "1"]))).unwrap();
        let e = check_lines(entry, &on_reply).unwrap_err().to_string();
        assert!(e.contains("ends on a reply"), "{e}");
    }

    #[test]
    fn a_set_with_a_repeated_id_or_an_empty_line_is_refused() {
        let mut twice = one(&["1"]);
        let copy = twice[0].clone();
        twice.as_array_mut().unwrap().push(copy);
        assert!(
            parse(&set(twice))
                .unwrap_err()
                .to_string()
                .contains("used twice")
        );
        assert!(
            parse(&set(one(&[])))
                .unwrap_err()
                .to_string()
                .contains("empty")
        );
        assert!(matches!(
            parse("{\"game\": 3}"),
            Err(PuzzleError::Format(_))
        ));
    }
}
