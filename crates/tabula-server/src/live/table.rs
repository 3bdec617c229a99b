//! What players do at the table besides moving: resigning, offering, accepting or declining a
//! draw, taking a move back against bots. Each is an event of the match's log, stored like a
//! move (durably, before it is answered) and replayed on restart.
//!
//! An event is a log entry of the seat that made it whose action starts with `~` (no game's
//! notation does): `~resign`, `~draw` (an offer), `~accept`, `~decline` and `~takeback K`
//! (keep the first `K` moves), and `~timeout`, stored by the server for the seat whose clock
//! ran out (`clock.rs`). The log stays append-only; what the game went through is the
//! list of **moves** ([`Table::moves`]): the log without its events and without the moves a
//! takeback undid, numbered again from 0. Clients see the moves as the match's `log` and their
//! count as its `ply`; the raw log length is the match's `rev`.
//!
//! The checks (which request is allowed when) are [`Table::check`]; the rulings they implement
//! are in `docs/api.md` ("At the table") and each game's rules page.

use super::Moves;
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
    /// The seat takes back its last move and the bots' replies since.
    Takeback,
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
            other => {
                return Err(ApiError::bad_request(format!(
                    "request: `{other}` is none of resign, offer_draw, accept_draw, \
                     decline_draw, takeback"
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
}

/// Whether a match of `game` for `players` may end in a draw by agreement: two-player games
/// whose rules have a draw among their outcomes (Connect Four R4, Khan-Tsin R5/R9, Toumaï R10).
pub(crate) fn draws_allowed(game: &str, players: usize) -> bool {
    players == 2 && matches!(game, "connect-four" | "khan-tsin" | "toumai")
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

/// Whether `seat` could take a move back after `moves` (the match not over).
pub(crate) fn may_take_back<'a>(
    moves: &Moves,
    seat: Seat,
    seats: impl IntoIterator<Item = &'a SeatKind>,
    real_time: bool,
) -> bool {
    !real_time && alone_with_bots(seats, seat) && last_move_of(moves, seat).is_some()
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

    /// Takes in a move (a seat's, chance's or the host's): its offer, if the mover had one
    /// standing, is withdrawn.
    pub fn record_move(&mut self, entry: &LogEntry) {
        if let (LogActor::Seat(s), Some(o)) = (entry.actor, self.offer)
            && s == o
        {
            self.offer = None;
        }
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
                if self.offered_at.len() < players {
                    self.offered_at.resize(players, None);
                }
                self.offered_at[seat.index()] = Some(self.moves.len());
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
            }
        }
        Ok(())
    }

    /// The seat's last move among the moves: the takeback point.
    fn last_move_of(&self, seat: Seat) -> Option<usize> {
        last_move_of(&self.moves, seat)
    }

    /// Checks a request of `seat` and says which events it makes (a bot declines a draw offer
    /// at once, in the same write). `game` is the position now; `kinds` the seats' kinds.
    pub fn check(
        &self,
        request: TableRequest,
        seat: Seat,
        game: &dyn DynGame,
        game_name: &str,
        kinds: &[SeatKind],
        real_time: bool,
    ) -> Result<Vec<(Seat, TableEvent)>, ApiError> {
        if self.ended() || game.to_act().is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        let players = kinds.len();
        match request {
            TableRequest::Resign => Ok(vec![(seat, TableEvent::Resign)]),
            TableRequest::OfferDraw => {
                if !draws_allowed(game_name, players) {
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
            TableRequest::Takeback => {
                if real_time {
                    return Err(ApiError::refused(
                        "takeback: not in a real-time game (the race goes on without you)",
                    ));
                }
                if !alone_with_bots(kinds, seat) {
                    return Err(ApiError::refused(
                        "takeback: only in a match where every other seat is a bot",
                    ));
                }
                let keep = self
                    .last_move_of(seat)
                    .ok_or_else(|| ApiError::conflict("takeback: nothing to take back"))?;
                Ok(vec![(seat, TableEvent::Takeback { keep })])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(actor: LogActor, action: &str) -> LogEntry {
        LogEntry {
            ply: 99,
            actor,
            action: action.into(),
            at: 0,
        }
    }

    #[test]
    fn events_round_trip_and_moves_are_not_events() {
        for e in [
            TableEvent::Resign,
            TableEvent::OfferDraw,
            TableEvent::AcceptDraw,
            TableEvent::DeclineDraw,
            TableEvent::Takeback { keep: 7 },
            TableEvent::Timeout,
        ] {
            assert_eq!(TableEvent::parse(&e.to_text()), Some(Ok(e)));
        }
        assert_eq!(TableEvent::parse("d5=e5"), None);
        assert!(matches!(TableEvent::parse("~dance"), Some(Err(_))));
        assert!(matches!(TableEvent::parse("~takeback x"), Some(Err(_))));
    }

    #[test]
    fn the_offerers_move_withdraws_the_offer_and_a_takeback_renumbers() {
        let mut t = Table::default();
        t.record_move(&entry(LogActor::Seat(Seat(0)), "a"));
        t.record_event(Seat(0), 2, TableEvent::OfferDraw).unwrap();
        t.record_move(&entry(LogActor::Seat(Seat(1)), "b"));
        assert_eq!(
            t.offer,
            Some(Seat(0)),
            "the other's move leaves it standing"
        );
        t.record_move(&entry(LogActor::Seat(Seat(0)), "c"));
        assert_eq!(t.offer, None);
        assert_eq!(t.moves.iter().map(|e| e.ply).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(t.last_move_of(Seat(0)), Some(2));
        t.record_event(Seat(0), 2, TableEvent::Takeback { keep: 1 })
            .unwrap();
        assert_eq!(t.moves.len(), 1);
        assert!(
            t.record_event(Seat(0), 2, TableEvent::Takeback { keep: 5 })
                .is_err()
        );
    }

    #[test]
    fn resigning_ranks_the_resigner_last_and_accepting_needs_an_offer() {
        let mut t = Table::default();
        assert!(t.record_event(Seat(1), 2, TableEvent::AcceptDraw).is_err());
        t.record_event(Seat(1), 3, TableEvent::Resign).unwrap();
        assert_eq!(t.ending.as_ref().unwrap().ranks, [1, 2, 1]);
        assert!(t.record_event(Seat(0), 3, TableEvent::Resign).is_err());
    }

    #[test]
    fn takeback_needs_every_other_seat_to_be_a_bot() {
        let bot = SeatKind::Bot("casual".into());
        assert!(alone_with_bots(&[SeatKind::Human, bot.clone()], Seat(0)));
        assert!(!alone_with_bots(&[SeatKind::Human, bot.clone()], Seat(1)));
        assert!(!alone_with_bots(
            &[SeatKind::Human, SeatKind::Human, bot],
            Seat(0)
        ));
    }
}
