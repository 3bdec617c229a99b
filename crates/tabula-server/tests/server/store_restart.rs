//! Restarts, every test on both back-ends (`name::sqlite`, `name::postgres`; see
//! `common/backends.rs`): a new hub over the same database replays every unfinished match
//! (states equal), bots resume and the hourglass keeps its logged start, a log whose chance
//! entry differs from the generator is reported and not resumed, a finished match is
//! loaded when first asked for, and the match list shows the finished matches it showed
//! before the restart.

use crate::common;

use common::backends::TestDb;
use common::records::{entry, record};
use common::{TestServer, over};
use serde_json::json;
use std::sync::Arc;
use tabula_core::Seat;
use tabula_server::MatchStore;
use tabula_server::live::replay;
use tabula_server::store::{LogActor, SeatKind};

crate::both_backends! {
async fn a_new_hub_over_the_same_database_replays_every_unfinished_match(db: TestDb) {
    new_hub_replays(&db).await;
}

async fn bots_resume_and_the_hourglass_keeps_its_logged_start_after_a_restart(db: TestDb) {
    bots_resume(db.open().await).await;
}

async fn a_chance_entry_the_generator_does_not_draw_is_reported_and_not_resumed(db: TestDb) {
    forged_chance(db.open().await).await;
}

async fn a_finished_match_is_loaded_on_demand_after_a_restart(db: TestDb) {
    finished_on_demand(db.open().await).await;
}

async fn the_match_list_keeps_finished_matches_across_a_restart(db: TestDb) {
    list_after_restart(&db).await;
}
}

/// The ids `GET /api/matches` lists, in order.
async fn listed(server: &TestServer) -> Vec<String> {
    let (status, list) = server.get("/api/matches").await;
    assert_eq!(status, 200, "{list}");
    list["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap().to_string())
        .collect()
}

async fn list_after_restart(db: &TestDb) {
    let bots = json!({ "game": "toy-nim", "seats": [{ "bot": "random" }, { "bot": "random" }] });
    // Listed while unfinished: it has a lobby seat (a private match between people is not).
    let people =
        json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true, "open": true }] });
    let (finished, before) = {
        let server = TestServer::with_store(db.open().await);
        let mut finished = Vec::new();
        for body in [&bots, &people, &bots] {
            let m = server.create(body.clone()).await;
            if body == &bots {
                server.wait_for(&m.id, None, 10, over).await;
                finished.push(m.id);
            }
        }
        (finished, listed(&server).await)
    };
    assert_eq!(before.len(), 3, "{before:?}");
    let server = TestServer::with_store(db.open().await);
    let report = server.hub.restore().await.unwrap();
    assert!(report.failed.is_empty(), "{report:?}");
    let after = listed(&server).await;
    for id in &finished {
        assert!(
            after.contains(id),
            "finished match {id} is not listed: {after:?}"
        );
    }
    assert_eq!(after, before);
}

async fn new_hub_replays(db: &TestDb) {
    let (ids, states) = {
        let server = TestServer::with_store(db.open().await);
        let nim = server
            .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
            .await;
        let race = server
            .create(json!({ "game": "toy-race", "players": 3,
                "seats": [{ "human": true }, { "human": true }, { "human": true }] }))
            .await;
        assert_eq!(server.act(&nim.id, nim.token(1), "take2", 0).await.0, 200);
        assert_eq!(server.act(&nim.id, nim.token(2), "take1", 2).await.0, 200);
        assert_eq!(server.act(&race.id, race.token(3), "claim", 0).await.0, 200);
        assert_eq!(server.act(&race.id, race.token(3), "hit", 1).await.0, 200);
        let ids = [nim.id.clone(), race.id.clone()];
        let mut states = Vec::new();
        for id in &ids {
            states.push(server.state(id, None).await);
        }
        (ids, states)
    };
    let server = TestServer::with_store(db.open().await);
    let report = server.hub.restore().await.unwrap();
    assert_eq!(report.resumed, 2, "{report:?}");
    for (id, before) in ids.iter().zip(&states) {
        let after = server.state(id, None).await;
        assert_eq!(&after, before, "{id}");
    }
}

