//! Rule tests for the board, the players and the setup (rules file, "Board and pieces",
//! "Players", "Setup"; rulings R1, R3 and R7).

use crate::common;

use common::{STD, board, legal, legal_from, play, pos, refusal};
use tabula_core::{Game, Notation, Seat, rng_from_seed};
use tabula_khan_tsin::{Colour, KhanTsin, Params, Phase, STANDARD_LAYOUT};

fn params(players: usize, colours: Option<&str>) -> Params {
    Params {
        players,
        colours: colours.map(str::to_string),
        ..Params::default()
    }
}

/// (tokens per value class single/double/triple, Khans) of `colour` in `game`.
fn spread(game: &KhanTsin, colour: Colour) -> ([usize; 3], usize) {
    let mut by_value = [0; 3];
    for sq in 0..36 {
        for c in game.stack(sq).colours() {
            if c == colour {
                by_value[game.layout().value(sq) as usize - 1] += 1;
            }
        }
    }
    let khans = usize::from(game.khan_square(colour).is_some());
    (by_value, khans)
}

#[test]
fn r1_the_standard_layout_is_the_default_with_12_squares_of_each_value() {
    assert_eq!(Params::default().layout, STANDARD_LAYOUT);
    let g = KhanTsin::new(&Params::default()).unwrap();
    assert!(g.to_notation().starts_with(STANDARD_LAYOUT));
    for v in 1..=3 {
        assert_eq!(g.layout().values().iter().filter(|&&x| x == v).count(), 12);
    }
}

#[test]
fn r1_another_layout_changes_the_square_values_and_the_moves() {
    let layout = "333333333333222222222222111111111111";
    let p = Params {
        layout: layout.into(),
        ..Params::default()
    };
    assert!(KhanTsin::new(&p).unwrap().to_notation().starts_with(layout));
    let standard = pos(&board("wg", "w", &[]));
    let other = pos(&board("wg", "w", &[]).replacen(STD, layout, 1));
    assert_eq!(legal_from(&standard, 1), ["1:1>2", "1:1>36"]); // single square
    assert_eq!(legal_from(&other, 1), ["1:1>34"]); // triple: 4 (W) or 34
    for bad in [
        "12323131213221332112323131213221332",
        "423231312132213321123231312132213321",
    ] {
        let p = Params {
            layout: bad.into(),
            ..Params::default()
        };
        assert_eq!(KhanTsin::new(&p).unwrap_err().name, "layout");
    }
}

#[test]
fn two_players_default_to_white_and_green_with_blue_neutral() {
    let g = KhanTsin::new(&Params::default()).unwrap();
    assert_eq!(g.num_seats(), 2);
    assert_eq!(g.seats().playing(), [Colour::White, Colour::Green]);
    assert_eq!(g.seats().neutral(), Some(Colour::Blue));
    assert!(g.to_notation().ends_with(" wg w"));
}

#[test]
fn two_players_choose_their_colours_and_the_lighter_places_first() {
    let g = KhanTsin::new(&params(2, Some("bg"))).unwrap();
    assert_eq!(g.seats().playing(), [Colour::Green, Colour::Blue]);
    assert_eq!(g.seats().neutral(), Some(Colour::White));
    assert!(g.to_notation().ends_with(" gb g"));
    for bad in ["ww", "wgb", "x", "w"] {
        assert_eq!(
            KhanTsin::new(&params(2, Some(bad))).unwrap_err().name,
            "colours"
        );
    }
    assert_eq!(KhanTsin::new(&params(4, None)).unwrap_err().name, "players");
}

#[test]
fn r3_players_alternate_one_token_at_a_time_lightest_first() {
    let mut g = KhanTsin::new(&params(3, None)).unwrap();
    for k in 0..36 {
        assert_eq!(g.to_move(), Seat((k % 3) as u8), "placement {k}");
        assert_eq!(g.phase(), Phase::Placement);
        let first = legal(&g)
            .into_iter()
            .find(|a| a.starts_with('T'))
            .unwrap_or_else(|| legal(&g)[0].clone());
        play(&mut g, &first);
    }
    assert_eq!(g.phase(), Phase::Movement);
    assert_eq!(g.to_move(), Seat(0), "white moves first");
}

#[test]
fn r3_tokens_go_on_triple_then_double_then_single_squares() {
    for players in [2, 3] {
        let mut g = KhanTsin::new(&params(players, None)).unwrap();
        for k in 0..12 * players {
            let value = 3 - (k / (4 * players)) as u8;
            let actions = legal(&g);
            for a in &actions {
                let sq: usize = a[2..].parse().unwrap();
                assert_eq!(g.layout().value(sq - 1), value, "{a} at placement {k}");
            }
            let wrong =
                (1..=36).find(|&s| g.layout().value(s - 1) != value && g.stack(s - 1).is_empty());
            if let Some(s) = wrong {
                let e = refusal(&g, &format!("T@{s}"));
                assert!(e.contains("R3"), "{e}");
            }
            play(&mut g, &actions[actions.len() / 2]);
        }
        for &c in g.seats().playing() {
            assert_eq!(spread(&g, c), ([4, 4, 4], 1));
        }
    }
}

