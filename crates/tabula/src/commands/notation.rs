//! The commands that read and write notation: `games`, `rules`, `legal`, `apply`, `perft`,
//! `new` and `show`. Their output formats are exact: scripts and conformance checkers read
//! them.

use crate::find;
use crate::opts::{ParamOpts, seat};
use anyhow::{Result, bail};
use serde_json::json;
use std::fmt::Write as _;
use tabula_core::{Actor, Seat, ToAct, rng_from_seed};
use tabula_registry::{DynGame, GameEntry, Setup, resolve_actor, status_json};

fn load(game: &str, position: &str, opts: &ParamOpts) -> Result<Box<dyn DynGame>> {
    let entry = find(game)?;
    Ok(entry.load_position(&opts.to_json(None)?, position)?)
}

pub fn games() -> Result<()> {
    for entry in crate::catalog().entries().to_vec() {
        let info = entry.info();
        let players = if info.min_players == info.max_players {
            info.min_players.to_string()
        } else {
            format!("{}–{}", info.min_players, info.max_players)
        };
        println!("{:<15} {} ({players} players)", info.name, info.title);
    }
    Ok(())
}

/// The rules for players in `lang` (a code of the rules pages: en, fr, cs): as text for the
/// terminal painted by `painter`, or the Markdown source without one.
pub fn rules(game: &str, lang: &str, painter: Option<crate::term::Painter>) -> Result<()> {
    let info = find(game)?.info();
    match info.rules_in(lang) {
        Some(page) => match painter {
            Some(painter) => print!("{}", painter.markdown(page)),
            None => print!("{page}"),
        },
        None => anyhow::bail!("{} has no rules in `{lang}`", info.name),
    }
    Ok(())
}

pub fn legal(
    game: &str,
    position: &str,
    seat_number: Option<usize>,
    opts: &ParamOpts,
) -> Result<()> {
    let state = load(game, position, opts)?;
    let actions = match (seat_number, state.to_act()) {
        (Some(n), _) => {
            let s = seat(n)?;
            check_seat(state.as_ref(), s)?;
            state.legal(Actor::Seat(s))
        }
        (None, ToAct::One(s)) => state.legal(Actor::Seat(s)),
        (None, ToAct::Chance) => state.legal(Actor::Chance),
        (None, ToAct::Over(_)) => Vec::new(),
        (None, ToAct::Several(seats)) => {
            let mut all: Vec<String> = seats
                .iter()
                .flat_map(|s| state.legal(Actor::Seat(s)))
                .collect();
            all.sort();
            all.dedup();
            all
        }
    };
    let mut out = String::new();
    for a in actions {
        writeln!(out, "{a}")?;
    }
    print!("{out}");
    Ok(())
}

fn check_seat(state: &dyn DynGame, s: Seat) -> Result<()> {
    if s.index() >= state.num_seats() {
        bail!(
            "seat {} does not exist in this {}-player game",
            s.number(),
            state.num_seats()
        );
    }
    Ok(())
}

pub fn apply(
    game: &str,
    position: &str,
    actions: &[String],
    seat_number: Option<usize>,
    seed: u64,
    opts: &ParamOpts,
) -> Result<()> {
    let mut state = load(game, position, opts)?;
    let mut rng = rng_from_seed(seed);
    state.resolve_chance(&mut rng);
    let seat = seat_number.map(seat).transpose()?;
    for (i, text) in actions.iter().enumerate() {
        let actor = resolve_actor(state.as_ref(), seat, text)
            .map_err(|e| anyhow::anyhow!("action {} `{text}`: {e}", i + 1))?;
        state
            .apply(actor, text)
            .map_err(|e| anyhow::anyhow!("action {}: {e}", i + 1))?;
        state.resolve_chance(&mut rng);
    }
    println!("{}", state.position());
    Ok(())
}

pub fn perft(game: &str, position: &str, depth: u32, divide: bool, opts: &ParamOpts) -> Result<()> {
    let state = load(game, position, opts)?;
    if divide {
        let rows = state.divide(depth);
        let mut total = 0;
        for (action, n) in &rows {
            println!("{action} {n}");
            total += n;
        }
        println!("total {total}");
    } else {
        println!("{}", state.perft(depth));
    }
    Ok(())
}

pub fn new(
    game: &str,
    players: Option<usize>,
    seed: u64,
    placement: bool,
    opts: &ParamOpts,
) -> Result<()> {
    let entry: &dyn GameEntry = find(game)?;
    let setup = if placement {
        Setup::Placement
    } else {
        Setup::Random
    };
    let state = entry.new_game(&opts.to_json(players)?, setup, &mut rng_from_seed(seed))?;
    println!("{}", state.position());
    Ok(())
}

/// Who acts, or the result, in words.
pub fn status_line(state: &dyn DynGame) -> String {
    let name = |s: Seat| {
        let name = state.seat_name(s);
        if name == format!("Seat {}", s.number()) {
            name
        } else {
            format!("{name} (seat {})", s.number())
        }
    };
    match state.to_act() {
        ToAct::One(s) => format!("To act: {}", name(s)),
        ToAct::Several(seats) => {
            let names: Vec<String> = seats.iter().map(name).collect();
            format!("Any of these may act: {}", names.join(", "))
        }
        ToAct::Chance => "A chance event is pending".into(),
        ToAct::Over(o) => {
            let mut line = match o.reason {
                tabula_core::EndReason::Draw => "Game over: a draw".to_string(),
                tabula_core::EndReason::PlyLimit => {
                    "Game over: a draw by the ply limit".to_string()
                }
                tabula_core::EndReason::Repetition => {
                    "Game over: a draw by repetition (a position occurred a third time)".to_string()
                }
                _ => {
                    let winners: Vec<String> = o.winners().map(name).collect();
                    format!("Game over: {} won", winners.join(" and "))
                }
            };
            if let Some(scores) = o.scores() {
                let parts: Vec<String> = scores
                    .iter()
                    .enumerate()
                    .map(|(i, s)| format!("{} {s}", state.seat_name(Seat(i as u8))))
                    .collect();
                write!(line, " (scores: {})", parts.join(", ")).ok();
            }
            line
        }
    }
}

pub fn show(game: &str, position: &str, as_json: bool, opts: &ParamOpts) -> Result<()> {
    let state = load(game, position, opts)?;
    if as_json {
        let mut value = status_json(state.as_ref());
        value["game"] = json!(state.game_name());
        value["position"] = json!(state.position());
        value["seats"] = json!(
            Seat::all(state.num_seats())
                .map(|s| json!({"seat": s.number(), "name": state.seat_name(s)}))
                .collect::<Vec<_>>()
        );
        value["view"] = state.view(None)?;
        println!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        print!("{}", state.board_text());
        println!("{}", status_line(state.as_ref()));
    }
    Ok(())
}
