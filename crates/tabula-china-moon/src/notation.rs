//! The position notation: one line of nine fields separated by spaces,
//!
//! ```text
//! <board> <frogs> <flowers> <hands> <spots> <out> <turn> <moved> <ask>
//! std S,S,S/S,S,S/S,S,S 2y,5p,8w,11y,15w,18p,21y,24p,27w,31y,34p,36w,38k -/-/- pwyu - 1 - -
//! ```
//!
//! - `board`: `std`, or `b:` and the board's 8-hex-digit fingerprint (`b:a8abc4ba`);
//! - `frogs`: per seat (seat 1 first, `/` between seats) its three frogs' spaces, `,`-separated,
//!   start `S` first, goal `G` last;
//! - `flowers`: the flowers on the track as `<space><colour>`, `,`-separated, or `-`; a space
//!   holding several flowers (R5's variant `butterfly_drop = skip_frogs_only` only) is written
//!   once per flower, in notation order (`18y,18y,18w`);
//! - `hands`: per seat the flowers in hand (`yyp`, or `-`), `/` between seats;
//! - `spots`: goal spots 1–4, a colour or `-` (not laid out yet, or taken);
//! - `out`: flowers that left the game (R6), or `-`;
//! - `turn`: the seat to move (1-based), or `setup` while flowers are laid out;
//! - `moved`: the frogs moved so far this turn as `<seat>@<space>`, or `-`;
//! - `ask`: the owner's decision pending: `x<seat>@<space>` (stupid frog), `b<seat>@<space>`
//!   (butterfly), or `-`.
//!
//! Colours: `y` yellow, `p` pink, `w` white, `k` black, `u` blue. Reading checks everything a
//! playable position needs, naming the faulty field.

use crate::board::{START, SpaceKind};
use crate::flower::{Flower, Flowers};
pub(crate) use crate::position_text::write_position;
use crate::state::{ChinaMoon, FROGS_PER_PLAYER, GOAL_SPOTS, Pending, Phase, bit, frog_bit};
use std::sync::Arc;
use tabula_core::{PositionError, Seat};

fn err(field: &str, message: impl Into<String>) -> PositionError {
    PositionError::new(field, message)
}

const FIELDS: &str = "board frogs flowers hands spots out turn moved ask";

/// The rule variants of the parameters, which a position does not write but its reading
/// depends on.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Variants {
    /// `butterfly_pickup = leave` (R11's variant): flowers may lie under a frog on a
    /// butterfly space.
    pub(crate) leave_on_butterfly: bool,
    /// `butterfly_drop = skip_frogs_only` (R5's variant): flowers may stack on a space.
    pub(crate) drop_on_flowers: bool,
}

/// Reads a position on `board` for `players` players (see the module docs), under the
/// parameters' rule `variants`.
pub(crate) fn read_position(
    board: &Arc<crate::Board>,
    players: usize,
    text: &str,
    variants: Variants,
) -> Result<ChinaMoon, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 9 {
        return Err(err(
            "position",
            format!("expected 9 fields ({FIELDS}), found {}", fields.len()),
        ));
    }
    if fields[0] != board.reference() {
        return Err(err(
            "board",
            format!(
                "the position is for board `{}` but the game's board is `{}`",
                fields[0],
                board.reference()
            ),
        ));
    }
    let mut g = ChinaMoon::before_setup(board.clone(), players);
    g.leave_on_butterfly = variants.leave_on_butterfly;
    g.drop_on_flowers = variants.drop_on_flowers;
    g.track = [0; 5];
    g.spots = [None; GOAL_SPOTS];
    read_frogs(&mut g, fields[1])?;
    read_flowers(&mut g, fields[2])?;
    let hands: Vec<&str> = fields[3].split('/').collect();
    if hands.len() != players {
        return Err(err(
            "hands",
            format!("{} hands for {players} players", hands.len()),
        ));
    }
    for (i, h) in hands.iter().enumerate() {
        g.hands[i] =
            Flowers::from_letters(h).map_err(|m| err("hands", format!("seat {}: {m}", i + 1)))?;
    }
    read_spots(&mut g, fields[4])?;
    g.out = Flowers::from_letters(fields[5]).map_err(|m| err("out", m))?;
    match fields[6] {
        "setup" => g.phase = Phase::Setup,
        t => {
            g.mover = t
                .parse::<usize>()
                .ok()
                .and_then(Seat::from_number)
                .filter(|s| s.index() < players)
                .ok_or_else(|| {
                    err(
                        "turn",
                        format!("`{t}` is not `setup` or a seat from 1 to {players}"),
                    )
                })?;
            g.phase = Phase::Play;
        }
    }
    read_moved(&mut g, fields[7])?;
    read_ask(&mut g, fields[8])?;
    crate::notation_check::check_position(&mut g)?;
    Ok(g)
}

fn read_frogs(g: &mut ChinaMoon, field: &str) -> Result<(), PositionError> {
    let b = g.board.clone();
    let seats: Vec<&str> = field.split('/').collect();
    if seats.len() != g.players() {
        return Err(err(
            "frogs",
            format!("{} seats given for {} players", seats.len(), g.players()),
        ));
    }
    for (i, list) in seats.iter().enumerate() {
        let spaces: Vec<&str> = list.split(',').collect();
        if spaces.len() != FROGS_PER_PLAYER {
            return Err(err(
                "frogs",
                format!("seat {} has {} frogs; each seat has 3", i + 1, spaces.len()),
            ));
        }
        for (k, s) in spaces.iter().enumerate() {
            let p = b.parse_space(s).ok_or_else(|| {
                err(
                    "frogs",
                    format!("seat {}: `{s}` is not a space of the board", i + 1),
                )
            })?;
            if p != START && p != b.goal() {
                if g.occupied & bit(p) != 0 {
                    return Err(err("frogs", format!("two frogs on space {s}")));
                }
                g.occupied |= bit(p);
            }
            if p == b.goal() {
                g.arrived += 1;
            }
            g.frogs[i][k] = p;
        }
    }
    Ok(())
}

