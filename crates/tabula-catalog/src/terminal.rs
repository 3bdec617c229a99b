//! How the built-in games show themselves in a terminal (`tabula play`): each game's
//! [`TerminalLook`], its legend in every language of [`tabula_registry::LANGUAGES`], its moves
//! in words and its board's colours. Moves are told with the web UI's words (the keys of its
//! language files, which the host reads), so the terminal and the browser never tell a move
//! two ways. Connect Four's and Magical Circle's looks are here; the larger ones each have a
//! module.

pub mod china_moon;
pub mod khan_tsin;
pub mod toumai;

use tabula_registry::terminal::paint_letters;
use tabula_registry::{Colour, Move, Segment, TerminalLook};

/// Connect Four's look: stones `x` (Red) and `o` (Yellow), the winning four in capitals and
/// bold; a move is a disc dropped in a column.
pub static CONNECT_FOUR: TerminalLook = TerminalLook {
    legends: &[
        (
            "en",
            &[
                "x: seat 1's stones (Red); o: seat 2's (Yellow); .: an empty cell",
                "X O: the four that won; 1 … 7: the columns, your action",
            ],
        ),
        (
            "fr",
            &[
                "x : les pions du joueur 1 (Rouge) ; o : ceux du joueur 2 (Jaune) ; . : une case vide",
                "X O : l'alignement gagnant ; 1 … 7 : les colonnes, votre action",
            ],
        ),
        (
            "cs",
            &[
                "x: kameny hráče 1 (červený); o: kameny hráče 2 (žlutý); .: prázdné pole",
                "X O: vítězná čtveřice; 1 … 7: sloupce, tvoje akce",
            ],
        ),
    ],
    describe: Some(connect_four_move),
    paint: Some(connect_four_line),
};

fn connect_four_move(m: &Move<'_>) -> Option<String> {
    Some(m.with_who("c4.m.drop", &[("col", m.action)]))
}

/// The grid's rows (` |x.o…|`) with their stones in colour; other lines plain.
fn connect_four_line(line: &str) -> Vec<Segment> {
    if !line.starts_with(" |") {
        return vec![Segment::plain(line)];
    }
    paint_letters(line, |c| match c {
        'x' | 'X' => Some((Colour::Red, c == 'X')),
        'o' | 'O' => Some((Colour::Yellow, c == 'O')),
        _ => None,
    })
}

/// Magical Circle's look: a legend and moves in words, the board plain.
pub static MAGICAL_CIRCLE: TerminalLook = TerminalLook {
    legends: &[
        (
            "en",
            &[
                "(Lady): the Magical Lady, fixed; 1:F … 6:D: the places clockwise from her and their tokens",
                "F Fire, W Water, E Earth, A Air, L Light, D Dark",
                "distance: the fewest swaps that turn the tokens into that card",
            ],
        ),
        (
            "fr",
            &[
                "(Lady) : la Magical Lady, fixe ; 1:F … 6:D : les places depuis elle dans le sens horaire, et leurs jetons élément",
                "F Feu, W Eau, E Terre, A Air, L Lumière, D Ténèbres",
                "distance : le plus petit nombre d'échanges qui donne la disposition de cette carte",
            ],
        ),
        (
            "cs",
            &[
                "(Lady): Magical Lady, pevně na místě; 1:F … 6:D: místa od ní po směru hodinových ručiček a jejich žetony živlů",
                "F oheň, W voda, E země, A vzduch, L světlo, D tma",
                "distance: nejmenší počet výměn, po kterých žetony ukážou tuto kartu",
            ],
        ),
    ],
    describe: Some(magical_circle_move),
    paint: None,
};

fn magical_circle_move(m: &Move<'_>) -> Option<String> {
    Some(match m.action {
        "claim" => m.with_who("mc.m.claim", &[]),
        "vote" => m.with_who("mc.m.vote", &[]),
        action => {
            if let Some(places) = action.strip_prefix("swap:") {
                let (p, q) = places.split_at(places.len().min(1));
                m.with_who("mc.m.swap", &[("p", p), ("q", q)])
            } else {
                let cards: Vec<u32> = action
                    .strip_prefix("play:")?
                    .chars()
                    .map(|c| c.to_digit(10))
                    .collect::<Option<_>>()?;
                let shown: Vec<String> = cards.iter().map(u32::to_string).collect();
                let n = cards.iter().sum::<u32>().to_string();
                m.with_who("mc.m.play", &[("cards", &shown.join(" + ")), ("n", &n)])
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connect_four_colours_only_the_grid_rows_the_winning_four_bold() {
        let inks: Vec<Option<(Colour, bool)>> = connect_four_line(" |xO.|\n")
            .into_iter()
            .map(|s| s.ink)
            .collect();
        assert_eq!(
            inks,
            [
                None,
                None,
                Some((Colour::Red, false)),
                Some((Colour::Yellow, true)),
                None,
                None,
                None
            ]
        );
        assert_eq!(
            connect_four_line("  1 x o\n"),
            [Segment::plain("  1 x o\n")]
        );
    }
}
