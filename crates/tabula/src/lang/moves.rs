//! Moves in words, as the web UI's move list tells them ("Red drops a disc in column 4"), for
//! `tabula play` to say what a bot did. The words are the web UI's own: its language files
//! (`web/js/i18n/{en,fr,cs}.js`) are read at build time, so the terminal and the browser never
//! tell a move two ways. Each game's action notation is read by the game's own terminal look
//! (`tabula_registry::TerminalLook`, registered with the game), as the web UI's game modules
//! read it (`describe` in `web/js/games/<game>.js`), with the views before and after the move.

use super::Lang;
use std::collections::HashMap;
use std::sync::OnceLock;
use tabula_core::Seat;
use tabula_registry::{DynGame, Move, TerminalLook};

/// A string of a language file: one text, or plural forms by name (`one`, `few`, `other`).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    Text(String),
    Plural(Vec<(String, String)>),
}

/// The strings of one language file, by key.
type Strings = HashMap<String, Entry>;

const SOURCES: [(Lang, &str); 3] = [
    (Lang::En, include_str!("../../../../web/js/i18n/en.js")),
    (Lang::Fr, include_str!("../../../../web/js/i18n/fr.js")),
    (Lang::Cs, include_str!("../../../../web/js/i18n/cs.js")),
];

/// The quoted string at the start of `s` (`'…'` or `"…"`, the files use no escapes) and the
/// rest after it.
fn quoted(s: &str) -> Option<(String, &str)> {
    let quote = s.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let end = s[1..].find(quote)? + 1;
    Some((s[1..end].to_string(), &s[end + 1..]))
}

/// Reads a language file: every line `'key': 'text',` or `'key': { one: '…', other: '…' },`.
fn parse(source: &str) -> Strings {
    let mut strings = Strings::new();
    for line in source.lines() {
        let Some((key, rest)) = quoted(line.trim_start()) else {
            continue;
        };
        let Some(value) = rest.trim_start().strip_prefix(':').map(str::trim_start) else {
            continue;
        };
        if let Some((text, _)) = quoted(value) {
            strings.insert(key, Entry::Text(text));
        } else if let Some(mut forms) = value.strip_prefix('{') {
            let mut plural = Vec::new();
            while let Some((name, rest)) = forms.trim_start().split_once(':') {
                let Some((text, rest)) = quoted(rest.trim_start()) else {
                    break;
                };
                plural.push((name.trim().to_string(), text));
                forms = rest.trim_start().strip_prefix(',').unwrap_or(rest);
            }
            strings.insert(key, Entry::Plural(plural));
        }
    }
    strings
}

fn strings(lang: Lang) -> &'static Strings {
    static ALL: OnceLock<Vec<(Lang, Strings)>> = OnceLock::new();
    let all = ALL.get_or_init(|| SOURCES.iter().map(|(l, s)| (*l, parse(s))).collect());
    &all.iter()
        .find(|(l, _)| *l == lang)
        .expect("every language")
        .1
}

/// The plural form of `n` (as the web UI's `pluralForm`): Czech one / few (2–4) / other,
/// French one (0 and 1) / other, English one / other.
fn plural_form(lang: Lang, n: i64) -> &'static str {
    let k = n.unsigned_abs();
    match lang {
        Lang::Cs if k == 1 => "one",
        Lang::Cs if (2..=4).contains(&k) => "few",
        Lang::Fr if k < 2 => "one",
        Lang::En if k == 1 => "one",
        _ => "other",
    }
}

/// The string of `key` in `lang` (English when missing), `{name}` placeholders filled; a
/// plural picks its form by the `n` parameter.
pub fn translate(lang: Lang, key: &str, params: &[(&str, &str)]) -> String {
    let entry = strings(lang)
        .get(key)
        .or_else(|| strings(Lang::En).get(key));
    let text = match entry {
        None => return key.to_string(),
        Some(Entry::Text(t)) => t.clone(),
        Some(Entry::Plural(forms)) => {
            let n = params
                .iter()
                .find(|(k, _)| *k == "n")
                .and_then(|(_, v)| v.parse().ok())
                .unwrap_or(0);
            let form = plural_form(lang, n);
            let pick = |f: &str| forms.iter().find(|(name, _)| name == f).map(|x| &x.1);
            pick(form)
                .or_else(|| pick("other"))
                .cloned()
                .unwrap_or_default()
        }
    };
    super::fill(&text, params)
}

/// A move in words: `action` (in notation, as applied) by `seat`, told with `who` (the
/// seat's name as shown) from the game before and after it, by the game's terminal `look` in
/// this language's words. `None` for a game without words for its moves, or an action its
/// words do not cover.
pub fn describe(
    lang: Lang,
    look: Option<&TerminalLook>,
    before: &dyn DynGame,
    after: &dyn DynGame,
    seat: Seat,
    action: &str,
    who: &str,
) -> Option<String> {
    let describe = look?.describe?;
    let words = |key: &str, params: &[(&str, &str)]| translate(lang, key, params);
    describe(&Move {
        before,
        after,
        seat,
        action,
        who,
        words: &words,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_web_ui_language_files_are_read_whole() {
        for lang in [Lang::En, Lang::Fr, Lang::Cs] {
            let keys = strings(lang).len();
            assert!(keys > 400, "{lang:?}: {keys} strings");
        }
        assert_eq!(
            translate(Lang::Cs, "tm.m.carrying", &[("n", "3")]),
            " a nese 3 pionky"
        );
        assert_eq!(
            translate(Lang::Fr, "c4.m.drop", &[("who", "Rouge"), ("col", "4")]),
            "Rouge lâche un pion dans la colonne 4"
        );
    }

    #[test]
    fn every_game_tells_its_moves_in_french_and_czech_not_in_english() {
        let keys = [
            "c4.m.drop",
            "tm.m.fly",
            "tm.m.piece1",
            "tm.m.pieceM",
            "kt.m.move",
            "cm.m.hop",
            "cm.m.frogOf",
            "mc.m.play",
        ];
        for key in keys {
            let en = translate(Lang::En, key, &[("n", "2")]);
            for lang in [Lang::Fr, Lang::Cs] {
                let other = translate(lang, key, &[("n", "2")]);
                assert_ne!(other, en, "{lang:?} {key}");
                assert_ne!(other, key, "{lang:?} {key} is missing");
            }
        }
    }
}
