//! The UI view (JSON) and the board drawn as text.

use tabula_connect_four::{ConnectFour, Params};
use tabula_core::{Game, Notation, Presentation, Seat};

fn pos(text: &str) -> ConnectFour {
    ConnectFour::from_notation(&Params::default(), text).unwrap()
}

#[test]
fn view_holds_the_board_and_the_status() {
    let game = pos("......./......./......./......./...o.../..xx... o");
    let v = serde_json::to_value(game.view(None)).unwrap();
    assert_eq!(v["rows"][5], "..xx...");
    assert_eq!(v["rows"][4], "...o...");
    assert_eq!(v["to_move"], 2);
    assert_eq!(v["status"], "playing");
    assert_eq!(v["winner"], serde_json::Value::Null);
    assert_eq!(v["legal_columns"].as_array().unwrap().len(), 7);
    assert_eq!(v["heights"][3], 2);
    assert_eq!(v["plies"], 3);
    // Nothing is hidden: every seat sees what a spectator sees.
    assert_eq!(game.view(Some(Seat(0))), game.view(None));
}

#[test]
fn view_rows_are_the_board_of_the_notation_in_every_position_of_random_games() {
    let mut rng = tabula_core::rng_from_seed(7);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    for _ in 0..20 {
        let mut game = ConnectFour::new(&Params::default()).unwrap();
        loop {
            let notation = game.to_notation();
            let board: Vec<&str> = notation.split(' ').next().unwrap().split('/').collect();
            assert_eq!(game.view(None).rows, board, "{notation}");
            if !tabula_core::step_random(&mut game, &mut rng, &mut actions, &mut chances) {
                break;
            }
        }
    }
}

#[test]
fn view_of_a_win_lists_the_four() {
    let game = pos("......./......./x....../x....../xo...../xo...o. o");
    let v = game.view(Some(Seat(1)));
    assert_eq!(v.winner, Some(1));
    assert_eq!(v.to_move, None);
    assert_eq!(v.winning_cells, vec![[1, 1], [1, 2], [1, 3], [1, 4]]);
    assert!(v.legal_columns.is_empty());
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["status"]["won"], 0);
}

#[test]
fn board_text_shows_stones_columns_and_status() {
    let game = pos("......./......./......./......./...o.../..xx... o");
    let text = game.board_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "  1 2 3 4 5 6 7");
    assert_eq!(lines[5], " |. . . o . . .|");
    assert_eq!(lines[6], " |. . x x . . .|");
    assert!(lines[8].starts_with("o to move (seat 2)"), "{text}");
    let won = pos("......./......./x....../x....../xo...../xo...o. o").board_text();
    assert!(won.contains(" |X . . . . . .|"), "{won}");
    assert!(won.contains("x (seat 1) wins"), "{won}");
    assert!(!won.contains('\u{1b}'), "no ANSI codes");
}
