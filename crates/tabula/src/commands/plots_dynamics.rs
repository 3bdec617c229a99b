//! The plots of the dynamics and of variants side by side: outcome uncertainty against game
//! progress, and game lengths, one line per variant (a single report is a single line).

use super::variants::open_series;
use super::{COLOURS, Frame, RIGHT, Swatch, W, legend_row, number, tick_step, ticks};
use std::fmt::Write;
use tabula_ai::AnalysisReport;

/// A legend entry per series, in a row above the plot ("all games" for a single report).
/// Each name comes with its series' index (its colour).
fn legend(s: &mut String, names: &[(usize, &str)]) {
    let entries: Vec<(Swatch, String)> = names
        .iter()
        .map(|&(i, name)| {
            let label = if name.is_empty() { "all games" } else { name };
            (Swatch::Line(COLOURS[i % COLOURS.len()]), label.to_string())
        })
        .collect();
    legend_row(s, &entries);
}

/// One series' line, in a group named by the series.
fn polyline(s: &mut String, name: &str, class: &str, i: usize, points: &[(f64, f64)]) {
    open_series(s, if name.is_empty() { "all games" } else { name });
    let pts: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect();
    let _ = write!(
        s,
        r#"<polyline class="{class}" points="{}" fill="none" stroke="{c}" stroke-width="2"/></g>"#,
        pts.join(" "),
        c = COLOURS[i % COLOURS.len()]
    );
}

/// Mean outcome uncertainty (0 certain, 1 even) in each tenth of the game, a line per
/// report with dynamics.
pub fn uncertainty_curves(series: &[(&str, &AnalysisReport)]) -> String {
    let frame = Frame {
        x0: 0.0,
        x1: 1.0,
        y0: 0.0,
        y1: 1.0,
        right: W - RIGHT,
    };
    let y_ticks: Vec<(f64, String)> = ticks(0.0, 1.0, 0.2)
        .into_iter()
        .map(|v| (v, format!("{v:.1}")))
        .collect();
    let mut s = frame.open(
        "Outcome uncertainty over the game",
        "game progress (share of the game's plies)",
        "uncertainty",
        &y_ticks,
    );
    let mut names = Vec::new();
    for (i, (name, r)) in series.iter().enumerate() {
        let Some(d) = &r.dynamics else { continue };
        let points: Vec<(f64, f64)> = d
            .uncertainty_by_progress
            .iter()
            .filter(|b| b.games > 0)
            .map(|b| (frame.x((b.from + b.to) / 2.0), frame.y(b.mean)))
            .collect();
        polyline(&mut s, name, "uncertainty", i, &points);
        names.push((i, *name));
    }
    for v in ticks(0.0, 1.0, 0.1) {
        frame.x_label(&mut s, v, &format!("{:.0}%", 100.0 * v));
    }
    legend(&mut s, &names);
    s.push_str("</svg>\n");
    s
}

/// The share of games of each length (the histogram's bins of each report), a line per
/// report.
pub fn length_overlay(series: &[(&str, &AnalysisReport)]) -> String {
    let last = series
        .iter()
        .flat_map(|(_, r)| r.length.histogram.last().map(|b| b.to as f64))
        .fold(1.0, f64::max);
    let share = |r: &AnalysisReport, games: u64| games as f64 / r.length.games.max(1) as f64;
    let most = series
        .iter()
        .flat_map(|(_, r)| r.length.histogram.iter().map(move |b| share(r, b.games)))
        .fold(0.01, f64::max);
    let step = tick_step(most, 5);
    let top = (most / step).ceil() * step;
    let frame = Frame {
        x0: 0.0,
        x1: last,
        y0: 0.0,
        y1: top,
        right: W - RIGHT,
    };
    let y_ticks: Vec<(f64, String)> = ticks(0.0, top, step)
        .into_iter()
        .map(|v| (v, format!("{:.0}%", 100.0 * v)))
        .collect();
    let mut s = frame.open(
        "Game length",
        "plies (bin middles)",
        "share of games",
        &y_ticks,
    );
    let names: Vec<(usize, &str)> = series
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (i, *n))
        .collect();
    for (i, (name, r)) in series.iter().enumerate() {
        let points: Vec<(f64, f64)> = r
            .length
            .histogram
            .iter()
            .map(|b| {
                let mid = (b.from + b.to) as f64 / 2.0;
                (frame.x(mid), frame.y(share(r, b.games)))
            })
            .collect();
        polyline(&mut s, name, "length", i, &points);
    }
    for v in ticks(0.0, last, tick_step(last, 10).max(1.0)) {
        frame.x_label(&mut s, v, &number(v));
    }
    legend(&mut s, &names);
    s.push_str("</svg>\n");
    s
}
