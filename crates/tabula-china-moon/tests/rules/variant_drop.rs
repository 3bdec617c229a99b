//! R5's variant `butterfly_drop = "skip_frogs_only"`: a butterfly's flower goes to the first
//! space behind holding no frog, even one holding flowers, so flowers stack; a frog ending its
//! move on a stack takes every flower there (R17). The tests build moves where the two
//! readings differ, read and write stacked positions, and run the harness and a perft file
//! (cross-checked with `tools/reference.py --butterfly-drop skip_frogs_only`) under the variant.

use crate::common;

use common::{field, hand, play};
use tabula_china_moon::{ChinaMoon, Params};
use tabula_core::testkit::{Harness, check_perft_file};
use tabula_core::{Game, Notation, Observe, Presentation, Zobrist, rng_from_seed, step_random};

fn variant(players: usize, drop: &str) -> Params {
    Params {
        players,
        butterfly_drop: drop.into(),
        ..Params::default()
    }
}

fn stacking(players: usize) -> Params {
    variant(players, "skip_frogs_only")
}

/// Seat 1's frog on 17 may end on the butterfly space 19 holding a white flower only (its
/// one colour, so the drop needs no decision, R8); a pink lies on 18, right behind 19.
const PINK_BEHIND_BUTTERFLY: &str = "std S,S,17/S,S,S/S,S,S \
    2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,38k w/-/- ypwu - 1 - -";

/// Three flowers stacked on 18 (a pink and two whites), seat 1's frog on 16 two hops before.
const STACK_ON_18: &str = "std S,S,16/S,S,S/S,S,S \
    2y,5p,8y,15w,18p,18w,18w,21y,24p,27y,31p,34w,38k -/-/- ypwu - 1 - -";

#[test]
fn r5_variant_skip_frogs_only_drops_a_flower_onto_a_space_holding_one() {
    let mut g = ChinaMoon::from_notation(&stacking(3), PINK_BEHIND_BUTTERFLY).unwrap();
    play(&mut g, 1, "1@17>18>19");
    // 18 holds a pink but no frog: the white joins it.
    let flowers = field(&g, 2);
    assert!(flowers.contains("18p,18w"), "{flowers}");
    assert!(!flowers.contains("17w"), "{flowers}");
    assert_eq!(hand(&g, 1), "-");
    assert_eq!(g.flowers_on(18).to_letters(), "pw");
    g.check_invariant().unwrap();
}

#[test]
fn r5_default_skip_flowers_still_skips_a_space_holding_a_flower() {
    for params in [Params::players(3), variant(3, "skip_flowers")] {
        let mut g = ChinaMoon::from_notation(&params, PINK_BEHIND_BUTTERFLY).unwrap();
        play(&mut g, 1, "1@17>18>19");
        // 18 holds a flower: the white goes on to 17, which the frog has just left.
        let flowers = field(&g, 2);
        assert!(
            flowers.contains("17w") && flowers.contains("18p") && !flowers.contains("18w"),
            "{flowers}"
        );
    }
}

#[test]
fn r5_variant_skip_frogs_only_still_skips_spaces_holding_frogs() {
    // Seat 1's frog on 15 jumps the frogs on 17 and 18 and ends on the butterfly 19; behind
    // it 18 and 17 hold frogs, 13 a white flower, 12 nothing.
    let text = "std S,S,15/S,17,18/S,S,S \
        2y,5p,8y,11w,13w,21y,24p,27y,31p,34w,38k w/-/- ypwu p 1 - -";
    let mut ruling = ChinaMoon::from_notation(&Params::players(3), text).unwrap();
    let mut stack = ChinaMoon::from_notation(&stacking(3), text).unwrap();
    play(&mut ruling, 1, "1@15>16>19");
    play(&mut stack, 1, "1@15>16>19");
    assert!(
        field(&ruling, 2).contains("12w,13w"),
        "{}",
        field(&ruling, 2)
    );
    assert!(
        field(&stack, 2).contains("11w,13w,13w,21y"),
        "{}",
        field(&stack, 2)
    );
}

#[test]
fn r17_a_frog_takes_every_flower_on_its_space() {
    let mut g = ChinaMoon::from_notation(&stacking(3), STACK_ON_18).unwrap();
    play(&mut g, 1, "1@16>17>18");
    assert_eq!(hand(&g, 1), "pww");
    assert!(!field(&g, 2).contains("18"), "{}", field(&g, 2));
    assert_eq!(g.flowers_on(18).total(), 0);
    g.check_invariant().unwrap();
    // A frog whose move only passes over the stack (first hop) leaves it.
    let mut g =
        ChinaMoon::from_notation(&stacking(3), &STACK_ON_18.replace("S,S,16/", "S,S,17/")).unwrap();
    play(&mut g, 1, "1@17>18>19");
    assert_eq!(g.flowers_on(18).to_letters(), "pww");
}

#[test]
fn r17_under_butterfly_pickup_leave_a_frog_on_a_butterfly_stack_takes_none() {
    let text = STACK_ON_18
        .replace("S,S,16/", "S,S,17/")
        .replace("15w,18p,18w,18w", "15w,19p,19w,19w");
    let params = Params {
        butterfly_pickup: "leave".into(),
        ..stacking(3)
    };
    let mut g = ChinaMoon::from_notation(&params, &text).unwrap();
    play(&mut g, 1, "1@17>18>19");
    assert_eq!(hand(&g, 1), "-");
    assert_eq!(g.flowers_on(19).to_letters(), "pww");
}