async fn bots_resume(store: Arc<dyn MatchStore>) {
    // A Nim match where the bot (seat 2) is to move.
    let nim = record(
        "0000000000a1",
        "toy-nim",
        json!({ "players": 2 }),
        vec![SeatKind::Human, SeatKind::Bot("random".into())],
    );
    store.create(&nim).await.unwrap();
    let mut log = vec![entry(0, LogActor::Seat(Seat(0)), "take1", 1)];
    let entry_nim = common::catalog().find("toy-nim").unwrap();
    let mut stored = store.load(&nim.id).await.unwrap().unwrap();
    stored.log = log.clone();
    // The generator's draw after take1, as the server would have logged it.
    let drawn = match replay(entry_nim, &stored) {
        Err(tabula_server::live::ReplayError::ChanceMissing { drawn, .. }) => drawn,
        other => panic!("{other:?}"),
    };
    log.push(entry(1, LogActor::Chance, &drawn, 1));
    store.append(&nim.id, &log, false).await.unwrap();
    // A race whose attempt began a second ago, with a 0.3 s hourglass: already run out.
    let started = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
        - 1000;
    let race = record(
        "0000000000b2",
        "toy-race",
        json!({ "players": 2, "hourglass_seconds": 0.3 }),
        vec![SeatKind::Human, SeatKind::Human],
    );
    store.create(&race).await.unwrap();
    store
        .append(
            &race.id,
            &[entry(0, LogActor::Seat(Seat(1)), "claim", started)],
            false,
        )
        .await
        .unwrap();

    let server = TestServer::with_store(store.clone());
    assert_eq!(server.hub.restore().await.unwrap().resumed, 2);
    let after = server
        .wait_for(&nim.id, None, 5, |s| s["ply"].as_u64() > Some(2))
        .await;
    assert_eq!(after["log"][2]["actor"], 2, "the bot moved: {after}");
    let timed_out = server.wait_for(&race.id, None, 5, |s| s["ply"] == 2).await;
    assert_eq!(timed_out["log"][1]["actor"], "host");
    let waited = timed_out["log"][1]["at"].as_u64().unwrap() - started;
    assert!(
        waited < 1500,
        "the hourglass restarted from scratch: {waited} ms"
    );
}

async fn forged_chance(store: Arc<dyn MatchStore>) {
    let r = record(
        "0000000000c3",
        "toy-nim",
        json!({ "players": 2 }),
        vec![SeatKind::Human, SeatKind::Human],
    );
    store.create(&r).await.unwrap();
    let mut stored = store.load(&r.id).await.unwrap().unwrap();
    stored.log = vec![entry(0, LogActor::Seat(Seat(0)), "take1", 1)];
    let drawn = match replay(common::catalog().find("toy-nim").unwrap(), &stored) {
        Err(tabula_server::live::ReplayError::ChanceMissing { drawn, .. }) => drawn,
        other => panic!("{other:?}"),
    };
    let forged = if drawn == "add0" { "add1" } else { "add0" };
    let log = [
        entry(0, LogActor::Seat(Seat(0)), "take1", 1),
        entry(1, LogActor::Chance, forged, 1),
    ];
    store.append(&r.id, &log, false).await.unwrap();
    let server = TestServer::with_store(store);
    let report = server.hub.restore().await.unwrap();
    assert_eq!(report.resumed, 0);
    assert_eq!(report.failed.len(), 1);
    assert!(
        report.failed[0]
            .1
            .contains(&format!("the log has `{forged}`")),
        "{report:?}"
    );
    let (status, e) = server.get(&format!("/api/matches/{}", r.id)).await;
    assert_eq!(status, 500);
    assert!(
        e["error"].as_str().unwrap().contains("generator draws"),
        "{e}"
    );
}

async fn finished_on_demand(store: Arc<dyn MatchStore>) {
    let id = {
        let server = TestServer::with_store(store.clone());
        let m = server
            .create(
                json!({ "game": "toy-nim", "seats": [{ "bot": "random" }, { "bot": "random" }] }),
            )
            .await;
        server.wait_for(&m.id, None, 10, over).await;
        m.id
    };
    let server = TestServer::with_store(store);
    assert_eq!(server.hub.restore().await.unwrap().resumed, 0);
    let state = server.state(&id, None).await;
    assert!(over(&state));
    let (_, record) = server.get(&format!("/api/matches/{id}/record")).await;
    common::replay_record(&record);
}
