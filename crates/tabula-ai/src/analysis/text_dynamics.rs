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
        let _ = writeln!(
            out,
            "first move: seat 1 wins {} [{}, {}] of {} decisive games (fair {}, advantage {:+.1} \
             points); outcome uniformity {:.3}",
            pct(f.rate),
            pct(f.ci95[0]),
            pct(f.ci95[1]),
            f.decisive,
            pct(f.fair),
            100.0 * f.advantage,
            self.outcome_uniformity
        );
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
        let _ = writeln!(out, "stability (change/ply)   {}", mean_ci(&d.stability, 4));
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
    }
}
