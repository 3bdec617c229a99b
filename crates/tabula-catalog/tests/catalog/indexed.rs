//! The registry's integer actions and observations, through type erasure.

use serde_json::json;
use tabula_core::{Actor, Seat, ToAct, rng_from_seed};
use tabula_registry::Setup;

#[test]
fn every_registered_game_has_integer_actions() {
    let names: Vec<&str> = tabula_catalog::builtin()
        .entries()
        .to_vec()
        .iter()
        .map(|e| e.info().name)
        .collect();
    let indexed: Vec<&str> = tabula_catalog::builtin()
        .indexed_entries()
        .iter()
        .map(|e| e.info().name)
        .collect();
    assert_eq!(names, indexed);
}

#[test]
fn indices_play_a_game_to_its_end_like_notation() {
    for entry in tabula_catalog::builtin().indexed_entries() {
        let name = entry.info().name;
        let mut rng = rng_from_seed(5);
        let mut game = entry
            .new_indexed(&json!({}), Setup::Random, &mut rng)
            .unwrap();
        let shape = game.observation_shape();
        let mut obs = Vec::new();
        for ply in 0..3000 {
            game.observe(Some(Seat(0)), &mut obs);
            assert_eq!(obs.len(), shape.iter().product::<usize>(), "{name}");
            let actor = match game.to_act() {
                ToAct::Over(_) => break,
                ToAct::Chance => {
                    let outcomes = game.chance_indices();
                    let texts = game.chance_texts();
                    assert_eq!(outcomes.len(), texts.len());
                    let (i, _) = outcomes[ply % outcomes.len()];
                    let text = game.apply_index(Actor::Chance, i).unwrap();
                    assert!(texts.iter().any(|(t, _)| *t == text), "{name}: {text}");
                    continue;
                }
                ToAct::One(s) => Actor::Seat(s),
                ToAct::Several(seats) => Actor::Seat(seats.iter().next().unwrap()),
            };
            let legal = game.legal_indices(actor);
            let mask = game.legal_mask(actor);
            assert_eq!(mask.len(), game.num_actions());
            assert_eq!(mask.iter().filter(|&&m| m).count(), legal.len(), "{name}");
            let mut texts = game.legal(actor);
            let mut from_indices: Vec<String> = legal
                .iter()
                .map(|&i| game.index_text(actor, i).unwrap())
                .collect();
            texts.sort();
            from_indices.sort();
            assert_eq!(
                texts, from_indices,
                "{name}: indices name the legal actions"
            );
            let i = legal[ply % legal.len()];
            let text = game.index_text(actor, i).unwrap();
            assert_eq!(game.index_of(actor, &text).unwrap(), i);
            game.apply_index(actor, i).unwrap();
        }
    }
}

#[test]
fn an_illegal_index_is_refused_and_changes_nothing() {
    let entry = tabula_catalog::builtin()
        .find_indexed("connect-four")
        .unwrap();
    let mut rng = rng_from_seed(1);
    let mut game = entry
        .new_indexed(&json!({}), Setup::Placement, &mut rng)
        .unwrap();
    let before = game.position();
    let err = game.apply_index(Actor::Seat(Seat(0)), 7).unwrap_err();
    assert!(err.to_string().contains("7 action indices"), "{err}");
    let err = game.apply_index(Actor::Seat(Seat(1)), 3).unwrap_err();
    assert!(err.to_string().contains("index 3"), "{err}");
    assert_eq!(game.position(), before);
}

#[test]
fn playouts_count_games_and_plies() {
    let entry = tabula_catalog::builtin()
        .find_indexed("connect-four")
        .unwrap();
    let stats = entry
        .playouts(&json!({}), 50, 3, Setup::Placement, 10_000)
        .unwrap();
    assert_eq!(stats.games, 50);
    assert_eq!(stats.finished, 50);
    assert_eq!(stats.wins.iter().sum::<usize>() + stats.draws, 50);
    assert!(stats.plies >= 50 * 7);
    let again = entry
        .playouts(&json!({}), 50, 3, Setup::Placement, 10_000)
        .unwrap();
    assert_eq!(stats, again, "the same seeds play the same games");
}
