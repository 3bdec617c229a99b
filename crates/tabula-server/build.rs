//! Rebuilds the crate when anything under the repository's `web/` directory changes, so that
//! the embedded web UI is always the current one (new files included).

fn main() {
    println!("cargo:rerun-if-changed=../../web");
    println!("cargo:rerun-if-changed=build.rs");
}
