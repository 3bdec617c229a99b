//! The generator: every position of every record where one seat is to move with a choice is
//! searched cheaply (the scan); where one move stands out, a deeper search (the verifier)
//! judges it again, and the puzzle is kept only if the verifier agrees by the margin. The
//! line of a win goes on, reply by reply, while the solver's fastest win stays unique.

use crate::judge::{Scored, fastest_win, has_choice, judge, score_moves, single_actor};
use crate::records::{Record, apply_move, start_of};
use crate::{Goal, Puzzle, PuzzleSet, rating, themes};
use std::time::{Duration, Instant};
use tabula_core::{Actor, Seat, ToAct};
use tabula_registry::{DynGame, GameEntry};

/// The scan that examines races only (`--scan none`): no position where one seat is to move
/// is searched.
pub const NO_SCAN: &str = "none";

/// How puzzles are found and verified (docs/puzzles.md gives each game's).
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The cheap search that looks at every position (a bot specification), or [`NO_SCAN`].
    pub scan: String,
    /// The deeper search that verifies every candidate.
    pub verify: String,
    /// The search `tabula puzzles verify --depth reduced` uses.
    pub reduced: String,
    /// How far ahead of every other move the best must be, in expected return.
    pub margin: f64,
    /// The most moves of the solver in a line.
    pub max_solver_moves: usize,
    /// Positions before this ply (counted from the record's start) are not examined.
    pub from_ply: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            scan: "alphabeta:depth=4".into(),
            verify: "expert".into(),
            reduced: "alphabeta:depth=4".into(),
            margin: 0.3,
            max_solver_moves: 4,
            from_ply: 0,
        }
    }
}

/// What a run of the generator did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    /// Records read.
    pub records: usize,
    /// Positions examined (one seat to move, with a choice).
    pub positions: usize,
    /// Positions the scan found a clear best move in.
    pub candidates: usize,
    /// Puzzles kept after verification (one per position).
    pub kept: usize,
    /// Wall time.
    pub elapsed: Duration,
}

/// Draws puzzles from `records` of the game `entry`; `progress(record, records, kept)` after
/// each record. Errors: a search that does not apply to the game.
pub fn generate(
    entry: &dyn GameEntry,
    records: &[Record],
    settings: &Settings,
    progress: &mut dyn FnMut(usize, usize, usize),
) -> Result<(PuzzleSet, Summary), String> {
    let start = Instant::now();
    let mut summary = Summary {
        records: records.len(),
        ..Summary::default()
    };
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (r, record) in records.iter().enumerate() {
        let mut game = start_of(entry, record)?;
        for (ply, text) in record.moves.iter().enumerate() {
            if ply >= settings.from_ply
                && let ToAct::Several(seats) = game.to_act()
            {
                for seat in seats.iter() {
                    if seen.insert(format!("{} {}", game.position(), seat.number())) {
                        summary.positions += 1;
                        let source = format!("{} ply {}", record.source, ply + 1);
                        if let Some(p) = race_puzzle(entry, game.as_ref(), seat, source)? {
                            summary.candidates += 1;
                            puzzles.extend(p);
                        }
                    }
                }
            }
            if ply >= settings.from_ply
                && settings.scan != NO_SCAN
                && let Some(seat) = single_actor(game.as_ref())
                && has_choice(game.as_ref(), seat)
                && seen.insert(game.position())
            {
                summary.positions += 1;
                let scan = score_moves(entry, game.as_ref(), seat, &settings.scan)?;
                if scan.is_some_and(|m| judge(&m, settings.margin).is_some()) {
                    summary.candidates += 1;
                    let source = format!("{} ply {}", record.source, ply + 1);
                    if let Some(p) = verify_candidate(entry, game.as_ref(), seat, settings, source)?
                    {
                        puzzles.push(p);
                    }
                }
            }
            apply_move(game.as_mut(), text).map_err(|e| format!("{}: {e}", record.source))?;
        }
        progress(r + 1, records.len(), puzzles.len());
    }
    summary.kept = puzzles.len();
    summary.elapsed = start.elapsed();
    let set = PuzzleSet {
        game: entry.info().name.to_string(),
        criterion: criterion(settings),
        puzzles,
        verify: Some(settings.verify.clone()),
        reduced: Some(settings.reduced.clone()),
        margin: Some(settings.margin),
    };
    Ok((set, summary))
}

