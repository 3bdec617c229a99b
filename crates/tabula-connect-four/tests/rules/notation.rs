//! Position and action notation: round trips, and every malformed input refused with an
//! error naming its field.

use tabula_connect_four::{Column, ConnectFour, Params};
use tabula_core::{Actor, Game, GameRng, Notation, Seat, rng_from_seed, step_random};

fn read(text: &str) -> Result<ConnectFour, tabula_core::PositionError> {
    ConnectFour::from_notation(&Params::default(), text)
}

fn field_of(text: &str) -> String {
    read(text).expect_err(text).field
}

#[test]
fn empty_board_notation() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    assert_eq!(
        game.to_notation(),
        "......./......./......./......./......./....... x"
    );
}

#[test]
fn notation_round_trips_through_random_games() {
    let mut rng: GameRng = rng_from_seed(5);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    for _ in 0..50 {
        let mut game = ConnectFour::new(&Params::default()).unwrap();
        loop {
            let text = game.to_notation();
            let back = read(&text).unwrap();
            assert_eq!(back, game, "{text}");
            if !step_random(&mut game, &mut rng, &mut actions, &mut chances) {
                break;
            }
        }
    }
}

#[test]
fn rows_are_listed_top_to_bottom() {
    let game = read("......./......./......./......./......./x...... o").unwrap();
    assert_eq!(game.stone_at(0, 0), Some(Seat(0)));
    assert_eq!(game.to_act(), tabula_core::ToAct::One(Seat(1)));
    // Surrounding whitespace is ignored.
    assert!(read("  ......./......./......./......./......./x...... o \n").is_ok());
}

#[test]
fn malformed_positions_name_their_field() {
    let cases = [
        ("......./......./......./......./......./.......", "to-move"),
        (
            "......./......./......./......./......./....... z",
            "to-move",
        ),
        ("......./......./......./......./....... x", "rows"),
        (
            "......./......./......./......./......./......./....... x",
            "rows",
        ),
        ("......./......./......./......./......./...... x", "row 1"),
        (
            "......../......./......./......./......./....... x",
            "row 6",
        ),
        ("......./......./......./......./......./..q.... x", "row 1"),
        // Gravity: a stone above an empty cell.
        (
            "......./......./......./......./x....../....... o",
            "column 1",
        ),
        // Counts: o cannot have more stones than x, x at most one more.
        (
            "......./......./......./......./......./o...... x",
            "stones",
        ),
        (
            "......./......./......./......./......./xx..... o",
            "stones",
        ),
        // Side to move disagrees with the counts.
        (
            "......./......./......./......./......./x...... x",
            "to-move",
        ),
        (
            "......./......./......./......./......./....... o",
            "to-move",
        ),
    ];
    for (text, field) in cases {
        assert_eq!(field_of(text), field, "{text}");
        let msg = read(text).unwrap_err().to_string();
        assert!(msg.contains(field), "{msg}");
    }
}

#[test]
fn ruling1_positions_no_game_can_reach_are_refused() {
    // Both sides have a four.
    assert_eq!(
        field_of("......./......./x.....o/x.....o/x.....o/x.....o x"),
        "four"
    );
    // x has a four but it is x's turn: o moved after the game ended.
    assert_eq!(
        field_of("......./......./x....../x....../xo...../xoo.o.. x"),
        "four"
    );
    // x's four was complete before x's last stone (two separate fours, no single last stone).
    assert_eq!(
        field_of("......./......./x.....x/x.....x/xooo..x/xooo.ox o"),
        "four"
    );
    // A four made by the last stone is fine, even a double four.
    assert!(read("......./......./x....../x....../xo...../xo...o. o").is_ok());
    assert!(read("......./......./......./......./ooo.ooo/xxxxxxx o").is_ok());
}

#[test]
fn actions_read_one_to_seven() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    for n in 1..=7 {
        let c = game
            .parse_action(Actor::Seat(Seat(0)), &n.to_string())
            .unwrap();
        assert_eq!(c, Column::from_number(n).unwrap());
        assert_eq!(game.format_action(c), n.to_string());
    }
    for bad in ["0", "8", "", "a", "-1", "1.5", "44"] {
        let err = game.parse_action(Actor::Seat(Seat(0)), bad).unwrap_err();
        assert_eq!(err.text, bad);
        assert!(
            err.message.contains("1") && err.message.contains("7"),
            "{err}"
        );
    }
}

#[test]
fn params_other_than_two_players_are_refused() {
    let err = ConnectFour::new(&Params { players: 3 }).unwrap_err();
    assert_eq!(err.name, "players");
    let json: Result<Params, _> = serde_json::from_str(r#"{"players":2,"size":9}"#);
    assert!(json.is_err(), "unknown parameters are refused");
    let json: Params = serde_json::from_str("{}").unwrap();
    assert_eq!(json, Params::default());
}

#[test]
fn every_column_is_written_as_its_number_and_read_back() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    for column in Column::all() {
        let text = game.format_action(column);
        assert_eq!(text, column.number().to_string());
        assert_eq!(
            game.parse_action(Actor::Seat(Seat(0)), &text).unwrap(),
            column
        );
    }
}
