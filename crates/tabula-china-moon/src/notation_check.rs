//! The consistency checks of a position read from notation, after its fields were parsed:
//! flower totals, the setup's order, goal spots against the frogs in the goal, the turn's
//! progress and a pending decision that the game would really ask.

use crate::board::START;
use crate::flower::Flower;
use crate::state::{ChinaMoon, GOAL_SPOTS, MOVES_PER_TURN, Pending, Phase};
use tabula_core::{PositionError, Seat};

fn err(field: &str, message: impl Into<String>) -> PositionError {
    PositionError::new(field, message)
}

pub(crate) fn check_position(g: &mut ChinaMoon) -> Result<(), PositionError> {
    let on_track = g.track_flowers();
    for c in Flower::ALL {
        let mut n = on_track.count(c) + g.out.count(c);
        n += g.spots.iter().filter(|s| **s == Some(c)).count() as u8;
        for seat in Seat::all(g.players()) {
            n += g.hands[seat.index()].count(c);
        }
        let total = c.total();
        if n > total || (g.phase != Phase::Setup && n < total) {
            return Err(err(
                "flowers",
                format!(
                    "{n} {} flowers on the track, in hands, on goal spots and out of the game; the game has {total}",
                    c.name()
                ),
            ));
        }
    }
    match g.phase {
        Phase::Setup => check_setup(g),
        _ => check_play(g),
    }
}

fn check_setup(g: &mut ChinaMoon) -> Result<(), PositionError> {
    let b = g.board.clone();
    if g.frogs.iter().flatten().any(|&p| p != START) {
        return Err(err("frogs", "during setup every frog is on the start"));
    }
    if Seat::all(g.players()).any(|s| !g.hands[s.index()].is_empty()) {
        return Err(err("hands", "during setup no one holds a flower"));
    }
    if !g.out.is_empty() {
        return Err(err("out", "during setup no flower has left the game"));
    }
    if g.moved != 0 {
        return Err(err("moved", "no frog moves during setup"));
    }
    if g.pending != Pending::None {
        return Err(err("ask", "no decision is pending during setup"));
    }
    if g.spots[GOAL_SPOTS - 1] != Some(Flower::Blue) {
        return Err(err(
            "spots",
            "the blue flower lies on goal spot 4 from the start",
        ));
    }
    if g.flower_on(b.black_lotus()) != Some(Flower::Black) {
        return Err(err(
            "flowers",
            format!(
                "the black flower lies on the black-lotus space {} from the start",
                b.id(b.black_lotus())
            ),
        ));
    }
    if let Some((s, _)) = g.stacks.iter().next() {
        return Err(err(
            "flowers",
            format!("at setup space {} holds one flower at most", b.id(s)),
        ));
    }
    for s in 0..b.len() as u8 {
        if let Some(f) = g.flower_on(s) {
            let lotus = b.lotus_spaces().contains(&s);
            if s != b.black_lotus() && !lotus {
                return Err(err(
                    "flowers",
                    format!(
                        "at setup flowers lie only on lotus spaces, not on {}",
                        b.id(s)
                    ),
                ));
            }
            if lotus && !Flower::COMMON.contains(&f) {
                return Err(err(
                    "flowers",
                    format!(
                        "lotus space {} gets yellow, pink or white at setup",
                        b.id(s)
                    ),
                ));
            }
        }
    }
    let filled: Vec<bool> = (0..3)
        .map(|i| g.spots[i].is_some())
        .chain(b.lotus_spaces().iter().map(|&s| g.has_flower(s)))
        .collect();
    let next = filled.iter().position(|f| !f).unwrap_or(filled.len());
    if let Some(later) = filled[next..].iter().position(|f| *f) {
        let k = next + later;
        let name = |k: usize| {
            if k < 3 {
                format!("goal spot {}", k + 1)
            } else {
                format!("space {}", b.id(b.lotus_spaces()[k - 3]))
            }
        };
        return Err(err(
            "flowers",
            format!(
                "the setup fills goal spots 1-3, then the lotus spaces in increasing number: {} is filled before {}",
                name(k),
                name(next)
            ),
        ));
    }
    if next == filled.len() {
        return Err(err(
            "turn",
            "the setup is complete: write the seat to move instead of `setup`",
        ));
    }
    g.setup_next = next as u8;
    g.mover = Seat(0);
    Ok(())
}

fn check_play(g: &mut ChinaMoon) -> Result<(), PositionError> {
    g.setup_next = (3 + g.board.lotus_spaces().len()) as u8;
    let arrived = g.arrived as usize;
    if arrived > GOAL_SPOTS {
        return Err(err(
            "frogs",
            format!("{arrived} frogs in the goal; the game ends with the 4th"),
        ));
    }
    for i in 0..GOAL_SPOTS {
        if (i < arrived) != g.spots[i].is_none() {
            return Err(err(
                "spots",
                format!(
                    "{arrived} frogs in the goal took spots 1-{arrived}; the others still hold their flower (spot {})",
                    i + 1
                ),
            ));
        }
    }
    if arrived == GOAL_SPOTS {
        g.phase = Phase::Over;
        if g.pending != Pending::None {
            return Err(err("ask", "the game is over: no decision is pending"));
        }
    }
    let moved = g.moves_made();
    let turn_open = g.pending != Pending::None || g.phase == Phase::Over;
    if moved >= MOVES_PER_TURN && !turn_open {
        return Err(err(
            "moved",
            "three frogs moved: the turn has passed to the next seat",
        ));
    }
    if moved > MOVES_PER_TURN {
        return Err(err("moved", "a turn moves three frogs"));
    }
    if moved == MOVES_PER_TURN && !g.foreign_moved() {
        return Err(err(
            "moved",
            "at least one of the three frogs belongs to another player",
        ));
    }
    match g.pending {
        Pending::None => {}
        Pending::Exchange { owner, .. } => {
            let mut options = 0;
            g.for_each_exchange(owner, |_, _, _| options += 1);
            if options < 2 {
                return Err(err(
                    "ask",
                    format!(
                        "{owner} has {options} possible exchange(s): the game does not ask (R4, R8)"
                    ),
                ));
            }
        }
        Pending::Butterfly { owner, .. } => {
            if g.hands[owner.index()].colour_count() < 2 {
                return Err(err(
                    "ask",
                    format!("{owner} holds fewer than two colours: the game does not ask (R5, R8)"),
                ));
            }
        }
    }
    Ok(())
}
