//! `GET /api/matches/{id}/record.txt`: a finished match as a text file that `tabula engine`
//! reads back: `#` comment lines (the game, its parameters, the seats, the result, and the
//! command that replays it), then one `position <start> moves …` line with every move of the
//! match, chance outcomes and the host's actions included, each written as the engine reads
//! it (`N:action` where several seats could act). Only a finished match is exported: its
//! hidden cards and draws are anyone's to see then.

use super::AppState;
use crate::ApiError;
use crate::live::{game_params, replay_start};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use serde_json::Value;
use tabula_core::{Seat, write_move};

/// The record of match `id` as text (`text/plain`, offered as a file to save).
pub(crate) async fn record_text(
    State(hub): State<AppState>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, ApiError> {
    let handle = hub.get(&id).await?;
    let shared = &handle.shared;
    let snap = handle.current();
    if !snap.over() {
        return Err(ApiError::conflict(format!(
            "match `{id}` is not over: a record is exported once the match has ended"
        )));
    }
    let record = &shared.record;
    let entry = hub
        .catalog()
        .find(&record.game)
        .map_err(ApiError::from_registry)?;
    let broken = |what: String| ApiError::internal(format!("match {id} does not replay: {what}"));
    let (mut game, _) = replay_start(entry, record).map_err(|e| broken(e.to_string()))?;
    let start = game.position();
    let mut moves = Vec::with_capacity(snap.moves.len());
    for (i, e) in snap.moves.iter().enumerate() {
        let actor = e.actor.to_core();
        moves.push(write_move(&game.to_act(), actor, &e.action));
        game.apply(actor, &e.action)
            .map_err(|err| broken(format!("ply {i}: {err}")))?;
    }
    let info = entry.info();
    let params = game_params(&record.params);
    let mut text = format!(
        "# Tabula match record: {} ({} players), match {}\n",
        info.title,
        game.num_seats(),
        record.id
    );
    let seats: Vec<String> = (0..game.num_seats())
        .map(|i| {
            let seat = Seat(i as u8);
            format!("{} {}", seat.number(), game.seat_name(seat))
        })
        .collect();
    text.push_str(&format!("# Seats: {}\n", seats.join(", ")));
    text.push_str(&format!("# Result: {}\n", result_line(&snap)));
    text.push_str(&format!("# Params: {params}\n"));
    text.push_str(&format!(
        "# Replay: tabula engine {}{} < this-file\n",
        record.game,
        engine_options(&params, game.num_seats())
    ));
    text.push_str(&format!("position {start}"));
    if !moves.is_empty() {
        text.push_str(&format!(" moves {}", moves.join(" ")));
    }
    text.push('\n');
    let file = format!("attachment; filename=\"{}-{}.txt\"", record.game, record.id);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, file),
        ],
        text,
    ))
}

/// How the match ended: its result as the match shows it (the table's ending, a
/// resignation, a draw agreed or a flag, or else the game's): the reason, the winners and a
/// rank per seat.
fn result_line(snap: &crate::live::Snapshot) -> String {
    let status = crate::view::status(snap);
    let result = &status["result"];
    let list = |v: &Value| {
        v.as_array()
            .map(|a| a.iter().map(Value::to_string).collect::<Vec<_>>().join(" "))
            .unwrap_or_default()
    };
    format!(
        "{}; winners {}; ranks {}",
        result["reason"].as_str().unwrap_or("over"),
        list(&result["winners"]),
        list(&result["ranks"])
    )
}

/// `tabula engine`'s options that make the match's game: `--players N` and one `--param
/// key=value` per other parameter.
fn engine_options(params: &Value, players: usize) -> String {
    let mut out = format!(" --players {players}");
    if let Value::Object(map) = params {
        for (key, value) in map.iter().filter(|(k, _)| k.as_str() != "players") {
            let value = match value {
                Value::String(s) => s.clone(),
                v => v.to_string(),
            };
            out.push_str(&format!(" --param '{key}={value}'"));
        }
    }
    out
}
