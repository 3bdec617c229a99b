//! `tabula analyze`: the designers' balance report (seat balance, game length, branching
//! factor, skill; see `docs/analyze.md`). Tables on standard output (or the report as JSON
//! with `--json`); with `--out DIR`, the SVG plots, `report.json` and a self-contained
//! `index.html` showing them.

use super::plots::{self, escape};
use super::simulate::{match_config, progress_bar};
use crate::opts::ParamOpts;
use anyhow::{Context, Result};
use serde_json::Value;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tabula_ai::AnalysisReport;
use tabula_registry::find;

pub struct AnalyzeArgs<'a> {
    pub game: &'a str,
    pub players: Option<usize>,
    pub games: usize,
    pub bot: &'a str,
    /// `None`: no skill match.
    pub weaker: Option<&'a str>,
    pub threads: Option<usize>,
    pub seed: u64,
    pub out: Option<&'a Path>,
    pub json: bool,
    pub random_setup: bool,
    pub params: &'a ParamOpts,
}

pub fn analyze(args: AnalyzeArgs<'_>) -> Result<()> {
    let entry = find(args.game)?;
    let config = match_config(args.games, args.threads, args.seed, args.random_setup)?;
    let params = args.params.to_json(args.players)?;
    let bar = progress_bar(
        args.games,
        "{msg:>12} {bar:40} {pos}/{len} games, eta {eta}",
    );
    let phase = Mutex::new(None);
    let report = entry.analyze(&params, args.bot, args.weaker, &config, &|p, done, _| {
        let mut current = phase.lock().expect("phase");
        if *current != Some(p) {
            *current = Some(p);
            bar.set_message(p.to_string());
        }
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let report = report?;
    let json = full_json(&report, entry.info().title, &params, &args)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&json)?);
    } else {
        print!("{}", report.table());
    }
    if let Some(dir) = args.out {
        write_files(dir, &report, entry.info().title, &json)?;
        let index = dir.join("index.html");
        if args.json {
            eprintln!("Report and plots written to {}", index.display());
        } else {
            println!("\nReport and plots written to {}", index.display());
        }
    }
    Ok(())
}

/// The report as JSON with the game's title and the parameters it was played with (a board
/// file is named by its path, not copied).
fn full_json(
    report: &AnalysisReport,
    title: &str,
    params: &Value,
    args: &AnalyzeArgs<'_>,
) -> Result<Value> {
    let mut params = params.clone();
    params["players"] = Value::from(report.seats);
    if let Some(board) = &args.params.board {
        params["board"] = Value::from(board.display().to_string());
    }
    let mut json = serde_json::to_value(report)?;
    json["title"] = Value::from(title);
    json["params"] = params;
    json["random_setup"] = Value::from(args.random_setup);
    Ok(json)
}

