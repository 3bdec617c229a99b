//! One test per rule of `shared/rules/magical-circle.md` (setup and the round's steps 1–9,
//! which include the seed's rules (1)–(4)), named after it.

use crate::common;

use common::{act, params, pos, race2, refused, seat, swaps};
use tabula_core::{ActionError, Actor, Game, Notation, Seat, SeatSet, ToAct};
use tabula_magical_circle::{Action, Arrangement, Hand, MagicalCircle, Params, Phase};

const RACE: &str = "WFEALD,FLEAWD,DFWEAL";

fn arr(s: &str) -> Arrangement {
    Arrangement::parse(s).unwrap()
}

#[test]
fn setup_tokens_and_deck_are_chance_events() {
    let g = MagicalCircle::new(&params(3)).unwrap();
    assert_eq!(g.to_act(), ToAct::Chance);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 720);
    assert!(
        outcomes
            .iter()
            .all(|(_, p)| (*p - 1.0 / 720.0).abs() < 1e-15)
    );
    let mut g = g;
    act(&mut g, Actor::Chance, "setup:DLAEWF");
    assert_eq!(g.arrangement(), arr("DLAEWF"));
    // Then three cards, each drawn uniformly from the 36-card pile.
    for left in [36, 35, 34] {
        g.chance_outcomes(&mut outcomes);
        assert_eq!(outcomes.len(), left);
        assert!(
            outcomes
                .iter()
                .all(|(_, p)| (*p - 1.0 / left as f64).abs() < 1e-15)
        );
        g.apply(outcomes[0].0);
    }
    assert_eq!(g.phase(), Phase::Race);
}

#[test]
fn setup_every_player_holds_its_swap_cards_and_seat_1_is_first() {
    let g = MagicalCircle::new_random(&params(4), &mut tabula_core::rng_from_seed(5)).unwrap();
    for s in Seat::all(4) {
        assert_eq!(g.hand(s).to_string(), "1234");
        assert!(g.won_cards(s).is_empty());
    }
    assert_eq!(g.first_player(), Seat(0));
    assert_eq!(g.revealed().len(), 3);
}

#[test]
fn r1_three_cards_are_revealed_at_once() {
    let mut g = MagicalCircle::new(&params(2)).unwrap();
    act(&mut g, Actor::Chance, "setup:FWEALD");
    for (i, card) in ["FDWLEA", "LFWEAD", "EFWALD"].iter().enumerate() {
        assert_eq!(g.to_act(), ToAct::Chance, "card {i}");
        act(&mut g, Actor::Chance, &format!("reveal:{card}"));
    }
    assert_eq!(
        g.revealed(),
        vec![arr("FDWLEA"), arr("LFWEAD"), arr("EFWALD")]
    );
    assert_eq!(g.pile_sizes(), (33, 0));
    let msg = refused(&g, Actor::Chance, "reveal:WFEALD");
    assert!(msg.contains("no card is being revealed"), "{msg}");
}

#[test]
fn r2_every_non_excluded_seat_may_claim_at_once() {
    let g = pos(
        &params(3),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/1234:-:-/1234:-:- \
             excluded=2 voted=- first=1 discard=- under=-"
        ),
    );
    let racers: SeatSet = [Seat(0), Seat(2)].into_iter().collect();
    assert_eq!(g.to_act(), ToAct::Several(racers));
    let mut out = Vec::new();
    g.legal_actions_for(seat(1), &mut out);
    assert_eq!(out, vec![Action::Claim(Seat(0)), Action::Vote(Seat(0))]);
    g.legal_actions_for(seat(2), &mut out);
    assert!(out.is_empty());
    let msg = refused(&g, seat(2), "claim");
    assert!(msg.contains("excluded"), "{msg}");
    assert_eq!(
        g.parse_action(seat(3), "claim").unwrap(),
        Action::Claim(Seat(2))
    );
    assert_eq!(g.format_action(Action::Claim(Seat(2))), "claim");
}

