//! What `--resume` checks before it trusts a records file. Its first line, the header, names
//! the game and the rules of the run that wrote it (every parameter, with the game's defaults
//! filled in, and the random setup); they must be this run's. Every field of every row must be
//! one this run could have written (variant, match, seats, bots, ranks, winner, decisions,
//! evaluations), so that a damaged or edited file is refused, naming the line and the field,
//! before anything reads it.

use anyhow::{Result, anyhow};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_ai::analysis::Phase;
use tabula_ai::analysis::dynamics::winner;
use tabula_ai::analysis::records::GameRow;
use tabula_core::rng_from_seed;
use tabula_registry::{GameEntry, Setup};

/// The value of [`Header::records`]: this format of records file.
const FORMAT: &str = "tabula analyze records 1";

/// One variant's rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantRules {
    /// The variant's name (empty without `--variant`).
    pub name: String,
    /// Every parameter of the game, the defaults filled in.
    pub params: Value,
}

/// The first line of a records file: the rules its games were played under.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always [`FORMAT`]: tells the header from a row.
    pub records: String,
    /// The game's registry name.
    pub game: String,
    /// `--random-setup`.
    pub random_setup: bool,
    /// The variants, in the order of the command line.
    pub variants: Vec<VariantRules>,
}

/// The rules of this run and what its rows may hold.
pub struct RunRules {
    pub header: Header,
    /// The seats of each variant, in the header's order.
    seats: Vec<usize>,
    /// Whether this run plays the skill match.
    skill: bool,
    /// The length of `spaces` in the rows read so far, per variant.
    spaces: Vec<Option<usize>>,
}

impl RunRules {
    /// The rules of a run of `entry` with these variants' parameters (as the registry takes
    /// them), refusing parameters that do not make a game.
    pub fn new(
        entry: &dyn GameEntry,
        variants: &[(String, Value)],
        random_setup: bool,
        skill: bool,
    ) -> Result<RunRules> {
        let mut rules = Vec::new();
        let mut seats = Vec::new();
        for (name, params) in variants {
            // A ply limit the game's rules lack is the match's: recorded with the rules.
            let (params, config) = crate::commands::analyze_variants::played_with(
                entry,
                params,
                &tabula_ai::MatchConfig::default(),
            );
            let game = entry.new_game(&params, Setup::Random, &mut rng_from_seed(0))?;
            seats.push(game.num_seats());
            let mut params = game.params()?;
            if let (Some(n), Some(map)) = (config.ply_limit, params.as_object_mut()) {
                map.insert("max_plies".into(), Value::from(n));
            }
            rules.push(VariantRules {
                name: name.clone(),
                params,
            });
        }
        let header = Header {
            records: FORMAT.into(),
            game: entry.info().name.to_string(),
            random_setup,
            variants: rules,
        };
        Ok(RunRules {
            header,
            spaces: vec![None; seats.len()],
            seats,
            skill,
        })
    }

    /// The header line this run writes (no newline).
    pub fn header_line(&self) -> String {
        serde_json::to_string(&self.header).expect("a header serialises")
    }

    /// Whether `line` is a records header (of any rules), rather than a row.
    pub fn is_header(line: &str) -> bool {
        serde_json::from_str::<Value>(line)
            .is_ok_and(|v| v.get("records").and_then(Value::as_str) == Some(FORMAT))
    }

    /// Checks the header `line` of a records file against this run's rules: an error naming
    /// the first rule that differs.
    pub fn check_header(&self, line: &str) -> Result<()> {
        let theirs: Header = serde_json::from_str(line).map_err(|e| anyhow!("header: {e}"))?;
        let ours = &self.header;
        if theirs.game != ours.game {
            return Err(anyhow!(
                "the records are of {}, this run plays {}",
                theirs.game,
                ours.game
            ));
        }
        if theirs.random_setup != ours.random_setup {
            let with = |on: bool| if on { "with" } else { "without" };
            return Err(anyhow!(
                "the records were played {} --random-setup, this run {} it",
                with(theirs.random_setup),
                with(ours.random_setup)
            ));
        }
        let names = |h: &Header| {
            h.variants
                .iter()
                .map(|v| v.name.clone())
                .collect::<Vec<_>>()
        };
        if names(&theirs) != names(ours) {
            return Err(anyhow!(
                "the records' variants are {:?}, this run's {:?}",
                names(&theirs),
                names(ours)
            ));
        }
        for (t, o) in theirs.variants.iter().zip(&ours.variants) {
            if let Some(reason) = differing_param(&t.params, &o.params) {
                let variant = if o.name.is_empty() {
                    String::new()
                } else {
                    format!("variant {}: ", o.name)
                };
                return Err(anyhow!("{variant}{reason}"));
            }
        }
        Ok(())
    }

