//! English: the words of `tabula play`.

use super::Text;

/// The English text.
pub const TEXT: Text = Text {
    intro: "{title} — type an action in notation, `?` for the legal ones, `rules` for the rules, `quit` to stop.",
    legend: "Legend:",
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
