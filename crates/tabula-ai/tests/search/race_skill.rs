//! Races between bots are decided by skill, not by the bots' reaction times: in `Race` (a toy
//! game where every seat may claim at once), identical searches with different paces score
//! equally, and a better decision maker wins whichever bot is faster. With the pace rule
//! (what a real-time host does), the faster bot wins the ties.

use crate::common;

use common::race::{RAction, RParams, Race};
use tabula_ai::arena::{BotMaker, MatchConfig, RaceRule};
use tabula_ai::{AiError, Bot, Decision, MatchReport, MctsBot, MctsConfig, Pace, run_match};
use tabula_core::Seat;

/// Claims at once, ready or not, as fast as possible (a careless player).
struct Reckless;

impl Bot<Race> for Reckless {
    fn name(&self) -> String {
        "reckless".into()
    }
    fn decide(&mut self, _: &Race, seat: Seat, _: bool) -> Result<Decision<RAction>, AiError> {
        Ok(Decision::Act(RAction::Claim(seat.0)))
    }
}

fn mcts(race_ms: u64, seed: u64) -> Box<dyn Bot<Race>> {
    let config = MctsConfig {
        pace: Pace {
            race_ms,
            step_ms: 0,
        },
        ..MctsConfig::with_iterations(300)
    };
    Box::new(MctsBot::<Race>::new(config, seed))
}

fn play(make: &BotMaker<'_, Race>, race: RaceRule) -> MatchReport {
    let config = MatchConfig {
        games: 300,
        threads: 2,
        seed: 13,
        race,
        ..MatchConfig::default()
    };
    let names = ["a".to_string(), "b".to_string()];
    run_match(&RParams { players: 2 }, &names, make, &config, &|_, _| {}).unwrap()
}

/// Bot 0 is fast (no reaction time), bot 1 slow (4 s).
fn same_search_different_paces(race: RaceRule) -> MatchReport {
    play(
        &|i, seed| Ok(mcts(if i == 0 { 0 } else { 4000 }, seed)),
        race,
    )
}

#[test]
fn identical_searches_with_different_paces_score_equally_in_a_skill_race() {
    let r = same_search_different_paces(RaceRule::Skill);
    assert_eq!(r.race, RaceRule::Skill);
    let fast = &r.bots[0];
    assert!(
        fast.ci95[0] < 0.5 && 0.5 < fast.ci95[1],
        "the fast bot won {} of {} ({:?})",
        fast.wins,
        fast.games,
        fast.ci95
    );
    // The report says how races were decided.
    assert_eq!(serde_json::to_value(&r).unwrap()["race"], "skill");
    assert!(
        r.table().contains("races: decided by skill"),
        "{}",
        r.table()
    );
}

#[test]
fn the_pace_rule_lets_the_faster_of_identical_searches_win_races() {
    let r = same_search_different_paces(RaceRule::Pace);
    assert!(r.bots[0].ci95[0] > 0.5, "{:?}", r.bots[0]);
    assert_eq!(serde_json::to_value(&r).unwrap()["race"], "pace");
}

/// Bot 0 searches (and is slow: 4 s); bot 1 claims at once whether ready or not.
fn search_against_reckless(race: RaceRule) -> MatchReport {
    play(
        &|i, seed| {
            if i == 0 {
                Ok(mcts(4000, seed))
            } else {
                Ok(Box::new(Reckless))
            }
        },
        race,
    )
}

#[test]
fn a_better_decision_wins_a_skill_race_even_when_slower() {
    // Both ready: a coin flip; only the search ready: it wins; only the reckless one ready:
    // it wins; neither: the reckless one is out. The search's expected share is 5/8.
    let r = search_against_reckless(RaceRule::Skill);
    let search = &r.bots[0];
    assert!(search.ci95[0] > 0.5, "{search:?}");
    // By pace, the reckless bot claims first every time: it wins exactly when it is ready.
    let paced = search_against_reckless(RaceRule::Pace);
    assert!(paced.bots[0].wins < search.wins, "{:?}", paced.bots[0]);
}
