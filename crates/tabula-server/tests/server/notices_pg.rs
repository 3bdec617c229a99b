//! PostgreSQL notifications between instances: an append's notification, delivered once its
//! transaction committed, carries the entries appended (so that an instance following the
//! match need not read them), and a notification too long to carry them still names the
//! log's new length.

use crate::common;

use common::backends::{Backend, TestDb};
use common::records::{entry, record};
use std::time::Duration;
use tabula_core::Seat;
use tabula_server::store::{LogActor, Notice, PgNotices, SeatKind};

/// The next notice about an append (creations are notified too), at most 10 s away.
async fn next_append(notices: &mut PgNotices) -> Notice {
    loop {
        let notice = tokio::time::timeout(Duration::from_secs(10), notices.next())
            .await
            .expect("a notice within 10 s");
        if matches!(notice, Notice::Appended { .. }) {
            return notice;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_append_notice_carries_the_committed_entries_or_only_the_length_when_too_long() {
    let db = TestDb::new(Backend::Postgres, "notices").await;
    let store = db.open().await;
    let mut notices = PgNotices::connect(&db.location).await.unwrap();
    let m = record(
        "n0t1ce",
        "toy-nim",
        serde_json::json!({ "players": 2, "stones": 9 }),
        vec![SeatKind::Human, SeatKind::Human],
    );
    store.create(&m).await.unwrap();
    let first = vec![
        entry(0, LogActor::Seat(Seat(1)), "take2", 10),
        entry(1, LogActor::Seat(Seat(2)), "take 1 \"quoted\"", 11),
    ];
    store.append(&m.id, &first, false).await.unwrap();
    assert_eq!(
        next_append(&mut notices).await,
        Notice::Appended {
            id: m.id.clone(),
            next_ply: 2,
            entries: first,
        }
    );
    let long = vec![entry(2, LogActor::Host, &"x".repeat(9_000), 12)];
    store.append(&m.id, &long, false).await.unwrap();
    assert_eq!(
        next_append(&mut notices).await,
        Notice::Appended {
            id: m.id.clone(),
            next_ply: 3,
            entries: Vec::new(),
        }
    );
    // What was carried is what is stored.
    let log = store.log_since(&m.id, 0).await.unwrap();
    assert_eq!(log.len(), 3);
    assert_eq!(log[1].action, "take 1 \"quoted\"");
}
