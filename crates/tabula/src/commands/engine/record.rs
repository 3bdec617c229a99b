//! Positions as the engine's `position` command writes them, and match records: the text files
//! a finished match is saved as (`#` comment lines, then one `position … moves …` line), which
//! both `tabula engine` and `tabula match --from` read with this one reader.

use serde_json::Value;
use tabula_core::{Actor, read_move, rng_from_seed};
use tabula_registry::{DynGame, GameEntry, RegistryError, Setup, resolve_actor};

/// How positions are made: the game, its parameters and the defaults of `position start`.
pub struct Positions {
    pub entry: &'static dyn GameEntry,
    /// The parameters positions in notation are read with (without `players`).
    pub params: Value,
    /// The parameters of `position start` (with the command line's number of players).
    pub start_params: Value,
    pub players: Option<usize>,
    pub seed: u64,
}

/// A position read but not yet played through: the start and the moves that follow it.
pub struct Replay {
    pub start: Box<dyn DynGame>,
    pub moves: Vec<String>,
}

/// The `position` line of a match record, with where it stands and the record's parameters.
pub struct Record {
    /// The line's number in the file, from 1.
    pub line: usize,
    /// The words after `position`.
    pub words: Vec<String>,
    /// The parameters of the record's `# Params: {…}` comment, when it has one.
    pub params: Option<Value>,
}

impl Positions {
    /// The start and the moves of `position` command words (`start [options] [moves …]` or
    /// `<notation> [moves …]`), the moves not yet applied.
    pub fn read(&self, words: &[&str]) -> Result<Replay, String> {
        let (head, moves) = match words.iter().position(|w| *w == "moves") {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let start = match head {
            [] => return Err("position needs `start` or a position in notation".into()),
            ["start", options @ ..] => self.start(options)?,
            notation => self
                .entry
                .load_position(&self.params, &notation.join(" "))
                .map_err(|e| match e {
                    // It already says "bad position" and names the field.
                    RegistryError::Position(e) => e.to_string(),
                    e => format!("bad position: {e}"),
                })?,
        };
        Ok(Replay {
            start,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        })
    }

    fn start(&self, options: &[&str]) -> Result<Box<dyn DynGame>, String> {
        let (mut players, mut seed, mut setup) = (self.players, self.seed, Setup::Random);
        let mut words = options.iter();
        while let Some(&word) = words.next() {
            match word {
                "placement" => setup = Setup::Placement,
                "players" | "seed" => {
                    let value = words.next().ok_or(format!("`{word}` needs a number"))?;
                    let n: u64 = value
                        .parse()
                        .map_err(|_| format!("`{word}` needs a number, not `{value}`"))?;
                    match word {
                        "players" => players = Some(n as usize),
                        _ => seed = n,
                    }
                }
                _ => {
                    return Err(format!(
                        "unknown option `{word}` of position start (players N, seed S, placement)"
                    ));
                }
            }
        }
        let mut params = self.start_params.clone();
        if let (Some(n), Some(map)) = (players, params.as_object_mut()) {
            map.insert("players".into(), Value::from(n));
        }
        self.entry
            .new_game(&params, setup, &mut rng_from_seed(seed))
            .map_err(|e| format!("bad start: {e}"))
    }
}

impl Replay {
    /// Plays every move from the start; `each` sees the state before a move, the move as
    /// written and the state after it. The first move that does not apply is the error,
    /// numbered from 1.
    pub fn play_through(
        self,
        mut each: impl FnMut(&dyn DynGame, &str, &dyn DynGame),
    ) -> Result<Box<dyn DynGame>, String> {
        let mut state = self.start;
        for (i, text) in self.moves.iter().enumerate() {
            let before = state.clone_box();
            match play(state.as_mut(), text) {
                Ok(()) => each(before.as_ref(), text, state.as_ref()),
                // The refusal already names the action.
                Err(RegistryError::Action { error: e, .. }) => {
                    return Err(format!("move {} `{text}`: {e}", i + 1));
                }
                Err(e) => return Err(format!("move {} `{text}`: {e}", i + 1)),
            }
        }
        Ok(state)
    }
}

/// Reads a match record: blank lines and `#` comments, then exactly one `position` line. An
/// error names the line and what is wrong with it.
pub fn read_record(text: &str) -> Result<Record, String> {
    let mut found: Option<Record> = None;
    let mut params = None;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let line = line.trim();
        if let Some(json) = line.strip_prefix("# Params:") {
            let value: Value = serde_json::from_str(json.trim())
                .map_err(|e| format!("line {number}: the parameters are not a JSON object: {e}"))?;
            if !value.is_object() {
                return Err(format!(
                    "line {number}: the parameters are not a JSON object: `{}`",
                    json.trim()
                ));
            }
            params = Some(value);
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        if words.next() != Some("position") {
            return Err(format!(
                "line {number}: `{}` is not part of a match record (`#` comments and one \
                 `position … moves …` line)",
                shorten(line)
            ));
        }
        if let Some(first) = &found {
            return Err(format!(
                "line {number}: a second `position` line (a record holds one match; the first \
                 is on line {})",
                first.line
            ));
        }
        found = Some(Record {
            line: number,
            words: words.map(String::from).collect(),
            params: None,
        });
    }
    let mut record =
        found.ok_or("no `position` line: a match record ends with `position … moves …`")?;
    record.params = params;
    Ok(record)
}

/// The first characters of a long line, for an error message.
fn shorten(line: &str) -> String {
    match line.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}

/// Applies one action as `moves` writes it: plain notation for the one seat to act, a chance
/// outcome or a host action; `N:action` for seat `N` where several seats may act.
pub fn play(state: &mut dyn DynGame, text: &str) -> Result<(), RegistryError> {
    let actor = match resolve_actor(state, None, text) {
        Err(RegistryError::SeatNeeded { seats }) => {
            match read_move(text).filter(|(s, _)| s.index() < state.num_seats()) {
                Some((seat, action)) => {
                    state.apply(Actor::Seat(seat), action)?;
                    return Ok(());
                }
                None => {
                    return Err(RegistryError::SeatNeeded {
                        seats: format!("{seats}; write `N:action` for seat N"),
                    });
                }
            }
        }
        other => other?,
    };
    state.apply(actor, text)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_comments_and_one_position_line() {
        let record = read_record(
            "# Tabula match record\n# Params: {\"players\":2}\n\nposition start moves 1 2\n",
        )
        .unwrap();
        assert_eq!(record.line, 4);
        assert_eq!(record.words, ["start", "moves", "1", "2"]);
        assert_eq!(record.params, Some(serde_json::json!({ "players": 2 })));
    }

    #[test]
    fn a_bad_record_names_its_line() {
        let cases = [
            ("# only comments\n", "no `position` line"),
            ("# a\ngo depth 3\n", "line 2: `go depth 3` is not part"),
            (
                "position start\nposition start\n",
                "line 2: a second `position` line",
            ),
            (
                "# Params: [1]\nposition start\n",
                "line 1: the parameters are not a JSON object",
            ),
        ];
        for (text, want) in cases {
            let err = read_record(text).err().unwrap();
            assert!(err.contains(want), "{text:?}: {err}");
        }
    }
}