fn read_flowers(g: &mut ChinaMoon, field: &str) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    let b = g.board.clone();
    for item in field.split(',') {
        let mut chars = item.chars();
        let letter = chars.next_back();
        let place = chars.as_str();
        let f = letter
            .and_then(Flower::from_letter)
            .ok_or_else(|| err("flowers", format!("`{item}` is not <space><colour>")))?;
        let s = b
            .parse_space(place)
            .ok_or_else(|| err("flowers", format!("`{place}` is not a space of the board")))?;
        if s == START || s == b.goal() {
            return Err(err("flowers", format!("no flower lies on {place}")));
        }
        if g.has_flower(s) && !g.drop_on_flowers {
            return Err(err(
                "flowers",
                format!(
                    "two flowers on space {place}: a space holds one flower unless \
                     butterfly_drop = skip_frogs_only (R5's variant)"
                ),
            ));
        }
        if g.is_occupied(s) && !(g.leave_on_butterfly && b.kind(s) == SpaceKind::Butterfly) {
            return Err(err(
                "flowers",
                format!("space {place} holds a frog: it would have taken the flower"),
            ));
        }
        if g.track[f.index()] & bit(s) == 0 {
            g.track[f.index()] |= bit(s);
        } else if g.track_flowers().count(f) < f.total() {
            g.stacks.push(s, f);
        } else {
            // Checked before stacking: the stacks hold at most what the game has.
            return Err(err(
                "flowers",
                format!(
                    "more {} flowers on the track than the game's {}",
                    f.name(),
                    f.total()
                ),
            ));
        }
    }
    Ok(())
}

fn read_spots(g: &mut ChinaMoon, field: &str) -> Result<(), PositionError> {
    let chars: Vec<char> = field.chars().collect();
    if chars.len() != GOAL_SPOTS {
        return Err(err("spots", "four goal spots: a colour or `-` each"));
    }
    for (i, &c) in chars.iter().enumerate() {
        if c == '-' {
            continue;
        }
        let f =
            Flower::from_letter(c).ok_or_else(|| err("spots", format!("`{c}` is not a flower")))?;
        let fits = if i == GOAL_SPOTS - 1 {
            f == Flower::Blue
        } else {
            Flower::COMMON.contains(&f) && !g.spots.contains(&Some(f))
        };
        if !fits {
            return Err(err(
                "spots",
                format!(
                    "goal spots 1-3 hold one yellow, one pink and one white, spot 4 the blue; not `{c}` on spot {}",
                    i + 1
                ),
            ));
        }
        g.spots[i] = Some(f);
    }
    Ok(())
}

fn read_moved(g: &mut ChinaMoon, field: &str) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    for item in field.split(',') {
        let (seat, space) = read_frog_ref(g, "moved", item)?;
        if space == START {
            return Err(err(
                "moved",
                format!("`{item}`: a frog that moved is not on the start"),
            ));
        }
        let slot = (0..FROGS_PER_PLAYER)
            .find(|&i| g.frogs[seat.index()][i] == space && g.moved & frog_bit(seat, i) == 0);
        match slot {
            Some(i) => g.moved |= frog_bit(seat, i),
            None => {
                return Err(err(
                    "moved",
                    format!("`{item}`: {seat} has no (other) frog there"),
                ));
            }
        }
    }
    Ok(())
}

fn read_frog_ref(g: &ChinaMoon, field: &str, item: &str) -> Result<(Seat, u8), PositionError> {
    let (seat, space) = item
        .split_once('@')
        .ok_or_else(|| err(field, format!("`{item}` is not <seat>@<space>")))?;
    let seat = seat
        .parse::<usize>()
        .ok()
        .and_then(Seat::from_number)
        .filter(|s| s.index() < g.players())
        .ok_or_else(|| err(field, format!("`{seat}` is not a seat")))?;
    let space = g
        .board
        .parse_space(space)
        .ok_or_else(|| err(field, format!("`{space}` is not a space of the board")))?;
    Ok((seat, space))
}

fn read_ask(g: &mut ChinaMoon, field: &str) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    let (kind, rest) = field.split_at(field.chars().next().map_or(0, char::len_utf8));
    let (owner, space) = read_frog_ref(g, "ask", rest)?;
    let need = match kind {
        "x" => SpaceKind::StupidFrog,
        "b" => SpaceKind::Butterfly,
        _ => {
            return Err(err(
                "ask",
                format!("`{field}` is not `-`, x<seat>@<space> or b<seat>@<space>"),
            ));
        }
    };
    if g.board.kind(space) != need {
        return Err(err(
            "ask",
            format!(
                "space {} is not a {} space",
                g.board.id(space),
                need.file_name()
            ),
        ));
    }
    let moved_there = (0..FROGS_PER_PLAYER)
        .any(|i| g.frogs[owner.index()][i] == space && g.moved & frog_bit(owner, i) != 0);
    if !moved_there {
        return Err(err(
            "ask",
            format!(
                "no frog of {owner} moved to {} this turn",
                g.board.id(space)
            ),
        ));
    }
    g.pending = match need {
        SpaceKind::StupidFrog => Pending::Exchange { owner, space },
        _ => Pending::Butterfly { owner, space },
    };
    Ok(())
}