#[test]
fn r2_the_first_claim_makes_its_seat_active() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(2), "claim");
    assert_eq!(g.to_act(), ToAct::One(Seat(1)));
    assert_eq!(g.active_seat(), Some(Seat(1)));
    let msg = refused(&g, seat(1), "claim");
    assert!(msg.contains("holds the hourglass"), "{msg}");
    assert_eq!(
        g.validate(seat(1), Action::Play(Hand::parse("1").unwrap())),
        Err(ActionError::NotYourTurn(Seat(0)))
    );
}

#[test]
fn r3_play_one_or_two_swap_cards_and_k_is_their_sum() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(1), "claim");
    let mut out = Vec::new();
    g.legal_actions_for(seat(1), &mut out);
    assert_eq!(out.len(), 10, "4 singles and 6 pairs from 1234");
    assert!(refused(&g, seat(1), "play:123").contains("1 or 2"));
    assert!(refused(&g, seat(1), "swap:12").contains("play 1 or 2 swap cards before"));
    act(&mut g, seat(1), "play:13");
    assert_eq!(g.k(), 4);
    assert_eq!(g.hand(Seat(0)).to_string(), "24");
    assert_eq!(g.phase(), Phase::Swap);
    let g2 = pos(
        &params(2),
        &format!(
            "arr=FWEALD phase=play active=1 revealed={RACE} seats=34:12:-/1234:-:- excluded=- \
             voted=- first=1 discard=- under=-"
        ),
    );
    assert!(refused(&g2, seat(1), "play:1").contains("holds 34, not 1"));
}

#[test]
fn r4_the_same_pair_is_not_swapped_twice_in_a_row() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:4");
    act(&mut g, seat(1), "swap:25");
    let msg = refused(&g, seat(1), "swap:25");
    assert!(msg.contains("twice in a row"), "{msg}");
    assert!(refused(&g, seat(1), "swap:52").contains("twice in a row"));
    let mut out = Vec::new();
    g.legal_actions_for(seat(1), &mut out);
    assert_eq!(out.len(), 14);
    act(&mut g, seat(1), "swap:34");
    act(&mut g, seat(1), "swap:25"); // allowed again once another pair came between
    assert_eq!(g.attempt_progress().unwrap().1, 3);
}

#[test]
fn r5_success_is_judged_only_after_exactly_k_swaps() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:3");
    act(&mut g, seat(1), "swap:12"); // WFEALD, a revealed card, after 1 of 3 swaps
    assert_eq!(g.phase(), Phase::Swap, "no success before the k-th swap");
    act(&mut g, seat(1), "swap:34");
    act(&mut g, seat(1), "swap:56"); // WFAEDL: no card
    assert_eq!(g.phase(), Phase::Reveal);
    assert!(g.won_cards(Seat(0)).is_empty());
    assert!(g.is_excluded(Seat(0)), "the attempt failed");
}

#[test]
fn r5_the_attempt_succeeds_when_the_kth_swap_matches_a_card() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:12"); // k = 3; distance 1 to FLEAWD
    swaps(&mut g, seat(1), "34,25,34");
    assert_eq!(g.arrangement(), arr("FLEAWD"));
    assert_eq!(g.won_cards(Seat(0)), vec![arr("FLEAWD")]);
}

