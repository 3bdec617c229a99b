//! Perft counts kept as data (tests/data/perft.txt), cross-checked with the independent
//! Python reference (tools/reference.py). The file's `# params: ...` comments set the
//! parameters of the lines after them.

use tabula_core::testkit::check_perft_file;
use tabula_magical_circle::{MagicalCircle, Params};

const DATA: &str = include_str!("../data/perft.txt");

fn parse_params(text: &str) -> Params {
    let mut p = Params::default();
    for kv in text.split(',') {
        let (k, v) = kv.trim().split_once('=').expect("key=value");
        match k {
            "players" => p.players = v.parse().unwrap(),
            "deck_step" => p.deck_step = v.parse().unwrap(),
            "target" => p.target = Some(v.parse().unwrap()),
            "swap_values" => p.swap_values = v.bytes().map(|b| b - b'0').collect(),
            other => panic!("unknown parameter {other}"),
        }
    }
    p
}

/// The file cut into sections of one parameter set each (lines outside a section keep
/// their line numbers' meaning only within the section).
fn sections() -> Vec<(Params, String)> {
    let mut out: Vec<(Params, String)> = Vec::new();
    for line in DATA.lines() {
        if let Some(rest) = line.strip_prefix("# params:") {
            out.push((parse_params(rest), String::new()));
        } else if let Some((_, text)) = out.last_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    out
}

#[test]
fn perft_counts_match_the_data_file() {
    let mut checked = 0;
    for (params, text) in sections() {
        checked += check_perft_file::<MagicalCircle>(&params, &text, 5);
    }
    assert_eq!(checked, 41, "every count of the file was checked");
}
