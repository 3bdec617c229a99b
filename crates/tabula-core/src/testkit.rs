//! The harness every game runs from its tests (feature `testkit`).
//!
//! [`Harness::run`] plays seeded random games and, at every step, checks that:
//! - the move generator returns exactly the actions [`Game::validate`] accepts among the
//!   game's candidate actions (a superset every game enumerates), without duplicates, for
//!   every seat, for chance and for the host — two independent implementations of the rules
//!   compared against each other;
//! - seats that may not act have no actions, and chance outcomes' probabilities sum to 1;
//! - [`Game::try_apply`] rejects illegal actions with an error and leaves the state unchanged;
//! - the game's own invariant holds (e.g. piece counts are conserved);
//! - a finished game accepts nothing;
//! - a position that says it is two-player zero-sum ([`Game::two_player_zero_sum`]) has two
//!   seats and one of them to act;
//!
//! and, for games with a [`Notation`] (checked by [`Harness::new`], or added with
//! [`Harness::notation`]):
//! - the position notation round-trips, and so does every legal action's notation;
//!
//! and, for games with a [`Presentation`]:
//! - every seat's view and the spectator's serialise to JSON, and not to `null` ([`view_json`]),
//!   the board text is not empty, and the seats' names are distinct and not empty.
//! - with [`Harness::indexed`]: the action numbering and the observations
//!   ([`indexed::check_indexed`]).
//!
//! [`check_perft_file`] checks a perft data file (see [`crate::perft`]);
//! [`check_description`] checks a game's [`crate::GameDescription`] against the game.

mod description;

pub use description::{check_description, check_views_alike};

use crate::perft::{parse_perft_file, perft};
use crate::{
    Actor, CandidateActions, Game, GameRng, Notation, Outcome, Presentation, Seat, ToAct, Zobrist,
    rng_from_seed, step_random,
};
use serde_json::Value;
use std::collections::HashSet;

pub mod indexed;

type Invariant<G> = Box<dyn Fn(&G) -> Result<(), String>>;
type Factory<G> = Box<dyn Fn(&mut GameRng) -> G>;
type StepCheck<G> = Box<dyn Fn(&G, &G, usize) -> Result<(), String>>;
type Check<G> = fn(&G) -> Result<(), String>;

/// The checks of the optional traits, taken where the game implements them.
struct NotationChecks<G: Game> {
    describe: fn(&G) -> String,
    position: fn(&G) -> Result<(), String>,
    action: fn(&G, Actor, G::Action) -> Result<(), String>,
}

/// Seeded random-playout checks; see the module docs.
pub struct Harness<G: Game> {
    games: usize,
    seed: u64,
    max_steps: usize,
    new_game: Factory<G>,
    invariant: Option<Invariant<G>>,
    notation: Option<NotationChecks<G>>,
    presentation: Option<Check<G>>,
    /// Checks given the game's first state, the current one and the step.
    step_checks: Vec<StepCheck<G>>,
}

/// What a harness run saw.
#[derive(Debug, Default)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Of them, games that reached an outcome within `max_steps`.
    pub finished: usize,
    /// Actions applied over all games (chance outcomes included).
    pub steps: usize,
    /// The outcomes of the finished games.
    pub outcomes: Vec<Outcome>,
}

