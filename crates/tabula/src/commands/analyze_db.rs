//! `tabula analyze <game> --from-db DB`: the opening table of the server's finished matches
//! between people (every seat a person), read from its store — a SQLite file or a
//! `postgres://` URL, as `tabula serve --db` takes it. Each match is replayed by the
//! server's own replay (a log that does not replay is counted and left out); its moves are
//! the log's moves after takebacks (table events left out), its result the game's, or the
//! table's (a resignation or a timeout loses, an accepted draw is a draw).

use anyhow::{Context, Result, bail};
use serde_json::json;
use std::path::Path;
use tabula_ai::analysis::openings::{OPENING_PLIES, OPENING_ROWS, Openings, openings};
use tabula_ai::stats::GameRecord;
use tabula_core::{EndReason, ToAct};
use tabula_registry::GameEntry;
use tabula_server::store::{MatchStore, SeatKind, StoredMatch};
use tabula_server::{StoreConfig, open_store};

/// The most finished matches read.
pub const MAX_MATCHES: usize = 1_000_000;

/// What the store gave: the games read, and the matches left out and why.
#[derive(Debug, Default)]
pub struct FromDb {
    pub records: Vec<GameRecord>,
    /// Finished matches of the game and table size with a bot in a seat.
    pub with_bots: usize,
    /// Finished matches of the game and table size whose log did not replay or end.
    pub unreadable: usize,
}

/// The ranks (1 = first) of a match's log, from the game's end or the table's.
fn ranks(entry: &dyn GameEntry, stored: &StoredMatch) -> Option<(Vec<u8>, EndReason)> {
    let replayed = tabula_server::live::replay(entry, stored).ok()?;
    if let ToAct::Over(outcome) = replayed.game.to_act() {
        return Some((outcome.ranks().to_vec(), outcome.reason));
    }
    let players = stored.record.players;
    let mut offer = false;
    for e in &stored.log {
        let seat = match e.actor {
            tabula_server::store::LogActor::Seat(s) => s.index(),
            _ => continue,
        };
        match e.action.as_str() {
            "~resign" | "~timeout" => {
                let ranks = (0..players).map(|i| if i == seat { 2 } else { 1 });
                return Some((ranks.collect(), EndReason::Win));
            }
            "~draw" => offer = true,
            "~decline" => offer = false,
            "~accept" if offer => return Some((vec![1; players], EndReason::Draw)),
            _ => {}
        }
    }
    None
}

/// The moves of a log: every move (a seat's, chance's, the host's) as the server logged
/// it, takebacks applied.
fn moves(stored: &StoredMatch) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for e in &stored.log {
        if let Some(keep) = e.action.strip_prefix("~takeback ") {
            out.truncate(keep.trim().parse().unwrap_or(out.len()));
        } else if !e.action.starts_with('~') {
            out.push(e.action.clone());
        }
    }
    out
}

/// Reads the finished matches of `entry`'s game with `players` seats from `store`.
pub async fn read_store(
    store: &dyn MatchStore,
    entry: &dyn GameEntry,
    players: usize,
) -> Result<FromDb> {
    let ids = store
        .finished_newest(MAX_MATCHES)
        .await
        .context("cannot list the finished matches")?;
    let mut out = FromDb::default();
    for id in ids.iter().rev() {
        let Some(stored) = store
            .load(id)
            .await
            .with_context(|| format!("cannot read match {id}"))?
        else {
            continue;
        };
        let r = &stored.record;
        if r.game != entry.info().description.name || r.players != players || !stored.finished {
            continue;
        }
        if r.seats.iter().any(|s| s.kind != SeatKind::Human) {
            out.with_bots += 1;
            continue;
        }
        let Some((ranks, reason)) = ranks(entry, &stored) else {
            out.unreadable += 1;
            continue;
        };
        let moves = moves(&stored);
        out.records.push(GameRecord {
            index: out.records.len(),
            seed: r.seed,
            bots_by_seat: Vec::new(),
            ranks,
            scores: None,
            reason: Some(reason),
            plies: moves.len() as u64,
            turns: moves.len() as u64,
            setup_plies: 0,
            repeated: 0,
            choices: Vec::new(),
            evals: Vec::new(),
            positions: Vec::new(),
            clarity: None,
            spaces: Vec::new(),
            opening: Vec::new(),
            start: String::new(),
            moves,
            move_ms: Vec::new(),
        });
    }
    Ok(out)
}

/// The opening table of the store `db` (a SQLite file, which must exist, or a PostgreSQL
/// URL).
pub fn from_db(db: &str, entry: &dyn GameEntry, players: usize) -> Result<FromDb> {
    let config = StoreConfig::from_db(db);
    if let StoreConfig::Sqlite(path) = &config
        && !Path::new(path).is_file()
    {
        bail!("--from-db {db}: no such database file");
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the database client")?;
    runtime.block_on(async {
        let store = open_store(&config)
            .await
            .with_context(|| format!("--from-db {db}: cannot open the database"))?;
        read_store(store.as_ref(), entry, players).await
    })
}

/// `tabula analyze <game> --from-db DB [--players N] [--json]`.
pub fn run(entry: &dyn GameEntry, db: &str, players: Option<usize>, json: bool) -> Result<()> {
    let players = players.unwrap_or(entry.info().description.default_players);
    let read = from_db(db, entry, players)?;
    print(entry, players, &read, json)
}

/// `tabula analyze --from-db`: the table per seat as text, or JSON.
pub fn print(entry: &dyn GameEntry, players: usize, read: &FromDb, json: bool) -> Result<()> {
    let table: Option<Openings> = openings(&read.records, players, OPENING_PLIES, OPENING_ROWS);
    let name = entry.info().description.name;
    if json {
        let v = json!({
            "game": name,
            "players": players,
            "source": "matches between people",
            "matches": read.records.len(),
            "left_out_with_bots": read.with_bots,
            "left_out_unreadable": read.unreadable,
            "openings": table,
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    println!(
        "{name}: {} finished matches between people, {players} seats ({} with a bot and {} \
         that do not replay left out)",
        read.records.len(),
        read.with_bots,
        read.unreadable
    );
    match &table {
        None => println!("\nNo match has {OPENING_PLIES} moves: no opening table."),
        Some(o) => {
            println!(
                "\nOPENINGS (first {} moves; {} games, {} lines; the {} most played)",
                o.plies,
                o.games,
                o.lines,
                o.rows.len()
            );
            for seat in 0..players {
                println!("\nSeat {} wins", seat + 1);
                for line in o.seat_table(seat) {
                    println!("{line}");
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "analyze_db_tests.rs"]
mod tests;
