//! The [`Bot`] trait every player program implements, and its answer ([`Decision`]).
//!
//! A host (match runner, terminal game, server) asks a bot to decide for a seat whenever that
//! seat may act: where one seat must act the bot must answer with an action; where several
//! seats may act (Magical Circle's race) it may prefer to [`Decision::Wait`], and the host asks
//! again later. The host reports every applied action to every bot ([`Bot::observe`]) so that
//! search bots can keep the relevant part of their tree, and may pace real-time games with
//! [`Bot::think_delay`].

use crate::report::{SearchLimits, SearchReport};
use crate::{AiError, Stop};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use tabula_core::{Actor, Game, Seat, ToAct};

/// What a bot does now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision<A> {
    /// Perform this action.
    Act(A),
    /// Do not act yet (only ever answered when the host allowed waiting).
    Wait,
}

impl<A> Decision<A> {
    /// The action of [`Decision::Act`]; `None` for [`Decision::Wait`].
    pub fn action(self) -> Option<A> {
        match self {
            Decision::Act(a) => Some(a),
            Decision::Wait => None,
        }
    }
}

/// How long a real-time host waits before applying a bot's action, so that humans stand a
/// chance against the easier levels (Magical Circle). Turn-based hosts ignore it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pace {
    /// Before acting where several seats race to act (the reaction time), in milliseconds.
    pub race_ms: u64,
    /// Before any other action (e.g. each swap once active), in milliseconds.
    pub step_ms: u64,
}

impl Pace {
    /// No delay at all (the default; for bots not meant to face humans in real time).
    pub const NONE: Pace = Pace {
        race_ms: 0,
        step_ms: 0,
    };

    /// The delay for acting in `game` now.
    pub fn delay<G: Game>(&self, game: &G) -> Duration {
        match game.to_act() {
            ToAct::Several(_) => Duration::from_millis(self.race_ms),
            _ => Duration::from_millis(self.step_ms),
        }
    }
}

/// A player program for games of type `G`.
pub trait Bot<G: Game>: Send {
    /// A short name for reports (`random`, `strong`, `mcts(5000)`, …).
    fn name(&self) -> String;

    /// What `seat` does in `game` now. `may_wait` is true only where several seats may act and
    /// the host accepts a [`Decision::Wait`]; otherwise the bot answers with an action.
    /// Errors: the game is over, `seat` may not act, or it has no legal action.
    fn decide(
        &mut self,
        game: &G,
        seat: Seat,
        may_wait: bool,
    ) -> Result<Decision<G::Action>, AiError>;

    /// `action` was applied to `before` (by any seat, chance or the host). Search bots use it
    /// to keep the matching subtree; the default ignores it.
    fn observe(&mut self, before: &G, action: G::Action) {
        let _ = (before, action);
    }

    /// A new game starts: forget everything learnt about the previous one.
    fn reset(&mut self) {}

    /// The delay a real-time host should wait before applying this bot's action in `game`.
    fn think_delay(&self, game: &G, seat: Seat) -> Duration {
        let _ = (game, seat);
        Duration::ZERO
    }

    /// The expected return (in `[0, 1]`, see [`SearchReport`]) of each seat after the action
    /// of the last [`Bot::decide`], as that decision's own search estimated it; `None` when
    /// the decision did not search (a forced move, a bot that does not search, a wait).
    fn last_value(&self) -> Option<Vec<f64>> {
        None
    }

    /// What the search of the last [`Bot::decide`] found, as [`Bot::analyse`] reports it (its
    /// root list may be empty); `None` when that decision did not search (a forced move, a
    /// bot that does not search, a game's own policy, a wait). Hosts print it beside the
    /// move the level really played (`tabula engine`'s `go`).
    fn last_report(&self) -> Option<SearchReport<G::Action>> {
        None
    }

    /// Searches `game` for `seat` within `limits` (the bot's own budget where a limit is not
    /// given; the bot's settings are unchanged afterwards) and reports what the search found
    /// (see [`SearchReport`]). With `every_root_action`, every root action gets a value
    /// (alpha-beta then searches each with a full window, which costs more). Bots that do not
    /// search (random) answer `Ok(None)`. Errors as [`Bot::decide`], and limits that do not
    /// [`check`](SearchLimits::check).
    fn analyse(
        &mut self,
        game: &G,
        seat: Seat,
        limits: &SearchLimits,
        every_root_action: bool,
    ) -> Result<Option<SearchReport<G::Action>>, AiError> {
        let _ = (game, seat, limits, every_root_action);
        Ok(None)
    }

    /// The flag that ends this bot's searches ([`Bot::decide`], [`Bot::analyse`]) from now on,
    /// until another is given; `None` removes it. A search whose flag is set answers with the
    /// best it found so far (see [`Stop`]). Bots that do not search ignore it (the default).
    fn set_stop(&mut self, stop: Option<Stop>) {
        let _ = stop;
    }
}

impl<G: Game> Bot<G> for Box<dyn Bot<G>> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn decide(
        &mut self,
        game: &G,
        seat: Seat,
        may_wait: bool,
    ) -> Result<Decision<G::Action>, AiError> {
        (**self).decide(game, seat, may_wait)
    }
    fn observe(&mut self, before: &G, action: G::Action) {
        (**self).observe(before, action)
    }
    fn reset(&mut self) {
        (**self).reset()
    }
    fn think_delay(&self, game: &G, seat: Seat) -> Duration {
        (**self).think_delay(game, seat)
    }
    fn analyse(
        &mut self,
        game: &G,
        seat: Seat,
        limits: &SearchLimits,
        every_root_action: bool,
    ) -> Result<Option<SearchReport<G::Action>>, AiError> {
        (**self).analyse(game, seat, limits, every_root_action)
    }
    fn last_value(&self) -> Option<Vec<f64>> {
        (**self).last_value()
    }
    fn last_report(&self) -> Option<SearchReport<G::Action>> {
        (**self).last_report()
    }
    fn set_stop(&mut self, stop: Option<Stop>) {
        (**self).set_stop(stop)
    }
}

/// Asks `bot` for an action of `seat`, without the option to wait.
pub fn choose<G: Game, B: Bot<G> + ?Sized>(
    bot: &mut B,
    game: &G,
    seat: Seat,
) -> Result<G::Action, AiError> {
    match bot.decide(game, seat, false)? {
        Decision::Act(a) => Ok(a),
        Decision::Wait => Err(AiError::Unsupported(format!(
            "bot `{}` waited where it had to act",
            bot.name()
        ))),
    }
}

/// Checks that `seat` may act in `game` and fills `actions` with its legal actions.
pub(crate) fn seat_actions<G: Game>(
    game: &G,
    seat: Seat,
    actions: &mut Vec<G::Action>,
) -> Result<(), AiError> {
    let to_act = game.to_act();
    if to_act.is_over() {
        return Err(AiError::GameOver);
    }
    if !to_act.seats().contains(seat) {
        return Err(AiError::SeatCannotAct(seat));
    }
    game.legal_actions_for(Actor::Seat(seat), actions);
    if actions.is_empty() {
        return Err(AiError::NoLegalAction(seat));
    }
    Ok(())
}
