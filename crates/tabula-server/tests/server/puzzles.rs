//! The puzzle trainer's API: the list and its filters, the daily puzzle, playing a line (right,
//! wrong, solved) without the solution given away, guests' and accounts' Glicko-2 ratings
//! (an account's on both stores, across a restart), refusals of bad input, a broken set
//! stopping the server as it starts, and a race judged by where its swaps arrive.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use common::browser::Browser;
use common::toys::{NIM_DESCRIPTION, ToyNim};
use serde_json::{Value, json};
use std::sync::Arc;
use tabula_ai::BotFactory;
use tabula_connect_four::ConnectFour;
use tabula_magical_circle::MagicalCircle;
use tabula_registry::{Entry, GameDescription, GameEntry};
use tabula_server::{
    Catalog, Hub, HubOptions, MatchStore, MemoryStore, Server, ServerConfig, StoreConfig, api,
};

/// The Connect Four puzzle whose line has a reply (`5`, reply, `2` or `6`).
const OPEN_THREE: &str = "connect-four-open-three";

/// Hand-checked Connect Four puzzles of the tests' own (the game's shipped set may change).
const C4_SET: &str = r#"{"game": "connect-four", "puzzles": [
    {"id": "connect-four-vertical", "position": "......./......./......./x....../x....../xooo... x",
     "seat": 1, "goal": "win", "solution": ["1"], "themes": ["win-in-1", "vertical"], "rating": 900},
    {"id": "connect-four-open-three", "position": "......./......./......./......./..oo.../..xx... x",
     "seat": 1, "goal": "win", "solution": ["5", "6", "2"],
     "accept": [["5", "2", "6"], ["2", "1", "5"], ["2", "5", "1"]],
     "themes": ["double-threat", "horizontal"], "rating": 1350},
    {"id": "connect-four-yellow-row", "position": "......./......./......./x....../x....../xooo..x o",
     "seat": 2, "goal": "win", "solution": ["5"], "themes": ["win-in-1", "horizontal"], "rating": 1000}]}"#;

static C4_DESCRIPTION: GameDescription = GameDescription {
    puzzles: Some(C4_SET),
    ..tabula_connect_four::DESCRIPTION
};

static C4: Entry<ConnectFour> = Entry::new(&C4_DESCRIPTION, BotFactory::new);

/// A server whose only game is Connect Four with the tests' puzzles, keeping its matches and
/// people in `store`.
fn server_on(store: Arc<dyn MatchStore>) -> TestServer {
    let games = tabula_registry::Catalog::new(vec![&C4 as &dyn GameEntry]).unwrap();
    let hub = Arc::new(Hub::new(Catalog::of(games), store, HubOptions::default()));
    TestServer {
        router: api::router(hub.clone()),
        hub,
    }
}

fn server() -> TestServer {
    server_on(Arc::new(MemoryStore::new()))
}

async fn play(server: &TestServer, id: &str, moves: &[&str]) -> (StatusCode, Value) {
    server
        .post(
            &format!("/api/puzzles/{id}/moves"),
            json!({ "moves": moves }),
        )
        .await
}

fn guest_rating() -> Value {
    json!({ "rating": 1500.0, "deviation": 350.0, "volatility": 0.06 })
}

