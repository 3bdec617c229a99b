//! The `tabula` subcommands, one module per concern.

pub mod notation;
pub mod play;
pub mod serve;
pub mod simulate;
pub mod solve;
