//! The harness and perft checker must be able to fail: a small correct game passes them, and
//! the same game with a planted bug in its move generator, its validator, its notation, its
//! invariant, its view (not JSON, or `null`) or its answer to `two_player_zero_sum` is caught.

use serde::{Deserialize, Serialize};
use tabula_core::testkit::{Harness, check_perft_file, check_views_alike};
use tabula_core::{
    ActionError, Actor, CandidateActions, Game, Notation, NotationError, Outcome, ParamsError,
    PositionError, Presentation, Seat, ToAct,
};

/// Which bug to plant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
enum Bug {
    #[default]
    None,
    GeneratorOmits,
    ValidatorTooLax,
    NotationLossy,
    ActionNotationLossy,
    SeatNamesAlike,
    LosesStones,
    /// The mover sees one stone more than everyone else.
    ViewPerSeat,
    /// The view cannot be written as JSON.
    ViewNotJson,
    /// The view is written as `null`.
    ViewNull,
    /// The board text's last line has no newline.
    BoardTextUnended,
    /// A third seat joins, which never moves, and the positions still say they are
    /// two-player zero-sum.
    ThirdSeat,
}

/// What a seat sees: the stones left, written as a number (unless a view bug is planted).
#[derive(Debug)]
struct NimView {
    stones: u8,
    bug: Bug,
}

impl Serialize for NimView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.bug {
            Bug::ViewNotJson => Err(serde::ser::Error::custom("a view with no JSON form")),
            Bug::ViewNull => s.serialize_unit(),
            _ => s.serialize_u8(self.stones),
        }
    }
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct NimParams {
    bug: Bug,
}

/// Subtraction Nim: take 1–3 stones; who takes the last stone wins.
#[derive(Clone, Debug)]
struct Nim {
    stones: u8,
    taken: u8,
    to_move: u8,
    bug: Bug,
}

impl Game for Nim {
    type Action = u8;
    type Params = NimParams;
    const NAME: &'static str = "nim";

    fn new(params: &NimParams) -> Result<Self, ParamsError> {
        Ok(Nim {
            stones: 10,
            taken: 0,
            to_move: 0,
            bug: params.bug,
        })
    }
    fn params(&self) -> NimParams {
        NimParams { bug: self.bug }
    }
    fn num_seats(&self) -> usize {
        if self.bug == Bug::ThirdSeat { 3 } else { 2 }
    }
    fn two_player_zero_sum(&self) -> bool {
        true
    }
    fn to_act(&self) -> ToAct {
        if self.stones == 0 {
            ToAct::Over(Outcome::win(Seat(1 - self.to_move), self.num_seats()))
        } else {
            ToAct::One(Seat(self.to_move))
        }
    }
    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<u8>) {
        out.clear();
        if actor != Actor::Seat(Seat(self.to_move)) || self.stones == 0 {
            return;
        }
        let max = if self.bug == Bug::GeneratorOmits {
            2
        } else {
            3
        };
        out.extend((1..=max).filter(|&n| n <= self.stones));
    }
    fn validate(&self, actor: Actor, n: u8) -> Result<(), ActionError> {
        if self.stones == 0 {
            return Err(ActionError::GameOver);
        }
        if actor != Actor::Seat(Seat(self.to_move)) {
            return Err(ActionError::NotYourTurn(Seat(self.to_move)));
        }
        let max = if self.bug == Bug::ValidatorTooLax {
            4
        } else {
            3
        };
        if n == 0 || n > max || n > self.stones {
            return Err(ActionError::Illegal(format!("cannot take {n}")));
        }
        Ok(())
    }
    fn apply(&mut self, n: u8) {
        self.stones -= n;
        self.taken += if self.bug == Bug::LosesStones && n == 3 {
            2
        } else {
            n
        };
        self.to_move = 1 - self.to_move;
    }
}

