//! MCTS's [`SearchReport`]: a search under [`SearchLimits`], then the root actions (visits
//! and mean returns, summed over the root-parallel trees), the root's mean returns and the
//! principal variation (the most visited line of the first tree).

use super::MctsBot;
use super::tree::{Kind, Tree};
use crate::AiError;
use crate::bot::seat_actions;
use crate::level::Engine;
use crate::report::{RootStat, SearchLimits, SearchReport};
use crate::rollout::Rollout;
use tabula_core::{Game, Seat};

/// The longest principal variation reported.
const MAX_PV: usize = 32;

impl<G: Game, R: Rollout<G>> MctsBot<G, R> {
    /// Searches `game` for `seat` within `limits` (iterations and wall time replace the
    /// configured ones where given; the configuration is restored afterwards) and reports
    /// every root action, `seat`'s best first. See [`crate::Bot::analyse`].
    pub fn analyse_seat(
        &mut self,
        game: &G,
        seat: Seat,
        limits: &SearchLimits,
    ) -> Result<SearchReport<G::Action>, AiError> {
        limits.check().map_err(AiError::Unsupported)?;
        let mut actions = Vec::new();
        seat_actions(game, seat, &mut actions)?;
        let saved = self.config.clone();
        if limits.iterations.is_some() || limits.time_ms.is_some() {
            self.config.iterations = limits.iterations;
            self.config.time_ms = limits.time_ms;
        }
        let searched = self.search(game).map(|_| ());
        self.config = saved;
        searched?;
        Ok(self
            .report_of_last(seat, game.num_seats(), actions.first().copied())
            .expect("searched"))
    }

    /// The report of the last search, for `seat` in a game of `num_seats` seats; `fallback`
    /// is the best action where the search visited none of `seat`'s. `None` before any search.
    pub(crate) fn report_of_last(
        &self,
        seat: Seat,
        num_seats: usize,
        fallback: Option<G::Action>,
    ) -> Option<SearchReport<G::Action>> {
        let info = self.last.as_ref()?;
        let s = seat.index();
        let mut root: Vec<RootStat<G::Action>> = info
            .children
            .iter()
            .map(|c| RootStat {
                actor: c.actor,
                action: c.action,
                visits: Some(c.visits),
                value: if c.visits > 0 {
                    c.mean.clone()
                } else {
                    Vec::new()
                },
                score: None,
            })
            .collect();
        // The seat's own actions first (where several seats may act), most visited first,
        // ties by mean return: the order `decide` picks by.
        root.sort_by(|a, b| {
            let mean = |r: &RootStat<G::Action>| r.value.get(s).copied().unwrap_or(0.0);
            (b.actor == Some(seat))
                .cmp(&(a.actor == Some(seat)))
                .then(b.visits.cmp(&a.visits))
                .then(mean(b).total_cmp(&mean(a)))
        });
        let best = root
            .iter()
            .find(|r| r.actor == Some(seat))
            .map(|r| r.action)
            .or(fallback);
        let trees = || self.workers.iter().map(|w| &w.tree);
        let visits: u64 = trees().map(|t| t.nodes[0].visits as u64).sum();
        let value = (0..num_seats)
            .map(|seat| {
                let total: f64 = trees().map(|t| t.value(0, seat) as f64).sum();
                if visits > 0 {
                    total / visits as f64
                } else {
                    0.5
                }
            })
            .collect();
        let pv = match (trees().next(), best) {
            (Some(tree), Some(best)) => principal_variation(tree, best),
            (_, best) => best.into_iter().collect(),
        };
        Some(SearchReport {
            engine: Engine::Mcts,
            best,
            iterations: Some(info.iterations),
            depth: None,
            nodes: info.nodes as u64,
            elapsed: info.elapsed,
            value,
            score: None,
            mate_in: None,
            pv,
            root,
        })
    }
}

/// `first`, then the most visited child while the line runs through decisions (it stops at a
/// chance event, whose outcome is not anyone's choice).
fn principal_variation<A: Copy + PartialEq>(tree: &Tree<A>, first: A) -> Vec<A> {
    let mut pv = vec![first];
    let Some(mut node) = tree.find_child(0, first) else {
        return pv;
    };
    while pv.len() < MAX_PV {
        let n = tree.nodes[node];
        if !matches!(n.kind, Kind::Decision | Kind::Several) {
            break;
        }
        let Some(child) = n
            .children()
            .filter(|&c| tree.nodes[c].visits > 0)
            .max_by_key(|&c| tree.nodes[c].visits)
        else {
            break;
        };
        match tree.nodes[child].action {
            Some(a) => pv.push(a),
            None => break,
        }
        node = child;
    }
    pv
}
