//! How [`SolverBot`] uses its solver and its wrapped bot, with scripted stand-ins for both on
//! Connect Four: every action's scores within the first share of the budget; otherwise one
//! value-keeping action within the rest while the wrapped bot searches alongside; the wrapped
//! bot's choice when no proof comes; a shared proof worked on by both threads, the second
//! once the wrapped bot has decided, and stopped at a host's time cap. And the default
//! [`ExactSolver::keeping_action`].

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tabula_ai::solver::{EXACT_SHARE, ExactSolver, SharedProof, SolverBot};
use tabula_ai::{AiError, Bot, Decision};
use tabula_connect_four::{Column, ConnectFour};
use tabula_core::Seat;

const BUDGET: u64 = 8_000;

fn column(number: usize) -> Column {
    Column::from_index(number - 1).unwrap()
}

/// Answers `action_scores` from `exact_from` nodes on and `keeping_action` from `keep_from`
/// on, spending the whole budget it is given; records every call with its budget.
struct Scripted {
    exact_from: u64,
    keep_from: u64,
    spent: u64,
    calls: Arc<Mutex<Vec<(&'static str, u64)>>>,
}

impl ExactSolver<ConnectFour> for Scripted {
    fn action_scores(&mut self, _: &ConnectFour, max_nodes: u64) -> Option<Vec<(Column, i32)>> {
        self.calls.lock().unwrap().push(("scores", max_nodes));
        self.spent = max_nodes.min(self.exact_from);
        (max_nodes >= self.exact_from).then(|| vec![(column(2), 5), (column(3), -4)])
    }

    fn keeping_action(&mut self, _: &ConnectFour, max_nodes: u64) -> Option<(Column, i32)> {
        self.calls.lock().unwrap().push(("keeping", max_nodes));
        self.spent = max_nodes.min(self.keep_from);
        (max_nodes >= self.keep_from).then_some((column(6), 1))
    }

    fn nodes(&self) -> u64 {
        self.spent
    }

    fn plies_to_end(&self, _: &ConnectFour, _: i32) -> i32 {
        1
    }
}

/// Plays column 1 and counts its decisions.
struct Wrapped(Arc<AtomicUsize>);

impl Bot<ConnectFour> for Wrapped {
    fn name(&self) -> String {
        "wrapped".into()
    }

