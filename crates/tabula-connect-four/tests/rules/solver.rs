//! The exact solver (`tabula_connect_four::solver`) against a plain minimax written here on
//! the `Game` trait alone (no bitboards, no table, no pruning of its own beyond alpha-beta),
//! against the tactics data file, and its node budget.

use rand::RngExt;
use tabula_connect_four::solver::Solver;
use tabula_connect_four::{Column, ConnectFour, Params, Status};
use tabula_core::Game;
use tabula_core::{GameRng as StdRng, Notation, rng_from_seed};

const TACTICS: &str = include_str!("../../data/tactics.txt");

/// The mover's stones on the board.
fn mover_stones(game: &ConnectFour) -> i32 {
    game.stones(game.side_to_move()).count_ones() as i32
}

/// The exact score by alpha-beta over the rules alone: a win with the winner's k-th stone is
/// 22 - k, a draw 0.
fn reference(game: &ConnectFour, mut alpha: i32, beta: i32) -> i32 {
    let mover = game.side_to_move();
    let mut best = i32::MIN;
    for c in Column::all().filter(|&c| game.can_drop(c)) {
        let mut child = game.clone();
        child.apply(c);
        let score = match child.status() {
            Status::Won(s) if s == mover => 22 - (mover_stones(game) + 1),
            Status::Draw => 0,
            _ => -reference(&child, -beta, -alpha),
        };
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// A position reached by random play with `empty` cells left and the game still on.
fn random_position(rng: &mut StdRng, empty: u32) -> ConnectFour {
    'again: loop {
        let mut game = ConnectFour::empty();
        while 42 - game.plies() > empty {
            let open: Vec<Column> = Column::all().filter(|&c| game.can_drop(c)).collect();
            game.apply(open[rng.random_range(0..open.len())]);
            if game.is_over() {
                continue 'again;
            }
        }
        return game;
    }
}

#[test]
fn solver_scores_agree_with_plain_minimax_on_random_endgames() {
    let mut rng = rng_from_seed(7);
    let mut solver = Solver::new();
    let mut outcomes = [0; 3];
    for i in 0..150 {
        let empty = 8 + (i % 5);
        let game = random_position(&mut rng, empty);
        let expected = reference(&game, -100, 100);
        assert_eq!(
            solver.score(&game, u64::MAX),
            Some(expected),
            "{}",
            game.to_notation()
        );
        outcomes[(expected.signum() + 1) as usize] += 1;
    }
    // The sample holds wins, draws and losses, so each kind of score was compared.
    assert!(outcomes.iter().all(|&n| n > 5), "{outcomes:?}");
}

#[test]
fn column_scores_are_the_negated_scores_of_the_positions_after_each_column() {
    let mut rng = rng_from_seed(11);
    let mut solver = Solver::new();
    for _ in 0..40 {
        let game = random_position(&mut rng, 11);
        let scores = solver.column_scores(&game, u64::MAX).unwrap();
        let open = Column::all().filter(|&c| game.can_drop(c)).count();
        assert_eq!(scores.len(), open);
        assert!(scores.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
        assert_eq!(scores[0].1, reference(&game, -100, 100));
        for &(c, score) in &scores {
            let mut child = game.clone();
            child.apply(c);
            let expected = match child.status() {
                Status::Playing => -reference(&child, -100, 100),
                Status::Draw => 0,
                Status::Won(_) => 22 - mover_stones(&game) - 1,
            };
            assert_eq!(score, expected, "{} column {c}", game.to_notation());
        }
    }
}

#[test]
fn solver_finds_exactly_the_winning_moves_of_the_tactics_file() {
    let mut solver = Solver::new();
    let mut checked = 0;
    for line in TACTICS.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let game = ConnectFour::from_notation(&Params::default(), fields[0]).unwrap();
        let wins: Vec<usize> = fields[1]
            .strip_prefix("win ")
            .unwrap()
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        let plies: i32 = fields[2].strip_prefix("plies ").unwrap().parse().unwrap();
        // Winning within `plies` plies is winning with the mover's stone number
        // mover_stones + (plies + 1) / 2.
        let threshold = 22 - (mover_stones(&game) + (plies + 1) / 2);
        let scores = solver.column_scores(&game, u64::MAX).unwrap();
        assert_eq!(scores[0].1, threshold, "{line}: no faster win");
        let mut found: Vec<usize> = scores
            .iter()
            .filter(|&&(_, s)| s >= threshold)
            .map(|&(c, _)| c.number())
            .collect();
        found.sort();
        assert_eq!(found, wins, "{line}");
        checked += 1;
    }
    assert!(checked >= 30);
}

#[test]
fn a_search_over_its_node_budget_answers_none_and_the_table_stays_sound() {
    let mut solver = Solver::new();
    let empty = ConnectFour::empty();
    assert_eq!(solver.score(&empty, 1_000), None);
    assert!(solver.nodes() > 1_000);
    assert_eq!(solver.column_scores(&empty, 1_000), None);
    // After aborted searches, answers are still exact.
    let mut rng = rng_from_seed(3);
    for _ in 0..20 {
        let game = random_position(&mut rng, 10);
        assert_eq!(
            solver.score(&game, u64::MAX),
            Some(reference(&game, -100, 100))
        );
    }
}

#[test]
fn the_table_makes_a_second_search_cheaper() {
    let mut rng = rng_from_seed(5);
    let game = random_position(&mut rng, 20);
    let mut solver = Solver::new();
    let first = solver.score(&game, u64::MAX);
    let nodes = solver.nodes();
    assert_eq!(solver.score(&game, u64::MAX), first);
    assert!(solver.nodes() < nodes, "{} then {}", nodes, solver.nodes());
}

#[test]
fn column_values_are_the_signs_of_the_column_scores() {
    let mut rng = rng_from_seed(13);
    let mut exact = Solver::new();
    let mut weak = Solver::new();
    for _ in 0..40 {
        let game = random_position(&mut rng, 14);
        let scores = exact.column_scores(&game, u64::MAX).unwrap();
        let mut values = weak.column_values(&game, u64::MAX).unwrap();
        let mut signs: Vec<(Column, i32)> = scores.iter().map(|&(c, s)| (c, s.signum())).collect();
        signs.sort();
        values.sort();
        assert_eq!(values, signs, "{}", game.to_notation());
    }
}

/// A position after `plies` random plies, the game still on.
fn after_plies(rng: &mut StdRng, plies: u32) -> ConnectFour {
    random_position(rng, 42 - plies)
}

#[test]
fn the_keeping_column_keeps_the_value_the_column_values_give() {
    let mut rng = rng_from_seed(17);
    let mut keeping = Solver::new();
    let mut reference = Solver::new();
    let mut values = [0; 3];
    let mut early = 0;
    // Endgames, middle games and, within a budget a test can afford, openings after 6–10
    // plies (skipped when the reference cannot settle them, but enough must be settled).
    for i in 0..80 {
        let plies = [6, 8, 10, 14, 18, 22, 26, 30][i % 8];
        let game = after_plies(&mut rng, plies);
        let Some(scores) = reference.column_values(&game, 3_000_000) else {
            continue;
        };
        let (column, value) = keeping.keeping_column(&game, u64::MAX).unwrap();
        assert_eq!(value, scores[0].1, "{}: the value", game.to_notation());
        let kept = scores.iter().find(|&&(c, _)| c == column).unwrap().1;
        assert_eq!(kept, value, "{} column {column}", game.to_notation());
        values[(value + 1) as usize] += 1;
        early += usize::from(plies <= 10);
    }
    assert!(
        values.iter().all(|&n| n >= 2),
        "losses, draws, wins: {values:?}"
    );
    assert!(
        early >= 10,
        "only {early} positions after 6-10 plies were settled"
    );
}

#[test]
fn the_keeping_column_is_none_over_its_budget_and_sound_after() {
    let mut solver = Solver::new();
    assert_eq!(solver.keeping_column(&ConnectFour::empty(), 10_000), None);
    assert!(solver.nodes() > 10_000);
    let mut rng = rng_from_seed(19);
    for _ in 0..20 {
        let game = random_position(&mut rng, 12);
        let (column, value) = solver.keeping_column(&game, u64::MAX).unwrap();
        let best = reference(&game, -100, 100).signum();
        assert_eq!(value, best, "{}", game.to_notation());
        let mut child = game.clone();
        child.apply(column);
        let after = match child.status() {
            Status::Playing => -reference(&child, -100, 100).signum(),
            Status::Draw => 0,
            Status::Won(_) => 1,
        };
        assert_eq!(after, best, "{} column {column}", game.to_notation());
    }
}

#[test]
fn two_threads_prove_the_column_one_thread_proves() {
    // Without a budget the shared proof settles every task one thread would, so the answer
    // is the same column: the first success in the tasks' order, whichever thread found it.
    let mut rng = rng_from_seed(23);
    let mut one = Solver::new();
    let mut two = Solver::new();
    let mut values = [0; 3];
    for i in 0..40 {
        let game = after_plies(&mut rng, [10, 14, 18, 22][i % 4]);
        let alone = one.keeping_column(&game, u64::MAX).unwrap();
        let shared = two.keeping_column_threads(&game, u64::MAX, 2).unwrap();
        assert_eq!(shared, alone, "{}", game.to_notation());
        values[(alone.1 + 1) as usize] += 1;
    }
    assert!(
        values.iter().all(|&n| n >= 2),
        "losses, draws, wins: {values:?}"
    );
}

#[test]
fn a_shared_proof_answers_none_over_its_budget_and_a_late_helper_changes_nothing() {
    let solver = Solver::new();
    let search = solver
        .keeping_search(&ConnectFour::empty(), 50_000)
        .unwrap();
    std::thread::scope(|scope| {
        scope.spawn(|| search.work());
        search.work();
    });
    assert_eq!(search.result(), None);
    assert!(search.nodes() > 50_000);
    // A thread joining once the proof is settled finds nothing left to do.
    let mut rng = rng_from_seed(29);
    let game = after_plies(&mut rng, 20);
    let search = solver.keeping_search(&game, u64::MAX).unwrap();
    search.work();
    let (answer, nodes) = (search.result(), search.nodes());
    search.work();
    assert_eq!((search.result(), search.nodes()), (answer, nodes));
    let expected = Solver::new().keeping_column(&game, u64::MAX);
    assert_eq!(answer, expected);
}
