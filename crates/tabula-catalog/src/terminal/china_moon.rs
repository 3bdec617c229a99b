//! China Moon in the terminal: frogs `[3]` in their seat's colour (bold), flowers `(y)` in
//! theirs; hops, flowers dropped and exchanges told in words.

use tabula_core::Seat;
use tabula_registry::{Colour, Move, Segment, TerminalLook};

/// China Moon's look.
pub static LOOK: TerminalLook = TerminalLook {
    legends: &[
        (
            "en",
            &[
                "*: lotus; #: black lotus; ^: spring; x: stupid frog; b: butterfly; S: start; G: goal",
                "[3]: a frog of seat 3; (y): a flower lying there (y yellow, p pink, w white, k black, u blue)",
                "9f: frogs on the start; 2/4: frogs arrived in the goal, of the 4 that end the game",
            ],
        ),
        (
            "fr",
            &[
                "* : lotus ; # : lotus noir ; ^ : ressort ; x : grenouille stupide ; b : papillon ; S : départ ; G : arrivée",
                "[3] : une grenouille du joueur 3 ; (y) : une fleur posée là (y jaune, p rose, w blanche, k noire, u bleue)",
                "9f : grenouilles au départ ; 2/4 : grenouilles arrivées, sur les 4 qui finissent la partie",
            ],
        ),
        (
            "cs",
            &[
                "*: lotosový květ; #: černý lotos; ^: odrazové políčko (pružina); x: hloupá žába; b: motýl; S: start; G: cíl",
                "[3]: žabička hráče 3; (y): květ, který tam leží (y žlutý, p růžový, w bílý, k černý, u modrý)",
                "9f: žabičky na startu; 2/4: žabičky v cíli ze 4, které hru ukončí",
            ],
        ),
    ],
    describe: Some(describe),
    paint: Some(paint),
};

/// A seat's colour key (`yellow`) from its English name (`Yellow`, `Red (x)`).
fn colour_key(english: &str) -> String {
    english.split(' ').next().unwrap_or("").to_ascii_lowercase()
}

fn describe(m: &Move<'_>) -> Option<String> {
    let place = |sp: &str| match sp {
        "S" => m.t("cm.start", &[]),
        "G" => m.t("cm.goal", &[]),
        _ => sp.to_string(),
    };
    let seat_of = |n: &str, key: &str| -> Option<String> {
        let seat = Seat(n.parse::<u8>().ok()?.checked_sub(1)?);
        let colour = colour_key(&m.before.seat_name(seat));
        Some(m.t(&format!("{key}.{colour}"), &[]))
    };
    let flower = |c: char| -> String {
        let name = match c {
            'y' => "yellow",
            'p' => "pink",
            'w' => "white",
            'k' => "black",
            _ => "blue",
        };
        m.t(&format!("cm.flower.{name}"), &[])
    };
    let action = m.action;
    if let Some(rest) = action.strip_prefix("drop:") {
        let c = rest.chars().next()?;
        return Some(m.with_who("cm.m.drop", &[("flower", &flower(c))]));
    }
    if let Some(rest) = action.strip_prefix('x') {
        // `x2:y/p`: with seat 2, give yellow, take pink.
        let (other, flowers) = rest.split_once(':')?;
        let (give, take) = flowers.split_once('/')?;
        let seat = seat_of(other, "colour")?;
        return Some(m.with_who(
            "cm.m.exchange",
            &[
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
    let frog = if frog.parse::<usize>().ok()? == m.seat.number() {
        m.t("cm.m.ownFrog", &[])
    } else {
        m.t("cm.m.frogOf", &[("seat", &seat_of(frog, "colour.of")?)])
    };
    let mut words = m.with_who(
        "cm.m.hop",
        &[("frog", &frog), ("from", &place(from)), ("to", &place(to))],
    );
    if !spaces.is_empty() {
        let route: Vec<String> = spaces.iter().map(|s| place(s)).collect();
        words.push_str(&m.t("cm.m.via", &[("route", &route.join(", "))]));
    }
    Some(words)
}

/// Frogs `[1]` … `[5]` in their seat's colour, bold; flowers `(y)`, `(p)`, `(w)`, `(k)`,
/// `(u)` in theirs.
fn paint(line: &str) -> Vec<Segment> {
    const SEATS: [Colour; 5] = [
        Colour::Red,
        Colour::Blue,
        Colour::Yellow,
        Colour::Purple,
        Colour::Teal,
    ];
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut i = 0;
    while i < chars.len() {
        let mark = chars.get(i + 1).copied().unwrap_or(' ');
        let close = chars.get(i + 2).copied().unwrap_or(' ');
        let colour = match (chars[i], mark, close) {
            ('[', '1'..='5', ']') => Some(SEATS[mark as usize - '1' as usize]),
            ('(', 'y', ')') => Some(Colour::Yellow),
            ('(', 'p', ')') => Some(Colour::Pink),
            ('(', 'w', ')') => Some(Colour::White),
            ('(', 'k', ')') => Some(Colour::Black),
            ('(', 'u', ')') => Some(Colour::Blue),
            _ => None,
        };
        match colour {
            None => {
                plain.push(chars[i]);
                i += 1;
            }
            Some(colour) => {
                out.push(Segment::plain(std::mem::take(&mut plain)));
                let token: String = chars[i..i + 3].iter().collect();
                out.push(Segment::ink(token, colour, chars[i] == '['));
                i += 3;
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
    fn frogs_take_their_seat_colour_in_bold_and_flowers_theirs() {
        let line = "3 [2](k) [6] (z)\n";
        let inked: Vec<(String, Option<(Colour, bool)>)> = paint(line)
            .into_iter()
            .filter(|s| s.ink.is_some())
            .map(|s| (s.text, s.ink))
            .collect();
        assert_eq!(
            inked,
            [
                ("[2]".to_string(), Some((Colour::Blue, true))),
                ("(k)".to_string(), Some((Colour::Black, false))),
            ]
        );
        let whole: String = paint(line).into_iter().map(|s| s.text).collect();
        assert_eq!(whole, line);
    }
}
