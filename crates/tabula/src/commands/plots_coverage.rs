//! The board-coverage plot of `tabula analyze`: one square per board space, shaded by how
//! often actions used it (white never, dark blue the most used; a never-used space is
//! outlined in red). Connect Four is drawn as its 6 × 7 grid (bottom row at the bottom),
//! Toumaï as its nine lines of six cells; other boards as a strip of numbered spaces,
//! twelve to a row.

use super::{RED, escape};
use std::fmt::Write;
use tabula_ai::analysis::coverage::BoardCoverage;

const CELL: f64 = 40.0;
const MARGIN: f64 = 40.0;

/// Where space `i` is drawn (row from the top, column) and its label.
fn place(game: &str, spaces: usize, i: usize) -> (usize, usize, String) {
    match game {
        "connect-four" if spaces == 42 => (5 - i / 7, i % 7, String::new()),
        "toumai" if spaces == 54 => (
            i / 6,
            i % 6,
            format!("{}{}", (b'a' + (i / 6) as u8) as char, i % 6 + 1),
        ),
        _ => (i / 12, i % 12, (i + 1).to_string()),
    }
}

/// A shade from white (0) to dark blue (1), and a text colour readable on it.
fn shade(t: f64) -> (String, &'static str) {
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    let (r, g, b) = (mix(255.0, 31.0), mix(255.0, 64.0), mix(255.0, 122.0));
    let text = if t > 0.45 { "white" } else { "#222" };
    (format!("#{r:02x}{g:02x}{b:02x}"), text)
}

/// The coverage of `game`'s board as a grid of shaded spaces.
pub fn board_coverage(game: &str, c: &BoardCoverage) -> String {
    let cells: Vec<(usize, usize, String)> =
        (0..c.spaces).map(|i| place(game, c.spaces, i)).collect();
    let rows = cells.iter().map(|p| p.0).max().map_or(1, |r| r + 1);
    let cols = cells.iter().map(|p| p.1).max().map_or(1, |c| c + 1);
    let (w, h) = (
        (2.0 * MARGIN + cols as f64 * CELL).max(320.0),
        MARGIN + 24.0 + rows as f64 * CELL + MARGIN,
    );
    let x0 = (w - cols as f64 * CELL) / 2.0;
    let most = c.by_space.iter().copied().max().unwrap_or(0).max(1) as f64;
    let mut s = String::new();
    let title = format!(
        "Board coverage: {:.1}% of {} spaces used",
        100.0 * c.fraction,
        c.spaces
    );
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11"><title>{t}</title><rect width="{w}" height="{h}" fill="white"/><text x="{cx}" y="22" text-anchor="middle" font-size="15" font-weight="bold">{t}</text>"#,
        t = escape(&title),
        cx = w / 2.0
    );
    for (i, (row, col, label)) in cells.iter().enumerate() {
        let n = c.by_space.get(i).copied().unwrap_or(0);
        let (fill, text) = shade(n as f64 / most);
        let (x, y) = (x0 + *col as f64 * CELL, MARGIN + *row as f64 * CELL);
        let stroke = if n == 0 { RED } else { "#999999" };
        let _ = write!(
            s,
            r#"<rect class="space" x="{x:.1}" y="{y:.1}" width="{cw}" height="{cw}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"><title>space {name}: used {n} times in {g} games</title></rect>"#,
            cw = CELL - 2.0,
            sw = if n == 0 { 2 } else { 1 },
            name = if label.is_empty() {
                (i + 1).to_string()
            } else {
                escape(label)
            },
            g = c.games_by_space.get(i).copied().unwrap_or(0),
        );
        if !label.is_empty() {
            let _ = write!(
                s,
                r#"<text x="{tx:.1}" y="{ty:.1}" text-anchor="middle" fill="{text}">{l}</text>"#,
                tx = x + CELL / 2.0 - 1.0,
                ty = y + CELL / 2.0 + 3.0,
                l = escape(label)
            );
        }
    }
    let _ = write!(
        s,
        r#"<text x="{cx}" y="{ty}" text-anchor="middle">white: never used (red outline); darkest: {m} uses</text></svg>"#,
        cx = w / 2.0,
        ty = h - 14.0,
        m = most as u64
    );
    s.push('\n');
    s
}
