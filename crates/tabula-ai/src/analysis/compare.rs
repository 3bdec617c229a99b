//! Variants side by side (`tabula analyze --variant …` given twice or more): every figure
//! of every variant with its 95% interval, and for each variant after the first a
//! two-sample test of its difference from the first, computed from the game rows of each
//! variant. Rates (Wilson intervals) are compared with the two-proportion z-test; per-game
//! figures (means with normal intervals) with the Mann-Whitney U test; the winners' seats
//! of each variant with chi-square tests ([`significance`](super::significance)). Every
//! p-value is corrected by Holm's method across all the tests of the comparison, and no test
//! is run on a sample below [`MIN_SAMPLE`] (the comparison's warnings say which). A figure
//! with no data in a variant (no decisive game, no valued ply) has `n = 0` and no test.

use super::Phase;
use super::dynamics::game_dynamics;
use super::records::GameRow;
use super::sample::{Mean, Test, mann_whitney, two_proportion};
use super::significance::{MIN_SAMPLE, Tested, holm, p_is, same_seats, seats_even};
use crate::stats::{GameRecord, wilson_interval};
use serde::Serialize;

/// One figure of one variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// The figure (a rate in [0, 1] or a mean).
    pub value: f64,
    /// Its 95% confidence interval `[low, high]`.
    pub ci95: [f64; 2],
    /// The games it is measured on.
    pub n: u64,
    /// The test of the difference from the first variant (`None` for the first).
    pub test: Option<Test>,
}

/// One figure across the variants.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Metric {
    /// The figure's name.
    pub metric: String,
    /// `rate` or `mean`.
    pub kind: &'static str,
    /// One per variant, in order.
    pub cells: Vec<Cell>,
}

/// The comparison of the variants.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The variants' names, in the order of the cells.
    pub variants: Vec<String>,
    /// One row per figure compared.
    pub metrics: Vec<Metric>,
    /// Per variant, the chi-square test of its winners' seats against an even share.
    pub seats_even: Vec<Option<Test>>,
    /// Per variant after the first, the chi-square test of whether its winners' seats are
    /// spread as the first variant's are.
    pub seats_vs_first: Vec<Option<Test>>,
    /// The tests not run, and why (a sample below [`MIN_SAMPLE`], too few expected wins).
    pub warnings: Vec<String>,
}

/// The test of `x` against `y` when both samples have [`MIN_SAMPLE`] values or more.
fn sized(name: &str, n1: u64, n2: u64, test: impl FnOnce() -> Test) -> Tested {
    if n1.min(n2) >= MIN_SAMPLE {
        Ok(test())
    } else if n1.min(n2) == 0 {
        Err(format!("{name}: no data in a variant, no test"))
    } else {
        Err(format!(
            "{name}: no test, {} values in a sample (fewer than {MIN_SAMPLE})",
            n1.min(n2)
        ))
    }
}

/// The test, or `None` with its reason added to `warnings`.
fn kept(tested: Tested, warnings: &mut Vec<String>) -> Option<Test> {
    tested.map_err(|w| warnings.push(w)).ok()
}

fn rate_metric(name: &str, counts: &[(u64, u64)], warnings: &mut Vec<String>) -> Metric {
    let cells = counts
        .iter()
        .enumerate()
        .map(|(i, &(x, n))| Cell {
            value: if n == 0 { 0.0 } else { x as f64 / n as f64 },
            ci95: wilson_interval(x, n, 1.96),
            n,
            test: if i == 0 {
                None
            } else {
                let (x0, n0) = counts[0];
                kept(
                    sized(name, n, n0, || two_proportion(x, n, x0, n0)),
                    warnings,
                )
            },
        })
        .collect();
    Metric {
        metric: name.into(),
        kind: "rate",
        cells,
    }
}

fn mean_metric(name: &str, samples: &[Vec<f64>], warnings: &mut Vec<String>) -> Metric {
    let cells = samples
        .iter()
        .enumerate()
        .map(|(i, xs)| {
            let m = Mean::of(xs);
            let n0 = samples[0].len() as u64;
            Cell {
                value: m.mean,
                ci95: m.ci95,
                n: m.n,
                test: if i == 0 {
                    None
                } else {
                    let test = || mann_whitney(xs, &samples[0]);
                    kept(sized(name, m.n, n0, test), warnings)
                },
            }
        })
        .collect();
    Metric {
        metric: name.into(),
        kind: "mean",
        cells,
    }
}

