//! The analysis report as plain-text tables, for terminals ([`AnalysisReport::table`]).

use super::{AnalysisReport, Branching, Lengths, PlyBranching, Verdict};
use std::fmt::Write;

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn ci(ci: [f64; 2]) -> String {
    format!("[{}, {}]", pct(ci[0]), pct(ci[1]))
}

/// Plies shown in tables and plots: those reached by at least 5% of the games measured (and
/// at least one game).
pub fn shown_plies(branching: &Branching) -> &[PlyBranching] {
    let least = (branching.games / 20).max(1);
    let end = branching
        .by_ply
        .iter()
        .rposition(|p| p.games >= least)
        .map_or(0, |i| i + 1);
    &branching.by_ply[..end]
}

impl Verdict {
    /// How the verdict reads in a table, for a seat (`skill` false) or the stronger bot.
    pub fn describe(self, skill: bool) -> &'static str {
        match (self, skill) {
            (Verdict::Above, false) => "advantage",
            (Verdict::Below, false) => "disadvantage",
            (Verdict::Above, true) => "skill pays",
            (Verdict::Below, true) => "the weaker bot wins more",
            (Verdict::Even, _) => "no significant difference",
            (Verdict::TooFew, _) => "too few games to tell",
        }
    }
}

fn histogram(out: &mut String, lengths: &Lengths) {
    let most = lengths.histogram.iter().map(|b| b.games).max().unwrap_or(0);
    let width = lengths
        .histogram
        .last()
        .map_or(1, |b| b.to.to_string().len());
    for b in &lengths.histogram {
        let bar = if most == 0 {
            0
        } else {
            (b.games * 40).div_ceil(most) as usize
        };
        let range = if b.to - b.from == 1 {
            format!("{:>width$}", b.from)
        } else {
            format!("{:>width$}-{:<width$}", b.from, b.to - 1)
        };
        let _ = writeln!(out, "  {range}  {:<40}  {}", "#".repeat(bar), b.games);
    }
}

impl AnalysisReport {
    /// What to make of games stopped unfinished at the match's cap (empty when none were).
    pub fn unfinished_warning(&self) -> String {
        let n = self.balance.outcomes.unfinished;
        if n == 0 {
            return String::new();
        }
        format!(
            "warning: {n} of {} games did not end within {} plies (the bots may be going round \
             in circles); they are left out of the lengths and branching factors. The game's \
             max_plies parameter (--max-plies N) ends such games as draws.",
            self.games, self.max_plies
        )
    }

    /// The report as text tables.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let b = &self.balance;
        let _ = writeln!(
            out,
            "{}{}: {} games per match, {} seats, seed {}, {:.1} s ({:.1} CPU-seconds){}",
            self.game,
            if self.variant.is_empty() {
                String::new()
            } else {
                format!(" ({})", self.variant)
            },
            self.games,
            self.seats,
            self.seed,
            self.elapsed_s,
            self.cpu_s,
            if self.resumed_games > 0 {
                format!(", {} games resumed from the records", self.resumed_games)
            } else {
                String::new()
            }
        );
        let _ = writeln!(out, "\nSEAT BALANCE ({} in every seat)", self.bot);
        let _ = writeln!(
            out,
            "seat   wins  win rate  95% CI            {:<25}  decisions/game  branching",
            format!("vs fair {}", pct(b.fair_win_rate))
        );
        for s in &b.seats {
            let _ = writeln!(
                out,
                "{:>4}  {:>5}  {:>8}  {:<16}  {:<25}  {:>14.1}  {:>9.2}",
                s.seat,
                s.wins,
                pct(s.win_rate),
                ci(s.ci95),
                s.verdict.describe(false),
                s.decisions_per_game,
                s.mean_branching
            );
        }
        let o = &b.outcomes;
        let _ = writeln!(
            out,
            "games {}: decisive {}, draws by the rules {}, draws by repetition {}, first place \
             shared {}, draws at the ply limit {}, unfinished {}",
            b.games,
            o.decisive,
            o.rules_draws,
            o.repetition_draws,
            o.shared_wins,
            o.ply_limit_draws,
            o.unfinished
        );

