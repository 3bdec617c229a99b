//! `tabula engine`'s searching commands: `go` (an `info` line with the search's figures, then
//! `bestmove`) and `analyse` (the `info` line, one `action` line per legal action of the seat
//! to act, best first, then `analysed N`). A command is read into a [`Job`] on the session's
//! thread (its errors answered at once); the job then runs on a search thread of its own, so
//! that `stop` is read while it searches. Every search uses a fresh bot made from the
//! session's specification and seed, so the same position and command give the same answer.

use super::engine::Session;
use crate::make_bot;
use std::fmt::Write as _;
use std::time::{Duration, Instant};
use tabula_ai::{Engine, SearchLimits, SearchReport, Stop};
use tabula_core::{Actor, Seat, ToAct, write_move};
use tabula_registry::DynGame;

/// The longest `movetime`: the searches' bound, ten minutes, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = tabula_ai::bounds::MAX_TIME_MS;
/// The most `iterations` (or `nodes`) one search may be given.
pub const MAX_ITERATIONS: u64 = tabula_ai::bounds::MAX_SEARCH_NODES;
/// The deepest alpha-beta iteration `depth` may ask for.
pub const MAX_DEPTH: u32 = SearchLimits::TIMED_DEPTH;
/// How long a search given no `movetime` (and not `infinite`) may run before it is stopped
/// as `stop` would: a depth, node or iteration budget, or the bot's own, can take longer
/// than anyone waits.
pub const SEARCH_CAP: Duration = Duration::from_secs(60);

/// The options of `go` and `analyse`.
#[derive(Debug, Default)]
pub struct Search {
    pub limits: SearchLimits,
    /// The seat to search for (1-based), where several seats may act.
    pub seat: Option<usize>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

/// The options, for the error naming them.
const OPTIONS: &str = "movetime, iterations, nodes, depth, seat, infinite";

/// `value` as a number of `key` no greater than `max`, or why not.
fn number(key: &str, value: Option<&&str>, max: u64) -> Result<u64, String> {
    let value = value.ok_or(format!("`{key}` needs a number"))?;
    let n: u64 = value
        .parse()
        .map_err(|_| format!("`{key}` needs a number, not `{value}`"))?;
    if n > max {
        return Err(format!("{key} must be at most {max}, not {n}"));
    }
    Ok(n)
}

impl Search {
    /// Reads `[movetime MS] [iterations N] [nodes N] [depth D] [seat N]` or `infinite [seat
    /// N]`, refusing a number out of bounds (naming the option).
    pub fn parse(words: &[&str]) -> Result<Search, String> {
        let mut search = Search::default();
        let mut words = words.iter();
        while let Some(&key) = words.next() {
            match key {
                "infinite" => search.infinite = true,
                "movetime" => {
                    search.limits.time_ms = Some(number(key, words.next(), MAX_MOVETIME_MS)?)
                }
                "iterations" | "nodes" => {
                    search.limits.iterations = Some(number(key, words.next(), MAX_ITERATIONS)?)
                }
                "depth" => {
                    let d = number(key, words.next(), MAX_DEPTH.into())?;
                    search.limits.depth = Some(d as u32);
                }
                "seat" => search.seat = Some(number(key, words.next(), 64)? as usize),
                _ => return Err(format!("unknown option `{key}` (options: {OPTIONS})")),
            }
        }
        search.limits.check()?;
        if search.infinite {
            if !search.limits.is_empty() {
                return Err("infinite takes no movetime, iterations, nodes or depth".into());
            }
            // Until `stop`: alpha-beta deepens as under a time limit, MCTS runs on; the
            // longest movetime is only a backstop.
            search.limits.time_ms = Some(MAX_MOVETIME_MS);
        }
        Ok(search)
    }

