//! [`MctsBot`] as a [`Bot`]: a decision searches (unless one action is legal) and picks the
//! most visited action, or waits; observed actions move the cursors into the kept trees.

use super::MctsBot;
use crate::bot::seat_actions;
use crate::rollout::Rollout;
use crate::{AiError, Bot, Decision, Stop};
use std::time::Duration;
use tabula_core::{Game, Seat, ToAct};

impl<G: Game, R: Rollout<G>> Bot<G> for MctsBot<G, R> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(
        &mut self,
        game: &G,
        seat: Seat,
        may_wait: bool,
    ) -> Result<Decision<G::Action>, AiError> {
        self.last_value = None;
        self.last_decided = None;
        let mut actions = std::mem::take(&mut self.actions);
        let checked = seat_actions(game, seat, &mut actions);
        let only = (actions.len() == 1).then(|| actions[0]);
        self.actions = actions;
        checked?;
        let several = matches!(game.to_act(), ToAct::Several(_));
        if let (Some(a), false) = (only, may_wait && several) {
            return Ok(Decision::Act(a));
        }
        self.search(game)?;
        let mut decision = self.pick(seat, may_wait && several);
        if matches!(decision, Decision::Act(a) if !self.actions.contains(&a)) {
            // A kept tree that was not this position's (a game whose debug text misses part
            // of its state): search afresh.
            self.cursor_position = None;
            self.search(game)?;
            decision = self.pick(seat, may_wait && several);
        }
        self.last_decided = Some((seat, game.num_seats()));
        if let Decision::Act(action) = decision {
            self.last_value = self.last.as_ref().and_then(|info| {
                info.children
                    .iter()
                    .find(|c| c.actor == Some(seat) && c.action == action && c.visits > 0)
                    .map(|c| c.mean.clone())
            });
        }
        match decision {
            Decision::Wait if !(may_wait && several) => Err(AiError::NoLegalAction(seat)),
            d => Ok(d),
        }
    }

    fn observe(&mut self, before: &G, action: G::Action) {
        if self.workers.is_empty() || !self.config.reuse_tree {
            return;
        }
        let expected = self.cursor_position.take();
        if expected.is_none_or(|there| there != format!("{before:?}")) {
            return;
        }
        for (w, cursor) in self.workers.iter().zip(self.cursors.iter_mut()) {
            *cursor = cursor.and_then(|node| w.tree.find_child(node, action));
        }
        if self.cursors.iter().any(Option::is_some) {
            let mut after = before.clone();
            after.apply(action);
            self.cursor_position = Some(format!("{after:?}"));
        }
    }

    fn reset(&mut self) {
        self.reset_trees();
        self.last = None;
        self.last_value = None;
        self.last_decided = None;
    }

    fn think_delay(&self, game: &G, _seat: Seat) -> Duration {
        self.config.pace.delay(game)
    }

    fn analyse(
        &mut self,
        game: &G,
        seat: Seat,
        limits: &crate::SearchLimits,
        _every_root_action: bool,
    ) -> Result<Option<crate::SearchReport<G::Action>>, AiError> {
        self.analyse_seat(game, seat, limits).map(Some)
    }
    fn last_value(&self) -> Option<Vec<f64>> {
        self.last_value.clone()
    }
    fn last_report(&self) -> Option<crate::SearchReport<G::Action>> {
        let (seat, num_seats) = self.last_decided?;
        self.report_of_last(seat, num_seats, None)
    }
    fn set_stop(&mut self, stop: Option<Stop>) {
        self.stop = stop;
    }
}
