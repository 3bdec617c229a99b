//! The WebSocket's pushes applied as the web UI applies them (`web/js/live.js`, `applyPush`):
//! a `state` push is the state; a `delta` keeps the first `from_ply` moves of the state held,
//! appends its `entries` and replaces every other field it carries; `last` is the last entry
//! of the log that makes.

use serde_json::Value;

/// The state after `push`, or `None` when it is a delta that does not follow `held` (nothing
/// held, or moves missing before its `from_ply`) or not a push at all.
pub fn apply(held: Option<&Value>, push: &Value) -> Option<Value> {
    match push["type"].as_str()? {
        "state" => Some(push.clone()),
        "delta" => {
            let held = held?;
            let log = held["log"].as_array()?;
            let from = push["from_ply"].as_u64()? as usize;
            let entries = push["entries"].as_array()?;
            if from > log.len() {
                return None;
            }
            let mut state = held.as_object()?.clone();
            for (key, value) in push.as_object()? {
                if key != "from_ply" && key != "entries" {
                    state.insert(key.clone(), value.clone());
                }
            }
            state.insert("type".into(), "state".into());
            let mut moves = log[..from].to_vec();
            moves.extend(entries.iter().cloned());
            let last = moves.last().cloned().unwrap_or(Value::Null);
            state.insert("log".into(), Value::Array(moves));
            state.insert("last".into(), last);
            Some(Value::Object(state))
        }
        _ => None,
    }
}
