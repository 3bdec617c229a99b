//! One test per digital-edition choice D1–D10 of `shared/rules/magical-circle.md` and per
//! further ruling D11–D21 of `docs/rules/magical-circle.md`, named after it.

use crate::common;

use common::{act, params, pos, race2, refused, seat, swaps};
use tabula_core::{Actor, EndReason, Game, Notation, Presentation, Seat, SeatSet, ToAct};
use tabula_magical_circle::{Arrangement, Deck, MagicalCircle, Params, Phase};

const RACE: &str = "WFEALD,FLEAWD,DFWEAL";

fn arr(s: &str) -> Arrangement {
    Arrangement::parse(s).unwrap()
}

#[test]
fn d1_the_lady_is_fixed_and_places_1_to_6_run_clockwise() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:1");
    // There is no place 0 or 7: the Lady is never swapped.
    assert!(g.parse_action(seat(1), "swap:07").is_err());
    assert!(g.parse_action(seat(1), "swap:67").is_err());
    let board = g.board_text();
    assert!(board.contains("(Lady)"));
    assert!(board.contains("1:F") && board.contains("6:D"), "{board}");
}

#[test]
fn d2_an_arrangement_is_six_letters_read_clockwise_from_the_lady() {
    let a = arr("FWEALD");
    assert_eq!(a.letter_at(1), 'F');
    assert_eq!(a.letter_at(6), 'D');
    assert_eq!(
        a.swapped(tabula_magical_circle::Pair::parse("16").unwrap())
            .to_string(),
        "DWEALF"
    );
    assert!(Arrangement::parse("FWEAL").is_err());
    assert!(Arrangement::parse("FWEALF").is_err());
    assert!(Arrangement::parse("FWEALX").is_err());
}

#[test]
fn d3_the_deck_is_every_20th_arrangement_36_cards() {
    let g = MagicalCircle::new(&params(2)).unwrap();
    let deck = g.deck();
    assert_eq!(deck.len(), 36);
    let cards: Vec<String> = deck
        .cards()
        .map(|c| deck.arrangement(c).to_string())
        .collect();
    assert_eq!(&cards[..3], ["FWEALD", "FWDAEL", "FELDWA"]);
    assert_eq!(cards[35], "DLFAWE");
    for (i, c) in deck.cards().enumerate() {
        assert_eq!(deck.arrangement(c).index() as usize, 20 * i);
    }
    assert_eq!(Deck::new(20), Some(deck));
}

#[test]
fn d4_each_player_owns_swap_cards_1_2_3_4() {
    let g = MagicalCircle::new(&params(5)).unwrap();
    for s in Seat::all(5) {
        assert_eq!(g.hand(s).to_string(), "1234");
    }
    let p = Params {
        swap_values: vec![2, 5],
        ..params(2)
    };
    let g = MagicalCircle::new(&p).unwrap();
    assert_eq!(g.hand(Seat(1)).to_string(), "25");
}

#[test]
fn d5_the_hourglass_is_45_seconds_and_timed_by_the_host() {
    let g = race2("FWEALD", RACE);
    assert_eq!(g.hourglass_seconds(), 45);
    assert_eq!(g.view(None).hourglass_seconds, 45);
    let bad = Params {
        hourglass_seconds: 0,
        ..params(2)
    };
    assert_eq!(
        MagicalCircle::new(&bad).unwrap_err().name,
        "hourglass_seconds"
    );
}

#[test]
fn d6_the_winner_holds_5_cards_or_4_with_4_or_5_players() {
    for (players, target) in [(2, 5), (3, 5), (4, 4), (5, 4)] {
        assert_eq!(
            MagicalCircle::new(&params(players)).unwrap().target(),
            target
        );
    }
    let mut g = pos(
        &params(4),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} \
             seats=1234:-:FWDAEL,FELDWA,FALWED/1234:-:-/1234:-:-/1234:-:- excluded=- voted=- \
             first=1 discard=- under=-"
        ),
    );
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:1");
    act(&mut g, seat(1), "swap:12");
    assert_eq!(g.phase(), Phase::Won);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Win);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![Seat(0)]);
    assert_eq!(outcome.scores().unwrap(), &[4, 0, 0, 0]);
    assert!(refused(&g, seat(2), "claim").contains("over"));
}

