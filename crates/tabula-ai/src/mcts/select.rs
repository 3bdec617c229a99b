//! Selection, the same for every tree: UCT (untried children first, in order), PUCT where
//! the rollout policy recommended a child, chance sampling by probability, and the choice of
//! the seat that acts where several may. The trees differ only in how they read a node's
//! statistics ([`TreeStore`]): the one-thread tree from plain fields, the shared tree from
//! atomics where in-flight visits count as losses (virtual loss).

use super::store::TreeStore;
use crate::rollout::below;
use rand::RngExt;
use std::ops::Range;
use tabula_core::{GameRng, Seat, SeatSet};

/// Selection at a decision node: untried children first (in order), then UCT; PUCT where
/// the policy recommended a child (see [`best_guided`]).
#[inline]
pub(crate) fn select_decision<A: Copy, T: TreeStore<A>>(
    tree: &mut T,
    node: usize,
    c: f64,
    prior_weight: f32,
) -> usize {
    let (children, visits) = tree.children_and_visits(node);
    if !children.is_empty() && tree.prior(children.start) {
        let fpu = mean_or_half(tree, node, tree.mover(node) as usize);
        return best_guided(tree, children, visits, prior_weight, fpu, None);
    }
    if let Some(child) = tree.claim_untried(node, children.clone()) {
        return child;
    }
    best_uct(tree, children, visits, c, None)
}

/// `seat`'s mean return at `node` (½ before any visit).
#[inline]
fn mean_or_half<A: Copy, T: TreeStore<A>>(tree: &T, node: usize, seat: usize) -> f32 {
    match tree.visits(node) {
        0 => 0.5,
        v => tree.mean(node, seat, v),
    }
}

/// UCT over `children` for their actor (an unvisited child first); with `actor`, only that
/// seat's children.
#[inline]
fn best_uct<A: Copy, T: TreeStore<A>>(
    tree: &T,
    children: Range<usize>,
    parent_visits: u32,
    c: f64,
    actor: Option<u8>,
) -> usize {
    let scale = (c * fast_ln(parent_visits.max(1)).sqrt()) as f32;
    let mut best = children.start;
    let mut best_score = f32::NEG_INFINITY;
    for child in children {
        if actor.is_some_and(|a| tree.actor(child) != a) {
            continue;
        }
        let score = tree.uct_score(child, scale);
        if score > best_score {
            best_score = score;
            best = child;
        }
    }
    best
}

/// PUCT where the rollout policy recommended a child: `Q + w·P·sqrt(N)/(1 + n)` with
/// `P` = 0.9 for the recommended child and the remaining 0.1 shared by the others, and
/// `Q` of an unvisited child taken as the parent's mean (`fpu`). Unlike UCT, it does not
/// try every child first: the search follows the policy's line and leaves it only when
/// that line does worse than the alternatives' estimate. (With UCT a strong policy makes
/// deferring an action look better than taking it, since the tree's exploration of the
/// action's subtree drags its mean below what the policy achieves after deferring.)
fn best_guided<A: Copy, T: TreeStore<A>>(
    tree: &T,
    children: Range<usize>,
    parent_visits: u32,
    prior_weight: f32,
    fpu: f32,
    actor: Option<u8>,
) -> usize {
    let count = children
        .clone()
        .filter(|&ch| actor.is_none_or(|a| tree.actor(ch) == a))
        .count();
    let other_share = if count > 1 {
        0.1 / (count - 1) as f32
    } else {
        0.0
    };
    let scale = prior_weight * (parent_visits.max(1) as f32).sqrt();
    let seats = tree.seats();
    let mut best = children.start;
    let mut best_score = f32::NEG_INFINITY;
    for child in children {
        let child_actor = tree.actor(child);
        if actor.is_some_and(|a| child_actor != a) {
            continue;
        }
        let v = tree.visits(child);
        let q = if v == 0 || child_actor as usize >= seats {
            fpu
        } else {
            tree.child_mean(child, child_actor as usize, v)
        };
        let p = if tree.prior(child) { 0.9 } else { other_share };
        let score = q + scale * p / (1.0 + v as f32);
        if score > best_score {
            best_score = score;
            best = child;
        }
    }
    best
}

/// A chance outcome, sampled by its probability.
#[inline]
pub(crate) fn select_chance<A: Copy, T: TreeStore<A>>(
    tree: &T,
    node: usize,
    rng: &mut GameRng,
) -> usize {
    let range = tree.children(node);
    let mut x: f32 = rng.random();
    for child in range.clone() {
        x -= tree.prob(child);
        if x < 0.0 {
            return child;
        }
    }
    range.end - 1
}

/// Several seats may act: a uniformly random acting seat acts (as the first to reach the
/// game), choosing among its own actions by UCT (untried ones first), or by PUCT when the
/// policy recommended one of them.
pub(crate) fn select_several<A: Copy, T: TreeStore<A>>(
    tree: &T,
    node: usize,
    c: f64,
    prior_weight: f32,
    rng: &mut GameRng,
) -> usize {
    let children = tree.children(node);
    // The acting seats that have at least one action.
    let mut with_actions = 0u8;
    for child in children.clone() {
        let actor = tree.actor(child);
        if actor < 8 {
            with_actions |= 1 << actor;
        }
    }
    let seats = SeatSet::from_bits(tree.mover(node) & with_actions);
    let pick = below(rng, seats.len().max(1));
    let seat = seats.iter().nth(pick).unwrap_or(Seat(0));
    let (mut seat_visits, mut guided, mut untried) = (0, false, None);
    for child in children.clone() {
        if tree.actor(child) == seat.0 {
            guided |= tree.prior(child);
            let v = tree.visits(child);
            if v == 0 && untried.is_none() {
                untried = Some(child);
            }
            seat_visits += v;
        }
    }
    if guided {
        let fpu = mean_or_half(tree, node, seat.index());
        return best_guided(tree, children, seat_visits, prior_weight, fpu, Some(seat.0));
    }
    match untried {
        Some(child) => child,
        None => best_uct(tree, children, seat_visits, c, Some(seat.0)),
    }
}

/// `ln(n)` to about 1e-4 relative error, without calling libm: UCT evaluates it once per
/// tree level per iteration, where an exact logarithm costs a noticeable share of the time.
#[inline]
pub(crate) fn fast_ln(n: u32) -> f64 {
    let x = n as f32;
    let bits = x.to_bits();
    let exponent = ((bits >> 23) & 0xff) as i32 - 127;
    // The mantissa m in [1, 2); log2(m) by a least-squares polynomial in t = m - 1
    // (maximum error 3e-5).
    let t = f32::from_bits((bits & 0x007f_ffff) | 0x3f80_0000) - 1.0;
    let log2_m = t
        * (1.441_825_8
            + t * (-0.708_682_1 + t * (0.415_422 + t * (-0.194_422_7 + t * 0.045_885_5))));
    (exponent as f32 + log2_m) as f64 * std::f64::consts::LN_2
}

#[cfg(test)]
mod tests {
    use super::fast_ln;

    #[test]
    fn fast_ln_is_close_to_ln() {
        for n in (1..100_000u32)
            .step_by(7)
            .chain([1, 2, 3, 1 << 20, u32::MAX])
        {
            let exact = (n as f64).ln();
            let approx = fast_ln(n);
            assert!(
                (approx - exact).abs() <= 1e-3 * exact.max(1.0),
                "{n}: {approx} vs {exact}"
            );
        }
    }
}
