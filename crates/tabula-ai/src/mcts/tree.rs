//! The MCTS tree: an arena of nodes in one `Vec` (children of a node are contiguous), with
//! per-seat sums of returns in a parallel `Vec<f32>` (`seats` values per node).
//!
//! A node is created unexpanded when its parent is expanded; it is expanded (its children
//! created) on its second visit, as in OpenSpiel. Children of decision nodes are shuffled at
//! expansion and tried in that order before UCT applies to them all, so `tried` children are
//! exactly the first `tried` ones.

use crate::AiError;
use crate::alloc::reserve;
use crate::rollout::{Rollout, below};
use rand::RngExt;
use tabula_core::{Actor, Game, GameRng, MAX_SEATS, Seat, SeatSet, ToAct};

pub(crate) const NONE: u32 = u32::MAX;
/// `actor` of the edge into a chance outcome (and of the root).
pub(crate) const NATURE: u8 = u8::MAX;

/// What kind of state a node holds (known once expanded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Unexpanded,
    /// `mover` chooses among the children.
    Decision,
    /// Several seats may act (`mover` holds the seat set's bits); each child is its actor's.
    Several,
    /// Nature chooses; each child has a probability.
    Chance,
    /// The game is over (or nobody can act).
    Terminal,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<A> {
    /// The action from the parent (none at the root).
    pub action: Option<A>,
    pub first_child: u32,
    pub num_children: u32,
    pub visits: u32,
    /// Decision nodes: how many children (the first ones) have been tried.
    pub tried: u32,
    /// Chance outcomes: the probability of `action`.
    pub prob: f32,
    /// The mean return of `actor` (kept up to date by backpropagation, for UCT).
    pub q: f32,
    /// `1 / sqrt(visits)` (kept up to date by backpropagation, for UCT).
    pub inv_sqrt_visits: f32,
    /// The seat that chose `action` ([`NATURE`] for chance and the root).
    pub actor: u8,
    /// `action` is the rollout policy's recommendation ([`Rollout::prior`]); its parent then
    /// selects by PUCT (see [`Tree::best_guided`]).
    pub prior: bool,
    pub kind: Kind,
    /// Decision nodes: the seat to move; several-seat nodes: the seat set's bits.
    pub mover: u8,
}

impl<A> Node<A> {
    fn new(action: Option<A>, actor: u8, prob: f32) -> Self {
        Node {
            action,
            first_child: NONE,
            num_children: 0,
            visits: 0,
            tried: 0,
            prob,
            q: 0.0,
            inv_sqrt_visits: f32::INFINITY,
            actor,
            prior: false,
            kind: Kind::Unexpanded,
            mover: 0,
        }
    }

    #[inline]
    pub fn children(&self) -> std::ops::Range<usize> {
        if self.first_child == NONE {
            0..0
        } else {
            self.first_child as usize..(self.first_child + self.num_children) as usize
        }
    }
}

/// One search tree.
pub(crate) struct Tree<A> {
    pub nodes: Vec<Node<A>>,
    /// `values[node * seats + s]`: the sum of seat `s`'s returns over the node's visits.
    pub values: Vec<f32>,
    pub seats: usize,
    pub max_nodes: usize,
    /// The allocation the system refused while the tree grew: the tree stopped growing, and
    /// the search ends with this error.
    pub refused: Option<AiError>,
}

impl<A: Copy> Tree<A> {
    pub fn new(seats: usize, max_nodes: usize) -> Self {
        let mut tree = Tree {
            nodes: Vec::new(),
            values: Vec::new(),
            seats,
            max_nodes: max_nodes.max(1),
            refused: None,
        };
        tree.clear(seats);
        tree
    }

    /// Forgets everything; the tree holds a fresh root.
    pub fn clear(&mut self, seats: usize) {
        self.seats = seats;
        self.refused = None;
        self.nodes.clear();
        self.values.clear();
        self.nodes.push(Node::new(None, NATURE, 1.0));
        self.values.resize(seats, 0.0);
    }

    #[inline]
    pub fn value(&self, node: usize, seat: usize) -> f32 {
        self.values[node * self.seats + seat]
    }

    /// Makes room for `n` more nodes; false (the error kept in [`Tree::refused`]) when the
    /// system refuses the memory.
    fn make_room(&mut self, n: usize) -> bool {
        let seats = self.seats;
        let room = reserve(&mut self.nodes, n, "the search tree")
            .and_then(|()| reserve(&mut self.values, n * seats, "the search tree's values"));
        match room {
            Ok(()) => true,
            Err(e) => {
                self.refused = Some(e);
                false
            }
        }
    }

    fn push(&mut self, action: A, actor: u8, prob: f32) {
        self.nodes.push(Node::new(Some(action), actor, prob));
        self.values.extend(std::iter::repeat_n(0.0, self.seats));
    }

