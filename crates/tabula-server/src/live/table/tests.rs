//! The table's events, requests and checks.

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
        TableEvent::AskTakeback,
        TableEvent::AcceptTakeback,
        TableEvent::DeclineTakeback,
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

#[test]
fn a_move_lapses_a_takeback_request_and_an_answer_needs_the_other_seats_request() {
    let mut t = Table::default();
    t.record_move(&entry(LogActor::Seat(Seat(0)), "4"));
    assert!(
        t.record_event(Seat(1), 2, TableEvent::AcceptTakeback)
            .is_err()
    );
    t.record_event(Seat(0), 2, TableEvent::AskTakeback).unwrap();
    assert!(
        t.record_event(Seat(0), 2, TableEvent::AcceptTakeback)
            .is_err(),
        "not the asker"
    );
    assert!(
        t.record_event(Seat(1), 2, TableEvent::AskTakeback).is_err(),
        "one at a time"
    );
    let people = [SeatKind::Human, SeatKind::Human];
    assert!(
        !t.may_take_back(Seat(0), &people, false),
        "a request stands"
    );
    t.record_move(&entry(LogActor::Seat(Seat(1)), "3"));
    assert_eq!(t.takeback_ask, None, "the reply lapsed it");
    assert!(t.may_take_back(Seat(0), &people, false));
    assert!(!t.may_take_back(Seat(0), &people, true), "not in real time");
    t.record_event(Seat(0), 2, TableEvent::AskTakeback).unwrap();
    t.record_event(Seat(1), 2, TableEvent::DeclineTakeback)
        .unwrap();
    assert!(
        !t.may_take_back(Seat(0), &people, false),
        "one request per position"
    );
    t.record_event(Seat(1), 2, TableEvent::Takeback { keep: 1 })
        .unwrap();
    assert_eq!(t.moves.len(), 1);
}
