//! Bad input never panics: arbitrary text and single-character corruptions of valid positions
//! are either refused with a named field or read back to the same notation; arbitrary action
//! text is refused or reads as an action that validates without panicking.

use crate::common;

use common::board;
use proptest::prelude::*;
use tabula_core::{Actor, Game, Notation, Seat};
use tabula_khan_tsin::{KhanTsin, Params};

const FIELDS: [&str; 5] = ["position", "layout", "stacks", "seats", "to-move"];

fn check_position(text: &str) {
    match KhanTsin::from_notation(&Params::default(), text) {
        Ok(g) => {
            let again = KhanTsin::from_notation(&Params::default(), &g.to_notation()).unwrap();
            assert_eq!(again.to_notation(), g.to_notation());
        }
        Err(e) => assert!(
            FIELDS.contains(&e.field.as_str()) || e.field.starts_with("stack "),
            "unnamed field `{}` for `{text}`",
            e.field
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_text_is_refused_cleanly(text in ".{0,120}") {
        check_position(&text);
    }

    #[test]
    fn corrupted_positions_are_refused_or_read_exactly(
        at in 0usize..200,
        ch in prop::sample::select(vec!['w', 'g', 'b', 'W', 'G', 'B', '-', '/', ' ', '1', '2', '3', '4', 'x', 'é']),
        players in 2usize..=3,
    ) {
        let good = board(if players == 2 { "wg" } else { "wgb" }, "w", &[(7, "-"), (10, "ww")]);
        let mut chars: Vec<char> = good.chars().collect();
        let i = at % chars.len();
        chars[i] = ch;
        check_position(&chars.into_iter().collect::<String>());
    }

    #[test]
    fn arbitrary_actions_never_panic(text in "[0-9KTpas@:>-]{0,10}", seat in 0u8..4) {
        let g = common::pos(&board("wgb", "w", &[]));
        if let Ok(a) = g.parse_action(Actor::Seat(Seat(seat)), &text) {
            let mut copy = g.clone();
            let legal = copy.try_apply(Actor::Seat(Seat(seat)), a).is_ok();
            if !legal {
                prop_assert_eq!(copy.to_notation(), g.to_notation());
            }
        }
    }
}
