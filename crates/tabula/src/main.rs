//! `tabula`: play, analyse and host Toumaï, Khan-Tsin, China Moon and Magical Circle.
//!
//! Every error goes to standard error with exit status 2.

use std::process::ExitCode;

/// mimalloc rather than the system's allocator: the server's CPU per move went down by a
/// fifth (docs/performance.md, "Server: load test").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    tabula::run()
}
