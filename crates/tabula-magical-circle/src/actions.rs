//! Actions and their notation.
//!
//! | notation        | action                 | by                                    |
//! |-----------------|------------------------|---------------------------------------|
//! | `setup:FWEALD`  | [`Action::Setup`]      | chance: the tokens' random arrangement |
//! | `reveal:FWELAD` | [`Action::Reveal`]     | chance: the next card, written as its arrangement |
//! | `claim`         | [`Action::Claim`]      | a seat in the race (the seat is the actor's) |
//! | `vote`          | [`Action::Vote`]       | a seat in the race (D10/D11)          |
//! | `play:12`       | [`Action::Play`]       | the active seat: 1 or 2 swap cards, any order |
//! | `swap:25`       | [`Action::Swap`]       | the active seat: places 1–6, either order (`swap:52` is `swap:25`) |
//! | `timeout`       | [`Action::Timeout`]    | the host only: the hourglass ran out  |

use crate::arrangement::{Arrangement, Pair};
use crate::cards::{Card, Deck, Hand};
use tabula_core::{Actor, NotationError, Seat};

/// One action of Magical Circle. Claims and votes carry their seat, since several seats may
/// act at once during the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Chance, at setup: the arrangement of the tokens.
    Setup(Arrangement),
    /// Chance: the next revealed card, drawn from the upper part of the draw pile.
    Reveal(Card),
    /// The seat grabs the hourglass and becomes active (rule 2).
    Claim(Seat),
    /// The seat votes that no revealed card can be reached (rule 8, D10).
    Vote(Seat),
    /// The active seat plays these 1 or 2 swap cards (rule 3).
    Play(Hand),
    /// The active seat exchanges the tokens on these two places (rule 4).
    Swap(Pair),
    /// The host: the hourglass ran out (rule 5).
    Timeout,
}

pub(crate) fn format_action(deck: Deck, action: Action) -> String {
    match action {
        Action::Setup(a) => format!("setup:{a}"),
        Action::Reveal(c) => format!("reveal:{}", deck.arrangement(c)),
        Action::Claim(_) => "claim".into(),
        Action::Vote(_) => "vote".into(),
        Action::Play(h) => format!("play:{h}"),
        Action::Swap(p) => format!("swap:{p}"),
        Action::Timeout => "timeout".into(),
    }
}

pub(crate) fn parse_action(deck: Deck, actor: Actor, text: &str) -> Result<Action, NotationError> {
    let err = |msg: String| NotationError::new(text, msg);
    let trimmed = text.trim();
    let (word, arg) = match trimmed.split_once(':') {
        Some((w, a)) => (w, Some(a)),
        None => (trimmed, None),
    };
    let no_arg = |action: Action| match arg {
        None => Ok(action),
        Some(_) => Err(err(format!("`{word}` takes no argument"))),
    };
    let need_arg = || {
        arg.filter(|a| !a.is_empty()).ok_or_else(|| {
            err(format!(
                "`{word}` needs an argument, e.g. {}",
                example(word)
            ))
        })
    };
    match word {
        "claim" | "vote" => {
            let Actor::Seat(seat) = actor else {
                return Err(err(format!(
                    "`{word}` is made by a seat; {} cannot {word}",
                    actor_name(actor)
                )));
            };
            no_arg(if word == "claim" {
                Action::Claim(seat)
            } else {
                Action::Vote(seat)
            })
        }
        "timeout" => no_arg(Action::Timeout),
        "play" => {
            let hand = Hand::parse(need_arg()?).map_err(|m| err(format!("swap cards: {m}")))?;
            if hand.is_empty() {
                return Err(err("play at least one swap card, e.g. `play:12`".into()));
            }
            Ok(Action::Play(hand))
        }
        "swap" => Ok(Action::Swap(Pair::parse(need_arg()?).map_err(err)?)),
        "setup" => Ok(Action::Setup(
            Arrangement::parse(need_arg()?).map_err(|m| err(format!("arrangement: {m}")))?,
        )),
        "reveal" => {
            let a = Arrangement::parse(need_arg()?).map_err(|m| err(format!("card: {m}")))?;
            let card = deck
                .card_of(a)
                .ok_or_else(|| err(format!("card: {a} is not a card of the deck (D3)")))?;
            Ok(Action::Reveal(card))
        }
        _ => Err(err(
            "unknown action; use claim, vote, play:<values>, swap:<p><q>, timeout, \
             setup:<arrangement> or reveal:<arrangement>"
                .into(),
        )),
    }
}

fn example(word: &str) -> &'static str {
    match word {
        "play" => "`play:12`",
        "swap" => "`swap:25`",
        _ => "`reveal:FWEALD`",
    }
}

pub(crate) fn actor_name(actor: Actor) -> String {
    match actor {
        Actor::Seat(s) => s.to_string(),
        Actor::Chance => "chance".into(),
        Actor::Host => "the host".into(),
    }
}
