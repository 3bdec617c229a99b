//! Scenario tests of a turn: three different frogs, at least one another player's, two hops
//! each skipping frogs, forks chosen by the mover (R2), the goal ending a frog's move, goal
//! arrivals and the end of the game.

use crate::common;
use common::*;
use tabula_china_moon::Pending;
use tabula_china_moon::{ChinaMoon, Flower, Params};
use tabula_core::{ActionError, Game, Seat, ToAct, rng_from_seed, step_random};

const START3: &str =
    "std S,S,S/S,S,S/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k -/-/- ypwu - 1 - -";

#[test]
fn oldest_player_seat_1_starts_and_play_goes_in_seat_order() {
    let mut g = game(START3);
    assert_eq!(g.to_act(), ToAct::One(Seat(0)));
    play(&mut g, 1, "1@S>1>2");
    play(&mut g, 1, "2@S>1>3");
    play(&mut g, 1, "3@S>1>4>5>6");
    assert_eq!(g.to_act(), ToAct::One(Seat(1)), "seat 2 moves next");
    assert_eq!(field(&g, 7), "-", "a new turn starts with no frog moved");
}

#[test]
fn turn_moves_three_different_frogs_two_hops_each() {
    let mut g = game(START3);
    assert_eq!(legal(&g), vec!["1@S>1>2", "2@S>1>2", "3@S>1>2"]);
    play(&mut g, 1, "1@S>1>2");
    assert_eq!(field(&g, 7), "1@2");
    // The frog on 2 has moved: it may not move again this turn.
    assert!(legal(&g).iter().all(|a| !a.starts_with("1@2")));
    let err = refusal(&g, 1, "1@2>3>4>5>6");
    assert!(err.to_string().contains("has moved this turn"), "{err}");
    // One hop is not a move: a frog hops twice.
    let err = refusal(&g, 1, "1@S>1");
    assert!(err.to_string().contains("hops twice"), "{err}");
}

#[test]
fn turn_at_least_one_frog_of_another_player() {
    let mut g = game(START3);
    play(&mut g, 1, "1@S>1>2");
    play(&mut g, 1, "1@S>1>3");
    let moves = legal(&g);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|a| !a.starts_with("1@")), "{moves:?}");
    let err = refusal(&g, 1, "1@S>1>4>5>6");
    assert!(err.to_string().contains("another player"), "{err}");
    // Had a foreign frog moved first, the third could be the mover's own.
    let mut h = game(START3);
    play(&mut h, 1, "2@S>1>2");
    play(&mut h, 1, "1@S>1>3");
    assert!(legal(&h).iter().any(|a| a.starts_with("1@S")));
}

#[test]
fn turn_other_players_frogs_may_be_moved_by_the_mover() {
    let mut g = game(START3);
    play(&mut g, 1, "3@S>1>2");
    play(&mut g, 1, "2@S>1>3");
    play(&mut g, 1, "3@S>1>4>5>6");
    assert_eq!(g.to_act(), ToAct::One(Seat(1)));
    assert_eq!(field(&g, 1), "S,S,S/S,S,3/S,2,6");
}

#[test]
fn hop_skips_spaces_holding_frogs() {
    let mut g = game(START3);
    play(&mut g, 1, "1@S>1>2");
    // From the start: the first hop lands on 1 (free); the second skips 2 (frog) onto 3.
    assert!(legal(&g).contains(&"1@S>1>3".to_string()));
    play(&mut g, 1, "1@S>1>3");
    // Now 2 and 3 hold frogs: 1 then 4 (a spring: two more hops, 5 and 6).
    assert!(legal(&g).contains(&"2@S>1>4>5>6".to_string()));
}

#[test]
fn frogs_only_move_forward_and_never_share_a_space() {
    let g = game(
        "std S,S,9/S,S,S/S,S,12 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k -/-/- ypwu - 1 - -",
    );
    let err = refusal(&g, 1, "1@9>8>7");
    assert!(err.to_string().contains("does not land on 8"), "{err}");
    let err = refusal(&g, 1, "1@9>10>12");
    assert!(err.to_string().contains("space 12 holds a frog"), "{err}");
    // Passing over a free space is refused too: a hop lands on the nearest one.
    let err = refusal(&g, 1, "1@9>11>13>17>18");
    assert!(err.to_string().contains("does not land on 11"), "{err}");
}

#[test]
fn frogs_in_the_goal_cannot_be_chosen() {
    let g = game(
        "std S,S,G/S,S,S/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k y/-/- -pwu - 1 - -",
    );
    let err = refusal(&g, 1, "1@G>G");
    assert!(err.to_string().contains("goal cannot be chosen"), "{err}");
    assert!(legal(&g).iter().all(|a| !a.starts_with("1@G")));
}

#[test]
fn r2_mover_chooses_the_branch_at_a_fork() {
    let g = game(
        "std S,S,9/S,S,S/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k -/-/- ypwu - 1 - -",
    );
    let moves = legal(&g);
    assert!(moves.contains(&"1@9>10>11".to_string()), "{moves:?}");
    assert!(moves.contains(&"1@9>10>14".to_string()), "{moves:?}");
    // The rules' example: 2@10>14>15.
    let h = game(
        "std S,S,S/S,S,10/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k -/-/- ypwu - 1 - -",
    );
    assert!(legal(&h).contains(&"2@10>14>15".to_string()));
}

