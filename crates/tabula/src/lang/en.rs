//! English: the words of `tabula play`.

use super::Text;

/// The English text.
pub const TEXT: Text = Text {
    intro: "{title} — type an action in notation, `?` for the legal ones, `rules` for the rules, `quit` to stop.",
    legend: "Legend:",
    legends: &[
        (
            "toumai",
            &[
                "Y R B: Yellow, Red and Blue pawns; 1 2 3: a bird's strength; M: a magician; N: a neutral pawn (face down)",
                "[YM]: the top pawn of a line (the one that may fly); the pawns under it are enclosed",
                ".: an empty square; *: the star, after square 6",
            ],
        ),
        (
            "khan-tsin",
            &[
                "w g b: white, green and blue tokens; W G B: their Khans; .: an empty square",
                "Stacks read upward: the top token, highest, controls the stack",
                "value 1 2 3: a single, double or triple square (how far its stack moves)",
            ],
        ),
        (
            "china-moon",
            &[
                "*: lotus; #: black lotus; ^: spring; x: stupid frog; b: butterfly; S: start; G: goal",
                "[3]: a frog of seat 3; (y): a flower lying there (y yellow, p pink, w white, k black, u blue)",
                "9f: frogs on the start; 2/4: frogs arrived in the goal, of the 4 that end the game",
            ],
        ),
        (
            "magical-circle",
            &[
                "(Lady): the Magical Lady, fixed; 1:F … 6:D: the places clockwise from her and their tokens",
                "F Fire, W Water, E Earth, A Air, L Light, D Dark",
                "distance: the fewest swaps that turn the tokens into that card",
            ],
        ),
        (
            "connect-four",
            &[
                "x: seat 1's stones (Red); o: seat 2's (Yellow); .: an empty cell",
                "X O: the four that won; 1 … 7: the columns, your action",
            ],
        ),
    ],
    bot_plays: "{seat} plays {action}",
    bot_move: "{words} ({action})",
    bot_refused: "{seat}'s bot was refused ({error})",
    hourglass_out: "The hourglass has run out.",
    not_your_turn: "It is not your turn.",
    not_your_seat: "Seat {seat} is not one of yours that may act now.",
    write_the_seat: "Several of your seats may act: write the seat first, e.g. `{example}`",
    refused: "Refused: {error}. Type `?` for the legal actions.",
    input_closed: "Input closed: the game stops here.",
    to_act: "To act: {seat}",
    any_may_act: "Any of these may act: {seats}",
    chance: "A chance event is pending",
    over_draw: "Game over: a draw",
    over_ply_limit: "Game over: a draw by the ply limit",
    over_repetition: "Game over: a draw by threefold repetition",
    over_won: "Game over: {seats} won",
    and: " and ",
    scores: " (scores: {scores})",
    seat_number: "{seat} (seat {number})",
    seat: "Seat {number}",
    no_such_seat: "seat {seat} does not exist in a {players}-player game",
    nobody_can_act: "no seat can act: {status}",
    colours: &[],
};
