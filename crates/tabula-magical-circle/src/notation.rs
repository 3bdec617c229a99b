//! The position notation: one line of `key=value` fields separated by spaces, written in
//! this order (read in any order):
//!
//! ```text
//! arr=FWEALD phase=swap active=2 play=12 done=1 last=25 revealed=WFEALD,FLEAWD,DFWEAL
//!   seats=1234:-:-/34:-:FWDAEL excluded=- voted=- first=1 discard=FELDWA under=-
//! ```
//!
//! - `arr`: the tokens from the Lady clockwise; `-` only in phase `setup`.
//! - `phase`: `setup`, `reveal`, `race`, `play`, `swap`, `won` or `limit`.
//! - `active` (phases `play` and `swap` only): the seat number holding the hourglass.
//! - `play`, `done`, `last` (phase `swap` only): the swap cards played (`k` is their sum),
//!   the swaps made so far (less than `k`), the last pair swapped (`-` before the first).
//! - `revealed`: the revealed cards in the order revealed (3 in the race and the attempt).
//! - `seats`: per seat, `/`-separated: `hand:face-up:won`, the swap cards in hand and those
//!   face up in front of the seat (values, or `-`), and the magic cards won, oldest first.
//! - `excluded`, `voted`: seat numbers (e.g. `13`) or `-`.
//! - `first`: the first player's seat number.
//! - `discard`: the discard pile, in deck order. `under`: the reshuffled discards under the
//!   draw pile (only while cards are being revealed). The upper part of the draw pile is
//!   every other card of the deck: its order is unknown to everyone and not kept.
//!
//! Cards are written as their arrangements and must be cards of the deck (D3). Errors name
//! the field at fault.

use crate::arrangement::{Arrangement, Pair};
use crate::cards::{Card, CardSet, Hand};
use crate::params::Config;
use crate::state::{MagicalCircle, Phase};
use tabula_core::{PositionError, Seat, SeatSet};

pub(crate) fn write(g: &MagicalCircle) -> String {
    let deck = g.cfg.deck;
    let cards = |list: &mut dyn Iterator<Item = Card>| {
        let names: Vec<String> = list.map(|c| deck.arrangement(c).to_string()).collect();
        if names.is_empty() {
            "-".to_string()
        } else {
            names.join(",")
        }
    };
    let mut out = String::with_capacity(200);
    if g.phase == Phase::Setup {
        out.push_str("arr=-");
    } else {
        out.push_str(&format!("arr={}", g.arr));
    }
    out.push_str(&format!(" phase={}", g.phase.name()));
    if g.phase.is_attempt() {
        out.push_str(&format!(" active={}", g.active.number()));
    }
    if g.phase == Phase::Swap {
        let last = g.last.map_or("-".to_string(), |p| p.to_string());
        out.push_str(&format!(" play={} done={} last={last}", g.played, g.done));
    }
    out.push_str(&format!(
        " revealed={}",
        cards(&mut g.revealed_slice().iter().copied())
    ));
    let seats: Vec<String> = (0..g.cfg.players)
        .map(|s| {
            let seat = Seat(s);
            format!(
                "{}:{}:{}",
                g.hands[seat.index()],
                g.face_up[seat.index()],
                cards(&mut g.won_slice(seat).iter().copied())
            )
        })
        .collect();
    out.push_str(&format!(" seats={}", seats.join("/")));
    out.push_str(&format!(
        " excluded={} voted={} first={}",
        seat_list(g.excluded),
        seat_list(g.voted),
        g.first.number()
    ));
    out.push_str(&format!(
        " discard={} under={}",
        cards(&mut g.discard.iter()),
        cards(&mut g.under.iter())
    ));
    out
}

fn seat_list(set: SeatSet) -> String {
    if set.is_empty() {
        return "-".into();
    }
    set.iter().map(|s| s.number().to_string()).collect()
}

fn err(field: &str, message: impl Into<String>) -> PositionError {
    PositionError::new(field, message)
}

