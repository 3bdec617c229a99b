//! Čeština: slova příkazu `tabula play`.

use super::Text;

/// Český text.
pub const TEXT: Text = Text {
    intro: "{title} — napiš akci v notaci, `?` pro dovolené akce, `rules` pro pravidla, `quit` pro konec.",
    legend: "Legenda:",
    bot_plays: "{seat} hraje {action}",
    bot_move: "{words} ({action})",
    bot_refused: "bot hráče {seat} byl odmítnut ({error})",
    hourglass_out: "Přesýpací hodiny doběhly.",
    not_your_turn: "Nejsi na tahu.",
    not_your_seat: "Místo {seat} není tvoje, nebo teď nesmí hrát.",
    write_the_seat: "Hrát může víc tvých míst: napiš nejdřív místo, např. `{example}`",
    refused: "Odmítnuto: {error}. Napiš `?` pro dovolené akce.",
    input_closed: "Vstup uzavřen: hra tady končí.",
    to_act: "Na tahu: {seat}",
    any_may_act: "Hrát může kdokoli z nich: {seats}",
    chance: "Čeká se na náhodu",
    over_draw: "Konec hry: remíza",
    over_ply_limit: "Konec hry: remíza limitem tahů",
    over_repetition: "Konec hry: remíza trojím opakováním pozice",
    over_won: "Konec hry: vyhrává {seats}",
    and: " a ",
    scores: " (body: {scores})",
    seat_number: "{seat} (místo {number})",
    seat: "Hráč {number}",
    no_such_seat: "místo {seat} ve hře {players} hráčů neexistuje",
    nobody_can_act: "nikdo nemůže hrát: {status}",
    colours: &[
        ("Yellow", "Žlutý"),
        ("Red", "Červený"),
        ("Blue", "Modrý"),
        ("White", "Bílý"),
        ("Green", "Zelený"),
        ("Purple", "Fialový"),
        ("Teal", "Tyrkysový"),
        ("Orange", "Oranžový"),
        ("Violet", "Levandulový"),
    ],
};
