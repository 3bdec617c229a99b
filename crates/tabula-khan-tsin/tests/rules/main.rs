//! Khan-Tsin's tests (rules and rulings, notation, perft data, the harness, the description, views),
//! one binary: each module is one subject.

#[path = "../common/mod.rs"]
mod common;

mod description;
mod fuzz;
mod harness;
mod notation;
mod perft;
mod repetition;
mod rules_end;
mod rules_moves;
mod rules_setup;
mod variants;
mod view_and_search;
