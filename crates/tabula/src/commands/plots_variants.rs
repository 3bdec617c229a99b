//! The plots of variants side by side (`tabula analyze --variant … --variant …`), each variant
//! a series named by it (`<g class="series" data-series="NAME">`) in one figure: seat and
//! skill win rates as grouped bars with their 95% intervals and each variant's fair share,
//! how games end as one stacked bar per variant, and the mean branching factor by ply as a
//! line per variant. The game-length and uncertainty overlays are in `plots_dynamics.rs`,
//! board coverage as small multiples in `plots_coverage.rs`.

use super::{
    COLOURS, Frame, RED, RIGHT, RateBar, Swatch, TOP, W, escape, fit, legend_row, number, pct,
    ply_count_frame, text_width, tick_step, ticks,
};
use std::fmt::Write;
use tabula_ai::AnalysisReport;
use tabula_ai::analysis::shown_plies;

/// A variant's name and report.
pub type Series<'a> = (&'a str, &'a AnalysisReport);

/// Opens the group that holds one variant's marks.
pub(super) fn open_series(s: &mut String, name: &str) {
    let _ = write!(s, r#"<g class="series" data-series="{}">"#, escape(name));
}

/// One variant's bars of a grouped chart: a bar (or none) per group, and its fair share.
struct BarSeries<'a> {
    name: &'a str,
    bars: Vec<Option<RateBar>>,
    fair: f64,
}

