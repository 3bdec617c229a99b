//! The SVG plots of `tabula analyze`, written by hand (no plotting crate): seat win rates as
//! bars with 95% whiskers and the fair share, the game-length histogram, the branching factor
//! by ply (mean line in a min–max band), and the stronger bot's win rate per seat.
//!
//! Every plot is a standalone SVG document (`xmlns` set, text escaped), so it can be opened
//! on its own or inlined into the HTML report. Legends stand in a row between the title and
//! the plotting area (never over the data), titles and labels are cut to the room they have,
//! and rate plots leave room above 100% for the values over their whiskers:
//! `web/tests/analyze-report.test.mjs` checks in a browser that no label overlaps another.

use std::fmt::Write;
use tabula_ai::AnalysisReport;
use tabula_ai::analysis::shown_plies;

const W: f64 = 640.0;
const H: f64 = 360.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 44.0;
const BOTTOM: f64 = 52.0;
const BLUE: &str = "#4e79a7";
const LIGHT: &str = "#a0cbe8";
const RED: &str = "#e15759";
const GREY: &str = "#dddddd";
/// One colour per variant, in order (Tableau 10).
const COLOURS: [&str; 8] = [
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f",
];

/// Text safe inside XML elements and attribute values.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A round step (1, 2 or 5 × 10^k) giving at most `target` ticks up to `max`.
fn tick_step(max: f64, target: usize) -> f64 {
    let raw = (max / target as f64).max(1e-9);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw - 1e-12)
        .unwrap_or(10.0 * mag)
}

fn ticks(from: f64, to: f64, step: f64) -> Vec<f64> {
    let first = (from / step).ceil() as i64;
    let last = (to / step + 1e-9).floor() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

fn number(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        format!("{v:.1}")
    }
}

/// About how wide `text` is in pixels at font size `size` (sans-serif; generous, so that
/// labels placed by it do not touch): narrow letters, wide letters and the rest.
fn text_width(text: &str, size: f64) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' | 'f' | 't' | 'r'
            | '(' | ')' | '[' | ']' | '/' | '-' => 0.36,
            'm' | 'w' | 'M' | 'W' | '%' | '–' | '—' => 0.98,
            'A'..='Z' => 0.74,
            _ => 0.64,
        })
        .sum();
    em * size
}

/// `text` cut to fit `width` pixels at font size `size` (an ellipsis marks the cut).
fn fit(text: &str, width: f64, size: f64) -> String {
    if text_width(text, size) <= width {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && text_width(&cut, size) + text_width("…", size) > width {
        cut.pop();
    }
    cut.push('…');
    cut
}

/// The plotting area and the data ranges it shows.
struct Frame {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
    /// The plotting area's right edge (`W - RIGHT`, less where a legend stands on the right).
    right: f64,
}

impl Frame {
    fn right(&self) -> f64 {
        self.right
    }

    fn x(&self, v: f64) -> f64 {
        LEFT + (v - self.x0) / (self.x1 - self.x0) * (self.right() - LEFT)
    }
    fn y(&self, v: f64) -> f64 {
        H - BOTTOM - (v - self.y0) / (self.y1 - self.y0) * (H - TOP - BOTTOM)
    }

    /// The document's start: title, horizontal grid lines with y labels, axis titles.
    fn open(&self, title: &str, x_title: &str, y_title: &str, y_ticks: &[(f64, String)]) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"#
        );
        let _ = write!(
            s,
            r#"<title>{t}</title><rect width="{W}" height="{H}" fill="white"/><text x="{cx}" y="22" text-anchor="middle" font-size="15" font-weight="bold">{shown}</text>"#,
            t = escape(title),
            shown = escape(&fit(title, W - 16.0, 15.0 * 1.1)),
            cx = W / 2.0
        );
        for (v, label) in y_ticks {
            let y = self.y(*v);
            let _ = write!(
                s,
                r#"<line x1="{LEFT}" y1="{y:.1}" x2="{x2}" y2="{y:.1}" stroke="{GREY}"/><text x="{lx}" y="{ty:.1}" text-anchor="end">{l}</text>"#,
                x2 = self.right(),
                lx = LEFT - 6.0,
                ty = y + 4.0,
                l = escape(label)
            );
        }
        let _ = write!(
            s,
            r#"<line x1="{LEFT}" y1="{b}" x2="{x2}" y2="{b}" stroke="black"/><line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{b}" stroke="black"/><text x="{cx}" y="{ty}" text-anchor="middle">{xt}</text><text transform="translate(16 {cy}) rotate(-90)" text-anchor="middle">{yt}</text>"#,
            b = H - BOTTOM,
            x2 = self.right(),
            cx = LEFT + (self.right() - LEFT) / 2.0,
            ty = H - 12.0,
            cy = TOP + (H - TOP - BOTTOM) / 2.0,
            xt = escape(x_title),
            yt = escape(y_title)
        );
        s
    }

    fn x_label(&self, s: &mut String, v: f64, label: &str) {
        let x = self.x(v);
        let _ = write!(
            s,
            r#"<line x1="{x:.1}" y1="{b}" x2="{x:.1}" y2="{b2}" stroke="black"/><text x="{x:.1}" y="{ty}" text-anchor="middle">{l}</text>"#,
            b = H - BOTTOM,
            b2 = H - BOTTOM + 4.0,
            ty = H - BOTTOM + 18.0,
            l = escape(label)
        );
    }

    /// A dashed horizontal reference line, labelled in a legend above the plot's top right
    /// corner (where no bar can hide it).
    fn reference(&self, s: &mut String, v: f64, label: &str) {
        let y = self.y(v);
        let _ = write!(
            s,
            r#"<line class="reference" x1="{LEFT}" y1="{y:.1}" x2="{x2}" y2="{y:.1}" stroke="{RED}" stroke-dasharray="6 4" stroke-width="1.5"/><line x1="{lx}" y1="{ly}" x2="{lx2}" y2="{ly}" stroke="{RED}" stroke-dasharray="6 4" stroke-width="1.5"/><text x="{x2}" y="{ty}" text-anchor="end" fill="{RED}">{l}</text>"#,
            x2 = W - RIGHT,
            lx = W - RIGHT - 130.0,
            lx2 = W - RIGHT - 108.0,
            ly = TOP - 10.0,
            ty = TOP - 6.0,
            l = escape(label)
        );
    }
}

