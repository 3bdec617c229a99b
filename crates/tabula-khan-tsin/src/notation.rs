//! The position notation `<layout> <stacks> <seats> <to-move>` (rules file, "Notation"):
//! writing it, and reading it into a validated state with an error naming the field at fault
//! (`position`, `layout`, `stacks`, `stack 12`, `seats`, `to-move`).
//!
//! A position with all 36 tokens is in the movement phase (12 of each colour, one uppercase
//! Khan per playing colour). A position with fewer is in the placement phase (ruling R7): it
//! must be one that R3's order produces: single tokens, each colour's count and value classes
//! as the alternation (or the `all_twelve` order) gives them, no neutral token yet (2
//! players), and `<to-move>` the placer.

use crate::params::{Colour, Layout, SQUARES, Seats};
pub(crate) use crate::position_text::write_position;
use crate::stack::{MAX_HEIGHT, Stack};
use crate::state::{KhanTsin, PER_CLASS, TOKENS_PER_COLOUR};
use tabula_core::PositionError;

fn err(field: impl Into<String>, message: impl Into<String>) -> PositionError {
    PositionError::new(field, message)
}

/// Reads one square's group: tokens bottom to top, or `-`. Returns the stack and whether its
/// top is a playing colour's Khan.
fn read_stack(sq: usize, text: &str, seats: &Seats) -> Result<(Stack, bool), PositionError> {
    let field = format!("stack {}", sq + 1);
    if text == "-" {
        return Ok((Stack::EMPTY, false));
    }
    if text.is_empty() {
        return Err(err(field, "no tokens: write `-` for an empty square"));
    }
    let n = text.chars().count();
    if n > MAX_HEIGHT {
        return Err(err(field, format!("{n} tokens: a stack holds at most 9")));
    }
    let mut stack = Stack::EMPTY;
    let mut khan = false;
    for (i, ch) in text.chars().enumerate() {
        let colour = Colour::from_letter(ch.to_ascii_lowercase()).ok_or_else(|| {
            err(
                &field,
                format!("`{ch}` is not a token (w g b, or the Khans W G B)"),
            )
        })?;
        if ch.is_ascii_uppercase() {
            if seats.seat_of(colour).is_none() {
                return Err(err(
                    &field,
                    format!(
                        "`{ch}`: the neutral Khan is an ordinary token, written lowercase `{}`",
                        colour.letter()
                    ),
                ));
            }
            if i + 1 != n {
                return Err(err(
                    &field,
                    format!("the Khan `{ch}` is covered: a Khan is never covered"),
                ));
            }
            khan = true;
        }
        stack = stack.with_on_top(Stack::single(colour));
    }
    let counts = stack.counts();
    if let Some(c) = Colour::ALL.into_iter().find(|&c| counts.get(c) > 3) {
        return Err(err(
            field,
            format!(
                "{} {} tokens: at most 3 of a colour",
                counts.get(c),
                c.name()
            ),
        ));
    }
    Ok((stack, khan))
}

/// Reads and validates a position; `max_plies` and the placement order (`all_twelve`, R3's
/// variant) come from the parameters.
pub(crate) fn read_position(
    text: &str,
    max_plies: Option<u32>,
    all_twelve: bool,
) -> Result<KhanTsin, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 4 {
        return Err(err(
            "position",
            format!(
                "{} fields; expected 4: `<layout> <stacks> <seats> <to-move>`",
                fields.len()
            ),
        ));
    }
    let layout = Layout::parse(fields[0]).map_err(|m| err("layout", m))?;
    let seats = Seats::parse(fields[2]).ok_or_else(|| {
        err(
            "seats",
            format!(
                "`{}` is not wg, wb, gb or wgb (the playing colours, lightest first)",
                fields[2]
            ),
        )
    })?;
    let to_move_colour = match fields[3] {
        "w" => Colour::White,
        "g" => Colour::Green,
        "b" => Colour::Blue,
        other => {
            return Err(err(
                "to-move",
                format!("`{other}` is not a colour letter w, g or b"),
            ));
        }
    };
    let to_move = seats.seat_of(to_move_colour).ok_or_else(|| {
        err(
            "to-move",
            format!(
                "{} is the neutral colour, not a player",
                to_move_colour.name()
            ),
        )
    })?;
    let groups: Vec<&str> = fields[1].split('/').collect();
    if groups.len() != SQUARES {
        return Err(err(
            "stacks",
            format!("{} squares; needs 36 groups joined by `/`", groups.len()),
        ));
    }
    let mut stacks = [Stack::EMPTY; SQUARES];
    let mut khans = 0u64;
    for (sq, g) in groups.iter().enumerate() {
        let (stack, khan) = read_stack(sq, g, &seats)?;
        stacks[sq] = stack;
        if khan {
            khans |= 1 << sq;
        }
    }
    check_totals(&layout, &seats, &stacks, khans, to_move, all_twelve)?;
    let mut winners = (0..SQUARES).filter(|&sq| khans & (1 << sq) != 0 && stacks[sq].height() == 9);
    if let (Some(_), Some(second)) = (winners.next(), winners.next()) {
        return Err(err(
            format!("stack {}", second + 1),
            "a second 9-stack topped by a Khan: the game ended with the first",
        ));
    }
    Ok(KhanTsin::from_board(
        layout,
        seats,
        stacks,
        khans,
        to_move as u8,
        max_plies,
        all_twelve,
    ))
}