    /// Whether the session stops the search after [`SEARCH_CAP`]: no `movetime` and not
    /// `infinite`.
    pub fn capped(&self) -> bool {
        !self.infinite && self.limits.time_ms.is_none()
    }
}

fn error(reason: impl std::fmt::Display) -> Vec<String> {
    vec![format!("error {reason}")]
}

/// The seat to search for, or why there is none.
fn seat_to_act(session: &Session, search: &Search) -> Result<Seat, String> {
    let state = session.state.as_ref();
    let given = search
        .seat
        .map(|n| session.seat(&n.to_string()))
        .transpose()?;
    match (state.to_act(), given) {
        (ToAct::Over(_), _) => Err("the game is over".into()),
        (ToAct::Chance, _) => Err("a chance event is pending: give its outcome with \
             `position … moves <outcome>` (legal lists the outcomes)"
            .into()),
        (to_act, Some(s)) if to_act.seats().contains(s) => Ok(s),
        (_, Some(s)) => Err(format!("seat {} may not act now", s.number())),
        (ToAct::One(s), None) => Ok(s),
        (ToAct::Several(seats), None) => Err(format!(
            "several seats may act ({}): say which with `seat N`",
            seats
                .iter()
                .map(|s| s.number().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// One `go` or `analyse`, ready to run on a thread of its own.
pub struct Job {
    /// `analyse` (every root action listed) rather than `go`.
    analyse: bool,
    spec: String,
    seed: u64,
    state: Box<dyn DynGame>,
    seat: Seat,
    limits: SearchLimits,
    /// Whether the session stops it after [`SEARCH_CAP`] (see [`Search::capped`]).
    pub capped: bool,
    /// `go infinite`: only `stop` ends it.
    pub infinite: bool,
}

impl Job {
    /// The job of `go` (or `analyse`) with `options` in the session's position, or why it
    /// cannot run.
    pub fn new(session: &Session, options: &Search, analyse: bool) -> Result<Job, String> {
        Ok(Job {
            analyse,
            seat: seat_to_act(session, options)?,
            spec: session.spec.clone(),
            seed: session.seed,
            state: session.state.clone_box(),
            limits: options.limits,
            capped: options.capped(),
            infinite: options.infinite,
        })
    }

    /// Runs the search until its budget is spent or `stop` is set; the answer's lines.
    pub fn run(&self, stop: &Stop) -> Vec<String> {
        if self.analyse {
            analyse(self, stop)
        } else {
            go(self, stop)
        }
    }

    /// The move a fresh bot plays here, as in a match, with the report of its search (if it
    /// searched), timed from the call to the answer.
    #[allow(clippy::type_complexity)]
    fn decide(
        &self,
        stop: &Stop,
    ) -> Result<(Option<SearchReport<String>>, Option<String>), String> {
        let state = self.state.as_ref();
        let mut bot =
            make_bot(state.game_name(), &self.spec, self.seed).map_err(|e| e.to_string())?;
        bot.set_stop(Some(stop.clone()));
        let started = Instant::now();
        let decided = bot.try_act(state, self.seat).map_err(|e| e.to_string())?;
        let elapsed = started.elapsed();
        let report = bot.last_report(state).map(|mut r| {
            r.elapsed = elapsed;
            r
        });
        Ok((report, decided.map(|m| m.action)))
    }

    /// Searches with a fresh bot that `stop` ends; `None` when the bot does not search.
    fn search(
        &self,
        stop: &Stop,
        every_root_action: bool,
    ) -> Result<Option<SearchReport<String>>, String> {
        let state = self.state.as_ref();
        let mut bot =
            make_bot(state.game_name(), &self.spec, self.seed).map_err(|e| e.to_string())?;
        bot.set_stop(Some(stop.clone()));
        bot.analyse(state, self.seat, &self.limits, every_root_action)
            .map_err(|e| e.to_string())
    }
}

/// `go`: the `info` line of the search (none where the move came without one), then
/// `bestmove`. Without limits the bot plays as it does in a match (a level with its solver or
/// its game's own policy), and `info` reports that decision, timed whole.
fn go(job: &Job, stop: &Stop) -> Vec<String> {
    let (state, seat) = (job.state.as_ref(), job.seat);
    let (info, best) = if job.limits.is_empty() && !job.infinite {
        match job.decide(stop) {
            Err(reason) => return error(reason),
            Ok((report, best)) => (report.map(|r| info_line(state, seat, &r)), best),
        }
    } else {
        match job.search(stop, false) {
            Err(reason) => return error(reason),
            Ok(Some(report)) => (Some(info_line(state, seat, &report)), report.best),
            Ok(None) => {
                let bot = make_bot(state.game_name(), &job.spec, job.seed);
                let action = bot.ok().and_then(|mut b| b.decide(state, seat));
                (None, action.map(|m| m.action))
            }
        }
    };
    let Some(best) = best else {
        return error(format!("seat {} has no action to play", seat.number()));
    };
    let mut lines: Vec<String> = info.into_iter().collect();
    let best = write_move(&state.to_act(), Actor::Seat(seat), &best);
    lines.push(format!("bestmove {best}"));
    lines
}

/// `analyse`: the `info` line, one `action` line per legal action of the seat, best first,
/// then `analysed N`.
fn analyse(job: &Job, stop: &Stop) -> Vec<String> {
    let (state, seat) = (job.state.as_ref(), job.seat);
    let report = match job.search(stop, true) {
        Err(reason) => return error(reason),
        Ok(None) => {
            return error(format!(
                "bot `{}` does not search: analyse needs a search bot (--bot)",
                job.spec
            ));
        }
        Ok(Some(report)) => report,
    };
    let legal = state.legal(Actor::Seat(seat));
    let to_act = state.to_act();
    // How an action is written in `moves`: `N:action` where several seats may act.
    let token = |action: &str| write_move(&to_act, Actor::Seat(seat), action);
    let mut lines = vec![info_line(state, seat, &report)];
    let mut listed = Vec::new();
    for stat in report.root.iter().filter(|r| r.actor == Some(seat)) {
        if !legal.contains(&stat.action) || listed.contains(&stat.action) {
            continue;
        }
        let mut line = format!("action {}", token(&stat.action));
        match stat.value.get(seat.index()) {
            Some(v) => write!(line, " value {v:.3}").ok(),
            None => write!(line, " value -").ok(),
        };
        if let Some(n) = stat.visits {
            write!(line, " visits {n}").ok();
        }
        if let Some(s) = stat.score {
            write!(line, " score {s}").ok();
        }
        lines.push(line);
        listed.push(stat.action.clone());
    }
    // Actions the search never reached (an MCTS budget below the branching).
    for action in legal.iter().filter(|a| !listed.contains(a)) {
        lines.push(format!("action {} value - visits 0", token(action)));
    }
    lines.push(format!("analysed {}", legal.len()));
    lines
}

/// `info [depth D | iterations N] nodes N time MS nps N [score S] [mate M] value V… pv A…`.
fn info_line(state: &dyn DynGame, seat: Seat, report: &SearchReport<String>) -> String {
    let mut line = String::from("info");
    match report.engine {
        Engine::AlphaBeta => write!(line, " depth {}", report.depth.unwrap_or(0)),
        Engine::Mcts => write!(line, " iterations {}", report.iterations.unwrap_or(0)),
    }
    .ok();
    write!(
        line,
        " nodes {} time {} nps {}",
        report.nodes,
        report.elapsed.as_millis(),
        report.nodes_per_second()
    )
    .ok();
    if let Some(s) = report.score {
        write!(line, " score {s}").ok();
    }
    if let Some(m) = report.mate_in {
        write!(line, " mate {m}").ok();
    }
    line.push_str(" value");
    for v in &report.value {
        write!(line, " {v:.3}").ok();
    }
    line.push_str(" pv");
    let to_act = state.to_act();
    for (i, a) in report.pv.iter().enumerate() {
        // Only the first action's seat is known for sure where several seats may act.
        if i == 0 {
            write!(line, " {}", write_move(&to_act, Actor::Seat(seat), a)).ok();
        } else {
            write!(line, " {a}").ok();
        }
    }
    line
}
