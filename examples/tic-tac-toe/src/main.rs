//! `tabula-tic-tac-toe`: Tabula's command line (`play`, `match`, `serve`, …) with Tic-Tac-Toe
//! beside the built-in games.

use std::process::ExitCode;

/// The allocator Tabula's own binary uses: a binary chooses its allocator, so a downstream one
/// sets it again (without it, the server runs on the system's, about a fifth slower per move).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    tabula::run_with(tabula_tic_tac_toe::catalog())
}
