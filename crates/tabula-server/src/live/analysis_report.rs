//! The analysis' results as the API gives them (see `analysis.rs` for the work): what each
//! position holds ([`Slot`]), the value a move lost against the best one, its [`Mark`] by the
//! documented thresholds, and the progress object of `GET /api/matches/{id}/analysis`.

use super::analysis::AnalysisOptions;
use crate::store::LogActor;
use serde_json::{Value, json};
use tabula_core::Seat;
use tabula_registry::DynGame;

/// A loss of at least this much expected return (on the `[0, 1]` scale) is an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// A loss of at least this much expected return is a mistake.
pub const MISTAKE: f64 = 0.15;

/// How good a move was, by the expected return it lost against the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// It lost less than [`INACCURACY`].
    Good,
    /// It lost at least [`INACCURACY`], less than [`MISTAKE`].
    Inaccuracy,
    /// It lost at least [`MISTAKE`].
    Mistake,
}

impl Mark {
    /// The mark of a move that lost `loss`.
    pub fn of(loss: f64) -> Mark {
        // A hair below the thresholds still counts, so that a value of exactly 0.15 computed
        // as 1.0 - 0.85 is a mistake.
        if loss >= MISTAKE - 1e-9 {
            Mark::Mistake
        } else if loss >= INACCURACY - 1e-9 {
            Mark::Inaccuracy
        } else {
            Mark::Good
        }
    }

    /// The API's name of the mark.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
        }
    }
}

/// What the search found in one position.
#[derive(Clone, Debug)]
pub(super) struct Found {
    pub(super) seat: Seat,
    pub(super) value: Vec<f64>,
    pub(super) best: Option<String>,
    /// Every root action searched, with its value for `seat`.
    pub(super) root: Vec<(String, f64)>,
}

/// One position of the analysed line.
pub(super) enum Slot {
    /// To be searched (the position is kept until then).
    Pending(Box<dyn DynGame>, Seat),
    /// Being searched, by the search holding this ticket.
    Running(u64),
    Done(Found),
    Failed(String),
    /// The game is over: the values are the results; nothing to search.
    Over(Vec<f64>),
    /// Chance or the host acts: no seat has a choice to make.
    NoSeat,
    /// Not searched: the match waited too long in the analysis queue (the reason says so).
    Dropped(String),
}

/// One match's analysis.
pub(super) struct Job {
    pub(super) line: Vec<(LogActor, String)>,
    pub(super) slots: Vec<Slot>,
    /// The last ticket given to a search: a search stores its result only where its own
    /// ticket still stands (not in a position a takeback dropped and the line made again).
    pub(super) tickets: u64,
    pub(super) in_flight: usize,
    pub(super) peak: usize,
}

/// The best value among the root actions (the position's own when none was valued).
fn best_value(found: &Found) -> Option<f64> {
    found
        .root
        .iter()
        .map(|(_, v)| *v)
        .reduce(f64::max)
        .or_else(|| found.value.get(found.seat.index()).copied())
}

fn position_json(k: usize, slot: &Slot) -> Value {
    let (state, seat, value, best, error) = match slot {
        Slot::Pending(..) => ("pending", None, None, None, None),
        Slot::Running(_) => ("running", None, None, None, None),
        Slot::Done(f) => (
            "done",
            Some(f.seat.number()),
            Some(f.value.clone()),
            f.best.clone(),
            None,
        ),
        Slot::Failed(e) => ("failed", None, None, None, Some(e.clone())),
        Slot::Over(v) => ("over", None, Some(v.clone()), None, None),
        Slot::NoSeat => ("none", None, None, None, None),
        Slot::Dropped(e) => ("dropped", None, None, None, Some(e.clone())),
    };
    let mut out = json!({ "ply": k, "state": state, "seat": seat, "value": value, "best": best });
    if let Some(e) = error {
        out["error"] = json!(e);
    }
    out
}

/// The move played from position `k`, judged by that position's search.
fn move_json(
    k: usize,
    (actor, action): &(LogActor, String),
    slot: &Slot,
    next: Option<&Slot>,
) -> Value {
    let mut out = json!({ "ply": k, "actor": actor, "action": action,
                          "best": null, "loss": null, "mark": null });
    let (LogActor::Seat(seat), Slot::Done(found)) = (actor, slot) else {
        return out;
    };
    if found.seat != *seat {
        return out;
    }
    out["best"] = json!(found.best);
    let played = found
        .root
        .iter()
        .find(|(a, _)| a == action)
        .map(|(_, v)| *v)
        // A move the search never valued: judged by the position it led to.
        .or_else(|| match next {
            Some(Slot::Done(f)) => f.value.get(seat.index()).copied(),
            Some(Slot::Over(v)) => v.get(seat.index()).copied(),
            _ => None,
        });
    if let (Some(best), Some(played)) = (best_value(found), played) {
        let loss = (best - played).max(0.0);
        out["loss"] = json!((loss * 1e4).round() / 1e4);
        out["mark"] = json!(Mark::of(loss).name());
    }
    out
}

pub(super) fn progress(id: &str, j: &Job, options: &AnalysisOptions, ply: Option<usize>) -> Value {
    let searched = |s: &Slot| matches!(s, Slot::Done(_) | Slot::Failed(_) | Slot::Dropped(_));
    let to_search = |s: &Slot| matches!(s, Slot::Pending(..) | Slot::Running(_)) || searched(s);
    let total = j.slots.iter().filter(|s| to_search(s)).count();
    let done = j.slots.iter().filter(|s| searched(s)).count();
    let dropped = j
        .slots
        .iter()
        .filter(|s| matches!(s, Slot::Dropped(_)))
        .count();
    let positions: Vec<Value> = match ply {
        Some(k) => vec![position_json(k, &j.slots[k])],
        None => j
            .slots
            .iter()
            .enumerate()
            .map(|(k, s)| position_json(k, s))
            .collect(),
    };
    let moves: Vec<Value> = j
        .line
        .iter()
        .enumerate()
        .filter(|(k, _)| ply.is_none_or(|p| p == *k))
        .map(|(k, m)| move_json(k, m, &j.slots[k], j.slots.get(k + 1)))
        .collect();
    json!({
        "id": id,
        "ply": j.line.len(),
        "total": total,
        "done": done,
        "complete": done == total,
        "dropped": dropped,
        "in_flight": j.in_flight,
        "peak_in_flight": j.peak,
        "per_match": options.per_match.max(1),
        "thresholds": { "inaccuracy": INACCURACY, "mistake": MISTAKE },
        "positions": positions,
        "moves": moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_documented_thresholds() {
        for (loss, mark) in [
            (0.0, Mark::Good),
            (0.049, Mark::Good),
            (0.05, Mark::Inaccuracy),
            (0.149, Mark::Inaccuracy),
            (1.0 - 0.85, Mark::Mistake),
            (1.0, Mark::Mistake),
        ] {
            assert_eq!(Mark::of(loss), mark, "a loss of {loss}");
        }
    }
}