const KEYS: [&str; 13] = [
    "arr", "phase", "active", "play", "done", "last", "revealed", "seats", "excluded", "voted",
    "first", "discard", "under",
];

/// The fields of a position, before their values are read.
struct Fields<'a>([Option<&'a str>; KEYS.len()]);

impl<'a> Fields<'a> {
    fn split(text: &'a str) -> Result<Fields<'a>, PositionError> {
        let mut fields = Fields([None; KEYS.len()]);
        if text.trim().is_empty() {
            return Err(err("position", "empty"));
        }
        for token in text.split_whitespace() {
            let Some((key, value)) = token.split_once('=') else {
                return Err(err(token, "expected `key=value`"));
            };
            if key.is_empty() {
                return Err(err(token, "a field needs a name before `=`"));
            }
            let Some(i) = KEYS.iter().position(|&k| k == key) else {
                return Err(err(
                    key,
                    format!("unknown field; the fields are {}", KEYS.join(" ")),
                ));
            };
            if fields.0[i].is_some() {
                return Err(err(key, "given twice"));
            }
            fields.0[i] = Some(value);
        }
        Ok(fields)
    }

    fn get(&self, key: &str) -> Option<&'a str> {
        KEYS.iter().position(|&k| k == key).and_then(|i| self.0[i])
    }

    fn need(&self, key: &str) -> Result<&'a str, PositionError> {
        self.get(key).ok_or_else(|| err(key, "missing"))
    }
}

/// Cards seen so far, to refuse a card listed twice.
struct Seen {
    set: CardSet,
    place: [&'static str; 64],
}

impl Seen {
    fn card(
        &mut self,
        cfg: &Config,
        field: &'static str,
        text: &str,
    ) -> Result<Card, PositionError> {
        let a = Arrangement::parse(text).map_err(|m| err(field, m))?;
        let card = cfg
            .deck
            .card_of(a)
            .ok_or_else(|| err(field, format!("{a} is not a card of the deck (D3)")))?;
        if self.set.contains(card) {
            let other = self.place[card.0 as usize];
            return Err(err(field, format!("card {a} is also in {other}")));
        }
        self.set.insert(card);
        self.place[card.0 as usize] = field;
        Ok(card)
    }

