//! The type-erased pairing of games, actions and bots: an action is read once and handed on
//! by value; a game or an action handed to another game's code fails loudly, naming both
//! games; and `DynGame::is_legal` (behind `resolve_actor`) agrees with the legal list.

use crate::make_bot;
use rand::RngExt;
use tabula_core::{Actor, Seat, ToAct, rng_from_seed};
use tabula_registry::{DynGame, RegistryError, Setup, resolve_actor};

fn new_game(name: &str, seed: u64) -> Box<dyn DynGame> {
    tabula_catalog::builtin()
        .find(name)
        .unwrap()
        .new_game(
            &serde_json::json!({}),
            Setup::Random,
            &mut rng_from_seed(seed),
        )
        .unwrap()
}

#[test]
fn an_action_of_another_game_is_refused_naming_both_games() {
    let connect_four = new_game("connect-four", 1);
    let mut toumai = new_game("toumai", 1);
    let action = connect_four.read_action(Actor::Seat(Seat(0)), "3").unwrap();
    let before = toumai.position();
    let err = toumai.apply_action(&action).unwrap_err();
    assert_eq!(
        err,
        RegistryError::WrongGame {
            what: "an action",
            expected: "toumai",
            found: "connect-four",
        }
    );
    assert_eq!(err.to_string(), "an action of connect-four given to toumai");
    assert_eq!(toumai.position(), before, "nothing changed");
}

#[test]
fn an_action_read_once_applies_by_value() {
    let mut game = new_game("connect-four", 1);
    let action = game.read_action(Actor::Seat(Seat(0)), "3").unwrap();
    assert_eq!(action.game_name(), "connect-four");
    let mut copy = game.clone();
    assert_eq!(game.apply_action(&action).unwrap(), "3");
    assert_eq!(copy.apply(Actor::Seat(Seat(0)), "3").unwrap(), "3");
    assert_eq!(game.position(), copy.position());
    // Read for a seat that may not act: it reads, and is refused when applied.
    let late = game.read_action(Actor::Seat(Seat(0)), "4").unwrap();
    assert!(matches!(
        game.apply_action(&late),
        Err(RegistryError::Action { .. })
    ));
}

#[test]
#[should_panic(expected = "a game of toumai given to connect-four")]
fn a_bot_asked_to_decide_in_another_game_panics_naming_both() {
    let mut bot = make_bot("connect-four", "random", 1).unwrap();
    let toumai = new_game("toumai", 1);
    let _ = bot.decide(toumai.as_ref(), Seat(0));
}

#[test]
#[should_panic(expected = "an action of toumai given to connect-four")]
fn a_bot_told_of_another_games_action_panics_naming_both() {
    let connect_four = new_game("connect-four", 1);
    let toumai = new_game("toumai", 1);
    let seat = toumai.to_act().seats().iter().next().unwrap();
    let text = toumai.legal(Actor::Seat(seat)).remove(0);
    let action = toumai.read_action(Actor::Seat(seat), &text).unwrap();
    let mut bot = make_bot("connect-four", "random", 1).unwrap();
    bot.observe(connect_four.as_ref(), &action);
}

#[test]
fn a_search_of_another_game_is_an_error_naming_both() {
    let mut bot = make_bot("connect-four", "mcts:iterations=10", 1).unwrap();
    let toumai = new_game("toumai", 1);
    let err = bot
        .analyse(toumai.as_ref(), Seat(0), &Default::default(), false)
        .unwrap_err();
    assert_eq!(err.to_string(), "this bot plays connect-four, not toumai");
}

/// Texts to ask about: every actor's legal actions, and variants that must not count.
fn probes(game: &dyn DynGame, actors: &[Actor]) -> Vec<String> {
    let mut texts = vec![String::new(), "timeout".into(), "zz9".into()];
    for &actor in actors {
        for text in game.legal(actor) {
            texts.push(format!(" {text}"));
            texts.push(format!("{text} "));
            texts.push(text.to_uppercase());
            texts.push(text.to_lowercase());
            texts.push(text);
        }
    }
    texts
}

#[test]
fn is_legal_is_the_legal_list_containing_the_text_in_every_game() {
    for name in [
        "toumai",
        "khan-tsin",
        "china-moon",
        "magical-circle",
        "connect-four",
    ] {
        for seed in 0..3 {
            let mut game = new_game(name, seed);
            let mut rng = rng_from_seed(seed);
            for _ in 0..40 {
                let mut actors: Vec<Actor> = Seat::all(game.num_seats()).map(Actor::Seat).collect();
                actors.extend([Actor::Chance, Actor::Host]);
                let texts = probes(game.as_ref(), &actors);
                for &actor in &actors {
                    let legal = game.legal(actor);
                    for text in &texts {
                        assert_eq!(
                            game.is_legal(actor, text),
                            legal.contains(text),
                            "{name}: {actor:?} `{text}` at `{}`",
                            game.position()
                        );
                    }
                }
                let to_act = game.to_act();
                let seat = match to_act {
                    ToAct::Over(_) => break,
                    ToAct::Chance => {
                        game.resolve_chance(&mut rng);
                        continue;
                    }
                    _ => to_act.seats().iter().next().unwrap(),
                };
                let legal = game.legal(Actor::Seat(seat));
                let text = &legal[rng.random_range(0..legal.len())];
                let actor = resolve_actor(game.as_ref(), Some(seat), text).unwrap();
                assert_eq!(actor, Actor::Seat(seat), "{name}: `{text}`");
                game.apply(actor, text).unwrap();
                game.resolve_chance(&mut rng);
            }
        }
    }
}

#[test]
fn bots_of_turn_based_games_are_not_paced() {
    // Three paced bots made a person wait seconds between turns of China Moon. (Magical
    // Circle's races are paced: magical_circle_levels.rs.)
    for name in ["china-moon", "toumai", "khan-tsin", "connect-four"] {
        let game = new_game(name, 7);
        let ToAct::One(seat) = game.to_act() else {
            panic!(
                "{name}: one seat acts at the start, not {:?}",
                game.to_act()
            )
        };
        for level in ["beginner", "strong"] {
            let mut bot = make_bot(name, level, 1).unwrap();
            let choice = bot.decide(game.as_ref(), seat).expect("a move");
            assert!(
                choice.delay.is_zero(),
                "{name} {level}: delay {:?}",
                choice.delay
            );
        }
    }
}
