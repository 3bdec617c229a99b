//! The position notation `<lines> <seats> <to-move> <wands> <last-swap>` (see the rules file)
//! and the validity checks of a position read from it. Every error names its field: `position`
//! (the number of fields), `lines`, `line c`, `seats`, `to-move`, `wands` or `last-swap`.
//!
//! A position with fewer than 18 pawns is a setup position (R12): the missing pawns are in
//! hand, and it must be one the placement schedule reaches (see [`crate::setup`]).

use crate::board::{LINES, Line, colour_counts, height, line_letter, pawn_bits, push};
use crate::params::{Params, Seats};
use crate::pawn::{Colour, FULL_SET, Kind, pawn};
pub(crate) use crate::position_text::format_position;
use crate::setup::check_setup_board;
use crate::state::{ALL_PAWNS, Status, Toumai};
use tabula_core::{PlyLimit, PositionError, RepetitionHistory};

/// Reads and validates a position. The position's `<seats>` decide the players and colours;
/// `params` gives the ply limit.
pub(crate) fn parse_position(params: &Params, text: &str) -> Result<Toumai, PositionError> {
    let fields: Vec<&str> = text.trim().split(' ').collect();
    if fields.len() != 5 || fields.iter().any(|f| f.is_empty()) {
        return Err(PositionError::new(
            "position",
            format!(
                "expected 5 fields separated by single spaces (`<lines> <seats> <to-move> \
                 <wands> <last-swap>`), found {}",
                fields.iter().filter(|f| !f.is_empty()).count()
            ),
        ));
    }
    let variant = params
        .variant()
        .map_err(|e| PositionError::new("params", e.to_string()))?;
    let seats = parse_seats(fields[1])?;
    let lines = parse_lines(fields[0], &seats)?;
    let mut game = Toumai {
        lines,
        seats,
        variant,
        to_move: 0,
        wands: [0; 3],
        last_swap: 0,
        on_board: lines.iter().map(|&l| height(l) as u8).sum(),
        status: Status::Playing,
        limit: PlyLimit::new(params.max_plies),
        history: RepetitionHistory::new(),
    };
    check_pawn_set(&game)?;
    game.to_move = parse_to_move(fields[2], &seats)?;
    game.wands = parse_wands(fields[3], &seats)?;
    game.last_swap = parse_last_swap(fields[4], &seats)?;
    if game.on_board < ALL_PAWNS {
        let placer = check_setup_board(&game)?;
        if game.to_move != placer {
            return Err(PositionError::new(
                "to-move",
                format!(
                    "{} pawns are on the board, so it is {}'s turn to place, not {}'s",
                    game.on_board,
                    seats.colour_of(placer).name(),
                    seats.colour_of(game.to_move).name()
                ),
            ));
        }
        if game.wands.iter().any(|&w| w > 0) {
            return Err(PositionError::new(
                "wands",
                "nobody holds a wand during setup",
            ));
        }
        if game.last_swap != 0 {
            return Err(PositionError::new(
                "last-swap",
                "nobody swaps during setup: write `-`",
            ));
        }
    }
    // R14: the history starts with the position read (its past is unknown).
    game.record_position(true);
    game.update_status();
    Ok(game)
}

fn parse_seats(text: &str) -> Result<Seats, PositionError> {
    let err = |m: String| PositionError::new("seats", m);
    let mut colours = Vec::new();
    for c in text.chars() {
        let colour = Colour::from_letter(c)
            .ok_or_else(|| err(format!("`{c}` is not a colour (Y, R or B)")))?;
        colours.push(colour.index() as u8);
    }
    if !(2..=3).contains(&colours.len()) {
        return Err(err(format!(
            "`{text}`: 2 or 3 playing colours, e.g. `YR` or `YRB`"
        )));
    }
    if colours.windows(2).any(|w| w[0] >= w[1]) {
        return Err(err(format!(
            "`{text}`: list each colour once, in turn order (lightest first: Y, R, B)"
        )));
    }
    Ok(Seats::from_colours(&colours))
}

