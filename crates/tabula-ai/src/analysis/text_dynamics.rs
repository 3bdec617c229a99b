//! The text report's lines for the figures added to seat balance: first-move advantage,
//! outcome uniformity, positional repetition, and the dynamics of the evaluation traces.

use super::AnalysisReport;
use super::sample::Mean;
use std::fmt::Write;

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn mean_ci(m: &Mean, digits: usize) -> String {
    format!(
        "{:.d$} [{:.d$}, {:.d$}]",
        m.mean,
        m.ci95[0],
        m.ci95[1],
        d = digits
    )
}

impl AnalysisReport {
    /// First-move advantage, outcome uniformity, repetition.
    pub(super) fn outcome_lines(&self, out: &mut String) {
        let f = &self.first_move;
        if f.decisive == 0 {
            let _ = writeln!(out, "first move: no decisive game, nothing to measure");
        } else {
            let _ = writeln!(
                out,
                "first move: seat 1 wins {} [{}, {}] of {} decisive games (fair {}, advantage \
                 {:+.1} points); winner entropy {:.3}",
                pct(f.rate),
                pct(f.ci95[0]),
                pct(f.ci95[1]),
                f.decisive,
                pct(f.fair),
                100.0 * f.advantage,
                self.outcome_uniformity
            );
        }
        let r = &self.repetition;
        let _ = writeln!(
            out,
            "positional repetition: {} of plies lead to a position seen before in the game \
             (mean per game); {} of {} games repeat a position",
            pct(r.rate.mean),
            r.games_with,
            r.games
        );
        if let Some(c) = &self.board_coverage {
            let _ = writeln!(
                out,
                "board coverage: {} of the board's spaces used ({} of {}) over {} games",
                pct(c.fraction),
                c.used,
                c.spaces,
                c.games
            );
        }
    }

    /// The dynamics section (nothing without evaluations).
    pub(super) fn dynamics_lines(&self, out: &mut String) {
        let Some(d) = &self.dynamics else {
            return;
        };
        let _ = writeln!(
            out,
            "\nDYNAMICS (values from {}, {} games, {} of plies evaluated; 95% intervals)",
            d.source,
            d.games,
            pct(d.evaluated_share)
        );
        let _ = writeln!(
            out,
            "lead changes per game   {}  (per ply {})",
            mean_ci(&d.lead_changes, 2),
            mean_ci(&d.lead_change_rate, 3)
        );
        let _ = writeln!(
            out,
            "drama (winner's deficit) {}  (share of plies behind {})",
            mean_ci(&d.drama, 3),
            mean_ci(&d.behind_share, 3)
        );
        let _ = writeln!(
            out,
            "decisiveness             {}  (share of the game before the winner stays at {} or more)",
            mean_ci(&d.decisiveness, 3),
            d.decisive_threshold
        );
        let _ = writeln!(out, "value change per ply     {}", mean_ci(&d.stability, 4));
        let _ = writeln!(
            out,
            "uncertainty              {}",
            mean_ci(&d.uncertainty, 3)
        );
        let curve: Vec<String> = d
            .uncertainty_by_progress
            .iter()
            .map(|b| format!("{:.2}", b.mean))
            .collect();
        let _ = writeln!(out, "uncertainty by tenth of the game: {}", curve.join(" "));
        if let Some(setup) = &d.setup {
            let _ = writeln!(
                out,
                "setup (apart from the figures above, which are of play): {:.1} plies, {} lead \
                 changes per game",
                setup.plies.mean,
                mean_ci(&setup.lead_changes, 2)
            );
        }
    }
}

impl AnalysisReport {
    /// Ludii's metrics, under Ludii's names (`–` where the games give no data).
    pub(super) fn ludii_lines(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "\nLUDII METRICS (Ludii's names and formulas, docs/analyze.md; evaluations from {})",
            self.evaluation
        );
        for (name, value) in self.ludii.rows() {
            let _ = writeln!(out, "{name:<24} {value}");
        }
    }

    /// The opening table, one per seat.
    pub(super) fn opening_lines(&self, out: &mut String) {
        let Some(o) = &self.openings else {
            return;
        };
        let _ = writeln!(
            out,
            "\nOPENINGS (the first {} moves of {} games, {} lines; the {} most played)",
            o.plies,
            o.games,
            o.lines,
            o.rows.len()
        );
        for seat in 0..self.seats {
            let _ = writeln!(out, "seat {}:", seat + 1);
            for line in o.seat_table(seat) {
                let _ = writeln!(out, "{line}");
            }
        }
    }
}

impl super::ludii::LudiiMetrics {
    /// Each metric's name and value as the reports write it (`–` for none; the game-tree
    /// complexity as a power of ten).
    pub fn rows(&self) -> Vec<(&'static str, String)> {
        let f = |x: Option<f64>| x.map_or("–".to_string(), |x| format!("{x:.4}"));
        vec![
            ("AdvantageP1", f(self.AdvantageP1)),
            ("OutcomeUniformity", f(self.OutcomeUniformity)),
            ("LeadChange", f(self.LeadChange)),
            ("Stability", f(self.Stability)),
            ("DecisivenessThreshold", f(self.DecisivenessThreshold)),
            ("DecisivenessMoves", f(self.DecisivenessMoves)),
            ("SituationalRepetition", f(self.SituationalRepetition)),
            ("BoardCoverageDefault", f(self.BoardCoverageDefault)),
            (
                "GameTreeComplexity",
                self.GameTreeComplexity
                    .map_or("–".to_string(), |x| format!("10^{x:.1}")),
            ),
            (
                "StateSpaceComplexity",
                self.StateSpaceComplexity
                    .map_or("–".to_string(), |x| format!("10^{x:.1} (estimate)")),
            ),
            ("ClarityVariance", f(self.ClarityVariance)),
            ("ClarityNarrowness", f(self.ClarityNarrowness)),
        ]
    }
}