impl Notation for Nim {
    fn to_notation(&self) -> String {
        let mover = if self.bug == Bug::NotationLossy {
            0
        } else {
            self.to_move
        };
        format!("{} {}", self.stones, mover + 1)
    }
    fn from_notation(params: &NimParams, text: &str) -> Result<Self, PositionError> {
        let (s, m) = text
            .split_once(' ')
            .ok_or_else(|| PositionError::new("position", "two fields"))?;
        let stones: u8 = s
            .parse()
            .map_err(|_| PositionError::new("stones", "a number"))?;
        if stones > 10 {
            return Err(PositionError::new("stones", "at most 10"));
        }
        let to_move = match m {
            "1" => 0,
            "2" => 1,
            _ => return Err(PositionError::new("to-move", "1 or 2")),
        };
        Ok(Nim {
            stones,
            taken: 10 - stones,
            to_move,
            bug: params.bug,
        })
    }
    fn parse_action(&self, _: Actor, text: &str) -> Result<u8, NotationError> {
        text.parse()
            .map_err(|_| NotationError::new(text, "a number of stones"))
    }
    fn format_action(&self, n: u8) -> String {
        if self.bug == Bug::ActionNotationLossy {
            "1".into()
        } else {
            n.to_string()
        }
    }
}

impl Presentation for Nim {
    type View = NimView;
    fn view(&self, viewer: Option<Seat>) -> NimView {
        let mover = viewer == Some(Seat(self.to_move));
        NimView {
            stones: self.stones + u8::from(self.bug == Bug::ViewPerSeat && mover),
            bug: self.bug,
        }
    }
    fn board_text(&self) -> String {
        let text = format!("{} left\n", self.stones);
        match self.bug {
            Bug::BoardTextUnended => text.trim_end().to_string(),
            _ => text,
        }
    }
    fn seat_name(&self, seat: Seat) -> String {
        if self.bug == Bug::SeatNamesAlike {
            "Player".into()
        } else {
            format!("Player {}", seat.number())
        }
    }
}

impl CandidateActions for Nim {
    fn candidate_actions(&self, _: Actor, out: &mut Vec<u8>) {
        out.clear();
        out.extend(0..=5);
    }
}

fn harness(bug: Bug) -> Harness<Nim> {
    Harness::new(move |_| Nim::new(&NimParams { bug }).unwrap())
        .games(5)
        .invariant(|g: &Nim| {
            if g.stones + g.taken == 10 {
                Ok(())
            } else {
                Err("stones lost".into())
            }
        })
}

#[test]
fn correct_game_passes_the_harness() {
    let report = harness(Bug::None).run();
    assert_eq!(report.games, 5);
    assert_eq!(report.finished, 5);
    assert!(report.steps >= 5 * 4);
}

#[test]
#[should_panic(expected = "validate accepts")]
fn harness_catches_a_generator_that_omits_actions() {
    harness(Bug::GeneratorOmits).run();
}

#[test]
#[should_panic(expected = "validate accepts")]
fn harness_catches_a_validator_that_accepts_too_much() {
    harness(Bug::ValidatorTooLax).run();
}

#[test]
#[should_panic(expected = "re-read position")]
fn harness_catches_lossy_notation() {
    harness(Bug::NotationLossy).run();
}

#[test]
#[should_panic(expected = "reads back as")]
fn harness_catches_lossy_action_notation() {
    harness(Bug::ActionNotationLossy).run();
}

#[test]
#[should_panic(expected = "two seats are called `Player`")]
fn harness_catches_seats_of_the_same_name() {
    harness(Bug::SeatNamesAlike).run();
}

#[test]
fn the_rules_harness_checks_the_rules_and_not_the_notation() {
    let rules = |bug| Harness::rules(move |_| Nim::new(&NimParams { bug }).unwrap()).games(3);
    assert_eq!(rules(Bug::NotationLossy).run().finished, 3);
    assert_eq!(rules(Bug::SeatNamesAlike).run().finished, 3);
    let caught = std::panic::catch_unwind(|| rules(Bug::GeneratorOmits).run());
    assert!(caught.is_err(), "a rules bug is still caught");
}

#[test]
#[should_panic(
    expected = "the view of seat 1 does not serialise to JSON: a view with no JSON form"
)]
fn harness_catches_a_view_that_does_not_serialise() {
    harness(Bug::ViewNotJson).run();
}

#[test]
#[should_panic(expected = "the board text does not end with a newline")]
fn harness_catches_a_board_text_without_its_last_newline() {
    harness(Bug::BoardTextUnended).run();
}

#[test]
#[should_panic(expected = "the view of seat 1 serialises to null")]
fn harness_catches_a_view_written_as_null() {
    harness(Bug::ViewNull).run();
}

