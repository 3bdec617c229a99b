//! `tabula analyze`: the designers' balance report (seat balance, game length, branching
//! factor, skill; see `docs/analyze.md`). Tables on standard output (or the report as JSON
//! with `--json`); with `--out DIR`, the SVG plots, `report.json` and a self-contained
//! `index.html` showing them. With `--variant` given twice or more, every variant is
//! analysed on the same seeds and compared side by side (`analyze_variants`); game rows go
//! to `--records`/`--csv` as they end (`analyze_records`).

use super::analyze_html::{
    STYLE, announce, ci, coverage_html, dynamics_html, ladder_html, ludii_html, pct,
    seat_tests_html, table, with_contents,
};
use super::analyze_ladder::{parse_ladder, run_ladder};
use super::analyze_records::{LogProgress, RecordSink, RunRules};
use super::analyze_variants::{Variant, comparison_html, overlays, parse_variants};
use super::plots::{self, escape};
use super::simulate::{MATCH_RACE, match_config, progress_bar};
use crate::find;
use crate::opts::ParamOpts;
use anyhow::{Context, Result, anyhow, bail};
use serde_json::Value;
use std::fmt::Write;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;
use tabula_ai::AnalysisReport;
use tabula_ai::analysis::compare::{Comparison, compare};
use tabula_ai::analysis::ladder::Ladder;
use tabula_ai::analysis::records::GameRow;
use tabula_ai::analysis::{AnalysisOptions, Phase};
use tabula_ai::arena::Evaluation;
use tabula_registry::GameEntry;

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
    /// The bot that values every position, `players` (the playing bots' own searches) or
    /// `off` (`None`: [`tabula_ai::arena::DEFAULT_EVALUATOR`]).
    pub evaluator: Option<&'a str>,
    pub decisive_threshold: f64,
    pub records: Option<&'a Path>,
    pub csv: Option<&'a Path>,
    pub resume: bool,
    /// `NAME:key=value,…` each.
    pub variants: &'a [String],
    /// `--ladder`: comma-separated levels, each played against the next.
    pub ladder: Option<&'a str>,
    /// `--from-db`: the server's store to read matches between people from.
    pub from_db: Option<&'a str>,
}

/// One analysed variant: its settings, report and game rows.
struct Analysed<'v> {
    variant: &'v Variant,
    report: AnalysisReport,
    rows: Vec<GameRow>,
}

pub fn analyze(args: AnalyzeArgs<'_>) -> Result<()> {
    let entry = find(args.game)?;
    if let Some(db) = args.from_db {
        return super::analyze_db::run(entry, db, args.players, args.json);
    }
    let mut config = match_config(args.games, args.threads, args.seed, args.random_setup)?;
    // The records hold every move, so that openings can be studied and games replayed.
    config.record_moves = args.records.is_some();
    let base = args.params.to_json(args.players)?;
    let files = args.params.files();
    let variants = if args.variants.is_empty() {
        vec![Variant {
            name: String::new(),
            params: base,
            files,
        }]
    } else {
        parse_variants(args.variants, &base, &files, entry.info().params)?
    };
    let evaluation =
        Evaluation::from_option(args.evaluator).map_err(|e| anyhow!("--evaluator: {e}"))?;
    let ladder = args.ladder.map(|l| parse_ladder(entry, l)).transpose()?;
    if ladder.is_some() && variants.len() > 1 {
        bail!("--ladder takes one variant, not {}", variants.len());
    }
    let named: Vec<(String, Value)> = variants
        .iter()
        .map(|v| (v.name.clone(), v.params.clone()))
        .collect();
    let mut rules = RunRules::new(entry, &named, args.random_setup, args.weaker.is_some())?;
    let (sink, known) = RecordSink::open(args.records, args.csv, args.resume, &mut rules)?;
    let mut analysed = Vec::new();
    for variant in &variants {
        let report = analyse_variant(entry, variant, &args, &config, &evaluation, &sink, &known)?;
        analysed.push(report);
    }
    if analysed.len() == 1 {
        let mut a = analysed.pop().expect("one variant");
        let ladder = match &ladder {
            Some(levels) => {
                let (params, config) =
                    super::analyze_variants::played_with(entry, &a.variant.params, &config);
                let start = std::time::Instant::now();
                let ladder = run_ladder(
                    entry,
                    &params,
                    levels,
                    a.report.seats,
                    &config,
                    &sink,
                    &known,
                )?;
                // The run's time includes the ladder's games.
                a.report.elapsed_s += start.elapsed().as_secs_f64();
                Some(ladder)
            }
            None => None,
        };
        return single_output(&a, ladder.as_ref(), entry.info().title, &args);
    }
    let comparison = compare(
        &analysed
            .iter()
            .map(|a| (a.variant.name.clone(), a.rows.clone()))
            .collect::<Vec<_>>(),
        args.decisive_threshold,
    );
    side_by_side_output(&analysed, &comparison, entry.info().title, &args)
}

