//! Analysis with per-ply evaluations, game rows, resumed runs and batches, on Connect Four.

use std::sync::Mutex;
use tabula_ai::analysis::records::{Batch, GameRow, play_batch};
use tabula_ai::analysis::{AnalysisOptions, AnalysisReport, Phase, analyze_with};
use tabula_ai::arena::{Evaluation, MatchConfig};
use tabula_ai::{BotFactory, BotSpec};
use tabula_connect_four::{ConnectFour, Params};

fn spec(text: &str) -> BotSpec {
    text.parse().unwrap()
}

fn config(games: usize, threads: usize) -> MatchConfig {
    MatchConfig {
        games,
        threads,
        seed: 9,
        ..MatchConfig::default()
    }
}

fn run(options: &AnalysisOptions<'_>, threads: usize) -> AnalysisReport {
    let factory = BotFactory::<ConnectFour>::new().with_alphabeta();
    analyze_with(
        &Params::default(),
        &spec("mcts:iterations=60"),
        Some(&spec("random")),
        &factory,
        &config(8, threads),
        options,
        &|_, _, _| {},
    )
    .unwrap()
}

fn without_timing(mut r: AnalysisReport) -> AnalysisReport {
    r.elapsed_s = 0.0;
    r.cpu_s = 0.0;
    r.resumed_games = 0;
    r
}

fn rows_of(options: AnalysisOptions<'_>, threads: usize) -> (AnalysisReport, Vec<GameRow>) {
    let rows = Mutex::new(Vec::new());
    let sink = |row: &GameRow| rows.lock().unwrap().push(row.clone());
    let report = run(
        &AnalysisOptions {
            on_game: Some(&sink),
            ..options
        },
        threads,
    );
    let mut rows = rows.into_inner().unwrap();
    rows.sort_by_key(|r| (r.phase == Phase::Skill, r.record.index));
    (report, rows)
}

#[test]
fn players_values_give_one_value_per_ply_and_the_dynamics() {
    let options = AnalysisOptions {
        evaluation: Evaluation::Players,
        ..AnalysisOptions::default()
    };
    let (report, rows) = rows_of(options, 2);
    let d = report.dynamics.as_ref().expect("dynamics");
    assert!(d.source.starts_with("players ("), "{}", d.source);
    assert_eq!(d.games, 8);
    assert!(d.evaluated_share > 0.5, "{d:?}");
    for row in rows.iter().filter(|r| r.phase == Phase::Balance) {
        assert_eq!(row.record.evals.len() as u64, row.record.plies);
        for v in row.record.evals.iter().flatten() {
            assert_eq!(v.len(), 2);
            assert!(v.iter().all(|x| (0.0..=1.0).contains(x)), "{v:?}");
        }
    }
    // The skill match records no values.
    assert!(
        rows.iter()
            .filter(|r| r.phase == Phase::Skill)
            .all(|r| r.record.evals.is_empty())
    );
    assert_eq!(rows.len(), 16);
    assert!(report.table().contains("DYNAMICS (values from players"));
}

#[test]
fn an_evaluator_values_every_ply_and_the_end_takes_the_outcome() {
    let options = AnalysisOptions {
        evaluation: Evaluation::Evaluator(spec("mcts:iterations=40")),
        ..AnalysisOptions::default()
    };
    let (report, rows) = rows_of(options, 1);
    assert!(
        report
            .dynamics
            .unwrap()
            .source
            .starts_with("evaluator mcts:iterations=40")
    );
    for row in rows.iter().filter(|r| r.phase == Phase::Balance) {
        let evals = &row.record.evals;
        assert!(evals.iter().all(Option::is_some), "{evals:?}");
        let last = evals.last().unwrap().as_ref().unwrap();
        match row.winner {
            Some(w) => assert_eq!(last[w - 1], 1.0),
            None => assert_eq!(last, &vec![0.5, 0.5]),
        }
    }
}

#[test]
fn a_resumed_run_plays_only_the_missing_games_and_reports_the_same() {
    let base = || AnalysisOptions {
        evaluation: Evaluation::Players,
        ..AnalysisOptions::default()
    };
    let (full, rows) = rows_of(base(), 2);
    // Through their JSON lines, as a records file keeps them.
    let kept: Vec<GameRow> = rows
        .iter()
        .filter(|r| r.record.index % 3 != 1)
        .map(|r| GameRow::from_line(&r.to_line()).unwrap())
        .collect();
    let (resumed, played) = rows_of(
        AnalysisOptions {
            known: kept.clone(),
            ..base()
        },
        1,
    );
    assert_eq!(resumed.resumed_games, kept.len() as u64);
    assert_eq!(played.len(), rows.len() - kept.len());
    assert!(played.iter().all(|r| r.record.index % 3 == 1));
    assert_eq!(without_timing(resumed), without_timing(full));
}

#[test]
fn rows_of_another_run_are_refused() {
    let (_, mut rows) = rows_of(AnalysisOptions::default(), 1);
    rows[0].record.seed ^= 1;
    let factory = BotFactory::<ConnectFour>::new().with_alphabeta();
    let err = analyze_with(
        &Params::default(),
        &spec("mcts:iterations=60"),
        Some(&spec("random")),
        &factory,
        &config(8, 1),
        &AnalysisOptions {
            known: rows,
            ..AnalysisOptions::default()
        },
        &|_, _, _| {},
    )
    .unwrap_err();
    assert!(err.to_string().contains("another analysis"), "{err}");
}

