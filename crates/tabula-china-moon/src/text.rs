//! The board drawn as text for terminals. When the board's coordinates are small whole
//! numbers (the standard board's are), the track is drawn where it lies, two lines per row:
//! each space shows its number and kind, then the frog (`[3]`: a frog of seat 3) or the
//! flower (`(y)`) on it (R5's variant may stack flowers: `(yw)`, or `(3)` for three or
//! more). Other boards are listed space by space. Below: forks, goal spots, each seat's
//! frogs, hand and score so far, the turn and any decision awaited.

use crate::board::{Board, START, SpaceKind};
use crate::state::{ChinaMoon, MOVES_PER_TURN, Pending, Phase};
use std::fmt::Write;
use tabula_core::Seat;

const CELL: usize = 5;
const MAX_GRID: i64 = 30;

fn symbol(kind: SpaceKind) -> char {
    match kind {
        SpaceKind::Start | SpaceKind::Goal | SpaceKind::Plain => ' ',
        SpaceKind::Lotus => '*',
        SpaceKind::BlackLotus => '#',
        SpaceKind::Spring => '^',
        SpaceKind::StupidFrog => 'x',
        SpaceKind::Butterfly => 'b',
    }
}

/// The grid cell of every space, if the coordinates make a small grid with one space a cell.
fn grid(board: &Board) -> Option<Vec<(usize, usize)>> {
    let mut cells = Vec::with_capacity(board.len());
    for s in board.spaces() {
        let (x, y) = (s.x.round(), s.y.round());
        if (s.x - x).abs() > 1e-9 || (s.y - y).abs() > 1e-9 {
            return None;
        }
        if !(0.0..=MAX_GRID as f64).contains(&x) || !(0.0..=MAX_GRID as f64).contains(&y) {
            return None;
        }
        let cell = (x as usize, y as usize);
        if cells.contains(&cell) {
            return None;
        }
        cells.push(cell);
    }
    Some(cells)
}

/// What a space's second line shows.
fn content(g: &ChinaMoon, s: u8) -> String {
    let b = &g.board;
    if s == START {
        let n = g.frogs[..g.players()]
            .iter()
            .flatten()
            .filter(|&&p| p == START)
            .count();
        return format!("{n}f");
    }
    if s == b.goal() {
        return format!("{}/4", g.arrived);
    }
    if let Some(seat) = g.frog_on(s) {
        return format!("[{}]", seat.number());
    }
    // Flowers stacked by R5's variant: their letters while they fit the cell, else a count.
    let here = g.flowers_on(s);
    match here.total() {
        0 => String::new(),
        1 | 2 => format!("({})", here.to_letters()),
        n => format!("({n})"),
    }
}

fn draw_grid(g: &ChinaMoon, cells: &[(usize, usize)], out: &mut String) {
    let cols = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let rows = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    let mut lines = vec![vec![" ".repeat(CELL); cols]; rows * 2];
    for (i, &(x, y)) in cells.iter().enumerate() {
        let s = i as u8;
        let label = format!("{}{}", g.board.id(s), symbol(g.board.kind(s)));
        lines[y * 2][x] = format!("{label:<CELL$}");
        lines[y * 2 + 1][x] = format!("{:<CELL$}", content(g, s));
    }
    for line in lines {
        let _ = writeln!(out, "{}", format!("  {}", line.concat()).trim_end());
    }
}

fn draw_list(g: &ChinaMoon, out: &mut String) {
    for (i, s) in g.board.spaces().iter().enumerate() {
        let next: Vec<String> = s.next.iter().map(|&n| g.board.id(n).to_string()).collect();
        let _ = writeln!(
            out,
            "  {:>4}{} {:<5} -> {}",
            s.id.to_string(),
            symbol(s.kind),
            content(g, i as u8),
            next.join(" | ")
        );
    }
}

