//! `tabula play`: a game in the terminal. Humans type actions in notation (a wrong one is
//! refused with the reason and asked again); bots play the other seats. The loop is also the
//! host of real-time games: it runs the hourglass and applies bots' actions after their delay.
//!
//! A person sits at seat 1 unless `--human` says otherwise (`none`: bots only).
//! It speaks the language chosen with `--lang` and colours the seats and the board when the
//! terminal supports it. Bots' actions are listed one per line, in words (the web UI's move
//! list) and in notation; the rules (`rules`) are shown as text. The board is drawn once before
//! each prompt of a person, once when the hourglass runs out, and at the start and the end of
//! a game of bots only; a legend of its marks comes first.

use crate::lang::{Lang, Text, fill, moves};
use crate::opts::ParamOpts;
use crate::term::Painter;
use crate::{find, make_bot};
use anyhow::Result;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use tabula_core::{Actor, Seat, ToAct, rng_from_seed};
use tabula_registry::{DynBot, DynGame, Setup, TerminalLook};

pub struct PlayArgs<'a> {
    pub game: &'a str,
    pub players: Option<usize>,
    pub seed: u64,
    pub humans: Vec<Seat>,
    pub level: &'a str,
    pub params: &'a ParamOpts,
    /// The language of the prompts, messages, legend and rules.
    pub lang: Lang,
    /// Whether to colour the output.
    pub painter: Painter,
}

/// What the loop needs to speak to the players.
struct Voice<'a> {
    lang: Lang,
    text: &'static Text,
    painter: Painter,
    rules: &'a str,
}

impl Voice<'_> {
    /// A seat's name, translated and in its colour.
    fn seat(&self, state: &dyn DynGame, seat: Seat) -> String {
        let english = state.seat_name(seat);
        self.painter.seat(&english, &self.text.seat_name(&english))
    }

    /// Who acts next, or the result: the status line in this language.
    fn status(&self, state: &dyn DynGame) -> String {
        let t = self.text;
        let name = |s: Seat| {
            let english = state.seat_name(s);
            let shown = self.seat(state, s);
            if english == format!("Seat {}", s.number()) {
                shown
            } else {
                fill(
                    t.seat_number,
                    &[("seat", &shown), ("number", &s.number().to_string())],
                )
            }
        };
        match state.to_act() {
            ToAct::One(s) => fill(t.to_act, &[("seat", &name(s))]),
            ToAct::Several(seats) => {
                let names: Vec<String> = seats.iter().map(name).collect();
                fill(t.any_may_act, &[("seats", &names.join(", "))])
            }
            ToAct::Chance => t.chance.to_string(),
            ToAct::Over(o) => {
                // Any other rules draw is told as a plain draw.
                let winners: Vec<String> = o.winners().map(name).collect();
                let mut line = match o.reason {
                    tabula_core::EndReason::PlyLimit => t.over_ply_limit.to_string(),
                    tabula_core::EndReason::Repetition => t.over_repetition.to_string(),
                    _ if o.is_draw() => t.over_draw.to_string(),
                    _ => fill(t.over_won, &[("seats", &winners.join(t.and))]),
                };
                if let Some(scores) = o.scores() {
                    let parts: Vec<String> = scores
                        .iter()
                        .enumerate()
                        .map(|(i, s)| format!("{} {s}", self.seat(state, Seat(i as u8))))
                        .collect();
                    line.push_str(&fill(t.scores, &[("scores", &parts.join(", "))]));
                }
                line
            }
        }
    }

    /// A bot's move, applied as `done`: in words where the game's terminal `look` tells it,
    /// with the notation after them, else in notation.
    fn bot_line(
        &self,
        look: Option<&TerminalLook>,
        before: &dyn DynGame,
        after: &dyn DynGame,
        seat: Seat,
        done: &str,
    ) -> String {
        let name = self.seat(before, seat);
        match moves::describe(self.lang, look, before, after, seat, done, &name) {
            Some(words) => fill(self.text.bot_move, &[("words", &words), ("action", done)]),
            None => fill(self.text.bot_plays, &[("seat", &name), ("action", done)]),
        }
    }

    /// The board, in colour as the game's terminal `look` paints it, and the status line.
    fn board(&self, state: &dyn DynGame, look: Option<&TerminalLook>) {
        println!();
        print!("{}", self.painter.board(look, &state.board_text()));
        println!("{}", self.status(state));
    }
}

