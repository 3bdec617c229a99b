//! Helpers shared by the integration tests: positions from notation, actions by notation,
//! the card-conservation invariant and solver-driven play.
#![allow(dead_code)]

use tabula_core::{Actor, Game, GameRng, Notation, Seat, ToAct, sample_chance};
use tabula_magical_circle::{Action, MagicalCircle, Params, Phase};

pub fn params(players: usize) -> Params {
    Params::with_players(players)
}

/// A position from notation (panics with the error, for tests).
pub fn pos(params: &Params, text: &str) -> MagicalCircle {
    MagicalCircle::from_notation(params, text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A two-player race position: tokens `arr`, revealed `cards`, everything else fresh.
pub fn race2(arr: &str, cards: &str) -> MagicalCircle {
    pos(
        &params(2),
        &format!(
            "arr={arr} phase=race revealed={cards} seats=1234:-:-/1234:-:- excluded=- voted=- \
             first=1 discard=- under=-"
        ),
    )
}

pub fn seat(n: usize) -> Actor {
    Actor::Seat(Seat::from_number(n).unwrap())
}

/// Applies an action in notation, panicking with the reason if refused.
pub fn act(g: &mut MagicalCircle, actor: Actor, text: &str) -> Action {
    g.apply_notation(actor, text)
        .unwrap_or_else(|e| panic!("{text} by {actor:?} refused: {e}\n{}", g.to_notation()))
}

/// The refusal message of an action in notation (panics if accepted); checks that the state
/// did not change.
pub fn refused(g: &MagicalCircle, actor: Actor, text: &str) -> String {
    let mut copy = g.clone();
    match copy.apply_notation(actor, text) {
        Ok(_) => panic!("{text} by {actor:?} was accepted in {}", g.to_notation()),
        Err(e) => {
            assert_eq!(&copy, g, "a refused action changed the state");
            e.to_string()
        }
    }
}

/// Applies the arrangement's swaps (`25,34`) as the active seat.
pub fn swaps(g: &mut MagicalCircle, actor: Actor, list: &str) {
    for p in list.split(',') {
        act(g, actor, &format!("swap:{p}"));
    }
}

/// Resolves pending chance events from `rng`.
pub fn resolve_chance(g: &mut MagicalCircle, rng: &mut GameRng) {
    let mut buf = Vec::new();
    while g.to_act() == ToAct::Chance {
        let a = sample_chance(g, rng, &mut buf).expect("chance outcome");
        g.apply(a);
    }
}

/// Every magic card is in exactly one place and every swap card too; the position re-read
/// from its notation hashes alike.
pub fn conservation(g: &MagicalCircle) -> Result<(), String> {
    use tabula_core::Zobrist;
    let text = g.to_notation();
    let back = MagicalCircle::from_notation(&g.params(), &text).map_err(|e| e.to_string())?;
    if back.zobrist() != g.zobrist() {
        return Err(format!("re-read position hashes differently: {text}"));
    }
    let deck = g.deck().len();
    let (pile, discard) = g.pile_sizes();
    let n = g.num_seats();
    let won: usize = (0..n).map(|s| g.won_cards(Seat(s as u8)).len()).sum();
    let total = pile + discard + g.revealed().len() + won;
    if total != deck {
        return Err(format!("{total} magic cards, deck has {deck}: {text}"));
    }
    let values = g.params().swap_values.len();
    for s in 0..n {
        let seat = Seat(s as u8);
        let mut count = g.hand(seat).len() + g.face_up(seat).len();
        if let Some((played, _, _)) = g.attempt_progress()
            && g.active_seat() == Some(seat)
        {
            count += played.len();
        }
        if count != values {
            return Err(format!("seat {} has {count} swap cards: {text}", s + 1));
        }
        if won_ok(g, seat).is_err() {
            return won_ok(g, seat);
        }
    }
    Ok(())
}

fn won_ok(g: &MagicalCircle, seat: Seat) -> Result<(), String> {
    let n = g.won_cards(seat).len();
    if n >= g.target() as usize && g.phase() != Phase::Won {
        return Err(format!("{seat} holds {n} cards but the game goes on"));
    }
    Ok(())
}

/// Plays a game where every seat follows the solver (`solver_action`); in the race the seats
/// are tried in a random order and the first one that claims wins the race. Returns the
/// final state and the number of actions.
pub fn solver_game(
    mut g: MagicalCircle,
    rng: &mut GameRng,
    max_steps: usize,
) -> (MagicalCircle, usize) {
    use rand::RngExt;
    let mut steps = 0;
    while steps < max_steps {
        match g.to_act() {
            ToAct::Over(_) => break,
            ToAct::Chance => resolve_chance(&mut g, rng),
            ToAct::One(s) => {
                let a = g.solver_action(s).expect("the active seat has an action");
                g.try_apply(Actor::Seat(s), a)
                    .expect("solver action is legal");
                steps += 1;
            }
            ToAct::Several(set) => {
                let mut seats: Vec<Seat> = set.iter().collect();
                let start = rng.random_range(0..seats.len());
                seats.rotate_left(start);
                let mut actions: Vec<(Seat, Action)> = seats
                    .iter()
                    .filter_map(|&s| g.solver_action(s).map(|a| (s, a)))
                    .collect();
                // A claim beats votes in the race.
                actions.sort_by_key(|(_, a)| !matches!(a, Action::Claim(_)));
                let (s, a) = actions[0];
                g.try_apply(Actor::Seat(s), a)
                    .expect("solver action is legal");
                steps += 1;
            }
        }
    }
    (g, steps)
}
