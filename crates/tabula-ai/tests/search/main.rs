//! The search's tests (MCTS, alpha-beta, levels, arena, analysis) on toy games and real ones,
//! one binary: each module is one subject, with the toy games of `common`.

mod alphabeta_connect_four;
mod alphabeta_reductions;
mod alphabeta_threads;
mod analysis;
mod analysis_dynamics;
mod analysis_records;
mod arena;
mod arena_openings;
mod bench;
#[path = "../common/mod.rs"]
mod common;
mod levels;
mod mcts_connect_four;
mod mcts_tree_parallel;
mod race_skill;
mod repetition;
mod search_report;
mod solver_bot;
mod specs;
mod stop;
mod time_caps;
mod toy_games;