/// Token counts and Khans per colour; the placement phase's order (R3, R7).
fn check_totals(
    layout: &Layout,
    seats: &Seats,
    stacks: &[Stack; SQUARES],
    khans: u64,
    to_move: usize,
    all_twelve: bool,
) -> Result<(), PositionError> {
    let mut count = [0usize; 3];
    let mut khan_count = [0usize; 3];
    for (sq, s) in stacks.iter().enumerate() {
        for c in s.colours() {
            count[c.index()] += 1;
        }
        if khans & (1 << sq) != 0
            && let Some(top) = s.top()
        {
            khan_count[top.index()] += 1;
        }
    }
    for c in Colour::ALL {
        if count[c.index()] > TOKENS_PER_COLOUR {
            return Err(err(
                "stacks",
                format!(
                    "{} {} tokens; each colour has 12",
                    count[c.index()],
                    c.name()
                ),
            ));
        }
        if khan_count[c.index()] > 1 {
            return Err(err("stacks", format!("{} has 2 Khans or more", c.name())));
        }
    }
    let total: usize = count.iter().sum();
    if total == 3 * TOKENS_PER_COLOUR {
        if let Some(&c) = seats.playing().iter().find(|c| khan_count[c.index()] != 1) {
            return Err(err(
                "stacks",
                format!(
                    "{} has no Khan (`{}`) on top of a stack",
                    c.name(),
                    c.khan_letter()
                ),
            ));
        }
        return Ok(());
    }
    // The placement phase.
    let players = seats.len();
    if let Some(n) = seats.neutral()
        && count[n.index()] > 0
    {
        return Err(err(
            "stacks",
            format!(
                "{total} tokens: the neutral ({}) tokens fill the squares left only after the \
                 players' 24 placements, and then all 36 tokens are on the board",
                n.name()
            ),
        ));
    }
    if total >= TOKENS_PER_COLOUR * players {
        return Err(err(
            "stacks",
            format!("{total} tokens: a position holds all 36 once the setup is over"),
        ));
    }
    if let Some(sq) = (0..SQUARES).find(|&sq| stacks[sq].height() > 1) {
        return Err(err(
            format!("stack {}", sq + 1),
            format!(
                "{total} tokens on the board, so the setup is going on, and setup places one \
                 token per empty square"
            ),
        ));
    }
    for (seat, &c) in seats.playing().iter().enumerate() {
        let expected = if all_twelve {
            total
                .saturating_sub(TOKENS_PER_COLOUR * seat)
                .min(TOKENS_PER_COLOUR)
        } else {
            (total + players - 1 - seat) / players
        };
        let order = if all_twelve {
            "each colour its 12 in turn, lightest first"
        } else {
            "one at a time, lightest colour first"
        };
        let have = count[c.index()];
        if have != expected {
            return Err(err(
                "stacks",
                format!(
                    "setup: after {total} placements ({order}) {} has placed {expected} tokens, \
                     not {have}",
                    c.name()
                ),
            ));
        }
        if have == TOKENS_PER_COLOUR && khan_count[c.index()] != 1 {
            return Err(err(
                "stacks",
                format!("{} placed 12 tokens without its Khan", c.name()),
            ));
        }
        let mut by_value = [0usize; 3];
        for sq in 0..SQUARES {
            if stacks[sq].top() == Some(c) {
                by_value[layout.value(sq) as usize - 1] += 1;
            }
        }
        let triple = have.min(PER_CLASS);
        let double = have.saturating_sub(PER_CLASS).min(PER_CLASS);
        let single = have.saturating_sub(2 * PER_CLASS);
        if by_value != [single, double, triple] {
            return Err(err(
                "stacks",
                format!(
                    "setup: {} has tokens on {} triple, {} double and {} single squares; R3 \
                     places 4 on triples, then 4 on doubles, then 4 on singles, so {triple}, \
                     {double} and {single}",
                    c.name(),
                    by_value[2],
                    by_value[1],
                    by_value[0]
                ),
            ));
        }
    }
    let placer = if all_twelve {
        total / TOKENS_PER_COLOUR
    } else {
        total % players
    };
    if to_move != placer {
        return Err(err(
            "to-move",
            format!(
                "setup: after {total} placements it is {}'s turn to place",
                seats.colour(placer).name()
            ),
        ));
    }
    Ok(())
}
