//! Scenario tests of the end of a frog's move: the owner takes the flower on any space, then
//! springs (R3: chains), stupid frogs (R4) and butterflies (R5, R6) act; owners decide even
//! out of turn; a decision with one possible answer is not asked (R8).

use crate::common;
use common::*;
use tabula_china_moon::Pending;
use tabula_core::{ActionError, Game, Seat, ToAct};

#[test]
fn flower_taken_by_the_frog_owner_not_the_mover() {
    let mut g = game(
        "std S,S,S/S,S,6/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k -/-/- ypwu - 1 - -",
    );
    play(&mut g, 1, "2@6>7>8");
    assert_eq!(
        hand(&g, 2),
        "y",
        "seat 2 owns the frog and takes the yellow on 8"
    );
    assert_eq!(hand(&g, 1), "-");
}

#[test]
fn r11_flower_taken_on_any_space_not_only_lotus() {
    // A butterfly dropped a white flower on the plain space 20.
    let mut g = game(
        "std S,S,17/S,S,S/S,S,S 2y,5p,8y,11w,15w,18p,20w,21y,24p,27y,31p,34w,38k -/-/- ypwu - 1 - -",
    );
    play(&mut g, 1, "1@17>18>19");
    assert_eq!(
        hand(&g, 1),
        "-",
        "19 holds nothing; the pink on 18 was a first hop"
    );
    let mut h = game(
        "std S,S,18/S,S,S/S,S,S 2y,5p,8y,11w,15w,20w,21y,24p,27y,31p,34w,38k p/-/- ypwu - 1 - -",
    );
    play(&mut h, 1, "1@18>19>20");
    assert_eq!(hand(&h, 1), "pw");
}

#[test]
fn flower_on_a_first_hop_landing_stays() {
    let mut g = game(
        "std S,S,6/S,S,S/S,S,S 2y,5p,7w,8y,11w,15w,18p,21y,24p,27y,31p,34w,38k -/-/- ypwu - 1 - -",
    );
    play(&mut g, 1, "1@6>7>8");
    assert_eq!(hand(&g, 1), "y");
    assert!(field(&g, 2).contains("7w"), "{}", field(&g, 2));
}

#[test]
fn spring_moves_the_frog_two_more_hops() {
    let mut g = game(
        "std S,S,20/S,S,S/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k -/-/- ypwu - 1 - -",
    );
    let moves: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("1@20"))
        .collect();
    assert_eq!(moves, vec!["1@20>21>22>23>24"], "no stop on the spring 22");
    play(&mut g, 1, "1@20>21>22>23>24");
    assert_eq!(
        hand(&g, 1),
        "p",
        "the pink on 24; the yellow on 21 was a first hop"
    );
    assert_eq!(g.frogs_of(Seat(0))[2], 24);
}

#[test]
fn spring_flower_is_taken_before_the_spring_acts() {
    let mut g = game(
        "std S,S,20/S,S,S/S,S,S 2y,5p,8y,11w,15w,18p,21y,22w,24p,27y,31p,34w,38k -/-/- ypwu - 1 - -",
    );
    play(&mut g, 1, "1@20>21>22>23>24");
    assert_eq!(hand(&g, 1), "pw");
}

#[test]
fn r3_spring_chains() {
    // 2@… : 3, 4 (spring, takes its yellow), 12, 13 (spring, takes its pink), 17, 18.
    let mut g = game(
        "std 2,5,6/7,8,9/S,10,11 4y,13p,15y,18p,21y,24p,27y,31p,34w,36w,38k w/w/- ypwu - 1 - -",
    );
    assert!(legal(&g).contains(&"1@2>3>4>12>13>17>18".to_string()));
    play(&mut g, 1, "1@2>3>4>12>13>17>18");
    assert_eq!(hand(&g, 1), "yppw");
    let err = refusal(&g, 1, "1@5>12>13");
    assert!(err.to_string().contains("spring"), "{err}");
}

#[test]
fn r3_chain_ends_with_the_effect_of_its_last_space() {
    // 1@2>3>4>5>6 ends on the stupid frog 6 after the spring 4: the exchange is asked.
    let mut g =
        game("std S,S,2/S,S,S/S,S,S 5p,8y,15w,24p,27y,31p,34w,36w,38k yy/pw/- ypwu - 1 - -");
    play(&mut g, 1, "1@2>3>4>5>6");
    assert_eq!(
        g.pending(),
        Pending::Exchange {
            owner: Seat(0),
            space: 6
        }
    );
    assert_eq!(legal(&g), vec!["x2:y/p", "x2:y/w"]);
}

