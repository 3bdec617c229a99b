//! The game parameters' flags, generated at start-up from the descriptions of the catalog's
//! games: every parameter becomes `--<name with _ as ->` on each command that takes game
//! parameters (the commands with `--param`), its help the games' own, each after the game's
//! title. A command's own flag of the same name wins (`tabula new --placement`); the parameter
//! is then given with `--param`.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::parser::ValueSource;
use clap::{Arg, ArgMatches, Command};
use serde_json::Value;
use std::path::PathBuf;
use tabula_core::GameDescription;

/// The id of `--param KEY=VALUE`, which marks the commands that take game parameters.
pub(crate) const PARAM_PAIRS: &str = "game-param-pairs";

/// The ids of the generated flags start with this, then the parameter's name.
const FLAG_ID: &str = "game-param:";

/// The help heading the generated flags are listed under.
const HEADING: &str = "Game parameters";

/// A game parameter's value as given on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum GivenValue {
    /// The value itself.
    Value(Value),
    /// A file whose contents are the value (a `text` parameter), read when the parameters
    /// are.
    File(PathBuf),
}

/// How a flag's value is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Integer,
    Integers,
    String,
    Text,
    /// The games that have the parameter write it differently: read as `--param` does.
    Any,
}

impl Kind {
    fn of(kind: &str) -> Kind {
        match kind {
            "integer" => Kind::Integer,
            "integers" => Kind::Integers,
            "string" => Kind::String,
            "text" => Kind::Text,
            _ => Kind::Any,
        }
    }
}

/// One generated flag: a parameter of one or more games.
#[derive(Clone, Debug)]
pub(crate) struct GameFlag {
    /// The parameter's name (the key in the parameters object).
    name: &'static str,
    kind: Kind,
    /// One line per game that has the parameter: `<title>: <help>`.
    help: Vec<String>,
    /// The values it may take; empty for a free value.
    values: Vec<&'static str>,
}

impl GameFlag {
    /// The flag's long name: the parameter's, `_` written `-`.
    fn long(&self) -> String {
        self.name.replace('_', "-")
    }

    fn arg(&self) -> Arg {
        let arg = Arg::new(format!("{FLAG_ID}{}", self.name))
            .long(self.long())
            .value_name(self.name.to_uppercase())
            .help(self.help.join("\n"))
            .help_heading(HEADING);
        match self.kind {
            Kind::String if !self.values.is_empty() => arg.value_parser(
                PossibleValuesParser::new(self.values.clone())
                    .map(|v| GivenValue::Value(Value::from(v))),
            ),
            Kind::String => {
                arg.value_parser(|v: &str| Ok::<_, String>(GivenValue::Value(Value::from(v))))
            }
            Kind::Integer => arg.value_name("N").value_parser(|v: &str| {
                v.trim()
                    .parse::<i64>()
                    .map(|n| GivenValue::Value(Value::from(n)))
                    .map_err(|_| format!("`{v}` is not an integer"))
            }),
            Kind::Integers => arg.value_name("LIST").value_parser(|v: &str| {
                integers(v)
                    .map(|list| GivenValue::Value(Value::from(list)))
                    .ok_or_else(|| format!("`{v}` is not a list of integers such as 1,2,3"))
            }),
            Kind::Text => arg
                .value_name("FILE")
                .value_parser(|v: &str| Ok::<_, String>(GivenValue::File(PathBuf::from(v)))),
            Kind::Any => arg.value_parser(|v: &str| {
                Ok::<_, String>(GivenValue::Value(
                    serde_json::from_str(v).unwrap_or_else(|_| Value::from(v)),
                ))
            }),
        }
    }
}

/// A list of integers written `1,2,3` or as JSON, `[1,2,3]`.
fn integers(text: &str) -> Option<Vec<i64>> {
    let text = text.trim();
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(text);
    inner
        .split(',')
        .map(|n| n.trim().parse::<i64>().ok())
        .collect()
}

/// The flags of the parameters of `games`, by parameter name: one per name, its help a line
/// per game that has it, in the games' order.
pub(crate) fn game_flags(games: &[&GameDescription]) -> Vec<GameFlag> {
    let mut flags: Vec<GameFlag> = Vec::new();
    for game in games {
        for param in game.params {
            let mut help = format!("{}: {}", game.title, param.help);
            if let Some(default) = param.default {
                help.push_str(&format!(" [default: {default}]"));
            }
            let kind = Kind::of(param.kind);
            match flags.iter_mut().find(|f| f.name == param.name) {
                Some(flag) => {
                    flag.help.push(help);
                    if flag.kind != kind {
                        flag.kind = Kind::Any;
                    }
                    if flag.values.is_empty() || param.values.is_empty() {
                        flag.values.clear();
                    } else {
                        for v in param.values {
                            if !flag.values.contains(v) {
                                flag.values.push(v);
                            }
                        }
                    }
                }
                None => flags.push(GameFlag {
                    name: param.name,
                    kind,
                    help: vec![help],
                    values: param.values.to_vec(),
                }),
            }
        }
    }
    flags.sort_by_key(|f| f.name);
    flags
}

/// `command` with `flags` on every subcommand that takes game parameters, but for a flag
/// whose name the subcommand uses itself.
pub(crate) fn add_game_flags(mut command: Command, flags: &[GameFlag]) -> Command {
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, |sub| add_game_flags(sub, flags));
    }
    if !command.get_arguments().any(|a| a.get_id() == PARAM_PAIRS) {
        return command;
    }
    for flag in flags {
        let long = flag.long();
        let taken = command
            .get_arguments()
            .any(|a| a.get_long() == Some(long.as_str()) || a.get_id() == flag.name);
        if !taken {
            command = command.arg(flag.arg());
        }
    }
    command
}

/// The parameters given by their generated flags, as (name, value).
pub(crate) fn given(matches: &ArgMatches) -> Vec<(String, GivenValue)> {
    matches
        .ids()
        .filter_map(|id| {
            let name = id.as_str().strip_prefix(FLAG_ID)?;
            if matches.value_source(id.as_str()) != Some(ValueSource::CommandLine) {
                return None;
            }
            let value = matches.try_get_one::<GivenValue>(id.as_str()).ok()??;
            Some((name.to_string(), value.clone()))
        })
        .collect()
}

/// The flags' names as the top-level help lists them: `--board, --colours, …`.
pub(crate) fn flag_list(flags: &[GameFlag]) -> String {
    flags
        .iter()
        .map(|f| format!("--{}", f.long()))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
#[path = "game_flags_tests.rs"]
mod tests;
