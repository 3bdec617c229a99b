//! The action notation, exactly as the rules file writes it:
//!
//! - frog move `<seat>@<from>><landing>><landing>…`, every hop's landing listed, spring hops
//!   included: `2@10>14>15`, `1@S>1>2`, `3@37>39>G`;
//! - exchange `x<seat>:<give>/<take>`: `x3:p/u` gives a pink to seat 3 and takes its blue;
//! - butterfly `drop:<flower>`: `drop:y`;
//! - setup draws (chance): `G1=p` (goal spot 1 gets a pink flower), `12=y` (lotus space 12
//!   gets a yellow one).

use crate::action::{Action, FrogMove, SetupPlace};
use crate::board::{Board, MAX_LANDINGS, START};
use crate::flower::Flower;
use tabula_core::{NotationError, Seat};

pub(crate) fn format_action(board: &Board, action: Action) -> String {
    match action {
        Action::Setup { place, flower } => match place {
            SetupPlace::Spot(i) => format!("G{}={}", i + 1, flower.letter()),
            SetupPlace::Space(s) => format!("{}={}", board.id(s), flower.letter()),
        },
        Action::Move(mv) => {
            let mut s = format!("{}@{}", mv.seat.number(), board.id(mv.from));
            for &l in mv.landings() {
                s.push('>');
                s.push_str(&board.id(l).to_string());
            }
            s
        }
        Action::Exchange { with, give, take } => {
            format!("x{}:{}/{}", with.number(), give.letter(), take.letter())
        }
        Action::Drop(f) => format!("drop:{}", f.letter()),
    }
}

fn flower(text: &str, whole: &str) -> Result<Flower, NotationError> {
    let mut chars = text.chars();
    match (chars.next().and_then(Flower::from_letter), chars.next()) {
        (Some(f), None) => Ok(f),
        _ => Err(NotationError::new(
            whole,
            format!("`{text}` is not a flower (y, p, w, k, u)"),
        )),
    }
}

fn seat(text: &str, players: usize, whole: &str) -> Result<Seat, NotationError> {
    text.parse::<usize>()
        .ok()
        .and_then(Seat::from_number)
        .filter(|s| s.index() < players)
        .ok_or_else(|| {
            NotationError::new(whole, format!("`{text}` is not a seat from 1 to {players}"))
        })
}

fn space(board: &Board, text: &str, whole: &str) -> Result<u8, NotationError> {
    board.parse_space(text).ok_or_else(|| {
        NotationError::new(
            whole,
            format!("`{text}` is not a space of the board (S, G or a number)"),
        )
    })
}

pub(crate) fn parse_action(
    board: &Board,
    players: usize,
    text: &str,
) -> Result<Action, NotationError> {
    let t = text.trim();
    if let Some(f) = t.strip_prefix("drop:") {
        return Ok(Action::Drop(flower(f, text)?));
    }
    if let Some(rest) = t.strip_prefix('x') {
        let bad = || NotationError::new(text, "an exchange is x<seat>:<give>/<take>, e.g. x3:p/u");
        let (with, flowers) = rest.split_once(':').ok_or_else(bad)?;
        let (give, take) = flowers.split_once('/').ok_or_else(bad)?;
        return Ok(Action::Exchange {
            with: seat(with, players, text)?,
            give: flower(give, text)?,
            take: flower(take, text)?,
        });
    }
    if let Some((who, path)) = t.split_once('@') {
        let mut parts = path.split('>');
        let from = space(board, parts.next().unwrap_or(""), text)?;
        let mut landings = Vec::with_capacity(MAX_LANDINGS);
        for p in parts {
            if landings.len() == MAX_LANDINGS {
                return Err(NotationError::new(
                    text,
                    format!("a move lists at most {MAX_LANDINGS} landings"),
                ));
            }
            landings.push(space(board, p, text)?);
        }
        let seat = seat(who, players, text)?;
        return FrogMove::new(seat, from, &landings)
            .map(Action::Move)
            .ok_or_else(|| {
                NotationError::new(
                    text,
                    "a frog move lists its landings: <seat>@<from>><landing>>…",
                )
            });
    }
    if let Some((place, f)) = t.split_once('=') {
        let f = flower(f, text)?;
        let place = match place {
            "G1" | "G2" | "G3" => SetupPlace::Spot(place.as_bytes()[1] - b'1'),
            _ => {
                let s = space(board, place, text)?;
                if s == START || s == board.goal() {
                    return Err(NotationError::new(
                        text,
                        "a setup draw names goal spot G1-G3 or a track space",
                    ));
                }
                SetupPlace::Space(s)
            }
        };
        return Ok(Action::Setup { place, flower: f });
    }
    Err(NotationError::new(
        text,
        "not an action: a frog move (2@10>14>15), an exchange (x3:p/u), a drop (drop:y) or a setup draw (G1=p, 12=y)",
    ))
}
