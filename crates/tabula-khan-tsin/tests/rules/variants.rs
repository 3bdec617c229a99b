//! The placement variant against ruling R3: `placement = "all_twelve"` (each player places its
//! 12 tokens in turn) instead of `one_at_a_time`. The tests build setups where the two
//! readings differ, and the harness runs under the variant.

use crate::common;

use common::{STD, legal, play, refusal};
use tabula_core::testkit::Harness;
use tabula_core::{Game, Notation, Seat, rng_from_seed};
use tabula_khan_tsin::{KhanTsin, Params, Phase};

fn variant(players: usize, placement: &str) -> Params {
    Params {
        players,
        placement: placement.into(),
        ..Params::default()
    }
}

/// A setup position on the standard layout: `white` squares hold a white token (the first
/// one its Khan when `khan`), everything else is empty.
fn setup(white: &[usize], khan: bool, to_move: &str) -> String {
    let mut stacks = vec!["-".to_string(); 36];
    for (i, &sq) in white.iter().enumerate() {
        stacks[sq - 1] = if khan && i == 0 { "W" } else { "w" }.into();
    }
    format!("{STD} {} wg {to_move}", stacks.join("/"))
}

/// The squares of a value on the standard layout, in track order.
fn squares_of(value: u8) -> Vec<usize> {
    (1..=36)
        .filter(|&s| STD.as_bytes()[s - 1] == b'0' + value)
        .collect()
}

#[test]
fn r3_variant_all_twelve_each_player_places_its_twelve_in_turn() {
    for players in [2, 3] {
        let mut g = KhanTsin::new(&variant(players, "all_twelve")).unwrap();
        for k in 0..12 * players {
            assert_eq!(g.to_move(), Seat((k / 12) as u8), "placement {k}");
            let value = 3 - ((k % 12) / 4) as u8;
            let actions = legal(&g);
            for a in &actions {
                let sq: usize = a[2..].parse().unwrap();
                assert_eq!(g.layout().value(sq - 1), value, "{a} at placement {k}");
            }
            play(&mut g, &actions[actions.len() / 2]);
        }
        assert_eq!(g.phase(), Phase::Movement);
        assert_eq!(g.to_move(), Seat(0), "white moves first");
        g.check_invariant().unwrap();
    }
}

#[test]
fn r3_variant_all_twelve_keeps_the_turn_where_the_ruling_passes_it() {
    let mut variant_game = KhanTsin::new(&variant(2, "all_twelve")).unwrap();
    let mut ruling = KhanTsin::new(&Params::default()).unwrap();
    play(&mut variant_game, "T@3");
    play(&mut ruling, "T@3");
    assert_eq!(variant_game.to_move(), Seat(0), "white places again");
    assert_eq!(ruling.to_move(), Seat(1), "green's turn under R3");
    // After 4 triples, white goes on to doubles while green has placed nothing.
    let triples = squares_of(3);
    for sq in &triples[1..4] {
        play(&mut variant_game, &format!("T@{sq}"));
    }
    let doubles = squares_of(2);
    let first = legal(&variant_game);
    assert!(
        first
            .iter()
            .all(|a| doubles.contains(&a[2..].parse().unwrap())),
        "{first:?}"
    );
    let e = refusal(&variant_game, &format!("T@{}", triples[4]));
    assert!(e.contains("now go on empty double squares"), "{e}");
}

#[test]
fn r3_variant_all_twelve_reads_setup_positions_by_its_own_schedule() {
    let all = variant(2, "all_twelve");
    let triples = squares_of(3);
    let one = setup(&triples[..1], false, "w");
    assert_eq!(
        KhanTsin::from_notation(&all, &one).unwrap().to_notation(),
        one
    );
    let e = KhanTsin::from_notation(&Params::default(), &one).unwrap_err();
    assert_eq!(e.field, "to-move", "{e}");
    // White has placed 5 (4 triples and a double, its Khan among them), green none yet.
    let mut five: Vec<usize> = triples[..4].to_vec();
    five.push(squares_of(2)[0]);
    let five = setup(&five, true, "w");
    let g = KhanTsin::from_notation(&all, &five).unwrap();
    assert_eq!(g.to_move(), Seat(0));
    assert!(legal(&g).iter().all(|a| a.starts_with("T@")));
    let e = KhanTsin::from_notation(&Params::default(), &five).unwrap_err();
    assert!(e.to_string().contains("one at a time"), "{e}");
    // Under the variant, green may not have placed before white's 12.
    let one_each = setup(&triples[..1], false, "w");
    let green_too = one_each.replacen(&format!("{STD} -/-/w/-/-"), &format!("{STD} -/-/w/-/g"), 1);
    assert_ne!(green_too, one_each, "the edit applies");
    let e = KhanTsin::from_notation(&all, &green_too).unwrap_err();
    assert!(e.to_string().contains("each colour its 12 in turn"), "{e}");
}

#[test]
fn placement_round_trips_and_bad_values_are_named() {
    let all = variant(3, "all_twelve");
    assert_eq!(
        KhanTsin::new(&all).unwrap().params().placement,
        "all_twelve"
    );
    assert_eq!(
        KhanTsin::new(&Params::default())
            .unwrap()
            .params()
            .placement,
        "one_at_a_time"
    );
    let e = KhanTsin::new(&variant(2, "all")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad parameter placement: `all` is not allowed: write `one_at_a_time` (the default, \
         R3) or `all_twelve`"
    );
    let text = setup(&[], false, "w");
    assert!(KhanTsin::from_notation(&variant(2, "all"), &text).is_err());
}

#[test]
fn harness_under_the_all_twelve_placement() {
    for (seed, players) in [(700, 2), (800, 3)] {
        let p = Params {
            max_plies: Some(160),
            ..variant(players, "all_twelve")
        };
        let q = p.clone();
        let report = Harness::new(move |_| KhanTsin::new(&p).unwrap())
            .games(6)
            .seed(seed)
            .invariant(|g: &KhanTsin| g.check_invariant())
            .indexed()
            .run();
        assert_eq!(report.games, 6);
        let report = Harness::new(move |rng| KhanTsin::new_random(&q, rng).unwrap())
            .games(6)
            .seed(seed + 1)
            .invariant(|g: &KhanTsin| g.check_invariant())
            .run();
        assert_eq!(report.games, 6);
    }
    let mut rng = rng_from_seed(3);
    let g = KhanTsin::new_random(&variant(3, "all_twelve"), &mut rng).unwrap();
    g.check_invariant().unwrap();
    assert_eq!(g.phase(), Phase::Movement);
}