    fn decide(&mut self, _: &ConnectFour, _: Seat, _: bool) -> Result<Decision<Column>, AiError> {
        self.0.fetch_add(1, Ordering::SeqCst);
        Ok(Decision::Act(column(1)))
    }
}

/// The bot's column on the empty board, the solver's calls and the wrapped bot's decisions.
fn run(exact_from: u64, keep_from: u64) -> (Column, Vec<(&'static str, u64)>, usize) {
    let calls = Arc::new(Mutex::new(Vec::new()));
    let decisions = Arc::new(AtomicUsize::new(0));
    let solver = Scripted {
        exact_from,
        keep_from,
        spent: 0,
        calls: calls.clone(),
    };
    let wrapped = Wrapped(decisions.clone());
    let mut bot = SolverBot::new(Box::new(solver), BUDGET, Box::new(wrapped), 1);
    let Decision::Act(chosen) = bot.decide(&ConnectFour::empty(), Seat(0), false).unwrap() else {
        panic!("no action");
    };
    let calls = calls.lock().unwrap().clone();
    (chosen, calls, decisions.load(Ordering::SeqCst))
}

#[test]
fn every_actions_scores_within_the_first_share_decide_alone() {
    let (chosen, calls, decisions) = run(BUDGET / EXACT_SHARE, 0);
    assert_eq!(chosen, column(2), "the best score");
    assert_eq!(calls, [("scores", BUDGET / EXACT_SHARE)]);
    assert_eq!(decisions, 0, "the wrapped bot did not search");
}

#[test]
fn otherwise_a_keeping_action_within_the_rest_of_the_budget_is_played() {
    let (chosen, calls, decisions) = run(BUDGET, BUDGET - BUDGET / EXACT_SHARE);
    assert_eq!(chosen, column(6));
    assert_eq!(
        calls,
        [
            ("scores", BUDGET / EXACT_SHARE),
            ("keeping", BUDGET - BUDGET / EXACT_SHARE)
        ]
    );
    assert_eq!(decisions, 1, "the wrapped bot searched alongside");
}

#[test]
fn without_a_proof_the_wrapped_bot_decides() {
    let (chosen, calls, decisions) = run(BUDGET, BUDGET);
    assert_eq!(chosen, column(1));
    assert_eq!(calls.len(), 2);
    assert_eq!(decisions, 1);
}

/// Only `action_scores`: the default `keeping_action` applies.
struct OnlyScores(Vec<(Column, i32)>);

impl ExactSolver<ConnectFour> for OnlyScores {
    fn action_scores(&mut self, _: &ConnectFour, max_nodes: u64) -> Option<Vec<(Column, i32)>> {
        (max_nodes > 0).then(|| self.0.clone())
    }

    fn nodes(&self) -> u64 {
        0
    }

    fn plies_to_end(&self, _: &ConnectFour, _: i32) -> i32 {
        1
    }
}

#[test]
fn the_default_keeping_action_is_the_best_scored_with_its_sign() {
    let game = ConnectFour::empty();
    let mut solver = OnlyScores(vec![(column(4), -3), (column(5), -7)]);
    assert_eq!(solver.keeping_action(&game, 1), Some((column(4), -1)));
    assert_eq!(solver.keeping_action(&game, 0), None);
    let mut solver = OnlyScores(vec![(column(3), 0), (column(1), -2)]);
    assert_eq!(solver.keeping_action(&game, 1), Some((column(3), 0)));
}

/// A proof that records which threads worked on it, and whether the wrapped bot had already
/// decided when each began.
struct Recorded {
    answer: Option<(Column, i32)>,
    decisions: Arc<AtomicUsize>,
    workers: Arc<Mutex<Vec<(std::thread::ThreadId, usize)>>>,
}

impl SharedProof<Column> for Recorded {
    fn work(&self) {
        let decided = self.decisions.load(Ordering::SeqCst);
        self.workers
            .lock()
            .unwrap()
            .push((std::thread::current().id(), decided));
    }

    fn result(&self) -> Option<(Column, i32)> {
        self.answer
    }
}

/// No exact scores; a shared proof with the given answer.
struct Shared {
    answer: Option<(Column, i32)>,
    decisions: Arc<AtomicUsize>,
    workers: Arc<Mutex<Vec<(std::thread::ThreadId, usize)>>>,
    budgets: Arc<Mutex<Vec<u64>>>,
}

impl ExactSolver<ConnectFour> for Shared {
    fn action_scores(&mut self, _: &ConnectFour, max_nodes: u64) -> Option<Vec<(Column, i32)>> {
        self.budgets.lock().unwrap().push(max_nodes);
        None
    }

    fn shared_keeping(
        &mut self,
        _: &ConnectFour,
        max_nodes: u64,
    ) -> Option<Box<dyn SharedProof<Column>>> {
        self.budgets.lock().unwrap().push(max_nodes);
        Some(Box::new(Recorded {
            answer: self.answer,
            decisions: self.decisions.clone(),
            workers: self.workers.clone(),
        }))
    }

    fn nodes(&self) -> u64 {
        BUDGET / EXACT_SHARE
    }

    fn plies_to_end(&self, _: &ConnectFour, _: i32) -> i32 {
        1
    }
}

fn run_shared(answer: Option<(Column, i32)>) -> Column {
    let decisions = Arc::new(AtomicUsize::new(0));
    let workers = Arc::new(Mutex::new(Vec::new()));
    let budgets = Arc::new(Mutex::new(Vec::new()));
    let solver = Shared {
        answer,
        decisions: decisions.clone(),
        workers: workers.clone(),
        budgets: budgets.clone(),
    };
    let wrapped = Wrapped(decisions.clone());
    let mut bot = SolverBot::new(Box::new(solver), BUDGET, Box::new(wrapped), 1);
    let Decision::Act(chosen) = bot.decide(&ConnectFour::empty(), Seat(0), false).unwrap() else {
        panic!("no action");
    };
    assert_eq!(
        *budgets.lock().unwrap(),
        [BUDGET / EXACT_SHARE, BUDGET - BUDGET / EXACT_SHARE]
    );
    let workers = workers.lock().unwrap().clone();
    assert_eq!(workers.len(), 2, "both threads worked on the proof");
    assert_ne!(workers[0].0, workers[1].0, "two threads");
    let caller = std::thread::current().id();
    let helper = workers.iter().find(|w| w.0 != caller).unwrap();
    assert_eq!(
        helper.1, 1,
        "the helper began once the wrapped bot had decided"
    );
    chosen
}

#[test]
fn a_shared_proof_is_worked_on_by_both_threads_and_played() {
    assert_eq!(run_shared(Some((column(6), 1))), column(6));
}

#[test]
fn without_a_shared_proof_the_wrapped_bot_decides() {
    assert_eq!(run_shared(None), column(1));
}

/// A proof that never comes by itself: its work waits until it is stopped.
struct Endless {
    stopped: Arc<std::sync::atomic::AtomicBool>,
}

impl SharedProof<Column> for Endless {
    fn work(&self) {
        while !self.stopped.load(Ordering::SeqCst) {
            std::thread::yield_now();
        }
    }

    fn result(&self) -> Option<(Column, i32)> {
        None
    }

    fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
    }
}

/// No exact scores; a shared proof that only a stop ends.
struct EndlessSolver(Arc<std::sync::atomic::AtomicBool>);

impl ExactSolver<ConnectFour> for EndlessSolver {
    fn action_scores(&mut self, _: &ConnectFour, _: u64) -> Option<Vec<(Column, i32)>> {
        None
    }

