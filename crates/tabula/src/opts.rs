//! Options shared by several commands: game parameters and seats.

use anyhow::{Context, Result, bail};
use clap::Args;
use serde_json::{Map, Value};
use tabula_core::Seat;

/// Game parameters given on the command line.
#[derive(Args, Debug, Default, Clone)]
pub struct ParamOpts {
    /// Khan-Tsin: the board layout, 36 digits 1/2/3 (12 of each) in track order.
    #[arg(long, value_name = "DIGITS")]
    pub layout: Option<String>,
    /// China Moon: a board file (JSON) instead of the standard board.
    #[arg(long, value_name = "FILE")]
    pub board: Option<std::path::PathBuf>,
    /// End the game in a draw after this many plies (automated play; off by default).
    #[arg(long, value_name = "N")]
    pub max_plies: Option<u32>,
    /// Any other game parameter, as key=value (value read as JSON when it parses, else text).
    #[arg(long = "param", value_name = "KEY=VALUE")]
    pub extra: Vec<String>,
}

impl ParamOpts {
    /// The parameters as the registry takes them.
    pub fn to_json(&self, players: Option<usize>) -> Result<Value> {
        let mut map = Map::new();
        if let Some(n) = players {
            map.insert("players".into(), Value::from(n));
        }
        if let Some(layout) = &self.layout {
            map.insert("layout".into(), Value::from(layout.clone()));
        }
        if let Some(path) = &self.board {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read board file {}", path.display()))?;
            map.insert("board".into(), Value::from(text));
        }
        if let Some(n) = self.max_plies {
            map.insert("max_plies".into(), Value::from(n));
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
