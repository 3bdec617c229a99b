//! The built-in games' terminal looks: every game has one, with its legend in every
//! language, its board's text kept whole when coloured, and its seats' moves told in words.

use tabula_core::{Actor, ToAct, rng_from_seed};
use tabula_registry::{GameEntry, LANGUAGES, Move, Setup, TerminalLook};

fn look(entry: &dyn GameEntry) -> &'static TerminalLook {
    entry
        .terminal()
        .unwrap_or_else(|| panic!("{} has no terminal look", entry.info().name))
}

#[test]
fn every_built_in_game_has_a_legend_in_every_language() {
    for entry in tabula_catalog::builtin().entries() {
        let name = entry.info().name;
        let english = look(*entry).legend("en");
        assert!(!english.is_empty(), "{name}: no English legend");
        for lang in LANGUAGES {
            let legend = look(*entry).legend(lang);
            // One line per mark, in every language.
            assert_eq!(legend.len(), english.len(), "{name}: legend in {lang}");
            assert!(legend.iter().all(|l| !l.trim().is_empty()), "{name} {lang}");
        }
    }
}

#[test]
fn coloured_boards_keep_their_text_and_random_moves_are_told_in_words() {
    for entry in tabula_catalog::builtin().entries() {
        let name = entry.info().name;
        let look = look(*entry);
        let mut rng = rng_from_seed(7);
        let mut state = entry
            .new_game(&serde_json::json!({}), Setup::Random, &mut rng)
            .unwrap();
        let mut told = 0;
        for _ in 0..40 {
            if let Some(paint) = look.paint {
                let text = state.board_text();
                let painted: String = text
                    .split_inclusive('\n')
                    .flat_map(paint)
                    .map(|s| s.text)
                    .collect();
                assert_eq!(painted, text, "{name}");
            }
            let seat = match state.to_act() {
                ToAct::One(seat) => seat,
                ToAct::Several(seats) => seats.iter().next().unwrap(),
                ToAct::Chance => {
                    state.resolve_chance(&mut rng);
                    continue;
                }
                ToAct::Over(_) => break,
            };
            let legal = state.legal(Actor::Seat(seat));
            let Some(action) = legal.get(told * 7 % legal.len().max(1)) else {
                break;
            };
            let before = state.clone_box();
            let done = state.apply(Actor::Seat(seat), action).unwrap();
            state.resolve_chance(&mut rng);
            // The words name their key, so that a move told with none shows.
            let words = |key: &str, _: &[(&str, &str)]| format!("<{key}>");
            let m = Move {
                before: before.as_ref(),
                after: state.as_ref(),
                seat,
                action: &done,
                who: "Someone",
                words: &words,
            };
            let describe = look.describe.expect("moves in words");
            let said = describe(&m).unwrap_or_else(|| panic!("{name}: {done} in words"));
            assert!(said.contains(".m."), "{name}: {done} told as {said}");
            told += 1;
        }
        assert!(told > 0, "{name}: no move told");
    }
}
