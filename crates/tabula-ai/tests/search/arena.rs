//! The match runner on Connect Four: seat rotation (fair with 3 or more players), results independent of the thread count,
//! statistics, progress, JSON, and bad settings refused.

use std::sync::atomic::{AtomicUsize, Ordering};
use tabula_ai::arena::MatchConfig;
use tabula_ai::{AiError, BotFactory, BotSpec, MatchReport, run_match_specs};
use tabula_connect_four::{ConnectFour, Params};

fn run(specs: &str, games: usize, threads: usize, seed: u64) -> Result<MatchReport, AiError> {
    let specs = BotSpec::parse_list(specs).unwrap();
    let factory = BotFactory::<ConnectFour>::new().with_alphabeta();
    let config = MatchConfig {
        games,
        threads,
        seed,
        ..MatchConfig::default()
    };
    run_match_specs(&Params::default(), &specs, &factory, &config, &|_, _| {})
}

#[test]
fn arena_rotates_seats_and_counts_everything() {
    let r = run("casual:engine=alphabeta,random", 20, 2, 5).unwrap();
    assert_eq!(r.games, 20);
    assert_eq!(r.game, "connect-four");
    for (g, rec) in r.records.iter().enumerate() {
        assert_eq!(rec.index, g);
        // Bot 0 sits at seat g mod 2.
        assert_eq!(rec.bots_by_seat[g % 2], 0);
        assert!(rec.plies >= 7 && rec.plies <= 42);
        assert_eq!(rec.ranks.len(), 2);
    }
    for b in &r.bots {
        assert_eq!(b.games, 20);
        assert_eq!(b.wins + b.draws + b.losses, 20);
        assert!(b.by_seat.iter().all(|s| s.games == 10));
        assert!(b.ci95[0] <= b.win_rate && b.win_rate <= b.ci95[1]);
    }
    assert_eq!(r.bots[0].wins, r.bots[1].losses);
    let seat_wins: u64 = r.seat_results.iter().map(|s| s.wins).sum();
    assert_eq!(seat_wins + r.draws, 20);
    assert!(r.plies.min as f64 <= r.plies.mean && r.plies.mean <= r.plies.max as f64);
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["bots"][0]["bot"], "casual:engine=alphabeta");
    assert!(json["seat_results"][1]["ci95"].is_array());
    let table = r.table();
    assert!(
        table.contains("95% CI") && table.contains("casual:engine=alphabeta"),
        "{table}"
    );
}

#[test]
fn arena_results_do_not_depend_on_the_thread_count() {
    let one = run("beginner:engine=mcts,random", 12, 1, 77).unwrap();
    let two = run("beginner:engine=mcts,random", 12, 2, 77).unwrap();
    assert_eq!(one.records, two.records);
    let other = run("beginner:engine=mcts,random", 12, 2, 78).unwrap();
    assert_ne!(one.records, other.records);
}

#[test]
fn arena_reports_progress_for_every_game() {
    let specs = BotSpec::parse_list("random,random").unwrap();
    let calls = AtomicUsize::new(0);
    let factory = BotFactory::<ConnectFour>::new();
    let config = MatchConfig {
        games: 25,
        threads: 3,
        ..MatchConfig::default()
    };
    let r = run_match_specs(
        &Params::default(),
        &specs,
        &factory,
        &config,
        &|done, total| {
            assert!(done <= total && total == 25);
            calls.fetch_add(1, Ordering::Relaxed);
        },
    )
    .unwrap();
    assert_eq!(calls.load(Ordering::Relaxed), 25);
    assert_eq!(r.games, 25);
}

#[test]
fn arena_refuses_bad_settings() {
    assert!(matches!(run("random", 4, 1, 1), Err(AiError::BadMatch(_))));
    assert!(matches!(
        run("random,random,random", 4, 1, 1),
        Err(AiError::BadMatch(_))
    ));
    assert!(matches!(
        run("random,random", 0, 1, 1),
        Err(AiError::BadMatch(_))
    ));
    let specs = BotSpec::parse_list("alphabeta,random").unwrap();
    let config = MatchConfig::default();
    let no_ab = BotFactory::<ConnectFour>::new();
    let err = run_match_specs(&Params::default(), &specs, &no_ab, &config, &|_, _| {});
    assert!(matches!(err, Err(AiError::Unsupported(_))));
    let err = run_match_specs(
        &Params { players: 3 },
        &BotSpec::parse_list("random,random").unwrap(),
        &no_ab,
        &config,
        &|_, _| {},
    );
    assert!(matches!(err, Err(AiError::Params(_))));
}

#[test]
fn with_three_or_more_players_each_bot_sits_in_every_position_relative_to_every_other() {
    use std::collections::{HashMap, HashSet};
    use tabula_ai::seating;
    for n in 2..=5usize {
        let cycle: usize = (1..=n).product();
        let mut arrangements = HashSet::new();
        // offsets[(a, b, d)]: games where bot b sits d seats after bot a.
        let mut offsets: HashMap<(usize, usize, usize), usize> = HashMap::new();
        for g in 0..cycle {
            let by_seat = seating(n, g);
            let mut sorted = by_seat.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "game {g}: {by_seat:?}");
            arrangements.insert(by_seat.clone());
            for (sa, &a) in by_seat.iter().enumerate() {
                for (sb, &b) in by_seat.iter().enumerate() {
                    if a != b {
                        *offsets.entry((a, b, (sb + n - sa) % n)).or_default() += 1;
                    }
                }
            }
        }
        assert_eq!(
            arrangements.len(),
            cycle,
            "{n} players: every permutation once"
        );
        let counts: HashSet<usize> = offsets.values().copied().collect();
        assert_eq!(counts.len(), 1, "{n} players: uneven offsets {offsets:?}");
        assert_eq!(offsets.len(), n * (n - 1) * (n - 1));
        // Every n consecutive games still put each bot in every seat once.
        for start in (0..cycle).step_by(n) {
            for bot in 0..n {
                let seats: HashSet<usize> = (start..start + n)
                    .map(|g| seating(n, g).iter().position(|&b| b == bot).unwrap())
                    .collect();
                assert_eq!(seats.len(), n, "{n} players, games {start}..: bot {bot}");
            }
        }
    }
}