/// The set's criterion, in a sentence.
fn criterion(s: &Settings) -> String {
    format!(
        "Found by `{}`, verified by `{}`: one move ahead of every other by {} in expected return \
         (a win the others miss, the one move that saves, or a swing of value).",
        s.scan, s.verify, s.margin
    )
}

/// The puzzle at `game` for `seat` if the verifier finds one move standing out.
pub fn verify_candidate(
    entry: &dyn GameEntry,
    game: &dyn DynGame,
    seat: Seat,
    settings: &Settings,
    source: String,
) -> Result<Option<Puzzle>, String> {
    let Some(moves) = score_moves(entry, game, seat, &settings.verify)? else {
        return Ok(None);
    };
    let Some(goal) = judge(&moves, settings.margin) else {
        return Ok(None);
    };
    let solution = match goal {
        Goal::Win => win_line(entry, game, seat, &moves[0], settings)?,
        _ => vec![moves[0].action.clone()],
    };
    let misses = rating::misses(entry, game, seat, &solution[0]);
    if misses == 0 && goal != Goal::Win {
        // Every level finds it: too plain to be a puzzle unless it wins.
        return Ok(None);
    }
    let themes = themes::of(entry, game, seat, goal, &solution);
    let rating = rating::rate(misses, goal, &solution);
    Ok(Some(Puzzle {
        id: puzzle_id(entry.info().name, &game.position()),
        params: game.params().map_err(|e| e.to_string())?,
        position: game.position(),
        seat: seat.number(),
        goal,
        solution,
        accept: Vec::new(),
        themes,
        rating,
        source,
    }))
}

/// The race puzzle of `seat` at `game` (see [`GameEntry::race_lines`]): `None` when the
/// game has none here; `Some(None)` when every weaker level sees the answer; an error when
/// the game's parameters do not serialise.
fn race_puzzle(
    entry: &dyn GameEntry,
    game: &dyn DynGame,
    seat: Seat,
    source: String,
) -> Result<Option<Option<Puzzle>>, String> {
    let mut lines = entry.race_lines(game, seat);
    if lines.is_empty() {
        return Ok(None);
    }
    let solution = lines.remove(0);
    let misses = rating::misses(entry, game, seat, &solution[0]);
    if misses == 0 {
        return Ok(Some(None));
    }
    let goal = Goal::FewestMoves;
    Ok(Some(Some(Puzzle {
        id: puzzle_id(
            entry.info().name,
            &format!("{} {}", game.position(), seat.number()),
        ),
        params: game.params().map_err(|e| e.to_string())?,
        position: game.position(),
        seat: seat.number(),
        goal,
        themes: themes::of(entry, game, seat, goal, &solution),
        rating: rating::rate(misses, goal, &solution),
        solution,
        accept: lines,
        source,
    })))
}

/// The line of a win: the first move, then the defender's longest resistance and the
/// solver's one fastest win, while both are single moves, no chance event comes, and the
/// line stays within the settings' length. Ends on a move of the solver.
fn win_line(
    entry: &dyn GameEntry,
    start: &dyn DynGame,
    seat: Seat,
    first: &Scored,
    settings: &Settings,
) -> Result<Vec<String>, String> {
    let mut line = vec![first.action.clone()];
    let mut game = start.clone_box();
    game.apply(Actor::Seat(seat), &first.action)
        .map_err(|e| e.to_string())?;
    while line.len().div_ceil(2) < settings.max_solver_moves {
        let Some(defender) = single_actor(game.as_ref()).filter(|&s| s != seat) else {
            break;
        };
        let Some(replies) = score_moves(entry, game.as_ref(), defender, &settings.verify)? else {
            break;
        };
        let Some(reply) = replies.first() else { break };
        let mut next = game.clone_box();
        next.apply(Actor::Seat(defender), &reply.action)
            .map_err(|e| e.to_string())?;
        if single_actor(next.as_ref()) != Some(seat) {
            break;
        }
        let Some(answers) = score_moves(entry, next.as_ref(), seat, &settings.verify)? else {
            break;
        };
        let Some(win) = fastest_win(&answers) else {
            break;
        };
        next.apply(Actor::Seat(seat), &win.action)
            .map_err(|e| e.to_string())?;
        line.push(reply.action.clone());
        line.push(win.action.clone());
        game = next;
        if matches!(game.to_act(), ToAct::Over(_)) {
            break;
        }
    }
    Ok(line)
}

/// A stable id: the game's name and a hash (FNV-1a) of the position.
pub fn puzzle_id(game: &str, position: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in position.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{game}-{h:016x}")
}