    fn shared_keeping(&mut self, _: &ConnectFour, _: u64) -> Option<Box<dyn SharedProof<Column>>> {
        Some(Box::new(Endless {
            stopped: self.0.clone(),
        }))
    }

    fn nodes(&self) -> u64 {
        0
    }

    fn plies_to_end(&self, _: &ConnectFour, _: i32) -> i32 {
        1
    }
}

#[test]
fn a_time_cap_stops_the_shared_proof_and_the_wrapped_bot_decides() {
    let stopped = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let solver = EndlessSolver(stopped.clone());
    let wrapped = Wrapped(Arc::new(AtomicUsize::new(0)));
    let mut bot = SolverBot::new(Box::new(solver), BUDGET, Box::new(wrapped), 1)
        .with_time_cap(Some(std::time::Duration::from_millis(20)));
    let decision = bot.decide(&ConnectFour::empty(), Seat(0), false).unwrap();
    assert!(stopped.load(Ordering::SeqCst), "the proof was stopped");
    assert_eq!(decision, Decision::Act(column(1)), "the wrapped bot's move");
}

/// Searches until its stop flag is set (or forever), then plays column 4; reports its search.
#[derive(Default)]
struct Stoppable {
    stop: Option<tabula_ai::Stop>,
    stops_seen: Arc<Mutex<Vec<bool>>>,
}

impl Bot<ConnectFour> for Stoppable {
    fn name(&self) -> String {
        "stoppable".into()
    }

    fn decide(&mut self, _: &ConnectFour, _: Seat, _: bool) -> Result<Decision<Column>, AiError> {
        let stop = self.stop.clone().expect("a capped decision gives a flag");
        while !stop.is_stopped() {
            std::thread::yield_now();
        }
        Ok(Decision::Act(column(4)))
    }

