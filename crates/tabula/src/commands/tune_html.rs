//! The HTML report of `tabula tune --out DIR`, in the style of `tabula analyze --html`: the
//! best setting with its interval, a sensitivity plot per parameter searched, every setting
//! tried, every round, and the text report; beside it `report.json` and the plots as SVG.

use super::analyze_html::{STYLE, table, with_contents};
use super::plots::escape;
use super::plots::tune::{Point, sensitivity};
use super::tune::{TuneArgs, Tuned, tuned_text};
use super::tune_params::label_of;
use anyhow::{Context, Result};
use serde_json::Value;
use std::fmt::Write;
use std::path::Path;
use tabula_ai::analysis::tune::Estimate;

fn figure(e: Option<Estimate>) -> [String; 2] {
    match e {
        Some(e) => [
            format!("{:.3}", e.value),
            format!("{:.3} – {:.3}", e.ci95[0], e.ci95[1]),
        ],
        None => ["—".into(), "no data".into()],
    }
}

/// Better of two figures for the objective (`true`: `a` is better).
fn better(maximise: bool, a: &Estimate, b: &Estimate) -> bool {
    // The one with more games first: its figure is the surer.
    if a.games != b.games {
        return a.games > b.games;
    }
    if maximise {
        a.value > b.value
    } else {
        a.value < b.value
    }
}

/// The sensitivity plots, one per parameter with two values or more, by file name.
pub fn plots(t: &Tuned) -> Vec<(String, String)> {
    let last = t.search.last(t.settings.len());
    let best = &t.settings[t.search.best];
    let maximise = t.objective.maximise();
    let mut out = Vec::new();
    for (k, axis) in t.axes.iter().enumerate() {
        if axis.values.len() < 2 {
            continue;
        }
        let points: Vec<Point> = (0..axis.values.len())
            .map(|v| {
                let mut found: Option<Estimate> = None;
                for (s, setting) in t.settings.iter().enumerate() {
                    let e = last[s].and_then(|x| x.estimate);
                    if setting[k] == v
                        && let Some(e) = e
                        && found.is_none_or(|f| better(maximise, &e, &f))
                    {
                        found = Some(e);
                    }
                }
                Point {
                    label: axis.values[v].0.clone(),
                    estimate: found,
                    best: best[k] == v,
                }
            })
            .collect();
        let name: String = axis
            .key
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .collect();
        out.push((
            format!("sensitivity_{name}.svg"),
            sensitivity(
                &axis.key,
                &t.objective.to_string(),
                &t.objective.figure(),
                &points,
            ),
        ));
    }
    out
}

/// The page.
pub fn html(t: &Tuned, args: &TuneArgs, svgs: &[(String, String)]) -> String {
    let mut h = String::new();
    let best = t.search.best;
    let last = t.search.last(t.settings.len());
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title} — \
         tuning</title><style>{STYLE}</style></head><body>\n<h1>{title} — tuning for {o}</h1>\n\
         <p>{n} settings, bot <code>{b}</code>, seed {seed}, successive halving: {g} of {budget} \
         games played, stopped: {stop}; {e:.1} s. How to read this report: \
         <code>docs/analyze.md</code>.</p>\n",
        title = escape(&t.title),
        o = escape(&t.objective.to_string()),
        n = t.settings.len(),
        b = escape(&args.bot),
        seed = args.seed,
        g = t.search.games,
        budget = args.budget,
        stop = t.search.stopped,
        e = t.elapsed_s,
    );
    h.push_str("<h2>Best setting</h2>\n");
    let [v, ci] = figure(last[best].and_then(|x| x.estimate));
    let games = last[best]
        .and_then(|x| x.estimate)
        .map_or(0, |e| e.games)
        .to_string();
    let way = if t.objective.maximise() {
        "higher is better"
    } else {
        "lower is better"
    };
    table(
        &mut h,
        &[
            "setting",
            "games",
            &format!("{} ({way})", t.objective.figure()),
            "95% interval",
        ],
        &[vec![label_of(&t.axes, &t.settings[best]), games, v, ci]],
    );
    if let Some(r) = &t.reports[best] {
        let rates: Vec<String> = r
            .balance
            .seats
            .iter()
            .map(|s| format!("seat {} {:.1}%", s.seat, 100.0 * s.win_rate))
            .collect();
        let _ = writeln!(
            h,
            "<p>Its win rates: {}; fair share {:.1}%; mean length {:.1} plies.</p>",
            rates.join(", "),
            100.0 * r.balance.fair_win_rate,
            r.length.mean
        );
    }
    h.push_str("<h2>Sensitivity</h2>\n<p>For each value of a parameter, the best setting measured with it (the figure of its last round; the best setting's value in red).</p>\n");
    for (_, svg) in svgs {
        let _ = writeln!(h, "{svg}");
    }
    h.push_str("<h2>Every setting tried</h2>\n");
    let rows: Vec<Vec<String>> = (0..t.settings.len())
        .map(|s| {
            let e = last[s].and_then(|x| x.estimate);
            let [v, ci] = figure(e);
            let status = match last[s] {
                _ if s == best => "best".to_string(),
                Some(x) if !x.kept => format!("dropped after round {}", x.round + 1),
                _ => "kept".to_string(),
            };
            vec![
                label_of(&t.axes, &t.settings[s]),
                e.map_or(0, |e| e.games).to_string(),
                v,
                ci,
                status,
            ]
        })
        .collect();
    table(
        &mut h,
        &["setting", "games", "figure", "95% interval", "status"],
        &rows,
    );
    h.push_str("<h2>Rounds</h2>\n");
    let rows: Vec<Vec<String>> = t
        .search
        .trials
        .iter()
        .map(|x| {
            let [v, ci] = figure(x.estimate);
            vec![
                (x.round + 1).to_string(),
                label_of(&t.axes, &t.settings[x.setting]),
                x.estimate.map_or(0, |e| e.games).to_string(),
                v,
                ci,
                if x.kept { "kept" } else { "dropped" }.to_string(),
            ]
        })
        .collect();
    table(
        &mut h,
        &["round", "setting", "games", "figure", "95% interval", ""],
        &rows,
    );
    let _ = write!(
        h,
        "<h2>Text report</h2>\n<pre>{}</pre>\n</body></html>\n",
        escape(&tuned_text(t, args))
    );
    with_contents(&h)
}

/// Writes `index.html`, `report.json` and the sensitivity plots into `dir` (created if
/// missing).
pub fn write(dir: &Path, t: &Tuned, args: &TuneArgs, json: &Value) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let svgs = plots(t);
    let put = |name: &str, text: &str| -> Result<()> {
        let path = dir.join(name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
    };
    for (name, svg) in &svgs {
        put(name, svg)?;
    }
    put("report.json", &(serde_json::to_string_pretty(json)? + "\n"))?;
    put("index.html", &html(t, args, &svgs))
}
