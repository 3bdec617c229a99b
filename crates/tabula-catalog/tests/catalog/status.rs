//! A game's status, written straight or as a JSON value.

use serde_json::json;
use tabula_core::Seat;
use tabula_registry::{GameStatus, Setup, game_status};

/// The text written straight from a status is the text of its JSON value, whose object
/// keys are sorted: a field declared out of order would break the pushes' promise.
fn same_text(status: &GameStatus) {
    let text = serde_json::to_string(status).unwrap();
    let value = serde_json::to_value(status).unwrap();
    assert_eq!(text, serde_json::to_string(&value).unwrap());
}

#[test]
fn statuses_read_the_same_written_straight_or_as_values() {
    let entry = tabula_catalog::builtin().find("connect-four").unwrap();
    let mut rng = tabula_core::rng_from_seed(1);
    let mut game = entry
        .new_game(&json!({}), Setup::Placement, &mut rng)
        .unwrap();
    let playing = game_status(game.as_ref());
    assert_eq!(playing.to_act, vec![1]);
    assert!(playing.result.is_none());
    same_text(&playing);
    for column in ["1", "2", "1", "2", "1", "2", "1"] {
        let actor = tabula_core::Actor::Seat(game.to_act().seats().iter().next().unwrap());
        game.apply(actor, column).unwrap();
    }
    let won = game_status(game.as_ref());
    assert_eq!(
        serde_json::to_value(&won).unwrap(),
        json!({"chance": false, "over": true, "to_act": [], "result": {
            "reason": "win", "ranks": [1, 2], "scores": null, "winners": [1]}})
    );
    same_text(&won);
    let resigned = GameStatus::at_table("resigned", Seat(0), vec![2, 1]);
    assert!(resigned.over && resigned.to_act.is_empty());
    assert_eq!(
        serde_json::to_value(&resigned).unwrap()["result"],
        json!({"by": 1, "reason": "resigned", "ranks": [2, 1], "scores": null, "winners": [2]})
    );
    same_text(&resigned);
}
