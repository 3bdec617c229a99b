//! The move generator: the legal actions of each actor, the chance outcomes with their
//! probabilities, and the candidate actions (a superset) the test harness checks against
//! `validate`. No allocation: callers pass the buffers.

use crate::actions::Action;
use crate::arrangement::{ARRANGEMENTS, Arrangement, Pair};
use crate::cards::{Card, Hand};
use crate::state::{MagicalCircle, Phase};
use tabula_core::{Actor, Seat};

pub(crate) fn legal_actions_for(g: &MagicalCircle, actor: Actor, out: &mut Vec<Action>) {
    out.clear();
    match (actor, g.phase) {
        (Actor::Chance, Phase::Setup) => {
            out.extend(
                (0..ARRANGEMENTS as u16)
                    .filter_map(Arrangement::from_index)
                    .map(Action::Setup),
            );
        }
        (Actor::Chance, Phase::Reveal) => out.extend(g.top.iter().map(Action::Reveal)),
        (Actor::Host, Phase::Play | Phase::Swap) => out.push(Action::Timeout),
        (Actor::Seat(s), Phase::Race) if g.racers().contains(s) => {
            out.push(Action::Claim(s));
            if !g.voted.contains(s) {
                out.push(Action::Vote(s));
            }
        }
        (Actor::Seat(s), Phase::Play) if s == g.active => {
            out.extend(g.hands[s.index()].plays().map(Action::Play));
        }
        (Actor::Seat(s), Phase::Swap) if s == g.active => {
            out.extend(Pair::all().filter(|&p| Some(p) != g.last).map(Action::Swap));
        }
        _ => {}
    }
}

pub(crate) fn chance_outcomes(g: &MagicalCircle, out: &mut Vec<(Action, f64)>) {
    out.clear();
    match g.phase {
        Phase::Setup => {
            let p = 1.0 / ARRANGEMENTS as f64;
            out.extend(
                (0..ARRANGEMENTS as u16)
                    .filter_map(Arrangement::from_index)
                    .map(|a| (Action::Setup(a), p)),
            );
        }
        Phase::Reveal => {
            let p = 1.0 / g.top.len() as f64;
            out.extend(g.top.iter().map(|c| (Action::Reveal(c), p)));
        }
        _ => {}
    }
}

/// Every well-formed action worth checking for `actor`: all claims and votes (for every seat
/// number, one past the last included), plays of 1–3 values, every swap, timeout, reveals
/// and setups.
pub(crate) fn candidate_actions(g: &MagicalCircle, actor: Actor, out: &mut Vec<Action>) {
    out.clear();
    let seats = (g.cfg.players as usize + 1).min(tabula_core::MAX_SEATS);
    out.push(Action::Timeout);
    match actor {
        Actor::Chance => {
            out.extend(g.cfg.deck.cards().map(Action::Reveal));
            if g.phase == Phase::Setup {
                out.extend(
                    (0..ARRANGEMENTS as u16)
                        .filter_map(Arrangement::from_index)
                        .map(Action::Setup),
                );
            } else {
                out.push(Action::Setup(Arrangement::FIRST));
            }
            out.push(Action::Claim(Seat(0)));
        }
        Actor::Host => {
            out.extend([
                Action::Claim(Seat(0)),
                Action::Vote(Seat(0)),
                Action::Swap(Pair::P12),
                Action::Reveal(Card(0)),
            ]);
            out.extend(Hand::from_values(&[1]).map(Action::Play));
        }
        Actor::Seat(_) => {
            for s in 0..seats as u8 {
                out.push(Action::Claim(Seat(s)));
                out.push(Action::Vote(Seat(s)));
            }
            // Single values 1–9, then pairs and triples of the game's values.
            out.extend(
                (1..=9)
                    .filter_map(|v| Hand::from_values(&[v]))
                    .map(Action::Play),
            );
            let values: Vec<u8> = g.cfg.values.values().collect();
            for (i, &a) in values.iter().enumerate() {
                for (j, &b) in values.iter().enumerate().skip(i + 1) {
                    out.extend(Hand::from_values(&[a, b]).map(Action::Play));
                    for &c in &values[j + 1..] {
                        out.extend(Hand::from_values(&[a, b, c]).map(Action::Play));
                    }
                }
            }
            out.extend(Pair::all().map(Action::Swap));
            out.push(Action::Reveal(Card(0)));
            out.push(Action::Setup(Arrangement::FIRST));
        }
    }
}
