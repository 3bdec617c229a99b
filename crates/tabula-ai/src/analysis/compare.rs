//! Variants side by side (`tabula analyze --variant …` given twice or more): every figure
//! of every variant with its 95% interval, and for each variant after the first a
//! two-sample test of its difference from the first, computed from the game rows of each
//! variant. Rates (Wilson intervals) are compared with the two-proportion z-test; per-game
//! figures (means with normal intervals) with the Mann-Whitney U test.

use super::Phase;
use super::dynamics::game_dynamics;
use super::records::GameRow;
use super::sample::{Mean, Test, mann_whitney, two_proportion};
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
}

fn rate_metric(name: &str, counts: &[(u64, u64)]) -> Metric {
    let cells = counts
        .iter()
        .enumerate()
        .map(|(i, &(x, n))| Cell {
            value: if n == 0 { 0.0 } else { x as f64 / n as f64 },
            ci95: wilson_interval(x, n, 1.96),
            n,
            test: (i > 0).then(|| two_proportion(x, n, counts[0].0, counts[0].1)),
        })
        .collect();
    Metric {
        metric: name.into(),
        kind: "rate",
        cells,
    }
}

fn mean_metric(name: &str, samples: &[Vec<f64>]) -> Metric {
    let cells = samples
        .iter()
        .enumerate()
        .map(|(i, xs)| {
            let m = Mean::of(xs);
            Cell {
                value: m.mean,
                ci95: m.ci95,
                n: m.n,
                test: (i > 0).then(|| mann_whitney(xs, &samples[0])),
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
    let mut metrics = vec![
        rate_metric(
            "seat 1 win rate",
            &counts(&|b| {
                let w = b.iter().filter(|r| winner(r) == Some(0)).count();
                (w as u64, b.len() as u64)
            }),
        ),
        rate_metric(
            "decisive games",
            &counts(&|b| {
                let d = b.iter().filter(|r| winner(r).is_some()).count();
                (d as u64, b.len() as u64)
            }),
        ),
        rate_metric(
            "first move: seat 1's share of decisive games",
            &counts(&|b| {
                let d = b.iter().filter(|r| winner(r).is_some()).count();
                let w = b.iter().filter(|r| winner(r) == Some(0)).count();
                (w as u64, d as u64)
            }),
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
    ));
    metrics.push(mean_metric(
        "length (turns)",
        &ended(&|r| Some(r.turns as f64)),
    ));
    metrics.push(mean_metric(
        "positional repetition",
        &ended(&|r| Some(r.repeated as f64 / r.plies.max(1) as f64)),
    ));
    let dynamic = |f: &dyn Fn(&super::dynamics::GameDynamics) -> Option<f64>| {
        ended(&|r| game_dynamics(r, r.ranks.len().max(1), threshold).and_then(|g| f(&g)))
    };
    let lead = dynamic(&|g| Some(g.lead_changes));
    if lead.iter().any(|s| !s.is_empty()) {
        metrics.push(mean_metric("lead changes per game", &lead));
        metrics.push(mean_metric("drama", &dynamic(&|g| g.drama.map(|d| d.0))));
        metrics.push(mean_metric("decisiveness", &dynamic(&|g| g.decisiveness)));
        metrics.push(mean_metric("stability", &dynamic(&|g| Some(g.stability))));
        metrics.push(mean_metric(
            "uncertainty",
            &dynamic(&|g| Some(g.uncertainty)),
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
        metrics.push(rate_metric("skill: the stronger bot wins", &skill));
    }
    Comparison {
        variants: variants.iter().map(|(n, _)| n.clone()).collect(),
        metrics,
    }
}

impl Comparison {
    /// The comparison as a text table: a column per variant, `value [low, high]`, and after
    /// the first variant the p-value of the difference from it.
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
            .map(|m| m.metric.len())
            .max()
            .unwrap_or(6);
        let mut head = format!("{:<width$}", "metric");
        for (i, v) in self.variants.iter().enumerate() {
            let label = if i == 0 {
                v.clone()
            } else {
                format!("{v} (p vs {})", self.variants[0])
            };
            head.push_str(&format!("  {label:<34}"));
        }
        lines.push(head.trim_end().to_string());
        for m in &self.metrics {
            let mut line = format!("{:<width$}", m.metric);
            for c in &m.cells {
                let mut cell = format!(
                    "{} [{}, {}]",
                    fmt(m.kind, c.value),
                    fmt(m.kind, c.ci95[0]),
                    fmt(m.kind, c.ci95[1])
                );
                if let Some(t) = &c.test {
                    cell.push_str(&format!(" p={:.3}", t.p));
                }
                line.push_str(&format!("  {cell:<34}"));
            }
            lines.push(line.trim_end().to_string());
        }
        lines.join("\n") + "\n"
    }
}
