//! A new match written into its rows, the same for SQLite and PostgreSQL: the `INSERT`s of
//! its record and of its seats are built by sqlx's `QueryBuilder`, which writes each
//! database's placeholders, so the columns and how each field is stored are written once
//! (reading them back is `rows.rs`).

use super::{MatchRecord, SeatKind};
use sqlx::{Database, Encode, QueryBuilder, Type};

/// `INSERT INTO matches … VALUES (…), …` for `records` (at least one); a store may push a
/// conflict clause after it.
pub(super) fn insert_matches<'a, DB>(records: &[&'a MatchRecord]) -> QueryBuilder<'a, DB>
where
    DB: Database,
    &'a str: Encode<'a, DB> + Type<DB>,
    Option<&'a str>: Encode<'a, DB> + Type<DB>,
    String: Encode<'a, DB> + Type<DB>,
    i64: Encode<'a, DB> + Type<DB>,
    bool: Encode<'a, DB> + Type<DB>,
{
    let mut query = QueryBuilder::new(
        "INSERT INTO matches (id, game, params, players, seed, setup, created_at, hints, \
         position) ",
    );
    query.push_values(records.iter().copied(), |mut row, r| {
        row.push_bind(r.id.as_str())
            .push_bind(r.game.as_str())
            .push_bind(r.params.to_string())
            .push_bind(r.players as i64)
            // Both databases' integers are signed 64-bit: the seed's bits are kept as they are.
            .push_bind(r.seed as i64)
            .push_bind(r.setup.as_str())
            .push_bind(r.created_at as i64)
            .push_bind(r.hints)
            .push_bind(r.position.as_deref());
    });
    query
}

/// `INSERT INTO seats … VALUES (…), (…)`: every seat of `records` (at least one) in one
/// statement, each match's seat 1 first.
pub(super) fn insert_seats<'a, DB>(records: &[&'a MatchRecord]) -> QueryBuilder<'a, DB>
where
    DB: Database,
    &'a str: Encode<'a, DB> + Type<DB>,
    Option<&'a str>: Encode<'a, DB> + Type<DB>,
    Option<String>: Encode<'a, DB> + Type<DB>,
    i64: Encode<'a, DB> + Type<DB>,
    bool: Encode<'a, DB> + Type<DB>,
{
    let mut query = QueryBuilder::new(
        "INSERT INTO seats (match_id, seat, kind, level, token_hash, open, joined) ",
    );
    let seats = records.iter().flat_map(|r| {
        r.seats
            .iter()
            .enumerate()
            .map(move |(i, seat)| (*r, i, seat))
    });
    query.push_values(seats, |mut row, (r, i, seat)| {
        let (kind, level) = match &seat.kind {
            SeatKind::Human => ("human", None),
            SeatKind::Bot(level) => ("bot", Some(level.as_str())),
        };
        row.push_bind(r.id.as_str())
            .push_bind(i as i64 + 1)
            .push_bind(kind)
            .push_bind(level)
            .push_bind(seat.token_hash.map(|h| h.to_hex()))
            .push_bind(seat.open)
            .push_bind(seat.joined);
    });
    query
}
