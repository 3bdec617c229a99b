//! Scenario tests of the setup (a chance event from the game's seed), the standard board as
//! the default (R1), scoring and shared wins (R7).

use crate::common;
use common::*;
use tabula_china_moon::{Action, ChinaMoon, Flower, Params, SetupPlace};
use tabula_core::{ActionError, Actor, Game, Notation, Presentation, Seat, ToAct, rng_from_seed};

fn outcomes(g: &ChinaMoon) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    g.chance_outcomes(&mut out);
    out.iter().map(|&(a, p)| (g.format_action(a), p)).collect()
}

#[test]
fn setup_frogs_on_start_blue_on_spot_4_black_on_the_black_lotus_space() {
    let g = ChinaMoon::new(&Params::players(5)).unwrap();
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(
        g.to_notation(),
        "std S,S,S/S,S,S/S,S,S/S,S,S/S,S,S 38k -/-/-/-/- ---u - setup - -"
    );
}

#[test]
fn r10_setup_draws_goal_spots_then_lotus_spaces_in_increasing_number() {
    let mut g = ChinaMoon::new(&Params::players(3)).unwrap();
    let third = 1.0 / 3.0;
    assert_eq!(
        outcomes(&g),
        vec![
            ("G1=y".into(), third),
            ("G1=p".into(), third),
            ("G1=w".into(), third)
        ]
    );
    g.apply_notation(Actor::Chance, "G1=p").unwrap();
    assert_eq!(
        outcomes(&g),
        vec![("G2=y".into(), 0.5), ("G2=w".into(), 0.5)]
    );
    g.apply_notation(Actor::Chance, "G2=y").unwrap();
    assert_eq!(outcomes(&g), vec![("G3=w".into(), 1.0)]);
    g.apply_notation(Actor::Chance, "G3=w").unwrap();
    // Lotus spaces in increasing number, each drawn from the 12 flowers left (4 of each).
    assert_eq!(
        outcomes(&g),
        vec![
            ("2=y".into(), third),
            ("2=p".into(), third),
            ("2=w".into(), third)
        ]
    );
    g.apply_notation(Actor::Chance, "2=y").unwrap();
    let o = outcomes(&g);
    assert_eq!(o[0], ("5=y".to_string(), 3.0 / 11.0));
    assert_eq!(o[1], ("5=p".to_string(), 4.0 / 11.0));
    // Out of order, or a colour already used on the spots, is refused.
    let err = g.clone().apply_notation(Actor::Chance, "8=y").unwrap_err();
    assert!(err.to_string().contains("next place"), "{err}");
    assert!(g.clone().apply_notation(Actor::Chance, "5=k").is_err());
    // Seats wait for the setup.
    let a = g.parse_action(seat(1), "1@S>1>2").unwrap();
    assert_eq!(g.validate(seat(1), a), Err(ActionError::ChancePending));
}

#[test]
fn setup_lays_four_of_each_colour_on_the_twelve_lotus_spaces() {
    for seed in 0..20 {
        let g = ChinaMoon::new_random(&Params::players(4), &mut rng_from_seed(seed)).unwrap();
        assert_eq!(g.to_act(), ToAct::One(Seat(0)), "seat 1 starts");
        let board = g.board().clone();
        let mut counts = [0; 5];
        for &s in board.lotus_spaces() {
            let f = g.flower_on(s).expect("every lotus space has a flower");
            counts[f.index()] += 1;
        }
        assert_eq!(counts, [4, 4, 4, 0, 0]);
        assert_eq!(g.flower_on(board.black_lotus()), Some(Flower::Black));
        let mut spots: Vec<Flower> = (0..3).map(|i| g.spot(i).unwrap()).collect();
        spots.sort();
        assert_eq!(spots, Flower::COMMON.to_vec());
        assert_eq!(g.spot(3), Some(Flower::Blue));
    }
}

#[test]
fn setup_is_reproducible_from_the_games_seed() {
    let p = Params::players(3);
    let a = ChinaMoon::new_random(&p, &mut rng_from_seed(7)).unwrap();
    let b = ChinaMoon::new_random(&p, &mut rng_from_seed(7)).unwrap();
    assert_eq!(a.to_notation(), b.to_notation());
    let different = (0..10)
        .map(|s| {
            ChinaMoon::new_random(&p, &mut rng_from_seed(s))
                .unwrap()
                .to_notation()
        })
        .collect::<std::collections::HashSet<_>>();
    assert!(different.len() > 5, "setups vary with the seed");
    // The setup's draws are actions too: logged and replayed.
    let mut replay = ChinaMoon::new(&p).unwrap();
    let action = Action::Setup {
        place: SetupPlace::Spot(0),
        flower: Flower::White,
    };
    assert_eq!(replay.format_action(action), "G1=w");
    replay.try_apply(Actor::Chance, action).unwrap();
    assert_eq!(replay.spot(0), Some(Flower::White));
}

#[test]
fn r1_standard_board_is_the_default_and_not_the_printed_one() {
    let g = ChinaMoon::new(&Params::default()).unwrap();
    assert_eq!(g.num_seats(), 4);
    assert!(g.board().is_standard());
    assert!(g.board_text().contains("not the printed one"));
    assert!(g.board().note().unwrap().contains("NOT the printed board"));
    assert!(g.view(None).board.standard);
}

#[test]
fn players_from_3_to_5_only() {
    for n in [0, 2, 6] {
        let err = ChinaMoon::new(&Params::players(n)).unwrap_err();
        assert_eq!(err.name, "players", "{err}");
    }
    for n in 3..=5 {
        assert_eq!(ChinaMoon::new(&Params::players(n)).unwrap().num_seats(), n);
    }
    let err = serde_json::from_str::<Params>(r#"{"players": 3, "colour": 1}"#).unwrap_err();
    assert!(err.to_string().contains("colour"), "{err}");
}

#[test]
fn scoring_examples_from_the_rules_table() {
    // 1, 2, 3, 4, 5 flowers of a colour: 1, 3, 6, 10, 15 points; blue +4, black -2.
    let g = game("std G,G,S/G,S,S/G,S,S 18p,24p,34w ppwk/yyyy/ypwwwu ---- - 1 - -");
    // Seat 1: pink 2 (3) + white 1 (1) + black (-2) = 2; seat 2: yellow 4 (10);
    // seat 3: yellow 1 + pink 1 + white 3 (6) + blue (4) = 12.
    let outcome = g.outcome().expect("four frogs in the goal: over");
    assert_eq!(outcome.scores().unwrap(), &[2, 10, 12]);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![Seat(2)]);
    let five = tabula_china_moon::Flowers::from_letters("yyyyyu").unwrap();
    assert_eq!(five.score(), 15 + 4);
}

#[test]
fn r7_equal_totals_share_the_win() {
    let g = game(
        "std S,G,G/S,G,G/S,S,S 2y,5p,8y,11w,15w,18p,24p,31p,34w,36w,38k yu/yypw/- ---- - 1 - -",
    );
    let outcome = g.outcome().expect("over");
    assert_eq!(outcome.scores().unwrap(), &[5, 5, 0]);
    assert_eq!(outcome.ranks(), &[1, 1, 3]);
    assert_eq!(outcome.reward(Seat(0)), 0.5);
    assert_eq!(outcome.reward(Seat(1)), 0.5);
    assert_eq!(outcome.reward(Seat(2)), 0.0);
}
