//! The puzzle trainer: every catalog game's puzzle set (`tabula_puzzles`), read and checked
//! once, then listed, picked (the daily puzzle), shown without its solution, and played move
//! by move against its line (the opponent's replies come from the line).
//!
//! The server keeps the solution: a client sees a puzzle's position, whose move it is and
//! how many moves the solver makes, and learns the line only by playing it or by giving up.
//! A move is right when some accepted line (the solution or one of its `accept` lines) goes
//! on with it after the moves played so far; with the goal `win`, a move that wins the game
//! on the spot is right too (another mate than the one the set found). A race (`fewest-moves`)
//! is judged whole: any legal moves are taken until the line's length, and the line solves the
//! puzzle if it reaches the position one of the solving lines reaches (the same swaps in
//! another order, or other swaps to the same arrangement).

use crate::ApiError;
use crate::catalog::Catalog;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use tabula_core::{Actor, Seat, ToAct};
use tabula_puzzles::{Goal, Puzzle};
use tabula_registry::{DynGame, GameEntry, game_status, status_json};

/// The most moves a client may send as one line.
pub const MAX_LINE: usize = 64;

/// The longest move text taken, in bytes.
pub const MAX_MOVE_BYTES: usize = 128;

/// One puzzle with the game it belongs to.
pub(crate) struct Entry {
    pub entry: &'static dyn GameEntry,
    pub puzzle: Puzzle,
}

/// Every puzzle of a server, in catalog order then set order.
pub struct Trainer {
    puzzles: Vec<Entry>,
    by_id: HashMap<String, usize>,
}

/// What a move did.
pub(crate) enum Played {
    /// The move goes on along a line: the state after it (`played`), the reply played for
    /// the opponent (none in a race) and the state after the reply.
    Right {
        played: Value,
        reply: Option<String>,
        after: After,
    },
    /// The move completes a line: the puzzle is solved.
    Solved { after: After },
    /// The move is legal but solves nothing.
    Wrong { after: After },
}

/// The game after a line, with who played each move.
pub(crate) struct After {
    pub game: Box<dyn DynGame>,
    pub log: Vec<(Seat, String)>,
}

impl Trainer {
    /// Reads and checks the set of every game of `catalog` that ships one: a set that does
    /// not parse, names another game, repeats an id or holds a line the rules refuse is an
    /// error naming the game and the puzzle.
    pub fn load(catalog: &Catalog) -> Result<Trainer, String> {
        let mut puzzles = Vec::new();
        let mut by_id = HashMap::new();
        for &entry in catalog.entries() {
            let Some(text) = entry.info().puzzles else {
                continue;
            };
            let name = entry.info().name;
            let fail = |e: String| format!("the puzzles of {name}: {e}");
            let set = tabula_puzzles::parse(text).map_err(|e| fail(e.to_string()))?;
            if set.game != name {
                return Err(fail(format!("the set is for `{}`", set.game)));
            }
            tabula_puzzles::check_lines(entry, &set).map_err(|e| fail(e.to_string()))?;
            for puzzle in set.puzzles {
                if by_id.insert(puzzle.id.clone(), puzzles.len()).is_some() {
                    return Err(fail(format!(
                        "puzzle {}: the id is another game's too",
                        puzzle.id
                    )));
                }
                puzzles.push(Entry { entry, puzzle });
            }
        }
        Ok(Trainer { puzzles, by_id })
    }

    /// Every puzzle, in catalog order then set order.
    pub(crate) fn all(&self) -> &[Entry] {
        &self.puzzles
    }

    /// The puzzle `id`, or 404.
    pub(crate) fn get(&self, id: &str) -> Result<&Entry, ApiError> {
        self.by_id
            .get(id)
            .map(|&i| &self.puzzles[i])
            .ok_or_else(|| {
                ApiError::not_found(format!(
                    "no puzzle `{}`",
                    id.chars().take(80).collect::<String>()
                ))
            })
    }

    /// The puzzle of UTC day `day` (days since 1970-01-01): the same all day, on every
    /// instance; `None` when the server has no puzzles.
    pub(crate) fn daily(&self, day: u64) -> Option<&Entry> {
        let n = self.puzzles.len() as u64;
        (n > 0).then(|| &self.puzzles[(mix(day) % n) as usize])
    }
}

impl crate::live::Hub {
    /// The puzzles of the catalog's games, read and checked at the first call (a server
    /// checks them as it starts: `Server::start`).
    pub fn puzzles(&self) -> Result<Arc<Trainer>, String> {
        self.puzzles
            .get_or_init(|| Trainer::load(self.catalog()).map(Arc::new))
            .clone()
    }
}

