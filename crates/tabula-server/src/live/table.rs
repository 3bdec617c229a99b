//! What players do at the table besides moving: resigning, offering, accepting or declining a
//! draw, taking a move back (at once against bots; asked of the other person, who accepts or
//! declines, between two people). Each is an event of the match's log, stored like a
//! move (durably, before it is answered) and replayed on restart.
//!
//! An event is a log entry of the seat that made it whose action starts with `~` (no game's
//! notation does): `~resign`, `~draw` (an offer), `~accept`, `~decline`, `~undo` (a takeback
//! asked of the other person), `~undo-accept`, `~undo-decline` and `~takeback K` (keep the
//! first `K` moves), and `~timeout`, stored by the server for the seat whose clock
//! ran out (`clock.rs`). The log stays append-only; what the game went through is the
//! list of **moves** ([`Table::moves`]): the log without its events and without the moves a
//! takeback undid, numbered again from 0. Clients see the moves as the match's `log` and their
//! count as its `ply`; the raw log length is the match's `rev`.
//!
//! The checks (which request is allowed when) are [`Table::check`]; the rulings they implement
//! are in `docs/api.md` ("At the table") and each game's rules page.

use super::{MatchShared, Moves};
use crate::ApiError;
use crate::store::{LogActor, LogEntry, SeatKind};
use std::sync::Arc;
use tabula_core::Seat;
use tabula_registry::DynGame;

/// What a seat asks for at the table (the body of `POST /api/matches/{id}/table`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableRequest {
    /// The seat gives up: it loses.
    Resign,
    /// The seat offers a draw to its opponent.
    OfferDraw,
    /// The seat accepts the standing draw offer: the game is drawn.
    AcceptDraw,
    /// The seat declines the standing draw offer.
    DeclineDraw,
    /// The seat takes back its last move and what followed: at once against bots, else asked
    /// of the other person.
    Takeback,
    /// The seat accepts the other person's standing takeback request.
    AcceptTakeback,
    /// The seat declines the other person's standing takeback request.
    DeclineTakeback,
}

impl TableRequest {
    /// Reads the API's name of a request.
    pub fn parse(text: &str) -> Result<TableRequest, ApiError> {
        Ok(match text {
            "resign" => TableRequest::Resign,
            "offer_draw" => TableRequest::OfferDraw,
            "accept_draw" => TableRequest::AcceptDraw,
            "decline_draw" => TableRequest::DeclineDraw,
            "takeback" => TableRequest::Takeback,
            "accept_takeback" => TableRequest::AcceptTakeback,
            "decline_takeback" => TableRequest::DeclineTakeback,
            other => {
                return Err(ApiError::bad_request(format!(
                    "request: `{other}` is none of resign, offer_draw, accept_draw, \
                     decline_draw, takeback, accept_takeback, decline_takeback"
                )));
            }
        })
    }
}

/// A table event as stored in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TableEvent {
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// A takeback asked of the other person.
    AskTakeback,
    AcceptTakeback,
    DeclineTakeback,
    /// Keep the first `keep` moves; the rest are undone.
    Takeback {
        keep: usize,
    },
    /// The seat's clock ran out: it loses on time.
    Timeout,
}

impl TableEvent {
    /// The event of a log action, `None` for a move; `Some(Err)` for an unknown event.
    pub fn parse(action: &str) -> Option<Result<TableEvent, String>> {
        let rest = action.strip_prefix('~')?;
        Some(match rest.split_once(' ') {
            None => match rest {
                "resign" => Ok(TableEvent::Resign),
                "draw" => Ok(TableEvent::OfferDraw),
                "accept" => Ok(TableEvent::AcceptDraw),
                "decline" => Ok(TableEvent::DeclineDraw),
                "timeout" => Ok(TableEvent::Timeout),
                "undo" => Ok(TableEvent::AskTakeback),
                "undo-accept" => Ok(TableEvent::AcceptTakeback),
                "undo-decline" => Ok(TableEvent::DeclineTakeback),
                _ => Err(format!("unknown table event `{action}`")),
            },
            Some(("takeback", keep)) => keep
                .parse()
                .map(|keep| TableEvent::Takeback { keep })
                .map_err(|_| format!("takeback `{action}`: not a move count")),
            Some(_) => Err(format!("unknown table event `{action}`")),
        })
    }