/// The hourglass length when the game's parameters do not say (Magical Circle's D5).
const DEFAULT_HOURGLASS: Duration = Duration::from_secs(45);

pub fn play(args: PlayArgs<'_>) -> Result<()> {
    let entry = find(args.game)?;
    let setup = if args.humans.is_empty() {
        Setup::Random
    } else {
        Setup::Placement
    };
    let mut rng = rng_from_seed(args.seed);
    let mut state = entry.new_game(&args.params.to_json(args.players)?, setup, &mut rng)?;
    let text = args.lang.text();
    let voice = Voice {
        lang: args.lang,
        text,
        painter: args.painter,
        rules: entry
            .info()
            .rules_in(args.lang.code())
            .unwrap_or(entry.info().rules),
    };
    let n = state.num_seats();
    if let Some(bad) = args.humans.iter().find(|s| s.index() >= n) {
        anyhow::bail!(
            "{}",
            fill(
                text.no_such_seat,
                &[
                    ("seat", &bad.number().to_string()),
                    ("players", &n.to_string())
                ]
            )
        );
    }
    let mut bots: Bots = BTreeMap::new();
    for seat in Seat::all(n).filter(|s| !args.humans.contains(s)) {
        let seed = args.seed.wrapping_add(1 + seat.index() as u64);
        bots.insert(seat, make_bot(args.game, args.level, seed)?);
    }
    let hourglass = state.params()?["hourglass_seconds"]
        .as_u64()
        .map(Duration::from_secs)
        .unwrap_or(DEFAULT_HOURGLASS);
    let input = spawn_input_reader();
    let mut attempt_started: Option<Instant> = None;
    let mut shown = String::new();
    println!("{}", fill(text.intro, &[("title", entry.info().title)]));
    // The game's own presentation: legend, moves in words, colours (none: plain).
    let look = entry.terminal();
    let legend = look.map_or(&[][..], |l| l.legend(args.lang.code()));
    if !legend.is_empty() {
        println!("{}", text.legend);
        legend.iter().for_each(|line| println!("  {line}"));
    }
    loop {
        let humans_may_act = args
            .humans
            .iter()
            .any(|s| !state.legal(Actor::Seat(*s)).is_empty());
        let over = matches!(state.to_act(), ToAct::Over(_));
        let bots_only_start = args.humans.is_empty() && shown.is_empty();
        if (humans_may_act || over || bots_only_start) && state.position() != shown {
            shown = state.position();
            voice.board(state.as_ref(), look);
        }
        match state.to_act() {
            ToAct::Over(_) => return Ok(()),
            ToAct::Chance => {
                state.resolve_chance(&mut rng);
                continue;
            }
            _ => {}
        }
        let host_actions = state.legal(Actor::Host);
        if host_actions.is_empty() {
            attempt_started = None;
        } else if attempt_started.is_none() {
            attempt_started = Some(Instant::now());
        }
        let now = Instant::now();
        let host_deadline = attempt_started.map(|t| t + hourglass);
        let bot_move = next_bot_move(&mut bots, state.as_ref(), now);
        let humans_to_act: Vec<Seat> = args
            .humans
            .iter()
            .copied()
            .filter(|s| !state.legal(Actor::Seat(*s)).is_empty())
            .collect();
        if humans_to_act.is_empty() && host_deadline.is_none() {
            // Turn-based bots' turn: no clock to run.
            match bot_move {
                Some((_, seat, action)) => apply_bot(
                    state.as_mut(),
                    &mut bots,
                    seat,
                    &action,
                    &mut rng,
                    &voice,
                    look,
                ),
                None => anyhow::bail!(
                    "{}",
                    fill(
                        text.nobody_can_act,
                        &[("status", &voice.status(state.as_ref()))]
                    )
                ),
            }
            continue;
        }
        let deadline = [host_deadline, bot_move.as_ref().map(|m| m.0)]
            .into_iter()
            .flatten()
            .min();
        if !humans_to_act.is_empty() {
            prompt(state.as_ref(), &humans_to_act, &voice);
        }
        let wait = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let line = match wait {
            Some(w) => input.recv_timeout(w),
            None => input.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match line {
            Ok(line) => {
                if human_line(
                    state.as_mut(),
                    &mut bots,
                    &humans_to_act,
                    line.trim(),
                    &voice,
                    &mut rng,
                )? {
                    return Ok(());
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                if host_deadline.is_some_and(|d| Instant::now() >= d) {
                    if let Some(timeout) = host_actions.first() {
                        println!("{}", text.hourglass_out);
                        apply_and_tell(state.as_mut(), &mut bots, Actor::Host, timeout)?;
                        state.resolve_chance(&mut rng);
                        // The board once, for the person whose attempt just failed.
                        shown = state.position();
                        voice.board(state.as_ref(), look);
                    }
                } else if let Some((_, seat, action)) = bot_move {
                    apply_bot(
                        state.as_mut(),
                        &mut bots,
                        seat,
                        &action,
                        &mut rng,
                        &voice,
                        look,
                    );
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                println!("{}", text.input_closed);
                return Ok(());
            }
        }
    }
}

/// The earliest action a bot wants to take, with when.
fn next_bot_move(
    bots: &mut Bots,
    state: &dyn DynGame,
    now: Instant,
) -> Option<(Instant, Seat, String)> {
    let acting = state.to_act().seats();
    bots.iter_mut()
        .filter(|(seat, _)| acting.contains(**seat))
        .filter_map(|(&seat, bot)| {
            bot.decide(state, seat)
                .map(|m| (now + m.delay, seat, m.action))
        })
        .min_by_key(|m| m.0)
}

type Bots = BTreeMap<Seat, Box<dyn DynBot>>;

/// Applies an action and reports it to every bot (for their subtree reuse).
fn apply_and_tell(
    state: &mut dyn DynGame,
    bots: &mut Bots,
    actor: Actor,
    action: &str,
) -> Result<String, tabula_registry::RegistryError> {
    let action = state.read_action(actor, action)?;
    let before = state.clone_box();
    let done = state.apply_action(&action)?;
    for bot in bots.values_mut() {
        bot.observe(before.as_ref(), &action);
    }
    Ok(done)
}

fn apply_bot(
    state: &mut dyn DynGame,
    bots: &mut Bots,
    seat: Seat,
    action: &str,
    rng: &mut tabula_core::GameRng,
    voice: &Voice<'_>,
    look: Option<&TerminalLook>,
) {
    let name = voice.seat(state, seat);
    let before = state.clone_box();
    match apply_and_tell(state, bots, Actor::Seat(seat), action) {
        Ok(done) => {
            println!(
                "{}",
                voice.bot_line(look, before.as_ref(), state, seat, &done)
            );
        }
        Err(e) => println!(
            "{}",
            fill(
                voice.text.bot_refused,
                &[("seat", &name), ("error", &e.to_string())]
            )
        ),
    }
    state.resolve_chance(rng);
}

fn prompt(state: &dyn DynGame, humans: &[Seat], voice: &Voice<'_>) {
    let names: Vec<String> = humans.iter().map(|s| voice.seat(state, *s)).collect();
    print!("{}> ", names.join("/"));
    std::io::stdout().flush().ok();
}

/// Handles one line typed by a human; returns `true` to stop the game.
fn human_line(
    state: &mut dyn DynGame,
    bots: &mut Bots,
    humans: &[Seat],
    line: &str,
    voice: &Voice<'_>,
    rng: &mut tabula_core::GameRng,
) -> Result<bool> {
    let text = voice.text;
    match line {
        "" => return Ok(false),
        "quit" | "q" | "exit" => return Ok(true),
        "rules" => {
            print!("{}", voice.painter.markdown(voice.rules));
            return Ok(false);
        }
        "?" | "help" => {
            for &seat in humans {
                println!(
                    "{}: {}",
                    voice.seat(state, seat),
                    state.legal(Actor::Seat(seat)).join(" ")
                );
            }
            return Ok(false);
        }
        _ => {}
    }
    if humans.is_empty() {
        println!("{}", text.not_your_turn);
        return Ok(false);
    }
    // With several human seats able to act (a hot-seat race), a line starts with the seat.
    let (seat, action) = match line.split_once(' ') {
        Some((n, rest)) if n.parse::<usize>().is_ok() => {
            let number: usize = n.parse().unwrap_or(0);
            match humans.iter().find(|s| s.number() == number) {
                Some(&s) => (s, rest.trim()),
                None => {
                    println!(
                        "{}",
                        fill(text.not_your_seat, &[("seat", &number.to_string())])
                    );
                    return Ok(false);
                }
            }
        }
        _ if humans.len() == 1 => (humans[0], line),
        _ => {
            let example = format!("{} {line}", humans[0].number());
            println!("{}", fill(text.write_the_seat, &[("example", &example)]));
            return Ok(false);
        }
    };
    match apply_and_tell(state, bots, Actor::Seat(seat), action) {
        Ok(_) => state.resolve_chance(rng).into_iter().for_each(drop),
        Err(e) => println!("{}", fill(text.refused, &[("error", &e.to_string())])),
    }
    Ok(false)
}

/// Reads standard input on a thread of its own, so that the game loop can wait on both the
/// player and the clock.
fn spawn_input_reader() -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_by_repetition_is_told_as_such_in_every_language() {
        // Toumaï R14: Yellow's 1 flies a→b, Red's d→f, both back; the third time is a draw.
        let entry = crate::catalog::find("toumai").unwrap();
        let mut state = entry
            .load_position(
                &serde_json::json!({}),
                "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 -",
            )
            .unwrap();
        for _ in 0..2 {
            for action in ["a:1>b", "d:1>f", "b:1>a", "f:1>d"] {
                let ToAct::One(seat) = state.to_act() else {
                    panic!("one seat acts")
                };
                state.apply(Actor::Seat(seat), action).unwrap();
            }
        }
        for (lang, words) in [
            (Lang::En, "threefold repetition"),
            (Lang::Fr, "triple répétition"),
            (Lang::Cs, "opakováním"),
        ] {
            let voice = Voice {
                lang,
                text: lang.text(),
                painter: Painter { on: false },
                rules: "",
            };
            let line = voice.status(state.as_ref());
            assert!(line.contains(words), "{lang:?}: {line}");
        }
    }

    #[test]
    fn a_game_without_a_terminal_look_plays_with_a_plain_board_and_notation() {
        let entry = crate::catalog::find("connect-four").unwrap();
        let mut rng = rng_from_seed(0);
        let before = entry
            .new_game(&serde_json::json!({}), Setup::Placement, &mut rng)
            .unwrap();
        let mut after = before.clone_box();
        let done = after.apply(Actor::Seat(Seat(0)), "4").unwrap();
        let voice = Voice {
            lang: Lang::En,
            text: Lang::En.text(),
            painter: Painter { on: true },
            rules: "",
        };
        let plain = "\x1b[1;31mRed (x)\x1b[0m plays 4";
        let line = voice.bot_line(None, before.as_ref(), after.as_ref(), Seat(0), &done);
        assert_eq!(line, plain);
        let board = after.board_text();
        assert_eq!(voice.painter.board(None, &board), board);
        // The same game with its look: in words, and in colour.
        let look = entry.terminal();
        let line = voice.bot_line(look, before.as_ref(), after.as_ref(), Seat(0), &done);
        assert!(line.ends_with("column 4 (4)"), "{line}");
        assert_ne!(voice.painter.board(look, &board), board);
    }
}
