//! Notation tests: positions and actions round-trip, and every malformed input is refused
//! with an error naming its field (`position`, `layout`, `stacks`, `stack N`, `seats`,
//! `to-move`), the action text, or the parameter.

use crate::common;

use common::{STD, board, pos};
use tabula_core::{Actor, Game, Notation, Seat};
use tabula_khan_tsin::{Action, KhanTsin, Params};

fn field_of(text: &str) -> String {
    match KhanTsin::from_notation(&Params::default(), text) {
        Ok(_) => panic!("`{text}` was accepted"),
        Err(e) => {
            assert!(!e.message.is_empty());
            e.field
        }
    }
}

fn empty_board() -> Vec<String> {
    vec!["-".to_string(); 36]
}

fn with(stacks: &[String], seats_to_move: &str) -> String {
    format!("{STD} {} {seats_to_move}", stacks.join("/"))
}

#[test]
fn positions_round_trip() {
    let texts = [
        with(&empty_board(), "wg w"),
        with(&empty_board(), "wgb w"),
        with(&empty_board(), "gb g"),
        board("wg", "w", &[]),
        board("wgb", "b", &[]),
        board("wb", "b", &[]),
        board("gb", "g", &[]),
        format!(
            "{STD} -/-/-/-/-/-/-/b/bwwggg/bwW/-/-/-/-/-/-/-/-/-/-/-/g/-/-/bbbwg/-/-/-/-/-/bgwbbwwgG/wgb/wwbgggbw/-/-/- wg w"
        ),
        format!(
            "{STD} w/-/w/-/g/-/g/g/-/-/W/g/w/w/-/w/-/g/-/g/-/g/G/g/w/w/w/-/g/g/w/-/-/-/w/- wg w"
        ),
    ];
    for text in texts {
        let g = pos(&text);
        assert_eq!(g.to_notation(), text);
        assert_eq!(
            pos(&format!("  {}  ", text.replace(' ', "\t"))).to_notation(),
            text
        );
    }
}

#[test]
fn the_neutral_khan_is_written_lowercase() {
    assert_eq!(
        field_of(&board("wg", "w", &[]).replace("/b/w/g/b/w", "/B/w/g/b/w")),
        "stack 6"
    );
    let g = pos(&board("wg", "w", &[]));
    assert!(!g.to_notation().contains('B'));
}

#[test]
fn malformed_positions_name_their_field() {
    let good = board("wg", "w", &[]);
    let parts: Vec<&str> = good.split(' ').collect();
    let (layout, stacks) = (parts[0], parts[1]);
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "position"),
        (format!("{layout} {stacks} wg"), "position"),
        (format!("{good} extra"), "position"),
        (format!("{} {stacks} wg w", &layout[1..]), "layout"),
        (format!("4{} {stacks} wg w", &layout[1..]), "layout"),
        (format!("3{} {stacks} wg w", &layout[1..]), "layout"),
        (
            format!("{layout} {} wg w", stacks.split_once('/').unwrap().1),
            "stacks",
        ),
        (format!("{layout} {stacks} gw w"), "seats"),
        (format!("{layout} {stacks} wgx w"), "seats"),
        (format!("{layout} {stacks} wg x"), "to-move"),
        (format!("{layout} {stacks} wg b"), "to-move"),
        (format!("{layout} {stacks} wg wg"), "to-move"),
        (board("wg", "w", &[(5, "x")]), "stack 5"),
        (board("wg", "w", &[(7, "")]), "stack 7"),
        (board("wg", "w", &[(4, "Ww")]), "stack 4"),
        (board("wg", "w", &[(10, "wwww")]), "stack 10"),
        (board("wg", "w", &[(10, "wgbwgbwgbw")]), "stack 10"),
        (board("wg", "w", &[(2, "gw")]), "stacks"),
        (board("wg", "w", &[(1, "W")]), "stacks"),
        (board("wg", "w", &[(4, "w")]), "stacks"),
    ];
    for (text, field) in cases {
        assert_eq!(field_of(&text), field, "`{text}`");
    }
}

