//! The settings of an MCTS bot ([`MctsConfig`]) and how it searches on several threads
//! ([`Parallelism`]), with the checks that name a bad value.

use crate::Pace;
use crate::bounds::{
    MAX_ITERATIONS, MAX_ROLLOUT_STEPS, MAX_THREADS, MAX_TIME_MS, MAX_TREE_NODES, NODE_BYTES,
    about_bytes, at_most, finite,
};
use serde::{Deserialize, Serialize};

/// The settings of an MCTS bot. See the module docs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MctsConfig {
    /// The UCT exploration constant `c`.
    pub exploration: f64,
    /// Iterations per decision, summed over all trees (`None`: only the time limit counts).
    pub iterations: Option<u64>,
    /// Wall time per decision in milliseconds (`None`: only the iteration limit counts).
    pub time_ms: Option<u64>,
    /// Search threads.
    pub threads: usize,
    /// How several threads share the work (no effect on one thread).
    pub parallel: Parallelism,
    /// Keep the subtree of the new position between decisions.
    pub reuse_tree: bool,
    /// The most nodes one tree may hold; a full tree stops growing but keeps searching.
    pub max_nodes: usize,
    /// A rollout stops after this many steps and is scored by the rollout policy.
    pub rollout_max_steps: u32,
    /// Where the rollout policy recommends an action ([`Rollout::prior`]), selection there is
    /// PUCT, `Q + prior_weight · P · sqrt(N) / (1 + n)` with `P` 0.9 for the recommended
    /// action (N: the parent's visits, n: the child's). No effect with policies that
    /// recommend nothing (random rollouts).
    pub prior_weight: f64,
    /// Where several seats may act: wait unless the best own action's mean return is at least
    /// the mean return of letting others act minus this margin.
    pub wait_margin: f64,
    /// The delays suggested to real-time hosts.
    pub pace: Pace,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 1.4,
            iterations: Some(10_000),
            time_ms: None,
            threads: 1,
            parallel: Parallelism::Tree,
            reuse_tree: true,
            max_nodes: 1_000_000,
            rollout_max_steps: 1_000,
            prior_weight: 1.0,
            wait_margin: 0.0,
            pace: Pace::NONE,
        }
    }
}

/// How a search on several threads shares the work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Parallelism {
    /// One tree shared by every thread, with virtual loss (the default; faster, not
    /// deterministic).
    #[default]
    Tree,
    /// One tree per thread, root statistics summed (deterministic for a seed and thread
    /// count under an iteration budget).
    Root,
}

impl MctsConfig {
    /// `iterations` per decision, one thread, everything else default.
    pub fn with_iterations(iterations: u64) -> Self {
        MctsConfig {
            iterations: Some(iterations),
            ..MctsConfig::default()
        }
    }

    /// Checks the settings: an iteration or a time limit, each within its bound, and every
    /// other setting within its bound ([`crate::bounds`]), with a message naming the setting.
    pub fn check(&self) -> Result<(), String> {
        if self.iterations.is_none() && self.time_ms.is_none() {
            return Err("an iteration or a time limit is needed".into());
        }
        if let Some(iterations) = self.iterations {
            at_most("iterations", iterations, MAX_ITERATIONS, "")?;
        }
        if let Some(ms) = self.time_ms {
            at_most("ms", ms, MAX_TIME_MS, "10 minutes")?;
        }
        finite("c", self.exploration)?;
        if self.threads == 0 {
            return Err("threads must be at least 1".into());
        }
        at_most("threads", self.threads, MAX_THREADS, "")?;
        let memory = |nodes: usize| about_bytes(nodes as u128, NODE_BYTES as u128);
        at_most(
            "nodes",
            self.max_nodes,
            MAX_TREE_NODES,
            &memory(MAX_TREE_NODES),
        )?;
        if self.parallel == Parallelism::Root {
            // One tree per thread.
            at_most(
                "nodes × threads with parallel=root",
                self.max_nodes.saturating_mul(self.threads),
                MAX_TREE_NODES,
                &memory(MAX_TREE_NODES),
            )?;
        }
        at_most("steps", self.rollout_max_steps, MAX_ROLLOUT_STEPS, "")?;
        finite("prior", self.prior_weight)?;
        if !self.wait_margin.is_finite() {
            return Err(format!(
                "wait margin: a finite number, not {}",
                self.wait_margin
            ));
        }
        Ok(())
    }
}