impl<G: Game + CandidateActions> Harness<G> {
    /// Every check, for a game with its notation and presentation. `new_game` makes each
    /// game's start state from the game's own generator (so that random setups differ from
    /// game to game).
    pub fn new(new_game: impl Fn(&mut GameRng) -> G + 'static) -> Self
    where
        G: Notation + Presentation,
    {
        Harness::rules(new_game).notation().presentation()
    }

    /// The checks of the rules alone, for a game without notation or presentation (add
    /// theirs with [`Harness::notation`] and [`Harness::presentation`]).
    pub fn rules(new_game: impl Fn(&mut GameRng) -> G + 'static) -> Self {
        Harness {
            games: 20,
            seed: 1,
            max_steps: 2_000,
            new_game: Box::new(new_game),
            invariant: None,
            notation: None,
            presentation: None,
            step_checks: Vec::new(),
        }
    }

    /// Also checks that positions and legal actions read back as they are written.
    pub fn notation(mut self) -> Self
    where
        G: Notation,
    {
        self.notation = Some(NotationChecks {
            describe: G::to_notation,
            position: check_notation_round_trip::<G>,
            action: check_action_round_trip::<G>,
        });
        self
    }

    /// Also checks the views, the board text and the seat names.
    pub fn presentation(mut self) -> Self
    where
        G: Presentation,
    {
        self.presentation = Some(check_presentation::<G>);
        self
    }

    /// Plays `n` games (default 20).
    pub fn games(mut self, n: usize) -> Self {
        self.games = n;
        self
    }

    /// The first game's seed (default 1); game `i` uses `seed + i`.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Stops a game after `n` actions (default 2000), finished or not.
    pub fn max_steps(mut self, n: usize) -> Self {
        self.max_steps = n;
        self
    }

    /// A property every reachable state must have (piece counts conserved, …).
    pub fn invariant(mut self, check: impl Fn(&G) -> Result<(), String> + 'static) -> Self {
        self.invariant = Some(Box::new(check));
        self
    }

    /// Runs the games; panics with the seed, step and position (in notation where the game
    /// has one) at the first failed check.
    pub fn run(&self) -> Report {
        let mut report = Report::default();
        let mut actions = Vec::new();
        let mut chances = Vec::new();
        for g in 0..self.games {
            let seed = self.seed.wrapping_add(g as u64);
            let mut rng = rng_from_seed(seed);
            let mut game = (self.new_game)(&mut rng);
            let first = game.clone();
            let mut step = 0;
            loop {
                let position = match &self.notation {
                    Some(checks) => (checks.describe)(&game),
                    None => format!("{game:?}"),
                };
                let context = format!("game seed {seed}, step {step}, position `{position}`");
                if let Err(msg) = self.check_state(&game) {
                    panic!("{context}: {msg}");
                }
                for check in &self.step_checks {
                    if let Err(msg) = check(&first, &game, step) {
                        panic!("{context}: {msg}");
                    }
                }
                if step >= self.max_steps
                    || !step_random(&mut game, &mut rng, &mut actions, &mut chances)
                {
                    break;
                }
                step += 1;
            }
            report.games += 1;
            report.steps += step;
            if let Some(outcome) = game.outcome() {
                report.finished += 1;
                report.outcomes.push(outcome);
            }
        }
        report
    }

    fn check_state(&self, game: &G) -> Result<(), String> {
        if let Some(check) = &self.invariant {
            check(game).map_err(|e| format!("invariant broken: {e}"))?;
        }
        if let Some(checks) = &self.notation {
            (checks.position)(game)?;
        }
        if let Some(check) = self.presentation {
            check(game)?;
        }
        let to_act = game.to_act();
        check_two_player_zero_sum(game, &to_act)?;
        let mut actors: Vec<Actor> = Seat::all(game.num_seats()).map(Actor::Seat).collect();
        actors.push(Actor::Chance);
        actors.push(Actor::Host);
        let mut any = false;
        for actor in actors {
            let count = self.check_actor(game, actor, &to_act)?;
            any |= count > 0;
        }
        match to_act {
            ToAct::Over(_) if any => Err("a finished game still offers actions".into()),
            ToAct::Over(_) => Ok(()),
            _ if !any => Err(format!("{to_act:?} but no actor has an action")),
            _ => Ok(()),
        }
    }

    /// Checks one actor's actions; returns how many it has.
    fn check_actor(&self, game: &G, actor: Actor, to_act: &ToAct) -> Result<usize, String> {
        let mut generated = Vec::new();
        game.legal_actions_for(actor, &mut generated);
        let set: HashSet<G::Action> = generated.iter().copied().collect();
        if set.len() != generated.len() {
            return Err(format!("{actor:?}: duplicate actions in {generated:?}"));
        }
        let may_act = match (actor, to_act) {
            (Actor::Seat(s), _) => to_act.seats().contains(s),
            (Actor::Chance, ToAct::Chance) => true,
            (Actor::Chance, _) => false,
            (Actor::Host, ToAct::Over(_)) => false,
            (Actor::Host, _) => true,
        };
        if !may_act && !generated.is_empty() {
            return Err(format!(
                "{actor:?} may not act under {to_act:?} but has {generated:?}"
            ));
        }
        if actor == Actor::Chance {
            check_chance(game, &set)?;
        }
        let mut candidates = Vec::new();
        game.candidate_actions(actor, &mut candidates);
        let candidate_set: HashSet<G::Action> = candidates.iter().copied().collect();
        for a in &generated {
            if !candidate_set.contains(a) {
                return Err(format!(
                    "{actor:?}: generated {a:?} is not among the candidate actions"
                ));
            }
        }
        let before = format!("{game:?}");
        for &a in &candidates {
            let verdict = game.validate(actor, a);
            match (set.contains(&a), verdict) {
                (true, Err(e)) => {
                    return Err(format!("{actor:?}: generated {a:?} but validate says: {e}"));
                }
                (false, Ok(())) => {
                    return Err(format!(
                        "{actor:?}: validate accepts {a:?} but it was not generated"
                    ));
                }
                (false, Err(_)) => {
                    let mut copy = game.clone();
                    if copy.try_apply(actor, a).is_ok() {
                        return Err(format!("{actor:?}: try_apply accepted illegal {a:?}"));
                    }
                    if format!("{copy:?}") != before {
                        return Err(format!("{actor:?}: refused {a:?} changed the state"));
                    }
                }
                (true, Ok(())) => {
                    if let Some(checks) = &self.notation {
                        (checks.action)(game, actor, a)?;
                    }
                    let mut copy = game.clone();
                    copy.try_apply(actor, a)
                        .map_err(|e| format!("{actor:?}: try_apply refused legal {a:?}: {e}"))?;
                }
            }
        }
        Ok(generated.len())
    }
}

impl<G: Game + CandidateActions + crate::ActionIndex + crate::Observe> Harness<G> {
    /// Also checks the action numbering and the observations at every step
    /// ([`indexed::check_indexed`]).
    pub fn indexed(mut self) -> Self {
        self.step_checks.push(Box::new(|first: &G, game: &G, step| {
            let expected = (first.num_actions(), first.observation_shape());
            indexed::check_indexed(game, &expected, step)
        }));
        self
    }
}

fn check_notation_round_trip<G: Notation>(game: &G) -> Result<(), String> {
    let text = game.to_notation();
    let back = G::from_notation(&game.params(), &text)
        .map_err(|e| format!("own notation refused: {e}"))?;
    if back.to_notation() != text {
        return Err(format!(
            "notation does not round-trip: `{}`",
            back.to_notation()
        ));
    }
    // The ply count of the optional ply limit is not part of the notation, nor the history
    // of earlier positions behind a draw by repetition (a position read starts afresh).
    let history_draw = matches!(
        game.outcome(),
        Some(o) if matches!(o.reason, crate::EndReason::PlyLimit | crate::EndReason::Repetition)
    );
    if !history_draw && back.to_act() != game.to_act() {
        return Err(format!(
            "re-read position acts differently: {:?} vs {:?}",
            back.to_act(),
            game.to_act()
        ));
    }
    Ok(())
}

fn check_chance<G: Game>(game: &G, generated: &HashSet<G::Action>) -> Result<(), String> {
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
    if !outcomes.is_empty() && (total - 1.0).abs() > 1e-9 {
        return Err(format!("chance probabilities sum to {total}"));
    }
    if outcomes.iter().any(|(_, p)| *p <= 0.0) {
        return Err("a chance outcome has probability 0 or less".into());
    }
    let set: HashSet<G::Action> = outcomes.iter().map(|(a, _)| *a).collect();
    if &set != generated || set.len() != outcomes.len() {
        return Err("chance outcomes differ from the chance actions".into());
    }
    Ok(())
}

fn check_action_round_trip<G: Notation>(
    game: &G,
    actor: Actor,
    a: G::Action,
) -> Result<(), String> {
    let text = game.format_action(a);
    match game.parse_action(actor, &text) {
        Ok(back) if back == a => Ok(()),
        Ok(back) => Err(format!("action `{text}` reads back as {back:?}, not {a:?}")),
        Err(e) => Err(format!("action `{text}` ({a:?}) does not read back: {e}")),
    }
}

fn check_presentation<G: Presentation>(game: &G) -> Result<(), String> {
    for viewer in Seat::all(game.num_seats()).map(Some).chain([None]) {
        view_json(game, viewer)?;
    }
    let text = game.board_text();
    if text.trim().is_empty() {
        return Err("the board text is empty".into());
    }
    if !text.ends_with('\n') {
        return Err(
            "the board text does not end with a newline (the CLI prints the next line after it)"
                .into(),
        );
    }
    let mut names = HashSet::new();
    for seat in Seat::all(game.num_seats()) {
        let name = game.seat_name(seat);
        if name.trim().is_empty() {
            return Err(format!("{seat:?} has an empty name"));
        }
        if !names.insert(name.clone()) {
            return Err(format!("two seats are called `{name}`"));
        }
    }
    Ok(())
}

/// Whether `game`'s [`Zobrist`] hash is one of its position: the position read back from
/// its notation hashes the same (equal positions must hash equal). Use it as (part of) a
/// [`Harness::invariant`].
pub fn check_zobrist<G: Zobrist + Notation>(game: &G) -> Result<(), String> {
    let text = game.to_notation();
    let back = G::from_notation(&game.params(), &text)
        .map_err(|e| format!("own notation refused: {e}"))?;
    if back.zobrist() != game.zobrist() {
        return Err(format!(
            "`{text}` read back hashes {:#x}, the position {:#x}",
            back.zobrist(),
            game.zobrist()
        ));
    }
    Ok(())
}

/// Whether a position that says it is two-player zero-sum ([`Game::two_player_zero_sum`]) is:
/// two seats, and one of them to act (no chance event, no seats acting at once).
fn check_two_player_zero_sum<G: Game>(game: &G, to_act: &ToAct) -> Result<(), String> {
    if !game.two_player_zero_sum() {
        return Ok(());
    }
    if game.num_seats() != 2 {
        return Err(format!(
            "two_player_zero_sum answers true with {} seats",
            game.num_seats()
        ));
    }
    match to_act {
        ToAct::One(_) | ToAct::Over(_) => Ok(()),
        _ => Err(format!("two_player_zero_sum answers true when {to_act:?}")),
    }
}

/// The view of `viewer` (a seat, or `None`: a spectator) as JSON, or why it is not JSON: it
/// does not serialise, or serialises to `null` (which a client cannot draw).
pub fn view_json<G: Presentation>(game: &G, viewer: Option<Seat>) -> Result<Value, String> {
    let who = match viewer {
        Some(seat) => format!("seat {}", seat.number()),
        None => "a spectator".to_string(),
    };
    match serde_json::to_value(game.view(viewer)) {
        Ok(Value::Null) => Err(format!("the view of {who} serialises to null")),
        Ok(view) => Ok(view),
        Err(e) => Err(format!("the view of {who} does not serialise to JSON: {e}")),
    }
}

/// Checks every case of a perft data file (at every depth it lists up to `max_depth`);
/// panics listing every mismatch with its line.
pub fn check_perft_file<G: Notation>(params: &G::Params, text: &str, max_depth: u32) -> usize {
    let cases = parse_perft_file(text).unwrap_or_else(|e| panic!("perft file: {e}"));
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let game = match G::from_notation(params, &case.position) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("line {}: {e}", case.line));
                continue;
            }
        };
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= max_depth) {
            let got = perft(&game, depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "line {} depth {depth}: expected {expected}, got {got} ({})",
                    case.line, case.position
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}
