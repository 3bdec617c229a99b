//! MCTS on toy games with known answers: per-seat returns with 3–5 seats, chance nodes, a
//! seat other than the last mover deciding, and several seats racing to act (waiting).

use crate::common;

use common::corridor::{CParams, Corridor};
use common::kingmaker::{KAction, KParams, Kingmaker};
use common::race::{RAction, RParams, Race};
use common::safe::{SAction, SParams, Safe};
use tabula_ai::arena::MatchConfig;
use tabula_ai::{
    AiError, AlphaBetaBot, AlphaBetaConfig, Bot, BotFactory, BotSpec, Decision, MctsBot,
    MctsConfig, choose, run_match_specs,
};
use tabula_core::{Game, Seat, ToAct};

fn mcts(iterations: u64) -> MctsConfig {
    MctsConfig::with_iterations(iterations)
}

#[test]
fn mcts_uses_each_seats_own_return_with_chance_and_3_to_5_seats() {
    for seats in 3..=5 {
        let game = Kingmaker::new(&KParams { players: seats }).unwrap();
        let mut bot: MctsBot<Kingmaker> = MctsBot::new(mcts(4000), 7);
        assert_eq!(
            choose(&mut bot, &game, Seat(0)).unwrap(),
            KAction::N,
            "{seats} seats"
        );
        let info = bot.last_search().unwrap();
        let n = info
            .children
            .iter()
            .find(|c| c.action == KAction::N)
            .unwrap();
        // The chance node's estimate converges to the coin's probability for seat 1.
        assert!((n.mean[0] - 0.6).abs() < 0.06, "{:?}", n.mean);
        assert!((n.mean[2] - 0.4).abs() < 0.06, "{:?}", n.mean);
        assert_eq!(n.mean.len(), seats);
    }
}

#[test]
fn mcts_lets_a_seat_other_than_the_mover_decide_for_itself() {
    // After `R`, seat 3 (not seat 2) decides, and crowns itself.
    let game = Kingmaker::after(3, KAction::R);
    let mut bot: MctsBot<Kingmaker> = MctsBot::new(mcts(500), 3);
    assert_eq!(choose(&mut bot, &game, Seat(2)).unwrap(), KAction::Crown(2));
    assert_eq!(
        bot.decide(&game, Seat(0), false).unwrap_err(),
        AiError::SeatCannotAct(Seat(0))
    );
    let game = Kingmaker::after(4, KAction::L);
    assert_eq!(choose(&mut bot, &game, Seat(1)).unwrap(), KAction::Crown(1));
}

#[test]
fn mcts_in_a_race_claims_when_ready_and_never_claims_when_not() {
    for seed in 0..5 {
        let ready = Race::dealt(3, &[0]);
        let mut bot: MctsBot<Race> = MctsBot::new(mcts(3000), seed);
        assert_eq!(
            bot.decide(&ready, Seat(0), true).unwrap(),
            Decision::Act(RAction::Claim(0)),
            "seed {seed}"
        );
        // Nobody is ready: claiming would eliminate seat 1; it waits or skips.
        let nobody = Race::dealt(3, &[]);
        let d = bot.decide(&nobody, Seat(1), true).unwrap();
        assert!(
            matches!(d, Decision::Wait | Decision::Act(RAction::Skip(1))),
            "seed {seed}: {d:?}"
        );
        // Without the option to wait it still must not claim.
        let d = bot.decide(&nobody, Seat(1), false).unwrap();
        assert_eq!(d, Decision::Act(RAction::Skip(1)), "seed {seed}");
    }
}

#[test]
fn mcts_root_parallel_threads_agree_on_the_answer() {
    let game = Kingmaker::new(&KParams { players: 3 }).unwrap();
    let config = MctsConfig {
        threads: 3,
        ..MctsConfig::with_iterations(6000)
    };
    let mut bot: MctsBot<Kingmaker> = MctsBot::new(config, 5);
    assert_eq!(choose(&mut bot, &game, Seat(0)).unwrap(), KAction::N);
    let info = bot.last_search().unwrap();
    assert_eq!(info.iterations, 6000);
    let visits: u64 = info.children.iter().map(|c| c.visits).sum();
    assert_eq!(visits, 6000, "three trees' root visits are summed");
}