#[test]
fn d7_swap_cards_come_back_when_the_hand_holds_one_or_none() {
    let mut g = pos(
        &params(2),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/34:12:- excluded=- voted=- \
             first=1 discard=- under=-"
        ),
    );
    act(&mut g, seat(2), "claim");
    act(&mut g, seat(2), "play:3");
    swaps(&mut g, seat(2), "34,12,34");
    assert_eq!(g.won_cards(Seat(1)), vec![arr("WFEALD")]);
    assert_eq!(
        g.hand(Seat(1)).to_string(),
        "1234",
        "hand had one card left: all back"
    );
    assert!(g.face_up(Seat(1)).is_empty());
    // With two cards left, nothing comes back.
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(2), "claim");
    act(&mut g, seat(2), "play:12");
    swaps(&mut g, seat(2), "34,12,34");
    assert_eq!(g.hand(Seat(1)).to_string(), "34");
}

#[test]
fn d8_the_tokens_stay_as_they_are_after_a_failure() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:2");
    swaps(&mut g, seat(1), "12,34");
    assert_eq!(g.phase(), Phase::Reveal);
    assert_eq!(g.arrangement(), arr("WFAELD"));
}

#[test]
fn d9_exclusions_end_when_everyone_is_excluded() {
    let mut g = pos(
        &params(2),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/1234:-:- excluded=1 voted=- \
             first=1 discard=- under=-"
        ),
    );
    act(&mut g, seat(2), "claim");
    act(&mut g, Actor::Host, "timeout");
    assert!(!g.is_excluded(Seat(0)) && !g.is_excluded(Seat(1)));
    // With three players, two excluded seats leave one racer.
    let mut g = pos(
        &params(3),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/1234:-:-/1234:-:- \
             excluded=1 voted=- first=1 discard=- under=-"
        ),
    );
    act(&mut g, seat(2), "claim");
    act(&mut g, Actor::Host, "timeout");
    assert!(g.is_excluded(Seat(0)) && g.is_excluded(Seat(1)) && !g.is_excluded(Seat(2)));
    let err = MagicalCircle::from_notation(
        &params(2),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/1234:-:- excluded=12 voted=- \
             first=1 discard=- under=-"
        ),
    )
    .unwrap_err();
    assert_eq!(err.field, "excluded");
}

#[test]
fn d10_the_round_passes_when_all_non_excluded_seats_vote() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(2), "vote");
    act(&mut g, seat(1), "vote");
    assert_eq!(g.phase(), Phase::Reveal);
    assert_eq!(g.pile_sizes(), (33, 3));
    assert_eq!(g.first_player(), Seat(0));
}

#[test]
fn d11_a_seat_votes_once_and_may_still_claim() {
    let mut g = pos(
        &params(3),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/1234:-:-/1234:-:- \
             excluded=- voted=- first=1 discard=- under=-"
        ),
    );
    act(&mut g, seat(1), "vote");
    assert!(refused(&g, seat(1), "vote").contains("already voted"));
    let mut out = Vec::new();
    g.legal_actions_for(seat(1), &mut out);
    assert_eq!(out, vec![tabula_magical_circle::Action::Claim(Seat(0))]);
    assert_eq!(
        g.to_act(),
        ToAct::Several(SeatSet::all(3)),
        "a voter still races"
    );
    act(&mut g, seat(3), "vote");
    act(&mut g, seat(1), "claim");
    assert!(
        !g.has_voted(Seat(0)) && !g.has_voted(Seat(2)),
        "a claim clears the votes"
    );
}

#[test]
fn d12_the_last_active_player_becomes_first_player() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(2), "claim");
    act(&mut g, Actor::Host, "timeout");
    assert_eq!(g.first_player(), Seat(1), "also after a failure");
}

#[test]
fn d13_rule_4_applies_within_one_attempt() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:1");
    act(&mut g, seat(1), "swap:34"); // fails
    for card in ["EFWALD", "AFWELD", "FDWLEA"] {
        act(&mut g, Actor::Chance, &format!("reveal:{card}"));
    }
    act(&mut g, seat(2), "claim");
    act(&mut g, seat(2), "play:1");
    let mut out = Vec::new();
    g.legal_actions_for(seat(2), &mut out);
    assert_eq!(
        out.len(),
        15,
        "the failed attempt's last pair does not bind the next one"
    );
    act(&mut g, seat(2), "swap:34");
}

#[test]
fn d14_a_timeout_before_any_swap_card_is_played_is_a_failure() {
    let mut g = pos(
        &params(2),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/234:1:FWDAEL excluded=- \
             voted=- first=1 discard=- under=-"
        ),
    );
    act(&mut g, seat(2), "claim");
    act(&mut g, Actor::Host, "timeout");
    assert!(
        g.won_cards(Seat(1)).is_empty(),
        "the magic card is returned"
    );
    assert_eq!(g.hand(Seat(1)).to_string(), "234");
    assert!(g.is_excluded(Seat(1)));
}