const EXCHANGE: &str =
    "std S,S,S/4,S,S/S,S,S 5p,15w,21y,24p,27y,31p,34w,36w,38k pw/yy/- ypwu - 1 - -";

#[test]
fn r4_exchange_is_decided_by_the_owner_even_out_of_turn() {
    let mut g = game(EXCHANGE);
    play(&mut g, 1, "2@4>5>6");
    assert_eq!(
        g.to_act(),
        ToAct::One(Seat(1)),
        "seat 2 owns the frog and decides"
    );
    assert_eq!(field(&g, 8), "x2@6");
    assert_eq!(refusal(&g, 1, "1@S>1>2"), ActionError::NotYourTurn(Seat(0)));
    assert_eq!(legal(&g), vec!["x1:y/p", "x1:y/w"]);
    play(&mut g, 2, "x1:y/w");
    assert_eq!(hand(&g, 2), "yw");
    assert_eq!(hand(&g, 1), "yp");
    assert_eq!(g.to_act(), ToAct::One(Seat(0)), "back to the mover");
    assert_eq!(field(&g, 7), "2@6");
}

#[test]
fn r4_the_flower_taken_must_be_of_a_different_colour() {
    let mut g = game(EXCHANGE);
    play(&mut g, 1, "2@4>5>6");
    let err = refusal(&g, 2, "x1:y/y");
    assert!(err.to_string().contains("different colour"), "{err}");
    let err = refusal(&g, 2, "x2:y/p");
    assert!(err.to_string().contains("another player"), "{err}");
    let err = refusal(&g, 2, "x3:y/p");
    assert!(err.to_string().contains("seat 3 has no pink"), "{err}");
    let err = refusal(&g, 2, "1@S>1>2");
    assert!(err.to_string().contains("exchange"), "{err}");
}

#[test]
fn r4_the_owner_must_exchange_even_against_its_interest() {
    // Seat 2's only possible exchange gives its white (1 point) for the black (-2 points).
    let mut g =
        game("std S,S,S/4,S,S/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w k/w/- ypwu - 1 - -");
    play(&mut g, 1, "2@4>5>6");
    assert_eq!(hand(&g, 2), "k");
    assert_eq!(hand(&g, 1), "w");
    // With a choice, there is still no way to decline: only exchanges are offered.
    let mut h = game(EXCHANGE);
    play(&mut h, 1, "2@4>5>6");
    assert!(legal(&h).iter().all(|a| a.starts_with('x')));
}

#[test]
fn r4_no_exchange_when_the_owner_has_no_flower() {
    let mut g = game(
        "std S,S,S/4,S,S/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,38k w/-/- ypwu - 1 - -",
    );
    play(&mut g, 1, "2@4>5>6");
    assert_eq!(g.pending(), Pending::None);
    assert_eq!(hand(&g, 1), "w");
    assert_eq!(g.to_act(), ToAct::One(Seat(0)));
}

#[test]
fn r4_exchange_with_no_possible_partner_does_nothing() {
    // Seat 2 holds only yellows; the others hold yellow or nothing: no different colour.
    let mut g =
        game("std S,S,S/4,S,S/S,S,S 5p,11w,15w,18p,24p,27y,31p,34w,36w,38k y/yy/- ypwu - 1 - -");
    play(&mut g, 1, "2@4>5>6");
    assert_eq!(g.pending(), Pending::None);
    assert_eq!(
        (hand(&g, 1), hand(&g, 2)),
        ("y".to_string(), "yy".to_string())
    );
}

#[test]
fn r4_black_is_exchanged_like_other_colours() {
    // (Blue never circulates: it stays on goal spot 4 until the arrival that ends the game.)
    let mut g =
        game("std S,S,S/4,S,S/S,S,S 8y,15w,18p,21y,24p,27y,31p,34w,36w w/yk/p ypwu - 1 - -");
    play(&mut g, 1, "2@4>5>6");
    assert_eq!(legal(&g), vec!["x1:k/w", "x1:y/w", "x3:k/p", "x3:y/p"]);
    play(&mut g, 2, "x1:k/w");
    assert_eq!(hand(&g, 2), "yw");
    assert_eq!(hand(&g, 1), "k");
}

const BUTTERFLY: &str =
    "std S,S,S/7,S,S/S,S,S 5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,38k yw/-/- pwyu - 1 - -";