#[test]
fn alphabeta_refuses_games_without_exactly_two_seats() {
    let game = Kingmaker::new(&KParams { players: 3 }).unwrap();
    let mut bot: AlphaBetaBot<Kingmaker> = AlphaBetaBot::new(AlphaBetaConfig::default(), 1);
    assert!(matches!(
        bot.decide(&game, Seat(0), false),
        Err(AiError::Unsupported(_))
    ));
    // The factory does not offer alpha-beta levels for 3 seats, and refuses it explicitly.
    let factory = BotFactory::<Kingmaker>::new().with_alphabeta();
    let strong: BotSpec = "strong".parse().unwrap();
    assert!(factory.build(&strong, 3, 1).is_ok());
    let ab: BotSpec = "alphabeta:depth=3".parse().unwrap();
    assert!(matches!(
        factory.build(&ab, 3, 1),
        Err(AiError::Unsupported(_))
    ));
}

#[test]
fn alphabeta_asks_the_position_whether_it_is_two_player_zero_sum() {
    // Two seats take turns in both corridors, one to move now; gusts of wind make the windy
    // one a game of chance, and its positions say so.
    let calm = Corridor::new(&CParams::default()).unwrap();
    let windy = Corridor::new(&CParams {
        windy: true,
        ..CParams::default()
    })
    .unwrap();
    assert_eq!(
        (windy.num_seats(), windy.to_act()),
        (2, ToAct::One(Seat(0)))
    );
    let mut bot = AlphaBetaBot::<Corridor>::new(AlphaBetaConfig::with_depth(4), 1);
    assert!(matches!(
        bot.decide(&calm, Seat(0), false),
        Ok(Decision::Act(_))
    ));
    match bot.decide(&windy, Seat(0), false) {
        Err(AiError::Unsupported(message)) => {
            assert!(message.contains("two-player zero-sum"), "{message}")
        }
        other => panic!("alpha-beta searched a game of chance: {other:?}"),
    }
}

#[test]
fn arena_plays_races_with_chance_and_several_seats() {
    let specs: Vec<BotSpec> = BotSpec::parse_list("mcts:iterations=400,random,random").unwrap();
    let factory = BotFactory::<Race>::new();
    let config = MatchConfig {
        games: 90,
        threads: 2,
        seed: 9,
        ..MatchConfig::default()
    };
    let report = run_match_specs(
        &RParams { players: 3 },
        &specs,
        &factory,
        &config,
        &|_, _| {},
    )
    .unwrap();
    assert_eq!(report.games, 90);
    assert_eq!(report.seats, 3);
    let mcts = &report.bots[0];
    let random = &report.bots[1];
    assert_eq!(mcts.games, 90);
    assert!(
        mcts.wins > random.wins + 5,
        "mcts {} vs random {}",
        mcts.wins,
        random.wins
    );
    // Every bot sat at every seat equally often.
    for b in &report.bots {
        assert!(b.by_seat.iter().all(|r| r.games == 30), "{:?}", b.by_seat);
    }
}

/// A game-specific rollout policy, as the registry plugs in (Magical Circle's solver): the
/// ready seat acts first and claims; the others skip.
#[derive(Clone)]
struct ReadyFirst;

impl tabula_ai::Rollout<Race> for ReadyFirst {
    fn pick(
        &self,
        game: &Race,
        seat: Seat,
        actions: &[RAction],
        _rng: &mut tabula_core::GameRng,
    ) -> RAction {
        let claim = RAction::Claim(seat.0);
        if game.is_ready(seat) && actions.contains(&claim) {
            claim
        } else {
            RAction::Skip(seat.0)
        }
    }

    fn pick_seat(
        &self,
        game: &Race,
        seats: tabula_core::SeatSet,
        _rng: &mut tabula_core::GameRng,
    ) -> Seat {
        seats
            .iter()
            .find(|&s| game.is_ready(s))
            .or_else(|| seats.iter().next())
            .unwrap_or(Seat(0))
    }
}

#[test]
fn factory_plugs_in_a_game_rollout_policy() {
    let factory = BotFactory::<Race>::new().with_rollout(ReadyFirst);
    let spec: BotSpec = "mcts:iterations=300:rollout=game".parse().unwrap();
    let mut bot = factory.build(&spec, 3, 1).unwrap();
    let game = Race::dealt(3, &[2]);
    assert_eq!(
        bot.decide(&game, Seat(2), true).unwrap(),
        Decision::Act(RAction::Claim(2))
    );
    // Seat 1 is not ready and seat 3 is: whatever seat 1 does, it cannot win this round;
    // it must not claim (elimination).
    let d = bot.decide(&game, Seat(0), false).unwrap();
    assert_eq!(d, Decision::Act(RAction::Skip(0)));
    // Levels use the game's policy too.
    let casual = factory.build(&"casual".parse().unwrap(), 3, 1).unwrap();
    assert_eq!(casual.name(), "casual");
}

/// Dials the code (or, when `lie`, recommends a wrong last digit in the tree).
#[derive(Clone)]
struct Oracle {
    recommend: bool,
    lie: bool,
}

