//! Français : les mots de `tabula play`.

use super::Text;

/// Le texte français.
pub const TEXT: Text = Text {
    intro: "{title} — tapez une action en notation, `?` pour les actions permises, `rules` pour les règles, `quit` pour arrêter.",
    legend: "Légende :",
    legends: &[
        (
            "toumai",
            &[
                "Y R B : pions Jaunes, Rouges et Bleus ; 1 2 3 : la force d'un oiseau ; M : un pion-mage ; N : un pion neutre (face cachée)",
                "[YM] : le pion en tête de file d'une piste (celui qui peut s'envoler) ; les pions en dessous sont enclavés",
                ". : une case vide ; * : l'étoile, après la case 6",
            ],
        ),
        (
            "khan-tsin",
            &[
                "w g b : jetons blancs, verts et bleus ; W G B : leurs Khans ; . : une case vide",
                "Les piles se lisent de bas en haut : le jeton du sommet, le plus haut, contrôle la pile",
                "value 1 2 3 : case simple, double ou triple (la distance que parcourt sa pile)",
            ],
        ),
        (
            "china-moon",
            &[
                "* : lotus ; # : lotus noir ; ^ : ressort ; x : grenouille stupide ; b : papillon ; S : départ ; G : arrivée",
                "[3] : une grenouille du joueur 3 ; (y) : une fleur posée là (y jaune, p rose, w blanche, k noire, u bleue)",
                "9f : grenouilles au départ ; 2/4 : grenouilles arrivées, sur les 4 qui finissent la partie",
            ],
        ),
        (
            "magical-circle",
            &[
                "(Lady) : la Magical Lady, fixe ; 1:F … 6:D : les places depuis elle dans le sens horaire, et leurs jetons élément",
                "F Feu, W Eau, E Terre, A Air, L Lumière, D Ténèbres",
                "distance : le plus petit nombre d'échanges qui donne la disposition de cette carte",
            ],
        ),
        (
            "connect-four",
            &[
                "x : les pions du joueur 1 (Rouge) ; o : ceux du joueur 2 (Jaune) ; . : une case vide",
                "X O : l'alignement gagnant ; 1 … 7 : les colonnes, votre action",
            ],
        ),
    ],
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
