//! Français : les mots de `tabula play`.

use super::Text;

/// Le texte français.
pub const TEXT: Text = Text {
    intro: "{title} — tapez une action en notation, `?` pour les actions permises, `rules` pour les règles, `quit` pour arrêter.",
    legend: "Légende :",
    bot_plays: "{seat} joue {action}",
    bot_move: "{words} ({action})",
    bot_refused: "le robot de {seat} a été refusé ({error})",
    hourglass_out: "Le sablier est écoulé.",
    not_your_turn: "Ce n'est pas votre tour.",
    not_your_seat: "La place {seat} n'est pas une des vôtres qui peut jouer maintenant.",
    write_the_seat: "Plusieurs de vos places peuvent jouer : écrivez d'abord la place, par exemple `{example}`",
    refused: "Refusé : {error}. Tapez `?` pour les actions permises.",
    input_closed: "Entrée fermée : la partie s'arrête ici.",
    to_act: "À jouer : {seat}",
    any_may_act: "Chacun de ceux-ci peut jouer : {seats}",
    chance: "Un tirage au sort est en attente",
    over_draw: "Partie terminée : match nul",
    over_ply_limit: "Partie terminée : nul par limite de coups",
    over_repetition: "Partie terminée : nul par triple répétition",
    over_won: "Partie terminée : victoire de {seats}",
    and: " et ",
    scores: " (points : {scores})",
    seat_number: "{seat} (place {number})",
    seat: "Place {number}",
    no_such_seat: "la place {seat} n'existe pas dans une partie à {players} joueurs",
    nobody_can_act: "aucune place ne peut jouer : {status}",
    colours: &[
        ("Yellow", "Jaune"),
        ("Red", "Rouge"),
        ("Blue", "Bleu"),
        ("White", "Blanc"),
        ("Green", "Vert"),
        ("Purple", "Violet"),
        ("Teal", "Turquoise"),
        ("Orange", "Orange"),
        ("Violet", "Mauve"),
    ],
};
