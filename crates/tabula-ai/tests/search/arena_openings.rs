//! Random openings in matches (`MatchConfig::opening_plies`): every game starts that many
//! legal random plies in, the games that share an opening play it in every seating, the
//! openings vary from group to group, and an opening count no game survives is refused.

use std::collections::HashSet;
use tabula_ai::arena::MatchConfig;
use tabula_ai::arena::opening::games_per_opening;
use tabula_ai::{AiError, BotFactory, BotSpec, MatchReport, run_match_specs};
use tabula_connect_four::ConnectFour;
use tabula_core::{Actor, Notation, Seat, ToAct};

fn run<G: Notation>(
    factory: BotFactory<G>,
    params: &G::Params,
    specs: &str,
    games: usize,
    threads: usize,
    opening_plies: u32,
    seed: u64,
) -> Result<MatchReport, AiError> {
    let specs = BotSpec::parse_list(specs).unwrap();
    let config = MatchConfig {
        games,
        threads,
        seed,
        opening_plies,
        ..MatchConfig::default()
    };
    run_match_specs(params, &specs, &factory, &config, &|_, _| {})
}

fn c4() -> BotFactory<ConnectFour> {
    BotFactory::new().with_alphabeta()
}

/// Replays an opening from the start: every action legal for the seat (or chance) to act,
/// and the game still running after it. Returns the number of seat actions.
fn replay<G: Notation>(params: &G::Params, opening: &[String]) -> u64 {
    let mut game = G::new(params).unwrap();
    let mut seat_plies = 0;
    for written in opening {
        let mut text = written.as_str();
        let actor = match game.to_act() {
            ToAct::Chance => Actor::Chance,
            ToAct::One(seat) => Actor::Seat(seat),
            // A race's action carries its seat: `N:action`.
            ToAct::Several(_) => {
                let (n, action) = written.split_once(':').unwrap();
                text = action;
                Actor::Seat(Seat::from_number(n.parse().unwrap()).unwrap())
            }
            ToAct::Over(_) => panic!("the game ended inside the opening {opening:?}"),
        };
        seat_plies += u64::from(matches!(actor, Actor::Seat(_)));
        let action = game.parse_action(actor, text).unwrap();
        game.validate(actor, action).unwrap();
        game.apply(action);
    }
    assert!(!game.is_over(), "the opening {opening:?} ends the game");
    seat_plies
}

/// Checks the openings of `report`: `plies` seat actions each, shared by the games of a group
/// (which sit in every arrangement), different from group to group.
fn check_openings<G: Notation>(params: &G::Params, report: &MatchReport, plies: u32) {
    let group = games_per_opening(report.seats);
    let mut openings = HashSet::new();
    for games in report.records.chunks(group) {
        let first = &games[0].opening;
        assert_eq!(replay::<G>(params, first), u64::from(plies), "{first:?}");
        let arrangements: HashSet<&Vec<usize>> = games.iter().map(|r| &r.bots_by_seat).collect();
        assert_eq!(arrangements.len(), games.len(), "every seating once");
        for r in games {
            assert_eq!(
                &r.opening, first,
                "game {} shares its group's opening",
                r.index
            );
            assert!(
                r.plies > u64::from(plies),
                "game {}: {} plies",
                r.index,
                r.plies
            );
        }
        openings.insert(first.clone());
    }
    let groups = report.records.len().div_ceil(group);
    assert!(
        openings.len() + 1 >= groups,
        "{} different openings in {groups} groups",
        openings.len()
    );
}

#[test]
fn connect_four_games_share_each_opening_in_pairs_with_the_seats_swapped() {
    let params = tabula_connect_four::Params::default();
    let r = run(c4(), &params, "alphabeta:depth=2,random", 16, 2, 4, 9).unwrap();
    assert_eq!(r.opening_plies, 4);
    assert_eq!(games_per_opening(2), 2);
    for r in &r.records {
        assert_eq!(r.opening.len(), 4);
    }
    check_openings::<ConnectFour>(&params, &r, 4);
    let table = r.table();
    assert!(
        table.contains("openings: 4 random plies, each played in every seating (2 games)"),
        "{table}"
    );
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["opening_plies"], 4);
    assert_eq!(json["records"][0]["opening"].as_array().unwrap().len(), 4);
}

#[test]
fn without_opening_plies_every_game_starts_from_the_start() {
    let params = tabula_connect_four::Params::default();
    let r = run(c4(), &params, "random,random", 4, 1, 0, 9).unwrap();
    assert_eq!(r.opening_plies, 0);
    assert!(r.records.iter().all(|g| g.opening.is_empty()));
    assert!(!r.table().contains("openings:"));
    let json = serde_json::to_value(&r).unwrap();
    assert!(json["records"][0].get("opening").is_none());
}

#[test]
fn openings_do_not_depend_on_the_thread_count_and_vary_with_the_seed() {
    let params = tabula_connect_four::Params::default();
    let one = run(c4(), &params, "random,alphabeta:depth=1", 8, 1, 6, 9).unwrap();
    let two = run(c4(), &params, "random,alphabeta:depth=1", 8, 2, 6, 9).unwrap();
    assert_eq!(one.records, two.records);
    let other = run(c4(), &params, "random,alphabeta:depth=1", 8, 1, 6, 10).unwrap();
    let openings = |r: &MatchReport| -> Vec<Vec<String>> {
        r.records.iter().map(|g| g.opening.clone()).collect()
    };
    assert_ne!(openings(&one), openings(&other));
}

#[test]
fn with_three_players_six_games_in_a_row_share_an_opening() {
    let params = tabula_toumai::Params {
        players: 3,
        ..tabula_toumai::Params::default()
    };
    let r = run(
        BotFactory::<tabula_toumai::Toumai>::new(),
        &params,
        "random,random,random",
        12,
        2,
        5,
        9,
    )
    .unwrap();
    assert_eq!(games_per_opening(3), 6);
    check_openings::<tabula_toumai::Toumai>(&params, &r, 5);
    assert_ne!(r.records[0].opening, r.records[6].opening);
    // Each bot sits in every seat of each opening twice.
    for games in r.records.chunks(6) {
        for bot in 0..3 {
            let mut seats = [0; 3];
            for g in games {
                seats[g.bots_by_seat.iter().position(|&b| b == bot).unwrap()] += 1;
            }
            assert_eq!(seats, [2, 2, 2], "bot {bot}");
        }
    }
}

#[test]
fn an_opening_no_game_survives_is_refused_with_the_reason() {
    // 42 plies fill the Connect Four board: no game is still running after them.
    let params = tabula_connect_four::Params::default();
    let err = run(c4(), &params, "random,random", 2, 1, 42, 9).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("no opening of 42 random plies") && text.contains("fewer opening plies"),
        "{text}"
    );
}
