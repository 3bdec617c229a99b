//! The MCTS tree: an arena of nodes in one `Vec` (children of a node are contiguous), with
//! per-seat sums of returns in a parallel `Vec<f32>` (`seats` values per node).
//!
//! A node is created unexpanded when its parent is expanded; it is expanded (its children
//! created) on its second visit, as in OpenSpiel. Children of decision nodes are shuffled at
//! expansion and tried in that order before UCT applies to them all, so `tried` children are
//! exactly the first `tried` ones.

use super::search::Scratch;
use super::store::TreeStore;
use crate::AiError;
use crate::alloc::reserve;
use crate::rollout::{Rollout, below};
use std::ops::Range;
use tabula_core::{Actor, Game, GameRng, MAX_SEATS, Seat, ToAct};

pub(crate) const NONE: u32 = u32::MAX;
/// `actor` of the edge into a chance outcome (and of the root).
pub(crate) const NATURE: u8 = u8::MAX;

/// What kind of state a node holds (known once expanded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Kind {
    Unexpanded = 0,
    /// The shared tree only: another thread is expanding the node.
    Busy = 1,
    /// `mover` chooses among the children.
    Decision = 2,
    /// Several seats may act (`mover` holds the seat set's bits); each child is its actor's.
    Several = 3,
    /// Nature chooses; each child has a probability.
    Chance = 4,
    /// The game is over (or nobody can act).
    Terminal = 5,
}

impl Kind {
    /// The kind whose discriminant is `value` (the shared tree keeps kinds as `u8`).
    #[inline]
    pub fn from_u8(value: u8) -> Kind {
        match value {
            0 => Kind::Unexpanded,
            2 => Kind::Decision,
            3 => Kind::Several,
            4 => Kind::Chance,
            5 => Kind::Terminal,
            _ => Kind::Busy,
        }
    }
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
    /// selects by PUCT (see `select.rs`).
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
    pub fn expand_node<G: Game<Action = A>, R: Rollout<G>>(
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

impl<A: Copy + PartialEq> TreeStore<A> for Tree<A> {
    #[inline]
    fn seats(&self) -> usize {
        self.seats
    }

    #[inline]
    fn kind(&self, node: usize) -> Kind {
        self.nodes[node].kind
    }

    #[inline]
    fn is_new_leaf(&self, node: usize) -> bool {
        self.nodes[node].visits == 0
    }

    #[inline]
    fn expand<G: Game<Action = A>, R: Rollout<G>>(
        &mut self,
        node: usize,
        game: &G,
        policy: &R,
        rng: &mut GameRng,
        scratch: &mut Scratch<A>,
    ) -> Kind {
        if self.expand_node(
            node,
            game,
            policy,
            rng,
            &mut scratch.actions,
            &mut scratch.chances,
        ) {
            self.nodes[node].kind
        } else {
            Kind::Unexpanded
        }
    }

    #[inline]
    fn begin(&mut self, path: &mut Vec<u32>) {
        path.push(0);
    }

    #[inline]
    fn enter(&mut self, _child: usize) {}

    #[inline]
    fn backpropagate(&mut self, path: &[u32], returns: &[f64; MAX_SEATS]) {
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

    #[inline]
    fn children(&self, node: usize) -> Range<usize> {
        self.nodes[node].children()
    }

    #[inline]
    fn mover(&self, node: usize) -> u8 {
        self.nodes[node].mover
    }

    #[inline]
    fn children_and_visits(&self, node: usize) -> (Range<usize>, u32) {
        let n = &self.nodes[node];
        (n.children(), n.visits)
    }

    #[inline]
    fn visits(&self, node: usize) -> u32 {
        self.nodes[node].visits
    }

    #[inline]
    fn mean(&self, node: usize, seat: usize, visits: u32) -> f32 {
        self.value(node, seat) / visits as f32
    }

    /// Kept up to date by backpropagation.
    #[inline]
    fn child_mean(&self, child: usize, _actor: usize, _visits: u32) -> f32 {
        self.nodes[child].q
    }

    /// Each child's mean return and `1/sqrt(visits)` are cached, so the score is one
    /// multiply-add.
    #[inline]
    fn uct_score(&self, child: usize, scale: f32) -> f32 {
        let ch = &self.nodes[child];
        ch.q + scale * ch.inv_sqrt_visits
    }

    #[inline]
    fn actor(&self, child: usize) -> u8 {
        self.nodes[child].actor
    }

    #[inline]
    fn prior(&self, child: usize) -> bool {
        self.nodes[child].prior
    }

    #[inline]
    fn prob(&self, child: usize) -> f32 {
        self.nodes[child].prob
    }

    #[inline]
    fn action(&self, child: usize) -> Option<A> {
        self.nodes[child].action
    }

    #[inline]
    fn claim_untried(&mut self, node: usize, children: Range<usize>) -> Option<usize> {
        let n = &mut self.nodes[node];
        (n.tried < n.num_children).then(|| {
            n.tried += 1;
            children.start + n.tried as usize - 1
        })
    }
}
