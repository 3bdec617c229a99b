//! Magical Circle's levels play by sight (`tabula_catalog::magical_circle::SightBot`):
//! in a race, each level claims exactly when it can win a revealed card within its vision's
//! number of swaps, and votes otherwise; its sight widens with each round passed; once
//! active it wins the card; no seeded game between levels runs to the ply cap, and a level
//! beats the level below it in a seeded match.

use rand::RngExt;
use tabula_catalog::magical_circle::VISION;
use tabula_core::{Actor, Game, Notation, Seat, ToAct, rng_from_seed};
use tabula_magical_circle::{Action, MagicalCircle, Params};
use tabula_registry::DynGame;

const LEVELS: [&str; 4] = ["beginner", "casual", "strong", "expert"];

fn load(game: &MagicalCircle) -> Box<dyn DynGame> {
    tabula_catalog::builtin()
        .find("magical-circle")
        .unwrap()
        .load_position(&serde_json::json!({}), &game.to_notation())
        .unwrap()
}

/// Race positions of 2-player games played at random, where seat 1 races and has not voted,
/// each with the fewest swaps of a way for seat 1 to win a card (`None`: none).
fn races(count: usize, seed: u64) -> Vec<(MagicalCircle, Option<u8>)> {
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::new();
    let mut actions = Vec::new();
    while out.len() < count {
        let mut game = MagicalCircle::new_random(&Params::default(), &mut rng).unwrap();
        for _ in 0..400 {
            let actor = match game.to_act() {
                ToAct::Over(_) => break,
                ToAct::Chance => {
                    let mut outcomes = Vec::new();
                    game.chance_outcomes(&mut outcomes);
                    let (a, _) = outcomes[rng.random_range(0..outcomes.len())];
                    game.apply(a);
                    continue;
                }
                ToAct::One(s) => s,
                ToAct::Several(seats) => {
                    actions.clear();
                    game.legal_actions_for(Actor::Seat(Seat(0)), &mut actions);
                    if actions.contains(&Action::Vote(Seat(0))) && out.len() < count {
                        let fewest = game
                            .winning_plans(Seat(0))
                            .iter()
                            .map(|p| p.swaps.len() as u8)
                            .min();
                        out.push((game.clone(), fewest));
                    }
                    let seats: Vec<Seat> = seats.iter().collect();
                    seats[rng.random_range(0..seats.len())]
                }
            };
            actions.clear();
            game.legal_actions_for(Actor::Seat(actor), &mut actions);
            let a = actions[rng.random_range(0..actions.len())];
            game.apply(a);
        }
    }
    out
}

#[test]
fn each_level_claims_exactly_when_it_can_win_a_card_within_its_vision() {
    let positions = races(300, 1);
    let mut seen = [0usize; 8];
    for (game, nearest) in &positions {
        if let Some(d) = nearest {
            seen[*d as usize] += 1;
        }
        let dyn_game = load(game);
        for (level, vision) in LEVELS.iter().zip(VISION) {
            let mut bot = crate::make_bot("magical-circle", level, 1).unwrap();
            let chosen = bot.decide(dyn_game.as_ref(), Seat(0)).unwrap().action;
            let sees = nearest.is_some_and(|d| d <= vision);
            let expected = if sees { "claim" } else { "vote" };
            assert_eq!(
                chosen,
                expected,
                "{level} (vision {vision}), fewest swaps {nearest:?}: {}",
                game.to_notation()
            );
        }
    }
    // The sample holds every number of swaps a level's vision separates.
    for d in 1..=4 {
        assert!(seen[d] > 0, "no race whose fewest swaps are {d}: {seen:?}");
    }
}

