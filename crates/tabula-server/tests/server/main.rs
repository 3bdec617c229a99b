//! The server's tests (API, live matches, stores on SQLite and PostgreSQL, limits, fair play), one
//! binary: each module is one subject, with the helpers of `common`. `file_limit` stays a binary
//! of its own: it lowers the process's limit on open files.

mod accounts;
mod analysis;
mod analysis_budget;
mod api;
mod chat;
mod chat_live;
mod clocks;
mod cluster_reads_pg;
#[path = "../common/mod.rs"]
mod common;
mod concurrency;
mod correspondence;
mod errors;
mod fair_play;
mod fuzz;
mod history;
mod leases_pg;
mod lessons;
mod limits;
mod limits_per_client;
mod notices_pg;
mod plain_games;
mod positions;
mod presence;
mod puzzles;
mod quarantine;
mod ratings;
mod rules_lang;
mod seats;
mod seeks;
mod store;
mod store_corrupt;
mod store_faults;
mod store_faults_pg;
mod store_outage_pg;
mod store_restart;
mod table;
mod takeback_people;
mod ws;
mod ws_shared_views;