    fn set_stop(&mut self, stop: Option<tabula_ai::Stop>) {
        self.stops_seen.lock().unwrap().push(stop.is_some());
        self.stop = stop;
    }
}

#[test]
fn a_time_cap_also_ends_the_wrapped_bots_search_then_gives_back_the_hosts_flag() {
    let stopped = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stops_seen = Arc::new(Mutex::new(Vec::new()));
    let wrapped = Stoppable {
        stop: None,
        stops_seen: stops_seen.clone(),
    };
    let mut bot = SolverBot::new(
        Box::new(EndlessSolver(stopped.clone())),
        BUDGET,
        Box::new(wrapped),
        1,
    )
    .with_time_cap(Some(std::time::Duration::from_millis(30)));
    // Without the cap reaching the wrapped bot, this decision would never end.
    let decision = bot.decide(&ConnectFour::empty(), Seat(0), false).unwrap();
    assert_eq!(decision, Decision::Act(column(4)));
    assert!(stopped.load(Ordering::SeqCst), "the proof was stopped too");
    assert_eq!(
        *stops_seen.lock().unwrap(),
        [true, false],
        "the cap's flag, then the host's (none)"
    );
}

/// Plays column 1 after `ms` milliseconds and reports a search of 1 ms.
struct Slow(u64);

impl Bot<ConnectFour> for Slow {
    fn name(&self) -> String {
        "slow".into()
    }

    fn decide(&mut self, _: &ConnectFour, _: Seat, _: bool) -> Result<Decision<Column>, AiError> {
        std::thread::sleep(std::time::Duration::from_millis(self.0));
        Ok(Decision::Act(column(1)))
    }

    fn last_report(&self) -> Option<tabula_ai::SearchReport<Column>> {
        Some(tabula_ai::SearchReport {
            engine: tabula_ai::Engine::AlphaBeta,
            best: Some(column(1)),
            iterations: None,
            depth: Some(3),
            nodes: 10,
            elapsed: std::time::Duration::from_millis(1),
            value: vec![0.5, 0.5],
            score: Some(0),
            mate_in: None,
            pv: vec![column(1)],
            root: Vec::new(),
        })
    }
}

fn scripted(exact_from: u64, keep_from: u64) -> Box<Scripted> {
    Box::new(Scripted {
        exact_from,
        keep_from,
        spent: 0,
        calls: Arc::new(Mutex::new(Vec::new())),
    })
}

#[test]
fn the_last_report_is_the_decisions_own_and_timed_whole() {
    let empty = ConnectFour::empty();
    // Exact scores within the first share: the solver's report, every action listed.
    let mut bot = SolverBot::new(
        scripted(BUDGET / EXACT_SHARE, 0),
        BUDGET,
        Box::new(Slow(0)),
        1,
    );
    bot.decide(&empty, Seat(0), false).unwrap();
    let report = bot.last_report().expect("the proof is reported");
    assert_eq!(report.best, Some(column(2)));
    assert_eq!(report.root.len(), 2);
    assert_eq!(report.mate_in, Some(1), "exact scores give the distance");

    // A value-keeping proof: its action and sign, no distance to the end.
    let mut bot = SolverBot::new(scripted(BUDGET, 0), BUDGET, Box::new(Slow(0)), 1);
    bot.decide(&empty, Seat(0), false).unwrap();
    let report = bot.last_report().expect("the proof is reported");
    assert_eq!((report.best, report.score), (Some(column(6)), Some(1)));
    assert_eq!((report.mate_in, report.depth), (None, None));

    // No proof: the wrapped bot's report, timed over the whole decision (its own search
    // said 1 ms, the decision took at least 40).
    let mut bot = SolverBot::new(scripted(BUDGET, BUDGET), BUDGET, Box::new(Slow(40)), 1);
    bot.decide(&empty, Seat(0), false).unwrap();
    let report = bot.last_report().expect("the wrapped bot's report");
    assert_eq!(report.best, Some(column(1)));
    assert!(
        report.elapsed >= std::time::Duration::from_millis(40),
        "{:?}",
        report.elapsed
    );
}
