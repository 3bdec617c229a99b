//! Connect Four references for the alpha-beta tests: the tactics data file (positions with
//! known forced wins) and an exact value by plain memoised minimax, for endgames, with the
//! check that a search finds and keeps it.

use std::collections::HashMap;
use tabula_ai::{AlphaBetaBot, AlphaBetaConfig};
use tabula_connect_four::{Column, ConnectFour, Params};
use tabula_core::{Game, Notation, ToAct, rng_from_seed, step_random};

const TACTICS: &str = include_str!("../../../tabula-connect-four/data/tactics.txt");

/// A position in Connect Four's notation.
pub fn pos(text: &str) -> ConnectFour {
    ConnectFour::from_notation(&Params::default(), text).unwrap()
}

/// A line of the tactics file: the side to move wins in `plies` by playing one of `wins`.
pub struct Tactic {
    pub line: usize,
    pub position: ConnectFour,
    pub wins: Vec<Column>,
    pub plies: u32,
}

/// Every tactic of the data file.
pub fn tactics() -> Vec<Tactic> {
    let mut out = Vec::new();
    for (i, line) in TACTICS.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';').map(str::trim);
        let position = pos(fields.next().unwrap());
        let (mut wins, mut plies) = (Vec::new(), 0);
        for f in fields {
            let (key, value) = f.split_once(' ').unwrap();
            match key {
                "win" => {
                    wins = value
                        .split_whitespace()
                        .map(|c| Column::from_number(c.parse().unwrap()).unwrap())
                        .collect()
                }
                "plies" => plies = value.parse().unwrap(),
                other => panic!("line {}: unknown field {other}", i + 1),
            }
        }
        out.push(Tactic {
            line: i + 1,
            position,
            wins,
            plies,
        });
    }
    out
}

/// The exact value (1 win, 0 draw, -1 loss) for the side to move, by plain memoised minimax.
pub fn solve(game: &ConnectFour, memo: &mut HashMap<String, i32>) -> i32 {
    if let ToAct::Over(o) = game.to_act() {
        // The mover of a finished game never won it.
        return if o.is_draw() { 0 } else { -1 };
    }
    let key = game.to_notation();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let mut best = -1;
    for a in actions {
        let mut child = game.clone();
        child.apply(a);
        best = best.max(-solve(&child, memo));
        if best == 1 {
            break;
        }
    }
    memo.insert(key, best);
    best
}

/// Checks that alpha-beta with `config(plies)` (plies: the win's distance) plays a winning
/// column of every tactic in the data file, its win proven at that distance.
pub fn assert_solves_tactics(config: impl Fn(u32) -> AlphaBetaConfig) {
    let cases = tactics();
    assert!(cases.len() >= 32, "{} cases", cases.len());
    let mut failures = Vec::new();
    for t in &cases {
        let mut bot: AlphaBetaBot<ConnectFour> = AlphaBetaBot::new(config(t.plies), 1);
        let r = bot.search(&t.position).unwrap();
        if !t.wins.contains(&r.best) || r.proven_in() != Some((true, t.plies)) {
            failures.push(format!(
                "line {}: played {} (score {}, proven {:?}), expected {:?} in {} plies",
                t.line,
                r.best,
                r.score,
                r.proven_in(),
                t.wins,
                t.plies
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Checks `count` endgames (28 random plies from `seed`, games still on): alpha-beta with
/// `config` finds each one's exact value, proven, and its move keeps it.
pub fn assert_exact_endgames(config: &AlphaBetaConfig, seed: u64, count: usize) {
    let mut rng = rng_from_seed(seed);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    let mut memo = HashMap::new();
    let mut checked = 0;
    while checked < count {
        let mut game = ConnectFour::new(&Params::default()).unwrap();
        for _ in 0..28 {
            step_random(&mut game, &mut rng, &mut actions, &mut chances);
        }
        if game.is_over() {
            continue;
        }
        let exact = solve(&game, &mut memo);
        let r = AlphaBetaBot::new(config.clone(), 3).search(&game).unwrap();
        let found = match r.proven_in() {
            Some((true, _)) => 1,
            Some((false, _)) => -1,
            None => 0,
        };
        assert_eq!(found, exact, "{} (score {})", game.to_notation(), r.score);
        let mut after = game.clone();
        after.apply(r.best);
        assert_eq!(-solve(&after, &mut memo), exact, "{}", game.to_notation());
        checked += 1;
    }
}
