//! The `tabula` subcommands, one module per concern.

pub mod analyze;
pub mod notation;
pub mod play;
pub mod plots;
pub mod serve;
pub mod simulate;
pub mod solve;
