//! Moves in words, as the web UI's move list tells them ("Red drops a disc in column 4"), for
//! `tabula play` to say what a bot did. The words are the web UI's own: its language files
//! (`web/js/i18n/{en,fr,cs}.js`) are read at build time, so the terminal and the browser never
//! tell a move two ways. Each game's action notation is read as the web UI's game modules
//! read it (`describe` in `web/js/games/<game>.js`), with the views before and after the move.

use super::Lang;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::OnceLock;
use tabula_core::Seat;
use tabula_registry::DynGame;

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

/// A seat's colour key (`yellow`) from its English name (`Yellow`, `Red (x)`).
fn colour_key(english: &str) -> String {
    english.split(' ').next().unwrap_or("").to_ascii_lowercase()
}

/// A move in words: `action` (in notation, as applied) by `seat`, told with `who` (the
/// seat's name as shown) from the game before and after it. `None` for an action the game's
/// words do not cover.
pub fn describe(
    lang: Lang,
    before: &dyn DynGame,
    after: &dyn DynGame,
    seat: Seat,
    action: &str,
    who: &str,
) -> Option<String> {
    let t = |key: &str, params: &[(&str, &str)]| translate(lang, key, params);
    let with_who = |key: &str, more: &[(&str, &str)]| {
        let mut params = vec![("who", who)];
        params.extend_from_slice(more);
        t(key, &params)
    };
    let words = match before.game_name() {
        "connect-four" => with_who("c4.m.drop", &[("col", action)]),
        "toumai" => toumai(lang, before, after, seat, action, who)?,
        "khan-tsin" => khan_tsin(lang, before, after, action, who)?,
        "china-moon" => china_moon(lang, before, seat, action, who)?,
        "magical-circle" => match action {
            "claim" => with_who("mc.m.claim", &[]),
            "vote" => with_who("mc.m.vote", &[]),
            _ => {
                if let Some(places) = action.strip_prefix("swap:") {
                    let (p, q) = places.split_at(places.len().min(1));
                    with_who("mc.m.swap", &[("p", p), ("q", q)])
                } else {
                    let cards: Vec<u32> = action
                        .strip_prefix("play:")?
                        .chars()
                        .map(|c| c.to_digit(10))
                        .collect::<Option<_>>()?;
                    let shown: Vec<String> = cards.iter().map(u32::to_string).collect();
                    let n = cards.iter().sum::<u32>().to_string();
                    with_who("mc.m.play", &[("cards", &shown.join(" + ")), ("n", &n)])
                }
            }
        },
        _ => return None,
    };
    Some(words)
}

fn toumai(
    lang: Lang,
    before: &dyn DynGame,
    after: &dyn DynGame,
    seat: Seat,
    action: &str,
    who: &str,
) -> Option<String> {
    let t = |key: &str, params: &[(&str, &str)]| translate(lang, key, params);
    let kind_key = |k: &str| match k {
        "M" => "tm.magician".to_string(),
        n => format!("tm.bird{n}"),
    };
    if action == "pass" {
        return Some(t("tm.m.pass", &[("who", who)]));
    }
    if let Some((kind, line)) = action.split_once('@') {
        let kind = t(&kind_key(kind), &[]);
        return Some(t(
            "tm.m.place",
            &[("who", who), ("kind", &kind), ("line", line)],
        ));
    }
    if let Some((p, q)) = action.split_once('=') {
        return Some(t("tm.m.swap", &[("who", who), ("p", p), ("q", q)]));
    }
    // A flight: `a:2>c`, or `a:3>c/d,e` when the line fills and the pawns split.
    let (from, rest) = action.split_once(':')?;
    let (n, dest) = rest.split_once('>')?;
    let (to, pair) = match dest.split_once('/') {
        Some((to, _)) => (to, true),
        None => (dest, false),
    };
    let n: i64 = n.parse().ok()?;
    let view = before.view(None).ok()?;
    let top = view["lines"]
        .as_array()?
        .iter()
        .find(|l| l["name"] == from)
        .and_then(|l| l["pawns"].as_array()?.last().cloned());
    let piece = match top {
        Some(top) if top["neutral"] != Value::Bool(true) => {
            let colour = match top["colour"].as_str()? {
                "Y" => "yellow",
                "R" => "red",
                _ => "blue",
            };
            let colour = t(&format!("colour.{colour}"), &[]);
            t(
                &format!("tm.m.piece{}", top["kind"].as_str()?),
                &[("colour", &colour)],
            )
        }
        _ => t("tm.m.pieceOf", &[("who", who)]),
    };
    let wands = |v: &Value| v["seats"][seat.index()]["wands"].as_i64().unwrap_or(0);
    let mut words = t("tm.m.fly", &[("piece", &piece), ("from", from), ("to", to)]);
    if n > 1 {
        words.push_str(&t("tm.m.carrying", &[("n", &(n - 1).to_string())]));
    }
    if pair {
        words.push_str(&t("tm.m.star", &[]));
    }
    if wands(&after.view(None).ok()?) > wands(&view) {
        words.push_str(&t("tm.m.wand", &[]));
    }
    Some(words)
}

