//! The dynamics figures on hand-made traces whose answers are worked out by hand.

use super::*;
use crate::stats::GameRecord;

fn t(values: &[[f64; 2]]) -> Vec<Vec<f64>> {
    values.iter().map(|v| v.to_vec()).collect()
}

#[test]
fn gaps_repeat_the_previous_value_and_start_neutral() {
    let evals = vec![None, Some(vec![0.7, 0.3]), None, Some(vec![0.2, 0.8])];
    assert_eq!(
        filled(&evals, 2),
        t(&[[0.5, 0.5], [0.7, 0.3], [0.7, 0.3], [0.2, 0.8]])
    );
}

#[test]
fn lead_changes_count_switches_of_the_unique_leader() {
    // Leaders: 0, tie (skipped), 0, 1, 1, 0: two changes (0→1, 1→0).
    let trace = t(&[
        [0.6, 0.4],
        [0.5, 0.5],
        [0.7, 0.3],
        [0.4, 0.6],
        [0.3, 0.7],
        [0.9, 0.1],
    ]);
    assert_eq!(lead_changes(&trace), 2);
    assert_eq!(lead_changes(&t(&[[0.6, 0.4], [0.8, 0.2]])), 0);
    assert_eq!(leader(&[0.3, 0.3, 0.1]), None);
    assert_eq!(leader(&[0.3, 0.4, 0.1]), Some(1));
}

#[test]
fn drama_is_the_winners_mean_deficit_and_time_behind() {
    // Seat 1 wins; deficits 0.4, 0.2, 0, 0 over 4 plies: mean 0.15, behind half the game.
    let trace = t(&[[0.7, 0.3], [0.6, 0.4], [0.4, 0.6], [0.1, 0.9]]);
    let (d, behind) = drama(&trace, 1);
    assert!((d - 0.15).abs() < 1e-12, "{d}");
    assert_eq!(behind, 0.5);
    // Seat 0 would have been ahead throughout the first half: deficits 0, 0, 0.2, 0.8.
    let (d, behind) = drama(&trace, 0);
    assert!((d - 0.25).abs() < 1e-12, "{d}");
    assert_eq!(behind, 0.5);
    assert_eq!(drama(&[], 0), (0.0, 0.0));
}

#[test]
fn the_decisive_ply_is_where_the_winner_stays_above_the_threshold() {
    // Seat 0: 0.5, 0.85, 0.7, 0.82, 0.9: above 0.8 for good from ply 3.
    let trace = t(&[
        [0.5, 0.5],
        [0.85, 0.15],
        [0.7, 0.3],
        [0.82, 0.18],
        [0.9, 0.1],
    ]);
    assert_eq!(decisive_ply(&trace, 0, 0.8), 3);
    assert_eq!(decisive_ply(&trace, 0, 0.5), 0);
    // Never above it at the end: the whole game.
    assert_eq!(decisive_ply(&trace, 1, 0.8), 5);
}

#[test]
fn uncertainty_is_the_normalised_entropy() {
    assert!((uncertainty(&[0.5, 0.5]) - 1.0).abs() < 1e-12);
    assert_eq!(uncertainty(&[1.0, 0.0]), 0.0);
    // Shares 0.25/0.75: H = 0.5623 nats, / ln 2 = 0.8113 bits.
    assert!((uncertainty(&[0.25, 0.75]) - 0.811_278).abs() < 1e-6);
    assert!((uncertainty(&[0.2, 0.2, 0.2]) - 1.0).abs() < 1e-12);
}

#[test]
fn stability_is_the_mean_absolute_change_per_ply_and_seat() {
    // Changes: |0.1|+|0.1|, |0.3|+|0.3|: 0.8 over 2 steps × 2 seats = 0.2.
    let trace = t(&[[0.5, 0.5], [0.6, 0.4], [0.3, 0.7]]);
    assert!((stability(&trace) - 0.2).abs() < 1e-12);
    assert_eq!(stability(&t(&[[0.5, 0.5], [0.5, 0.5]])), 0.0);
    assert_eq!(stability(&t(&[[0.5, 0.5]])), 0.0);
}

