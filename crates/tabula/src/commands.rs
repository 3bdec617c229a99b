//! The `tabula` subcommands, one module per concern.

pub mod analyze;
pub mod analyze_db;
pub mod analyze_html;
pub mod analyze_ladder;
pub mod analyze_records;
pub mod analyze_variants;
pub mod engine;
pub mod engine_search;
pub mod match_record;
pub mod notation;
pub mod play;
pub mod plots;
pub mod puzzles;
pub mod serve;
pub mod simulate;
pub mod tune;
pub mod tune_html;
pub mod tune_params;
