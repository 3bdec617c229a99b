//! Ludii's metrics on the hand-made traces of docs/analyze.md (*Ludii's metrics, worked
//! out*), whose answers are computed there by hand.

use super::*;
use crate::stats::{Choice, GameRecord};
use tabula_core::Seat;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn record(ranks: &[u8], evals: &[[f64; 2]]) -> GameRecord {
    GameRecord {
        index: 0,
        seed: 0,
        bots_by_seat: vec![0, 0],
        ranks: ranks.to_vec(),
        scores: None,
        reason: Some(tabula_core::EndReason::Win),
        plies: evals.len() as u64,
        turns: evals.len() as u64,
        setup_plies: 0,
        clarity: None,
        positions: vec![],
        repeated: 0,
        choices: vec![],
        evals: evals.iter().map(|v| Some(v.to_vec())).collect(),
        spaces: vec![],
        opening: vec![],
        start: String::new(),
        moves: vec![],
        move_ms: vec![],
    }
}

/// Trace A: seat 1 wins; values after each ply 0.4, 0.7, 0.9, 1.0 (seat 2 the rest).
fn trace_a() -> GameRecord {
    record(&[1, 2], &[[0.4, 0.6], [0.7, 0.3], [0.9, 0.1], [1.0, 0.0]])
}

#[test]
fn utilities_share_places_between_tied_seats() {
    assert_eq!(utilities(&[1, 2], 2), [1.0, -1.0]);
    assert_eq!(utilities(&[1, 1], 2), [0.0, 0.0]);
    assert_eq!(utilities(&[], 2), [0.0, 0.0]);
    assert_eq!(utilities(&[1, 2, 3], 3), [1.0, 0.0, -1.0]);
    assert_eq!(utilities(&[1, 1, 3], 3), [0.5, 0.5, -1.0]);
    assert_eq!(utilities(&[1, 2, 2], 3), [1.0, -0.5, -0.5]);
}

#[test]
fn trace_a_positions_are_the_values_before_each_ply() {
    let p = positions(&trace_a(), 2).unwrap();
    let expected = [[0.0, 0.0], [-0.2, 0.2], [0.4, -0.4], [0.8, -0.8]];
    assert_eq!(p.len(), 4);
    for (a, e) in p.iter().zip(expected) {
        assert!(close(a[0], e[0]) && close(a[1], e[1]), "{p:?}");
    }
}

#[test]
fn trace_a_lead_change_stability_and_decisiveness() {
    let p = positions(&trace_a(), 2).unwrap();
    // Leaders {1, 2}, {2}, {1}, {1}: three changes (the first against none) in 4 positions.
    assert!(close(lead_change(&p), 0.75));
    // Seat 1: 0, −0.2, 0.4, 0.8, mean 0.25, variance 0.59/4 = 0.1475; seat 2 the same.
    assert!(close(stability(&p), 0.295));
    // Seat 2 (not first) reached 0.2 at most; seat 1 is above it first at P₂: 2/4.
    let t = decisiveness_threshold(&p, &[0]);
    assert!(close(t, 0.2));
    assert!(close(decisiveness_moves(&p, &[0], t), 0.5));
    // Never above: the whole game.
    assert!(close(decisiveness_moves(&p, &[0], 0.9), 1.0));
}

#[test]
fn outcomes_over_all_games_including_draws() {
    // A (seat 1 wins), B (draw), C (seat 2 wins).
    let games = [trace_a(), record(&[1, 1], &[]), record(&[2, 1], &[])];
    // (1 + 0.5 + 0) / 3.
    assert!(close(advantage_p1(&games, 2).unwrap(), 0.5));
    // Utilities 1, 0, −1 for each seat: variance 2/3 each, 1 − 2/3.
    assert!(close(outcome_uniformity(&games, 2).unwrap(), 1.0 / 3.0));
    // One seat wins every game: every seat's outcome is always the same, uniformity 1
    // (where the winner entropy, Tabula's figure, is 0).
    assert!(close(
        outcome_uniformity(&[trace_a(), trace_a()], 2).unwrap(),
        1.0
    ));
    assert_eq!(advantage_p1(&games, 1), None);
}

