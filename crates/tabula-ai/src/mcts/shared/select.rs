//! Selection in the shared tree: UCT and PUCT over children whose in-flight visits count as
//! losses (virtual loss), chance sampling, and the choice of a seat where several may act.
//! The same rules as the one-thread `Tree`'s selection, read from
//! atomics.

use super::{Local, SharedTree};
use crate::mcts::tree::fast_ln;
use crate::rollout::below;
use rand::RngExt;
use std::sync::atomic::Ordering::Relaxed;
use tabula_core::{GameRng, Seat, SeatSet};

impl<A: Copy + PartialEq> SharedTree<A> {
    /// Selection at a decision node: untried children first (in order), then UCT; PUCT where
    /// the policy recommended a child.
    pub(super) fn select_decision(
        &self,
        local: &Local,
        node: usize,
        c: f64,
        prior_weight: f32,
    ) -> usize {
        let children = self.children(node);
        let mover = self.nodes[node].mover.load(Relaxed);
        // The root's own counter is not written during a search (see `RootTally`): its
        // visits are its children's.
        let visits = if node == 0 {
            children.clone().map(|c| self.visits(local, c)).sum()
        } else {
            self.visits(local, node)
        };
        if !children.is_empty() && self.edge(children.start).prior {
            let fpu = self.mean_or_half(local, node, mover as usize);
            return self.best_guided(local, children, visits, prior_weight, fpu, None);
        }
        // Read before claiming: once every child is tried, the counter stays as it is, so
        // that the threads passing through the node do not write its cache line each time.
        let tried = &self.nodes[node].tried;
        if (tried.load(Relaxed) as usize) < children.len() {
            let t = tried.fetch_add(1, Relaxed) as usize;
            if t < children.len() {
                return children.start + t;
            }
        }
        self.best_uct(local, children, visits, c, None)
    }

    pub(super) fn mean_or_half(&self, local: &Local, node: usize, seat: usize) -> f32 {
        match self.visits(local, node) {
            0 => 0.5,
            v => self.mean(local, node, seat, v),
        }
    }

    /// UCT; in-flight visits count as losses (virtual loss). Unvisited children first.
    fn best_uct(
        &self,
        local: &Local,
        children: std::ops::Range<usize>,
        parent_visits: u32,
        c: f64,
        actor: Option<u8>,
    ) -> usize {
        let scale = (c * fast_ln(parent_visits.max(1)).sqrt()) as f32;
        let mut best = children.start;
        let mut best_score = f32::NEG_INFINITY;
        for child in children {
            let edge = self.edge(child);
            if actor.is_some_and(|a| edge.actor != a) {
                continue;
            }
            let v = self.visits(local, child);
            let score = if v == 0 {
                f32::INFINITY
            } else {
                // One division and one square root per child: this loop is most of a
                // cheap game's iteration.
                let inv = 1.0 / v as f32;
                let sum = if (edge.actor as usize) < self.seats {
                    self.sum_seen(local, child, edge.actor as usize)
                } else {
                    0.0
                };
                sum * inv + scale * inv.sqrt()
            };
            if score > best_score {
                best_score = score;
                best = child;
            }
        }
        best
    }

    /// PUCT as `Tree`'s: `Q + w·P·sqrt(N)/(1 + n)`, `P` 0.9 for the recommendation.
    fn best_guided(
        &self,
        local: &Local,
        children: std::ops::Range<usize>,
        parent_visits: u32,
        prior_weight: f32,
        fpu: f32,
        actor: Option<u8>,
    ) -> usize {
        let count = children
            .clone()
            .filter(|&ch| actor.is_none_or(|a| self.edge(ch).actor == a))
            .count();
        let other_share = if count > 1 {
            0.1 / (count - 1) as f32
        } else {
            0.0
        };
        let scale = prior_weight * (parent_visits.max(1) as f32).sqrt();
        let mut best = children.start;
        let mut best_score = f32::NEG_INFINITY;
        for child in children {
            let edge = self.edge(child);
            if actor.is_some_and(|a| edge.actor != a) {
                continue;
            }
            let v = self.visits(local, child);
            let q = if v == 0 || edge.actor as usize >= self.seats {
                fpu
            } else {
                self.mean(local, child, edge.actor as usize, v)
            };
            let p = if edge.prior { 0.9 } else { other_share };
            let score = q + scale * p / (1.0 + v as f32);
            if score > best_score {
                best_score = score;
                best = child;
            }
        }
        best
    }

    pub(super) fn select_chance(&self, node: usize, rng: &mut GameRng) -> usize {
        let range = self.children(node);
        let mut x: f32 = rng.random();
        for child in range.clone() {
            x -= self.edge(child).prob;
            if x < 0.0 {
                return child;
            }
        }
        range.end - 1
    }

    /// A uniformly random acting seat acts, choosing as `Tree::select_several` does.
    pub(super) fn select_several(
        &self,
        local: &Local,
        node: usize,
        c: f64,
        prior_weight: f32,
        rng: &mut GameRng,
    ) -> usize {
        let children = self.children(node);
        let mut with_actions = 0u8;
        for child in children.clone() {
            let actor = self.edge(child).actor;
            if actor < 8 {
                with_actions |= 1 << actor;
            }
        }
        let seats = SeatSet::from_bits(self.nodes[node].mover.load(Relaxed) & with_actions);
        let pick = below(rng, seats.len().max(1));
        let seat = seats.iter().nth(pick).unwrap_or(Seat(0));
        let (mut seat_visits, mut guided, mut untried) = (0, false, None);
        for child in children.clone() {
            let edge = self.edge(child);
            if edge.actor == seat.0 {
                guided |= edge.prior;
                let v = self.visits(local, child);
                if v == 0 && untried.is_none() {
                    untried = Some(child);
                }
                seat_visits += v;
            }
        }
        if guided {
            let fpu = self.mean_or_half(local, node, seat.index());
            return self.best_guided(
                local,
                children,
                seat_visits,
                prior_weight,
                fpu,
                Some(seat.0),
            );
        }
        match untried {
            Some(child) => child,
            None => self.best_uct(local, children, seat_visits, c, Some(seat.0)),
        }
    }
}
