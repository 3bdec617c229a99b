//! Options shared by several commands: game parameters and seats.

use crate::game_flags::{self, GivenValue, PARAM_PAIRS};
use anyhow::{Context, Result, bail};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use serde_json::{Map, Value};
use tabula_core::Seat;

/// Game parameters given on the command line: by the flags generated from the games'
/// descriptions (`crate::game_flags`), and as `--param key=value`.
#[derive(Debug, Default, Clone)]
pub struct ParamOpts {
    /// The parameters given by their own flags, in no particular order.
    pub given: Vec<(String, GivenValue)>,
    /// The parameters given as `--param key=value`.
    pub extra: Vec<String>,
}

/// `--param`; the games' own flags are added to the command line once it is built
/// ([`game_flags::add_game_flags`]), where every command is seen whole.
impl Args for ParamOpts {
    fn augment_args(command: Command) -> Command {
        command.arg(
            Arg::new(PARAM_PAIRS)
                .long("param")
                .value_name("KEY=VALUE")
                .action(ArgAction::Append)
                .help(
                    "Any game parameter, as key=value (value read as JSON when it parses, \
                     else text)",
                ),
        )
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}

impl FromArgMatches for ParamOpts {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let extra = matches
            .try_get_many::<String>(PARAM_PAIRS)
            .ok()
            .flatten()
            .map(|values| values.cloned().collect())
            .unwrap_or_default();
        Ok(ParamOpts {
            given: game_flags::given(matches),
            extra,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl ParamOpts {
    /// The parameters as the registry takes them (a parameter a game lacks is refused there,
    /// naming the game and the parameter).
    pub fn to_json(&self, players: Option<usize>) -> Result<Value> {
        let mut map = Map::new();
        if let Some(n) = players {
            map.insert("players".into(), Value::from(n));
        }
        for (name, value) in &self.given {
            let value = match value {
                GivenValue::Value(v) => v.clone(),
                GivenValue::File(path) => Value::from(
                    std::fs::read_to_string(path)
                        .with_context(|| format!("cannot read {name} file {}", path.display()))?,
                ),
            };
            map.insert(name.clone(), value);
        }
        for pair in &self.extra {
            let Some((key, value)) = pair.split_once('=') else {
                bail!("--param `{pair}`: expected key=value");
            };
            let value = serde_json::from_str(value).unwrap_or_else(|_| Value::from(value));
            map.insert(key.to_string(), value);
        }
        Ok(Value::Object(map))
    }

    /// The parameters given as files (`text` parameters), each with its file's path.
    pub fn files(&self) -> Vec<(String, String)> {
        self.given
            .iter()
            .filter_map(|(n, v)| match v {
                GivenValue::File(path) => Some((n.clone(), path.display().to_string())),
                GivenValue::Value(_) => None,
            })
            .collect()
    }
}

/// A seat as players number them (1-based).
pub fn seat(number: usize) -> Result<Seat> {
    match Seat::from_number(number) {
        Some(s) => Ok(s),
        None => bail!("seat {number} does not exist: seats are numbered from 1"),
    }
}

/// A list of seats such as `1,3`.
pub fn seats(list: &str) -> Result<Vec<Seat>> {
    list.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            let n: usize = s
                .trim()
                .parse()
                .with_context(|| format!("`{s}` is not a seat number"))?;
            seat(n)
        })
        .collect()
}
