//! The languages of the terminal: which one to speak (`--lang`, else `LC_ALL`/`LANG`, else
//! English) and the words `tabula play` uses, one file per language (`en.rs`, `fr.rs`,
//! `cs.rs`). The rules pages themselves come from the registry; moves in words come from the
//! web UI's language files ([`moves`]).

mod cs;
mod en;
mod fr;
pub mod moves;

use anyhow::{Result, bail};
use tabula_registry::LANGUAGES;

/// A language of the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Fr,
    Cs,
}

impl Lang {
    /// The language named by `--lang`, or else by the environment (`LC_ALL`, then `LANG`:
    /// `fr_*` and `cs_*` are French and Czech), else English.
    pub fn choose(flag: Option<&str>) -> Result<Lang> {
        match flag {
            Some(code) => Lang::parse(code),
            None => Ok(Lang::from_locale(
                [std::env::var("LC_ALL"), std::env::var("LANG")]
                    .into_iter()
                    .flatten()
                    .find(|v| !v.is_empty())
                    .as_deref(),
            )),
        }
    }

    /// A language code as `--lang` takes it (`en`, `fr`, `cs`).
    pub fn parse(code: &str) -> Result<Lang> {
        match code {
            "en" => Ok(Lang::En),
            "fr" => Ok(Lang::Fr),
            "cs" => Ok(Lang::Cs),
            other => bail!(
                "--lang `{other}`: unknown language; choose one of {}",
                LANGUAGES.join(", ")
            ),
        }
    }

    /// The language of a locale such as `fr_FR.UTF-8` (English when not French or Czech).
    pub fn from_locale(locale: Option<&str>) -> Lang {
        match locale.map(|l| l.get(..3).unwrap_or(l)) {
            Some("fr_") | Some("fr") => Lang::Fr,
            Some("cs_") | Some("cs") => Lang::Cs,
            _ => Lang::En,
        }
    }

    /// The code of the rules pages (`en`, `fr`, `cs`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Cs => "cs",
        }
    }

    /// Every word `tabula play` says, in this language.
    pub fn text(self) -> &'static Text {
        match self {
            Lang::En => &en::TEXT,
            Lang::Fr => &fr::TEXT,
            Lang::Cs => &cs::TEXT,
        }
    }
}

/// The words of `tabula play`. `{name}`-style placeholders are filled with [`fill`].
pub struct Text {
    /// `{title}`: the opening line.
    pub intro: &'static str,
    /// The heading of the legend (the lines are the game's own, from its terminal look).
    pub legend: &'static str,
    /// `{seat}`, `{action}`: a bot's action.
    pub bot_plays: &'static str,
    /// `{words}`, `{action}`: a bot's action in words, then in notation.
    pub bot_move: &'static str,
    /// `{seat}`, `{error}`.
    pub bot_refused: &'static str,
    pub hourglass_out: &'static str,
    pub not_your_turn: &'static str,
    /// `{seat}`.
    pub not_your_seat: &'static str,
    /// `{example}`.
    pub write_the_seat: &'static str,
    /// `{error}`.
    pub refused: &'static str,
    pub input_closed: &'static str,
    /// `{seat}`: whose turn it is.
    pub to_act: &'static str,
    /// `{seats}`.
    pub any_may_act: &'static str,
    pub chance: &'static str,
    pub over_draw: &'static str,
    pub over_ply_limit: &'static str,
    pub over_repetition: &'static str,
    /// `{seats}`.
    pub over_won: &'static str,
    /// Joins the names of several winners.
    pub and: &'static str,
    /// `{scores}`.
    pub scores: &'static str,
    /// `{seat}`: a name beside a seat number, e.g. `Yellow (seat 1)`.
    pub seat_number: &'static str,
    /// `{number}`: a seat with no name of its own.
    pub seat: &'static str,
    /// `{seat}`, `{players}`.
    pub no_such_seat: &'static str,
    /// `{status}`.
    pub nobody_can_act: &'static str,
    /// The English seat and colour names the games use, and this language's.
    pub colours: &'static [(&'static str, &'static str)],
}

/// `template` with each `{key}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (key, value) in values {
        out = out.replace(&format!("{{{key}}}"), value);
    }
    out
}

impl Text {
    /// A game's seat name (English, from the game) in this language: colours translated,
    /// `Seat N` as this language numbers seats.
    pub fn seat_name(&self, english: &str) -> String {
        if let Some(n) = english.strip_prefix("Seat ") {
            return fill(self.seat, &[("number", n)]);
        }
        let (colour, rest) = english.split_once(' ').unwrap_or((english, ""));
        match self.colours.iter().find(|(en, _)| *en == colour) {
            Some((_, name)) if rest.is_empty() => name.to_string(),
            Some((_, name)) => format!("{name} {rest}"),
            None => english.to_string(),
        }
    }
}
