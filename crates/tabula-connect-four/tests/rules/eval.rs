//! The search capabilities: the exact position hash and the static evaluation.

use std::collections::HashMap;
use tabula_connect_four::{ConnectFour, Params};
use tabula_core::{Game, Heuristic, Notation, Seat, Zobrist, rng_from_seed, step_random};

fn pos(text: &str) -> ConnectFour {
    ConnectFour::from_notation(&Params::default(), text).unwrap()
}

#[test]
fn zobrist_never_collides_and_agrees_with_notation() {
    let mut seen: HashMap<u64, String> = HashMap::new();
    let mut rng = rng_from_seed(3);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    for _ in 0..2000 {
        let mut game = ConnectFour::new(&Params::default()).unwrap();
        loop {
            let text = game.to_notation();
            let h = game.zobrist();
            if let Some(prev) = seen.insert(h, text.clone()) {
                assert_eq!(prev, text, "hash collision");
            }
            assert_eq!(
                ConnectFour::from_notation(&Params::default(), &text)
                    .unwrap()
                    .zobrist(),
                h
            );
            if !step_random(&mut game, &mut rng, &mut actions, &mut chances) {
                break;
            }
        }
    }
    assert!(seen.len() > 20_000);
}

#[test]
fn zobrist_covers_the_side_to_move_and_the_owner_of_each_stone() {
    let a = pos("......./......./......./......./o....../x...... x");
    let b = pos("......./......./......./......./x....../o...... x");
    assert_ne!(a.zobrist(), b.zobrist());
    let c = pos("......./......./......./......./x....../o.x.... o");
    let d = pos("......./......./......./......./o....../x.x.... o");
    assert_ne!(c.zobrist(), d.zobrist());
}

#[test]
fn heuristic_is_zero_sum_bounded_and_knows_the_result() {
    let mut rng = rng_from_seed(8);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    for _ in 0..200 {
        let mut game = ConnectFour::new(&Params::default()).unwrap();
        loop {
            let x = game.evaluate(Seat(0));
            let o = game.evaluate(Seat(1));
            assert!((x + o).abs() < 1e-12, "zero-sum: {x} {o}");
            assert!((-1.0..=1.0).contains(&x));
            match game.outcome() {
                Some(out) if !out.is_draw() => {
                    let w = out.winners().next().unwrap();
                    assert_eq!(game.evaluate(w), 1.0);
                }
                Some(_) => assert_eq!(x, 0.0),
                None => assert!(x.abs() < 0.9),
            }
            if !step_random(&mut game, &mut rng, &mut actions, &mut chances) {
                break;
            }
        }
    }
}

#[test]
fn heuristic_prefers_the_centre_and_threats() {
    let centre = pos("......./......./......./......./......./...x... o");
    let edge = pos("......./......./......./......./......./x...... o");
    assert!(centre.evaluate(Seat(0)) > edge.evaluate(Seat(0)));
    // x has an open three on the bottom row (two threats), x to move: clearly better for x.
    let threats = pos("......./......./......./......./.oo..../.xxx..o x");
    assert!(
        threats.evaluate(Seat(0)) > 0.1,
        "{}",
        threats.evaluate(Seat(0))
    );
}
