//! Every level keeps its time per move: each carries a wall-time cap, its documented budget
//! less a margin, which ends every kind of search the level runs (alpha-beta, MCTS, the
//! solver's proof) before its nodes or iterations would. No assertion here depends on how
//! fast the machine is: a cap of a millisecond ends a search of millions of nodes long before
//! its budget on any machine, and a proof that never ends alone only ends at a cap.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tabula_ai::solver::{ExactSolver, SharedProof};
use tabula_ai::{Bot, BotFactory, BotSpec, Decision, Engine, Level, LevelConfig, SearchLimits};
use tabula_connect_four::{Column, ConnectFour};
use tabula_core::{Game, Seat};
use tabula_khan_tsin::KhanTsin;

/// The documented time per move of each level, read from docs/engine.md's table
/// (`| \`strong\` | 0.5 s | 450 ms |`): the budget and the cap, in milliseconds.
fn documented() -> Vec<(Level, u64, u64)> {
    let doc = include_str!("../../../../docs/engine.md");
    let ms = |cell: &str| {
        let cell = cell.trim().replace(',', "");
        match cell.split_once(' ') {
            Some((n, "s")) => (n.parse::<f64>().unwrap() * 1000.0).round() as u64,
            Some((n, "ms")) => n.parse().unwrap(),
            _ => panic!("a time in s or ms, not `{cell}`"),
        }
    };
    Level::ALL
        .into_iter()
        .map(|level| {
            let head = format!("| `{level}` |");
            let row = doc
                .lines()
                .find(|l| l.starts_with(&head))
                .unwrap_or_else(|| panic!("docs/engine.md has no row for {level}"));
            let cells: Vec<&str> = row.trim_matches('|').split('|').collect();
            (level, ms(cells[1]), ms(cells[2]))
        })
        .collect()
}

#[test]
fn every_level_carries_the_cap_of_its_documented_budget() {
    for (level, budget, cap) in documented() {
        assert_eq!(level.budget_ms(), budget, "{level}");
        assert_eq!(level.time_cap_ms(), cap, "{level}");
        assert!(
            cap < budget && cap * 10 >= budget * 9,
            "{level}: a small margin"
        );
        assert_eq!(level.capped(None), cap, "{level}");
        assert_eq!(level.capped(Some(7)), 7, "{level}: `ms=` replaces it");
        // Both engines, and a game's own iteration budgets, carry it.
        let factories = [
            BotFactory::<ConnectFour>::new().with_alphabeta(),
            BotFactory::<ConnectFour>::new(),
            BotFactory::<ConnectFour>::new().with_level_iterations([1, 2, 3, 4]),
        ];
        for f in factories {
            let time_ms = match f.level_config(level, 2) {
                LevelConfig::AlphaBeta(c) => c.time_ms,
                LevelConfig::Mcts(c) => c.time_ms,
            };
            assert_eq!(time_ms, Some(cap), "{level}");
        }
    }
}

/// Khan-Tsin's `expert`, as built from `spec`: the nodes of its search from the start.
fn khan_tsin_expert_nodes(spec: &str) -> u64 {
    let game = KhanTsin::new(&Default::default()).unwrap();
    let factory = BotFactory::<KhanTsin>::new().with_alphabeta();
    let mut bot = factory.build(&spec.parse().unwrap(), 2, 1).unwrap();
    let seat = match game.to_act() {
        tabula_core::ToAct::One(seat) => seat,
        other => panic!("{other:?}"),
    };
    let report = bot.analyse(&game, seat, &SearchLimits::default(), false);
    report.unwrap().unwrap().nodes
}

#[test]
fn a_tiny_cap_ends_an_alpha_beta_level_before_its_node_budget() {
    let budget = Level::Expert.alphabeta().max_nodes.unwrap();
    // The budget alone: the search spends it (or ends at its deepest iteration).
    let uncapped = khan_tsin_expert_nodes("expert:ms=600000");
    assert!(uncapped >= budget / 2, "{uncapped} nodes");
    // A millisecond: the first iteration, then the cap.
    let capped = khan_tsin_expert_nodes("expert:ms=1");
    assert!(capped < budget / 4, "{capped} nodes");
}

/// Whether the endless proof below was stopped (a solver is made by a plain function).
static PROOF_STOPPED: AtomicBool = AtomicBool::new(false);

/// A proof that never comes by itself: its work waits until it is stopped.
struct Endless;

impl SharedProof<Column> for Endless {
    fn work(&self) {
        while !PROOF_STOPPED.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn result(&self) -> Option<(Column, i32)> {
        None
    }

    fn stop(&self) {
        PROOF_STOPPED.store(true, Ordering::SeqCst);
    }
}

/// No exact scores; a shared proof that only a cap ends.
struct EndlessSolver;

impl ExactSolver<ConnectFour> for EndlessSolver {
    fn action_scores(&mut self, _: &ConnectFour, _: u64) -> Option<Vec<(Column, i32)>> {
        None
    }

    fn shared_keeping(&mut self, _: &ConnectFour, _: u64) -> Option<Box<dyn SharedProof<Column>>> {
        Some(Box::new(Endless))
    }

    fn nodes(&self) -> u64 {
        0
    }

    fn plies_to_end(&self, _: &ConnectFour, _: i32) -> i32 {
        1
    }
}

#[test]
fn a_level_backed_by_a_solver_ends_its_proof_at_its_own_cap() {
    // `expert` as written, no `ms=`: only the level's own cap can end the endless proof.
    let factory = BotFactory::<ConnectFour>::new()
        .with_alphabeta()
        .with_solver(|| Box::new(EndlessSolver));
    let spec: BotSpec = "expert".parse().unwrap();
    assert_eq!(factory.engine_for(2, None), Engine::AlphaBeta);
    let mut bot = factory.build(&spec, 2, 1).unwrap();
    let (done, answer) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let decision = bot.decide(&ConnectFour::empty(), Seat(0), false);
        done.send(decision.map_err(|e| e.to_string())).unwrap();
    });
    // A guard against a hang only: the cap is 1.9 s.
    let decision = answer
        .recv_timeout(Duration::from_secs(300))
        .expect("the cap ended the decision");
    assert!(
        PROOF_STOPPED.load(Ordering::SeqCst),
        "the proof was stopped"
    );
    assert!(matches!(decision, Ok(Decision::Act(_))), "{decision:?}");
}

#[test]
fn the_search_beside_a_proof_is_small_so_that_its_thread_joins_the_proof_soon() {
    // No proof comes: the analysis is the level's own alpha-beta, as it searches beside it.
    let nodes = |factory: &BotFactory<ConnectFour>| {
        let spec: BotSpec = "expert:ms=600000".parse().unwrap();
        let mut bot = factory.build(&spec, 2, 1).unwrap();
        let report = bot.analyse(
            &ConnectFour::empty(),
            Seat(0),
            &SearchLimits::default(),
            false,
        );
        report.unwrap().unwrap().nodes
    };
    let plain = BotFactory::<ConnectFour>::new().with_alphabeta();
    let proving = plain.clone().with_solver(|| Box::new(EndlessSolver));
    assert!(nodes(&plain) > tabula_ai::SOLVER_FALLBACK_NODES);
    assert!(nodes(&proving) <= tabula_ai::SOLVER_FALLBACK_NODES + 1024);
}
