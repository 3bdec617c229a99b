//! The registry's own tests, with games of their own (the registry knows no game): one binary,
//! each module one subject.

mod catalog;
mod terminal;
mod unserialisable;
