//! What a seat or a spectator sees ([`View`], serialised as JSON for the web UI) and the board
//! drawn as text for terminals.
//!
//! Hidden information: only the order of the draw pile, which the engine does not keep (it
//! draws uniformly from the unseen cards), so views show its size, never its content. All else
//! is public at the table: the tokens, the revealed cards, every hand of swap cards (they lie
//! on the table and are played openly), face-up cards, magic cards won and the discard pile
//! (every discarded card was seen face up). A seat's view differs from a spectator's only in
//! `viewer` and `legal` (the actions that seat may take now).
//!
//! Fields of [`View`]:
//! - `game` (`"magical-circle"`), `players`, `viewer` (seat number or null), `target` (D6),
//!   `hourglass_seconds` (D5), `swap_values` (D4).
//! - `phase`: `setup`, `reveal`, `race`, `play`, `swap`, `won`, `limit`.
//! - `arrangement`: the tokens from the Lady clockwise (`FWEALD`), null before setup;
//!   `places`: the same as element letters for places 1–6.
//! - `revealed`: the revealed cards (arrangements) in the order revealed.
//! - `draw_pile`: cards in the draw pile (`draw_pile_under` of them are reshuffled discards
//!   under the rest); `discard`: the discard pile (arrangements, deck order).
//! - `first_player`, `to_act` (seat numbers that may act now; empty for chance and when over),
//!   `chance_pending`.
//! - `attempt` (null outside an attempt): `seat`, `played` (values), `k`, `swaps_done`,
//!   `last_pair` (e.g. `"25"` or null), `can_succeed` (whether a revealed card can still be
//!   reached — public, since anyone can compute it from the table).
//! - `seats`: per seat `seat`, `hand`, `face_up` (values ascending), `won` (arrangements,
//!   oldest first), `cards` (their number), `excluded`, `voted`, `active`.
//! - `winner` (seat number or null), `result` (`"win"`, `"ply_limit"` or null).
//! - `legal`: the viewer's legal actions in notation (empty for spectators).

