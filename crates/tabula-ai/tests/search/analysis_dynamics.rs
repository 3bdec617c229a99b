//! Dynamics from one point of view: every position of an analysis game is valued for every
//! seat by one evaluator, whoever just moved, and setup plies are measured apart from play.
//!
//! Steady (below) has a known, steady leader: seat 1 wins every game whatever anyone plays,
//! so every value of a sound evaluator shows seat 1 ahead and there is no lead change.

use serde::{Deserialize, Serialize};
use tabula_ai::analysis::{AnalysisOptions, Verdict, analyze_with};
use tabula_ai::arena::{DEFAULT_EVALUATOR, Evaluation, MatchConfig};
use tabula_ai::{BotFactory, BotSpec};
use tabula_core::{
    Actor, Game, Notation, NotationError, Outcome, ParamsError, PositionError, Seat, ToAct,
};

/// Steady, for 2 seats taking turns: `setup` setup plies then `play` plies of play, two
/// legal actions (0 and 1) on each, neither of which changes anything: seat 1 wins at the end.
#[derive(Clone, Debug)]
struct Steady {
    setup: u8,
    play: u8,
    plies: u8,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct SteadyParams {
    setup: u8,
    play: u8,
}

impl Game for Steady {
    type Action = u8;
    type Params = SteadyParams;
    const NAME: &'static str = "steady";

    fn new(p: &SteadyParams) -> Result<Self, ParamsError> {
        if p.play == 0 {
            return Err(ParamsError::new("play", "at least 1"));
        }
        Ok(Steady {
            setup: p.setup,
            play: p.play,
            plies: 0,
        })
    }
    fn params(&self) -> SteadyParams {
        SteadyParams {
            setup: self.setup,
            play: self.play,
        }
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        if self.plies == self.setup + self.play {
            ToAct::Over(Outcome::win(Seat(0), 2))
        } else {
            ToAct::One(Seat(self.plies % 2))
        }
    }
    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<u8>) {
        out.clear();
        if matches!(self.to_act(), ToAct::One(s) if actor == Actor::Seat(s)) {
            out.extend([0, 1]);
        }
    }
    fn apply(&mut self, _: u8) {
        self.plies += 1;
    }
    fn in_setup(&self) -> bool {
        self.plies < self.setup
    }
}

impl Notation for Steady {
    fn to_notation(&self) -> String {
        self.plies.to_string()
    }
    fn from_notation(_: &SteadyParams, text: &str) -> Result<Self, PositionError> {
        Err(PositionError::new("steady", text))
    }
    fn parse_action(&self, _: Actor, text: &str) -> Result<u8, NotationError> {
        text.parse().map_err(|_| NotationError::new(text, "0 or 1"))
    }
    fn format_action(&self, action: u8) -> String {
        action.to_string()
    }
}

fn config(games: usize) -> MatchConfig {
    MatchConfig {
        games,
        threads: 1,
        seed: 7,
        ..MatchConfig::default()
    }
}

fn spec(text: &str) -> BotSpec {
    text.parse().unwrap()
}

#[test]
fn a_steady_leader_shows_no_lead_change_and_setup_is_apart() {
    let factory = BotFactory::<Steady>::new();
    let params = SteadyParams { setup: 4, play: 9 };
    let rows = std::sync::Mutex::new(Vec::new());
    let on_game = |row: &tabula_ai::analysis::records::GameRow| {
        rows.lock().unwrap().push(row.record.clone());
    };
    let options = AnalysisOptions {
        evaluation: Evaluation::from_option(None).unwrap(),
        on_game: Some(&on_game),
        ..AnalysisOptions::default()
    };
    let bot = spec("mcts:iterations=20");
    let report = analyze_with::<Steady>(
        &params,
        &bot,
        None,
        &factory,
        &config(4),
        &options,
        &|_, _, _| {},
    )
    .unwrap();
    let d = report
        .dynamics
        .expect("the evaluator values every position");
    let default: BotSpec = DEFAULT_EVALUATOR.parse().unwrap();
    assert_eq!(d.source, format!("evaluator {default}"));
    assert_eq!(d.games, 4);
    assert_eq!(d.lead_changes.mean, 0.0, "{d:?}");
    assert_eq!(d.lead_changes.n, 4);
    // Every value of every game, setup included, shows seat 1 ahead, whoever just moved.
    let records = rows.into_inner().unwrap();
    assert_eq!(records.len(), 4);
    for r in &records {
        assert_eq!(r.setup_plies, 4, "{r:?}");
        assert_eq!(r.evals.len(), 13);
        for v in r
            .evals
            .iter()
            .map(|v| v.as_ref().expect("every ply valued"))
        {
            assert!(v[0] > v[1], "{v:?} in {r:?}");
        }
    }
    // Setup is measured apart: its 4 plies, no lead change either.
    let setup = d.setup.expect("a setup phase");
    assert_eq!(setup.plies.mean, 4.0);
    assert_eq!(setup.lead_changes.mean, 0.0);
}

#[test]
fn the_playing_bots_values_are_an_option_labelled_as_such() {
    let factory = BotFactory::<Steady>::new();
    let params = SteadyParams { setup: 0, play: 5 };
    let options = AnalysisOptions {
        evaluation: Evaluation::from_option(Some("players")).unwrap(),
        ..AnalysisOptions::default()
    };
    let bot = spec("mcts:iterations=20");
    let report = analyze_with::<Steady>(
        &params,
        &bot,
        None,
        &factory,
        &config(2),
        &options,
        &|_, _, _| {},
    )
    .unwrap();
    // 2 games, fewer than 20: no verdict on any seat and no chi-square test, and warnings.
    let b = &report.balance;
    assert!(
        b.seats.iter().all(|s| s.verdict == Verdict::TooFew),
        "{b:?}"
    );
    assert!(b.seats_even.is_none());
    assert!(
        b.warnings.iter().any(|w| w.contains("fewer than 20")),
        "{b:?}"
    );
    assert!(report.table().contains("too few games to tell"));
    let d = report.dynamics.expect("the bots search");
    assert!(
        d.source
            .starts_with("players (the playing bots' own values"),
        "{}",
        d.source
    );
    assert!(d.setup.is_none(), "no setup phase: {d:?}");
    assert_eq!(
        Evaluation::from_option(Some("off")).unwrap(),
        Evaluation::Off
    );
    let err = Evaluation::from_option(Some("nonsense"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("nonsense") && err.contains("players"), "{err}");
}
