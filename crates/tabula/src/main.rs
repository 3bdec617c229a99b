//! `tabula`: play, analyse and host Toumaï, Khan-Tsin, China Moon and Magical Circle.
//!
//! Every error goes to standard error with exit status 2.

use std::process::ExitCode;

/// mimalloc rather than the system's allocator: the server's CPU per move went down by a
/// fifth. Built without transparent huge pages (the `no_thp` feature): with them, every
/// 2 MiB region of its arena that a few bytes touched became resident, 11 MB at start and
/// more with every thousand idle sockets. Both measured with the load test on 3 December
/// 2026 (bench/log/performance-history.md, "Server: load test").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    tabula::run_with(tabula_catalog::builtin())
}
