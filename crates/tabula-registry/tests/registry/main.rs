//! The registry's tests (catalog, type-erased games and bots, indexed actions, levels, rules'
//! translations), one binary: each module is one subject.

mod catalog;
mod connect_four_expert;
mod dyn_pairing;
mod indexed;
mod level_ratings;
mod magical_circle_levels;
mod rules_translations;
mod unserialisable;
