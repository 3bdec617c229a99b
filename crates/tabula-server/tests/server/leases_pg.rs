//! PostgreSQL leases and lock order: an instance's renewal of its leases takes them in the
//! order of their ids, as an append that finishes matches deletes theirs, so that the two
//! never wait for each other in a cycle (PostgreSQL then fails one of them after its
//! deadlock timeout, a second: seen as p99 spikes and unrenewed leases under load).

use crate::common;

use common::backends::{Backend, TestDb};
use common::records::{entry, record};
use sqlx::{Connection, PgConnection};
use std::time::Duration;
use tabula_core::Seat;
use tabula_server::PgStore;
use tabula_server::store::{LogActor, MatchStore, SeatKind};

const TTL: Duration = Duration::from_secs(60);

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Opens a transaction on its own connection that locks the row `sql` selects.
async fn hold(location: &str, sql: &str) -> PgConnection {
    let mut conn = PgConnection::connect(location).await.unwrap();
    sqlx::query("BEGIN").execute(&mut conn).await.unwrap();
    sqlx::query(sql).execute(&mut conn).await.unwrap();
    conn
}

/// Waits until a statement of `database` starting with `prefix` waits for a lock.
async fn until_waiting(conn: &mut PgConnection, database: &str, prefix: &str) {
    for _ in 0..500 {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM pg_stat_activity
             WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE $2",
        )
        .bind(database)
        .bind(format!("{prefix}%"))
        .fetch_one(&mut *conn)
        .await
        .unwrap();
        if waiting > 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no `{prefix}…` statement came to wait for a lock within 10 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_renewal_takes_the_leases_in_the_order_of_their_ids_whatever_the_order_given() {
    let db = TestDb::new(Backend::Postgres, "leases").await;
    let database = db.location.rsplit('/').next().unwrap().to_string();
    let store = PgStore::open(&db.location).await.unwrap();
    let held = store
        .claim_leases("one", &ids(&["a0", "b0"]), TTL)
        .await
        .unwrap();
    assert_eq!(held.len(), 2);

    // Another transaction holds the first lease.
    let mut first = PgConnection::connect(&db.location).await.unwrap();
    sqlx::query("BEGIN").execute(&mut first).await.unwrap();
    sqlx::query("SELECT 1 FROM leases WHERE match_id = 'a0' FOR UPDATE")
        .execute(&mut first)
        .await
        .unwrap();

    // A renewal given the ids last first waits for that lease before taking the other.
    let renewing = {
        let store = store.clone();
        tokio::spawn(async move { store.claim_leases("one", &ids(&["b0", "a0"]), TTL).await })
    };
    let mut watch = PgConnection::connect(&db.location).await.unwrap();
    until_waiting(&mut watch, &database, "INSERT INTO leases").await;
    let second = sqlx::query("SELECT 1 FROM leases WHERE match_id = 'b0' FOR UPDATE NOWAIT")
        .execute(&mut watch)
        .await;
    assert!(
        second.is_ok(),
        "the renewal took the lease of b0 while it waited for a0's: {second:?}"
    );

    sqlx::query("COMMIT").execute(&mut first).await.unwrap();
    let mut renewed = renewing.await.unwrap().unwrap();
    renewed.sort();
    assert_eq!(renewed, ids(&["a0", "b0"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_append_that_finishes_matches_deletes_their_leases_in_the_order_of_their_ids() {
    let db = TestDb::new(Backend::Postgres, "leases").await;
    let database = db.location.rsplit('/').next().unwrap().to_string();
    let store = PgStore::open(&db.location).await.unwrap();
    for id in ["a1", "b1", "c1"] {
        let params = serde_json::json!({ "players": 2, "stones": 9 });
        let seats = vec![SeatKind::Human, SeatKind::Human];
        store
            .create(&record(id, "toy-nim", params, seats))
            .await
            .unwrap();
    }
    // b1's lease row comes first in the table.
    for id in ["b1", "a1"] {
        assert_eq!(
            store
                .claim_leases("one", &ids(&[id]), TTL)
                .await
                .unwrap()
                .len(),
            1
        );
    }
    let first = || vec![entry(0, LogActor::Seat(Seat(1)), "take1", 1)];

    // The writer's first batch waits for c1's row; a1's and b1's ending appends queue
    // behind it, and go together in the next batch.
    let mut blocker = hold(
        &db.location,
        "SELECT 1 FROM matches WHERE id = 'c1' FOR UPDATE",
    )
    .await;
    let mut watch = PgConnection::connect(&db.location).await.unwrap();
    let c1 = {
        let (store, log) = (store.clone(), first());
        tokio::spawn(async move { store.append("c1", &log, false).await })
    };
    until_waiting(&mut watch, &database, "SELECT id FROM matches").await;
    let ending: Vec<_> = ["a1", "b1"]
        .into_iter()
        .map(|id| {
            let (store, log) = (store.clone(), first());
            tokio::spawn(async move { store.append(id, &log, true).await })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut lease = hold(
        &db.location,
        "SELECT 1 FROM leases WHERE match_id = 'a1' FOR UPDATE",
    )
    .await;
    sqlx::query("COMMIT").execute(&mut blocker).await.unwrap();
    c1.await.unwrap().unwrap();

    // The batch waits for a1's lease before it takes b1's.
    until_waiting(&mut watch, &database, "DELETE FROM leases").await;
    let b1 = sqlx::query("SELECT 1 FROM leases WHERE match_id = 'b1' FOR UPDATE NOWAIT")
        .execute(&mut watch)
        .await;
    assert!(
        b1.is_ok(),
        "the append took b1's lease while it waited for a1's: {b1:?}"
    );

    sqlx::query("COMMIT").execute(&mut lease).await.unwrap();
    for append in ending {
        append.await.unwrap().unwrap();
    }
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM leases")
        .fetch_one(&mut watch)
        .await
        .unwrap();
    assert_eq!(left, 0, "the finished matches' leases are gone");
}