#[test]
fn a_batch_gives_the_rows_of_the_local_run_byte_for_byte() {
    let evaluation = Evaluation::Players;
    let (_, rows) = rows_of(
        AnalysisOptions {
            evaluation: evaluation.clone(),
            variant: "v".into(),
            ..AnalysisOptions::default()
        },
        2,
    );
    let factory = BotFactory::<ConnectFour>::new().with_alphabeta();
    for phase in [Phase::Balance, Phase::Skill] {
        let indices = [6, 1, 3];
        let batch = Batch {
            variant: "v",
            phase,
            params: &Params::default(),
            bot: &spec("mcts:iterations=60"),
            weaker: Some(&spec("random")),
            config: &config(8, 1),
            evaluation: &evaluation,
            indices: &indices,
        };
        let got: Vec<String> = play_batch(&batch, &factory)
            .unwrap()
            .iter()
            .map(GameRow::to_line)
            .collect();
        let want: Vec<String> = indices
            .iter()
            .map(|&i| {
                rows.iter()
                    .find(|r| r.phase == phase && r.record.index == i)
                    .unwrap()
                    .to_line()
            })
            .collect();
        assert_eq!(got, want);
    }
}

/// The rows three times over (24 games, enough for the tests), numbered anew.
fn tripled(rows: &[GameRow]) -> Vec<GameRow> {
    let mut out = Vec::new();
    for k in 0..3 {
        for r in rows.iter().filter(|r| r.phase == Phase::Balance) {
            let mut r = r.clone();
            r.record.index += k * 100;
            out.push(r);
        }
    }
    out
}

#[test]
fn identical_variants_compare_equal_and_different_ones_do_not() {
    use tabula_ai::analysis::compare::compare;
    let options = || AnalysisOptions {
        evaluation: Evaluation::Players,
        ..AnalysisOptions::default()
    };
    let (_, rows) = rows_of(options(), 1);
    let rows = tripled(&rows);
    let same = compare(
        &[("a".into(), rows.clone()), ("b".into(), rows.clone())],
        0.8,
    );
    assert!(same.metrics.len() >= 8, "{same:?}");
    for m in &same.metrics {
        assert_eq!(m.cells[0].value, m.cells[1].value, "{m:?}");
        assert!(m.cells[0].test.is_none());
        let t = m.cells[1].test.unwrap();
        assert_eq!((t.p, t.holm), (1.0, Some(1.0)), "{m:?}");
    }
    // Every game of the second variant made 100 plies longer (no overlap): a clear length
    // difference, still clear after Holm's correction (which can only raise a p-value).
    let mut longer = rows.clone();
    for r in &mut longer {
        r.record.plies += 100;
    }
    let diff = compare(&[("a".into(), rows), ("b".into(), longer)], 0.8);
    let length = diff
        .metrics
        .iter()
        .find(|m| m.metric == "length (plies)")
        .unwrap();
    assert!(length.cells[1].value > length.cells[0].value + 99.0);
    let t = length.cells[1].test.unwrap();
    let tests = diff.metrics.iter().filter_map(|m| m.cells[1].test).count()
        + diff.seats_even.iter().flatten().count()
        + diff.seats_vs_first.iter().flatten().count();
    assert!(tests > 1);
    // The smallest p-value of the family is multiplied by the number of tests.
    assert!(
        (t.holm.unwrap() - (t.p * tests as f64).min(1.0)).abs() < 1e-12,
        "{t:?}"
    );
    assert!(t.holm.unwrap() < 0.01, "{length:?}");
    assert!(
        diff.table().contains("b (p vs a, Holm)"),
        "{}",
        diff.table()
    );
}

#[test]
fn no_test_on_small_samples_and_no_figure_without_data() {
    use tabula_ai::analysis::compare::compare;
    let (_, rows) = rows_of(
        AnalysisOptions {
            evaluation: Evaluation::Players,
            ..AnalysisOptions::default()
        },
        1,
    );
    // 8 games a variant: figures, but no test, and a warning for each test not run.
    let small = compare(
        &[("a".into(), rows.clone()), ("b".into(), rows.clone())],
        0.8,
    );
    assert!(small.metrics.iter().all(|m| m.cells[1].test.is_none()));
    assert!(
        small.warnings.iter().any(|w| w.contains("fewer than 20")),
        "{:?}",
        small.warnings
    );
    assert!(small.table().contains("warning: "));
    // No valued ply and no decisive game: no dynamics line, and the first move shows `–`.
    let mut blank = tripled(&rows);
    for r in &mut blank {
        r.record.evals.iter_mut().for_each(|v| *v = None);
        r.record.ranks = vec![1, 1];
    }
    let c = compare(&[("a".into(), blank.clone()), ("b".into(), blank)], 0.8);
    assert!(
        c.metrics
            .iter()
            .all(|m| m.metric != "lead changes per game"),
        "{c:?}"
    );
    let first = c
        .metrics
        .iter()
        .find(|m| m.metric.starts_with("first move"))
        .unwrap();
    assert_eq!((first.cells[0].n, first.cells[1].test), (0, None));
    let line = c
        .table()
        .lines()
        .find(|l| l.starts_with("first move"))
        .unwrap()
        .to_string();
    assert!(!line.contains('%') && line.contains('–'), "{line}");
}
