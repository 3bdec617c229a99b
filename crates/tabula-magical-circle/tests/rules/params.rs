//! Parameters: defaults (the digital edition's choices), serde, and errors naming the field.

use tabula_core::Game;
use tabula_magical_circle::{MagicalCircle, Params};

#[test]
fn params_default_to_the_digital_edition() {
    let p: Params = serde_json::from_str("{}").unwrap();
    assert_eq!(p, Params::default());
    assert_eq!(p.players, 2);
    assert_eq!(p.deck_step, 20);
    assert_eq!(p.swap_values, vec![1, 2, 3, 4]);
    assert_eq!(p.hourglass_seconds, 45);
    assert_eq!(p.target, None);
    assert_eq!(p.max_plies, None);
    let g = MagicalCircle::new(&p).unwrap();
    assert_eq!(g.params(), p);
    assert!(
        serde_json::from_str::<Params>(r#"{"colour": 1}"#).is_err(),
        "unknown field"
    );
    let p: Params = serde_json::from_str(r#"{"players": 4, "target": 6}"#).unwrap();
    assert_eq!(MagicalCircle::new(&p).unwrap().target(), 6);
}

#[test]
fn bad_params_name_their_field() {
    let cases = [
        (
            Params {
                players: 1,
                ..Params::default()
            },
            "players",
        ),
        (
            Params {
                players: 6,
                ..Params::default()
            },
            "players",
        ),
        (
            Params {
                deck_step: 0,
                ..Params::default()
            },
            "deck_step",
        ),
        (
            Params {
                deck_step: 11,
                ..Params::default()
            },
            "deck_step",
        ),
        (
            Params {
                deck_step: 400,
                ..Params::default()
            },
            "deck_step",
        ),
        (
            Params {
                swap_values: vec![],
                ..Params::default()
            },
            "swap_values",
        ),
        (
            Params {
                swap_values: vec![1, 1],
                ..Params::default()
            },
            "swap_values",
        ),
        (
            Params {
                swap_values: vec![0, 3],
                ..Params::default()
            },
            "swap_values",
        ),
        (
            Params {
                swap_values: vec![10],
                ..Params::default()
            },
            "swap_values",
        ),
        (
            Params {
                hourglass_seconds: 4000,
                ..Params::default()
            },
            "hourglass_seconds",
        ),
        (
            Params {
                target: Some(0),
                ..Params::default()
            },
            "target",
        ),
        (
            Params {
                target: Some(13),
                ..Params::default()
            },
            "target",
        ),
        (
            Params {
                max_plies: Some(0),
                ..Params::default()
            },
            "max_plies",
        ),
    ];
    for (p, field) in cases {
        let err = MagicalCircle::new(&p).unwrap_err();
        assert_eq!(err.name, field, "{err}");
        assert_eq!(p.validate().unwrap_err().name, field);
    }
}