#[test]
fn r5_timeout_fails_the_attempt_and_only_the_host_sends_it() {
    let mut g = race2("FWEALD", RACE);
    let mut out = Vec::new();
    g.legal_actions_for(Actor::Host, &mut out);
    assert!(out.is_empty(), "no hourglass turns during the race");
    assert!(refused(&g, Actor::Host, "timeout").contains("no attempt is running"));
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:2");
    act(&mut g, seat(1), "swap:12");
    g.legal_actions_for(Actor::Host, &mut out);
    assert_eq!(out, vec![Action::Timeout]);
    assert_eq!(
        g.validate(seat(1), Action::Timeout),
        Err(ActionError::HostOnly)
    );
    assert_eq!(
        g.validate(seat(2), Action::Timeout),
        Err(ActionError::HostOnly)
    );
    assert!(refused(&g, Actor::Host, "swap:34").contains("the host may only send timeout"));
    act(&mut g, Actor::Host, "timeout");
    assert_eq!(g.phase(), Phase::Reveal);
    assert!(g.is_excluded(Seat(0)));
    assert_eq!(
        g.hand(Seat(0)).to_string(),
        "1234",
        "the played card comes back"
    );
    assert_eq!(g.arrangement(), arr("WFEALD"), "the swap made stays (D8)");
}

#[test]
fn r6_success_wins_the_card_and_discards_the_other_two() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(2), "claim");
    act(&mut g, seat(2), "play:1");
    act(&mut g, seat(2), "swap:12");
    assert_eq!(g.won_cards(Seat(1)), vec![arr("WFEALD")]);
    assert!(g.revealed().is_empty());
    assert_eq!(g.pile_sizes(), (33, 2));
    assert!(
        g.to_notation().contains("discard=FLEAWD,DFWEAL"),
        "{}",
        g.to_notation()
    );
    assert_eq!(g.to_act(), ToAct::Chance, "a new round starts");
}

#[test]
fn r6_played_swap_cards_stay_face_up() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(2), "claim");
    act(&mut g, seat(2), "play:12"); // k = 3
    swaps(&mut g, seat(2), "34,12,34");
    assert_eq!(g.won_cards(Seat(1)), vec![arr("WFEALD")]);
    assert_eq!(g.face_up(Seat(1)).to_string(), "12");
    assert_eq!(g.hand(Seat(1)).to_string(), "34");
}

#[test]
fn r6_the_winner_is_the_next_first_player() {
    let mut g = race2("FWEALD", RACE);
    assert_eq!(g.first_player(), Seat(0));
    act(&mut g, seat(2), "claim");
    act(&mut g, seat(2), "play:1");
    act(&mut g, seat(2), "swap:12");
    assert_eq!(g.first_player(), Seat(1));
}

fn failing_seat2() -> MagicalCircle {
    let mut g = pos(
        &params(2),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/234:1:FWDAEL,FELDWA \
             excluded=- voted=- first=1 discard=- under=-"
        ),
    );
    act(&mut g, seat(2), "claim");
    act(&mut g, seat(2), "play:2");
    swaps(&mut g, seat(2), "12,34"); // WFAELD: no card
    g
}

#[test]
fn r7_failure_returns_the_most_recently_won_card() {
    let g = failing_seat2();
    assert_eq!(g.won_cards(Seat(1)), vec![arr("FWDAEL")]);
    assert!(
        g.to_notation().contains("FELDWA"),
        "the card went to the discard pile"
    );
    let (_, discard) = g.pile_sizes();
    assert_eq!(discard, 4, "the returned card and the three revealed cards");
}

#[test]
fn r7_failure_without_magic_cards_returns_nothing() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:1");
    act(&mut g, seat(1), "swap:56");
    assert!(g.won_cards(Seat(0)).is_empty());
    assert_eq!(g.pile_sizes(), (33, 3));
}

#[test]
fn r7_failure_takes_back_the_swap_cards_just_played() {
    let g = failing_seat2();
    assert_eq!(g.hand(Seat(1)).to_string(), "234");
    assert_eq!(
        g.face_up(Seat(1)).to_string(),
        "1",
        "earlier face-up cards stay"
    );
}

#[test]
fn r7_failure_discards_the_cards_and_reveals_three_new_ones() {
    let mut g = failing_seat2();
    assert!(g.revealed().is_empty());
    assert_eq!(g.to_act(), ToAct::Chance);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 31, "36 minus 1 won and 4 discarded");
    for _ in 0..3 {
        g.chance_outcomes(&mut outcomes);
        g.apply(outcomes[0].0);
    }
    assert_eq!(g.phase(), Phase::Race);
    assert_eq!(g.revealed().len(), 3);
}