use crate::arrangement::{ELEMENT_NAMES, LETTERS};
use crate::state::{MagicalCircle, Phase};
use serde::Serialize;
use tabula_core::{Actor, Game, Notation, Seat};

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct View {
    pub game: &'static str,
    pub players: usize,
    pub viewer: Option<usize>,
    pub target: u8,
    pub hourglass_seconds: u32,
    pub swap_values: Vec<u8>,
    pub phase: &'static str,
    pub arrangement: Option<String>,
    pub places: Vec<String>,
    pub revealed: Vec<String>,
    pub draw_pile: usize,
    pub draw_pile_under: usize,
    pub discard: Vec<String>,
    pub first_player: usize,
    pub to_act: Vec<usize>,
    pub chance_pending: bool,
    pub attempt: Option<AttemptView>,
    pub seats: Vec<SeatView>,
    pub winner: Option<usize>,
    pub result: Option<&'static str>,
    pub legal: Vec<String>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AttemptView {
    pub seat: usize,
    pub played: Vec<u8>,
    pub k: u8,
    pub swaps_done: u8,
    pub last_pair: Option<String>,
    pub can_succeed: bool,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeatView {
    pub seat: usize,
    pub hand: Vec<u8>,
    pub face_up: Vec<u8>,
    pub won: Vec<String>,
    pub cards: usize,
    pub excluded: bool,
    pub voted: bool,
    pub active: bool,
}

pub(crate) fn view(g: &MagicalCircle, viewer: Option<Seat>) -> View {
    let deck = g.cfg.deck;
    let placed = g.phase != Phase::Setup;
    let seats = Seat::all(g.cfg.players as usize)
        .map(|s| SeatView {
            seat: s.number(),
            hand: g.hands[s.index()].values().collect(),
            face_up: g.face_up[s.index()].values().collect(),
            won: g
                .won_slice(s)
                .iter()
                .map(|&c| deck.arrangement(c).to_string())
                .collect(),
            cards: g.won_len[s.index()] as usize,
            excluded: g.excluded.contains(s),
            voted: g.voted.contains(s),
            active: g.phase.is_attempt() && g.active == s,
        })
        .collect();
    let attempt = g.phase.is_attempt().then(|| AttemptView {
        seat: g.active.number(),
        played: g.played.values().collect(),
        k: g.k(),
        swaps_done: g.done,
        last_pair: g.last.map(|p| p.to_string()),
        can_succeed: g.phase == Phase::Play || g.attempt_can_succeed(),
    });
    let mut legal = Vec::new();
    if let Some(seat) = viewer.filter(|s| s.index() < g.cfg.players as usize) {
        let mut actions = Vec::new();
        g.legal_actions_for(Actor::Seat(seat), &mut actions);
        legal = actions.iter().map(|&a| g.format_action(a)).collect();
    }
    View {
        game: "magical-circle",
        players: g.cfg.players as usize,
        viewer: viewer.map(Seat::number),
        target: g.cfg.target,
        hourglass_seconds: g.cfg.hourglass,
        swap_values: g.cfg.values.values().collect(),
        phase: g.phase.name(),
        arrangement: placed.then(|| g.arr.to_string()),
        places: if placed {
            g.arr
                .elements()
                .iter()
                .map(|&e| LETTERS[e as usize].to_string())
                .collect()
        } else {
            Vec::new()
        },
        revealed: g
            .revealed_slice()
            .iter()
            .map(|&c| deck.arrangement(c).to_string())
            .collect(),
        draw_pile: g.top.len() + g.under.len(),
        draw_pile_under: g.under.len(),
        discard: g
            .discard
            .iter()
            .map(|c| deck.arrangement(c).to_string())
            .collect(),
        first_player: g.first.number(),
        to_act: g.to_act().seats().iter().map(Seat::number).collect(),
        chance_pending: matches!(g.phase, Phase::Setup | Phase::Reveal),
        attempt,
        seats,
        winner: (g.phase == Phase::Won).then(|| g.active.number()),
        result: match g.phase {
            Phase::Won => Some("win"),
            Phase::Limit => Some("ply_limit"),
            _ => None,
        },
        legal,
    }
}

/// The circle with the Lady at the top and places 1–6 clockwise, then the cards and seats.
pub(crate) fn board_text(g: &MagicalCircle) -> String {
    let deck = g.cfg.deck;
    let at = |place: usize| {
        if g.phase == Phase::Setup {
            format!("{place}:?")
        } else {
            format!("{place}:{}", g.arr.letter_at(place))
        }
    };
    let mut out = String::new();
    out.push_str(&format!(
        "Magical Circle, {} players, first to {} magic cards. Phase: {}\n\n",
        g.cfg.players,
        g.cfg.target,
        g.phase.name()
    ));
    out.push_str("            (Lady)\n");
    out.push_str(&format!("      {}        {}\n", at(6), at(1)));
    out.push_str(&format!("   {}              {}\n", at(5), at(2)));
    out.push_str(&format!("      {}        {}\n\n", at(4), at(3)));
    if g.phase != Phase::Setup {
        let names: Vec<String> = g
            .arr
            .elements()
            .iter()
            .map(|&e| ELEMENT_NAMES[e as usize].to_string())
            .collect();
        out.push_str(&format!("Tokens: {} ({})\n", g.arr, names.join(", ")));
    }
    let revealed: Vec<String> = g
        .revealed_slice()
        .iter()
        .map(|&c| {
            let a = deck.arrangement(c);
            let d = crate::solver::swap_distance(g.arr, a);
            format!("{a} (distance {d})")
        })
        .collect();
    out.push_str(&format!(
        "Revealed: {}\n",
        if revealed.is_empty() {
            "-".into()
        } else {
            revealed.join("  ")
        }
    ));
    out.push_str(&format!(
        "Draw pile: {} cards ({} reshuffled under)   Discard pile: {} cards\n",
        g.top.len() + g.under.len(),
        g.under.len(),
        g.discard.len()
    ));
    for s in Seat::all(g.cfg.players as usize) {
        let i = s.index();
        let won: Vec<String> = g
            .won_slice(s)
            .iter()
            .map(|&c| deck.arrangement(c).to_string())
            .collect();
        let mut marks = Vec::new();
        if g.first == s {
            marks.push("first player");
        }
        if g.excluded.contains(s) {
            marks.push("excluded");
        }
        if g.voted.contains(s) {
            marks.push("voted");
        }
        if g.phase.is_attempt() && g.active == s {
            marks.push("holds the hourglass");
        }
        out.push_str(&format!(
            "Seat {}: hand {}  face up {}  magic cards {} [{}]{}\n",
            s.number(),
            g.hands[i],
            g.face_up[i],
            won.len(),
            won.join(" "),
            if marks.is_empty() {
                String::new()
            } else {
                format!("  ({})", marks.join(", "))
            }
        ));
    }
    match g.phase {
        Phase::Swap => out.push_str(&format!(
            "Attempt: seat {} played {} (k = {}), swaps done {}, last pair {}\n",
            g.active.number(),
            g.played,
            g.k(),
            g.done,
            g.last.map_or("-".to_string(), |p| p.to_string())
        )),
        Phase::Play => out.push_str(&format!(
            "Attempt: seat {} holds the hourglass and must play 1 or 2 swap cards\n",
            g.active.number()
        )),
        Phase::Race => {
            let seats: Vec<String> = g.racers().iter().map(|s| s.number().to_string()).collect();
            out.push_str(&format!(
                "Race: seats {} may claim or vote\n",
                seats.join(", ")
            ));
        }
        Phase::Won => out.push_str(&format!("Seat {} wins.\n", g.active.number())),
        Phase::Limit => out.push_str("The ply limit ended the game in a draw.\n"),
        Phase::Setup => out.push_str("Chance: the tokens are being placed\n"),
        Phase::Reveal => out.push_str("Chance: cards are being revealed\n"),
    }
    out
}
