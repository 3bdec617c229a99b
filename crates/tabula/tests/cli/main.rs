//! The command line's tests (`play`, `match`, `analyze`, `engine`, `rules`…) and the server run
//! as a process (restarts, faults, clusters), one binary: each module is one subject.

mod cli_analyze;
mod cli_analyze_coverage;
mod cli_analyze_ladder;
mod cli_analyze_openings;
mod cli_analyze_records;
mod cli_analyze_variants;
mod cli_common;
mod cli_engine;
mod cli_engine_input;
mod cli_games;
mod cli_match;
mod cli_match_record;
mod cli_puzzles;
mod cli_terminal;
mod engine_process;
mod server_cli;
mod server_cluster;
#[path = "../server_common/mod.rs"]
mod server_common;
mod server_export;
mod server_faults;
mod server_fuzz;
mod server_restart;
mod server_table_restart;
#[path = "../support/mod.rs"]
mod support;