/// Writes the plots, `report.json` and `index.html` into `dir` (created if missing).
fn write_files(dir: &Path, report: &AnalysisReport, title: &str, json: &Value) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut svgs = vec![
        ("seat_win_rates.svg", plots::seat_win_rates(report)),
        ("game_length.svg", plots::length_histogram(report)),
        ("branching.svg", plots::branching_by_ply(report)),
    ];
    if let Some(svg) = plots::skill_win_rates(report) {
        svgs.push(("skill.svg", svg));
    }
    let write = |name: &str, text: &str| -> Result<PathBuf> {
        let path = dir.join(name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        Ok(path)
    };
    for (name, svg) in &svgs {
        write(name, svg)?;
    }
    write("report.json", &(serde_json::to_string_pretty(json)? + "\n"))?;
    write("index.html", &html(report, title, json, &svgs))?;
    Ok(())
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn ci(c: [f64; 2]) -> String {
    format!("{} – {}", pct(c[0]), pct(c[1]))
}

fn row(out: &mut String, cells: &[String]) {
    out.push_str("<tr>");
    for c in cells {
        let _ = write!(out, "<td>{}</td>", escape(c));
    }
    out.push_str("</tr>\n");
}

fn table(out: &mut String, head: &[&str], rows: &[Vec<String>]) {
    out.push_str("<table><tr>");
    for h in head {
        let _ = write!(out, "<th>{}</th>", escape(h));
    }
    out.push_str("</tr>\n");
    for r in rows {
        row(out, r);
    }
    out.push_str("</table>\n");
}

const STYLE: &str = "body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;\
color:#222}table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;\
padding:.25rem .6rem;text-align:right}th{background:#f3f3f3}svg{max-width:100%;height:auto;\
display:block;margin:1rem 0}pre{background:#f6f6f6;padding:1rem;overflow:auto}";

/// The self-contained HTML report: settings, tables, the plots inlined, the text report.
fn html(report: &AnalysisReport, title: &str, json: &Value, svgs: &[(&str, String)]) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t} — balance \
         analysis</title><style>{STYLE}</style></head><body>\n<h1>{t} — balance analysis</h1>\n\
         <p>{g} games per match, {s} seats, bot <code>{b}</code>, seed {seed}, parameters \
         <code>{p}</code>, {e:.1} s. How to read this report: <code>docs/analyze.md</code>.</p>\n",
        t = escape(title),
        g = report.games,
        s = report.seats,
        b = escape(&report.bot),
        seed = report.seed,
        p = escape(&json["params"].to_string()),
        e = report.elapsed_s
    );
    let svg = |name: &str| {
        svgs.iter()
            .find(|(n, _)| *n == name)
            .map_or(String::new(), |(_, s)| s.clone())
    };
    let b = &report.balance;
    h.push_str("<h2>Seat balance</h2>\n");
    h.push_str(&svg("seat_win_rates.svg"));
    let rows: Vec<Vec<String>> = b
        .seats
        .iter()
        .map(|s| {
            vec![
                s.seat.to_string(),
                s.wins.to_string(),
                pct(s.win_rate),
                ci(s.ci95),
                s.verdict.describe(false).to_string(),
                format!("{:.1}", s.decisions_per_game),
                format!("{:.2}", s.mean_branching),
            ]
        })
        .collect();
    let fair = format!("vs fair {}", pct(b.fair_win_rate));
    let head = [
        "seat",
        "wins",
        "win rate",
        "95% interval",
        &fair,
        "decisions/game",
        "branching",
    ];
    table(&mut h, &head, &rows);
    let o = &b.outcomes;
    let rows = vec![
        vec!["decisive".to_string(), o.decisive.to_string()],
        vec!["draws by the rules".to_string(), o.rules_draws.to_string()],
        vec![
            "draws by repetition".to_string(),
            o.repetition_draws.to_string(),
        ],
        vec!["first place shared".to_string(), o.shared_wins.to_string()],
        vec![
            "draws at the ply limit".to_string(),
            o.ply_limit_draws.to_string(),
        ],
        vec!["unfinished".to_string(), o.unfinished.to_string()],
    ];
    table(&mut h, &["games ended", "games"], &rows);
    if o.unfinished > 0 {
        let _ = writeln!(
            h,
            "<p><strong>{}</strong></p>",
            escape(&report.unfinished_warning())
        );
    }
    let l = &report.length;
    let _ = writeln!(
        h,
        "<h2>Game length</h2>\n<p>{} games that ended.</p>",
        l.games
    );
    h.push_str(&svg("game_length.svg"));
    let cells = [l.mean, l.median, l.min as f64, l.max as f64].map(|v| format!("{v:.1}"));
    table(&mut h, &["mean", "median", "min", "max"], &[cells.to_vec()]);
    let br = &report.branching;
    h.push_str("<h2>Branching factor</h2>\n");
    h.push_str(&svg("branching.svg"));
    let cells = vec![
        format!("{:.2}", br.mean),
        br.max.to_string(),
        pct(br.forced_share),
        format!("{:.1}", br.decisions_per_game),
        format!("10^{:.1}", br.log10_game_tree),
    ];
    let head = ["mean", "max", "forced", "decisions/game", "game tree"];
    table(&mut h, &head, &[cells]);
    if let Some(s) = &report.skill {
        let _ = writeln!(
            h,
            "<h2>Skill</h2>\n<p><code>{}</code> against <code>{}</code>: wins {} ({}) of {} \
             games; {} if skill made no difference: <strong>{}</strong>.</p>",
            escape(&s.stronger),
            escape(&s.weaker),
            pct(s.win_rate),
            ci(s.ci95),
            s.games,
            pct(s.fair_win_rate),
            s.verdict.describe(true)
        );
        h.push_str(&svg("skill.svg"));
    }
    let _ = write!(
        h,
        "<h2>Text report</h2>\n<pre>{}</pre>\n</body></html>\n",
        escape(&report.table())
    );
    h
}