#[test]
fn once_active_a_level_wins_the_card_it_saw() {
    for (game, nearest) in races(120, 2) {
        let Some(d) = nearest else { continue };
        for (level, vision) in LEVELS.iter().zip(VISION) {
            if d > vision {
                continue;
            }
            let mut game = game.clone();
            let mut bot = crate::make_bot("magical-circle", level, 1).unwrap();
            let before = game.won_cards(Seat(0)).len();
            game.try_apply(Actor::Seat(Seat(0)), Action::Claim(Seat(0)))
                .unwrap();
            while game.to_act() == ToAct::One(Seat(0)) {
                let chosen = bot.decide(load(&game).as_ref(), Seat(0)).unwrap().action;
                let action = game.parse_action(Actor::Seat(Seat(0)), &chosen).unwrap();
                game.try_apply(Actor::Seat(Seat(0)), action).unwrap();
            }
            assert!(
                game.won_cards(Seat(0)).len() > before || game.is_over(),
                "{level} claimed a card {d} swaps away and did not win it"
            );
        }
    }
}

#[test]
fn a_passed_round_widens_the_sight_by_one_swap() {
    // A race whose fewest swaps exceed the beginner's vision by one: it votes; once a round
    // has passed (seen through `observe`), it would claim a card as far.
    let (game, fewest) = races(300, 3)
        .into_iter()
        .find(|(_, f)| *f == Some(VISION[0] + 1))
        .expect("a race just beyond the beginner's vision");
    let fewest = fewest.unwrap();
    let mut bot = crate::make_bot("magical-circle", "beginner", 1).unwrap();
    let dyn_game = load(&game);
    assert_eq!(
        bot.decide(dyn_game.as_ref(), Seat(0)).unwrap().action,
        "vote"
    );
    // Every racer that has not voted votes: the round passes.
    let mut passing = load(&game);
    for seat in [Seat(0), Seat(1)] {
        if passing.to_act() == ToAct::Chance {
            break;
        }
        let Ok(vote) = passing.read_action(Actor::Seat(seat), "vote") else {
            continue;
        };
        let before = passing.clone_box();
        passing.apply_action(&vote).unwrap();
        bot.observe(before.as_ref(), &vote);
    }
    assert_eq!(passing.to_act(), ToAct::Chance, "the round passed");
    assert_eq!(
        bot.decide(dyn_game.as_ref(), Seat(0)).unwrap().action,
        "claim",
        "after a passed round the beginner sees {fewest} swaps"
    );
}

#[test]
fn each_level_beats_the_level_below_in_a_seeded_match() {
    let entry = tabula_catalog::builtin().find("magical-circle").unwrap();
    let ladder = ["random", "beginner", "casual", "strong", "expert"];
    for pair in ladder.windows(2) {
        let config = tabula_ai::MatchConfig {
            games: 60,
            seed: 3,
            ..Default::default()
        };
        let specs = format!("{},{}", pair[0], pair[1]);
        let report = entry
            .run_match(&serde_json::json!({}), &specs, &config, &|_, _| {})
            .unwrap();
        assert_eq!(report.unfinished, 0, "{specs}: games ran to the ply cap");
        let score = report.bots[1].mean_return;
        assert!(score > 0.6, "{} against {}: {score}", pair[1], pair[0]);
    }
}

#[test]
fn a_level_claims_after_a_person_s_reaction_time_at_that_level() {
    use tabula_catalog::magical_circle::REACTION_MS;
    let mut checked = 0;
    for (game, nearest) in races(120, 4) {
        let Some(d) = nearest else { continue };
        let dyn_game = load(&game);
        let mut previous = None;
        for ((level, vision), (look, per_swap)) in LEVELS.iter().zip(VISION).zip(REACTION_MS) {
            let mut bot = crate::make_bot("magical-circle", level, 1).unwrap();
            let choice = bot.decide(dyn_game.as_ref(), Seat(0)).unwrap();
            if d > vision {
                assert_eq!(choice.action, "vote", "{level}");
                continue;
            }
            assert_eq!(choice.action, "claim", "{level}");
            let expected = look + per_swap * u64::from(d);
            assert_eq!(
                choice.delay.as_millis() as u64,
                expected,
                "{level}, {d} swaps"
            );
            // A person needs two seconds at the least to see a card and claim it.
            assert!(expected >= 2_000, "{level} claims after {expected} ms");
            // A stronger level reacts sooner to the same card.
            if let Some(before) = previous {
                assert!(
                    expected < before,
                    "{level}: {expected} ms, the level below {before} ms"
                );
            }
            previous = Some(expected);
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} claims checked");
}