#[test]
fn r2_fork_met_while_skipping_frogs_is_chosen_too() {
    // 10 holds a frog: the first hop from 9 goes past it onto 11 or 14.
    let g = game(
        "std S,S,9/S,S,10/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k -/-/- ypwu - 1 - -",
    );
    let moves: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("1@9"))
        .collect();
    assert_eq!(moves, vec!["1@9>11>12", "1@9>14>15"]);
}

#[test]
fn r9_two_routes_with_the_same_landings_are_one_move() {
    let g = game(
        "std 9,10,11/12,13,14/S,15,16 2y,5p,8y,18p,21y,24p,27y,31p,34w,36w,38k w/w/- ypwu - 1 - -",
    );
    let moves: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("1@9"))
        .collect();
    assert_eq!(moves, vec!["1@9>17>18"]);
}

#[test]
fn goal_on_the_first_hop_ends_the_frog_move() {
    let mut g = game(
        "std S,S,39/S,S,S/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k -/-/- ypwu - 1 - -",
    );
    assert!(legal(&g).contains(&"1@39>G".to_string()));
    let err = refusal(&g, 1, "1@39>G>G");
    assert!(err.to_string().contains("stops in the goal"), "{err}");
    play(&mut g, 1, "1@39>G");
    assert_eq!(
        hand(&g, 1),
        "y",
        "the first arrival takes goal spot 1's flower"
    );
    assert_eq!(field(&g, 4), "-pwu");
    assert_eq!(field(&g, 7), "1@G");
}

#[test]
fn goal_reached_on_the_second_hop_as_in_the_rules_example() {
    let g = game(
        "std S,S,S/S,S,S/S,37,38 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w k/-/- ypwu - 1 - -",
    );
    assert!(legal(&g).contains(&"3@37>39>G".to_string()));
}

#[test]
fn goal_arrivals_take_spots_1_2_3_in_order() {
    let mut g = game(
        "std S,38,39/S,S,37/S,S,S 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w k/w/- pywu - 1 - -",
    );
    // 38 and 39 hold frogs: the frog on 37 reaches the goal on its first hop.
    play(&mut g, 1, "2@37>G");
    play(&mut g, 1, "1@39>G");
    play(&mut g, 1, "1@38>39>G");
    assert_eq!(
        hand(&g, 2),
        "pw",
        "spot 1 (pink) to the first arrival's owner"
    );
    assert_eq!(hand(&g, 1), "ywk", "spots 2 (yellow) and 3 (white)");
    assert_eq!(field(&g, 4), "---u");
    assert_eq!(g.arrived(), 3);
    assert!(!g.is_over());
}

#[test]
fn game_end_mid_turn_at_the_fourth_arrival() {
    let mut g = game(
        "std S,39,G/S,S,G/S,S,G 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,36w,38k y/p/w ---u - 1 - -",
    );
    play(&mut g, 1, "1@39>G");
    assert_eq!(hand(&g, 1), "yu", "the 4th arrival takes the blue flower");
    let outcome = g.outcome().expect("the game ends at once");
    assert_eq!(outcome.scores().unwrap(), &[5, 1, 1]);
    // The rest of the turn is not played.
    assert!(legal(&g).is_empty());
    assert_eq!(refusal(&g, 1, "2@S>1>2"), ActionError::GameOver);
    assert_eq!(field(&g, 7), "1@G");
}

#[test]
fn r9_a_move_is_one_action_listing_every_landing_spring_hops_included() {
    let g = game(
        "std 2,5,6/7,8,9/S,10,11 4y,13p,15y,18p,21y,24p,27y,31p,34w,36w,38k w/w/- ypwu - 1 - -",
    );
    let moves: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("1@2"))
        .collect();
    // The branch after the spring 4 (12 or 14) is the mover's choice inside the one action.
    assert_eq!(moves, vec!["1@2>3>4>12>13>17>18", "1@2>3>4>14>15"]);
    // Stopping on the spring, or at its first extra hop, is not a move.
    for partial in ["1@2>3>4", "1@2>3>4>12>13", "1@2>3>4>12>13>17"] {
        assert!(
            refusal(&g, 1, partial).to_string().contains("hops"),
            "{partial}"
        );
    }
}

#[test]
fn r12_game_ends_at_the_fourth_arrival_even_mid_spring_chain() {
    // 1@33>34>35>39>G: 35 is a spring (its pink flower is taken), 36-38 hold frogs.
    let mut g = game(
        "std S,33,G/S,36,G/37,38,G 2y,5p,8y,11w,15w,18p,21y,24p,27y,31p,34w,35p y/w/wk ---u - 1 - -",
    );
    play(&mut g, 1, "1@33>34>35>39>G");
    assert!(g.is_over());
    assert_eq!(hand(&g, 1), "ypu");
    assert_eq!(g.pending(), Pending::None);
}

#[test]
fn r13_blue_stays_on_spot_4_until_the_game_ends() {
    for seed in 0..10 {
        let mut rng = rng_from_seed(seed);
        let mut g =
            ChinaMoon::new_random(&Params::players(3 + seed as usize % 3), &mut rng).unwrap();
        let (mut a, mut c) = (Vec::new(), Vec::new());
        while !g.is_over() {
            assert_eq!(g.spot(3), Some(Flower::Blue));
            assert!(step_random(&mut g, &mut rng, &mut a, &mut c));
        }
        let holders = Seat::all(g.players()).filter(|&s| g.hand(s).count(Flower::Blue) == 1);
        assert_eq!(holders.count(), 1, "the 4th arrival's owner holds the blue");
    }
}