    /// The stored form.
    pub fn to_text(self) -> String {
        match self {
            TableEvent::Resign => "~resign".into(),
            TableEvent::OfferDraw => "~draw".into(),
            TableEvent::AcceptDraw => "~accept".into(),
            TableEvent::DeclineDraw => "~decline".into(),
            TableEvent::AskTakeback => "~undo".into(),
            TableEvent::AcceptTakeback => "~undo-accept".into(),
            TableEvent::DeclineTakeback => "~undo-decline".into(),
            TableEvent::Takeback { keep } => format!("~takeback {keep}"),
            TableEvent::Timeout => "~timeout".into(),
        }
    }
}

/// How a match ended at the table rather than by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ending {
    /// `resigned`, `agreed` (a draw by agreement) or `timeout` (a clock ran out).
    pub reason: &'static str,
    /// The seat that resigned, accepted the draw, or ran out of time.
    pub by: Seat,
    /// A rank per seat (1 is best).
    pub ranks: Vec<u8>,
}

/// The table's state after some prefix of the log (see the module documentation).
#[derive(Clone, Debug, Default)]
pub(crate) struct Table {
    /// The moves the game went through, numbered from 0 (`ply` is the index).
    pub moves: Moves,
    pub ending: Option<Ending>,
    /// The seat whose draw offer stands.
    pub offer: Option<Seat>,
    /// Per seat, the number of moves when it last offered a draw (one offer per own move).
    offered_at: Vec<Option<usize>>,
    /// The seat whose takeback request stands (between two people).
    pub takeback_ask: Option<Seat>,
    /// Per seat, the number of moves when it last asked for a takeback (one request per
    /// position).
    asked_at: Vec<Option<usize>>,
}

/// Whether a match for `players` of a game whose description says `draws_by_agreement` may
/// end in a draw by agreement: two-player games whose rules have a draw among their outcomes.
pub(crate) fn draws_allowed(draws_by_agreement: bool, players: usize) -> bool {
    players == 2 && draws_by_agreement
}

/// Whether `seat` is the only person at the table (every other seat is a bot), so that it may
/// take moves back.
pub(crate) fn alone_with_bots<'a>(
    seats: impl IntoIterator<Item = &'a SeatKind>,
    seat: Seat,
) -> bool {
    seats
        .into_iter()
        .enumerate()
        .all(|(i, k)| (i == seat.index()) == (*k == SeatKind::Human))
}

/// The index of `seat`'s last move among `moves`.
fn last_move_of(moves: &Moves, seat: Seat) -> Option<usize> {
    moves.iter().rposition(|e| e.actor == LogActor::Seat(seat))
}

/// Whether `seat` may ask the other seat for takebacks: two seats, both people's.
fn with_one_person(kinds: &[SeatKind], seat: Seat) -> bool {
    kinds.len() == 2 && kinds.iter().all(|k| *k == SeatKind::Human) && seat.index() < 2
}

/// Records that `seat` did something at `moves` moves (one offer or request per position).
fn mark(at: &mut Vec<Option<usize>>, seat: Seat, players: usize, moves: usize) {
    if at.len() < players.max(seat.index() + 1) {
        at.resize(players.max(seat.index() + 1), None);
    }
    at[seat.index()] = Some(moves);
}

impl Table {
    /// Whether the match has ended at the table.
    pub fn ended(&self) -> bool {
        self.ending.is_some()
    }

    /// Whether `seat` may offer a draw now, where draws exist: no offer stands and it has not
    /// offered since its last move.
    pub fn may_offer(&self, seat: Seat) -> bool {
        !self.ended()
            && self.offer.is_none()
            && self.offered_at.get(seat.index()).copied().flatten() != Some(self.moves.len())
    }

    /// Whether `seat` may take a move back now, or ask for it: it has a move to take back,
    /// the game is turn-based, and every other seat is a bot (at once) or the one other seat a
    /// person with no request standing and none from `seat` at this position.
    pub fn may_take_back(&self, seat: Seat, kinds: &[SeatKind], real_time: bool) -> bool {
        if self.ended() || real_time || self.last_move_of(seat).is_none() {
            return false;
        }
        alone_with_bots(kinds, seat)
            || with_one_person(kinds, seat)
                && self.takeback_ask.is_none()
                && self.asked_at.get(seat.index()).copied().flatten() != Some(self.moves.len())
    }