fn analyse_variant<'v>(
    entry: &dyn GameEntry,
    variant: &'v Variant,
    args: &AnalyzeArgs<'_>,
    config: &tabula_ai::MatchConfig,
    evaluation: &Evaluation,
    sink: &RecordSink,
    known: &[GameRow],
) -> Result<Analysed<'v>> {
    let rows = Mutex::new(
        known
            .iter()
            .filter(|r| r.variant == variant.name)
            .cloned()
            .collect::<Vec<_>>(),
    );
    let on_game = |row: &GameRow| {
        sink.write(row);
        rows.lock().expect("rows").push(row.clone());
    };
    let options = AnalysisOptions {
        variant: variant.name.clone(),
        evaluation: evaluation.clone(),
        decisive_threshold: args.decisive_threshold,
        known: known.to_vec(),
        on_game: Some(&on_game),
    };
    let terminal = std::io::stderr().is_terminal();
    let bar = progress_bar(
        args.games,
        "{msg:>12} {bar:40} {pos}/{len} games, eta {eta}",
    );
    if !terminal {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let log = LogProgress::new(Duration::from_secs(5));
    let phase = Mutex::new(None);
    let progress = |p: Phase, done: usize, total: usize| {
        if terminal {
            let mut current = phase.lock().expect("phase");
            if *current != Some(p) {
                *current = Some(p);
                bar.set_message(p.to_string());
            }
            bar.set_position(done as u64);
        } else {
            log.tick(&variant.name, p, done, total);
        }
    };
    let (params, config) = super::analyze_variants::played_with(entry, &variant.params, config);
    let report = entry.analyze(&params, args.bot, args.weaker, &config, &options, &progress);
    bar.finish_and_clear();
    let report = report?;
    sink.check()?;
    Ok(Analysed {
        variant,
        report,
        rows: rows.into_inner().expect("rows"),
    })
}

fn single_output(
    a: &Analysed<'_>,
    ladder: Option<&Ladder>,
    title: &str,
    args: &AnalyzeArgs<'_>,
) -> Result<()> {
    let mut json = full_json(&a.report, title, a.variant, args)?;
    if let Some(l) = ladder {
        json["ladder"] = serde_json::to_value(l)?;
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&json)?);
    } else {
        print!("{}", a.report.table());
        println!("{}", tabula_ai::stats::race_line(MATCH_RACE));
        if let Some(l) = ladder {
            print!("\n{}", l.table());
        }
    }
    if let Some(dir) = args.out {
        write_files(dir, &a.report, ladder, title, &json)?;
        announce(args.json, &dir.join("index.html"));
    }
    Ok(())
}

