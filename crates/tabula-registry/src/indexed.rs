//! Integer actions and observations behind type erasure, for hosts that speak numbers rather
//! than notation (the Python package, reinforcement-learning environments): [`IndexedGame`]
//! is a [`DynGame`] with `tabula_core::ActionIndex` and `tabula_core::Observe`, and
//! [`IndexedEntry`] makes such games and runs random playouts.

use crate::bots::parse_spec;
use crate::{DynGame, Entry, GameEntry, RegistryError, Setup, Typed};
use serde::Serialize;
use serde_json::Value;
use tabula_ai::analysis::Phase;
use tabula_ai::analysis::records::{Batch, GameRow, play_batch};
use tabula_ai::arena::{Evaluation, MatchConfig};
use tabula_core::{
    ActionError, ActionIndex, Actor, Game, GameRng, Notation, Observe, Presentation, Seat, ToAct,
    rng_from_seed, step_random,
};

/// A game state of any registered game, with integer actions and observations.
pub trait IndexedGame: DynGame {
    /// How many action indices the game has (see `tabula_core::ActionIndex`).
    fn num_actions(&self) -> usize;
    /// The indices of `actor`'s legal actions, in the move generator's order.
    fn legal_indices(&self, actor: Actor) -> Vec<usize> {
        let mut out = Vec::new();
        self.legal_indices_into(actor, &mut out);
        out
    }
    /// The same indices into `out`, after clearing it (for hosts that keep the buffer).
    fn legal_indices_into(&self, actor: Actor, out: &mut Vec<usize>);
    /// `actor`'s action mask: one entry per index, true for the legal ones.
    fn legal_mask(&self, actor: Actor) -> Vec<bool>;
    /// Checks and applies the action with `index` for `actor`; on error nothing changes.
    /// Returns the action in notation.
    fn apply_index(&mut self, actor: Actor, index: usize) -> Result<String, RegistryError>;
    /// Applies the action with `index` for `actor` without checking it: for a host that took
    /// `index` from [`legal_indices`](Self::legal_indices) of this very state, unchanged
    /// since, so that the check the move generator made is not made again. Any other index
    /// leaves the state meaningless. Returns the action in notation.
    fn apply_legal_index(&mut self, actor: Actor, index: usize) -> String;
    /// [`apply_legal_index`](Self::apply_legal_index) without writing the action's notation:
    /// for hosts that step many games and never show the moves.
    fn play_legal_index(&mut self, actor: Actor, index: usize) {
        self.apply_legal_index(actor, index);
    }
    /// The index of the action `text` (in notation) by `actor`.
    fn index_of(&self, actor: Actor, text: &str) -> Result<usize, RegistryError>;
    /// The notation of the action with `index` for `actor`, if it stands for one.
    fn index_text(&self, actor: Actor, index: usize) -> Option<String>;
    /// The pending chance event's outcomes as (index, probability).
    fn chance_indices(&self) -> Vec<(usize, f64)>;
    /// The pending chance event's outcomes as (notation, probability).
    fn chance_texts(&self) -> Vec<(String, f64)>;
    /// The observation tensor's shape.
    fn observation_shape(&self) -> Vec<usize>;
    /// What `viewer` may see (`None`: a spectator), as a flat tensor (see
    /// `tabula_core::Observe`), into `out` after clearing it.
    fn observe(&self, viewer: Option<Seat>, out: &mut Vec<f32>);
    /// Plays uniformly random steps (chance by its probabilities) until the game ends or
    /// `max_steps` were played; returns the steps played.
    fn play_random(&mut self, rng: &mut GameRng, max_steps: usize) -> usize;
    /// A boxed copy of this state (what `Clone` for `Box<dyn IndexedGame>` calls).
    fn clone_indexed(&self) -> Box<dyn IndexedGame>;
}

impl Clone for Box<dyn IndexedGame> {
    fn clone(&self) -> Self {
        self.clone_indexed()
    }
}

impl<G: Game + Notation + Presentation + ActionIndex + Observe> IndexedGame for Typed<G> {
    fn num_actions(&self) -> usize {
        self.0.num_actions()
    }

