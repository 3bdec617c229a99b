//! `tabula solve`: every way to win a Magical Circle card from an arrangement with a hand.

use anyhow::Result;
use tabula_magical_circle::{parse_arrangement, parse_cards, parse_hand, solve_lines};

/// Prints one line per (card, swap cards played) that wins, sorted; nothing when none does.
pub fn solve(arrangement: &str, cards: &str, hand: &str) -> Result<()> {
    let lines = solve_lines(
        parse_arrangement(arrangement)?,
        &parse_cards(cards)?,
        parse_hand(hand)?,
    );
    for line in lines {
        println!("{line}");
    }
    Ok(())
}