#[tokio::test]
async fn the_list_filters_by_game_and_theme_and_orders_by_closeness_to_a_rating() {
    let server = server();
    let (status, all) = server.get("/api/puzzles?limit=100").await;
    assert_eq!(status, StatusCode::OK, "{all}");
    assert!(
        all["games"]
            .as_array()
            .unwrap()
            .contains(&json!("connect-four"))
    );
    let (_, c4) = server.get("/api/puzzles?game=connect-four").await;
    let total = c4["total"].as_u64().unwrap();
    assert!(total >= 1, "{c4}");
    for p in c4["puzzles"].as_array().unwrap() {
        assert_eq!(p["game"], "connect-four");
        assert!(
            p.get("solution").is_none() && p.get("position").is_none(),
            "{p}"
        );
    }
    let theme = c4["themes"][0].as_str().unwrap().to_string();
    let (_, themed) = server
        .get(&format!("/api/puzzles?game=connect-four&theme={theme}"))
        .await;
    let themed = themed["puzzles"].as_array().unwrap().clone();
    assert!(!themed.is_empty());
    assert!(
        themed
            .iter()
            .all(|p| p["themes"].as_array().unwrap().contains(&json!(theme)))
    );
    let (_, near) = server
        .get("/api/puzzles?game=connect-four&rating=1350")
        .await;
    let gaps: Vec<f64> = (near["puzzles"].as_array().unwrap().iter())
        .map(|p| (p["rating"].as_f64().unwrap() - 1350.0).abs())
        .collect();
    assert!(gaps.windows(2).all(|w| w[0] <= w[1]), "{gaps:?}");
    let (_, page) = server
        .get("/api/puzzles?game=connect-four&limit=1&offset=1")
        .await;
    assert_eq!(
        page["puzzles"].as_array().unwrap().len(),
        usize::from(total > 1)
    );
}

#[tokio::test]
async fn the_daily_puzzle_is_the_same_all_day_and_shows_no_solution() {
    let server = server();
    let (status, one) = server.get("/api/puzzles/daily").await;
    assert_eq!(status, StatusCode::OK, "{one}");
    let (_, two) = server.get("/api/puzzles/daily").await;
    assert_eq!(one["id"], two["id"]);
    assert_eq!(one["date"].as_str().unwrap().len(), 10, "{one}");
    assert!(!one.to_string().contains("solution"), "{one}");
    let (_, shown) = server
        .get(&format!("/api/puzzles/{}", one["id"].as_str().unwrap()))
        .await;
    assert_eq!(shown["view"], one["view"]);
}

#[tokio::test]
async fn a_puzzle_is_shown_without_its_line_and_solved_by_playing_it() {
    let server = server();
    let (status, shown) = server.get(&format!("/api/puzzles/{OPEN_THREE}")).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(
        (shown["you"].clone(), shown["ply"].clone()),
        (json!(1), json!(0))
    );
    assert_eq!(shown["puzzle"]["moves"], 2, "the solver moves twice");
    assert!(shown["legal"].as_array().unwrap().contains(&json!("5")));
    let text = shown.to_string();
    assert!(
        !text.contains("solution") && !text.contains("accept"),
        "{text}"
    );

    let (status, first) = play(&server, OPEN_THREE, &["5"]).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["result"], "right");
    let reply = first["reply"].as_str().unwrap().to_string();
    assert_eq!(first["state"]["ply"], 2);
    assert!(first.get("solution").is_none(), "{first}");
    // The open three wins on the side the reply left open.
    let win = if reply == "6" { "2" } else { "6" };
    let (_, done) = play(&server, OPEN_THREE, &["5", &reply, win]).await;
    assert_eq!(done["result"], "solved", "{done}");
    assert_eq!(done["state"]["status"]["over"], true);
    assert_eq!(done["solution"][0], "5");

    // The other winning first move is accepted too.
    let (_, other) = play(&server, OPEN_THREE, &["2"]).await;
    assert_eq!(other["result"], "right", "{other}");
}

