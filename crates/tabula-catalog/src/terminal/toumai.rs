//! Toumaï in the terminal: pawns such as `Y1`, `[RM]` or `BN` in their colours, the top pawn
//! of a line bold; flights, placements and swaps told in words.

use serde_json::Value;
use tabula_registry::{Colour, Move, Segment, TerminalLook};

/// Toumaï's look.
pub static LOOK: TerminalLook = TerminalLook {
    legends: &[
        (
            "en",
            &[
                "Y R B: Yellow, Red and Blue pawns; 1 2 3: a bird's strength; M: a magician; N: a neutral pawn (face down)",
                "[YM]: the top pawn of a line (the one that may fly); the pawns under it are enclosed",
                ".: an empty square; *: the star, after square 6",
            ],
        ),
        (
            "fr",
            &[
                "Y R B : pions Jaunes, Rouges et Bleus ; 1 2 3 : la force d'un oiseau ; M : un pion-mage ; N : un pion neutre (face cachée)",
                "[YM] : le pion en tête de file d'une piste (celui qui peut s'envoler) ; les pions en dessous sont enclavés",
                ". : une case vide ; * : l'étoile, après la case 6",
            ],
        ),
        (
            "cs",
            &[
                "Y R B: žluté, červené a modré figurky; 1 2 3: síla ptáka; M: mág; N: neutrální figurka (lícem dolů)",
                "[YM]: vedoucí figurka dráhy (ta, která smí letět); figurky pod ní jsou uzavřené",
                ".: prázdné políčko; *: hvězda za políčkem 6",
            ],
        ),
    ],
    describe: Some(describe),
    paint: Some(paint),
};

fn describe(m: &Move<'_>) -> Option<String> {
    let kind_key = |k: &str| match k {
        "M" => "tm.magician".to_string(),
        n => format!("tm.bird{n}"),
    };
    let action = m.action;
    if action == "pass" {
        return Some(m.with_who("tm.m.pass", &[]));
    }
    if let Some((kind, line)) = action.split_once('@') {
        let kind = m.t(&kind_key(kind), &[]);
        return Some(m.with_who("tm.m.place", &[("kind", &kind), ("line", line)]));
    }
    if let Some((p, q)) = action.split_once('=') {
        return Some(m.with_who("tm.m.swap", &[("p", p), ("q", q)]));
    }
    // A flight: `a:2>c`, or `a:3>c/d,e` when the line fills and the pawns split.
    let (from, rest) = action.split_once(':')?;
    let (n, dest) = rest.split_once('>')?;
    let (to, pair) = match dest.split_once('/') {
        Some((to, _)) => (to, true),
        None => (dest, false),
    };
    let n: i64 = n.parse().ok()?;
    let view = m.before.view(None).ok()?;
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
            let colour = m.t(&format!("colour.{colour}"), &[]);
            m.t(
                &format!("tm.m.piece{}", top["kind"].as_str()?),
                &[("colour", &colour)],
            )
        }
        _ => m.with_who("tm.m.pieceOf", &[]),
    };
    let wands = |v: &Value| v["seats"][m.seat.index()]["wands"].as_i64().unwrap_or(0);
    let mut words = m.t("tm.m.fly", &[("piece", &piece), ("from", from), ("to", to)]);
    if n > 1 {
        words.push_str(&m.t("tm.m.carrying", &[("n", &(n - 1).to_string())]));
    }
    if pair {
        words.push_str(&m.t("tm.m.star", &[]));
    }
    if wands(&m.after.view(None).ok()?) > wands(&view) {
        words.push_str(&m.t("tm.m.wand", &[]));
    }
    Some(words)
}

/// Pawns `Y1`, `RM`, `BN` (between spaces, brackets, commas) in their colours; a pawn in
/// brackets, the top one, bold.
fn paint(line: &str) -> Vec<Segment> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut i = 0;
    while i < chars.len() {
        let before = if i == 0 { ' ' } else { chars[i - 1] };
        let colour = match chars[i] {
            'Y' => Some(Colour::Yellow),
            'R' => Some(Colour::Red),
            'B' => Some(Colour::Blue),
            _ => None,
        };
        let kind = chars.get(i + 1).copied().unwrap_or(' ');
        let after = chars.get(i + 2).copied().unwrap_or(' ');
        match colour {
            Some(colour)
                if "123MN".contains(kind)
                    && matches!(before, ' ' | '[' | ',')
                    && matches!(after, ' ' | ']' | ')' | '\n' | ',') =>
            {
                out.push(Segment::plain(std::mem::take(&mut plain)));
                let pawn: String = [chars[i], kind].iter().collect();
                out.push(Segment::ink(pawn, colour, before == '['));
                i += 2;
            }
            _ => {
                plain.push(chars[i]);
                i += 1;
            }
        }
    }
    out.push(Segment::plain(plain));
    out.retain(|s| !s.text.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_pawns_are_coloured_the_top_one_bold() {
        let line = "a [Y1] RM,B2 BYE\n";
        let inked: Vec<(String, Option<(Colour, bool)>)> = paint(line)
            .into_iter()
            .filter(|s| s.ink.is_some())
            .map(|s| (s.text, s.ink))
            .collect();
        assert_eq!(
            inked,
            [
                ("Y1".to_string(), Some((Colour::Yellow, true))),
                ("RM".to_string(), Some((Colour::Red, false))),
                ("B2".to_string(), Some((Colour::Blue, false))),
            ]
        );
        let whole: String = paint(line).into_iter().map(|s| s.text).collect();
        assert_eq!(whole, line);
    }
}
