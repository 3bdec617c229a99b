//! `tabula engine`: a line protocol on standard input and output, in the spirit of UCI and
//! GTP, so that other programs (strength testers, other engines' harnesses, GUIs) can set a
//! position and ask a bot for its move or its analysis (docs/engine.md).
//!
//! The session holds one position; each command line gets its answer, flushed at once. A
//! command that cannot be carried out answers exactly one `error <reason>` line and changes
//! nothing. This module keeps the position and answers the other commands;
//! [`super::engine_search`] answers `go` and `analyse`, [`run`] reads the input (`input`) and
//! runs the searches on a thread of their own, so that `stop` ends them.

mod input;
pub mod record;
mod run;

use super::engine_search::{Job, SEARCH_CAP, Search};
use super::notation::status_line;
use crate::opts::ParamOpts;
use crate::{find, make_bot};
use anyhow::Result;
use tabula_ai::BotSpec;
use tabula_core::{Actor, Seat, ToAct, rng_from_seed, write_move};
use tabula_registry::{DynGame, Setup};

/// The command line of `tabula engine`.
pub struct EngineArgs<'a> {
    pub game: &'a str,
    pub bot: &'a str,
    pub seed: u64,
    pub threads: Option<usize>,
    pub players: Option<usize>,
    pub params: &'a ParamOpts,
}

/// The commands, for the error naming them.
const COMMANDS: &str = "position, go, analyse, stop, legal, show, isready, quit";

/// One engine session: the game, the bot specification and the current position.
pub struct Session {
    /// How `position` makes its positions.
    positions: record::Positions,
    pub(super) spec: String,
    pub(super) seed: u64,
    pub(super) state: Box<dyn DynGame>,
}

/// What a command line asks of the loop.
enum Answer {
    Lines(Vec<String>),
    /// A search to run on its own thread.
    Search(Job),
    Quit,
}

fn error(reason: impl std::fmt::Display) -> Vec<String> {
    vec![format!("error {reason}")]
}

/// Runs the protocol until `quit` or the end of input.
pub fn engine(args: EngineArgs<'_>) -> Result<()> {
    let session = Session::new(&args)?;
    run::run(
        session,
        std::io::stdin(),
        &mut std::io::stdout().lock(),
        SEARCH_CAP,
    )
}

/// The bot specification with `threads` threads sharing one MCTS tree or one alpha-beta table
/// (a random bot ignores it).
fn with_threads(bot: &str, threads: Option<usize>) -> Result<String> {
    let Some(t) = threads else {
        return Ok(bot.to_string());
    };
    if t == 0 {
        anyhow::bail!("--threads must be at least 1");
    }
    let mut spec: BotSpec = bot.parse()?;
    match &mut spec {
        BotSpec::Level { threads, .. } => *threads = Some(t),
        BotSpec::Mcts { config, .. } => config.threads = t,
        BotSpec::AlphaBeta(config) => config.threads = t,
        BotSpec::Random => {}
    }
    Ok(spec.to_string())
}

impl Session {
    /// The session `args` describe, at `position start`; an unknown game, bot or parameter
    /// is refused.
    fn new(args: &EngineArgs<'_>) -> Result<Session> {
        let entry = find(args.game)?;
        // Refuses an unknown level or a bad specification before the session starts.
        make_bot(args.game, args.bot, args.seed)?;
        let spec = with_threads(args.bot, args.threads)?;
        Ok(Session {
            positions: record::Positions {
                entry,
                params: args.params.to_json(None)?,
                start_params: args.params.to_json(args.players)?,
                players: args.players,
                seed: args.seed,
            },
            spec,
            seed: args.seed,
            state: entry.new_game(
                &args.params.to_json(args.players)?,
                Setup::Random,
                &mut rng_from_seed(args.seed),
            )?,
        })
    }

    fn handle(&mut self, line: &str) -> Answer {
        // A comment (a saved match record's header): nothing to answer.
        if line.starts_with('#') {
            return Answer::Lines(Vec::new());
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return Answer::Lines(Vec::new());
        };
        Answer::Lines(match command {
            "quit" => return Answer::Quit,
            "isready" => vec!["readyok".into()],
            // No search is running (the loop stops a running one).
            "stop" => Vec::new(),
            "position" => self.position(rest),
            "legal" => self.legal(rest),
            "show" => self.show(),
            "go" => return self.search(rest, false),
            "analyse" | "analyze" => return self.search(rest, true),
            _ => error(format!(
                "unknown command `{command}` (commands: {COMMANDS})"
            )),
        })
    }

    /// `go` (or `analyse`) with the options `words`: the search to run, or the error.
    fn search(&self, words: &[&str], analyse: bool) -> Answer {
        match Search::parse(words).and_then(|s| Job::new(self, &s, analyse)) {
            Ok(job) => Answer::Search(job),
            Err(reason) => Answer::Lines(error(reason)),
        }
    }

    /// `position start [players N] [seed S] [placement] [moves …]` or
    /// `position <notation> [moves …]`: the new position replaces the old only when all of
    /// it reads.
    fn position(&mut self, words: &[&str]) -> Vec<String> {
        match self
            .positions
            .read(words)
            .and_then(|replay| replay.play_through(|_, _, _| {}))
        {
            Ok(state) => {
                self.state = state;
                Vec::new()
            }
            Err(reason) => error(reason),
        }
    }

    /// `legal [seat N]`: one line, `legal` then the actions as `moves` takes them.
    fn legal(&self, words: &[&str]) -> Vec<String> {
        let seat = match words {
            [] => None,
            ["seat", n] => match self.seat(n) {
                Ok(s) => Some(s),
                Err(reason) => return error(reason),
            },
            _ => return error("legal takes `seat N` or nothing"),
        };
        let state = self.state.as_ref();
        let mut tokens: Vec<String> = match (seat, state.to_act()) {
            (None, ToAct::One(s)) => state.legal(Actor::Seat(s)),
            (None, ToAct::Chance) => state.legal(Actor::Chance),
            (None, ToAct::Over(_)) => Vec::new(),
            (None, ToAct::Several(seats)) => {
                let mut all: Vec<String> =
                    seats.iter().flat_map(|s| seat_tokens(state, s)).collect();
                all.extend(state.legal(Actor::Host));
                all
            }
            (Some(s), ToAct::Several(_)) => seat_tokens(state, s),
            (Some(s), _) => state.legal(Actor::Seat(s)),
        };
        tokens.insert(0, "legal".into());
        vec![tokens.join(" ")]
    }

    /// The board as text, the status line, then `position <notation>` (the last line).
    fn show(&self) -> Vec<String> {
        let mut lines: Vec<String> = self.state.board_text().lines().map(String::from).collect();
        lines.push(status_line(self.state.as_ref()));
        lines.push(format!("position {}", self.state.position()));
        lines
    }

    /// A seat of this game, numbered from 1.
    pub(super) fn seat(&self, text: &str) -> Result<Seat, String> {
        let n: usize = text
            .parse()
            .map_err(|_| format!("`{text}` is not a seat number"))?;
        match Seat::from_number(n) {
            Some(s) if s.index() < self.state.num_seats() => Ok(s),
            _ => Err(format!(
                "seat {n} does not exist in this {}-player game",
                self.state.num_seats()
            )),
        }
    }
}

/// The actions of `seat` where several seats may act, each written `N:action`.
pub(super) fn seat_tokens(state: &dyn DynGame, seat: Seat) -> Vec<String> {
    let to_act = state.to_act();
    state
        .legal(Actor::Seat(seat))
        .into_iter()
        .map(|a| write_move(&to_act, Actor::Seat(seat), &a))
        .collect()
}
