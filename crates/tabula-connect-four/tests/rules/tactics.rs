//! The tactics data file (`data/tactics.txt`, forced wins checked by `tools/reference.py`;
//! the searches in `tabula-ai` are tested against it): every line reads, and what can be
//! checked without search holds.

use tabula_connect_four::{Column, ConnectFour, Params, Status};
use tabula_core::Game;
use tabula_core::Notation;

const TACTICS: &str = include_str!("../../data/tactics.txt");

#[test]
fn tactics_file_lines_are_valid_positions_with_legal_winning_moves() {
    let mut count = 0;
    for (i, line) in TACTICS.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(fields.len(), 3, "line {}", i + 1);
        let game = ConnectFour::from_notation(&Params::default(), fields[0])
            .unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        assert!(!game.is_over(), "line {}", i + 1);
        let plies: u32 = fields[2].strip_prefix("plies ").unwrap().parse().unwrap();
        assert!(
            plies % 2 == 1,
            "line {}: a win is on the winner's own ply",
            i + 1
        );
        let wins: Vec<Column> = fields[1]
            .strip_prefix("win ")
            .unwrap()
            .split_whitespace()
            .map(|c| Column::from_number(c.parse().unwrap()).unwrap())
            .collect();
        assert!(!wins.is_empty());
        let mover = game.side_to_move();
        let mut immediate = Vec::new();
        for c in Column::all().filter(|&c| game.can_drop(c)) {
            let mut child = game.clone();
            child.apply(c);
            if child.status() == Status::Won(mover) {
                immediate.push(c);
            }
        }
        for w in &wins {
            assert!(game.can_drop(*w), "line {}: column {w} is full", i + 1);
        }
        if plies == 1 {
            assert_eq!(immediate, wins, "line {}", i + 1);
        } else {
            assert!(immediate.is_empty(), "line {}: a faster win exists", i + 1);
        }
        count += 1;
    }
    assert!(count >= 30, "{count} lines");
}
