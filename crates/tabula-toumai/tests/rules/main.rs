//! Toumaï's tests (rules and rulings, notation, perft data, the harness, the description, views),
//! one binary: each module is one subject. `no_alloc` stays a binary of its own: it counts
//! the process's allocations.

#[path = "../common/mod.rs"]
mod common;

mod description;
mod harness;
mod notation;
mod perft;
mod repetition;
mod rules;
mod rulings;
mod variants;