    fn legal_indices_into(&self, actor: Actor, out: &mut Vec<usize>) {
        let mut actions = Vec::with_capacity(64);
        tabula_core::legal_indices(&self.0, actor, &mut actions, out);
    }

    fn legal_mask(&self, actor: Actor) -> Vec<bool> {
        let (mut actions, mut out) = (Vec::new(), Vec::new());
        tabula_core::legal_mask(&self.0, actor, &mut actions, &mut out);
        out
    }

    fn apply_index(&mut self, actor: Actor, index: usize) -> Result<String, RegistryError> {
        let n = self.0.num_actions();
        let action = self.0.index_action(actor, index).ok_or_else(|| {
            let error = if index >= n {
                ActionError::Illegal(format!("there are {n} action indices (0 to {})", n - 1))
            } else {
                ActionError::Illegal(format!("index {index} stands for no action of {actor:?}"))
            };
            RegistryError::Action {
                action: index.to_string(),
                error,
            }
        })?;
        let text = self.0.format_action(action);
        self.0
            .try_apply(actor, action)
            .map_err(|error| RegistryError::Action {
                action: format!("{text} (index {index})"),
                error,
            })?;
        Ok(text)
    }

    fn apply_legal_index(&mut self, actor: Actor, index: usize) -> String {
        let action = self
            .0
            .index_action(actor, index)
            .expect("a legal index stands for an action");
        let text = self.0.format_action(action);
        self.0.apply(action);
        text
    }

    fn play_legal_index(&mut self, actor: Actor, index: usize) {
        let action = self
            .0
            .index_action(actor, index)
            .expect("a legal index stands for an action");
        self.0.apply(action);
    }

    fn index_of(&self, actor: Actor, text: &str) -> Result<usize, RegistryError> {
        let action = self.0.parse_action(actor, text)?;
        Ok(self.0.action_index(action))
    }

    fn index_text(&self, actor: Actor, index: usize) -> Option<String> {
        self.0
            .index_action(actor, index)
            .map(|a| self.0.format_action(a))
    }

    fn chance_indices(&self) -> Vec<(usize, f64)> {
        let mut out = Vec::new();
        self.0.chance_outcomes(&mut out);
        out.iter()
            .map(|&(a, p)| (self.0.action_index(a), p))
            .collect()
    }

    fn chance_texts(&self) -> Vec<(String, f64)> {
        let mut out = Vec::new();
        self.0.chance_outcomes(&mut out);
        out.iter()
            .map(|&(a, p)| (self.0.format_action(a), p))
            .collect()
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.0.observation_shape()
    }

    fn observe(&self, viewer: Option<Seat>, out: &mut Vec<f32>) {
        self.0.observe(viewer, out)
    }

    fn play_random(&mut self, rng: &mut GameRng, max_steps: usize) -> usize {
        tabula_core::random_playout(&mut self.0, rng, max_steps).1
    }

    fn clone_indexed(&self) -> Box<dyn IndexedGame> {
        Box::new(self.clone())
    }
}

/// What a batch of random playouts did.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PlayoutStats {
    /// Games played.
    pub games: usize,
    /// Steps played in all (actions and chance outcomes).
    pub plies: u64,
    /// Games that ended (the others reached the step cap).
    pub finished: usize,
    /// Wins per seat (a shared first place counts for each winner).
    pub wins: Vec<usize>,
    /// Games that ended without a winner.
    pub draws: usize,
}

/// Makes indexed games of one kind.
pub trait IndexedEntry: GameEntry {
    /// A new game (as [`GameEntry::new_game`]).
    fn new_indexed(
        &self,
        params: &Value,
        setup: Setup,
        rng: &mut GameRng,
    ) -> Result<Box<dyn IndexedGame>, RegistryError>;

    /// A new game exactly as `Game::new` makes it: the players' setup, and chance at the
    /// start left pending (for hosts that resolve chance themselves, such as OpenSpiel).
    fn start_indexed(&self, params: &Value) -> Result<Box<dyn IndexedGame>, RegistryError>;

