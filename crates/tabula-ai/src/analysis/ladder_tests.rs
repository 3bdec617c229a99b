//! The ladder's figures on counts whose answers are worked out by hand.

use super::*;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn elo_of_a_known_win_rate() {
    // 76 wins of 100: −400·log10(1/0.76 − 1) = +200.2.
    let s = step("casual", "strong", 2, 76, 0, 100);
    assert!(close(s.win_rate, 0.76, 1e-12));
    assert!(close(s.elo, 200.24, 0.01), "{}", s.elo);
    assert!(!s.clamped);
    assert!(!s.not_significant);
}

#[test]
fn interval_endpoints_and_their_elo() {
    // Wilson at p = 0.76, n = 100: 0.6677 – 0.8331, so +121.2 – +279.3 Elo.
    let s = step("casual", "strong", 2, 76, 0, 100);
    assert!(close(s.ci95[0], 0.66767, 1e-4), "{:?}", s.ci95);
    assert!(close(s.ci95[1], 0.83309, 1e-4), "{:?}", s.ci95);
    assert!(close(s.elo_ci95[0], 121.20, 0.05), "{:?}", s.elo_ci95);
    assert!(close(s.elo_ci95[1], 279.28, 0.05), "{:?}", s.elo_ci95);
}

#[test]
fn draws_count_half() {
    // 50 wins and 20 draws of 100 score 0.6, like 60 wins.
    let a = step("a", "b", 2, 50, 20, 100);
    let b = step("a", "b", 2, 60, 0, 100);
    assert!(close(a.win_rate, 0.6, 1e-12));
    assert_eq!(a.ci95, b.ci95);
    assert_eq!(a.losses, 30);
}

#[test]
fn a_step_whose_interval_includes_a_half_is_flagged() {
    // 55 of 100: 0.452 – 0.644 contains 0.5.
    let s = step("strong", "expert", 2, 55, 0, 100);
    assert!(s.ci95[0] < 0.5 && s.ci95[1] > 0.5);
    assert!(s.not_significant);
    assert!(s.table_line_flagged());
}

impl LadderStep {
    fn table_line_flagged(&self) -> bool {
        Ladder::new(2, self.games as usize, vec![self.clone()])
            .table()
            .contains("more thinking hardly pays here")
    }
}

#[test]
fn a_perfect_score_is_clamped_and_its_upper_bound_unbounded() {
    // 20 of 20: the estimate from p = 1 − 1/40, −400·log10(1/39) = +636.4; Wilson's lower
    // end 0.8389 gives −400·log10(1/0.8389 − 1) = +286.6; the upper end is 1.
    let s = step("random", "expert", 2, 20, 0, 20);
    assert!(s.clamped);
    assert!(close(s.elo, 636.4, 0.1), "{}", s.elo);
    assert!(close(s.elo_ci95[0], 286.6, 0.1), "{:?}", s.elo_ci95);
    assert_eq!(s.elo_ci95[1], f64::INFINITY);
    assert!(s.elo_ci95[0] < s.elo && s.elo < s.elo_ci95[1]);
    let table = Ladder::new(2, 20, vec![s]).table();
    assert!(table.contains("clamped") && table.contains("+∞"), "{table}");
    // A score of 0: the mirror image.
    let z = step("expert", "random", 2, 0, 0, 20);
    assert_eq!(z.elo_ci95[0], f64::NEG_INFINITY);
    assert!(close(z.elo, -636.4, 0.1) && close(z.elo_ci95[1], -286.6, 0.1));
}

#[test]
fn an_interval_end_near_one_is_not_clamped() {
    // 199 of 200: Wilson's upper end is 0.99912, whose Elo (+1 222) lies far above the
    // +1 040 that clamping it to 1 − 1/400 would give.
    let s = step("a", "b", 2, 199, 0, 200);
    assert!(!s.clamped);
    let hi = s.ci95[1];
    assert!(hi > 1.0 - 1.0 / 400.0 && hi < 1.0, "{hi}");
    assert!(close(s.elo_ci95[1], elo(hi, 2), 1e-9));
    assert!(s.elo_ci95[1] > 1200.0, "{:?}", s.elo_ci95);
}

#[test]
fn three_seats_fair_share_is_zero_elo() {
    // One bot against two: the fair share is 1/3 and scoring it is no difference.
    assert!(close(elo(1.0 / 3.0, 3), 0.0, 1e-9));
    // Scoring 1/2 against two: strength ratio 2, +120.4.
    assert!(close(elo(0.5, 3), 120.41, 0.01));
    let s = step("a", "b", 3, 30, 0, 100);
    assert!(close(s.fair_share, 1.0 / 3.0, 1e-12));
    assert!(s.not_significant);
}

#[test]
fn cumulative_elo_starts_at_zero_and_adds_up() {
    let steps = vec![step("a", "b", 2, 76, 0, 100), step("b", "c", 2, 55, 0, 100)];
    let (e0, e1) = (steps[0].elo, steps[1].elo);
    let (l0, l1) = (steps[0].elo_ci95[0], steps[1].elo_ci95[0]);
    let ladder = Ladder::new(2, 100, steps);
    let names: Vec<&str> = ladder.levels.iter().map(|l| l.level.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert_eq!(ladder.levels[0].elo, 0.0);
    assert!(close(ladder.levels[2].elo, e0 + e1, 1e-9));
    assert!(close(ladder.levels[2].elo_ci95[0], l0 + l1, 1e-9));
}

#[test]
fn the_table_stays_under_100_columns() {
    let long = "mcts:iterations=100000,exploration=1.41,rollout=heuristic";
    let ladder = Ladder::new(2, 10, vec![step("random", long, 2, 10, 0, 10)]);
    for line in ladder.table().lines() {
        assert!(line.chars().count() <= 100, "{line}");
    }
}

#[test]
fn a_step_read_back_from_its_records_is_the_step_played() {
    use crate::arena::{MatchConfig, run_match_specs};
    use crate::factory::BotFactory;
    use tabula_connect_four::ConnectFour;
    let specs: Vec<crate::spec::BotSpec> = ["mcts:iterations=30", "random"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let config = MatchConfig {
        games: 24,
        threads: 2,
        seed: 9,
        // Some games stop unfinished: they count as draws both ways.
        max_plies: 12,
        ..MatchConfig::default()
    };
    let factory = BotFactory::<ConnectFour>::new();
    let report =
        run_match_specs::<ConnectFour>(&Default::default(), &specs, &factory, &config, &|_, _| {})
            .unwrap();
    assert!(
        report.unfinished > 0 && report.bots[0].wins > 0,
        "{report:?}"
    );
    let (higher, lower) = (&report.bots[0].bot, &report.bots[1].bot);
    let read = step_of_records(lower, higher, 2, &report.records);
    assert_eq!(read, step_of(&report));
}