impl tabula_ai::Rollout<Safe> for Oracle {
    fn pick(
        &self,
        game: &Safe,
        _: Seat,
        actions: &[SAction],
        _: &mut tabula_core::GameRng,
    ) -> SAction {
        game.oracle()
            .filter(|a| actions.contains(a))
            .unwrap_or(actions[0])
    }

    fn prior(&self, game: &Safe, _: Seat, actions: &[SAction]) -> Option<SAction> {
        if !self.recommend {
            return None;
        }
        match game.oracle() {
            Some(SAction::Dial(d)) if self.lie && game.dialled_count() == 2 => {
                Some(SAction::Dial((d + 1) % 10))
            }
            other => other.filter(|a| actions.contains(a)),
        }
    }
}

#[test]
fn mcts_with_a_policy_recommendation_acts_instead_of_deferring() {
    let game = Safe::new(&SParams::default()).unwrap();
    for seed in 0..4 {
        let oracle = Oracle {
            recommend: true,
            lie: false,
        };
        let mut bot = MctsBot::with_rollout(mcts(3000), oracle, seed);
        assert_eq!(
            choose(&mut bot, &game, Seat(0)).unwrap(),
            SAction::Open,
            "seed {seed}"
        );
        // The whole line is played right.
        let mut g = game.clone();
        while !g.is_over() {
            let a = choose(&mut bot, &g, Seat(0)).unwrap();
            g.apply(a);
        }
        assert_eq!(g.outcome().unwrap().rank(Seat(0)), 1, "seed {seed}");
    }
}

#[test]
fn mcts_overrules_a_wrong_recommendation() {
    // The policy recommends a wrong last digit: the search still dials the right one.
    let mut game = Safe::new(&SParams::default()).unwrap();
    game.apply(SAction::Open);
    for _ in 0..2 {
        let d = game.oracle().unwrap();
        game.apply(d);
    }
    let right = game.oracle().unwrap();
    let liar = Oracle {
        recommend: true,
        lie: true,
    };
    let mut bot = MctsBot::with_rollout(mcts(2000), liar, 1);
    assert_eq!(choose(&mut bot, &game, Seat(0)).unwrap(), right);
}

#[test]
fn mcts_reuses_the_subtree_by_the_observed_actions_in_a_game_without_a_hash() {
    let game = Safe::new(&SParams { players: 2 }).unwrap();
    let mut bot: MctsBot<Safe> = MctsBot::new(mcts(2000), 1);
    let first = choose(&mut bot, &game, Seat(0)).unwrap();
    bot.observe(&game, first);
    let mut next = game.clone();
    next.apply(first);
    if next.is_over() {
        return;
    }
    let _ = choose(&mut bot, &next, Seat(0)).unwrap();
    let info = bot.last_search().unwrap();
    assert!(
        info.reused_visits > 0,
        "the subtree under the observed action was kept"
    );

    // After a reset nothing is kept.
    bot.reset();
    let _ = choose(&mut bot, &next, Seat(0)).unwrap();
    assert_eq!(bot.last_search().unwrap().reused_visits, 0);
}

#[test]
fn a_game_without_a_hash_keeps_its_tree_when_asked_again_before_a_move() {
    // The same position asked about twice while nobody moved (as a seat that waited in a
    // race is): the second search starts from the first one's tree.
    let game = Safe::new(&SParams { players: 2 }).unwrap();
    let mut bot: MctsBot<Safe> = MctsBot::new(mcts(500), 1);
    let _ = choose(&mut bot, &game, Seat(0)).unwrap();
    let _ = choose(&mut bot, &game, Seat(0)).unwrap();
    assert!(bot.last_search().unwrap().reused_visits >= 500);
    // A position whose text differs is not taken for it.
    let mut opened = game.clone();
    opened.apply(SAction::Open);
    let _ = choose(&mut bot, &opened, Seat(0)).unwrap();
    assert_eq!(bot.last_search().unwrap().reused_visits, 0);
}

#[test]
fn mcts_without_a_hash_searches_afresh_when_an_action_went_unreported() {
    let game = Safe::new(&SParams { players: 2 }).unwrap();
    let mut bot: MctsBot<Safe> = MctsBot::new(mcts(500), 1);
    let _ = choose(&mut bot, &game, Seat(0)).unwrap();
    // The host applies `open` without telling the bot: its tree is the start's.
    let mut opened = game.clone();
    opened.apply(SAction::Open);
    let action = choose(&mut bot, &opened, Seat(0)).unwrap();
    assert!(matches!(action, SAction::Dial(_)), "{action:?}");
    assert_eq!(bot.last_search().unwrap().reused_visits, 0);
}
