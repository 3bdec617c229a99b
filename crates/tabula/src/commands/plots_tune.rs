//! The sensitivity plots of `tabula tune`: for one parameter, each value it was tried with
//! and the objective's figure of the best setting measured with that value (a point with
//! its 95% interval as whiskers), the best value's point in red.

use super::{BLUE, Frame, RED, RIGHT, W, escape, fit, tick_step, ticks};
use std::fmt::Write;
use tabula_ai::analysis::tune::Estimate;

/// One value of the parameter: its label, the best figure measured with it (`None`: no
/// setting with it gave one), and whether it is the search's best value.
pub struct Point {
    pub label: String,
    pub estimate: Option<Estimate>,
    pub best: bool,
}

/// The objective's figure (`objective`, described by `figure`) against the values of
/// parameter `param`.
pub fn sensitivity(param: &str, objective: &str, figure: &str, points: &[Point]) -> String {
    let ends = points
        .iter()
        .filter_map(|p| p.estimate)
        .flat_map(|e| [e.ci95[0], e.ci95[1], e.value])
        .filter(|v| v.is_finite());
    let (lo, hi) = ends.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    let (lo, hi) = if lo.is_finite() {
        (lo.min(0.0), hi)
    } else {
        (0.0, 1.0)
    };
    let step = tick_step((hi - lo).max(1e-6), 6);
    let (y0, y1) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    let y1 = if y1 <= y0 { y0 + step } else { y1 };
    let frame = Frame {
        x0: 0.0,
        x1: points.len().max(1) as f64,
        y0,
        y1,
        right: W - RIGHT,
    };
    // Enough decimals to tell the ticks apart.
    let decimals = (-step.log10().floor()).max(0.0) as usize;
    let y_ticks: Vec<(f64, String)> = ticks(y0, y1, step)
        .into_iter()
        .map(|v| (v, format!("{v:.decimals$}")))
        .collect();
    let mut s = frame.open(
        &format!("{objective} against {param} (best setting with each value)"),
        param,
        &format!("{figure} (95% interval)"),
        &y_ticks,
    );
    let slot = (W - super::LEFT - RIGHT) / points.len().max(1) as f64;
    for (i, p) in points.iter().enumerate() {
        let cx = frame.x(i as f64 + 0.5);
        if let Some(e) = p.estimate {
            let (y, ylo, yhi) = (frame.y(e.value), frame.y(e.ci95[0]), frame.y(e.ci95[1]));
            let colour = if p.best { RED } else { BLUE };
            let _ = write!(
                s,
                r#"<g class="value" data-value="{name}"><path class="whisker" d="M{cx:.1} {ylo:.1}V{yhi:.1}M{l:.1} {ylo:.1}H{r:.1}M{l:.1} {yhi:.1}H{r:.1}" stroke="black" stroke-width="1.5" fill="none"/><circle cx="{cx:.1}" cy="{y:.1}" r="5" fill="{colour}"><title>{name}: {v:.3} ({a:.3} – {b:.3}), {g} games</title></circle></g>"#,
                l = cx - 6.0,
                r = cx + 6.0,
                name = escape(&p.label),
                v = e.value,
                a = e.ci95[0],
                b = e.ci95[1],
                g = e.games,
            );
        }
        frame.x_label(&mut s, i as f64 + 0.5, &fit(&p.label, slot - 6.0, 12.0));
    }
    s.push_str("</svg>\n");
    s
}
