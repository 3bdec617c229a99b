//! Connect Four, the reference game.

use tabula_ai::BotFactory;
use tabula_ai::solver::{ExactSolver, SharedProof};
use tabula_connect_four::solver::{KeepingSearch, Solver};
use tabula_connect_four::{Column, ConnectFour};
use tabula_registry::{Entry, Ladder};

/// Alpha-beta's threads split the work here as in the other games: from varied openings, two
/// threads that split scored 52 % against one thread at equal time over 3,000 games, and 50 %
/// without splitting (6 December 2026; bench/log/performance-history.md, "Connect Four from
/// varied openings").
pub static ENTRY: Entry<ConnectFour> = Entry::new(&tabula_connect_four::DESCRIPTION, || {
    BotFactory::new().with_alphabeta().with_solver(solver)
})
.with_ladder(&LADDER)
.with_themes(tabula_connect_four::puzzle_themes)
.with_terminal(&crate::terminal::CONNECT_FOUR);

/// The levels' ladder, each against the one below (docs/performance.md, "Bot strength",
/// 2 December 2026): their estimated ratings.
static LADDER: Ladder = Ladder {
    players: 2,
    games: 100,
    scores: &[0.985, 0.98, 0.75, 0.90],
};

/// The bitboard solver, with a 16 MiB table (2^21 entries) per bot, shared by the threads of
/// a proof (larger tables save few nodes on the positions a move meets and search more
/// slowly, out of the processor's cache; measured in bench/log/performance-history.md,
/// "Connect Four: keeping the game-theoretic value").
fn solver() -> Box<dyn ExactSolver<ConnectFour>> {
    Box::new(BitboardSolver(Solver::new(), 0))
}

/// The solver and the nodes of its last answer (both searches when the exact one gave up).
struct BitboardSolver(Solver, u64);

impl ExactSolver<ConnectFour> for BitboardSolver {
    fn action_scores(&mut self, game: &ConnectFour, max_nodes: u64) -> Option<Vec<(Column, i32)>> {
        // Exact scores (the fastest win, the longest defence) where a quarter of the budget
        // is enough; otherwise win, draw or loss only, which keeps the value just as well.
        let strong = self.0.column_scores(game, max_nodes / 4);
        self.1 = self.0.nodes().min(max_nodes / 4);
        if strong.is_some() {
            return strong;
        }
        let weak = self.0.column_values(game, max_nodes - self.1);
        self.1 += self.0.nodes();
        weak
    }

    fn keeping_action(&mut self, game: &ConnectFour, max_nodes: u64) -> Option<(Column, i32)> {
        let kept = self.0.keeping_column(game, max_nodes);
        self.1 = self.0.nodes().min(max_nodes);
        kept
    }

    fn shared_keeping(
        &mut self,
        game: &ConnectFour,
        max_nodes: u64,
    ) -> Option<Box<dyn SharedProof<Column>>> {
        let search = self.0.keeping_search(game, max_nodes)?;
        Some(Box::new(Proof(search)))
    }

    fn nodes(&self) -> u64 {
        self.1
    }

    fn plies_to_end(&self, game: &ConnectFour, score: i32) -> i32 {
        tabula_connect_four::solver::plies_to_end(game, score)
    }
}

/// The solver's proof of one value-keeping column, which threads share (both cores).
struct Proof(KeepingSearch);

impl SharedProof<Column> for Proof {
    fn work(&self) {
        self.0.work()
    }

    fn result(&self) -> Option<(Column, i32)> {
        self.0.result()
    }

    fn stop(&self) {
        self.0.stop()
    }
}
