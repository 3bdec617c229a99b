//! The skill-ladder plot of `tabula analyze --ladder`: each level's cumulative Elo (the
//! first level at 0) with the interval as error bars, levels left to right in ladder order.

use super::{BLUE, Frame, LEFT, RIGHT, W, escape, fit, number, tick_step, ticks};
use std::fmt::Write;
use tabula_ai::analysis::ladder::{Ladder, elo_text};

/// Cumulative Elo against level, with error bars and a point per level.
pub fn skill_ladder(l: &Ladder) -> String {
    let lo = l
        .levels
        .iter()
        .flat_map(|v| [v.elo_ci95[0], v.elo])
        .filter(|e| e.is_finite())
        .fold(0.0f64, f64::min);
    let hi = l
        .levels
        .iter()
        .flat_map(|v| [v.elo_ci95[1], v.elo])
        .filter(|e| e.is_finite())
        .fold(0.0f64, f64::max);
    let span = (hi - lo).max(1.0);
    let step = tick_step(span, 6).max(1.0);
    let (y0, y1) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    let y1 = if y1 <= y0 { y0 + step } else { y1 };
    let frame = Frame {
        x0: 0.0,
        x1: l.levels.len().max(1) as f64,
        y0,
        y1,
        right: W - RIGHT,
    };
    let y_ticks: Vec<(f64, String)> = ticks(y0, y1, step)
        .into_iter()
        .map(|v| {
            let n = number(v);
            (v, if v > 0.0 { format!("+{n}") } else { n })
        })
        .collect();
    let mut s = frame.open(
        "Skill ladder: Elo against level",
        "level",
        "cumulative Elo (95% interval)",
        &y_ticks,
    );
    let slot = (W - LEFT - RIGHT) / l.levels.len().max(1) as f64;
    let mut path = String::new();
    for (i, v) in l.levels.iter().enumerate() {
        let cx = frame.x(i as f64 + 0.5);
        // An unbounded end (a score of 0 or 1) runs to the edge of the plot.
        let (y, ylo, yhi) = (
            frame.y(v.elo),
            frame.y(v.elo_ci95[0].max(y0)),
            frame.y(v.elo_ci95[1].min(y1)),
        );
        let _ = write!(path, "{}{cx:.1} {y:.1}", if i == 0 { "M" } else { "L" });
        let _ = write!(
            s,
            r#"<path class="whisker" d="M{cx:.1} {ylo:.1}V{yhi:.1}M{l:.1} {ylo:.1}H{r:.1}M{l:.1} {yhi:.1}H{r:.1}" stroke="black" stroke-width="1.5" fill="none"/><circle class="level" cx="{cx:.1}" cy="{y:.1}" r="4" fill="{BLUE}"><title>{name}: {e:+.0} Elo ({a} – {b})</title></circle>"#,
            l = cx - 6.0,
            r = cx + 6.0,
            name = escape(&v.level),
            e = v.elo,
            a = elo_text(v.elo_ci95[0]),
            b = elo_text(v.elo_ci95[1]),
        );
        frame.x_label(&mut s, i as f64 + 0.5, &fit(&v.level, slot - 6.0, 12.0));
    }
    let _ = write!(
        s,
        r#"<path d="{path}" stroke="{BLUE}" stroke-width="2" fill="none"/>"#
    );
    s.push_str("</svg>\n");
    s
}