#[test]
fn r3_the_khan_is_placed_when_its_owner_chooses() {
    let mut g = KhanTsin::new(&params(2, None)).unwrap();
    let start = legal(&g);
    assert_eq!(
        start.len(),
        24,
        "K@ and T@ on each of the 12 triple squares"
    );
    assert!(start.contains(&"K@3".to_string()) && start.contains(&"T@3".to_string()));
    play(&mut g, "K@3");
    play(&mut g, "T@5");
    assert!(
        legal(&g).iter().all(|a| a.starts_with("T@")),
        "white's Khan is placed"
    );
    let e = refusal(&g, "K@7");
    assert!(e.contains("already on square 3"), "{e}");
    let e = refusal(&g, "T@3");
    assert!(e.contains("not empty"), "{e}");
}

#[test]
fn r7_a_placer_with_eleven_ordinary_tokens_must_place_its_khan() {
    let g = pos(&format!(
        "{STD} -/b/b/w/w/-/g/g/g/b/b/b/w/w/w/g/g/g/w/w/w/b/b/b/g/g/g/w/w/w/b/b/b/g/g/- wgb w"
    ));
    assert_eq!(legal(&g), ["K@1", "K@36", "K@6"]);
    let e = refusal(&g, "T@1");
    assert!(e.contains("must be your Khan"), "{e}");
}

#[test]
fn r7_a_setup_position_is_read_from_the_tokens_on_the_board() {
    // 14 placements: the triples are full, 2 doubles taken; blue (placed B) places now.
    let g = pos(&format!(
        "{STD} -/-/B/w/w/-/b/-/g/-/g/-/-/-/G/g/-/-/-/-/b/-/W/-/w/-/-/-/w/-/-/-/g/b/-/- wgb b"
    ));
    assert_eq!(g.phase(), Phase::Placement);
    assert_eq!(g.to_move(), Seat(2));
    let actions = legal(&g);
    assert_eq!(actions.len(), 10, "{actions:?}");
    assert!(actions.iter().all(|a| a.starts_with("T@")));
}

#[test]
fn two_players_neutral_tokens_fill_the_twelve_squares_left() {
    let mut g = pos(&format!(
        "{STD} w/-/w/-/g/-/g/g/-/-/W/g/w/w/-/w/-/g/-/g/-/g/G/g/w/w/w/-/g/g/w/-/-/-/w/- wg w"
    ));
    play(&mut g, "T@6");
    assert_eq!(g.phase(), Phase::Placement);
    play(&mut g, "T@36");
    assert_eq!(g.phase(), Phase::Movement);
    assert_eq!(g.to_move(), Seat(0));
    assert_eq!(spread(&g, Colour::Blue), ([4, 4, 4], 0));
    assert!((0..36).all(|sq| g.stack(sq).height() == 1));
    assert!(
        !g.to_notation().contains('B'),
        "the neutral Khan is written lowercase"
    );
}

#[test]
fn the_random_setup_follows_r3() {
    for (players, seed) in [(2, 1), (2, 2), (3, 3), (3, 4)] {
        let mut rng = rng_from_seed(seed);
        let g = KhanTsin::new_random(&params(players, None), &mut rng).unwrap();
        assert_eq!(g.phase(), Phase::Movement);
        assert_eq!(g.to_move(), Seat(0));
        assert_eq!(g.plies(), 0);
        for &c in g.seats().playing() {
            assert_eq!(spread(&g, c), ([4, 4, 4], 1));
        }
    }
    let a = KhanTsin::new_random(&params(3, None), &mut rng_from_seed(9)).unwrap();
    let b = KhanTsin::new_random(&params(3, None), &mut rng_from_seed(10)).unwrap();
    assert_ne!(a.to_notation(), b.to_notation());
}

#[test]
fn r3_the_placement_plies_are_the_games_setup_phase() {
    // `Game::in_setup` (what `tabula analyze` measures apart from play) is exactly the
    // placement phase: 24 placements with 2 players, then movement.
    let mut g = KhanTsin::new(&params(2, None)).unwrap();
    let mut rng = rng_from_seed(5);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    let mut setup = 0;
    while g.phase() == Phase::Placement {
        assert!(g.in_setup());
        setup += 1;
        tabula_core::step_random(&mut g, &mut rng, &mut actions, &mut chances);
    }
    assert_eq!(setup, 24);
    assert!(!g.in_setup() && g.phase() == Phase::Movement);
}