    /// Expands `node`, whose state is `game`. Returns false (leaving it unexpanded) when the
    /// tree is full, or when the system refuses its memory ([`Tree::refused`]). A seat's children are shuffled, then the policy's recommendation (if any)
    /// is put first and marked.
    pub fn expand<G: Game<Action = A>, R: Rollout<G>>(
        &mut self,
        node: usize,
        game: &G,
        policy: &R,
        rng: &mut GameRng,
        actions: &mut Vec<A>,
        chances: &mut Vec<(A, f64)>,
    ) -> bool
    where
        A: PartialEq,
    {
        let first = self.nodes.len();
        match game.to_act() {
            ToAct::Over(_) => {
                self.nodes[node].kind = Kind::Terminal;
                return true;
            }
            ToAct::One(seat) => {
                game.legal_actions_for(Actor::Seat(seat), actions);
                if first + actions.len() > self.max_nodes || !self.make_room(actions.len()) {
                    return false;
                }
                self.push_seat_children(game, seat, policy, rng, actions);
                self.nodes[node].kind = Kind::Decision;
                self.nodes[node].mover = seat.0;
            }
            ToAct::Chance => {
                game.chance_outcomes(chances);
                if first + chances.len() > self.max_nodes || !self.make_room(chances.len()) {
                    return false;
                }
                for &(a, p) in chances.iter() {
                    self.push(a, NATURE, p as f32);
                }
                self.nodes[node].kind = Kind::Chance;
            }
            ToAct::Several(seats) => {
                let mut count = 0;
                for seat in seats.iter() {
                    game.legal_actions_for(Actor::Seat(seat), actions);
                    if first + count + actions.len() > self.max_nodes
                        || !self.make_room(actions.len())
                    {
                        self.nodes.truncate(first);
                        self.values.truncate(first * self.seats);
                        return false;
                    }
                    count += actions.len();
                    self.push_seat_children(game, seat, policy, rng, actions);
                }
                self.nodes[node].kind = Kind::Several;
                self.nodes[node].mover = seats.bits();
            }
        }
        let n = (self.nodes.len() - first) as u32;
        let parent = &mut self.nodes[node];
        parent.first_child = if n == 0 { NONE } else { first as u32 };
        parent.num_children = n;
        if n == 0 {
            parent.kind = Kind::Terminal;
        }
        true
    }

    /// Pushes `seat`'s `actions` as children: in random order (Fisher-Yates), the policy's
    /// recommendation first.
    fn push_seat_children<G: Game<Action = A>, R: Rollout<G>>(
        &mut self,
        game: &G,
        seat: Seat,
        policy: &R,
        rng: &mut GameRng,
        actions: &mut [A],
    ) where
        A: PartialEq,
    {
        for i in (1..actions.len()).rev() {
            let j = below(rng, i + 1);
            actions.swap(i, j);
        }
        let prior = policy
            .prior(game, seat, actions)
            .and_then(|p| actions.iter().position(|&a| a == p));
        if let Some(i) = prior {
            actions.swap(0, i);
        }
        for (i, &a) in actions.iter().enumerate() {
            self.push(a, seat.0, 1.0);
            if i == 0 && prior.is_some() {
                self.nodes.last_mut().expect("just pushed").prior = true;
            }
        }
    }

    /// Selection at a decision node: UCT (untried children first, in order), or PUCT when
    /// the policy recommended a child (see [`Tree::best_guided`]).
    #[inline]
    pub fn select_decision(&mut self, node: usize, c: f64, prior_weight: f32) -> usize {
        let n = self.nodes[node];
        if n.num_children > 0 && self.nodes[n.first_child as usize].prior {
            let fpu = self.mean_or_half(node, n.mover as usize);
            return self.best_guided(n.children(), n.visits, prior_weight, fpu, None);
        }
        if n.tried < n.num_children {
            self.nodes[node].tried += 1;
            return (n.first_child + n.tried) as usize;
        }
        self.best_uct(n.children(), n.visits, c, None)
    }

    /// `seat`'s mean return at `node` (½ before any visit).
    fn mean_or_half(&self, node: usize, seat: usize) -> f32 {
        match self.nodes[node].visits {
            0 => 0.5,
            v => self.value(node, seat) / v as f32,
        }
    }