    /// A game from a position in notation.
    fn load_indexed(
        &self,
        params: &Value,
        position: &str,
    ) -> Result<Box<dyn IndexedGame>, RegistryError>;

    /// Plays the games `indices` of one match (`phase`) of the analysis that
    /// [`GameEntry::analyze`] runs with the same arguments (`evaluation` as its options'),
    /// and returns their rows (see
    /// `tabula_ai::analysis::records::play_batch`): the unit of a distributed analysis.
    #[allow(clippy::too_many_arguments)]
    fn analysis_batch(
        &self,
        params: &Value,
        variant: &str,
        phase: Phase,
        bot: &str,
        weaker: Option<&str>,
        config: &MatchConfig,
        evaluation: &Evaluation,
        indices: &[usize],
    ) -> Result<Vec<GameRow>, RegistryError>;

    /// `games` uniformly random games from the setup `setup`, game `i` seeded `seed + i`,
    /// each stopped after `max_steps` steps.
    fn playouts(
        &self,
        params: &Value,
        games: usize,
        seed: u64,
        setup: Setup,
        max_steps: usize,
    ) -> Result<PlayoutStats, RegistryError>;
}

impl<G: Game + Notation + Presentation + ActionIndex + Observe> IndexedEntry for Entry<G> {
    fn new_indexed(
        &self,
        params: &Value,
        setup: Setup,
        rng: &mut GameRng,
    ) -> Result<Box<dyn IndexedGame>, RegistryError> {
        Ok(Box::new(self.new_typed(params, setup, rng)?))
    }

    fn start_indexed(&self, params: &Value) -> Result<Box<dyn IndexedGame>, RegistryError> {
        Ok(Box::new(Typed(G::new(&self.params(params)?)?)))
    }

    fn load_indexed(
        &self,
        params: &Value,
        position: &str,
    ) -> Result<Box<dyn IndexedGame>, RegistryError> {
        Ok(Box::new(self.load_typed(params, position)?))
    }

    fn analysis_batch(
        &self,
        params: &Value,
        variant: &str,
        phase: Phase,
        bot: &str,
        weaker: Option<&str>,
        config: &MatchConfig,
        evaluation: &Evaluation,
        indices: &[usize],
    ) -> Result<Vec<GameRow>, RegistryError> {
        let params = self.params(params)?;
        let bot = parse_spec(bot.trim())?;
        let weaker = weaker.map(|w| parse_spec(w.trim())).transpose()?;
        let batch = Batch {
            variant,
            phase,
            params: &params,
            bot: &bot,
            weaker: weaker.as_ref(),
            config,
            evaluation,
            indices,
        };
        Ok(play_batch(&batch, &self.factory())?)
    }

    fn playouts(
        &self,
        params: &Value,
        games: usize,
        seed: u64,
        setup: Setup,
        max_steps: usize,
    ) -> Result<PlayoutStats, RegistryError> {
        let params = self.params(params)?;
        let start = G::new(&params)?;
        let mut stats = PlayoutStats {
            wins: vec![0; start.num_seats()],
            ..PlayoutStats::default()
        };
        let (mut actions, mut chances) = (Vec::with_capacity(64), Vec::new());
        for i in 0..games {
            let mut rng = rng_from_seed(seed.wrapping_add(i as u64));
            let mut game = match setup {
                Setup::Random => G::new_random(&params, &mut rng)?,
                Setup::Placement => start.clone(),
            };
            let mut steps = 0;
            while steps < max_steps && step_random(&mut game, &mut rng, &mut actions, &mut chances)
            {
                steps += 1;
            }
            stats.games += 1;
            stats.plies += steps as u64;
            if let ToAct::Over(outcome) = game.to_act() {
                stats.finished += 1;
                let winners: Vec<Seat> = outcome.winners().collect();
                if winners.is_empty() || outcome.is_draw() {
                    stats.draws += 1;
                }
                if !outcome.is_draw() {
                    for w in winners {
                        stats.wins[w.index()] += 1;
                    }
                }
            }
        }
        Ok(stats)
    }
}
