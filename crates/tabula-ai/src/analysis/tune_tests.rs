//! Successive halving on toy objectives whose best setting is known, and the objectives'
//! parsing.

use super::*;

/// A number in `[0, 1)` fixed by `x` (SplitMix64's finaliser).
fn uniform(x: u64) -> f64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) as f64 / 2f64.powi(64)
}

/// A toy setting `s` is a coin of probability `p[s]`; its game `i` a toss seeded by `(s, i)`
/// (so that the same games give the same tosses, as a seed does for real games).
fn coins<'a>(
    p: &'a [f64],
    log: &'a mut Vec<(usize, usize)>,
) -> impl FnMut(usize, usize) -> Result<Option<Estimate>, String> + 'a {
    move |s, games| {
        log.push((s, games));
        let heads = (0..games)
            .filter(|&i| uniform((s as u64) << 32 | i as u64) < p[s])
            .count();
        Ok(Some(Estimate {
            value: heads as f64 / games as f64,
            ci95: wilson_interval(heads as u64, games as u64, 1.96),
            games,
        }))
    }
}

#[test]
fn the_best_coin_is_found_and_gets_the_most_games() {
    let p = [0.30, 0.45, 0.80, 0.40, 0.35, 0.50, 0.20, 0.42];
    let mut log = Vec::new();
    let search = successive_halving(p.len(), 800, true, &mut coins(&p, &mut log)).unwrap();
    assert_eq!(search.best, 2);
    assert!(search.games <= 800, "{} games", search.games);
    let games: Vec<usize> = search
        .last(p.len())
        .iter()
        .map(|t| t.and_then(|t| t.estimate).map_or(0, |e| e.games))
        .collect();
    assert!(
        games.iter().all(|&g| g <= games[2]) && games[6] < games[2],
        "games per setting: {games:?}"
    );
    // Games already played are kept: each call asks for more games than the last.
    for s in 0..p.len() {
        let asked: Vec<usize> = log.iter().filter(|(x, _)| *x == s).map(|l| l.1).collect();
        assert!(asked.windows(2).all(|w| w[0] < w[1]), "{s}: {asked:?}");
    }
}

#[test]
fn minimising_finds_the_lowest_and_clear_leaders_stop_early() {
    let p = [0.9, 0.05, 0.95, 0.85];
    let mut log = Vec::new();
    let search = successive_halving(p.len(), 3000, false, &mut coins(&p, &mut log)).unwrap();
    assert_eq!(search.best, 1);
    assert_eq!(search.stopped, "separated");
    assert!(search.games < 3000, "{} games", search.games);
    // Round 0 keeps only the leader: every other interval is clear of it.
    assert!(search.trials.iter().all(|t| t.round == 0));
}

#[test]
fn the_same_measurements_give_the_same_search() {
    let p = [0.5, 0.52, 0.48, 0.51, 0.49];
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let first = successive_halving(p.len(), 400, true, &mut coins(&p, &mut a)).unwrap();
    let second = successive_halving(p.len(), 400, true, &mut coins(&p, &mut b)).unwrap();
    assert_eq!(first, second);
    assert_eq!(a, b);
}

#[test]
fn a_budget_below_the_first_round_is_refused_before_any_game() {
    let p = [0.5; 6];
    let mut log = Vec::new();
    let err = successive_halving(p.len(), 50, true, &mut coins(&p, &mut log)).unwrap_err();
    assert!(
        err.contains("too small") && err.contains("at least 72"),
        "{err}"
    );
    assert!(log.is_empty());
}

#[test]
fn a_failing_measurement_stops_the_search_with_its_error() {
    let err = successive_halving::<String>(2, 100, true, &mut |_, _| Err("no such board".into()))
        .unwrap_err();
    assert_eq!(err, "no such board");
}

#[test]
fn objectives_parse_and_name_what_is_wrong() {
    assert_eq!(Objective::parse("balance"), Ok(Objective::Balance));
    assert_eq!(
        Objective::parse("length=60"),
        Ok(Objective::Length { target: 60.0 })
    );
    assert!(Objective::parse("lead-changes").unwrap().maximise());
    assert!(!Objective::parse("draws").unwrap().maximise());
    let err = Objective::parse("fun").unwrap_err();
    assert!(err.contains("unknown objective `fun`") && err.contains("balance"));
    assert!(
        Objective::parse("length")
            .unwrap_err()
            .contains("length=PLIES")
    );
    assert!(
        Objective::parse("length=-3")
            .unwrap_err()
            .contains("positive")
    );
}

#[test]
fn a_tuner_driven_in_any_order_gives_the_search_of_the_loop() {
    let p = [0.30, 0.45, 0.80, 0.40, 0.35];
    let mut log = Vec::new();
    let looped = successive_halving(p.len(), 500, true, &mut coins(&p, &mut log)).unwrap();
    let mut tuner = Tuner::new(p.len(), 500, true).unwrap();
    let mut unused = Vec::new();
    let mut toss = coins(&p, &mut unused);
    while let Some(round) = tuner.next_round() {
        // Measured last to first, as batches may come back from a cluster.
        let mut estimates = vec![None; round.len()];
        for (i, &(s, games)) in round.iter().enumerate().rev() {
            assert!(tuner.played(s) < games);
            estimates[i] = toss(s, games).unwrap();
        }
        tuner.report(&estimates).unwrap();
    }
    assert!(tuner.is_done());
    assert!(tuner.report(&[]).is_err());
    assert_eq!(tuner.finish().unwrap(), looped);
}

#[test]
fn a_tuner_refuses_a_wrong_round_and_an_early_finish() {
    let mut tuner = Tuner::new(4, 100, false).unwrap();
    assert!(tuner.clone().finish().unwrap_err().contains("not over"));
    let err = tuner.report(&[None]).unwrap_err();
    assert!(err.contains("measures 4 settings, not 1"), "{err}");
    // Nothing was taken: the round is the same.
    assert_eq!(
        tuner.next_round().unwrap(),
        vec![(0, 12), (1, 12), (2, 12), (3, 12)]
    );
}
