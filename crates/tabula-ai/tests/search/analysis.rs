//! Balance analysis (`tabula_ai::analyze`) on games with known figures: Strip (below), whose
//! every number is exact, Connect Four (7 legal actions on the empty board), and Race, where
//! several seats may act at once.

use crate::common;

use common::race::{RParams, Race};
use serde::{Deserialize, Serialize};
use tabula_ai::analysis::{AnalysisReport, Phase, Verdict, analyze};
use tabula_ai::arena::MatchConfig;
use tabula_ai::{AiError, BotFactory, BotSpec};
use tabula_connect_four::{ConnectFour, Params};
use tabula_core::{
    ActionError, Actor, Game, Notation, NotationError, Outcome, ParamsError, PositionError, Seat,
    ToAct,
};

/// Strip, for 2 seats: a row of `cells` empty cells; the seats take turns marking any empty
/// cell; whoever marks the last cell wins. Ply `i` has exactly `cells - i` legal actions,
/// every game lasts `cells` plies, and seat 1 wins every game when `cells` is odd.
#[derive(Clone, Debug)]
struct Strip {
    cells: u8,
    marked: u32,
    plies: u8,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct StripParams {
    players: usize,
    cells: u8,
}

impl Game for Strip {
    type Action = u8;
    type Params = StripParams;
    const NAME: &'static str = "strip";

    fn new(p: &StripParams) -> Result<Self, ParamsError> {
        if !(1..=20).contains(&p.cells) {
            return Err(ParamsError::new("cells", "1 to 20"));
        }
        Ok(Strip {
            cells: p.cells,
            marked: 0,
            plies: 0,
        })
    }
    fn params(&self) -> StripParams {
        StripParams {
            players: 2,
            cells: self.cells,
        }
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        if self.plies == self.cells {
            ToAct::Over(Outcome::win(Seat((self.plies + 1) % 2), 2))
        } else {
            ToAct::One(Seat(self.plies % 2))
        }
    }
    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<u8>) {
        out.clear();
        if self.to_act().seats().contains_actor(actor) {
            out.extend((0..self.cells).filter(|c| self.marked & 1 << c == 0));
        }
    }
    fn validate(&self, actor: Actor, action: u8) -> Result<(), ActionError> {
        let mut legal = Vec::new();
        self.legal_actions_for(actor, &mut legal);
        if legal.contains(&action) {
            Ok(())
        } else {
            Err(ActionError::Illegal(format!("cell {action}")))
        }
    }
    fn apply(&mut self, action: u8) {
        self.marked |= 1 << action;
        self.plies += 1;
    }
}

impl Notation for Strip {
    fn to_notation(&self) -> String {
        format!("{:b}", self.marked)
    }
    fn from_notation(_: &StripParams, text: &str) -> Result<Self, PositionError> {
        Err(PositionError::new("strip", text))
    }
    fn parse_action(&self, _: Actor, text: &str) -> Result<u8, NotationError> {
        text.parse().map_err(|_| NotationError::new(text, "a cell"))
    }
    fn format_action(&self, action: u8) -> String {
        action.to_string()
    }
}

trait ContainsActor {
    fn contains_actor(&self, actor: Actor) -> bool;
}

impl ContainsActor for tabula_core::SeatSet {
    fn contains_actor(&self, actor: Actor) -> bool {
        matches!(actor, Actor::Seat(s) if self.contains(s))
    }
}

fn config(games: usize, threads: usize, seed: u64) -> MatchConfig {
    MatchConfig {
        games,
        threads,
        seed,
        ..MatchConfig::default()
    }
}

fn spec(text: &str) -> BotSpec {
    text.parse().unwrap()
}

/// What every report must satisfy, whatever the game.
fn check_consistent(r: &AnalysisReport) {
    let b = &r.balance;
    let o = b.outcomes;
    let wins: u64 = b.seats.iter().map(|s| s.wins).sum();
    assert_eq!(wins, o.decisive);
    assert_eq!(
        o.decisive
            + o.rules_draws
            + o.repetition_draws
            + o.shared_wins
            + o.ply_limit_draws
            + o.unfinished,
        r.games as u64
    );
    assert_eq!(b.games, r.games as u64);
    for s in &b.seats {
        assert!(s.ci95[0] <= s.win_rate && s.win_rate <= s.ci95[1], "{s:?}");
    }
    // Lengths and branching describe the games that ended.
    let ended = r.games as u64 - o.unfinished;
    assert_eq!((r.length.games, r.branching.games), (ended, ended));
    let hist: u64 = r.length.histogram.iter().map(|h| h.games).sum();
    assert_eq!(hist, ended);
    let decisions = r.length.mean * ended as f64;
    assert!((r.branching.decisions as f64 - decisions).abs() < 1e-6);
    let per_seat: f64 = b.seats.iter().map(|s| s.decisions_per_game).sum();
    assert!((per_seat - r.branching.decisions_per_game).abs() < 1e-9);
    if ended > 0 {
        assert_eq!(r.branching.by_ply[0].games, ended);
    }
}

