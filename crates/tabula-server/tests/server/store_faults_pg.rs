//! The PostgreSQL store under a fault of the database: one that stops taking connections
//! (its connections cut, `ALLOW_CONNECTIONS false`) answers 503 with a reason and stores
//! nothing, reads of the matches in memory go on, and once it takes connections again the
//! same action is acknowledged without a restart.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use common::backends::{Backend, TestDb};
use serde_json::json;
use sqlx::{Connection, PgConnection};

async fn admin(sql: &str) {
    let mut conn = PgConnection::connect(&common::backends::pg_server_url())
        .await
        .unwrap();
    sqlx::query(sql).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_goes_away_answers_503_and_the_store_recovers_by_itself() {
    let db = TestDb::new(Backend::Postgres, "gone").await;
    let name = db.location.rsplit('/').next().unwrap().to_string();
    let store = db.open().await;
    let server = TestServer::with_store(store.clone());
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await;
    assert_eq!(server.act(&m.id, m.token(1), "take1", 0).await.0, 200);
    let ply = server.state(&m.id, None).await["ply"].as_u64().unwrap();
    let seat = server.state(&m.id, None).await["status"]["to_act"][0]
        .as_u64()
        .unwrap() as usize;

    admin(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false")).await;
    admin(&format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = '{name}' AND pid <> pg_backend_pid()"
    ))
    .await;
    let (status, answer) = server.act(&m.id, m.token(seat), "take1", ply).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("unavailable"),
        "{answer}"
    );
    // Reads go on; nothing changed.
    let shown = server.state(&m.id, None).await;
    assert_eq!(shown["ply"].as_u64(), Some(ply));

    admin(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true")).await;
    let (status, answer) = server.act(&m.id, m.token(seat), "take1", ply).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let stored = store.load(&m.id).await.unwrap().unwrap();
    assert!(stored.log.len() as u64 > ply, "the action is stored");
    assert_eq!(stored.log[ply as usize].action, "take1");
}
