//! The solver applied to game states (plans for bots and hints), the heuristic, the view and
//! the board text.

use crate::common;

use common::{act, params, pos, race2, seat};
use tabula_core::{Actor, Game, Heuristic, Presentation, Seat};
use tabula_magical_circle::{Action, Arrangement, Hand, Phase};

const RACE: &str = "WFEALD,FLEAWD,DFWEAL";

#[test]
fn following_the_best_plan_wins_its_card() {
    let mut g = race2("FWEALD", RACE);
    let plan = g.best_plan(Seat(1)).unwrap();
    // Fewest swaps first: one swap card of value 1 and one swap.
    assert_eq!(plan.play.to_string(), "1");
    assert_eq!(plan.swaps.len(), 1);
    act(&mut g, seat(2), "claim");
    assert_eq!(g.best_plan(Seat(1)), Some(plan));
    for a in plan.actions().collect::<Vec<Action>>() {
        g.try_apply(seat(2), a).unwrap();
    }
    assert_eq!(g.won_cards(Seat(1)), vec![plan.arrangement]);
}

#[test]
fn winning_plans_cover_every_card_and_play_and_the_rest_of_an_attempt() {
    let mut g = race2("FWEALD", RACE);
    let plans = g.winning_plans(Seat(0));
    // WFEALD and FLEAWD (distance 1): plays 1, 3, 12, 14, 23, 34; DFWEAL (5): 14, 23, 34.
    assert_eq!(plans.len(), 15);
    for p in &plans {
        assert_eq!(p.swaps.len(), p.play.sum() as usize);
        assert_eq!(p.swaps.apply_to(g.arrangement()), p.arrangement);
    }
    let ks: Vec<usize> = plans.iter().map(|p| p.swaps.len()).collect();
    assert!(
        ks.windows(2).all(|w| w[0] <= w[1]),
        "fewest swaps first: {ks:?}"
    );
    act(&mut g, seat(1), "claim");
    assert!(
        g.winning_plans(Seat(1)).is_empty(),
        "only the active seat plans"
    );
    act(&mut g, seat(1), "play:3");
    act(&mut g, seat(1), "swap:56");
    let rest = g.winning_plans(Seat(0));
    assert!(!rest.is_empty());
    for p in &rest {
        assert!(p.play.is_empty());
        assert_eq!(p.swaps.len(), 2);
        assert!(
            p.swaps
                .obeys_rule_4(Some(tabula_magical_circle::Pair::parse("56").unwrap()))
        );
        assert_eq!(p.swaps.apply_to(g.arrangement()), p.arrangement);
    }
    assert!(g.attempt_can_succeed());
}

#[test]
fn solver_action_claims_when_it_can_win_and_votes_when_it_cannot() {
    let g = race2("FWEALD", RACE);
    assert_eq!(g.solver_action(Seat(0)), Some(Action::Claim(Seat(0))));
    let p = tabula_magical_circle::Params {
        swap_values: vec![2],
        ..params(2)
    };
    let mut g = pos(
        &p,
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=2:-:-/2:-:- excluded=- voted=- \
             first=1 discard=- under=-"
        ),
    );
    assert_eq!(g.solver_action(Seat(0)), Some(Action::Vote(Seat(0))));
    act(&mut g, seat(1), "vote");
    assert_eq!(
        g.solver_action(Seat(0)),
        None,
        "voted already, nothing to claim"
    );
}

#[test]
fn the_heuristic_prefers_cards_won_and_knows_the_end() {
    let g = pos(
        &params(2),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:FWDAEL,FELDWA/1234:-:FALWED \
             excluded=- voted=- first=1 discard=- under=-"
        ),
    );
    assert!(g.evaluate(Seat(0)) > 0.0 && g.evaluate(Seat(1)) < 0.0);
    let mut won = pos(
        &params(2),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} \
             seats=1234:-:FWDAEL,FELDWA,FALWED,FDWLEA/1234:-:- excluded=- voted=- first=1 \
             discard=- under=-"
        ),
    );
    act(&mut won, seat(1), "claim");
    act(&mut won, seat(1), "play:1");
    act(&mut won, seat(1), "swap:12");
    assert_eq!(won.phase(), Phase::Won);
    assert_eq!(won.evaluate(Seat(0)), 1.0);
    assert_eq!(won.evaluate(Seat(1)), -1.0);
}

#[test]
fn the_view_shows_the_attempt_and_each_seat() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(2), "vote");
    let v = g.view(Some(Seat(1)));
    assert_eq!(v.phase, "race");
    assert_eq!(v.to_act, vec![1, 2]);
    assert!(v.seats[1].voted);
    assert_eq!(v.legal, vec!["claim"]);
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:12");
    act(&mut g, seat(1), "swap:34");
    let v = g.view(None);
    let at = v.attempt.as_ref().unwrap();
    assert_eq!((at.seat, at.k, at.swaps_done), (1, 3, 1));
    assert_eq!(at.last_pair.as_deref(), Some("34"));
    assert!(at.can_succeed);
    assert_eq!(v.seats[0].hand, vec![3, 4]);
    assert_eq!(v.arrangement.as_deref(), Some("FWAELD"));
    assert_eq!(v.places, vec!["F", "W", "A", "E", "L", "D"]);
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["attempt"]["k"], 3);
}

#[test]
fn the_board_text_shows_everything_the_position_holds() {
    let mut g = pos(
        &params(3),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/34:12:FWDAEL/1234:-:- \
             excluded=3 voted=1 first=2 discard=FELDWA under=-"
        ),
    );
    let text = g.board_text();
    for needle in [
        "(Lady)",
        "1:F",
        "2:W",
        "3:E",
        "4:A",
        "5:L",
        "6:D",
        "WFEALD (distance 1)",
        "DFWEAL (distance 5)",
        "Draw pile: 31",
        "Discard pile: 1",
        "Seat 2: hand 34  face up 12",
        "[FWDAEL]",
        "excluded",
        "voted",
        "first player",
        "Race: seats 1, 2",
    ] {
        assert!(text.contains(needle), "{needle} missing in\n{text}");
    }
    act(&mut g, seat(2), "claim");
    act(&mut g, seat(2), "play:3");
    act(&mut g, seat(2), "swap:12");
    let text = g.board_text();
    assert!(
        text.contains("Attempt: seat 2 played 3 (k = 3), swaps done 1, last pair 12"),
        "{text}"
    );
    assert!(text.contains("holds the hourglass"));
    assert!(text.is_ascii() || !text.contains('\u{1b}'), "no ANSI codes");
}

#[test]
fn hint_and_accessors_agree_with_the_solver() {
    let g = race2("FWEALD", RACE);
    let lines = tabula_magical_circle::solve_lines(g.arrangement(), &g.revealed(), g.hand(Seat(0)));
    assert_eq!(lines.len(), g.winning_plans(Seat(0)).len());
    assert_eq!(g.revealed()[0], Arrangement::parse("WFEALD").unwrap());
    assert_eq!(g.hand(Seat(0)), Hand::parse("1234").unwrap());
    let mut out = Vec::new();
    g.legal_actions_for(Actor::Host, &mut out);
    assert!(out.is_empty());
}
