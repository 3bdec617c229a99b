//! Magical Circle's tests (rules and rulings, notation, perft data, the harness, the description, views),
//! one binary: each module is one subject.

#[path = "../common/mod.rs"]
mod common;

mod description;
mod harness;
mod notation;
mod params;
mod perft;
mod plans;
mod rules;
mod rulings;
mod solver;
