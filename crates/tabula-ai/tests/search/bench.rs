//! The speed benchmark behind `tabula bench` (tiny settings: this checks the plumbing, not
//! the speed, which is measured by `tabula bench` and the criterion benches).

use std::time::Duration;
use tabula_ai::bench::{BenchConfig, bench_game, initial_position};
use tabula_connect_four::{ConnectFour, Params};
use tabula_core::rng_from_seed;

#[test]
fn bench_reports_every_figure() {
    let config = BenchConfig {
        iterations: 500,
        threads: 2,
        playout_time: Duration::from_millis(20),
        repeats: 1,
        ..BenchConfig::default()
    };
    let r = bench_game::<ConnectFour>(&Params::default(), &config).unwrap();
    assert_eq!(r.game, "connect-four");
    assert!(r.playouts_per_s > 0.0 && r.mcts_iters_per_s_1t > 0.0 && r.mcts_iters_per_s_all > 0.0);
    // A random game of Connect Four lasts 7 to 42 plies.
    let plies = r.plies_per_s / r.playouts_per_s;
    assert!((7.0..=42.0).contains(&plies), "{plies}");
    let json = serde_json::to_value(&r).unwrap();
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "game",
            "mcts_iters_per_s_1t",
            "mcts_iters_per_s_all",
            "playouts_per_s",
            "plies_per_s"
        ]
    );
    let start: ConnectFour = initial_position(&Params::default(), &mut rng_from_seed(1)).unwrap();
    assert_eq!(start.plies(), 0);
    assert!(bench_game::<ConnectFour>(&Params { players: 4 }, &config).is_err());
}
