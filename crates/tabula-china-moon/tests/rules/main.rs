//! China Moon's tests (rules and rulings, notation, perft data, the harness, the description, views),
//! one binary: each module is one subject.

#[path = "../common/mod.rs"]
mod common;

mod board;
mod description;
mod fuzz;
mod harness;
mod notation;
mod perft;
mod rules_effects;
mod rules_setup_scoring;
mod rules_turn;
mod variant_drop;
mod variants;
mod view;
