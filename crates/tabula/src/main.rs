//! `tabula`: play, analyse and host Toumaï, Khan-Tsin, China Moon and Magical Circle.
//!
//! Every error goes to standard error with exit status 2.

use std::process::ExitCode;

fn main() -> ExitCode {
    tabula::run()
}
