//! `tabula tune <game> --param key=RANGE… --objective … --budget GAMES`: searches the rule
//! parameters for the setting that best meets an objective by successive halving
//! ([`tabula_ai::analysis::tune`]), each setting's games played on every core with the
//! analysis's seeds (the same seed gives the same search). Prints every setting tried and
//! the best, as text or JSON; with `--out DIR`, an HTML report with a sensitivity plot per
//! parameter (`tune_html`).

use super::analyze_variants::played_with;
use super::simulate::{MATCH_RACE, match_config};
use super::tune_params::{Axis, Setting, label_of, params_of, parse_axes, settings};
use crate::find;
use anyhow::{Context, Result, anyhow};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;
use tabula_ai::AnalysisReport;
use tabula_ai::analysis::AnalysisOptions;
use tabula_ai::analysis::records::GameRow;
use tabula_ai::analysis::tune::{Objective, Search, successive_halving};
use tabula_ai::arena::Evaluation;
use tabula_core::rng_from_seed;
use tabula_registry::{GameEntry, Setup};

/// The arguments of `tabula tune`.
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    pub game: String,
    /// A parameter and the values to try: `key=3..6`, `key=a,b,c`, `key=*` (every word it
    /// offers), `swap_values=[1,2];[1,2,3]`, `board=a.json,b.json`; one value holds it fixed.
    #[arg(long = "param", value_name = "KEY=RANGE", required = true)]
    pub params: Vec<String>,
    /// What to look for: balance, draws, length=PLIES, drama, decisiveness, lead-changes.
    #[arg(long, default_value = "balance")]
    pub objective: String,
    /// Games to spend in all, over every setting and round.
    #[arg(long, value_name = "GAMES", default_value_t = 2000)]
    pub budget: usize,
    /// The bot in every seat.
    #[arg(long, value_name = "SPEC", default_value = "casual")]
    pub bot: String,
    /// The bot valuing every position, for the objectives from the dynamics (default
    /// mcts:iterations=500; off for the others).
    #[arg(long, value_name = "SPEC")]
    pub evaluator: Option<String>,
    /// Games played at once (default: every core).
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// The same seed gives the same games and the same search, whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start every game from a random setup instead of the placement setup.
    #[arg(long)]
    pub random_setup: bool,
    /// Write index.html, report.json and the sensitivity plots into this directory.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print the report as JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A search's result with what the report shows of it.
pub struct Tuned {
    pub title: String,
    pub objective: Objective,
    pub axes: Vec<Axis>,
    pub settings: Vec<Setting>,
    pub search: Search,
    /// Each setting's last analysis (`None`: never measured).
    pub reports: Vec<Option<AnalysisReport>>,
    pub elapsed_s: f64,
}

/// Runs the search of `args` (no output).
pub fn search(args: &TuneArgs) -> Result<Tuned> {
    let entry = find(&args.game)?;
    let objective = Objective::parse(&args.objective).map_err(|e| anyhow!("--objective: {e}"))?;
    let axes = parse_axes(entry, &args.params)?;
    let all = settings(&axes);
    // Only the objectives from the dynamics pay for an evaluator.
    let evaluator = match (&args.evaluator, objective.needs_dynamics()) {
        (Some(e), _) => Some(e.as_str()),
        (None, true) => None,
        (None, false) => Some("off"),
    };
    let evaluation = Evaluation::from_option(evaluator).map_err(|e| anyhow!("--evaluator: {e}"))?;
    let base = match_config(1, args.threads, args.seed, args.random_setup)?;
    // Every setting is checked before any game is played.
    for s in &all {
        let params = params_of(&axes, s);
        let (params, _) = played_with(entry, &params, &base);
        entry
            .new_game(&params, Setup::Placement, &mut rng_from_seed(0))
            .with_context(|| format!("the setting {}", label_of(&axes, s)))?;
    }
    let start = Instant::now();
    let rows: Vec<Mutex<Vec<GameRow>>> = all.iter().map(|_| Mutex::new(Vec::new())).collect();
    let mut reports: Vec<Option<AnalysisReport>> = vec![None; all.len()];
    let mut measure = |s: usize, games: usize| -> Result<_> {
        let report = play(entry, args, &axes, &all[s], games, &evaluation, &rows[s])?;
        let estimate = objective.measure(&report);
        reports[s] = Some(report);
        Ok(estimate)
    };
    let search = successive_halving(all.len(), args.budget, objective.maximise(), &mut |s, g| {
        measure(s, g).map_err(|e| format!("{e:#}"))
    })
    .map_err(|e| anyhow!(e))?;
    Ok(Tuned {
        title: entry.info().description.title.to_string(),
        objective,
        axes,
        settings: all,
        search,
        reports,
        elapsed_s: start.elapsed().as_secs_f64(),
    })
}

