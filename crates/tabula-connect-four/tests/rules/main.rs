//! Connect Four's tests (rules and rulings, notation, perft data, the harness, the description, views),
//! one binary: each module is one subject.

mod description;
mod eval;
mod harness;
mod notation;
mod perft;
mod rules;
mod solver;
mod tactics;
mod view;