/// The whole text board.
pub(crate) fn draw(g: &ChinaMoon) -> String {
    let b = &g.board;
    let mut out = String::new();
    let standard = if b.is_standard() {
        " (the standard board, not the printed one)"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "China Moon, {} players, board {}{standard}",
        g.players(),
        b.reference()
    );
    match grid(b) {
        Some(cells) => draw_grid(g, &cells, &mut out),
        None => draw_list(g, &mut out),
    }
    let _ = writeln!(
        out,
        "  * lotus  # black lotus  ^ spring  x stupid frog  b butterfly  [n] frog of seat n  (c) flower{}",
        if g.drops_on_flowers() {
            "  (n) n flowers"
        } else {
            ""
        }
    );
    let forks: Vec<String> = b
        .spaces()
        .iter()
        .filter(|s| s.next.len() > 1)
        .map(|s| {
            let next: Vec<String> = s.next.iter().map(|&n| b.id(n).to_string()).collect();
            format!("{} -> {}", s.id, next.join(" | "))
        })
        .collect();
    if !forks.is_empty() {
        let _ = writeln!(out, "Forks: {}", forks.join("   "));
    }
    let spots: Vec<String> = (0..4)
        .map(|i| format!("{}:{}", i + 1, g.spot(i).map_or('-', |f| f.letter())))
        .collect();
    let _ = writeln!(
        out,
        "Goal spots: {}   out of the game: {}",
        spots.join(" "),
        g.out.to_letters()
    );
    if g.phase == Phase::Setup {
        let _ = writeln!(out, "Setup: still to lay out {}", g.bag().to_letters());
    }
    let _ = writeln!(out, "Seat  frogs        hand             score");
    for seat in Seat::all(g.players()) {
        let frogs: Vec<String> = g
            .frogs_of(seat)
            .iter()
            .map(|&p| b.id(p).to_string())
            .collect();
        let marker = if g.phase == Phase::Play && seat == g.mover {
            '>'
        } else {
            ' '
        };
        let _ = writeln!(
            out,
            "{marker}{:<4} {:<12} {:<16} {:>5}",
            seat.number(),
            frogs.join(","),
            g.hand(seat).to_letters(),
            g.hand(seat).score()
        );
    }
    status(g, &mut out);
    out
}

fn status(g: &ChinaMoon, out: &mut String) {
    let b = &g.board;
    match g.phase {
        Phase::Setup => {
            let _ = writeln!(out, "Laying out the flowers (chance).");
        }
        Phase::Over => {
            let o = g.final_outcome();
            let winners: Vec<String> = o.winners().map(|s| s.number().to_string()).collect();
            let _ = writeln!(out, "Game over: seat(s) {} win.", winners.join(", "));
        }
        Phase::Play => {
            let moved: Vec<String> = g
                .moved_frogs()
                .iter()
                .map(|(s, p)| format!("{}@{}", s.number(), b.id(*p)))
                .collect();
            let left = MOVES_PER_TURN - g.moves_made().min(MOVES_PER_TURN);
            let _ = write!(
                out,
                "Seat {} to move: {left} frog(s) left this turn",
                g.mover.number()
            );
            if !moved.is_empty() {
                let _ = write!(out, " (moved: {})", moved.join(", "));
            }
            if left == 1 && !g.foreign_moved() {
                let _ = write!(out, "; it must be another player's frog");
            }
            let _ = writeln!(out, ".");
            match g.pending {
                Pending::None => {}
                Pending::Exchange { owner, space } => {
                    let _ = writeln!(
                        out,
                        "Waiting for seat {}: the stupid frog on {} exchanges (x<seat>:<give>/<take>).",
                        owner.number(),
                        b.id(space)
                    );
                }
                Pending::Butterfly { owner, space } => {
                    let target = g
                        .drop_target(space)
                        .map_or("out of the game".to_string(), |t| {
                            format!("onto {}", b.id(t))
                        });
                    let _ = writeln!(
                        out,
                        "Waiting for seat {}: the butterfly on {} drops a flower {target} (drop:<flower>).",
                        owner.number(),
                        b.id(space)
                    );
                }
            }
        }
    }
}
