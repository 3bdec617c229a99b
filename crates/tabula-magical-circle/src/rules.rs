//! Legality, checked rule by rule ([`validate`]), independently of the move generator
//! (`movegen.rs`): the test harness compares the two.

use crate::actions::{Action, actor_name};
use crate::state::{MagicalCircle, Phase};
use tabula_core::{ActionError, Actor, Seat};

fn illegal(msg: impl Into<String>) -> ActionError {
    ActionError::Illegal(msg.into())
}

/// Whether `actor` may perform `action` now, with the rule that forbids it.
pub(crate) fn validate(g: &MagicalCircle, actor: Actor, action: Action) -> Result<(), ActionError> {
    if matches!(g.phase, Phase::Won | Phase::Limit) {
        return Err(ActionError::GameOver);
    }
    match action {
        Action::Setup(_) | Action::Reveal(_) => validate_chance(g, actor, action),
        Action::Timeout => {
            if actor != Actor::Host {
                return Err(ActionError::HostOnly);
            }
            if !g.phase.is_attempt() {
                return Err(illegal(
                    "no attempt is running: the hourglass is not turning (rule 5)",
                ));
            }
            Ok(())
        }
        Action::Claim(seat) | Action::Vote(seat) => validate_race(g, actor, action, seat),
        Action::Play(_) | Action::Swap(_) => validate_attempt(g, actor, action),
    }
}

fn validate_chance(g: &MagicalCircle, actor: Actor, action: Action) -> Result<(), ActionError> {
    if actor != Actor::Chance {
        return Err(illegal(format!(
            "{} cannot do that: only chance places the tokens and reveals cards",
            actor_name(actor)
        )));
    }
    match action {
        Action::Setup(_) if g.phase != Phase::Setup => {
            Err(illegal("the tokens are already placed"))
        }
        Action::Reveal(_) if g.phase != Phase::Reveal => {
            Err(illegal("no card is being revealed now"))
        }
        Action::Reveal(card) => {
            if card.0 as usize >= g.cfg.deck.len() {
                return Err(illegal(format!(
                    "card number {} is not in the deck",
                    card.0
                )));
            }
            let name = g.cfg.deck.arrangement(card);
            if g.top.contains(card) {
                Ok(())
            } else if g.under.contains(card) {
                Err(illegal(format!(
                    "{name} lies in the reshuffled discards under the pile: the cards above \
                     are drawn first (rule 9)"
                )))
            } else {
                Err(illegal(format!("{name} is not in the draw pile")))
            }
        }
        _ => Ok(()),
    }
}

fn seat_actor(actor: Actor, what: &str) -> Result<Seat, ActionError> {
    match actor {
        Actor::Seat(s) => Ok(s),
        Actor::Host => Err(illegal(format!(
            "the host may only send timeout, not {what}"
        ))),
        Actor::Chance => Err(illegal(format!("chance cannot {what}"))),
    }
}

fn validate_race(
    g: &MagicalCircle,
    actor: Actor,
    action: Action,
    seat: Seat,
) -> Result<(), ActionError> {
    let word = if matches!(action, Action::Claim(_)) {
        "claim"
    } else {
        "vote"
    };
    let by = seat_actor(actor, word)?;
    if by != seat {
        return Err(illegal(format!("{by} cannot {word} for {seat}")));
    }
    if seat.index() >= g.cfg.players as usize {
        return Err(illegal(format!("there is no {seat} in this game")));
    }
    match g.phase {
        Phase::Setup | Phase::Reveal => return Err(ActionError::ChancePending),
        Phase::Play | Phase::Swap => {
            return Err(illegal(format!(
                "{} holds the hourglass: the race is over (rule 2)",
                g.active
            )));
        }
        _ => {}
    }
    if g.excluded.contains(seat) {
        return Err(illegal(format!(
            "{seat} failed an attempt and is excluded until another player wins a card (rule 7)"
        )));
    }
    if word == "vote" && g.voted.contains(seat) {
        return Err(illegal(format!("{seat} has already voted (D11)")));
    }
    Ok(())
}

fn validate_attempt(g: &MagicalCircle, actor: Actor, action: Action) -> Result<(), ActionError> {
    let what = if matches!(action, Action::Play(_)) {
        "play swap cards"
    } else {
        "swap tokens"
    };
    let by = seat_actor(actor, what)?;
    match g.phase {
        Phase::Setup | Phase::Reveal => return Err(ActionError::ChancePending),
        Phase::Race => {
            return Err(illegal(format!(
                "nobody holds the hourglass: claim it before you {what} (rule 2)"
            )));
        }
        _ => {}
    }
    if by != g.active {
        return Err(ActionError::NotYourTurn(by));
    }
    match action {
        Action::Play(cards) => {
            if g.phase != Phase::Play {
                return Err(illegal(format!(
                    "swap cards {} are already played: now make the swaps (rule 3)",
                    g.played
                )));
            }
            if cards.is_empty() || cards.len() > 2 {
                return Err(illegal(format!(
                    "play:{cards}: play 1 or 2 swap cards (rule 3)"
                )));
            }
            let hand = g.hands[by.index()];
            if !cards.is_subset_of(hand) {
                return Err(illegal(format!(
                    "play:{cards}: {by} holds {hand}, not {}",
                    cards.minus(hand)
                )));
            }
            Ok(())
        }
        Action::Swap(pair) => {
            if g.phase != Phase::Swap {
                return Err(illegal("play 1 or 2 swap cards before swapping (rule 3)"));
            }
            if g.last == Some(pair) {
                return Err(illegal(format!(
                    "swap:{pair} again: the same pair may not be swapped twice in a row (rule 4)"
                )));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
