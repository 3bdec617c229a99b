//! Rebuilds the crate when a file of the embedded web UI changes (`web/` but for its tests,
//! their packages and screenshots, which `api/web.rs` leaves out): the browser tests install
//! packages and write screenshots under `web/tests/`, and watching all of `web/` rebuilt the
//! server and the binary after every run. A new file at the top of `web/` is seen when
//! `build.rs` or a watched file changes.

use std::path::Path;

/// Names under `web/` that are not part of the UI (as `api/web.rs` excludes them).
const LEFT_OUT: [&str; 4] = ["tests", "node_modules", "package.json", "package-lock.json"];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let web = Path::new("../../web");
    let Ok(entries) = std::fs::read_dir(web) else {
        println!("cargo:rerun-if-changed=../../web");
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || LEFT_OUT.contains(&name.as_str()) {
            continue;
        }
        // A directory is watched whole, new files included.
        println!("cargo:rerun-if-changed=../../web/{name}");
    }
}