/// Plays games `0..games` of one setting, keeping those in `rows` (played before).
fn play(
    entry: &dyn GameEntry,
    args: &TuneArgs,
    axes: &[Axis],
    setting: &[usize],
    games: usize,
    evaluation: &Evaluation,
    rows: &Mutex<Vec<GameRow>>,
) -> Result<AnalysisReport> {
    let config = match_config(games, args.threads, args.seed, args.random_setup)?;
    let (params, config) = played_with(entry, &params_of(axes, setting), &config);
    let known = rows.lock().expect("rows").clone();
    let on_game = |row: &GameRow| rows.lock().expect("rows").push(row.clone());
    let options = AnalysisOptions {
        evaluation: evaluation.clone(),
        known,
        on_game: Some(&on_game),
        ..AnalysisOptions::default()
    };
    let label = label_of(axes, setting);
    eprintln!("{label}: {games} games");
    let report = entry.analyze(&params, &args.bot, None, &config, &options, &|_, _, _| {})?;
    Ok(report)
}

/// Each setting's last figure, as a table row per setting: the setting, games, figure,
/// interval, and how far it went.
fn outcome(t: &Tuned, s: usize) -> (String, Value) {
    let last = t.search.last(t.settings.len())[s];
    let rounds = t.search.trials.iter().filter(|x| x.setting == s).count();
    let status = match last {
        _ if s == t.search.best => "best".to_string(),
        Some(x) if !x.kept => format!("dropped after round {}", x.round + 1),
        _ => "kept".to_string(),
    };
    let estimate = last.and_then(|x| x.estimate);
    let v = json!({
        "setting": label_of(&t.axes, &t.settings[s]),
        "params": Value::Object(
            t.axes.iter().zip(&t.settings[s])
                .map(|(a, &i)| (a.key.clone(), Value::from(a.values[i].0.clone())))
                .collect()
        ),
        "games": estimate.map_or(0, |e| e.games),
        "rounds": rounds,
        "estimate": estimate,
        "status": status,
    });
    (status, v)
}

/// The report as JSON: the search, every setting tried, the best with its analysis.
pub fn tuned_json(t: &Tuned, args: &TuneArgs) -> Result<Value> {
    let settings: Vec<Value> = (0..t.settings.len()).map(|s| outcome(t, s).1).collect();
    let best = t.search.best;
    let best_report = match &t.reports[best] {
        Some(r) => tabula_registry::analysis_json(
            r,
            &t.title,
            &params_of(&t.axes, &t.settings[best]),
            &[],
            args.random_setup,
            MATCH_RACE,
        )?,
        None => Value::Null,
    };
    let axes: BTreeMap<&str, Vec<&str>> = t
        .axes
        .iter()
        .map(|a| {
            (
                a.key.as_str(),
                a.values.iter().map(|v| v.0.as_str()).collect(),
            )
        })
        .collect();
    Ok(json!({
        "game": args.game,
        "title": t.title,
        "objective": t.objective.to_string(),
        "maximise": t.objective.maximise(),
        "bot": args.bot,
        "seed": args.seed,
        "budget": args.budget,
        "games_played": t.search.games,
        "stopped": t.search.stopped,
        "params": axes,
        "best": settings[best],
        "settings": settings,
        "trials": t.search.trials,
        "best_report": best_report,
        "elapsed_s": t.elapsed_s,
    }))
}

/// The report as text: every setting tried, then the best.
pub fn tuned_text(t: &Tuned, args: &TuneArgs) -> String {
    let mut out = format!(
        "{} — tuning for {} ({} settings, {} bot, seed {}): {} of {} games played, stopped: {}\n\n",
        t.title,
        t.objective,
        t.settings.len(),
        args.bot,
        args.seed,
        t.search.games,
        args.budget,
        t.search.stopped
    );
    let width = (0..t.settings.len())
        .map(|s| label_of(&t.axes, &t.settings[s]).chars().count())
        .max()
        .unwrap_or(7)
        .max(7);
    out += &format!(
        "{:<width$}  {:>6}  {:>8}  {:>19}  status\n",
        "setting", "games", "figure", "95% interval"
    );
    for s in 0..t.settings.len() {
        let (status, v) = outcome(t, s);
        let label = label_of(&t.axes, &t.settings[s]);
        let (figure, interval) = match v["estimate"].as_object() {
            Some(e) => (
                format!("{:.3}", e["value"].as_f64().unwrap_or(f64::NAN)),
                format!(
                    "{:.3} – {:.3}",
                    e["ci95"][0].as_f64().unwrap_or(f64::NAN),
                    e["ci95"][1].as_f64().unwrap_or(f64::NAN)
                ),
            ),
            None => ("—".into(), "no data".into()),
        };
        out += &format!(
            "{label:<width$}  {:>6}  {figure:>8}  {interval:>19}  {status}\n",
            v["games"].as_u64().unwrap_or(0)
        );
    }
    let best = t.search.best;
    out += &format!(
        "\nBest for {}: {}\n",
        t.objective,
        label_of(&t.axes, &t.settings[best])
    );
    out
}

/// `tabula tune`.
pub fn tune(args: TuneArgs) -> Result<()> {
    let tuned = search(&args)?;
    let json = tuned_json(&tuned, &args)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&json)?);
    } else {
        print!("{}", tuned_text(&tuned, &args));
    }
    if let Some(dir) = &args.out {
        super::tune_html::write(dir, &tuned, &args, &json)?;
        super::analyze_html::announce(args.json, &dir.join("index.html"));
    }
    Ok(())
}

#[cfg(test)]
#[path = "tune_tests.rs"]
mod tests;