/// SplitMix64's finaliser: consecutive days land far apart in the list.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The civil date (`YYYY-MM-DD`) of a day counted from 1970-01-01 (H. Hinnant's algorithm).
pub(crate) fn date_of(day: u64) -> String {
    let z = day as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

impl Entry {
    fn params(&self) -> Value {
        if self.puzzle.params.is_null() {
            json!({})
        } else {
            self.puzzle.params.clone()
        }
    }

    fn solver(&self) -> Seat {
        Seat::from_number(self.puzzle.seat).unwrap_or(Seat(0))
    }

    /// The puzzle's position as a game (checked at load time, so it loads).
    fn start(&self) -> Result<Box<dyn DynGame>, ApiError> {
        self.entry
            .load_position(&self.params(), &self.puzzle.position)
            .map_err(|e| ApiError::internal(format!("puzzle {}: {e}", self.puzzle.id)))
    }

    /// Whether move `i` of a line is the solver's.
    fn solver_moves(&self, i: usize) -> bool {
        self.puzzle.goal == Goal::FewestMoves || i.is_multiple_of(2)
    }

    /// The seat that plays move `i` in `game`, or the reason it cannot be played.
    fn actor(&self, game: &dyn DynGame, i: usize) -> Option<Seat> {
        let to_act = game.to_act();
        if matches!(to_act, ToAct::Chance) || game_status(game).over {
            return None;
        }
        let seats = to_act.seats();
        let solver = self.solver();
        if self.solver_moves(i) {
            Some(solver).filter(|s| seats.contains(*s))
        } else {
            seats.iter().find(|s| *s != solver)
        }
    }

    /// Every line that solves the puzzle, the solution first.
    fn lines(&self) -> impl Iterator<Item = &Vec<String>> {
        std::iter::once(&self.puzzle.solution).chain(&self.puzzle.accept)
    }

    /// How many moves of the solution are the solver's.
    fn solver_move_count(&self) -> usize {
        (0..self.puzzle.solution.len())
            .filter(|&i| self.solver_moves(i))
            .count()
    }

    /// The list's line for a puzzle: no position, no solution.
    pub(crate) fn summary(&self) -> Value {
        let p = &self.puzzle;
        json!({
            "id": p.id,
            "game": self.entry.info().name,
            "title": self.entry.info().title,
            "themes": p.themes,
            "rating": p.rating,
            "goal": p.goal,
            "moves": self.solver_move_count(),
        })
    }

    /// The puzzle as its page shows it after the moves `line` (no solution): a match-like
    /// state (`view`, `legal`, `status`, `seats`, `log`) that the game's renderer draws.
    pub(crate) fn state(&self, game: &dyn DynGame, line: &[(Seat, String)]) -> Value {
        let info = self.entry.info();
        let solver = self.solver();
        let players = game.num_seats();
        let status = status_json(game);
        let over = game_status(game).over;
        let solver_to_act = !over && game.to_act().seats().contains(solver);
        let legal = if solver_to_act {
            game.legal(Actor::Seat(solver))
        } else {
            Vec::new()
        };
        let log: Vec<Value> = line
            .iter()
            .enumerate()
            .map(|(i, (seat, action))| {
                json!({ "ply": i, "actor": seat.number(), "action": action, "at": 0 })
            })
            .collect();
        let seats: Vec<Value> = (0..players)
            .map(|i| {
                let kind = if i == solver.index() { "human" } else { "bot" };
                json!({ "seat": i + 1, "kind": kind, "level": "puzzle", "open": false,
                        "joined": true, "name": game.seat_name(Seat(i as u8)), "presence": null })
            })
            .collect();
        let p = &self.puzzle;
        json!({
            "id": p.id,
            "game": info.name,
            "title": info.title,
            "players": players,
            "you": solver.number(),
            "params": self.params(),
            "ply": line.len(),
            "rev": line.len(),
            "seats": seats,
            "status": status,
            "view": crate::view::or_defect(game.view(Some(solver))),
            "legal": legal,
            "last": log.last().cloned().unwrap_or(Value::Null),
            "log": log,
            "clock": null,
            "clocks": null,
            "hints": false,
            "table": { "draws": false, "may_offer": false, "offer": null, "rematch": null, "takeback": false },
            "puzzle": {
                "id": p.id,
                "goal": p.goal,
                "themes": p.themes,
                "rating": p.rating,
                "moves": self.solver_move_count(),
            },
        })
    }

    /// The position before any move.
    pub(crate) fn show(&self) -> Result<Value, ApiError> {
        Ok(self.state(self.start()?.as_ref(), &[]))
    }

    /// Plays `line` (the moves so far: the solver's, the replies as this server gave them,
    /// and last the solver's new move) and judges its last move. A line that is too long,
    /// holds a move the rules refuse, or strays from every solving line before its last move
    /// is refused with the reason.
    pub(crate) fn play(&self, line: &[String]) -> Result<Played, ApiError> {
        let (last, before) = line
            .split_last()
            .ok_or_else(|| ApiError::bad_request("moves: give at least one move"))?;
        if line.len() > MAX_LINE {
            return Err(ApiError::bad_request(format!(
                "moves: at most {MAX_LINE} moves"
            )));
        }
        if let Some(i) = line.iter().position(|m| m.len() > MAX_MOVE_BYTES) {
            return Err(ApiError::bad_request(format!(
                "moves[{i}]: longer than {MAX_MOVE_BYTES} bytes"
            )));
        }
        if !self.solver_moves(before.len()) {
            return Err(ApiError::bad_request(format!(
                "moves: move {} is the opponent's reply, which the server plays",
                line.len()
            )));
        }
        let following: Vec<&Vec<String>> = self
            .lines()
            .filter(|l| l.len() > before.len() && l[..before.len()] == *before)
            .collect();
        let race = self.puzzle.goal == Goal::FewestMoves;
        if following.is_empty() && !(race && line.len() <= self.puzzle.solution.len()) {
            return Err(ApiError::refused(
                "moves: the moves before the last one do not follow the puzzle's line \
                 (start again from the puzzle's position)",
            ));
        }
        let mut game = self.start()?;
        let mut log = Vec::with_capacity(line.len() + 1);
        for (i, text) in line.iter().enumerate() {
            let Some(seat) = self.actor(game.as_ref(), i) else {
                return Err(ApiError::refused(format!(
                    "moves[{i}] ({text}): nobody may move there now"
                )));
            };
            let done = game
                .apply(Actor::Seat(seat), text)
                .map_err(|e| ApiError::refused(format!("moves[{i}] ({}): {e}", clip(text))))?;
            log.push((seat, done));
        }
        let on_line: Vec<&&Vec<String>> = following
            .iter()
            .filter(|l| l[before.len()] == *last)
            .collect();
        if on_line.iter().any(|l| l.len() == line.len()) || self.wins_now(game.as_ref()) {
            return Ok(Played::Solved {
                after: After { game, log },
            });
        }
        if race && on_line.is_empty() {
            // Judged whole: the line's length reached, it solves if it arrives where a
            // solving line arrives; before that, it goes on.
            let length = self.puzzle.solution.len();
            if line.len() == length && self.arrives(game.as_ref())? {
                return Ok(Played::Solved {
                    after: After { game, log },
                });
            }
            // Unless the solver can no longer move (a vote ended the race, say).
            if line.len() < length && self.actor(game.as_ref(), line.len()).is_some() {
                let played = self.state(game.as_ref(), &log);
                return Ok(Played::Right {
                    played,
                    reply: None,
                    after: After { game, log },
                });
            }
        }
        let Some(next) = on_line.first() else {
            return Ok(Played::Wrong {
                after: After { game, log },
            });
        };
        let played = self.state(game.as_ref(), &log);
        if self.solver_moves(line.len()) {
            return Ok(Played::Right {
                played,
                reply: None,
                after: After { game, log },
            });
        }
        let reply = next[line.len()].clone();
        let seat = self
            .actor(game.as_ref(), line.len())
            .ok_or_else(|| ApiError::internal("the puzzle's reply has nobody to play it"))?;
        let done = game
            .apply(Actor::Seat(seat), &reply)
            .map_err(|e| ApiError::internal(format!("the puzzle's reply {reply}: {e}")))?;
        log.push((seat, done));
        Ok(Played::Right {
            played,
            reply: Some(reply),
            after: After { game, log },
        })
    }

    /// Whether `game` stands where one of the solving lines arrives.
    fn arrives(&self, game: &dyn DynGame) -> Result<bool, ApiError> {
        let here = game.position();
        for line in self.lines() {
            let mut end = self.start()?;
            for (i, text) in line.iter().enumerate() {
                let seat = self
                    .actor(end.as_ref(), i)
                    .ok_or_else(|| ApiError::internal("a solving line has nobody to play it"))?;
                end.apply(Actor::Seat(seat), text)
                    .map_err(|e| ApiError::internal(format!("a solving line: {e}")))?;
            }
            if end.position() == here {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the game is over with the solver alone first, when that is the goal.
    fn wins_now(&self, game: &dyn DynGame) -> bool {
        if self.puzzle.goal != Goal::Win {
            return false;
        }
        let Some(result) = game_status(game).result else {
            return false;
        };
        let me = self.solver().index();
        let ranks = &result.ranks;
        ranks
            .get(me)
            .is_some_and(|mine| ranks.iter().enumerate().all(|(i, r)| i == me || mine < r))
    }

    /// The solving lines, once the puzzle is solved or given up.
    pub(crate) fn solution(&self) -> Value {
        json!({ "solution": self.puzzle.solution, "accept": self.puzzle.accept })
    }
}

fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_of_days_since_the_epoch() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(59), "1970-03-01");
        assert_eq!(date_of(20_429), "2025-12-07");
    }

    #[test]
    fn consecutive_days_pick_spread_out_puzzles() {
        let picks: std::collections::HashSet<u64> = (0..30).map(|d| mix(d) % 100).collect();
        assert!(picks.len() > 15, "{picks:?}");
    }
}