        if let Some(t) = &b.seats_even {
            let _ = writeln!(
                out,
                "all seats together (chi-square of the winners' seats against an even share): \
                 X² = {:.2}, {}",
                t.z,
                super::significance::p_is(t.p, true)
            );
        }
        for w in &b.warnings {
            let _ = writeln!(out, "warning: {w}");
        }
        if o.unfinished > 0 {
            let _ = writeln!(out, "{}", self.unfinished_warning());
        }
        self.outcome_lines(&mut out);

        let l = &self.length;
        let _ = writeln!(out, "\nGAME LENGTH (plies, {} games that ended)", l.games);
        let _ = writeln!(
            out,
            "mean {:.1}, sd {:.1}, median {}, min {}, max {}; turns: mean {:.1}, sd {:.1}",
            l.mean, l.sd, l.median, l.min, l.max, l.turns.mean, l.turns.sd
        );
        histogram(&mut out, l);

        let br = &self.branching;
        let _ = writeln!(out, "\nBRANCHING FACTOR (legal actions per decision)");
        let _ = writeln!(
            out,
            "mean {:.2}, max {}, forced (one legal action) {}, decisions per game {:.1}, \
             product of branching factors about 10^{:.1} (Tabula's; Ludii's GameTreeComplexity below)",
            br.mean,
            br.max,
            pct(br.forced_share),
            br.decisions_per_game,
            br.log10_game_tree
        );
        let shown = shown_plies(br);
        let step = shown.len().div_ceil(16).max(1);
        let _ = writeln!(out, "  ply  games     mean  min  max");
        for p in shown
            .iter()
            .filter(|p| (p.ply as usize).is_multiple_of(step) || p.ply as usize + 1 == shown.len())
        {
            let _ = writeln!(
                out,
                "{:>5}  {:>5}  {:>7.2}  {:>3}  {:>3}",
                p.ply, p.games, p.mean, p.min, p.max
            );
        }

        self.dynamics_lines(&mut out);
        self.ludii_lines(&mut out);
        self.opening_lines(&mut out);

        if let Some(s) = &self.skill {
            let _ = writeln!(
                out,
                "\nSKILL ({} against {}, seats rotating)",
                s.stronger, s.weaker
            );
            let _ = writeln!(
                out,
                "{} wins {} {} of {} games ({} draws{}, {} losses); fair {}: {}; mean length \
                 {:.1} plies",
                s.stronger,
                pct(s.win_rate),
                ci(s.ci95),
                s.games,
                s.draws,
                if s.unfinished > 0 {
                    format!(" including {} unfinished", s.unfinished)
                } else {
                    String::new()
                },
                s.losses,
                pct(s.fair_win_rate),
                s.verdict.describe(true),
                s.mean_plies
            );
            let _ = writeln!(out, "seat  games   wins  win rate  95% CI");
            for (i, r) in s.by_seat.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "{:>4}  {:>5}  {:>5}  {:>8}  {}",
                    i + 1,
                    r.games,
                    r.wins,
                    pct(r.win_rate),
                    ci(r.ci95)
                );
            }
        }
        wrap(&out, WIDTH)
    }
}

/// The text report's width, in columns.
pub const WIDTH: usize = 100;

/// `text` with every line longer than `width` columns broken at spaces, the continuation
/// lines indented two spaces more than the line (a word longer than a line stays whole).
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        if body.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let rest = body.trim_start_matches(' ');
        let indent = &body[..body.len() - rest.len()];
        let mut current = indent.to_string();
        let mut empty = true;
        for word in rest.split(' ') {
            let len = current.chars().count();
            if !empty && len + 1 + word.chars().count() > width {
                out.push_str(current.trim_end());
                out.push('\n');
                current = format!("{indent}  ");
            } else if !empty {
                current.push(' ');
            }
            current.push_str(word);
            empty = false;
        }
        out.push_str(current.trim_end());
        out.push_str(end);
    }
    out
}

#[cfg(test)]
mod wrap_tests {
    use super::wrap;

    #[test]
    fn long_lines_are_broken_at_spaces_and_short_ones_kept() {
        let text = "short line\n  aaaa bbbb cccc dddd\nlast";
        assert_eq!(
            wrap(text, 12),
            "short line\n  aaaa bbbb\n    cccc\n    dddd\nlast"
        );
        assert_eq!(wrap("one-very-long-word x", 5), "one-very-long-word\n  x");
        for line in wrap(&"word ".repeat(100), 30).lines() {
            assert!(line.chars().count() <= 30, "{line}");
        }
    }
}