#[test]
fn a_second_khan_topped_9_stack_is_refused() {
    let mut s = empty_board();
    s[0] = "wwgggbbbW".into();
    s[1] = "wwwbbbggG".into();
    s[2] = "wwwgggbbb".into();
    s[3] = "wwwgggbbb".into();
    assert_eq!(field_of(&with(&s, "wg w")), "stack 2");
    s[1] = "wwwbbbggg".into();
    s[3] = "wwwbbbgg".into();
    s[4] = "G".into();
    let g = pos(&with(&s, "wg g"));
    assert_eq!(
        g.outcome().unwrap().winners().collect::<Vec<_>>(),
        [Seat(0)]
    );
}

#[test]
fn malformed_setup_positions_name_their_field() {
    let mut s = empty_board();
    s[2] = "w".into(); // square 3: triple
    s[4] = "g".into(); // square 5: triple
    assert!(KhanTsin::from_notation(&Params::default(), &with(&s, "wg w")).is_ok());
    assert_eq!(field_of(&with(&s, "wg g")), "to-move");
    let mut neutral = s.clone();
    neutral[6] = "b".into();
    assert_eq!(field_of(&with(&neutral, "wg w")), "stacks");
    let mut tall = s.clone();
    tall[4] = "-".into();
    tall[2] = "wg".into();
    assert_eq!(field_of(&with(&tall, "wg w")), "stack 3");
    let mut uneven = s.clone();
    uneven[4] = "w".into();
    assert_eq!(field_of(&with(&uneven, "wg w")), "stacks");
    let mut wrong_value = s.clone();
    wrong_value[4] = "-".into();
    wrong_value[0] = "g".into(); // square 1 is a single square
    assert_eq!(field_of(&with(&wrong_value, "wg w")), "stacks");
    let mut two_khans = s.clone();
    two_khans[2] = "W".into();
    two_khans[4] = "G".into();
    two_khans[6] = "W".into();
    two_khans[10] = "g".into();
    assert_eq!(field_of(&with(&two_khans, "wg w")), "stacks");
}

#[test]
fn two_players_after_24_placements_the_neutral_tokens_must_be_there() {
    let g = pos(&board("wg", "w", &[]));
    let text = g.to_notation().replace("/b/", "/-/").replace("b/", "-/");
    let text = text.replace("/b ", "/- ");
    assert!(!text.split(' ').nth(1).unwrap().contains('b'), "{text}");
    assert_eq!(field_of(&text), "stacks");
}

#[test]
fn actions_round_trip_and_bad_ones_name_themselves() {
    let g = pos(&board("wg", "w", &[]));
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    for &a in &actions {
        let text = g.format_action(a);
        assert_eq!(g.parse_action(Actor::Seat(Seat(0)), &text), Ok(a));
    }
    assert_eq!(
        g.parse_action(Actor::Seat(Seat(0)), "12:3>15"),
        Ok(Action::Move {
            from: 11,
            count: 3,
            to: 14
        })
    );
    for bad in ["12:3-15", "37:1>2", "1:0>2", "K@37", "Q@3", "pass!", ""] {
        let e = g.parse_action(Actor::Seat(Seat(0)), bad).unwrap_err();
        assert_eq!(e.text, bad);
    }
}

#[test]
fn params_read_from_json_and_refuse_unknown_fields() {
    let p: Params = serde_json::from_str(r#"{"players": 3, "max_plies": 200}"#).unwrap();
    assert_eq!(p.players, 3);
    assert_eq!(p.layout, STD);
    let g = KhanTsin::new(&p).unwrap();
    assert_eq!(g.params().colours.as_deref(), Some("wgb"));
    assert_eq!(g.params().max_plies, Some(200));
    assert!(serde_json::from_str::<Params>(r#"{"players": 2, "size": 3}"#).is_err());
    let back: Params = serde_json::from_str(&serde_json::to_string(&g.params()).unwrap()).unwrap();
    assert_eq!(back, g.params());
}