/// Compares `variants` (name and every row of its analysis, both matches) with the
/// decisiveness `threshold`.
pub fn compare(variants: &[(String, Vec<GameRow>)], threshold: f64) -> Comparison {
    let balance: Vec<Vec<&GameRecord>> = variants
        .iter()
        .map(|(_, rows)| {
            let mut r: Vec<&GameRecord> = rows
                .iter()
                .filter(|r| r.phase == Phase::Balance)
                .map(|r| &r.record)
                .collect();
            r.sort_by_key(|r| r.index);
            r
        })
        .collect();
    let counts = |f: &dyn Fn(&[&GameRecord]) -> (u64, u64)| -> Vec<(u64, u64)> {
        balance.iter().map(|b| f(b)).collect()
    };
    let winner = |r: &GameRecord| super::dynamics::winner(r);
    let mut warnings = Vec::new();
    let w = &mut warnings;
    let mut metrics = vec![
        rate_metric(
            "seat 1 win rate",
            &counts(&|b| {
                let w = b.iter().filter(|r| winner(r) == Some(0)).count();
                (w as u64, b.len() as u64)
            }),
            w,
        ),
        rate_metric(
            "decisive games",
            &counts(&|b| {
                let d = b.iter().filter(|r| winner(r).is_some()).count();
                (d as u64, b.len() as u64)
            }),
            w,
        ),
        rate_metric(
            "first move: seat 1's share of decisive games",
            &counts(&|b| {
                let d = b.iter().filter(|r| winner(r).is_some()).count();
                let w = b.iter().filter(|r| winner(r) == Some(0)).count();
                (w as u64, d as u64)
            }),
            w,
        ),
    ];
    let ended = |f: &dyn Fn(&GameRecord) -> Option<f64>| -> Vec<Vec<f64>> {
        balance
            .iter()
            .map(|b| {
                b.iter()
                    .filter(|r| r.reason.is_some())
                    .filter_map(|r| f(r))
                    .collect()
            })
            .collect()
    };
    metrics.push(mean_metric(
        "length (plies)",
        &ended(&|r| Some(r.plies as f64)),
        w,
    ));
    metrics.push(mean_metric(
        "length (turns)",
        &ended(&|r| Some(r.turns as f64)),
        w,
    ));
    metrics.push(mean_metric(
        "positional repetition",
        &ended(&|r| Some(r.repeated as f64 / r.plies.max(1) as f64)),
        w,
    ));
    let dynamic = |f: &dyn Fn(&super::dynamics::GameDynamics) -> Option<f64>| {
        ended(&|r| game_dynamics(r, r.ranks.len().max(1), threshold).and_then(|g| f(&g)))
    };
    let lead = dynamic(&|g| Some(g.lead_changes));
    if lead.iter().any(|s| !s.is_empty()) {
        metrics.push(mean_metric("lead changes per game", &lead, w));
        metrics.push(mean_metric("drama", &dynamic(&|g| g.drama.map(|d| d.0)), w));
        metrics.push(mean_metric(
            "decisiveness",
            &dynamic(&|g| g.decisiveness),
            w,
        ));
        metrics.push(mean_metric(
            "value change per ply",
            &dynamic(&|g| Some(g.stability)),
            w,
        ));
        metrics.push(mean_metric(
            "uncertainty",
            &dynamic(&|g| Some(g.uncertainty)),
            w,
        ));
    }
    let skill: Vec<(u64, u64)> = variants
        .iter()
        .map(|(_, rows)| {
            let games: Vec<&GameRecord> = rows
                .iter()
                .filter(|r| r.phase == Phase::Skill)
                .map(|r| &r.record)
                .collect();
            let wins = games
                .iter()
                .filter(|r| winner(r).is_some_and(|w| r.bots_by_seat[w] == 0))
                .count();
            (wins as u64, games.len() as u64)
        })
        .collect();
    if skill.iter().any(|s| s.1 > 0) {
        metrics.push(rate_metric("skill: the stronger bot wins", &skill, w));
    }
    let wins: Vec<Vec<u64>> = balance
        .iter()
        .map(|b| {
            let seats = b.iter().map(|r| r.ranks.len()).max().unwrap_or(0);
            let mut wins = vec![0u64; seats];
            for s in b.iter().filter_map(|r| winner(r)) {
                wins[s] += 1;
            }
            wins
        })
        .collect();
    let names: Vec<String> = variants.iter().map(|(n, _)| n.clone()).collect();
    let mut seats_even_tests: Vec<Option<Test>> = wins
        .iter()
        .zip(&names)
        .map(|(x, name)| kept(seats_even(x).map_err(|e| format!("{name}: {e}")), w))
        .collect();
    let mut seats_vs_first: Vec<Option<Test>> = wins
        .iter()
        .zip(&names)
        .skip(1)
        .map(|(x, name)| {
            let t = if x.len() == wins[0].len() {
                same_seats(x, &wins[0])
            } else {
                Err("the variants have different numbers of seats".into())
            };
            kept(
                t.map_err(|e| format!("{name}: winners' seats against the first: {e}")),
                w,
            )
        })
        .collect();
    // Holm across every test of the comparison.
    let mut all: Vec<&mut Test> = metrics
        .iter_mut()
        .flat_map(|m| m.cells.iter_mut().filter_map(|c| c.test.as_mut()))
        .chain(seats_even_tests.iter_mut().flatten())
        .chain(seats_vs_first.iter_mut().flatten())
        .collect();
    let corrected = holm(&all.iter().map(|t| t.p).collect::<Vec<f64>>());
    for (t, p) in all.iter_mut().zip(corrected) {
        t.holm = Some(p);
    }
    Comparison {
        variants: names,
        metrics,
        seats_even: seats_even_tests,
        seats_vs_first,
        warnings,
    }
}