    /// Takes in a move (a seat's, chance's or the host's): its offer, if the mover had one
    /// standing, is withdrawn; a takeback request lapses (the position it named is gone).
    pub fn record_move(&mut self, entry: &LogEntry) {
        if let (LogActor::Seat(s), Some(o)) = (entry.actor, self.offer)
            && s == o
        {
            self.offer = None;
        }
        self.takeback_ask = None;
        let mut entry = entry.clone();
        entry.ply = self.moves.len() as u64;
        self.moves.push_back(Arc::new(entry));
    }

    /// Takes in an event of `seat` (already checked, or read from a stored log: then an event
    /// that does not fit is an error naming why).
    pub fn record_event(
        &mut self,
        seat: Seat,
        players: usize,
        event: TableEvent,
    ) -> Result<(), String> {
        if self.ended() {
            return Err("an event after the match ended".into());
        }
        match event {
            TableEvent::Resign | TableEvent::Timeout => {
                // With 2 players the other seat wins; with more the game ends too: everyone
                // else shares first place (rulings per game in docs/rules).
                let ranks = (0..players)
                    .map(|i| if i == seat.index() { 2 } else { 1 })
                    .collect();
                self.ending = Some(Ending {
                    reason: if event == TableEvent::Resign {
                        "resigned"
                    } else {
                        "timeout"
                    },
                    by: seat,
                    ranks,
                });
                self.offer = None;
            }
            TableEvent::OfferDraw => {
                if self.offer.is_some() {
                    return Err("a draw offer while one stands".into());
                }
                self.offer = Some(seat);
                mark(&mut self.offered_at, seat, players, self.moves.len());
            }
            TableEvent::AskTakeback => {
                if self.takeback_ask.is_some() {
                    return Err("a takeback request while one stands".into());
                }
                self.takeback_ask = Some(seat);
                mark(&mut self.asked_at, seat, players, self.moves.len());
            }
            TableEvent::AcceptTakeback | TableEvent::DeclineTakeback => {
                match self.takeback_ask {
                    Some(o) if o != seat => {}
                    _ => return Err("an answer to no standing takeback request".into()),
                }
                self.takeback_ask = None;
            }
            TableEvent::AcceptDraw | TableEvent::DeclineDraw => {
                match self.offer {
                    Some(o) if o != seat => {}
                    _ => return Err("an answer to no standing draw offer".into()),
                }
                self.offer = None;
                if event == TableEvent::AcceptDraw {
                    self.ending = Some(Ending {
                        reason: "agreed",
                        by: seat,
                        ranks: vec![1; players],
                    });
                }
            }
            TableEvent::Takeback { keep } => {
                if keep > self.moves.len() {
                    return Err(format!("a takeback to move {keep} of {}", self.moves.len()));
                }
                self.moves.truncate(keep);
                self.offer = None;
                self.takeback_ask = None;
            }
        }
        Ok(())
    }

    /// The seat's last move among the moves: the takeback point.
    fn last_move_of(&self, seat: Seat) -> Option<usize> {
        last_move_of(&self.moves, seat)
    }