fn khan_tsin(
    lang: Lang,
    before: &dyn DynGame,
    after: &dyn DynGame,
    action: &str,
    who: &str,
) -> Option<String> {
    let t = |key: &str, params: &[(&str, &str)]| translate(lang, key, params);
    if action == "pass" {
        return Some(t("kt.m.pass", &[("who", who)]));
    }
    if let Some(sq) = action.strip_prefix("K@") {
        return Some(t("kt.m.placeKhan", &[("who", who), ("sq", sq)]));
    }
    if let Some(sq) = action.strip_prefix("T@") {
        return Some(t("kt.m.placeToken", &[("who", who), ("sq", sq)]));
    }
    let (from, rest) = action.split_once(':')?;
    let (n, to) = rest.split_once('>')?;
    let tokens = |v: Value, sq: &str| -> Option<Vec<Value>> {
        let i = sq.parse::<usize>().ok()?.checked_sub(1)?;
        v["squares"][i]["tokens"].as_array().cloned()
    };
    let khan = tokens(before.view(None).ok()?, from)?
        .last()
        .is_some_and(|top| top["khan"] == Value::Bool(true));
    let key = if khan { "kt.m.moveKhan" } else { "kt.m.move" };
    let mut words = t(key, &[("who", who), ("n", n), ("from", from), ("to", to)]);
    if let Some(height) = tokens(after.view(None).ok()?, to).map(|t| t.len()) {
        words.push_str(&t("kt.m.height", &[("n", &height.to_string())]));
    }
    Some(words)
}

fn china_moon(
    lang: Lang,
    before: &dyn DynGame,
    seat: Seat,
    action: &str,
    who: &str,
) -> Option<String> {
    let t = |key: &str, params: &[(&str, &str)]| translate(lang, key, params);
    let place = |sp: &str| match sp {
        "S" => t("cm.start", &[]),
        "G" => t("cm.goal", &[]),
        _ => sp.to_string(),
    };
    let seat_of = |n: &str, key: &str| -> Option<String> {
        let seat = Seat(n.parse::<u8>().ok()?.checked_sub(1)?);
        let colour = colour_key(&before.seat_name(seat));
        Some(t(&format!("{key}.{colour}"), &[]))
    };
    let flower = |c: char| -> String {
        let name = match c {
            'y' => "yellow",
            'p' => "pink",
            'w' => "white",
            'k' => "black",
            _ => "blue",
        };
        t(&format!("cm.flower.{name}"), &[])
    };
    if let Some(rest) = action.strip_prefix("drop:") {
        let c = rest.chars().next()?;
        return Some(t("cm.m.drop", &[("who", who), ("flower", &flower(c))]));
    }
    if let Some(rest) = action.strip_prefix('x') {
        // `x2:y/p`: with seat 2, give yellow, take pink.
        let (other, flowers) = rest.split_once(':')?;
        let (give, take) = flowers.split_once('/')?;
        let seat = seat_of(other, "colour")?;
        return Some(t(
            "cm.m.exchange",
            &[
                ("who", who),
                ("seat", &seat),
                ("give", &flower(give.chars().next()?)),
                ("take", &flower(take.chars().next()?)),
            ],
        ));
    }
    // A hop: `2@S>3>5`, the frog of seat 2 from the start, landing on 3 then 5.
    let (frog, path) = action.split_once('@')?;
    let mut spaces: Vec<&str> = path.split('>').collect();
    if spaces.len() < 2 {
        return None;
    }
    let from = spaces.remove(0);
    let to = spaces.pop()?;
    let frog = if frog.parse::<usize>().ok()? == seat.number() {
        t("cm.m.ownFrog", &[])
    } else {
        t("cm.m.frogOf", &[("seat", &seat_of(frog, "colour.of")?)])
    };
    let mut words = t(
        "cm.m.hop",
        &[
            ("who", who),
            ("frog", &frog),
            ("from", &place(from)),
            ("to", &place(to)),
        ],
    );
    if !spaces.is_empty() {
        let route: Vec<String> = spaces.iter().map(|s| place(s)).collect();
        words.push_str(&t("cm.m.via", &[("route", &route.join(", "))]));
    }
    Some(words)
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
