//! Čeština: slova příkazu `tabula play`.

use super::Text;

/// Český text.
pub const TEXT: Text = Text {
    intro: "{title} — napiš akci v notaci, `?` pro dovolené akce, `rules` pro pravidla, `quit` pro konec.",
    legend: "Legenda:",
    legends: &[
        (
            "toumai",
            &[
                "Y R B: žluté, červené a modré figurky; 1 2 3: síla ptáka; M: mág; N: neutrální figurka (lícem dolů)",
                "[YM]: vedoucí figurka dráhy (ta, která smí letět); figurky pod ní jsou uzavřené",
                ".: prázdné políčko; *: hvězda za políčkem 6",
            ],
        ),
        (
            "khan-tsin",
            &[
                "w g b: bílé, zelené a modré žetony; W G B: jejich chánové; .: prázdné pole",
                "Sloupce se čtou zdola nahoru: horní žeton, nejvýš, sloupec ovládá",
                "value 1 2 3: jednoduché, dvojité nebo trojité pole (o kolik se jeho sloupec pohne)",
            ],
        ),
        (
            "china-moon",
            &[
                "*: lotosový květ; #: černý lotos; ^: odrazové políčko (pružina); x: hloupá žába; b: motýl; S: start; G: cíl",
                "[3]: žabička hráče 3; (y): květ, který tam leží (y žlutý, p růžový, w bílý, k černý, u modrý)",
                "9f: žabičky na startu; 2/4: žabičky v cíli ze 4, které hru ukončí",
            ],
        ),
        (
            "magical-circle",
            &[
                "(Lady): Magical Lady, pevně na místě; 1:F … 6:D: místa od ní po směru hodinových ručiček a jejich žetony živlů",
                "F oheň, W voda, E země, A vzduch, L světlo, D tma",
                "distance: nejmenší počet výměn, po kterých žetony ukážou tuto kartu",
            ],
        ),
        (
            "connect-four",
            &[
                "x: kameny hráče 1 (červený); o: kameny hráče 2 (žlutý); .: prázdné pole",
                "X O: vítězná čtveřice; 1 … 7: sloupce, tvoje akce",
            ],
        ),
    ],
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
