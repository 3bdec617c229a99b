//! Connect Four's `expert` consults the exact solver: it keeps the game-theoretic value of
//! every position of a sample (checked against the solver without a budget), also after only
//! 8 plies where the solver can settle them, and its analysis reports proven values.

use tabula_ai::SearchLimits;
use tabula_connect_four::solver::Solver;
use tabula_connect_four::{Column, ConnectFour, Params};
use tabula_core::{Actor, Game, Notation, Seat, rng_from_seed};
use tabula_registry::DynGame;

/// `expert` without its wall-time cap: its play then depends on its node budgets alone, not
/// on how busy the machine running the tests is.
const UNCAPPED_EXPERT: &str = "expert:ms=600000";

/// Positions after `plies` random plies, the game still on.
fn positions(count: usize, plies: u32, seed: u64) -> Vec<ConnectFour> {
    use rand::RngExt;
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = ConnectFour::empty();
        while game.plies() < plies && !game.is_over() {
            let open: Vec<Column> = Column::all().filter(|&c| game.can_drop(c)).collect();
            game.apply(open[rng.random_range(0..open.len())]);
        }
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}

fn load(game: &ConnectFour) -> Box<dyn DynGame> {
    tabula_catalog::builtin()
        .find("connect-four")
        .unwrap()
        .load_position(&serde_json::json!({}), &game.to_notation())
        .unwrap()
}

#[test]
fn expert_keeps_the_game_theoretic_value_of_every_sampled_position() {
    let mut reference = Solver::new();
    let mut non_trivial = 0;
    for (i, game) in positions(40, 16, 1).into_iter().enumerate() {
        let scores = reference.column_scores(&game, u64::MAX).unwrap();
        let value = scores[0].1.signum();
        if scores.iter().any(|&(_, s)| s.signum() != value) {
            non_trivial += 1;
        }
        let mut bot = crate::make_bot("connect-four", UNCAPPED_EXPERT, i as u64).unwrap();
        let seat = game.side_to_move();
        let chosen = bot.decide(load(&game).as_ref(), seat).unwrap();
        let column: Column = game
            .parse_action(Actor::Seat(seat), &chosen.action)
            .unwrap();
        let kept = scores.iter().find(|&&(c, _)| c == column).unwrap().1;
        assert_eq!(
            kept.signum(),
            value,
            "{} played {column}",
            game.to_notation()
        );
    }
    assert!(
        non_trivial >= 10,
        "only {non_trivial} positions could lose value"
    );
}

#[test]
fn expert_keeps_the_value_of_openings_the_solver_settles_in_its_budget() {
    // After 8 random plies, non-trivial positions whose column values the reference settles
    // within a quarter of the expert's budget (a test's time): the expert keeps their value.
    let budget = tabula_ai::Level::Expert.solver_nodes().unwrap() / 4;
    let mut reference = Solver::new();
    let mut checked = 0;
    for (i, game) in positions(20, 8, 3).into_iter().enumerate() {
        let Some(values) = reference.column_values(&game, budget) else {
            continue;
        };
        if values.iter().all(|&(_, v)| v == values[0].1) || checked == 4 {
            continue;
        }
        let mut bot = crate::make_bot("connect-four", UNCAPPED_EXPERT, i as u64).unwrap();
        let seat = game.side_to_move();
        let chosen = bot.decide(load(&game).as_ref(), seat).unwrap();
        let column: Column = game
            .parse_action(Actor::Seat(seat), &chosen.action)
            .unwrap();
        let kept = values.iter().find(|&&(c, _)| c == column).unwrap().1;
        assert_eq!(kept, values[0].1, "{} played {column}", game.to_notation());
        checked += 1;
    }
    assert_eq!(checked, 4, "too few non-trivial openings settled");
}

#[test]
fn expert_analysis_reports_the_proven_value_of_every_column() {
    // x wins at once in column 3 (and o would answer there otherwise).
    let game = ConnectFour::from_notation(
        &Params::default(),
        "......./o....../o..x.../x..oox./oo.oxo./xx.xxox x",
    )
    .unwrap();
    let mut bot = crate::make_bot("connect-four", "expert", 1).unwrap();
    let report = bot
        .analyse(
            load(&game).as_ref(),
            Seat(0),
            &SearchLimits::default(),
            true,
        )
        .unwrap()
        .unwrap();
    assert_eq!(report.best.as_deref(), Some("3"));
    assert_eq!(report.mate_in, Some(1));
    assert_eq!(report.value[0], 1.0);
    let exact = Solver::new().column_scores(&game, u64::MAX).unwrap();
    assert_eq!(report.root.len(), exact.len());
    for (stat, (column, score)) in report.root.iter().zip(exact) {
        assert_eq!(stat.action, column.to_string());
        assert_eq!(stat.score, Some(score));
    }
}