    /// Checks every field of `row` against this run (and `spaces` against the rows checked
    /// before it): an error naming the field.
    pub fn check_row(&mut self, row: &GameRow) -> Result<(), (&'static str, String)> {
        let Some(v) = self
            .header
            .variants
            .iter()
            .position(|v| v.name == row.variant)
        else {
            return Err((
                "variant",
                format!("`{}` is not a variant of this run", row.variant),
            ));
        };
        let seats = self.seats[v];
        let r = &row.record;
        if row.phase == Phase::Skill && !self.skill {
            return Err((
                "match",
                "a skill match game, and this run plays none (--weaker none)".into(),
            ));
        }
        if row.bots.len() != seats {
            return Err(("bots", format!("{} bots for {seats} seats", row.bots.len())));
        }
        let seating = tabula_ai::seating(seats, r.index);
        if r.bots_by_seat != seating {
            return Err((
                "bots_by_seat",
                format!(
                    "{:?}, where game {} of a match seats {seating:?}",
                    r.bots_by_seat, r.index
                ),
            ));
        }
        match (r.reason, r.ranks.len()) {
            (None, 0) => {}
            (None, _) => return Err(("ranks", "ranks for an unfinished game".into())),
            (Some(_), n) if n != seats => {
                return Err(("ranks", format!("{n} ranks for {seats} seats")));
            }
            (Some(_), _) => {
                if let Some(k) = r.ranks.iter().find(|&&k| k == 0 || k as usize > seats) {
                    return Err(("ranks", format!("rank {k} among {seats} seats")));
                }
            }
        }
        if row.winner != winner(r).map(|s| s + 1) {
            return Err((
                "winner",
                format!("{:?} does not match the ranks {:?}", row.winner, r.ranks),
            ));
        }
        if let Some(scores) = r.scores.as_ref().filter(|s| s.len() != seats) {
            return Err((
                "scores",
                format!("{} scores for {seats} seats", scores.len()),
            ));
        }
        if r.turns > r.plies || r.repeated > r.plies {
            let field = if r.turns > r.plies {
                "turns"
            } else {
                "repeated"
            };
            return Err((field, format!("more than the game's {} plies", r.plies)));
        }
        if let Some(c) = r.choices.iter().find(|c| c.seat.index() >= seats) {
            return Err((
                "choices",
                format!("a decision of seat {} among {seats} seats", c.seat.number()),
            ));
        }
        for (ply, values) in r.evals.iter().enumerate() {
            let Some(values) = values else { continue };
            if values.len() != seats || values.iter().any(|x| !x.is_finite()) {
                return Err((
                    "evals",
                    format!("ply {}: {values:?} is not a value per seat", ply + 1),
                ));
            }
        }
        if !r.spaces.is_empty() {
            let seen = self.spaces[v].get_or_insert(r.spaces.len());
            if *seen != r.spaces.len() {
                return Err((
                    "spaces",
                    format!("{} spaces, where earlier rows have {seen}", r.spaces.len()),
                ));
            }
        }
        Ok(())
    }
}

/// The first parameter whose value differs, said in words; `None` when all agree.
fn differing_param(theirs: &Value, ours: &Value) -> Option<String> {
    let empty = serde_json::Map::new();
    let (t, o) = (
        theirs.as_object().unwrap_or(&empty),
        ours.as_object().unwrap_or(&empty),
    );
    let mut keys: Vec<&String> = t.keys().chain(o.keys()).collect();
    keys.sort();
    keys.dedup();
    let shown = |v: Option<&Value>| match v {
        None => "not set".to_string(),
        Some(v) if v.to_string().len() > 40 => "another value".to_string(),
        Some(v) => v.to_string(),
    };
    keys.into_iter().find(|k| t.get(*k) != o.get(*k)).map(|k| {
        format!(
            "parameter `{k}` is {} in the records, {} in this run",
            shown(t.get(k)),
            shown(o.get(k))
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_first_differing_parameter_is_named_with_both_values() {
        let theirs = json!({"players": 2, "max_plies": 40});
        let ours = json!({"players": 2, "max_plies": 80});
        let said = differing_param(&theirs, &ours).unwrap();
        assert!(said.contains("`max_plies` is 40 in the records, 80 in this run"));
        let said = differing_param(&json!({"players": 2}), &json!({"players": 2, "x": 1}));
        assert!(said.unwrap().contains("`x` is not set in the records"));
        assert_eq!(differing_param(&theirs, &theirs), None);
    }
}
