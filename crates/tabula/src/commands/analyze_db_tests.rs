//! `--from-db` on a SQLite store written through the server's store API: matches between
//! people make the table (a resignation counts), bot and unfinished matches are left out,
//! and a missing file is refused without being created.

use super::*;
use crate::find;
use serde_json::Value;
use tabula_core::{Actor, Seat, rng_from_seed};
use tabula_registry::Setup;
use tabula_server::SqliteStore;
use tabula_server::store::{LogActor, LogEntry, MatchRecord, SeatRecord};

fn seat(kind: SeatKind) -> SeatRecord {
    SeatRecord {
        kind,
        token_hash: None,
        open: false,
        joined: true,
    }
}

/// Stores match `id` of Connect Four with `log` (seat number, action) alternating from seat 1.
async fn store_match(store: &SqliteStore, id: &str, bot: bool, log: &[(u8, &str)], done: bool) {
    let record = MatchRecord {
        id: id.into(),
        game: "connect-four".into(),
        params: serde_json::json!({"players": 2}),
        players: 2,
        seed: 5,
        setup: "placement".into(),
        created_at: 1,
        seats: vec![
            seat(SeatKind::Human),
            seat(if bot {
                SeatKind::Bot("casual".into())
            } else {
                SeatKind::Human
            }),
        ],
        hints: false,
        position: None,
    };
    store.create(&record).await.unwrap();
    let entries: Vec<LogEntry> = log
        .iter()
        .enumerate()
        .map(|(i, (s, a))| LogEntry {
            ply: i as u64,
            actor: LogActor::Seat(Seat::from_number(*s as usize).unwrap()),
            action: a.to_string(),
            at: 2 + i as u64,
        })
        .collect();
    store.append(id, &entries, done).await.unwrap();
}

#[test]
fn the_table_is_built_from_finished_matches_between_people() {
    let entry = find("connect-four").unwrap();
    let start = entry
        .new_game(
            &serde_json::json!({"players": 2}),
            Setup::Placement,
            &mut rng_from_seed(5),
        )
        .unwrap();
    let legal = start.legal(Actor::Seat(Seat::from_number(1).unwrap()));
    let (a, z) = (legal[0].as_str(), legal[legal.len() - 1].as_str());
    // Seat 1 fills column `a` while seat 2 plays `z`: four in a column at ply 7.
    let win: Vec<(u8, &str)> = (0..7)
        .map(|i| if i % 2 == 0 { (1, a) } else { (2, z) })
        .collect();
    let resigned = [(1, z), (2, a), (1, "~resign")];
    let dir = std::env::temp_dir().join(format!("tabula-from-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("server.db");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let store = SqliteStore::open(&path).await.unwrap();
        store_match(&store, "m1", false, &win, true).await;
        store_match(&store, "m2", false, &win, true).await;
        store_match(&store, "m3", false, &resigned, true).await;
        store_match(&store, "bot", true, &win, true).await;
        store_match(&store, "open", false, &win[..3], false).await;
    });
    let read = from_db(path.to_str().unwrap(), entry, 2).unwrap();
    assert_eq!(
        (read.records.len(), read.with_bots, read.unreadable),
        (3, 1, 0)
    );
    let o = openings(&read.records, 2, OPENING_PLIES, OPENING_ROWS).unwrap();
    assert_eq!(o.games, 3);
    assert_eq!(o.rows[0].moves, [a, z]);
    assert_eq!((o.rows[0].games, o.rows[0].wins.clone()), (2, vec![2, 0]));
    assert_eq!(o.rows[1].moves, [z, a]);
    assert_eq!(o.rows[1].wins, [0, 1]);
    // The resignation is not a move.
    assert!(
        read.records
            .iter()
            .all(|r| !r.moves.iter().any(|m| m.starts_with('~')))
    );
    let json: Value = serde_json::to_value(&o).unwrap();
    assert_eq!(json["rows"][0]["games"], 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_database_file_is_refused_and_not_created() {
    let path = std::env::temp_dir().join(format!("tabula-no-db-{}.db", std::process::id()));
    let entry = find("connect-four").unwrap();
    let err = format!(
        "{:#}",
        from_db(path.to_str().unwrap(), entry, 2).unwrap_err()
    );
    assert!(err.contains("no such database file"), "{err}");
    assert!(!path.exists());
}
