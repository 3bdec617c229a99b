//! `tabula engine`'s searching commands: `go` (an `info` line with the search's figures, then
//! `bestmove`) and `analyse` (the `info` line, one `action` line per legal action of the seat
//! to act, best first, then `analysed N`). Every search uses a fresh bot made from the
//! session's specification and seed, so the same position and command give the same answer.

use super::engine::Session;
use crate::make_bot;
use std::fmt::Write as _;
use tabula_ai::{Engine, SearchLimits, SearchReport};
use tabula_core::{Actor, Seat, ToAct, write_move};
use tabula_registry::DynGame;

/// The options of `go` and `analyse`.
#[derive(Debug, Default)]
pub struct Search {
    pub limits: SearchLimits,
    /// The seat to search for (1-based), where several seats may act.
    pub seat: Option<usize>,
}

impl Search {
    /// Reads `[movetime MS] [iterations N] [nodes N] [depth D] [seat N]`.
    pub fn parse(words: &[&str]) -> Result<Search, String> {
        let mut search = Search::default();
        let mut words = words.iter();
        while let Some(&key) = words.next() {
            let value = words.next().ok_or(format!("`{key}` needs a number"))?;
            let n: u64 = value
                .parse()
                .map_err(|_| format!("`{key}` needs a number, not `{value}`"))?;
            match key {
                "movetime" => search.limits.time_ms = Some(n),
                "iterations" | "nodes" => search.limits.iterations = Some(n),
                "depth" => search.limits.depth = Some(u32::try_from(n).unwrap_or(u32::MAX)),
                "seat" => search.seat = Some(n as usize),
                _ => {
                    return Err(format!(
                        "unknown option `{key}` (options: movetime, iterations, nodes, depth, seat)"
                    ));
                }
            }
        }
        search.limits.check()?;
        Ok(search)
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

/// Searches with a fresh bot; `None` when the bot does not search.
fn search(
    session: &Session,
    seat: Seat,
    limits: &SearchLimits,
    every_root_action: bool,
) -> Result<Option<SearchReport<String>>, String> {
    let state = session.state.as_ref();
    let mut bot =
        make_bot(state.game_name(), &session.spec, session.seed).map_err(|e| e.to_string())?;
    bot.analyse(state, seat, limits, every_root_action)
        .map_err(|e| e.to_string())
}

/// `go`: the `info` line of the search (none for bots that do not search), then `bestmove`.
pub fn go(session: &Session, options: &Search) -> Vec<String> {
    let seat = match seat_to_act(session, options) {
        Ok(s) => s,
        Err(reason) => return error(reason),
    };
    let state = session.state.as_ref();
    let (info, best) = match search(session, seat, &options.limits, false) {
        Err(reason) => return error(reason),
        Ok(Some(report)) => (Some(info_line(state, seat, &report)), report.best),
        Ok(None) => {
            let bot = make_bot(state.game_name(), &session.spec, session.seed);
            let action = bot.ok().and_then(|mut b| b.decide(state, seat));
            (None, action.map(|m| m.action))
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
pub fn analyse(session: &Session, options: &Search) -> Vec<String> {
    let seat = match seat_to_act(session, options) {
        Ok(s) => s,
        Err(reason) => return error(reason),
    };
    let state = session.state.as_ref();
    let report = match search(session, seat, &options.limits, true) {
        Err(reason) => return error(reason),
        Ok(None) => {
            return error(format!(
                "bot `{}` does not search: analyse needs a search bot (--bot)",
                session.spec
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