    /// Checks a request of `seat` and says which events it makes (a bot declines a draw offer
    /// at once, in the same write). `game` is the position now; `kinds` the seats' kinds;
    /// `shared` the match (its game's name, whether it runs in real time and has draws).
    pub fn check(
        &self,
        request: TableRequest,
        seat: Seat,
        game: &dyn DynGame,
        kinds: &[SeatKind],
        shared: &MatchShared,
    ) -> Result<Vec<(Seat, TableEvent)>, ApiError> {
        let (game_name, real_time) = (shared.record.game.as_str(), shared.real_time);
        if self.ended() || game.to_act().is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        let players = kinds.len();
        match request {
            TableRequest::Resign => Ok(vec![(seat, TableEvent::Resign)]),
            TableRequest::OfferDraw => {
                if !draws_allowed(shared.draws_by_agreement, players) {
                    return Err(ApiError::refused(format!(
                        "offer_draw: a {players}-player game of {game_name} has no draw by \
                         agreement (only two-player games whose rules have draws do)"
                    )));
                }
                match self.offer {
                    Some(o) if o == seat => {
                        return Err(ApiError::conflict("offer_draw: your draw offer stands"));
                    }
                    Some(o) => {
                        return Err(ApiError::conflict(format!(
                            "offer_draw: seat {} offered a draw: accept or decline it",
                            o.number()
                        )));
                    }
                    None => {}
                }
                if self.offered_at.get(seat.index()).copied().flatten() == Some(self.moves.len()) {
                    return Err(ApiError::conflict(
                        "offer_draw: not your turn to offer: one offer per move, offer again \
                         after your next move",
                    ));
                }
                let mut events = vec![(seat, TableEvent::OfferDraw)];
                // The opponent of a two-player game; a bot declines at once.
                let other = Seat(1 - seat.0);
                if matches!(kinds.get(other.index()), Some(SeatKind::Bot(_))) {
                    events.push((other, TableEvent::DeclineDraw));
                }
                Ok(events)
            }
            TableRequest::AcceptDraw | TableRequest::DeclineDraw => match self.offer {
                Some(o) if o != seat => Ok(vec![(
                    seat,
                    if request == TableRequest::AcceptDraw {
                        TableEvent::AcceptDraw
                    } else {
                        TableEvent::DeclineDraw
                    },
                )]),
                Some(_) => Err(ApiError::conflict(
                    "the draw offer is yours: the other seat answers it",
                )),
                None => Err(ApiError::conflict("no draw offer stands")),
            },
            TableRequest::Takeback => self.check_takeback(seat, kinds, real_time),
            TableRequest::AcceptTakeback | TableRequest::DeclineTakeback => {
                let asker = match self.takeback_ask {
                    Some(o) if o != seat => o,
                    Some(_) => {
                        return Err(ApiError::conflict(
                            "the takeback request is yours: the other seat answers it",
                        ));
                    }
                    None => return Err(ApiError::conflict("no takeback request stands")),
                };
                if request == TableRequest::DeclineTakeback {
                    return Ok(vec![(seat, TableEvent::DeclineTakeback)]);
                }
                // Every move lapses a request, so the asker's last move is the one it named.
                let keep = self
                    .last_move_of(asker)
                    .ok_or_else(|| ApiError::conflict("takeback: nothing to take back"))?;
                Ok(vec![
                    (seat, TableEvent::AcceptTakeback),
                    (asker, TableEvent::Takeback { keep }),
                ])
            }
        }
    }

    /// A takeback: at once where every other seat is a bot, else asked of the other person.
    fn check_takeback(
        &self,
        seat: Seat,
        kinds: &[SeatKind],
        real_time: bool,
    ) -> Result<Vec<(Seat, TableEvent)>, ApiError> {
        if real_time {
            return Err(ApiError::refused(
                "takeback: not in a real-time game (the race goes on without you)",
            ));
        }
        let alone = alone_with_bots(kinds, seat);
        if !alone && !with_one_person(kinds, seat) {
            return Err(ApiError::refused(
                "takeback: only against bots, or asked of the other person in a two-player match",
            ));
        }
        let keep = self
            .last_move_of(seat)
            .ok_or_else(|| ApiError::conflict("takeback: nothing to take back"))?;
        if alone {
            return Ok(vec![(seat, TableEvent::Takeback { keep })]);
        }
        match self.takeback_ask {
            Some(o) if o == seat => Err(ApiError::conflict("takeback: your request stands")),
            Some(o) => Err(ApiError::conflict(format!(
                "takeback: seat {} asked for a takeback: accept or decline it",
                o.number()
            ))),
            None if self.asked_at.get(seat.index()).copied().flatten()
                == Some(self.moves.len()) =>
            {
                Err(ApiError::conflict(
                    "takeback: asked already: one request per position, ask again after the \
                     next move",
                ))
            }
            None => Ok(vec![(seat, TableEvent::AskTakeback)]),
        }
    }
}

#[cfg(test)]
mod tests;
