//! One test per rule of `docs/rules/connect-four.md`, named after it.

use tabula_connect_four::{Column, ConnectFour, Params, Status};
use tabula_core::{ActionError, Actor, EndReason, Game, Notation, Presentation, Seat, ToAct};

fn col(n: usize) -> Column {
    Column::from_number(n).unwrap()
}

fn play(moves: &[usize]) -> ConnectFour {
    let mut game = ConnectFour::new(&Params::default()).unwrap();
    for &m in moves {
        let seat = game.side_to_move();
        game.try_apply(Actor::Seat(seat), col(m))
            .unwrap_or_else(|e| panic!("move {m}: {e}"));
    }
    game
}

fn pos(text: &str) -> ConnectFour {
    ConnectFour::from_notation(&Params::default(), text).unwrap()
}

#[test]
fn r1_board_is_seven_columns_of_six_rows() {
    let game = play(&[]);
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    assert_eq!(actions, Column::all().collect::<Vec<_>>());
    assert_eq!(actions.len(), 7);
    // Six stones fill a column.
    let full = play(&[4, 4, 4, 4, 4, 4]);
    assert_eq!(full.height(col(4)), 6);
    assert!(!full.can_drop(col(4)));
    assert_eq!(Column::from_number(8), None);
    assert_eq!(Column::from_number(0), None);
}

#[test]
fn r1_x_moves_first_and_turns_alternate() {
    let mut game = play(&[]);
    assert_eq!(game.to_act(), ToAct::One(Seat(0)));
    assert_eq!(game.num_seats(), 2);
    game.apply(col(1));
    assert_eq!(game.to_act(), ToAct::One(Seat(1)));
    assert_eq!(game.stone_at(0, 0), Some(Seat(0)));
    game.apply(col(1));
    assert_eq!(game.to_act(), ToAct::One(Seat(0)));
    assert_eq!(game.stone_at(0, 1), Some(Seat(1)));
}

#[test]
fn r1_out_of_turn_action_is_refused_and_changes_nothing() {
    let mut game = play(&[3]);
    let before = game.clone();
    assert_eq!(
        game.try_apply(Actor::Seat(Seat(0)), col(3)),
        Err(ActionError::NotYourTurn(Seat(0)))
    );
    assert!(matches!(
        game.try_apply(Actor::Host, col(3)),
        Err(ActionError::Illegal(_))
    ));
    assert!(matches!(
        game.try_apply(Actor::Chance, col(3)),
        Err(ActionError::Illegal(_))
    ));
    assert!(matches!(
        game.try_apply(Actor::Seat(Seat(2)), col(3)),
        Err(ActionError::Illegal(_))
    ));
    assert_eq!(game, before);
}

#[test]
fn r2_stone_falls_to_the_lowest_empty_cell() {
    let game = play(&[5, 5, 5]);
    assert_eq!(game.stone_at(4, 0), Some(Seat(0)));
    assert_eq!(game.stone_at(4, 1), Some(Seat(1)));
    assert_eq!(game.stone_at(4, 2), Some(Seat(0)));
    assert_eq!(game.stone_at(4, 3), None);
    assert_eq!(game.height(col(5)), 3);
}

#[test]
fn r2_full_column_is_refused_and_changes_nothing() {
    let mut game = play(&[2, 2, 2, 2, 2, 2]);
    let before = game.clone();
    let err = game.try_apply(Actor::Seat(Seat(0)), col(2)).unwrap_err();
    assert_eq!(err, ActionError::Illegal("column 2 is full".into()));
    assert_eq!(game, before);
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    assert!(!actions.contains(&col(2)));
    assert_eq!(actions.len(), 6);
}

#[test]
fn r3_horizontal_four_wins() {
    let game = play(&[1, 1, 2, 2, 3, 3, 4]);
    assert_eq!(game.status(), Status::Won(Seat(0)));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.ranks(), &[1, 2]);
    assert_eq!(outcome.reason, EndReason::Win);
}

#[test]
fn r3_vertical_four_wins() {
    // o stacks four in column 7 while x scatters.
    let game = play(&[1, 7, 2, 7, 1, 7, 2, 7]);
    assert_eq!(game.status(), Status::Won(Seat(1)));
    assert_eq!(game.outcome().unwrap().reward(Seat(1)), 1.0);
}

#[test]
fn r3_rising_diagonal_four_wins() {
    // x: a1 b2 c3 d4.
    let game = play(&[1, 2, 2, 3, 3, 4, 3, 4, 4, 7, 4]);
    assert_eq!(game.status(), Status::Won(Seat(0)));
}

#[test]
fn r3_falling_diagonal_four_wins() {
    // x: g1 f2 e3 d4.
    let game = play(&[7, 6, 6, 5, 5, 4, 5, 4, 4, 1, 4]);
    assert_eq!(game.status(), Status::Won(Seat(0)));
}

#[test]
fn r3_three_in_a_row_or_a_broken_line_does_not_win() {
    let game = pos("......./......./......./......./ooo..../xxx.x.. o");
    assert_eq!(game.status(), Status::Playing);
    // Stones at the top of column 1 and the bottom of column 2 are not in a line.
    let wrap = pos("o....../x....../o....../x....../ox...../xoxo... x");
    assert_eq!(wrap.status(), Status::Playing);
}

#[test]
fn r3_the_game_ends_at_once_and_accepts_nothing() {
    let mut game = play(&[1, 1, 2, 2, 3, 3, 4]);
    assert!(game.is_over());
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    assert!(actions.is_empty());
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(
            game.try_apply(Actor::Seat(seat), col(5)),
            Err(ActionError::GameOver)
        );
    }
}

#[test]
fn r4_full_board_without_four_is_a_draw() {
    // The last stone (o in column 3) fills the board without making a four.
    let mut game = pos("xo.oxxx/xoxoxoo/oxoooxo/oooxxxo/xxxoxox/xxoxoxo o");
    assert_eq!(game.status(), Status::Playing);
    game.try_apply(Actor::Seat(Seat(1)), col(3)).unwrap();
    assert_eq!(game.status(), Status::Draw);
    let outcome = game.outcome().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(outcome.reward(Seat(0)), 0.5);
    assert_eq!(game.plies(), 42);
}

#[test]
fn seats_are_named_by_their_colour_and_mark() {
    use tabula_core::Seat;
    let g = tabula_connect_four::ConnectFour::empty();
    assert_eq!(g.seat_name(Seat(0)), "Red (x)");
    assert_eq!(g.seat_name(Seat(1)), "Yellow (o)");
}