/// A legend entry's mark: a line (solid or dashed) or a filled square, in a colour.
#[derive(Clone, Copy)]
enum Swatch {
    Line(&'static str),
    Dashed(&'static str),
    Dotted(&'static str),
    Square(&'static str),
}

/// Legend entries in a row in the band between the title and the plot, from the left; the
/// names share the room when they would not all fit.
fn legend_row(s: &mut String, entries: &[(Swatch, String)]) {
    const MARK: f64 = 20.0;
    const GAP: f64 = 18.0;
    let room = W - RIGHT - LEFT;
    let fixed = entries.len() as f64 * (MARK + 6.0 + GAP);
    let natural: f64 = entries.iter().map(|(_, t)| text_width(t, 12.0)).sum();
    let scale = if fixed + natural > room {
        ((room - fixed) / natural.max(1.0)).max(0.1)
    } else {
        1.0
    };
    let (mut x, y) = (LEFT, TOP - 10.0);
    for (swatch, name) in entries {
        let label = fit(name, text_width(name, 12.0) * scale, 12.0);
        let _ = match swatch {
            Swatch::Line(c) | Swatch::Dashed(c) | Swatch::Dotted(c) => write!(
                s,
                r#"<line x1="{x:.1}" y1="{y}" x2="{x2:.1}" y2="{y}" stroke="{c}" stroke-width="2"{dash}/>"#,
                x2 = x + MARK,
                dash = match swatch {
                    Swatch::Dashed(_) => r#" stroke-dasharray="6 4""#,
                    Swatch::Dotted(_) => r#" stroke-dasharray="2 3""#,
                    _ => "",
                }
            ),
            Swatch::Square(c) => write!(
                s,
                r#"<rect x="{x:.1}" y="{y0}" width="{MARK}" height="10" fill="{c}"/>"#,
                y0 = y - 5.0
            ),
        };
        let _ = write!(
            s,
            r#"<text x="{tx:.1}" y="{ty}">{l}</text>"#,
            tx = x + MARK + 6.0,
            ty = y + 4.0,
            l = escape(&label)
        );
        x += MARK + 6.0 + text_width(&label, 12.0) + GAP;
    }
}

fn pct(v: f64) -> String {
    format!("{:.1}%", 100.0 * v)
}

/// One bar of a rate chart.
pub struct RateBar {
    pub label: String,
    pub rate: f64,
    pub ci95: [f64; 2],
}

/// Rates (0–100%) as bars with their 95% intervals as whiskers, and a reference line.
pub fn rate_bars(title: &str, bars: &[RateBar], reference: (f64, &str)) -> String {
    let frame = Frame {
        x0: 0.0,
        x1: bars.len().max(1) as f64,
        y0: 0.0,
        // Room above 100% for the value over a whisker, below the reference's legend.
        y1: 1.1,
        right: W - RIGHT,
    };
    let y_ticks: Vec<(f64, String)> = ticks(0.0, 1.0, 0.2)
        .into_iter()
        .map(|v| (v, format!("{}%", (v * 100.0).round())))
        .collect();
    let mut s = frame.open(title, "", "win rate (95% interval)", &y_ticks);
    let slot = frame.x(1.0) - frame.x(0.0);
    for (i, b) in bars.iter().enumerate() {
        let centre = frame.x(i as f64 + 0.5);
        let width = slot * 0.55;
        let (top, base) = (frame.y(b.rate), frame.y(0.0));
        let (lo, hi) = (frame.y(b.ci95[0]), frame.y(b.ci95[1]));
        let _ = write!(
            s,
            r#"<rect class="bar" x="{x:.1}" y="{top:.1}" width="{width:.1}" height="{h:.1}" fill="{BLUE}"/><path class="whisker" d="M{centre:.1} {lo:.1}V{hi:.1}M{l:.1} {lo:.1}H{r:.1}M{l:.1} {hi:.1}H{r:.1}" stroke="black" stroke-width="1.5" fill="none"/><text x="{centre:.1}" y="{ty:.1}" text-anchor="middle">{v}</text>"#,
            x = centre - width / 2.0,
            h = base - top,
            l = centre - 8.0,
            r = centre + 8.0,
            ty = hi - 6.0,
            v = pct(b.rate)
        );
        frame.x_label(&mut s, i as f64 + 0.5, &b.label);
    }
    frame.reference(&mut s, reference.0, reference.1);
    s.push_str("</svg>\n");
    s
}

/// Seat win rates of the balance match against the fair share.
pub fn seat_win_rates(r: &AnalysisReport) -> String {
    let bars: Vec<RateBar> = r
        .balance
        .seats
        .iter()
        .map(|s| RateBar {
            label: format!("Seat {}", s.seat),
            rate: s.win_rate,
            ci95: s.ci95,
        })
        .collect();
    let fair = r.balance.fair_win_rate;
    rate_bars(
        &format!("Win rate per seat ({} in every seat)", r.bot),
        &bars,
        (fair, &format!("fair {}", pct(fair))),
    )
}

/// The stronger bot's win rate overall and per seat; `None` without a skill match.
pub fn skill_win_rates(r: &AnalysisReport) -> Option<String> {
    let s = r.skill.as_ref()?;
    let mut bars = vec![RateBar {
        label: "all seats".into(),
        rate: s.win_rate,
        ci95: s.ci95,
    }];
    bars.extend(s.by_seat.iter().enumerate().map(|(i, rate)| RateBar {
        label: format!("as seat {}", i + 1),
        rate: rate.win_rate,
        ci95: rate.ci95,
    }));
    let fair = s.fair_win_rate;
    Some(rate_bars(
        &format!("{} against {}", s.stronger, s.weaker),
        &bars,
        (fair, &format!("no skill {}", pct(fair))),
    ))
}

/// The game-length histogram, with the mean and median marked.
pub fn length_histogram(r: &AnalysisReport) -> String {
    let l = &r.length;
    let (first, last) = match (l.histogram.first(), l.histogram.last()) {
        (Some(f), Some(e)) => (f.from as f64, e.to as f64),
        _ => (0.0, 1.0),
    };
    let most = l.histogram.iter().map(|b| b.games).max().unwrap_or(0) as f64;
    let step = tick_step(most.max(1.0), 5).max(1.0);
    let top = (most / step).ceil().max(1.0) * step;
    let frame = Frame {
        x0: first,
        x1: last,
        y0: 0.0,
        y1: top,
        right: W - RIGHT,
    };
    let y_ticks: Vec<(f64, String)> = ticks(0.0, top, step)
        .into_iter()
        .map(|v| (v, number(v)))
        .collect();
    let mut s = frame.open("Game length", "plies", "games", &y_ticks);
    for b in &l.histogram {
        let (x, x2) = (frame.x(b.from as f64), frame.x(b.to as f64));
        let (y, base) = (frame.y(b.games as f64), frame.y(0.0));
        let _ = write!(
            s,
            r#"<rect class="bar" x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{BLUE}" stroke="white"><title>{from}–{to}: {g} games</title></rect>"#,
            w = x2 - x,
            h = base - y,
            from = b.from,
            to = b.to - 1,
            g = b.games
        );
    }
    // Bin edges, at most 11 labelled.
    let every = l.histogram.len().div_ceil(10).max(1);
    let edges = l
        .histogram
        .iter()
        .map(|b| b.from)
        .chain(l.histogram.last().map(|b| b.to));
    for (i, edge) in edges.enumerate() {
        if i.is_multiple_of(every) {
            frame.x_label(&mut s, edge as f64, &edge.to_string());
        }
    }
    // The mean and median as lines, named in the legend above the plot (labels beside the
    // lines ran into the bars and into each other).
    for (v, dash) in [(l.mean, "6 4"), (l.median, "2 3")] {
        let x = frame.x(v);
        let _ = write!(
            s,
            r#"<line x1="{x:.1}" y1="{t}" x2="{x:.1}" y2="{b}" stroke="{RED}" stroke-width="1.5" stroke-dasharray="{dash}"/>"#,
            t = TOP,
            b = H - BOTTOM
        );
    }
    legend_row(
        &mut s,
        &[
            (Swatch::Dashed(RED), format!("mean {}", number(l.mean))),
            (Swatch::Dotted(RED), format!("median {}", number(l.median))),
        ],
    );
    s.push_str("</svg>\n");
    s
}

/// A frame of plies 0 to `last` across and counts from 0 up to `most` rounded up to a tick,
/// with its y ticks (whole numbers).
fn ply_count_frame(last: f64, most: f64) -> (Frame, Vec<(f64, String)>) {
    let y_step = tick_step(most.max(1.0), 6).max(1.0);
    let top = (most / y_step).ceil().max(1.0) * y_step;
    let frame = Frame {
        x0: 0.0,
        x1: last,
        y0: 0.0,
        y1: top,
        right: W - RIGHT,
    };
    let y_ticks = ticks(0.0, top, y_step)
        .into_iter()
        .map(|v| (v, number(v)))
        .collect();
    (frame, y_ticks)
}

/// The branching factor by ply: the mean as a line in the min–max band, over the plies at
/// least 5% of the games reached.
pub fn branching_by_ply(r: &AnalysisReport) -> String {
    let plies = shown_plies(&r.branching);
    let last = plies.last().map_or(1.0, |p| p.ply as f64).max(1.0);
    let most = plies.iter().map(|p| p.max).max().unwrap_or(1) as f64;
    let (frame, y_ticks) = ply_count_frame(last, most);
    let mut s = frame.open(
        "Branching factor by ply",
        "ply (decisions since the start)",
        "legal actions",
        &y_ticks,
    );
    if !plies.is_empty() {
        let mut band = String::new();
        for p in plies {
            let _ = write!(
                band,
                "{:.1},{:.1} ",
                frame.x(p.ply as f64),
                frame.y(p.max as f64)
            );
        }
        for p in plies.iter().rev() {
            let _ = write!(
                band,
                "{:.1},{:.1} ",
                frame.x(p.ply as f64),
                frame.y(p.min as f64)
            );
        }
        let line: Vec<String> = plies
            .iter()
            .map(|p| format!("{:.1},{:.1}", frame.x(p.ply as f64), frame.y(p.mean)))
            .collect();
        let _ = write!(
            s,
            r#"<polygon class="band" points="{}" fill="{LIGHT}" fill-opacity="0.6"/><polyline class="mean" points="{}" fill="none" stroke="{BLUE}" stroke-width="2"/>"#,
            band.trim_end(),
            line.join(" ")
        );
    }
    for v in ticks(0.0, last, tick_step(last, 10).max(1.0)) {
        frame.x_label(&mut s, v, &number(v));
    }
    legend_row(
        &mut s,
        &[
            (Swatch::Line(BLUE), format!("mean {:.2}", r.branching.mean)),
            (Swatch::Square(LIGHT), "min–max".to_string()),
        ],
    );
    s.push_str("</svg>\n");
    s
}

#[path = "plots_dynamics.rs"]
pub mod dynamics;

#[path = "plots_ladder.rs"]
pub mod ladder;

#[path = "plots_variants.rs"]
pub mod variants;

#[path = "plots_coverage.rs"]
pub mod coverage;

#[path = "plots_tune.rs"]
pub mod tune;

#[cfg(test)]
#[path = "plots_tests.rs"]
mod tests;