#[test]
fn uncertainty_by_progress_averages_each_tenth_of_the_game() {
    // 20 plies: two per tenth; the first tenth certain then even, the rest even.
    let mut trace = vec![vec![1.0, 0.0], vec![0.5, 0.5]];
    trace.extend((0..18).map(|_| vec![0.5, 0.5]));
    let bins = uncertainty_by_progress(&trace);
    assert_eq!(bins.len(), PROGRESS_BINS);
    assert!((bins[0].unwrap() - 0.5).abs() < 1e-12);
    assert!(bins[1..].iter().all(|b| (b.unwrap() - 1.0).abs() < 1e-12));
    // 3 plies: tenths 0, 3 and 6 only.
    let short = uncertainty_by_progress(&t(&[[0.5, 0.5], [1.0, 0.0], [0.5, 0.5]]));
    let present: Vec<usize> = (0..PROGRESS_BINS).filter(|&i| short[i].is_some()).collect();
    assert_eq!(present, [0, 3, 6]);
}

fn record(ranks: Vec<u8>, evals: Vec<Option<Vec<f64>>>) -> GameRecord {
    GameRecord {
        index: 0,
        seed: 0,
        bots_by_seat: vec![0, 1],
        ranks,
        scores: None,
        reason: Some(tabula_core::EndReason::Win),
        plies: evals.len() as u64,
        turns: evals.len() as u64,
        setup_plies: 0,
        clarity: None,
        positions: vec![],
        repeated: 0,
        choices: vec![],
        evals,
        spaces: vec![],
        opening: vec![],
        start: String::new(),
        moves: vec![],
        move_ms: vec![],
    }
}

#[test]
fn the_match_summary_averages_the_games() {
    let a = record(
        vec![2, 1],
        vec![
            Some(vec![0.7, 0.3]),
            Some(vec![0.6, 0.4]),
            Some(vec![0.4, 0.6]),
            Some(vec![0.1, 0.9]),
        ],
    );
    // A shared first place: no winner, so no drama or decisiveness.
    let b = record(vec![1, 1], vec![Some(vec![0.5, 0.5]), None]);
    let d = dynamics(&[a.clone(), b], 2, "players", 0.8).unwrap();
    assert_eq!(d.games, 2);
    assert_eq!(d.evaluated_share, 5.0 / 6.0);
    assert_eq!(d.lead_changes.mean, 0.5);
    assert_eq!(d.drama.n, 1);
    assert!((d.drama.mean - 0.15).abs() < 1e-12);
    // Seat 2 is at 0.9 ≥ 0.8 from its last ply, ply 3 of 4.
    assert_eq!(d.decisiveness.mean, 0.75);
    assert_eq!(winner(&a), Some(1));
    assert!(dynamics(&[record(vec![1, 2], vec![])], 2, "players", 0.8).is_none());
    // Random bots: a trace of gaps only.
    assert!(dynamics(&[record(vec![1, 2], vec![None, None])], 2, "players", 0.8).is_none());
}

#[test]
fn setup_plies_are_measured_apart_from_play() {
    // Two setup plies whose leader flips (0 then 1), then play led by seat 1 throughout:
    // play starts at the value after the last setup ply, so it has no lead change.
    let mut r = record(
        vec![2, 1],
        vec![
            Some(vec![0.6, 0.4]),
            Some(vec![0.3, 0.7]),
            Some(vec![0.2, 0.8]),
            Some(vec![0.1, 0.9]),
        ],
    );
    r.setup_plies = 2;
    let trace = filled(&r.evals, 2);
    let (setup, play) = split_setup(&trace, 2);
    assert_eq!((setup.len(), play.len()), (2, 3));
    let g = game_dynamics(&r, 2, 0.8).unwrap();
    assert_eq!(g.lead_changes, 0.0);
    assert_eq!(g.setup, Some((2.0, 1.0)));
    // Seat 2 is at 0.7 at the start of play, then at 0.8 or more: decided at ply 1 of 3.
    assert_eq!(g.decisiveness, Some(1.0 / 3.0));
    let d = dynamics(&[r.clone()], 2, "players", 0.8).unwrap();
    let s = d.setup.unwrap();
    assert_eq!((s.plies.mean, s.lead_changes.mean), (2.0, 1.0));
    // Without a setup phase the same trace has its lead change, and no setup figures.
    r.setup_plies = 0;
    assert_eq!(game_dynamics(&r, 2, 0.8).unwrap().lead_changes, 1.0);
    assert!(dynamics(&[r], 2, "players", 0.8).unwrap().setup.is_none());
}