#[test]
fn r5_butterfly_drop_is_decided_by_the_owner_even_out_of_turn() {
    let mut g = game(&BUTTERFLY.replace("yw/-/-", "-/yw/-"));
    play(&mut g, 1, "2@7>8>9");
    assert_eq!(g.to_act(), ToAct::One(Seat(1)));
    assert_eq!(field(&g, 8), "b2@9");
    assert_eq!(legal(&g), vec!["drop:w", "drop:y"]);
    assert_eq!(refusal(&g, 1, "drop:y"), ActionError::NotYourTurn(Seat(0)));
    let err = refusal(&g, 2, "drop:p");
    assert!(err.to_string().contains("no pink"), "{err}");
    play(&mut g, 2, "drop:w");
    assert_eq!(hand(&g, 2), "y");
    assert_eq!(g.to_act(), ToAct::One(Seat(0)));
}

#[test]
fn r5_butterfly_drop_lands_on_the_first_space_behind_without_frog_or_flower() {
    // Behind 9: 8 holds a flower, 7 a frog, 6 is free.
    let mut g =
        game("std S,S,7/S,S,6/S,S,S 5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,38k -/yw/- pwyu - 1 - -");
    play(&mut g, 1, "2@6>8>9");
    assert_eq!(
        g.drop_target(9),
        Some(6),
        "the space the frog left is free again"
    );
    play(&mut g, 2, "drop:w");
    assert!(field(&g, 2).starts_with("5p,6w,8y"), "{}", field(&g, 2));
}

#[test]
fn r5_butterfly_behind_a_fork_follows_the_back_link() {
    // Behind 19: 18 (flower), 17 (frog), then 13, the `back` of 17, though 16 is free too.
    let mut g =
        game("std S,S,16/S,S,17/S,S,S 5p,8y,11w,18p,21y,24p,27y,31p,34w,38k yw/w/- pwyu - 1 - -");
    play(&mut g, 1, "1@16>18>19");
    play(&mut g, 1, "drop:y");
    assert!(field(&g, 2).contains("13y"), "{}", field(&g, 2));
    assert!(!field(&g, 2).contains("16y"));
}

#[test]
fn r5_no_drop_when_the_owner_has_no_flower() {
    let mut g = game(&BUTTERFLY.replace("yw/-/-", "-/-/yw"));
    play(&mut g, 1, "2@7>8>9");
    assert_eq!(g.pending(), Pending::None);
    assert_eq!(g.to_act(), ToAct::One(Seat(0)));
}

#[test]
fn r5_black_is_dropped_like_other_colours() {
    let mut g =
        game("std S,S,S/7,S,S/S,S,S 5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w -/yk/- ypwu - 1 - -");
    play(&mut g, 1, "2@7>8>9");
    assert_eq!(legal(&g), vec!["drop:k", "drop:y"]);
    play(&mut g, 2, "drop:k");
    assert!(field(&g, 2).contains("7k"), "{}", field(&g, 2));
}

#[test]
fn r6_flower_leaves_the_game_when_no_space_behind_qualifies() {
    // 1-7 hold frogs, 8 a flower: nothing behind the butterfly 9 before the start.
    let mut g = game(
        "std 1,2,3/4,5,6/S,S,7 8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k -/-/yp ypwu - 3 - -",
    );
    play(&mut g, 3, "3@S>8>9");
    assert_eq!(g.drop_target(9), None);
    play(&mut g, 3, "drop:y");
    assert_eq!(field(&g, 5), "y", "out of the game");
    assert_eq!(hand(&g, 3), "p");
    g.check_invariant().expect("no flower vanished");
}

#[test]
fn r8_single_possible_decision_is_made_without_asking() {
    // Butterfly: the owner holds one colour only.
    let mut g =
        game("std S,S,S/7,S,S/S,S,S 5p,8y,11w,14w,15w,18p,24p,27y,31p,34w,38k -/yy/- pwyu - 1 - -");
    play(&mut g, 1, "2@7>8>9");
    assert_eq!(
        g.pending(),
        Pending::None,
        "no question with one possible answer"
    );
    assert_eq!(hand(&g, 2), "y");
    assert!(field(&g, 2).contains("7y"), "{}", field(&g, 2));
    // Stupid frog: one possible exchange (give yellow, take the only other colour, pink).
    let mut h =
        game("std S,S,S/4,S,S/S,S,S 5p,8y,11w,15w,21y,24p,27y,31p,34w,36w,38k p/y/- ypwu - 1 - -");
    play(&mut h, 1, "2@4>5>6");
    assert_eq!(h.pending(), Pending::None);
    assert_eq!(
        (hand(&h, 1), hand(&h, 2)),
        ("y".to_string(), "p".to_string())
    );
}
