//! `tabula match --from FILE`: a saved match record read back. The record (`#` comments, then
//! one `position … moves …` line, as a finished match is exported or `tabula match --moves`
//! writes it) is read by the engine's own reader ([`super::engine::record`]), every move,
//! chance outcome and host action replayed; then bots play the game on from its last position
//! to the end, or (`--replay`) the recorded game is printed move by move. A record that does
//! not read is refused with the file, the line and what is wrong, before anything is played.

use super::engine::record::{Positions, Replay, read_record};
use super::notation::status_line;
use crate::opts::ParamOpts;
use crate::{find, make_bot};
use anyhow::{Context, Result, anyhow, bail};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use tabula_core::{Actor, Seat, ToAct, rng_from_seed};
use tabula_registry::{BotMove, DynBot, DynGame};

/// What `tabula match --from` needs.
pub struct FromRecord<'a> {
    pub game: &'a str,
    pub path: &'a Path,
    /// The bots that play on, one per seat; `None`: print the recorded game.
    pub bots: Option<&'a str>,
    /// Seeds the bots and the chance events after the record.
    pub seed: u64,
    /// The command line's parameters, over the record's own.
    pub params: &'a ParamOpts,
}

/// Reads the record, then plays on or prints it.
pub fn from_record(args: FromRecord<'_>) -> Result<()> {
    let entry = find(args.game)?;
    let file = args.path.display();
    let text = std::fs::read_to_string(args.path)
        .with_context(|| format!("cannot read the match record {file}"))?;
    let record = read_record(&text).map_err(|e| anyhow!("{file}, {e}"))?;
    let mut params = record
        .params
        .clone()
        .unwrap_or_else(|| Value::Object(Default::default()));
    if let (Some(map), Value::Object(given)) = (params.as_object_mut(), args.params.to_json(None)?)
    {
        map.extend(given);
    }
    let mut read_params = params.clone();
    if let Some(map) = read_params.as_object_mut() {
        map.remove("players");
    }
    let positions = Positions {
        entry,
        params: read_params,
        start_params: params,
        players: None,
        seed: 0,
    };
    let at_line = |e: String| anyhow!("{file}, line {}: {e}", record.line);
    let words: Vec<&str> = record.words.iter().map(String::as_str).collect();
    let replay = positions.read(&words).map_err(at_line)?;
    let Some(bots) = args.bots else {
        return print_game(replay).map_err(at_line);
    };
    // Nothing is printed before the whole record has replayed.
    let plies = replay.moves.len();
    let mut state = replay.play_through(|_, _, _| {}).map_err(at_line)?;
    let specs: Vec<&str> = bots.split(',').map(str::trim).collect();
    let n = state.num_seats();
    if specs.len() != n {
        bail!(
            "--bots names {} bots, but the recorded game has {n} seats: one bot per seat",
            specs.len()
        );
    }
    let mut players: BTreeMap<Seat, Box<dyn DynBot>> = BTreeMap::new();
    for (i, spec) in specs.iter().enumerate() {
        let seat = Seat(i as u8);
        let seed = args.seed.wrapping_add(1 + i as u64);
        players.insert(seat, make_bot(args.game, spec, seed)?);
    }
    println!("From {file}: {plies} recorded moves, then the bots play on.");
    print!("{}", state.board_text());
    println!("{}", status_line(state.as_ref()));
    let ply = play_on(state.as_mut(), &mut players, args.seed, plies)?;
    println!();
    print!("{}", state.board_text());
    println!("{}", status_line(state.as_ref()));
    println!("{} moves played after the record.", ply - plies);
    println!("position {}", state.position());
    Ok(())
}

/// Prints the recorded game: the start, then each move with the board after it.
fn print_game(replay: Replay) -> Result<(), String> {
    // Nothing is printed before the whole record has replayed.
    let check = Replay {
        start: replay.start.clone_box(),
        moves: replay.moves.clone(),
    };
    check.play_through(|_, _, _| {})?;
    print!("{}", replay.start.board_text());
    println!("{}", status_line(replay.start.as_ref()));
    let mut ply = 0;
    let end = replay.play_through(|before, text, after| {
        ply += 1;
        println!();
        println!("{ply}. {}: {text}", who(before, text));
        print!("{}", after.board_text());
        println!("{}", status_line(after));
    })?;
    println!("position {}", end.position());
    Ok(())
}

/// Who made a move, in words: a seat's name, chance or the host (the referee's clock).
fn who(before: &dyn DynGame, text: &str) -> String {
    match before.to_act() {
        ToAct::One(s) if before.legal(Actor::Seat(s)).iter().any(|a| a == text) => {
            before.seat_name(s)
        }
        ToAct::Chance => "chance".into(),
        _ if before.legal(Actor::Host).iter().any(|a| a == text) => "host".into(),
        _ => match tabula_core::read_move(text) {
            Some((s, _)) if s.index() < before.num_seats() => before.seat_name(s),
            _ => "seat".into(),
        },
    }
}

/// Plays the game to its end with `players`, printing each move; returns the ply count.
fn play_on(
    state: &mut dyn DynGame,
    players: &mut BTreeMap<Seat, Box<dyn DynBot>>,
    seed: u64,
    mut ply: usize,
) -> Result<usize> {
    let mut rng = rng_from_seed(seed);
    loop {
        let acting = match state.to_act() {
            ToAct::Over(_) => return Ok(ply),
            ToAct::Chance => {
                for outcome in state.resolve_chance(&mut rng) {
                    ply += 1;
                    println!("{ply}. chance: {outcome}");
                }
                continue;
            }
            to_act => to_act.seats(),
        };
        // The bot that would act first, as in a race where every bot sees the same instant.
        let mut first: Option<(Seat, BotMove)> = None;
        for (&seat, bot) in players.iter_mut().filter(|(s, _)| acting.contains(**s)) {
            let Some(m) = bot.try_decide(state, seat)? else {
                continue;
            };
            if first.as_ref().is_none_or(|(_, f)| m.delay < f.delay) {
                first = Some((seat, m));
            }
        }
        let (actor, action, name) = match first {
            Some((seat, m)) => (Actor::Seat(seat), m.action, state.seat_name(seat)),
            None => match state.legal(Actor::Host).into_iter().next() {
                // No bot acts (a race none enters): the referee's action, as its clock would.
                Some(a) => (Actor::Host, a, "host".to_string()),
                None => bail!("nobody can act: {}", status_line(state)),
            },
        };
        let read = state.read_action(actor, &action)?;
        let before = state.clone_box();
        let done = state.apply_action(&read)?;
        for bot in players.values_mut() {
            bot.observe(before.as_ref(), &read);
        }
        ply += 1;
        println!("{ply}. {name}: {done}");
    }
}