#[test]
fn strip_figures_are_exact() {
    let factory = BotFactory::<Strip>::new();
    let params = StripParams {
        players: 2,
        cells: 9,
    };
    let random = spec("random");
    let r = analyze(
        &params,
        &random,
        Some(&random),
        &factory,
        &config(30, 2, 4),
        &|_, _, _| {},
    )
    .unwrap();
    check_consistent(&r);
    assert_eq!((r.game.as_str(), r.seats, r.games), ("strip", 2, 30));
    // Seat 1 marks the 9th cell in every game.
    assert_eq!(r.balance.seats[0].wins, 30);
    assert_eq!(r.balance.seats[0].verdict, Verdict::Above);
    assert_eq!(r.balance.seats[1].verdict, Verdict::Below);
    assert_eq!(r.balance.fair_win_rate, 0.5);
    // All seats together: wins 30 and 0 against 15 each, X² = (225 + 225)/15 = 30, 1 degree
    // of freedom, p = erfc(√15) = 4.3·10⁻⁸.
    let t = r.balance.seats_even.unwrap();
    assert!((t.z - 30.0).abs() < 1e-9, "{t:?}");
    assert!(t.p < 1e-7 && t.p > 1e-8, "{t:?}");
    assert!(r.balance.warnings.is_empty(), "{:?}", r.balance.warnings);
    assert_eq!((r.length.min, r.length.max, r.length.median), (9, 9, 9.0));
    let plies: Vec<(u64, f64, u32, u32)> = r
        .branching
        .by_ply
        .iter()
        .map(|p| (p.games, p.mean, p.min, p.max))
        .collect();
    let expected: Vec<(u64, f64, u32, u32)> =
        (0..9).map(|i| (30, (9 - i) as f64, 9 - i, 9 - i)).collect();
    assert_eq!(plies, expected);
    assert_eq!(r.branching.mean, 5.0);
    assert!((r.branching.forced_share - 1.0 / 9.0).abs() < 1e-12);
    let factorial: f64 = (1..=9).map(|k| (k as f64).log10()).sum();
    assert!((r.branching.log10_game_tree - factorial).abs() < 1e-9);
    assert_eq!(r.balance.seats[0].decisions_per_game, 5.0);
    assert_eq!(r.balance.seats[1].mean_branching, 5.0); // 8, 6, 4, 2
    // Two random bots: the "stronger" wins exactly the games it plays as seat 1.
    let s = r.skill.unwrap();
    assert_eq!((s.games, s.wins), (30, 15));
    assert_eq!(s.by_seat[0].wins, 15);
    assert_eq!(s.by_seat[1].wins, 0);
    assert_eq!(s.verdict, Verdict::Even);
}

#[test]
fn games_stopped_at_the_cap_are_reported_apart() {
    let factory = BotFactory::<Strip>::new();
    let params = StripParams {
        players: 2,
        cells: 9,
    };
    let random = spec("random");
    let capped = MatchConfig {
        max_plies: 5,
        ..config(6, 1, 2)
    };
    let r = analyze(
        &params,
        &random,
        Some(&random),
        &factory,
        &capped,
        &|_, _, _| {},
    )
    .unwrap();
    check_consistent(&r);
    assert_eq!(r.balance.outcomes.unfinished, 6);
    assert_eq!((r.length.games, r.length.histogram.len()), (0, 0));
    assert_eq!((r.branching.decisions, r.branching.by_ply.len()), (0, 0));
    assert!(r.balance.seats.iter().all(|s| s.wins == 0));
    assert_eq!(r.balance.fair_win_rate, 0.0);
    assert_eq!(r.skill.as_ref().unwrap().unfinished, 6);
    let table = r.table();
    assert!(
        table.contains("6 of 6 games did not end within 5 plies"),
        "{table}"
    );
}