fn parse_lines(text: &str, seats: &Seats) -> Result<[Line; LINES], PositionError> {
    let groups: Vec<&str> = text.split('/').collect();
    if groups.len() != LINES {
        return Err(PositionError::new(
            "lines",
            format!(
                "{} groups: expected 9 (lines a to i) joined by `/`",
                groups.len()
            ),
        ));
    }
    let mut lines = [0; LINES];
    for (i, group) in groups.iter().enumerate() {
        let field = format!("line {}", line_letter(i));
        let err = |m: String| PositionError::new(field.clone(), m);
        if *group == "-" {
            continue;
        }
        if group.is_empty() {
            return Err(err("empty group: write `-` for an empty line".into()));
        }
        let chars: Vec<char> = group.chars().collect();
        if !chars.len().is_multiple_of(2) {
            return Err(err(format!(
                "`{group}`: a pawn is a colour and a kind (`Y1`, `RM`, `BN`)"
            )));
        }
        let n = chars.len() / 2;
        if n > 6 {
            return Err(err(format!("{n} pawns: a line holds at most 6")));
        }
        let mut line = 0;
        for pair in chars.chunks(2) {
            let (c, k) = (pair[0], pair[1]);
            let code = format!("{c}{k}");
            let colour = Colour::from_letter(c)
                .ok_or_else(|| err(format!("`{code}`: `{c}` is not a colour (Y, R or B)")))?;
            let ci = colour.index() as u8;
            let neutral = seats.is_neutral(ci);
            let p = match (k, neutral) {
                ('N', true) => pawn(ci, 0),
                ('N', false) => {
                    return Err(err(format!(
                        "`{code}`: {} plays in this game, so its pawns are face up (only the \
                         neutral colour's pawns are written `N`)",
                        colour.name()
                    )));
                }
                (_, true) => {
                    return Err(err(format!(
                        "`{code}`: {} is the neutral colour, whose pawns lie face down: write \
                         `{c}N`",
                        colour.name()
                    )));
                }
                (_, false) => {
                    let kind = Kind::from_letter(k).ok_or_else(|| {
                        err(format!("`{code}`: `{k}` is not a kind (1, 2, 3, M or N)"))
                    })?;
                    pawn(ci, kind.index() as u8)
                }
            };
            line = push(line, p);
        }
        let counts = colour_counts(pawn_bits(line), height(line));
        for colour in Colour::ALL {
            if counts[colour.index()] > 2 {
                return Err(err(format!(
                    "{} {} pawns: a line holds at most 2 of a colour",
                    counts[colour.index()],
                    colour.name()
                )));
            }
        }
        lines[i] = line;
    }
    Ok(lines)
}

/// Each playing colour has at most (in play: exactly) two 1s, two 2s, one 3 and one
/// magician; the neutral colour at most (in play: exactly) 6 face-down pawns.
fn check_pawn_set(g: &Toumai) -> Result<(), PositionError> {
    let counts = g.kind_counts();
    let complete = g.on_board == ALL_PAWNS;
    for colour in Colour::ALL {
        let c = colour.index();
        let neutral = g.seats.is_neutral(c as u8);
        let total: u8 = counts[c].iter().sum();
        if neutral {
            if total > 6 || (complete && total != 6) {
                return Err(PositionError::new(
                    "lines",
                    format!(
                        "{total} neutral pawns ({}N): the neutral colour has 6",
                        colour.letter()
                    ),
                ));
            }
            continue;
        }
        for kind in Kind::ALL {
            let have = counts[c][kind.index()];
            let full = FULL_SET[kind.index()];
            if have > full || (complete && have != full) {
                return Err(PositionError::new(
                    "lines",
                    format!(
                        "{} has {have} pawn(s) `{}{}` on the board, but a colour has {full}",
                        colour.name(),
                        colour.letter(),
                        kind.letter()
                    ),
                ));
            }
        }
    }
    if g.on_board > ALL_PAWNS {
        return Err(PositionError::new(
            "lines",
            format!("{} pawns: the game has 18", g.on_board),
        ));
    }
    Ok(())
}

fn parse_to_move(text: &str, seats: &Seats) -> Result<u8, PositionError> {
    let err = |m: String| PositionError::new("to-move", m);
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(err(format!("`{text}`: one colour letter (Y, R or B)")));
    };
    let colour =
        Colour::from_letter(c).ok_or_else(|| err(format!("`{c}` is not a colour (Y, R or B)")))?;
    let seat = seats.seat[colour.index()];
    if seat >= seats.n {
        return Err(err(format!(
            "{} does not play in this game (seats `{}`)",
            colour.name(),
            seats.letters()
        )));
    }
    Ok(seat)
}

fn parse_wands(text: &str, seats: &Seats) -> Result<[u8; 3], PositionError> {
    let err = |m: String| PositionError::new("wands", m);
    let digits: Vec<char> = text.chars().collect();
    if digits.len() != seats.n as usize {
        return Err(err(format!(
            "`{text}`: one digit per seat ({} seats)",
            seats.n
        )));
    }
    let mut wands = [0; 3];
    for (i, &d) in digits.iter().enumerate() {
        match d {
            '0'..='3' => wands[i] = d as u8 - b'0',
            _ => {
                return Err(err(format!(
                    "`{d}` for {}: a seat holds 0 to 3 wands",
                    seats.colour_of(i as u8).name()
                )));
            }
        }
    }
    if wands.iter().filter(|&&w| w == 3).count() > 1 {
        return Err(err(format!(
            "`{text}`: at most one seat holds 3 wands (the first to 3 wins at once)"
        )));
    }
    Ok(wands)
}

fn parse_last_swap(text: &str, seats: &Seats) -> Result<u8, PositionError> {
    if text == "-" {
        return Ok(0);
    }
    let err = |m: String| PositionError::new("last-swap", m);
    let mut set = 0u8;
    let mut previous: Option<u8> = None;
    for c in text.chars() {
        let colour = Colour::from_letter(c).ok_or_else(|| err(format!("`{c}` is not a colour")))?;
        let seat = seats.seat[colour.index()];
        if seat >= seats.n {
            return Err(err(format!(
                "{} does not play in this game (seats `{}`)",
                colour.name(),
                seats.letters()
            )));
        }
        if previous.is_some_and(|p| p >= seat) {
            return Err(err(format!(
                "`{text}`: list each colour once, in seat order (`-` for none)"
            )));
        }
        previous = Some(seat);
        set |= 1 << seat;
    }
    Ok(set)
}