#[test]
fn repetition_coverage_and_tree_complexity_per_game() {
    let mut a = trace_a();
    a.choices = [3, 3, 1]
        .iter()
        .map(|&n| Choice {
            seat: Seat(0),
            actions: n,
        })
        .collect();
    a.repeated = 2;
    a.spaces = vec![1, 0, 0, 0];
    let mut b = a.clone();
    b.repeated = 0;
    b.spaces = vec![1, 1, 0, 0];
    let m = metrics(&[a.clone(), b], 2);
    // 2 repeated of 4 states (start and 3 plies): 0.5; none in b: mean 0.25.
    assert!(close(m.SituationalRepetition.unwrap(), 0.25));
    // Per game 1/4 and 2/4: 0.375 (the union over games would say 0.5).
    assert!(close(m.BoardCoverageDefault.unwrap(), 0.375));
    // T = 3, b̄ = 7/3: 3·log₁₀(7/3) = 1.1039 (Σ log₁₀ b would say log₁₀ 9 = 0.954).
    assert!(close(
        game_tree_complexity(&a).unwrap(),
        3.0 * (7.0f64 / 3.0).log10()
    ));
    assert!(close(m.LeadChange.unwrap(), 0.75));
    assert!(close(m.AdvantageP1.unwrap(), 1.0));
}

#[test]
fn setup_plies_are_ludiis_initial_placement_moves() {
    let mut a = trace_a();
    a.setup_plies = 2;
    // Play positions: before ply 2 (after ply 1) and before ply 3.
    let p = positions(&a, 2).unwrap();
    assert_eq!(p.len(), 2);
    assert!(close(p[0][0], 0.4) && close(p[1][0], 0.8));
    // Leaders {1}, {1}: one change (against none) in 2 positions.
    assert!(close(lead_change(&p), 0.5));
    let mut blank = trace_a();
    blank.evals = vec![None; 4];
    assert!(positions(&blank, 2).is_none());
    assert_eq!(metrics(&[blank], 2).LeadChange, None);
}

#[test]
fn state_space_by_chao2_on_hand_counts() {
    // Three games over positions 1…6: 1 in all three, 2 in two (Q₂ = 1), 3, 4, 5, 6 in
    // one each (Q₁ = 4): S = 6, Ŝ = 6 + (2/3)·4·3/(2·2) = 8.
    let mut games = vec![trace_a(), trace_a(), trace_a()];
    games[0].positions = vec![1, 2, 3, 3];
    games[1].positions = vec![1, 2, 4];
    games[2].positions = vec![1, 5, 6];
    assert!(close(state_space(&games).unwrap(), 8f64.log10()));
    assert_eq!(state_space(&[trace_a()]), None);
}

#[test]
fn clarity_of_a_position_and_of_the_games() {
    // Evaluations −0.5, 0, 0.5, 1: mean 0.25, variance 0.3125; threshold
    // 0.25 + 0.75·0.75 = 0.8125: one action of four above it.
    let (variance, narrowness) = crate::trace::clarity(&[-0.5, 0.0, 0.5, 1.0]).unwrap();
    assert!(close(variance, 0.3125) && close(narrowness, 0.25));
    assert_eq!(crate::trace::clarity(&[]), None);
    // Equal evaluations: no variance, none above the threshold.
    assert_eq!(crate::trace::clarity(&[0.2, 0.2]), Some((0.0, 0.0)));
    let mut a = trace_a();
    a.clarity = Some([0.3, 0.25]);
    let mut b = trace_a();
    b.clarity = Some([0.1, 0.75]);
    let m = metrics(&[a, b, trace_a()], 2);
    assert!(close(m.ClarityVariance.unwrap(), 0.2) && close(m.ClarityNarrowness.unwrap(), 0.5));
}