impl Comparison {
    /// The comparison as a text table: a column per variant, `value [low, high]`, and after
    /// the first variant the Holm-corrected p-value of the difference from it; `–` where a
    /// variant has no data; then the chi-square tests of the winners' seats and the
    /// warnings.
    pub fn table(&self) -> String {
        let fmt = |kind: &str, v: f64| {
            if kind == "rate" {
                format!("{:.1}%", 100.0 * v)
            } else {
                format!("{v:.3}")
            }
        };
        let mut lines = vec![];
        let width = self
            .metrics
            .iter()
            .map(|m| m.metric.chars().count())
            .chain([32])
            .max()
            .unwrap_or(6);
        let mut head = format!("{:<width$}", "metric");
        for (i, v) in self.variants.iter().enumerate() {
            let label = if i == 0 {
                v.clone()
            } else {
                format!("{v} (p vs {}, Holm)", self.variants[0])
            };
            head.push_str(&format!("  {label:<34}"));
        }
        lines.push(head.trim_end().to_string());
        for m in &self.metrics {
            let mut line = format!("{:<width$}", m.metric);
            for c in &m.cells {
                let mut cell = if c.n == 0 {
                    "–".to_string()
                } else {
                    format!(
                        "{} [{}, {}]",
                        fmt(m.kind, c.value),
                        fmt(m.kind, c.ci95[0]),
                        fmt(m.kind, c.ci95[1])
                    )
                };
                if let Some(t) = &c.test {
                    cell.push_str(&format!(" {}", p_is(t.holm.unwrap_or(t.p), false)));
                }
                line.push_str(&format!("  {cell:<34}"));
            }
            lines.push(line.trim_end().to_string());
        }
        let test = |t: &Option<Test>| match t {
            Some(t) => format!("X²={:.2} {}", t.z, p_is(t.holm.unwrap_or(t.p), false)),
            None => "–".to_string(),
        };
        let mut line = format!("{:<width$}", "winners' seats even (chi-square)");
        for t in &self.seats_even {
            line.push_str(&format!("  {:<34}", test(t)));
        }
        lines.push(line.trim_end().to_string());
        let mut line = format!("{:<width$}  {:<34}", "winners' seats as the first's", "");
        for t in &self.seats_vs_first {
            line.push_str(&format!("  {:<34}", test(t)));
        }
        lines.push(line.trim_end().to_string());
        for w in &self.warnings {
            lines.push(format!("warning: {w}"));
        }
        lines.join("\n") + "\n"
    }
}
