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

/// The size of one board's grid of spaces (columns, rows).
fn grid(game: &str, spaces: usize) -> (usize, usize) {
    let cells = (0..spaces).map(|i| place(game, spaces, i));
    cells.fold((1, 1), |(c, r), (row, col, _)| {
        (c.max(col + 1), r.max(row + 1))
    })
}

/// One board's shaded spaces, the grid's top left corner at (`x0`, `y0`); `most` uses is
/// the darkest shade.
fn spaces(s: &mut String, game: &str, c: &BoardCoverage, x0: f64, y0: f64, most: f64) {
    for i in 0..c.spaces {
        let (row, col, label) = place(game, c.spaces, i);
        let n = c.by_space.get(i).copied().unwrap_or(0);
        let (fill, text) = shade(n as f64 / most);
        let (x, y) = (x0 + col as f64 * CELL, y0 + row as f64 * CELL);
        let stroke = if n == 0 { RED } else { "#999999" };
        let _ = write!(
            s,
            r#"<rect class="space" x="{x:.1}" y="{y:.1}" width="{cw}" height="{cw}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"><title>space {name}: used {n} times in {g} games</title></rect>"#,
            cw = CELL - 2.0,
            sw = if n == 0 { 2 } else { 1 },
            name = if label.is_empty() {
                (i + 1).to_string()
            } else {
                escape(&label)
            },
            g = c.games_by_space.get(i).copied().unwrap_or(0),
        );
        if !label.is_empty() {
            let _ = write!(
                s,
                r#"<text x="{tx:.1}" y="{ty:.1}" text-anchor="middle" fill="{text}">{l}</text>"#,
                tx = x + CELL / 2.0 - 1.0,
                ty = y + CELL / 2.0 + 3.0,
                l = escape(&label)
            );
        }
    }
}

fn open(s: &mut String, w: f64, h: f64, title: &str) {
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11"><title>{t}</title><rect width="{w}" height="{h}" fill="white"/><text x="{cx}" y="22" text-anchor="middle" font-size="15" font-weight="bold">{t}</text>"#,
        t = escape(title),
        cx = w / 2.0
    );
}

fn close(s: &mut String, w: f64, h: f64, most: f64) {
    let _ = write!(
        s,
        r#"<text x="{cx}" y="{ty}" text-anchor="middle">white: never used (red outline); darkest: {m} uses</text></svg>"#,
        cx = w / 2.0,
        ty = h - 14.0,
        m = most as u64
    );
    s.push('\n');
}

/// The coverage of `game`'s board as a grid of shaded spaces.
pub fn board_coverage(game: &str, c: &BoardCoverage) -> String {
    let (cols, rows) = grid(game, c.spaces);
    let (w, h) = (
        (2.0 * MARGIN + cols as f64 * CELL).max(320.0),
        MARGIN + 24.0 + rows as f64 * CELL + MARGIN,
    );
    let most = c.by_space.iter().copied().max().unwrap_or(0).max(1) as f64;
    let mut s = String::new();
    let title = format!(
        "Board coverage: {:.1}% of {} spaces used",
        100.0 * c.fraction,
        c.spaces
    );
    open(&mut s, w, h, &title);
    spaces(
        &mut s,
        game,
        c,
        (w - cols as f64 * CELL) / 2.0,
        MARGIN,
        most,
    );
    close(&mut s, w, h, most);
    s
}

/// Board coverage by variant, as small multiples: a board per variant (in its own group,
/// titled with the variant's name and coverage), shaded on one scale, as many to a row as
/// fit in about 1100 pixels; `None` when no variant has a board.
pub fn coverage_multiples(game: &str, series: &[(&str, Option<&BoardCoverage>)]) -> Option<String> {
    let boards: Vec<(&str, &BoardCoverage)> = series
        .iter()
        .filter_map(|(n, c)| c.map(|c| (*n, c)))
        .collect();
    if boards.is_empty() {
        return None;
    }
    let grids: Vec<(usize, usize)> = boards.iter().map(|(_, c)| grid(game, c.spaces)).collect();
    let cols = grids.iter().map(|g| g.0).max().unwrap_or(1);
    let rows = grids.iter().map(|g| g.1).max().unwrap_or(1);
    let captions: Vec<String> = boards
        .iter()
        .map(|(n, c)| format!("{n}: {:.1}% of {} used", 100.0 * c.fraction, c.spaces))
        .collect();
    let caption_w = captions
        .iter()
        .map(|t| super::text_width(t, 12.0 * 1.1))
        .fold(0.0, f64::max);
    let panel_w = (MARGIN + cols as f64 * CELL).max(caption_w + 20.0);
    let panel_h = 24.0 + rows as f64 * CELL + 16.0;
    let per_row = ((1100.0 / panel_w).floor() as usize).clamp(1, boards.len());
    let lines = boards.len().div_ceil(per_row);
    let w = (MARGIN + per_row as f64 * panel_w).max(320.0);
    let h = MARGIN + lines as f64 * panel_h + MARGIN;
    let most = boards
        .iter()
        .flat_map(|(_, c)| c.by_space.iter().copied())
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let mut s = String::new();
    open(&mut s, w, h, "Board coverage, by variant");
    let left = (w - per_row as f64 * panel_w) / 2.0;
    for (k, ((name, c), caption)) in boards.iter().zip(&captions).enumerate() {
        let (px, py) = (
            left + (k % per_row) as f64 * panel_w,
            MARGIN + (k / per_row) as f64 * panel_h,
        );
        super::variants::open_series(&mut s, name);
        let _ = write!(
            s,
            r#"<text x="{cx:.1}" y="{ty:.1}" text-anchor="middle" font-size="12" font-weight="bold">{t}</text>"#,
            cx = px + panel_w / 2.0,
            ty = py + 12.0,
            t = escape(caption)
        );
        let (gc, _) = grid(game, c.spaces);
        let gx = px + (panel_w - gc as f64 * CELL) / 2.0;
        spaces(&mut s, game, c, gx, py + 24.0, most);
        s.push_str("</g>");
    }
    close(&mut s, w, h, most);
    Some(s)
}