    fn list(
        &mut self,
        cfg: &Config,
        field: &'static str,
        text: &str,
    ) -> Result<Vec<Card>, PositionError> {
        if text == "-" {
            return Ok(Vec::new());
        }
        text.split(',').map(|t| self.card(cfg, field, t)).collect()
    }
}

fn seat_number(players: u8, field: &str, text: &str) -> Result<Seat, PositionError> {
    text.parse::<usize>()
        .ok()
        .filter(|&n| (1..=players as usize).contains(&n))
        .and_then(Seat::from_number)
        .ok_or_else(|| err(field, format!("`{text}` is not a seat number 1–{players}")))
}

fn seat_set(players: u8, field: &str, text: &str) -> Result<SeatSet, PositionError> {
    let mut set = SeatSet::EMPTY;
    if text == "-" {
        return Ok(set);
    }
    for c in text.chars() {
        let seat = seat_number(players, field, &c.to_string())?;
        if set.contains(seat) {
            return Err(err(field, format!("seat {} listed twice", seat.number())));
        }
        set.insert(seat);
    }
    Ok(set)
}

fn hand(field: &str, text: &str) -> Result<Hand, PositionError> {
    Hand::parse(text).map_err(|m| err(field, m))
}

/// Reads and validates a position.
pub(crate) fn read(cfg: Config, text: &str) -> Result<MagicalCircle, PositionError> {
    let f = Fields::split(text)?;
    let mut g = MagicalCircle::start(cfg);
    let phase_text = f.need("phase")?;
    g.phase = Phase::from_name(phase_text).ok_or_else(|| {
        err(
            "phase",
            format!("`{phase_text}`; use setup, reveal, race, play, swap, won or limit"),
        )
    })?;
    let arr = f.need("arr")?;
    match (g.phase, arr) {
        (Phase::Setup, "-") => {}
        (Phase::Setup, _) => return Err(err("arr", "must be `-` in phase setup (not yet placed)")),
        (_, "-") => return Err(err("arr", "the tokens are placed in every phase but setup")),
        (_, a) => g.arr = Arrangement::parse(a).map_err(|m| err("arr", m))?,
    }
    let mut seen = Seen {
        set: CardSet::EMPTY,
        place: [""; 64],
    };
    let revealed = seen.list(&cfg, "revealed", f.need("revealed")?)?;
    if revealed.len() > 3 {
        return Err(err(
            "revealed",
            format!("{} cards; at most 3", revealed.len()),
        ));
    }
    for (i, &c) in revealed.iter().enumerate() {
        g.revealed[i] = c;
    }
    g.n_revealed = revealed.len() as u8;
    let seats_text = f.need("seats")?;
    let seats: Vec<&str> = seats_text.split('/').collect();
    if seats.len() != cfg.players as usize {
        return Err(err(
            "seats",
            format!(
                "{} seats but the game has {} players",
                seats.len(),
                cfg.players
            ),
        ));
    }
    for (s, text) in seats.iter().enumerate() {
        let parts: Vec<&str> = text.split(':').collect();
        let [h, up, won] = parts[..] else {
            return Err(err(
                "seats",
                format!("seat {}: `{text}` is not `hand:face-up:won`", s + 1),
            ));
        };
        g.hands[s] = hand("seats", h)?;
        g.face_up[s] = hand("seats", up)?;
        let won = seen.list(&cfg, "seats", won)?;
        if won.len() > cfg.target as usize {
            return Err(err(
                "seats",
                format!(
                    "seat {} holds {} magic cards; the target is {}",
                    s + 1,
                    won.len(),
                    cfg.target
                ),
            ));
        }
        g.won[s][..won.len()].copy_from_slice(&won);
        g.won_len[s] = won.len() as u8;
    }
    g.excluded = seat_set(cfg.players, "excluded", f.need("excluded")?)?;
    g.voted = seat_set(cfg.players, "voted", f.need("voted")?)?;
    g.first = seat_number(cfg.players, "first", f.need("first")?)?;
    for c in seen.list(&cfg, "discard", f.need("discard")?)? {
        g.discard.insert(c);
    }
    for c in seen.list(&cfg, "under", f.need("under")?)? {
        g.under.insert(c);
    }
    g.top = CardSet(cfg.deck.all().0 & !seen.set.0);
    read_attempt(&mut g, &f)?;
    crate::position_check::check(&mut g)?;
    Ok(g)
}

fn read_attempt(g: &mut MagicalCircle, f: &Fields) -> Result<(), PositionError> {
    let players = g.cfg.players;
    for key in ["active", "play", "done", "last"] {
        let allowed = match key {
            "active" => g.phase.is_attempt(),
            _ => g.phase == Phase::Swap,
        };
        if f.get(key).is_some() && !allowed {
            return Err(err(key, format!("not a field of phase {}", g.phase.name())));
        }
        if f.get(key).is_none() && allowed {
            return Err(err(
                key,
                format!("missing (phase {} needs it)", g.phase.name()),
            ));
        }
    }
    if let Some(a) = f.get("active") {
        g.active = seat_number(players, "active", a)?;
    }
    if g.phase == Phase::Swap {
        g.played = hand("play", f.need("play")?)?;
        let done = f.need("done")?;
        g.done = done
            .parse()
            .map_err(|_| err("done", format!("`{done}` is not a number of swaps")))?;
        let last = f.need("last")?;
        g.last = match last {
            "-" => None,
            p => Some(Pair::parse(p).map_err(|m| err("last", m))?),
        };
    }
    Ok(())
}
