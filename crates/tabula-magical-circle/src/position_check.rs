//! Validation of a position read from notation: everything the rules guarantee of a reachable
//! position and the engine relies on (every swap card somewhere, D7's recall done, D9, votes
//! only in the race, three revealed cards in the race, enough cards to reveal, …). Each error
//! names the field at fault.

use crate::state::{MagicalCircle, Phase};
use tabula_core::{PositionError, Seat, SeatSet};

fn err(field: &str, message: impl Into<String>) -> PositionError {
    PositionError::new(field, message)
}

pub(crate) fn check(g: &mut MagicalCircle) -> Result<(), PositionError> {
    check_seats(g)?;
    check_phase(g)?;
    check_piles(g)
}

fn check_seats(g: &mut MagicalCircle) -> Result<(), PositionError> {
    let values = g.cfg.values;
    let target = g.cfg.target;
    let mut winners = SeatSet::EMPTY;
    for s in Seat::all(g.cfg.players as usize) {
        let i = s.index();
        let n = s.number();
        let (hand, up) = (g.hands[i], g.face_up[i]);
        let playing = if g.phase == Phase::Swap && g.active == s {
            g.played
        } else {
            crate::cards::Hand::EMPTY
        };
        for (what, set) in [("hand", hand), ("face-up cards", up), ("play", playing)] {
            if !set.is_subset_of(values) {
                let field = if what == "play" { "play" } else { "seats" };
                return Err(err(
                    field,
                    format!(
                        "seat {n}: {what} {set}: {} not among this game's swap cards {values} (D4)",
                        set.minus(values)
                    ),
                ));
            }
        }
        if hand.intersects(up) || hand.intersects(playing) || up.intersects(playing) {
            return Err(err(
                "seats",
                format!("seat {n}: a swap card is in two places"),
            ));
        }
        let all = hand.union(up).union(playing);
        if all != values {
            return Err(err(
                "seats",
                format!(
                    "seat {n}: swap cards missing: {} (every seat owns {values})",
                    values.minus(all)
                ),
            ));
        }
        if hand.union(playing).len() <= 1 && !up.is_empty() {
            return Err(err(
                "seats",
                format!(
                    "seat {n} holds {} swap card(s) with {up} face up: D7 takes them back",
                    hand.union(playing).len()
                ),
            ));
        }
        if g.won_len[i] >= target {
            winners.insert(s);
        }
    }
    if g.phase == Phase::Won {
        let Some(winner) = winners.iter().next().filter(|_| winners.len() == 1) else {
            return Err(err(
                "seats",
                format!("phase won needs exactly one seat holding {target} magic cards (D6)"),
            ));
        };
        g.active = winner;
    } else if let Some(w) = winners.iter().next() {
        return Err(err(
            "seats",
            format!(
                "seat {} holds {target} magic cards, the target (D6): the phase must be won",
                w.number()
            ),
        ));
    }
    Ok(())
}

fn check_phase(g: &MagicalCircle) -> Result<(), PositionError> {
    let all = SeatSet::all(g.cfg.players as usize);
    if g.excluded == all {
        return Err(err(
            "excluded",
            "every seat is excluded: exclusions end then (D9)",
        ));
    }
    let n = g.n_revealed;
    let needed = match g.phase {
        Phase::Setup | Phase::Won => Some((0, "none")),
        Phase::Race | Phase::Play | Phase::Swap => Some((3, "3")),
        Phase::Reveal | Phase::Limit => None,
    };
    if let Some((count, words)) = needed
        && n != count
    {
        return Err(err(
            "revealed",
            format!("{n} cards; phase {} has {words}", g.phase.name()),
        ));
    }
    if g.phase == Phase::Reveal && n >= 3 {
        return Err(err("revealed", "3 cards already: the phase is race"));
    }
    if !g.voted.is_empty() {
        if g.phase != Phase::Race {
            return Err(err("voted", "votes are only kept during the race (D11)"));
        }
        if g.voted.bits() & g.excluded.bits() != 0 {
            return Err(err("voted", "an excluded seat cannot vote"));
        }
        if g.voted == g.racers() {
            return Err(err(
                "voted",
                "every seat that is not excluded has voted: the round would have passed (D10)",
            ));
        }
    }
    if g.phase == Phase::Won && !g.excluded.is_empty() {
        return Err(err(
            "excluded",
            "a card was just won: exclusions have ended (rule 7)",
        ));
    }
    if g.phase.is_attempt() && g.excluded.contains(g.active) {
        return Err(err(
            "active",
            "an excluded seat cannot hold the hourglass (rule 7)",
        ));
    }
    if g.phase == Phase::Swap {
        let k = g.played.sum();
        if g.played.is_empty() || g.played.len() > 2 {
            return Err(err("play", "1 or 2 swap cards are played (rule 3)"));
        }
        if g.done >= k {
            return Err(err(
                "done",
                format!("{} swaps of {k}: the attempt ends at the k-th swap", g.done),
            ));
        }
        if (g.done == 0) != g.last.is_none() {
            return Err(err("last", "`-` exactly when no swap has been made"));
        }
    }
    Ok(())
}

fn check_piles(g: &MagicalCircle) -> Result<(), PositionError> {
    match g.phase {
        Phase::Limit => Ok(()),
        Phase::Reveal => {
            let left = g.top.len() + g.under.len();
            let wanted = 3 - g.n_revealed as usize;
            if left < wanted {
                return Err(err(
                    "under",
                    format!("the draw pile holds {left} cards, too few to reveal {wanted} more"),
                ));
            }
            if !g.under.is_empty() && (g.top.is_empty() || !g.discard.is_empty()) {
                return Err(err(
                    "under",
                    "cards lie under the pile only after a reshuffle, which empties the \
                     discard pile and leaves cards above them",
                ));
            }
            Ok(())
        }
        _ if !g.under.is_empty() => Err(err(
            "under",
            "cards lie under the pile only while the cards above them are revealed",
        )),
        _ => Ok(()),
    }
}
