//! The board-coverage plot of `tabula analyze`: one square per board space, shaded by how
//! often actions used it per game, on a logarithmic scale (white never, with a red outline;
//! the palest blue for the least used, dark blue for the most). Connect Four is drawn as its 6 × 7 grid (bottom row at the bottom),
//! Toumaï as its nine lines of six cells; other boards as a strip of numbered spaces,
//! twelve to a row.

use super::{RED, escape};
use std::fmt::Write;
use tabula_ai::analysis::coverage::BoardCoverage;

const CELL: f64 = 40.0;
const MARGIN: f64 = 40.0;

/// Where space `i` is drawn (row from the top, column) and its label, for a game that gives
/// no layout of its own: rows of twelve, numbered from 1.
fn place(i: usize) -> (usize, usize, String) {
    (i / 12, i % 12, (i + 1).to_string())
}

/// The shade of a space used `n` times where `most` is the darkest: on a logarithmic scale,
/// and never lighter than [`LIGHTEST_USED`] for a space used at all, so that a space used
/// far less than the busiest still reads as used (white is for never).
fn level(n: f64, most: f64) -> f64 {
    if n <= 0.0 {
        return 0.0;
    }
    let t = (1.0 + n).ln() / (1.0 + most.max(n)).ln();
    LIGHTEST_USED + (1.0 - LIGHTEST_USED) * t
}

/// The lightest shade of a used space.
const LIGHTEST_USED: f64 = 0.18;

/// A shade from white (0) to dark blue (1), and a text colour readable on it.
fn shade(t: f64) -> (String, &'static str) {
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    let (r, g, b) = (mix(255.0, 31.0), mix(255.0, 64.0), mix(255.0, 122.0));
    let text = if t > 0.45 { "white" } else { "#222" };
    (format!("#{r:02x}{g:02x}{b:02x}"), text)
}

/// Where each space of `c` is drawn (row from the top, column, both in cells) and its
/// label: the game's own layout when it gives one (`Game::board_layout`), else [`place`].
fn cells(c: &BoardCoverage) -> Vec<(f64, f64, String)> {
    match &c.layout {
        Some(layout) => {
            let x0 = layout.iter().map(|l| l.1).fold(f64::INFINITY, f64::min);
            let y0 = layout.iter().map(|l| l.2).fold(f64::INFINITY, f64::min);
            layout
                .iter()
                .map(|(label, x, y)| (y - y0, x - x0, label.clone()))
                .collect()
        }
        None => (0..c.spaces)
            .map(|i| {
                let (row, col, label) = place(i);
                (row as f64, col as f64, label)
            })
            .collect(),
    }
}

/// The size of one board's grid of spaces (columns, rows).
fn grid(c: &BoardCoverage) -> (usize, usize) {
    cells(c).iter().fold((1, 1), |(w, h), (row, col, _)| {
        (
            w.max(col.ceil() as usize + 1),
            h.max(row.ceil() as usize + 1),
        )
    })
}

/// One board's shaded spaces, the grid's top left corner at (`x0`, `y0`); `most` uses per
/// game is the darkest shade.
fn spaces(s: &mut String, c: &BoardCoverage, x0: f64, y0: f64, most: f64) {
    for (i, (row, col, label)) in cells(c).into_iter().enumerate() {
        let n = c.by_space.get(i).copied().unwrap_or(0);
        let (fill, text) = shade(level(per_game(c, n), most));
        let (x, y) = (x0 + col * CELL, y0 + row * CELL);
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

/// Uses of a space per game of `c`.
fn per_game(c: &BoardCoverage, n: u64) -> f64 {
    n as f64 / c.games.max(1) as f64
}

/// The most uses of a space per game in `boards`.
fn most_per_game<'a>(boards: impl Iterator<Item = &'a BoardCoverage>) -> f64 {
    boards
        .flat_map(|c| c.by_space.iter().map(move |&n| per_game(c, n)))
        .fold(0.0, f64::max)
}

/// The shading's legend under the boards.
fn legend(most: f64) -> String {
    format!(
        "uses per game, logarithmic shade: white never (red outline), palest used, darkest {most:.2}"
    )
}

/// A plot wide enough for its legend (font size 11) as well as for `w`.
fn fitting(w: f64, most: f64) -> f64 {
    w.max(super::text_width(&legend(most), 11.0) + 24.0)
}

fn close(s: &mut String, w: f64, h: f64, most: f64) {
    let _ = write!(
        s,
        r#"<text x="{cx}" y="{ty}" text-anchor="middle">{l}</text></svg>"#,
        cx = w / 2.0,
        ty = h - 14.0,
        l = escape(&legend(most))
    );
    s.push('\n');
}

/// The coverage of a game's board as a grid of shaded spaces.
pub fn board_coverage(c: &BoardCoverage) -> String {
    let (cols, rows) = grid(c);
    let most = most_per_game(std::iter::once(c));
    let (w, h) = (
        fitting((2.0 * MARGIN + cols as f64 * CELL).max(320.0), most),
        MARGIN + 24.0 + rows as f64 * CELL + MARGIN,
    );
    let mut s = String::new();
    let title = format!(
        "Board coverage: {:.1}% of {} spaces used",
        100.0 * c.fraction,
        c.spaces
    );
    open(&mut s, w, h, &title);
    spaces(&mut s, c, (w - cols as f64 * CELL) / 2.0, MARGIN, most);
    close(&mut s, w, h, most);
    s
}

/// Board coverage by variant, as small multiples: a board per variant (in its own group,
/// titled with the variant's name and coverage), shaded on one scale, as many to a row as
/// fit in about 1100 pixels; `None` when no variant has a board.
pub fn coverage_multiples(series: &[(&str, Option<&BoardCoverage>)]) -> Option<String> {
    let boards: Vec<(&str, &BoardCoverage)> = series
        .iter()
        .filter_map(|(n, c)| c.map(|c| (*n, c)))
        .collect();
    if boards.is_empty() {
        return None;
    }
    let grids: Vec<(usize, usize)> = boards.iter().map(|(_, c)| grid(c)).collect();
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
    // Per game, so that variants with more games or longer games compare on one scale.
    let most = most_per_game(boards.iter().map(|(_, c)| *c));
    let w = fitting((MARGIN + per_row as f64 * panel_w).max(320.0), most);
    let h = MARGIN + lines as f64 * panel_h + MARGIN;
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
        let (gc, _) = grid(c);
        let gx = px + (panel_w - gc as f64 * CELL) / 2.0;
        spaces(&mut s, c, gx, py + 24.0, most);
        s.push_str("</g>");
    }
    close(&mut s, w, h, most);
    Some(s)
}