#[test]
fn r7_the_failed_player_is_excluded_until_another_player_wins_a_card() {
    let mut g = failing_seat2();
    for card in ["EFWALD", "AFWELD", "FDWLEA"] {
        act(&mut g, Actor::Chance, &format!("reveal:{card}"));
    }
    assert_eq!(g.to_act(), ToAct::Several(SeatSet::single(Seat(0))));
    assert!(refused(&g, seat(2), "claim").contains("excluded"));
    assert!(refused(&g, seat(2), "vote").contains("excluded"));
    // Tokens are WFAELD; seat 1 wins AFWELD with one swap.
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:1");
    act(&mut g, seat(1), "swap:13");
    assert_eq!(g.won_cards(Seat(0)), vec![arr("AFWELD")]);
    assert!(!g.is_excluded(Seat(1)), "another player won a card");
}

#[test]
fn r8_the_round_passes_when_every_non_excluded_seat_votes() {
    let mut g = pos(
        &params(3),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/1234:-:-/1234:-:- \
             excluded=3 voted=- first=2 discard=- under=-"
        ),
    );
    act(&mut g, seat(1), "vote");
    assert_eq!(g.phase(), Phase::Race, "seat 2 has not voted");
    assert!(g.has_voted(Seat(0)));
    act(&mut g, seat(2), "vote");
    assert_eq!(g.phase(), Phase::Reveal);
    assert!(g.revealed().is_empty());
    assert_eq!(g.pile_sizes(), (33, 3));
    assert_eq!(g.first_player(), Seat(1), "the same first player");
    assert!(g.is_excluded(Seat(2)), "a pass is no card won");
}

fn small_deck() -> Params {
    // Deck step 120: FWEALD, WFEALD, EFWALD, AFWELD, LFWEAD, DFWEAL.
    Params {
        deck_step: 120,
        target: Some(2),
        ..params(2)
    }
}

fn low_pile() -> MagicalCircle {
    let mut g = pos(
        &small_deck(),
        "arr=FWEALD phase=race revealed=WFEALD,EFWALD,AFWELD seats=1234:-:-/1234:-:- \
         excluded=- voted=- first=1 discard=LFWEAD under=-",
    );
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:1");
    act(&mut g, seat(1), "swap:56"); // FWEADL: no card
    g
}

#[test]
fn r9_with_fewer_than_three_cards_the_discards_go_under_the_pile() {
    let g = low_pile();
    assert_eq!(g.pile_sizes(), (6, 0), "2 left and 4 reshuffled discards");
    assert!(
        g.to_notation()
            .ends_with("discard=- under=WFEALD,EFWALD,AFWELD,LFWEAD")
    );
}

#[test]
fn r9_the_old_pile_is_drawn_before_the_reshuffled_cards() {
    let mut g = low_pile();
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    let cards: Vec<String> = outcomes.iter().map(|(a, _)| g.format_action(*a)).collect();
    assert_eq!(cards, vec!["reveal:FWEALD", "reveal:DFWEAL"]);
    assert!(outcomes.iter().all(|(_, p)| *p == 0.5));
    assert!(refused(&g, Actor::Chance, "reveal:LFWEAD").contains("under the pile"));
    act(&mut g, Actor::Chance, "reveal:DFWEAL");
    act(&mut g, Actor::Chance, "reveal:FWEALD");
    g.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 4);
    assert!(outcomes.iter().all(|(_, p)| *p == 0.25));
    act(&mut g, Actor::Chance, "reveal:LFWEAD");
    assert_eq!(g.phase(), Phase::Race);
    assert!(g.to_notation().ends_with("discard=- under=-"));
    assert_eq!(g.pile_sizes(), (3, 0));
}