    /// UCT over `children` (all visited) for their actor; with `actor`, only that seat's
    /// children. Each child's mean return and `1/sqrt(visits)` are cached, so the score is
    /// one multiply-add per child.
    #[inline]
    fn best_uct(
        &self,
        children: std::ops::Range<usize>,
        parent_visits: u32,
        c: f64,
        actor: Option<u8>,
    ) -> usize {
        let scale = (c * fast_ln(parent_visits.max(1)).sqrt()) as f32;
        let mut best = children.start;
        let mut best_score = f32::NEG_INFINITY;
        for child in children {
            let ch = &self.nodes[child];
            if actor.is_some_and(|a| ch.actor != a) {
                continue;
            }
            let score = ch.q + scale * ch.inv_sqrt_visits;
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
    fn best_guided(
        &self,
        children: std::ops::Range<usize>,
        parent_visits: u32,
        prior_weight: f32,
        fpu: f32,
        actor: Option<u8>,
    ) -> usize {
        let count = children
            .clone()
            .filter(|&ch| actor.is_none_or(|a| self.nodes[ch].actor == a))
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
            let ch = &self.nodes[child];
            if actor.is_some_and(|a| ch.actor != a) {
                continue;
            }
            let q = if ch.visits == 0 { fpu } else { ch.q };
            let p = if ch.prior { 0.9 } else { other_share };
            let score = q + scale * p / (1.0 + ch.visits as f32);
            if score > best_score {
                best_score = score;
                best = child;
            }
        }
        best
    }

    /// A chance outcome, sampled by its probability.
    #[inline]
    pub fn select_chance(&self, node: usize, rng: &mut GameRng) -> usize {
        let range = self.nodes[node].children();
        let mut x: f32 = rng.random();
        for child in range.clone() {
            x -= self.nodes[child].prob;
            if x < 0.0 {
                return child;
            }
        }
        range.end - 1
    }

    /// Several seats may act: a uniformly random acting seat acts (as the first to reach the
    /// game), choosing among its own actions by UCT (untried ones first), or by PUCT when the
    /// policy recommended one of them.
    pub fn select_several(
        &mut self,
        node: usize,
        c: f64,
        prior_weight: f32,
        rng: &mut GameRng,
    ) -> usize {
        let n = self.nodes[node];
        // The acting seats that have at least one action.
        let mut with_actions = 0u8;
        for child in n.children() {
            let actor = self.nodes[child].actor;
            if actor < 8 {
                with_actions |= 1 << actor;
            }
        }
        let seats = SeatSet::from_bits(n.mover & with_actions);
        let pick = below(rng, seats.len().max(1));
        let seat = seats.iter().nth(pick).unwrap_or(Seat(0));
        let (mut seat_visits, mut guided, mut untried) = (0, false, None);
        for child in n.children() {
            let ch = &self.nodes[child];
            if ch.actor == seat.0 {
                guided |= ch.prior;
                if ch.visits == 0 && untried.is_none() {
                    untried = Some(child);
                }
                seat_visits += ch.visits;
            }
        }
        if guided {
            let fpu = self.mean_or_half(node, seat.index());
            return self.best_guided(n.children(), seat_visits, prior_weight, fpu, Some(seat.0));
        }
        match untried {
            Some(child) => child,
            None => self.best_uct(n.children(), seat_visits, c, Some(seat.0)),
        }
    }

    #[inline]
    pub fn backpropagate(&mut self, path: &[u32], returns: &[f64; MAX_SEATS]) {
        let seats = self.seats;
        for &node in path {
            let node = node as usize;
            let values = &mut self.values[node * seats..(node + 1) * seats];
            for (v, r) in values.iter_mut().zip(returns) {
                *v += *r as f32;
            }
            let n = &mut self.nodes[node];
            n.visits += 1;
            let visits = n.visits as f32;
            if (n.actor as usize) < seats {
                n.q = values[n.actor as usize] / visits;
            }
            n.inv_sqrt_visits = 1.0 / visits.sqrt();
        }
    }

    /// The child of `node` reached by `action` (actions of several-seat states carry their
    /// seat, so the action alone identifies the edge).
    pub fn find_child(&self, node: usize, action: A) -> Option<usize>
    where
        A: PartialEq,
    {
        self.nodes[node]
            .children()
            .find(|&ch| self.nodes[ch].action == Some(action))
    }

    /// Makes the subtree under `new_root` the whole tree (subtree reuse), keeping its
    /// statistics; the old nodes are dropped. When the system refuses the memory of the
    /// copy, the tree is left as it was.
    pub fn reroot(&mut self, new_root: usize) -> Result<(), AiError> {
        if new_root == 0 {
            return Ok(());
        }
        let seats = self.seats;
        let what = "the search tree";
        let (mut nodes, mut values) = (Vec::new(), Vec::new());
        reserve(&mut nodes, self.nodes.len() / 2, what)?;
        reserve(&mut values, self.values.len() / 2, what)?;
        let mut root = self.nodes[new_root];
        root.action = None;
        root.actor = NATURE;
        nodes.push(root);
        values.extend_from_slice(&self.values[new_root * seats..(new_root + 1) * seats]);
        // Breadth first: each copied node's children are copied as one contiguous block.
        let mut next = 0;
        while next < nodes.len() {
            let old = nodes[next];
            if old.first_child != NONE {
                let start = nodes.len() as u32;
                reserve(&mut nodes, old.num_children as usize, what)?;
                reserve(&mut values, old.num_children as usize * seats, what)?;
                for child in old.children() {
                    nodes.push(self.nodes[child]);
                    values.extend_from_slice(&self.values[child * seats..(child + 1) * seats]);
                }
                nodes[next].first_child = start;
            }
            next += 1;
        }
        self.nodes = nodes;
        self.values = values;
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
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
