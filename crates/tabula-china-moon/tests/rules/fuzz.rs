//! No input may panic: random and mutated positions, actions and board files are either read
//! or refused with an error.

use proptest::prelude::*;
use tabula_china_moon::{Board, ChinaMoon, Params, STANDARD_BOARD_JSON};
use tabula_core::{Actor, Game, Notation, Seat};

const POSITION: &str =
    "std 5,9,15/S,3,16/S,S,S 8y,11w,18p,21y,24p,27y,31p,34w,36w,38k w/yp/- ypwu - 2 2@16 x2@16";
const ALPHABET: &[u8] = b"0123456789SGypwkux-/,@> bsetup:=";

fn mutate(text: &str, edits: &[(usize, u8)]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, c) in edits {
        let i = at % (bytes.len() + 1);
        let c = ALPHABET[c as usize % ALPHABET.len()];
        match c % 3 {
            0 if i < bytes.len() => bytes[i] = c,
            1 if i < bytes.len() => {
                bytes.remove(i);
            }
            _ => bytes.insert(i, c),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mutated_positions_never_panic(edits in prop::collection::vec((0usize..200, any::<u8>()), 1..6)) {
        let text = mutate(POSITION, &edits);
        if let Ok(g) = ChinaMoon::from_notation(&Params::players(3), &text) {
            // Whatever reads back must be a consistent, playable position.
            prop_assert!(g.check_invariant().is_ok(), "{}", text);
            let again = ChinaMoon::from_notation(&Params::players(3), &g.to_notation());
            prop_assert!(again.is_ok());
            let mut actions = Vec::new();
            g.legal_actions(&mut actions);
            prop_assert!(g.is_over() || !actions.is_empty(), "{}", text);
        }
    }

    #[test]
    fn random_actions_never_panic(text in "[0-9SGxdropypwku@>:/=]{0,16}") {
        let g = ChinaMoon::from_notation(&Params::players(3), POSITION).unwrap();
        for seat in 0..5u8 {
            if let Ok(a) = g.parse_action(Actor::Seat(Seat(seat)), &text) {
                let mut copy = g.clone();
                let _ = copy.try_apply(Actor::Seat(Seat(seat)), a);
            }
        }
    }

    #[test]
    fn mutated_board_files_never_panic(edits in prop::collection::vec((0usize..6000, any::<u8>()), 1..4)) {
        let text = mutate(STANDARD_BOARD_JSON, &edits);
        if let Ok(board) = Board::from_json(&text) {
            prop_assert_eq!(board.lotus_spaces().len(), 12);
        }
    }
}