#[test]
fn stacked_flowers_round_trip_in_notation_and_the_default_names_the_space() {
    let g = ChinaMoon::from_notation(&stacking(3), STACK_ON_18).unwrap();
    assert_eq!(g.to_notation(), STACK_ON_18);
    // Any order is read; the flowers of a space are written in notation order.
    let shuffled = STACK_ON_18.replace("18p,18w,18w", "18w,18p,18w");
    let read = ChinaMoon::from_notation(&stacking(3), &shuffled).unwrap();
    assert_eq!(read.to_notation(), STACK_ON_18);
    assert_eq!(read.zobrist(), g.zobrist());
    let e = ChinaMoon::from_notation(&Params::players(3), STACK_ON_18).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad position: flowers: two flowers on space 18: a space holds one flower unless \
         butterfly_drop = skip_frogs_only (R5's variant)"
    );
    // More flowers of a colour than the game has are refused before they could stack.
    let six = STACK_ON_18.replace("18w,18w", "18w,18w,18w,18w,18w");
    let e = ChinaMoon::from_notation(&stacking(3), &six).unwrap_err();
    assert!(e.to_string().contains("more white flowers"), "{e}");
    // A stack under a frog is refused as a single flower is.
    let under = STACK_ON_18.replace("S,S,16/", "S,S,18/");
    let e = ChinaMoon::from_notation(&stacking(3), &under).unwrap_err();
    assert!(e.to_string().contains("space 18 holds a frog"), "{e}");
}

#[test]
fn stacked_flowers_show_in_the_view_the_text_board_the_hash_and_the_observation() {
    let g = ChinaMoon::from_notation(&stacking(3), STACK_ON_18).unwrap();
    let v = serde_json::to_value(g.view(None)).unwrap();
    let on_18: Vec<&str> = v["flowers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["space"] == "18")
        .map(|f| f["flower"].as_str().unwrap())
        .collect();
    assert_eq!(on_18, ["pink", "white", "white"]);
    let text = g.board_text();
    assert!(
        text.contains("(3)") && text.contains("(n) n flowers"),
        "{text}"
    );
    // One white fewer on 18 (and one more out of the game) is another position.
    let fewer = STACK_ON_18
        .replace("18w,18w", "18w")
        .replace(" - 1 - -", " w 1 - -");
    let fewer = ChinaMoon::from_notation(&stacking(3), &fewer).unwrap();
    assert_ne!(fewer.zobrist(), g.zobrist());
    assert!(fewer.board_text().contains("(pw)"));
    // The observation counts the flowers of a colour on a space.
    let mut obs = Vec::new();
    g.observe(None, &mut obs);
    let s = g.board().len();
    let (white, eighteen) = (2, g.board().parse_space("18").unwrap() as usize);
    assert_eq!(obs[5 * s + s * white + eighteen], 2.0);
}

#[test]
fn butterfly_drop_round_trips_and_bad_values_are_named() {
    let g = ChinaMoon::new(&stacking(4)).unwrap();
    assert_eq!(g.params().butterfly_drop, "skip_frogs_only");
    assert!(g.drops_on_flowers());
    let g = ChinaMoon::new(&Params::default()).unwrap();
    assert_eq!(g.params().butterfly_drop, "skip_flowers");
    assert!(!g.drops_on_flowers());
    let e = ChinaMoon::new(&variant(4, "skip")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad parameter butterfly_drop: `skip` is not allowed: write `skip_flowers` (the \
         default, R5) or `skip_frogs_only`"
    );
    let e = ChinaMoon::from_notation(&variant(3, "skip"), STACK_ON_18).unwrap_err();
    assert!(e.to_string().contains("butterfly_drop"), "{e}");
}

#[test]
fn random_games_under_the_variant_stack_flowers() {
    // The harness below meets stacks: seeded random games do stack flowers.
    let params = stacking(4);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    let mut stacked = 0;
    for seed in 0..20 {
        let mut rng = rng_from_seed(seed);
        let mut g = ChinaMoon::new_random(&params, &mut rng).unwrap();
        while step_random(&mut g, &mut rng, &mut actions, &mut chances) {
            let b = g.board().len() as u8;
            if (0..b).any(|s| g.flowers_on(s).total() > 1) {
                stacked += 1;
            }
        }
    }
    assert!(stacked > 0, "no stacked flowers in 20 random games");
}

#[test]
fn harness_under_butterfly_drop_skip_frogs_only() {
    for (players, seed) in [(3, 11_000), (4, 11_300), (5, 11_600)] {
        let p = stacking(players);
        let report = Harness::new(move |rng| ChinaMoon::new_random(&p, rng).expect("params"))
            .games(12)
            .seed(seed)
            .max_steps(1_000)
            .invariant(ChinaMoon::check_invariant)
            .indexed()
            .run();
        assert_eq!(report.finished, 12);
    }
}

#[test]
fn perft_file_under_butterfly_drop_skip_frogs_only_matches_to_depth_3() {
    let mut checked = 0;
    for line in include_str!("../data/perft_drop.txt").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let players = common::players_of(line);
        checked += check_perft_file::<ChinaMoon>(&stacking(players), line, 3);
    }
    assert!(checked >= 12, "only {checked} counts checked");
}
