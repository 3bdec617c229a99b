//! The puzzle generator on small record sets with known answers, and every shipped set
//! checked again: lines replay, every answer confirmed at reduced depth, a seeded sample at
//! full depth.

use serde_json::json;
use tabula_puzzles::{
    Depth, Goal, PuzzleSet, Settings, generate, parse, read_records, sets, verify_set,
};
use tabula_registry::GameEntry;

fn connect_four() -> &'static dyn GameEntry {
    tabula_catalog::builtin().find("connect-four").unwrap()
}

/// A match report of Connect Four games from `start` with `moves`.
fn report(games: &[(&str, &[&str])]) -> String {
    let records: Vec<_> = games
        .iter()
        .map(|(start, moves)| json!({"start": start, "moves": moves}))
        .collect();
    json!({"game": "connect-four", "seats": 2, "records": records}).to_string()
}

fn run(text: &str, settings: &Settings) -> (PuzzleSet, tabula_puzzles::Summary) {
    let entry = connect_four();
    let records = read_records(entry, "test.json", text).unwrap();
    generate(entry, &records, settings, &mut |_, _, _| {}).unwrap()
}

#[test]
fn a_win_at_once_is_found_with_its_theme_and_verified() {
    // o wins at once in column 6 (a diagonal); every other move lets x win.
    let start = "xo.xo.o/ox.ox.x/xx.xo.x/oo.ox.x/ox.xoxo/oxxxooo o";
    let text = report(&[(start, &["6"])]);
    let (set, summary) = run(&text, &Settings::default());
    assert_eq!(
        (summary.records, summary.positions, summary.kept),
        (1, 1, 1)
    );
    let p = &set.puzzles[0];
    assert_eq!((p.goal, p.seat), (Goal::Win, 2));
    assert_eq!(p.solution, ["6"]);
    assert_eq!(p.themes, ["win-now", "four"]);
    assert!(p.rating >= tabula_puzzles::rating::BASE, "{}", p.rating);
    verify_set(connect_four(), &set, Depth::Full, None).unwrap();
}

#[test]
fn a_forced_win_in_two_records_its_line() {
    // x at 4 makes two threats at once; o blocks one (1), x takes the other (5).
    let start = "......./..o..../..x..../..x..x./.oxo.o./.xoooxx x";
    let text = report(&[(start, &["4"])]);
    let (set, _) = run(&text, &Settings::default());
    let p = &set.puzzles[0];
    assert_eq!(p.goal, Goal::Win);
    assert_eq!(p.solution, ["4", "1", "5"]);
    assert_eq!(p.themes[0], "win-in-2");
    assert!(
        p.themes.contains(&"double-threat".to_string()),
        "{:?}",
        p.themes
    );
}

#[test]
fn where_no_move_stands_out_nothing_is_kept() {
    // The end of a drawn game: every move draws.
    let moves: Vec<&str> =
        "3 4 3 3 1 3 4 3 3 4 4 4 4 1 6 6 6 6 5 5 5 5 5 1 7 1 1 2 5 1 7 7 7 7 7 2 2 2 2 2"
            .split(' ')
            .collect();
    let text = report(&[("......./......./......./......./......./....... x", &moves)]);
    let settings = Settings {
        from_ply: 34,
        ..Settings::default()
    };
    let (set, summary) = run(&text, &settings);
    assert!(summary.positions >= 3, "{summary:?}");
    assert!(set.puzzles.is_empty(), "{:?}", set.puzzles);
}

#[test]
fn a_puzzle_whose_answer_is_not_unique_is_refused() {
    // x wins at once in column 1 and in column 7: claiming 1 alone is refused.
    let set = json!({
        "game": "connect-four", "verify": "expert", "reduced": "alphabeta:depth=4", "margin": 0.3,
        "puzzles": [{
            "id": "two-wins", "position": "......./......./......./x.....x/xoo...x/xoo.oox x",
            "seat": 1, "goal": "win", "solution": ["1"], "rating": 1000.0,
        }]
    });
    let set = parse(&set.to_string()).unwrap();
    for depth in [Depth::Full, Depth::Reduced] {
        let e = verify_set(connect_four(), &set, depth, None)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("puzzle two-wins:"), "{e}");
    }
}

#[test]
fn a_server_record_reads_like_a_match_report() {
    let record = json!({
        "id": "m1", "game": "connect-four", "params": {},
        "start": "......./......./......./x....../x....../xooo... x",
        "actions": [{"ply": 1, "actor": 1, "action": "1", "at": 0}],
    });
    let records = read_records(connect_four(), "m1.json", &record.to_string()).unwrap();
    assert_eq!(records[0].moves, ["1"]);
    let hidden = record
        .to_string()
        .replace("\"action\":\"1\"", "\"action\":null");
    let e = read_records(connect_four(), "m1.json", &hidden).unwrap_err();
    assert!(e.to_string().contains("hidden"), "{e}");
}

/// A seeded choice of `k` indices below `n` (xorshift), the same every run.
fn sample(n: usize, k: usize, mut seed: u64) -> Vec<usize> {
    let mut out = Vec::new();
    while out.len() < k.min(n) {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let i = (seed % n as u64) as usize;
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

#[test]
fn every_shipped_set_replays_and_is_confirmed() {
    let catalog = tabula_catalog::builtin();
    let shipped = sets(&catalog).unwrap();
    assert!(!shipped.is_empty());
    for set in &shipped {
        let entry = catalog.find(&set.game).unwrap();
        let n = verify_set(entry, set, Depth::Reduced, None)
            .unwrap_or_else(|e| panic!("{}: {e}", set.game));
        assert_eq!(n, set.puzzles.len());
        let picked = sample(set.puzzles.len(), 4, 0x9e37_79b9_7f4a_7c15);
        verify_set(entry, set, Depth::Full, Some(&picked))
            .unwrap_or_else(|e| panic!("{} (full): {e}", set.game));
        for p in &set.puzzles {
            assert!(!p.themes.is_empty(), "{}: no theme", p.id);
            assert!(
                (600.0..=3000.0).contains(&p.rating),
                "{}: {}",
                p.id,
                p.rating
            );
        }
    }
}

#[test]
fn the_shipped_sets_are_as_large_as_promised() {
    let catalog = tabula_catalog::builtin();
    for set in sets(&catalog).unwrap() {
        if ["connect-four", "toumai", "khan-tsin"].contains(&set.game.as_str()) {
            assert!(
                set.puzzles.len() >= 200,
                "{}: {}",
                set.game,
                set.puzzles.len()
            );
        }
    }
}

#[test]
fn every_theme_of_the_shipped_sets_is_documented() {
    let docs = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/puzzles.md"
    ))
    .unwrap();
    for set in sets(&tabula_catalog::builtin()).unwrap() {
        for p in &set.puzzles {
            for t in &p.themes {
                assert!(
                    docs.contains(&format!("`{t}`")),
                    "{}: theme {t} is not in docs/puzzles.md",
                    p.id
                );
            }
        }
    }
}