/// Rates as grouped bars: a group per label, in each a bar per variant with its 95% whisker
/// and a dashed mark at that variant's fair share; the value above a bar when it fits.
fn grouped_bars(title: &str, groups: &[String], series: &[BarSeries<'_>]) -> String {
    let frame = Frame {
        x0: 0.0,
        x1: groups.len().max(1) as f64,
        y0: 0.0,
        // Room above 100% for the values over the whiskers.
        y1: 1.1,
        right: W - RIGHT,
    };
    let y_ticks: Vec<(f64, String)> = ticks(0.0, 1.0, 0.2)
        .into_iter()
        .map(|v| (v, format!("{}%", (v * 100.0).round())))
        .collect();
    let mut s = frame.open(title, "", "win rate (95% interval)", &y_ticks);
    let slot = frame.x(1.0) - frame.x(0.0);
    let width = slot * 0.8 / series.len().max(1) as f64;
    for (k, b) in series.iter().enumerate() {
        open_series(&mut s, b.name);
        for (i, bar) in b.bars.iter().enumerate() {
            let Some(bar) = bar else { continue };
            let left = frame.x(i as f64) + slot * 0.1 + k as f64 * width;
            let centre = left + width / 2.0;
            let (top, base) = (frame.y(bar.rate), frame.y(0.0));
            let (lo, hi) = (frame.y(bar.ci95[0]), frame.y(bar.ci95[1]));
            let (fair, whisker) = (frame.y(b.fair), (width / 4.0).min(8.0));
            let _ = write!(
                s,
                r#"<rect class="bar" x="{left:.1}" y="{top:.1}" width="{w:.1}" height="{h:.1}" fill="{c}"><title>{n}, {g}: {v} ({a} – {z})</title></rect><path class="whisker" d="M{centre:.1} {lo:.1}V{hi:.1}M{l:.1} {lo:.1}H{r:.1}M{l:.1} {hi:.1}H{r:.1}" stroke="black" stroke-width="1.5" fill="none"/><line class="fair" x1="{left:.1}" y1="{fair:.1}" x2="{fr:.1}" y2="{fair:.1}" stroke="{RED}" stroke-dasharray="4 3" stroke-width="1.5"/>"#,
                w = width - 2.0,
                h = base - top,
                c = COLOURS[k % COLOURS.len()],
                n = escape(b.name),
                g = escape(&groups[i]),
                v = pct(bar.rate),
                a = pct(bar.ci95[0]),
                z = pct(bar.ci95[1]),
                l = centre - whisker,
                r = centre + whisker,
                fr = left + width - 2.0,
            );
            // The value over the whisker, smaller where the bar is narrow (or only in the
            // bar's tooltip when even that would spill over the next bar).
            let value = pct(bar.rate);
            if let Some(size) = [12.0, 10.0]
                .into_iter()
                .find(|&size| text_width(&value, size) + 4.0 <= width)
            {
                let _ = write!(
                    s,
                    r#"<text x="{centre:.1}" y="{ty:.1}" text-anchor="middle" font-size="{size}">{value}</text>"#,
                    ty = hi - 6.0
                );
            }
        }
        s.push_str("</g>");
    }
    for (i, g) in groups.iter().enumerate() {
        frame.x_label(&mut s, i as f64 + 0.5, &fit(g, slot - 8.0, 12.0));
    }
    let mut entries: Vec<(Swatch, String)> = series
        .iter()
        .enumerate()
        .map(|(k, b)| {
            (
                Swatch::Square(COLOURS[k % COLOURS.len()]),
                b.name.to_string(),
            )
        })
        .collect();
    entries.push((Swatch::Dashed(RED), "fair share".to_string()));
    legend_row(&mut s, &entries);
    s.push_str("</svg>\n");
    s
}

/// Each variant's win rate per seat (the seats of the variant with the most), against its
/// fair share.
pub fn seat_win_rates(series: &[Series<'_>]) -> String {
    let seats = series.iter().map(|(_, r)| r.seats).max().unwrap_or(1);
    let groups: Vec<String> = (1..=seats).map(|s| format!("Seat {s}")).collect();
    let bars: Vec<BarSeries<'_>> = series
        .iter()
        .map(|(name, r)| BarSeries {
            name,
            bars: (0..seats)
                .map(|i| {
                    r.balance.seats.get(i).map(|s| RateBar {
                        label: String::new(),
                        rate: s.win_rate,
                        ci95: s.ci95,
                    })
                })
                .collect(),
            fair: r.balance.fair_win_rate,
        })
        .collect();
    grouped_bars("Win rate per seat, by variant", &groups, &bars)
}

/// The stronger bot's win rate overall and per seat, by variant; `None` when no variant
/// has a skill match.
pub fn skill_win_rates(series: &[Series<'_>]) -> Option<String> {
    let with: Vec<_> = series
        .iter()
        .filter_map(|(n, r)| r.skill.as_ref().map(|s| (*n, s)))
        .collect();
    let first = with.first()?.1;
    let seats = with.iter().map(|(_, s)| s.by_seat.len()).max().unwrap_or(0);
    let mut groups = vec!["all seats".to_string()];
    groups.extend((1..=seats).map(|s| format!("as seat {s}")));
    let bars: Vec<BarSeries<'_>> = with
        .iter()
        .map(|(name, s)| {
            let mut bars = vec![Some(RateBar {
                label: String::new(),
                rate: s.win_rate,
                ci95: s.ci95,
            })];
            bars.extend((0..seats).map(|i| {
                s.by_seat.get(i).map(|r| RateBar {
                    label: String::new(),
                    rate: r.win_rate,
                    ci95: r.ci95,
                })
            }));
            BarSeries {
                name,
                bars,
                fair: s.fair_win_rate,
            }
        })
        .collect();
    Some(grouped_bars(
        &format!("{} against {}, by variant", first.stronger, first.weaker),
        &groups,
        &bars,
    ))
}

/// The ways a game ends, each with its colour, and a report's count of each.
const OUTCOMES: [(&str, &str); 6] = [
    ("decisive", "#4e79a7"),
    ("draws by the rules", "#f28e2b"),
    ("draws by repetition", "#76b7b2"),
    ("first place shared", "#59a14f"),
    ("draws at the ply limit", "#edc948"),
    ("unfinished", "#e15759"),
];

fn outcome_counts(r: &AnalysisReport) -> [u64; 6] {
    let o = &r.balance.outcomes;
    [
        o.decisive,
        o.rules_draws,
        o.repetition_draws,
        o.shared_wins,
        o.ply_limit_draws,
        o.unfinished,
    ]
}

/// How games end: a bar per variant, split into the shares of each way of ending (the ways
/// no variant saw are left out of the legend on the right).
pub fn outcomes(series: &[Series<'_>]) -> String {
    let seen: Vec<usize> = (0..OUTCOMES.len())
        .filter(|&i| series.iter().any(|(_, r)| outcome_counts(r)[i] > 0))
        .collect();
    let legend_w = seen
        .iter()
        .map(|&i| text_width(OUTCOMES[i].0, 12.0))
        .fold(0.0, f64::max)
        + 44.0;
    let frame = Frame {
        x0: 0.0,
        x1: series.len().max(1) as f64,
        y0: 0.0,
        y1: 1.0,
        right: W - RIGHT - legend_w,
    };
    let y_ticks: Vec<(f64, String)> = ticks(0.0, 1.0, 0.2)
        .into_iter()
        .map(|v| (v, format!("{}%", (v * 100.0).round())))
        .collect();
    let mut s = frame.open("How games end, by variant", "", "share of games", &y_ticks);
    let slot = frame.x(1.0) - frame.x(0.0);
    let width = (slot * 0.55).min(120.0);
    for (k, (name, r)) in series.iter().enumerate() {
        open_series(&mut s, name);
        let games = r.balance.games.max(1) as f64;
        let x = frame.x(k as f64 + 0.5) - width / 2.0;
        let mut below = 0.0;
        for (i, n) in outcome_counts(r).into_iter().enumerate() {
            if n == 0 {
                continue;
            }
            let share = n as f64 / games;
            let (y, y_end) = (frame.y(below + share), frame.y(below));
            let _ = write!(
                s,
                r#"<rect class="outcome" x="{x:.1}" y="{y:.1}" width="{width:.1}" height="{h:.1}" fill="{c}" stroke="white"><title>{v}: {o} {n} of {g} games ({p})</title></rect>"#,
                h = y_end - y,
                c = OUTCOMES[i].1,
                v = escape(name),
                o = OUTCOMES[i].0,
                g = r.balance.games,
                p = pct(share)
            );
            let label = pct(share);
            if y_end - y >= 16.0 && text_width(&label, 12.0) + 4.0 <= width {
                let _ = write!(
                    s,
                    r#"<text x="{cx:.1}" y="{ty:.1}" text-anchor="middle" fill="{t}">{label}</text>"#,
                    cx = x + width / 2.0,
                    ty = (y + y_end) / 2.0 + 4.0,
                    t = if i == 0 || i == 5 { "white" } else { "#222" }
                );
            }
            below += share;
        }
        s.push_str("</g>");
        frame.x_label(&mut s, k as f64 + 0.5, &fit(name, slot - 8.0, 12.0));
    }
    let lx = frame.right() + 16.0;
    for (row, &i) in seen.iter().enumerate() {
        let y = TOP + 4.0 + 20.0 * row as f64;
        let _ = write!(
            s,
            r#"<rect x="{lx:.1}" y="{y:.1}" width="14" height="14" fill="{c}"/><text x="{tx:.1}" y="{ty:.1}">{o}</text>"#,
            c = OUTCOMES[i].1,
            tx = lx + 20.0,
            ty = y + 11.0,
            o = OUTCOMES[i].0
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The mean branching factor by ply of `r`, averaged over each window of two rounds (twice
/// as many plies as seats): per-ply means alternate between the seats' turns, and lines
/// drawn from them zig-zag over one another.
fn round_means(r: &AnalysisReport) -> Vec<(f64, f64)> {
    let plies = shown_plies(&r.branching);
    let w = 2 * r.seats.max(1);
    (0..plies.len().saturating_sub(w - 1))
        .map(|i| {
            let window = &plies[i..i + w];
            let ply = window.iter().map(|p| p.ply as f64).sum::<f64>() / w as f64;
            let mean = window.iter().map(|p| p.mean).sum::<f64>() / w as f64;
            (ply, mean)
        })
        .collect()
}

/// The swatch of series `k`: its colour, and a line style of its own (solid, dashed,
/// dotted) so that lines that meet stay apart.
fn styled(k: usize) -> (Swatch, &'static str, &'static str) {
    let c = COLOURS[k % COLOURS.len()];
    match k % 3 {
        0 => (Swatch::Line(c), c, ""),
        1 => (Swatch::Dashed(c), c, r#" stroke-dasharray="6 4""#),
        _ => (Swatch::Dotted(c), c, r#" stroke-dasharray="2 3""#),
    }
}

/// The mean branching factor by ply, one line per variant, each a mean over two rounds.
pub fn branching(series: &[Series<'_>]) -> String {
    let means: Vec<Vec<(f64, f64)>> = series.iter().map(|(_, r)| round_means(r)).collect();
    let last = means
        .iter()
        .flat_map(|m| m.last().map(|p| p.0))
        .fold(1.0, f64::max);
    let most = means
        .iter()
        .flat_map(|m| m.iter().map(|p| p.1))
        .fold(1.0, f64::max);
    let (frame, y_ticks) = ply_count_frame(last, most);
    let mut s = frame.open(
        "Branching factor by ply (mean over two rounds), by variant",
        "ply (decisions since the start)",
        "legal actions",
        &y_ticks,
    );
    for (k, ((name, r), m)) in series.iter().zip(&means).enumerate() {
        let points: Vec<String> = m
            .iter()
            .map(|(ply, mean)| format!("{:.1},{:.1}", frame.x(*ply), frame.y(*mean)))
            .collect();
        let (_, c, dash) = styled(k);
        open_series(&mut s, name);
        let _ = write!(
            s,
            r#"<polyline class="mean" points="{}" fill="none" stroke="{c}" stroke-width="2"{dash}><title>{n}: mean {m:.2}</title></polyline></g>"#,
            points.join(" "),
            n = escape(name),
            m = r.branching.mean
        );
    }
    for v in ticks(0.0, last, tick_step(last, 10).max(1.0)) {
        frame.x_label(&mut s, v, &number(v));
    }
    let entries: Vec<(Swatch, String)> = series
        .iter()
        .enumerate()
        .map(|(k, (n, r))| (styled(k).0, format!("{n} (mean {:.2})", r.branching.mean)))
        .collect();
    legend_row(&mut s, &entries);
    s.push_str("</svg>\n");
    s
}