#[test]
fn d15_failure_discards_before_the_reshuffle() {
    // Deck step 120 (6 cards), target 2: two cards left in the pile, one discarded.
    let p = Params {
        deck_step: 120,
        target: Some(2),
        ..params(2)
    };
    let mut g = pos(
        &p,
        "arr=FWEALD phase=race revealed=WFEALD,EFWALD,AFWELD seats=1234:-:-/1234:-:- \
         excluded=- voted=- first=1 discard=LFWEAD under=-",
    );
    act(&mut g, seat(1), "claim");
    act(&mut g, Actor::Host, "timeout");
    let text = g.to_notation();
    assert!(
        text.ends_with("under=WFEALD,EFWALD,AFWELD,LFWEAD"),
        "{text}"
    );
}

#[test]
fn d16_any_card_won_ends_every_exclusion() {
    let mut g = pos(
        &params(3),
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/1234:-:-/1234:-:- \
             excluded=13 voted=- first=1 discard=- under=-"
        ),
    );
    act(&mut g, seat(2), "claim");
    act(&mut g, seat(2), "play:1");
    act(&mut g, seat(2), "swap:12");
    assert!((0..3).all(|s| !g.is_excluded(Seat(s))));
}

#[test]
fn d17_swaps_and_plays_read_in_either_order() {
    let mut g = race2("FWEALD", RACE);
    act(&mut g, seat(1), "claim");
    let play = act(&mut g, seat(1), "play:21");
    assert_eq!(g.format_action(play), "play:12");
    let swap = act(&mut g, seat(1), "swap:52");
    assert_eq!(g.format_action(swap), "swap:25");
    assert!(g.parse_action(seat(1), "swap:55").is_err());
}

#[test]
fn d18_a_seat_may_claim_without_a_reachable_card() {
    // One swap card, value 2: k = 2, but WFEALD and FLEAWD are at distance 1 (odd) and
    // DFWEAL at distance 5.
    let p = Params {
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
    assert!(g.best_plan(Seat(0)).is_none());
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:2");
    assert!(!g.attempt_can_succeed());
    swaps(&mut g, seat(1), "12,34");
    assert!(g.is_excluded(Seat(0)), "the attempt failed");
}

#[test]
fn d19_the_draw_pile_is_hidden_and_everything_else_public() {
    let g = race2("FWEALD", RACE);
    let json = serde_json::to_string(&g.view(None)).unwrap();
    assert!(json.contains("\"draw_pile\":33"), "{json}");
    let deck = g.deck();
    for c in deck.cards() {
        let name = deck.arrangement(c).to_string();
        let public = RACE.contains(&name) || name == "FWEALD";
        assert_eq!(
            json.contains(&name),
            public,
            "{name} in the spectator's view"
        );
    }
    let mine = g.view(Some(Seat(0)));
    assert_eq!(mine.legal, vec!["claim", "vote"]);
    assert!(g.view(None).legal.is_empty());
    assert_eq!(mine.seats[1].hand, vec![1, 2, 3, 4], "hands are public");
}

#[test]
fn d20_the_ply_limit_is_a_draw_for_automated_play() {
    let p = Params {
        max_plies: Some(3),
        ..params(2)
    };
    let mut g = pos(
        &p,
        &format!(
            "arr=FWEALD phase=race revealed={RACE} seats=1234:-:-/1234:-:- excluded=- voted=- \
             first=1 discard=- under=-"
        ),
    );
    act(&mut g, seat(1), "claim");
    act(&mut g, seat(1), "play:3");
    act(&mut g, seat(1), "swap:12");
    assert_eq!(g.phase(), Phase::Limit);
    assert_eq!(g.outcome().unwrap().reason, EndReason::PlyLimit);
    assert_eq!(
        g.hand(Seat(0)).to_string(),
        "1234",
        "the attempt's cards go back"
    );
    let back = MagicalCircle::from_notation(&p, &g.to_notation()).unwrap();
    assert_eq!(back.to_notation(), g.to_notation());
}

#[test]
fn d21_the_deck_must_hold_every_hand_plus_three_cards() {
    let p = Params {
        deck_step: 60, // 12 cards
        players: 3,
        ..Params::default()
    };
    let err = MagicalCircle::new(&p).unwrap_err();
    assert_eq!(err.name, "deck_step");
    assert!(err.message.contains("at least 15"), "{err}");
    let ok = Params {
        target: Some(4),
        ..p
    };
    assert!(MagicalCircle::new(&ok).is_ok());
}
