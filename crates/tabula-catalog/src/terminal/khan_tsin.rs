//! Khan-Tsin in the terminal: the rows of stacks with each token in its colour, Khans bold;
//! placements and moves told in words, with the height of the stack a move makes.

use serde_json::Value;
use tabula_registry::terminal::paint_letters;
use tabula_registry::{Colour, Move, Segment, TerminalLook};

/// Khan-Tsin's look.
pub static LOOK: TerminalLook = TerminalLook {
    legends: &[
        (
            "en",
            &[
                "w g b: white, green and blue tokens; W G B: their Khans; .: an empty square",
                "Stacks read upward: the top token, highest, controls the stack",
                "value 1 2 3: a single, double or triple square (how far its stack moves)",
            ],
        ),
        (
            "fr",
            &[
                "w g b : jetons blancs, verts et bleus ; W G B : leurs Khans ; . : une case vide",
                "Les piles se lisent de bas en haut : le jeton du sommet, le plus haut, contrôle la pile",
                "value 1 2 3 : case simple, double ou triple (la distance que parcourt sa pile)",
            ],
        ),
        (
            "cs",
            &[
                "w g b: bílé, zelené a modré žetony; W G B: jejich chánové; .: prázdné pole",
                "Sloupce se čtou zdola nahoru: horní žeton, nejvýš, sloupec ovládá",
                "value 1 2 3: jednoduché, dvojité nebo trojité pole (o kolik se jeho sloupec pohne)",
            ],
        ),
    ],
    describe: Some(describe),
    paint: Some(paint),
};

fn describe(m: &Move<'_>) -> Option<String> {
    let action = m.action;
    if action == "pass" {
        return Some(m.with_who("kt.m.pass", &[]));
    }
    if let Some(sq) = action.strip_prefix("K@") {
        return Some(m.with_who("kt.m.placeKhan", &[("sq", sq)]));
    }
    if let Some(sq) = action.strip_prefix("T@") {
        return Some(m.with_who("kt.m.placeToken", &[("sq", sq)]));
    }
    let (from, rest) = action.split_once(':')?;
    let (n, to) = rest.split_once('>')?;
    let tokens = |v: Value, sq: &str| -> Option<Vec<Value>> {
        let i = sq.parse::<usize>().ok()?.checked_sub(1)?;
        v["squares"][i]["tokens"].as_array().cloned()
    };
    let khan = tokens(m.before.view(None).ok()?, from)?
        .last()
        .is_some_and(|top| top["khan"] == Value::Bool(true));
    let key = if khan { "kt.m.moveKhan" } else { "kt.m.move" };
    let mut words = m.with_who(key, &[("n", n), ("from", from), ("to", to)]);
    if let Some(height) = tokens(m.after.view(None).ok()?, to).map(|t| t.len()) {
        words.push_str(&m.t("kt.m.height", &[("n", &height.to_string())]));
    }
    Some(words)
}

/// The rows of stacks (indented, only tokens, dots and spaces): white, green and blue tokens
/// in their colours, Khans (capitals) bold. Other lines stay plain.
fn paint(line: &str) -> Vec<Segment> {
    let body = line.trim_end();
    let is_stack_row = line.starts_with("   ")
        && !body.trim().is_empty()
        && body.chars().all(|c| " .wgbWGB".contains(c));
    if !is_stack_row {
        return vec![Segment::plain(line)];
    }
    paint_letters(line, |c| {
        let colour = match c.to_ascii_lowercase() {
            'w' => Colour::White,
            'g' => Colour::Green,
            'b' => Colour::Blue,
            _ => return None,
        };
        Some((colour, c.is_ascii_uppercase()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_rows_of_stacks_are_coloured_khans_bold() {
        let inks = |line: &str| -> Vec<Option<(Colour, bool)>> {
            paint(line).into_iter().map(|s| s.ink).collect()
        };
        assert_eq!(
            inks("   wG.\n"),
            [
                None,
                None,
                None,
                Some((Colour::White, false)),
                Some((Colour::Green, true)),
                None,
                None
            ]
        );
        assert_eq!(inks("value 1 2 3 wgb\n"), [None]);
    }
}
