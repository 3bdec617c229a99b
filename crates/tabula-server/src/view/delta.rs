//! What a WebSocket pushes after a change (`api/ws.rs`, docs/api.md "WebSocket"): the fields
//! of the state that changed since the socket's last push, and of the log only the moves the
//! client does not hold. Written straight into its JSON text (no `Value` tree for the parts
//! this module owns), since every move pushes one to every socket of the match; the parts
//! alike for every viewer (the status, and the view in a game without hidden information)
//! are written once per snapshot, by the first socket that pushes it.

use super::{
    EntryOut, TableOut, clocks_json, hourglass_json, legal, reveal, seats_json, status_out,
    table_out,
};
use crate::live::{MatchShared, Moves, Snapshot};
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;
use tabula_core::Seat;

/// Log entries as the API shows them: the moves from `from` on.
struct EntriesOut<'a> {
    moves: &'a Moves,
    from: usize,
    reveal: bool,
}

impl Serialize for EntriesOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let entries = self.moves.focus().narrow(self.from..);
        let mut seq = s.serialize_seq(Some(entries.len()))?;
        for entry in entries {
            seq.serialize_element(&EntryOut {
                entry,
                reveal: self.reveal,
            })?;
        }
        seq.end()
    }
}

/// A delta push. Absent fields (`None`) are left out; `Some(None)` is `null`.
#[derive(Serialize)]
struct Delta<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    from_ply: usize,
    entries: EntriesOut<'a>,
    ply: u64,
    rev: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    params: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seats: Option<Vec<Value>>,
    status: &'a RawValue,
    table: TableOut,
    view: &'a RawValue,
    legal: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<Option<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clocks: Option<Option<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    board_text: Option<&'a str>,
}

/// The text of the push that brings a client holding `sent` (and `from_ply` of its moves)
/// to `snap`: the fields of the state that change as the match goes on, and of the log only
/// the moves from `from_ply` on (`entries`); the client keeps its first `from_ply` moves
/// (fewer than it holds after a takeback) and appends `entries`. Its size does not grow
/// with the length of the match. The state's `last` is not sent: it is the last entry of the
/// log the client then holds.
///
/// Fields that did not change since `sent` are left out (the client keeps what it holds):
/// `params` unless they differ from `held_params` (the parameters the client holds,
/// updated here), `seats` unless a seat joined or `seats_changed` (a seat came or went),
/// `clock` and `clocks` while the match has neither.
pub(crate) fn delta_text(
    shared: &MatchShared,
    snap: &Snapshot,
    viewer: Option<Seat>,
    from_ply: u64,
    sent: &Snapshot,
    seats_changed: bool,
    held_params: &mut Value,
) -> String {
    let reveal = reveal(shared, snap);
    let from = (from_ply as usize).min(snap.moves.len());
    let game = snap.game.as_ref();
    let params = snap.params();
    let params = (params != held_params).then(|| {
        *held_params = params.clone();
        params
    });
    let own_view;
    let view = if shared.hidden_information {
        own_view = super::or_defect_text(game.view_text(viewer));
        &own_view
    } else {
        snap.view_for_all()
    };
    let status = snap.written.status.get_or_init(|| {
        serde_json::value::to_raw_value(&status_out(snap)).expect("a status always serialises")
    });
    let timed = snap.deadline_ms.is_some() || sent.deadline_ms.is_some();
    let clocked = snap.clock.is_some() || sent.clock.is_some();
    let delta = Delta {
        kind: "delta",
        from_ply: from,
        entries: EntriesOut {
            moves: &snap.moves,
            from,
            reveal,
        },
        ply: snap.ply,
        rev: snap.rev,
        params,
        seats: (seats_changed || sent.joined != snap.joined).then(|| seats_json(shared, snap)),
        status,
        table: table_out(shared, snap, viewer),
        view,
        legal: legal(snap, viewer),
        clock: timed.then(|| hourglass_json(snap)),
        clocks: clocked.then(|| clocks_json(snap)),
        position: reveal.then(|| snap.position()),
        board_text: (shared.plain_board && reveal).then(|| snap.board_text()),
    };
    // Sized for the parts written whole, so that the text is not copied as it grows.
    let mut text = Vec::with_capacity(view.get().len() + status.get().len() + 1024);
    serde_json::to_writer(&mut text, &delta).expect("a delta always serialises");
    String::from_utf8(text).expect("serde_json writes UTF-8")
}