#[tokio::test]
async fn a_wrong_move_fails_and_an_illegal_or_stray_line_is_refused() {
    let server = server();
    let (status, wrong) = play(&server, OPEN_THREE, &["7"]).await;
    assert_eq!(status, StatusCode::OK, "{wrong}");
    assert_eq!(wrong["result"], "wrong");
    assert!(
        wrong.get("solution").is_none() && wrong["reply"].is_null(),
        "{wrong}"
    );
    let (status, e) = play(&server, OPEN_THREE, &["9"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert!(
        e["error"].as_str().unwrap().starts_with("moves[0] (9)"),
        "{e}"
    );
    let (status, e) = play(&server, OPEN_THREE, &["7", "1", "2"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("do not follow"),
        "{e}"
    );
    let (status, e) = play(&server, OPEN_THREE, &["5", "6"]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
    let (status, e) = play(&server, OPEN_THREE, &[]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
}

#[tokio::test]
async fn bad_ids_bodies_and_queries_get_clear_errors() {
    let server = server();
    let (status, e) = server.get("/api/puzzles/no-such-puzzle").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        e["error"].as_str().unwrap().contains("no-such-puzzle"),
        "{e}"
    );
    let (status, _) = play(&server, "no-such-puzzle", &["1"]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let uri = format!("/api/puzzles/{OPEN_THREE}/moves");
    let (status, e) = server.raw("POST", &uri, b"{\"moves\": [".to_vec()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
    assert!(
        e["error"].as_str().unwrap().starts_with("malformed JSON"),
        "{e}"
    );
    let (status, _) = server.raw("POST", &uri, vec![b' '; 20_000]).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let (status, e) = server
        .post(&uri, json!({ "moves": ["5"], "extra": 1 }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
    for query in ["rating=high", "limit=0", "colour=red", "game=chess"] {
        let (status, e) = server.get(&format!("/api/puzzles?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {e}");
    }
    let result = format!("/api/puzzles/{OPEN_THREE}/result");
    let (status, e) = server.post(&result, json!({ "solved": false })).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "a guest sends its rating: {e}"
    );
    let bad = json!({ "solved": false, "rating": { "rating": 1500.0, "deviation": -1.0, "volatility": 0.06 } });
    let (status, e) = server.post(&result, bad).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        e["error"].as_str().unwrap().starts_with("rating.deviation"),
        "{e}"
    );
    let claimed = json!({ "solved": true, "moves": ["7"], "rating": guest_rating() });
    let (status, e) = server.post(&result, claimed).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "solved needs the solving moves: {e}"
    );
}

#[tokio::test]
async fn a_guest_rating_rises_on_a_solve_and_falls_on_a_failure() {
    let server = server();
    let result = format!("/api/puzzles/{OPEN_THREE}/result");
    let (_, won) = server
        .post(
            &result,
            json!({ "solved": true, "moves": ["5", "6", "2"], "rating": guest_rating() }),
        )
        .await;
    assert_eq!(won["account"], false, "{won}");
    assert!(won["change"].as_f64().unwrap() > 0.0, "{won}");
    assert!(won["rating"]["deviation"].as_f64().unwrap() < 350.0);
    let (_, lost) = server
        .post(
            &result,
            json!({ "solved": false, "rating": guest_rating() }),
        )
        .await;
    assert!(lost["change"].as_f64().unwrap() < 0.0, "{lost}");
}

crate::both_backends! {
    async fn an_account_puzzle_rating_is_stored_rated_once_per_puzzle_and_kept_across_a_restart(db: TestDb) {
        let server = server_on(db.open().await);
        let mut ada = Browser::default();
        let (status, body) = ada
            .post(&server, "/api/account", json!({ "name": "Ada", "password": "a long password" }))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (_, fresh) = ada.get(&server, "/api/puzzles/rating").await;
        assert_eq!((fresh["account"].clone(), fresh["rating"]["rating"].clone()), (json!(true), json!(1500.0)));
        let result = format!("/api/puzzles/{OPEN_THREE}/result");
        // The account's rating is the server's: a rating in the body is ignored.
        let body = json!({ "solved": true, "moves": ["5", "6", "2"], "rating": { "rating": 3000.0, "deviation": 30.0, "volatility": 0.06 } });
        let (status, first) = ada.post(&server, &result, body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{first}");
        assert_eq!((first["account"].clone(), first["rated"].clone()), (json!(true), json!(true)));
        assert_eq!(first["before"]["rating"], 1500.0);
        let after = first["rating"].clone();
        assert!(after["rating"].as_f64().unwrap() > 1500.0, "{first}");
        let (_, again) = ada.post(&server, &result, body).await;
        assert_eq!(again["rated"], false, "a puzzle is rated once: {again}");
        assert_eq!(again["rating"], after);

        let restarted = server_on(db.open().await);
        let (_, kept) = ada.get(&restarted, "/api/puzzles/rating").await;
        assert_eq!(kept["rating"], after, "{kept}");
        assert_eq!(kept["attempts"], 1);
        let (_, guest) = Browser::default().get(&restarted, "/api/puzzles/rating").await;
        assert_eq!(guest, json!({ "account": false }));
    }
}

/// A toy-nim set whose line takes more stones than the rules allow.
const BROKEN_SET: &str = r#"{"game": "toy-nim", "puzzles": [{"id": "nim-greedy", "position": "9 1 0",
    "seat": 1, "goal": "win", "solution": ["take5"], "rating": 1000}]}"#;

static BROKEN_DESCRIPTION: GameDescription = GameDescription {
    puzzles: Some(BROKEN_SET),
    ..NIM_DESCRIPTION
};

static BROKEN: Entry<ToyNim> = Entry::new(&BROKEN_DESCRIPTION, BotFactory::new);

#[tokio::test]
async fn a_broken_puzzle_set_stops_the_server_as_it_starts_naming_the_game_and_the_puzzle() {
    let games = tabula_registry::Catalog::new(vec![&BROKEN as &dyn GameEntry]).unwrap();
    let config = ServerConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        store: StoreConfig::Memory,
        hub: HubOptions::default(),
    };
    let Err(e) = Server::start(config, Catalog::of(games)).await else {
        panic!("a server started with a broken puzzle set");
    };
    let text = e.to_string();
    assert!(
        text.contains("toy-nim") && text.contains("puzzle nim-greedy") && text.contains("take5"),
        "{text}"
    );
}

/// A Magical Circle race: win the card `ADFLWE` from `EDFALW` with a swap card of 3 (three
/// swaps). The set lists one way only; sixteen orders of swaps get there.
const RACE_SET: &str = r#"{"game": "magical-circle", "puzzles": [
    {"id": "magical-circle-race", "params": {"players": 2},
     "position": "arr=EDFALW phase=race revealed=ADFLWE,WALFED,DLFAWE seats=1234:-:-/1234:-:- excluded=- voted=- first=1 discard=- under=-",
     "seat": 1, "goal": "fewest-moves", "solution": ["claim", "play:3", "swap:14", "swap:45", "swap:56"],
     "themes": ["fewest-moves"], "rating": 1200}]}"#;

static RACE_DESCRIPTION: GameDescription = GameDescription {
    puzzles: Some(RACE_SET),
    ..tabula_magical_circle::DESCRIPTION
};

static RACE: Entry<MagicalCircle> = Entry::new(&RACE_DESCRIPTION, BotFactory::new);

#[tokio::test]
async fn a_race_is_judged_whole_and_any_swaps_that_arrive_where_the_line_does_solve_it() {
    let games = tabula_registry::Catalog::new(vec![&RACE as &dyn GameEntry]).unwrap();
    let hub = Arc::new(Hub::new(
        Catalog::of(games),
        Arc::new(MemoryStore::new()),
        HubOptions::default(),
    ));
    let server = TestServer {
        router: api::router(hub.clone()),
        hub,
    };
    let id = "magical-circle-race";
    let line = |swaps: [&'static str; 3]| {
        let mut l = vec!["claim", "play:3"];
        l.extend(swaps);
        l
    };
    let (_, listed) = play(&server, id, &line(["swap:14", "swap:45", "swap:56"])).await;
    assert_eq!(listed["result"], "solved", "{listed}");
    // Another order of swaps, not in the set, to the same card.
    let other = line(["swap:14", "swap:46", "swap:45"]);
    for k in 3..other.len() {
        let (_, so_far) = play(&server, id, &other[..k]).await;
        assert_eq!(
            so_far["result"], "right",
            "a race goes on until its length: {so_far}"
        );
    }
    let (_, done) = play(&server, id, &other).await;
    assert_eq!(done["result"], "solved", "{done}");
    // Three swaps that win no card.
    let (_, missed) = play(&server, id, &line(["swap:45", "swap:14", "swap:56"])).await;
    assert_eq!(missed["result"], "wrong", "{missed}");
    let (status, long) = play(
        &server,
        id,
        &[
            "claim", "play:3", "swap:45", "swap:14", "swap:56", "swap:12",
        ],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no longer than the line: {long}"
    );
}
