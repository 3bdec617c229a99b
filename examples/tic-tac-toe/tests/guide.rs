//! The guide `docs/adding-a-game.md` quotes this crate: every Rust and TOML block in it comes
//! right after a `<!-- quote: <file> -->` line, and is a verbatim part of that file.

use std::path::Path;

const GUIDE: &str = include_str!("../../../docs/adding-a-game.md");

/// A fenced block of the guide: the file it quotes (if it says), its language and its text.
struct Block {
    line: usize,
    file: Option<String>,
    lang: String,
    code: String,
}

/// The fenced blocks of `guide`.
fn blocks(guide: &str) -> Vec<Block> {
    let lines: Vec<&str> = guide.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some(lang) = lines[i].strip_prefix("```") {
            let file = i
                .checked_sub(1)
                .and_then(|p| lines[p].strip_prefix("<!-- quote: "))
                .and_then(|rest| rest.strip_suffix(" -->"))
                .map(str::to_string);
            let end = (i + 1..lines.len())
                .find(|&j| lines[j] == "```")
                .unwrap_or_else(|| panic!("line {}: unclosed block", i + 1));
            out.push(Block {
                line: i + 1,
                file,
                lang: lang.to_string(),
                code: lines[i + 1..end].join("\n"),
            });
            i = end;
        }
        i += 1;
    }
    out
}

/// Whether `code` is a sequence of whole items: of a file, or of an `impl` block (methods).
fn whole_items(code: &str) -> bool {
    syn::parse_file(code).is_ok()
        || syn::parse_str::<syn::ItemImpl>(&format!("impl X {{\n{code}\n}}")).is_ok()
}

/// What is wrong with the guide's quotes (nothing when every block is its file's code).
fn faults(guide: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut faults = Vec::new();
    for block in blocks(guide) {
        let Some(file) = &block.file else {
            if block.lang == "rust" || block.lang == "toml" {
                faults.push(format!(
                    "line {}: a {} block quotes no file",
                    block.line, block.lang
                ));
            }
            continue;
        };
        if block.lang == "rust" && !whole_items(&block.code) {
            faults.push(format!(
                "line {}: not whole items of {file} (an item cut short, or a comment or \
                 attribute without its item)",
                block.line
            ));
        }
        match std::fs::read_to_string(root.join(file)) {
            Ok(text) if text.contains(&block.code) => {}
            Ok(_) => faults.push(format!("line {}: not the code of {file}", block.line)),
            Err(e) => faults.push(format!("line {}: {file}: {e}", block.line)),
        }
    }
    faults
}

#[test]
fn every_quoted_block_is_the_crate_s_code() {
    assert_eq!(faults(GUIDE), Vec::<String>::new());
    let quoted: Vec<Block> = blocks(GUIDE)
        .into_iter()
        .filter(|b| b.file.is_some())
        .collect();
    assert!(
        quoted.len() >= 10,
        "the guide quotes {} blocks",
        quoted.len()
    );
    for file in [
        "src/game.rs",
        "src/description.rs",
        "tests/serve.rs",
        "src/entry.rs",
        "src/main.rs",
        "Cargo.toml",
    ] {
        let path = format!("examples/tic-tac-toe/{file}");
        assert!(
            quoted
                .iter()
                .any(|b| b.file.as_deref() == Some(path.as_str())),
            "{file}"
        );
    }
}

#[test]
fn a_changed_or_unquoted_block_is_caught() {
    let changed = GUIDE.replacen("title: \"Tic-Tac-Toe\"", "title: \"Noughts\"", 1);
    assert_ne!(changed, GUIDE);
    assert_eq!(faults(&changed).len(), 1, "{:?}", faults(&changed));
    let unquoted = format!("{GUIDE}\n```rust\nfn main() {{}}\n```\n");
    assert!(faults(&unquoted)[0].ends_with("a rust block quotes no file"));
    let missing = "<!-- quote: examples/tic-tac-toe/nothing.rs -->\n```rust\n\n```\n";
    assert!(faults(missing)[0].contains("nothing.rs"));
    // A quote that stops inside an item, or leaves a comment without its item.
    let cut = "<!-- quote: examples/tic-tac-toe/src/state.rs -->\n```rust\npub struct TicTacToe {\n    pub(crate) cells: [Option<Seat>; 9],\n```\n";
    assert!(
        faults(cut)[0].contains("not whole items"),
        "{:?}",
        faults(cut)
    );
    let dangling =
        "<!-- quote: examples/tic-tac-toe/src/state.rs -->\n```rust\n/// The other seat.\n```\n";
    assert!(
        faults(dangling)[0].contains("not whole items"),
        "{:?}",
        faults(dangling)
    );
}
