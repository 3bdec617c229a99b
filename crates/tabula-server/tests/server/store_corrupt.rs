//! A damaged database, on both back-ends (`common/backends.rs`): a match whose stored rows do
//! not fit together (a seat or a log entry missing, an unknown seat kind or actor, a token
//! hash or parameters that do not parse) is refused when loaded, with an error naming the
//! match and what is wrong, and the other matches of the database still load.

use crate::common;

use common::records::{entry, record};
use serde_json::json;
use tabula_core::Seat;
use tabula_server::StoreError;
use tabula_server::store::{LogActor, SeatKind};

/// Each damage: the SQL that does it to the match `{id}`, and what the refusal must say.
const DAMAGES: [(&str, &str); 10] = [
    (
        "DELETE FROM seats WHERE match_id = '{id}' AND seat = 1",
        "seat 1 is missing",
    ),
    (
        "DELETE FROM seats WHERE match_id = '{id}' AND seat = 2",
        "seat 2 is missing",
    ),
    (
        "UPDATE matches SET players = 1 WHERE id = '{id}'",
        "2 seats stored, 1 expected",
    ),
    (
        "UPDATE seats SET kind = 'alien' WHERE match_id = '{id}' AND seat = 2",
        "seat 2 has kind `alien`",
    ),
    (
        "UPDATE seats SET level = NULL WHERE match_id = '{id}' AND seat = 2",
        "seat 2 is a bot without a level",
    ),
    (
        "UPDATE seats SET token_hash = 'xyz' WHERE match_id = '{id}' AND seat = 1",
        "seat 1's token hash is not 64 hex digits",
    ),
    (
        "DELETE FROM events WHERE match_id = '{id}' AND ply = 1",
        "the log has no entry at ply 1",
    ),
    (
        "DELETE FROM events WHERE match_id = '{id}' AND ply = 0",
        "the log has no entry at ply 0",
    ),
    (
        "UPDATE events SET actor = 'nobody' WHERE match_id = '{id}' AND ply = 2",
        "ply 2: unknown actor `nobody`",
    ),
    (
        "UPDATE matches SET params = 'not json' WHERE id = '{id}'",
        "params are not JSON",
    ),
];

crate::both_backends! {
async fn a_match_whose_rows_do_not_fit_is_refused_by_name_and_the_others_still_load(db: TestDb) {
    let store = db.open().await;
    let ids: Vec<String> = (0..=DAMAGES.len()).map(|i| format!("m{i}")).collect();
    for id in &ids {
        let r = record(
            id,
            "toy-nim",
            json!({ "players": 2 }),
            vec![SeatKind::Human, SeatKind::Bot("random".into())],
        );
        store.create(&r).await.unwrap();
        let log = [
            entry(0, LogActor::Seat(Seat(0)), "take1", 5),
            entry(1, LogActor::Chance, "add1", 6),
            entry(2, LogActor::Seat(Seat(1)), "take2", 7),
        ];
        store.append(id, &log, false).await.unwrap();
    }
    // The last match is left as it was.
    for ((sql, reason), id) in DAMAGES.iter().zip(&ids) {
        db.execute(&sql.replace("{id}", id)).await;
        match store.load(id).await {
            Err(StoreError::Corrupt { id: named, reason: said }) => {
                assert_eq!(&named, id);
                assert!(said.contains(reason), "{id}: `{said}` does not say `{reason}`");
            }
            other => panic!("{id} after `{sql}`: {other:?}"),
        }
    }
    let intact = ids.last().unwrap();
    let loaded = store.load(intact).await.unwrap().unwrap();
    assert_eq!(loaded.log.len(), 3);
    assert_eq!(loaded.record.seats[1].kind, SeatKind::Bot("random".into()));
}
}