fn side_by_side_output(
    analysed: &[Analysed<'_>],
    comparison: &Comparison,
    title: &str,
    args: &AnalyzeArgs<'_>,
) -> Result<()> {
    let variants = analysed
        .iter()
        .map(|a| full_json(&a.report, title, a.variant, args))
        .collect::<Result<Vec<Value>>>()?;
    let json = serde_json::json!({
        "game": analysed[0].report.game,
        "title": title,
        "variants": variants,
        "comparison": comparison,
    });
    if args.json {
        println!("{}", serde_json::to_string_pretty(&json)?);
    } else {
        for a in analysed {
            let first = a
                .report
                .table()
                .lines()
                .next()
                .unwrap_or_default()
                .to_string();
            println!("{first}");
        }
        println!(
            "\nVARIANTS SIDE BY SIDE (95% intervals; p: two-sample test against the first, \
             Holm-corrected)"
        );
        print!("{}", comparison.table());
    }
    if let Some(dir) = args.out {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        for (a, j) in analysed.iter().zip(&variants) {
            write_files(&dir.join(&a.variant.name), &a.report, None, title, j)?;
        }
        let reports: Vec<(&str, &AnalysisReport)> = analysed
            .iter()
            .map(|a| (a.variant.name.as_str(), &a.report))
            .collect();
        let pairs: Vec<_> = analysed.iter().map(|a| (a.variant, &a.report)).collect();
        let overlays = overlays(&reports);
        let write = |name: &str, text: &str| -> Result<()> {
            let path = dir.join(name);
            std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
        };
        for (name, svg) in &overlays {
            write(name, svg)?;
        }
        write(
            "report.json",
            &(serde_json::to_string_pretty(&json)? + "\n"),
        )?;
        write(
            "index.html",
            &comparison_html(&pairs, comparison, title, &overlays),
        )?;
        announce(args.json, &dir.join("index.html"));
    }
    Ok(())
}

/// The report as JSON with the game's title and the parameters it was played with (a board
/// file is named by its path, not copied).
fn full_json(
    report: &AnalysisReport,
    title: &str,
    variant: &Variant,
    args: &AnalyzeArgs<'_>,
) -> Result<Value> {
    let json = tabula_registry::analysis_json(
        report,
        title,
        &variant.params,
        &variant.files,
        args.random_setup,
        MATCH_RACE,
    )?;
    Ok(json)
}

/// Writes the plots, `report.json` and `index.html` into `dir` (created if missing).
fn write_files(
    dir: &Path,
    report: &AnalysisReport,
    ladder: Option<&Ladder>,
    title: &str,
    json: &Value,
) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut svgs = vec![
        ("seat_win_rates.svg", plots::seat_win_rates(report)),
        ("game_length.svg", plots::length_histogram(report)),
        ("branching.svg", plots::branching_by_ply(report)),
    ];
    if let Some(svg) = plots::skill_win_rates(report) {
        svgs.push(("skill.svg", svg));
    }
    if let Some(l) = ladder {
        svgs.push(("ladder.svg", plots::ladder::skill_ladder(l)));
    }
    if let Some(c) = &report.board_coverage {
        svgs.push(("coverage.svg", plots::coverage::board_coverage(c)));
    }
    if report.dynamics.is_some() {
        let svg = plots::dynamics::uncertainty_curves(&[(report.variant.as_str(), report)]);
        svgs.push(("uncertainty.svg", svg));
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
    write("index.html", &html(report, ladder, title, json, &svgs))?;
    Ok(())
}

/// The self-contained HTML report: settings, tables, the plots inlined, the text report.
fn html(
    report: &AnalysisReport,
    ladder: Option<&Ladder>,
    title: &str,
    json: &Value,
    svgs: &[(&str, String)],
) -> String {
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
    seat_tests_html(&mut h, b);
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
    let head = [
        "mean",
        "max",
        "forced",
        "decisions/game",
        "product of branching factors",
    ];
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
    if let Some(l) = ladder {
        ladder_html(&mut h, l, &svg("ladder.svg"));
    }
    if let Some(c) = &report.board_coverage {
        coverage_html(&mut h, c, &svg("coverage.svg"));
    }
    dynamics_html(&mut h, report, &svg("uncertainty.svg"));
    ludii_html(&mut h, report);
    let text = match ladder {
        Some(l) => format!("{}\n{}", report.table(), l.table()),
        None => report.table(),
    };
    let _ = write!(
        h,
        "<h2>Text report</h2>\n<pre>{}</pre>\n</body></html>\n",
        escape(&text)
    );
    with_contents(&h)
}
