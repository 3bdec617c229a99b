//! The core harness on Toumaï: seeded random games for every player count and colour choice,
//! from the placement setup and from the random setup, comparing the move generator with the
//! rule-by-rule check, round-tripping notation, and checking that pawns are conserved.

use std::collections::HashMap;
use tabula_core::testkit::Harness;
use tabula_core::{Game, Presentation, Seat};
use tabula_toumai::{Params, Phase, Toumai};

/// Every pawn is on the board or in hand, each colour has its 6 pawns, lines hold at most 6
/// and at most 2 of a colour.
fn pawns_conserved(game: &Toumai) -> Result<(), String> {
    let view = game.view(None);
    let mut seen: HashMap<String, usize> = HashMap::new();
    for line in &view.lines {
        if line.pawns.len() > 6 {
            return Err(format!("line {} holds {}", line.name, line.pawns.len()));
        }
        let mut per_colour: HashMap<char, usize> = HashMap::new();
        for p in &line.pawns {
            *seen.entry(p.code.clone()).or_default() += 1;
            *per_colour.entry(p.colour).or_default() += 1;
        }
        if per_colour.values().any(|&n| n > 2) {
            return Err(format!("line {} breaks the 2-per-colour limit", line.name));
        }
    }
    for seat in &view.seats {
        for (kind, full) in [('1', 2), ('2', 2), ('3', 1), ('M', 1)] {
            let on_board = seen
                .get(&format!("{}{kind}", seat.colour))
                .copied()
                .unwrap_or(0);
            let in_hand = seat.in_hand.iter().filter(|&&k| k == kind).count();
            if on_board + in_hand != full {
                return Err(format!("{}{kind}: {on_board} + {in_hand}", seat.colour));
            }
        }
    }
    let total: usize = seen.values().sum();
    if view.phase == Phase::Play && total != 18 {
        return Err(format!("{total} pawns in play"));
    }
    if let Some(n) = view.neutral {
        let neutral = seen.get(&format!("{n}N")).copied().unwrap_or(0);
        if view.phase == Phase::Play && neutral != 6 {
            return Err(format!("{neutral} neutral pawns"));
        }
    }
    if game.wands().iter().filter(|&&w| w == 3).count() > 1 {
        return Err("two winners".into());
    }
    Ok(())
}

fn params(players: usize, colours: Option<&str>, max_plies: Option<u32>) -> Params {
    Params {
        players,
        colours: colours.map(str::to_string),
        max_plies,
        ..Params::default()
    }
}

fn run(p: Params, random_setup: bool, games: usize, seed: u64) -> tabula_core::testkit::Report {
    let factory = move |rng: &mut tabula_core::GameRng| {
        if random_setup {
            Toumai::new_random(&p, rng).expect("params")
        } else {
            Toumai::new(&p).expect("params")
        }
    };
    Harness::new(factory)
        .games(games)
        .seed(seed)
        .max_steps(400)
        .invariant(pawns_conserved)
        .indexed()
        .run()
}

#[test]
fn harness_two_players_placement_setup() {
    let report = run(params(2, None, None), false, 6, 10);
    assert_eq!(report.games, 6);
}

#[test]
fn harness_two_players_random_setup_every_colour_pair() {
    for (i, colours) in ["YR", "YB", "RB"].into_iter().enumerate() {
        let report = run(params(2, Some(colours), None), true, 4, 100 + 10 * i as u64);
        assert_eq!(report.games, 4);
    }
}

#[test]
fn harness_three_players_placement_and_random_setup() {
    run(params(3, None, None), false, 4, 200);
    run(params(3, None, None), true, 4, 300);
}

#[test]
fn harness_with_a_ply_limit_ends_every_game() {
    let report = run(params(2, None, Some(60)), true, 6, 400);
    assert_eq!(report.finished, 6);
    for o in &report.outcomes {
        assert!(o.ranks().len() == 2);
    }
    let _ = Seat(0);
}