#[test]
fn views_alike_are_not_two_failures_alike() {
    for bug in [Bug::ViewNotJson, Bug::ViewNull] {
        let game = Nim::new(&NimParams { bug }).unwrap();
        let fault = check_views_alike(game, 1).expect("a view that is not JSON is a fault");
        assert!(fault.contains("the view of a spectator"), "{fault}");
    }
}

#[test]
#[should_panic(expected = "two_player_zero_sum answers true with 3 seats")]
fn harness_catches_a_position_that_says_it_is_two_player_zero_sum_with_three_seats() {
    harness(Bug::ThirdSeat).run();
}

#[test]
#[should_panic(expected = "invariant broken")]
fn harness_catches_a_broken_invariant() {
    harness(Bug::LosesStones).run();
}

#[test]
fn perft_file_check_counts_and_catches_mismatches() {
    // From 10 stones: 3 actions; 3+3+3 = 9 two-ply paths.
    let ok = "10 1 ;D1 3 ;D2 9\n1 2 ;D1 1 ;D2 0\n";
    assert_eq!(check_perft_file::<Nim>(&NimParams::default(), ok, 5), 4);
    let wrong = std::panic::catch_unwind(|| {
        check_perft_file::<Nim>(&NimParams::default(), "10 1 ;D2 8\n", 5)
    });
    assert!(wrong.is_err());
}

#[test]
fn try_apply_refuses_out_of_turn_and_changes_nothing() {
    let mut g = Nim::new(&NimParams::default()).unwrap();
    let before = g.to_notation();
    assert_eq!(
        g.try_apply(Actor::Seat(Seat(1)), 1),
        Err(ActionError::NotYourTurn(Seat(0)))
    );
    assert!(matches!(
        g.try_apply(Actor::Seat(Seat(0)), 4),
        Err(ActionError::Illegal(_))
    ));
    assert_eq!(g.to_notation(), before);
    assert!(g.try_apply(Actor::Seat(Seat(0)), 3).is_ok());
    assert_eq!(g.to_notation(), "7 2");
}

/// Countdown: one seat counts down from 3 by 1 or 2; nothing but the rules, with the
/// provided `validate` (from the legal actions).
#[derive(Clone, Debug)]
struct Countdown(u8);

impl Game for Countdown {
    type Action = u8;
    type Params = NimParams;
    const NAME: &'static str = "countdown";

    fn new(_: &NimParams) -> Result<Self, ParamsError> {
        Ok(Countdown(3))
    }
    fn params(&self) -> NimParams {
        NimParams::default()
    }
    fn num_seats(&self) -> usize {
        1
    }
    fn to_act(&self) -> ToAct {
        if self.0 == 0 {
            ToAct::Over(Outcome::win(Seat(0), 1))
        } else {
            ToAct::One(Seat(0))
        }
    }
    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<u8>) {
        out.clear();
        if actor == Actor::Seat(Seat(0)) {
            out.extend((1..=2).filter(|&n| n <= self.0));
        }
    }
    fn apply(&mut self, n: u8) {
        self.0 -= n;
    }
}

impl CandidateActions for Countdown {
    fn candidate_actions(&self, _: Actor, out: &mut Vec<u8>) {
        out.clear();
        out.extend(0..=3);
    }
}

#[test]
fn the_provided_validate_accepts_the_legal_actions_only() {
    let report = Harness::rules(|_| Countdown(3)).games(3).run();
    assert_eq!(report.finished, 3);
    let mut g = Countdown(1);
    assert!(matches!(
        g.try_apply(Actor::Seat(Seat(0)), 2),
        Err(ActionError::Illegal(_))
    ));
    assert!(matches!(
        g.try_apply(Actor::Host, 1),
        Err(ActionError::Illegal(_))
    ));
    assert_eq!(g.try_apply(Actor::Seat(Seat(0)), 1), Ok(()));
    assert_eq!(
        g.try_apply(Actor::Seat(Seat(0)), 1),
        Err(ActionError::GameOver)
    );
}

#[test]
fn views_that_differ_by_seat_are_caught_in_a_game_without_hidden_information() {
    let game = |bug| Nim::new(&NimParams { bug }).unwrap();
    assert_eq!(check_views_alike(game(Bug::None), 3), None);
    let fault = check_views_alike(game(Bug::ViewPerSeat), 3).expect("a fault");
    assert!(
        fault.contains("after 0 random steps seat 1 sees another view"),
        "{fault}"
    );
}