#[test]
fn connect_four_has_seven_actions_at_ply_0_and_skill_shows() {
    let factory = BotFactory::<ConnectFour>::new().with_alphabeta();
    let phases = std::sync::Mutex::new(Vec::new());
    let r = analyze(
        &Params::default(),
        &spec("random"),
        Some(&spec("beginner")),
        &factory,
        &config(40, 2, 11),
        &|phase, done, total| phases.lock().unwrap().push((phase, done, total)),
    )
    .unwrap();
    check_consistent(&r);
    let p0 = r.branching.by_ply[0];
    assert_eq!((p0.games, p0.mean, p0.min, p0.max), (40, 7.0, 7, 7));
    assert!(r.branching.max == 7 && r.branching.mean <= 7.0);
    assert!(r.length.min >= 7 && r.length.max <= 42);
    // Seat 1 moves first: it makes as many decisions as seat 2, or one more.
    let d = r.balance.seats[0].decisions_per_game - r.balance.seats[1].decisions_per_game;
    assert!((0.0..=1.0).contains(&d), "{d}");
    // Here the "weaker" bot is beginner, the stronger random: random loses.
    let s = r.skill.as_ref().unwrap();
    assert_eq!(
        (s.stronger.as_str(), s.weaker.as_str()),
        ("random", "beginner")
    );
    assert_eq!(s.verdict, Verdict::Below, "{s:?}");
    let phases = phases.into_inner().unwrap();
    assert_eq!(phases.len(), 80);
    assert_eq!(
        phases.iter().filter(|p| p.0 == Phase::Skill).count(),
        40,
        "{phases:?}"
    );
    let table = r.table();
    for needle in [
        "SEAT BALANCE",
        "GAME LENGTH",
        "BRANCHING FACTOR",
        "SKILL",
        "95% CI",
    ] {
        assert!(table.contains(needle), "{needle}: {table}");
    }
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["branching"]["by_ply"][0]["mean"], 7.0);
    assert_eq!(json["balance"]["seats"][1]["seat"], 2);
    assert_eq!(json["skill"]["verdict"], "below");
}

#[test]
fn analysis_does_not_depend_on_the_thread_count() {
    let factory = BotFactory::<ConnectFour>::new().with_alphabeta();
    let run = |threads| {
        let mut r = analyze(
            &Params::default(),
            &spec("random"),
            Some(&spec("random")),
            &factory,
            &config(16, threads, 3),
            &|_, _, _| {},
        )
        .unwrap();
        r.elapsed_s = 0.0;
        r.cpu_s = 0.0;
        r
    };
    assert_eq!(run(1), run(2));
}

#[test]
fn races_count_the_acting_seats_actions() {
    // Every acting seat of Race may claim or skip: 2 legal actions at every decision.
    let factory = BotFactory::<Race>::new();
    let r = analyze(
        &RParams { players: 3 },
        &spec("random"),
        None,
        &factory,
        &config(20, 1, 5),
        &|_, _, _| {},
    )
    .unwrap();
    check_consistent(&r);
    assert_eq!(r.seats, 3);
    assert!(r.skill.is_none());
    assert_eq!((r.branching.mean, r.branching.max), (2.0, 2));
    assert!(r.branching.by_ply.iter().all(|p| p.mean == 2.0));
}

#[test]
fn bad_settings_are_refused_before_playing() {
    let factory = BotFactory::<Race>::new();
    let played = std::sync::atomic::AtomicUsize::new(0);
    let progress = |_: Phase, _: usize, _: usize| {
        played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    };
    let params = RParams { players: 3 };
    let alphabeta = spec("alphabeta:depth=2");
    let random = spec("random");
    let e = analyze(
        &params,
        &random,
        Some(&alphabeta),
        &factory,
        &config(5, 1, 1),
        &progress,
    )
    .unwrap_err();
    assert!(matches!(e, AiError::Unsupported(_)), "{e}");
    let e = analyze(
        &params,
        &random,
        None,
        &factory,
        &config(0, 1, 1),
        &progress,
    )
    .unwrap_err();
    assert!(e.to_string().contains("at least 1"), "{e}");
    let e = analyze(
        &RParams { players: 7 },
        &random,
        None,
        &factory,
        &config(5, 1, 1),
        &progress,
    )
    .unwrap_err();
    assert!(matches!(e, AiError::Params(_)), "{e}");
    assert_eq!(played.into_inner(), 0);
}
