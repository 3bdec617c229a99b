//! Integer actions and observations (`tabula_core::ActionIndex`, `tabula_core::Observe`).
//!
//! Actions: 1 314 indices, for every player count and deck.
//!
//! | indices     | action                                                              |
//! |-------------|---------------------------------------------------------------------|
//! | 0–719       | `setup:…` (chance): the arrangement's index in lexicographic order   |
//! | 720–783     | `reveal:…` (chance): `720 + card`, the card's number in the deck      |
//! | 784         | `claim` (the seat is the actor's)                                   |
//! | 785         | `vote` (the seat is the actor's)                                    |
//! | 786–1 297   | `play:…`: `786 + Σ 2^(v−1)` over the played values `v` (1–9)          |
//! | 1 298–1 312 | `swap:pq`: `1 298 + pair`, pairs ordered 12, 13, …, 16, 23, …, 56     |
//! | 1 313       | `timeout` (the host)                                                |
//!
//! The race (rule 2): during it several seats may act at once; each seat's mask holds
//! `claim` and `vote` as they are open to it, and the first action applied wins the race.
//!
//! Observation: a vector of `271 + 22·players` values. Seats are counted from the viewer (a
//! spectator sees from seat 1): relative seat 0 is the viewer, 1 the next seat in turn, ….
//! The draw pile's order is hidden: only its size is shown, as in the seat's view.
//!
//! | offset          | length | meaning                                                     |
//! |-----------------|--------|-------------------------------------------------------------|
//! | 0               | 36     | `6·place + element`: the tokens (all 0 before setup)        |
//! | 36              | 108    | `36·slot + 6·place + element`: the revealed cards (up to 3)  |
//! | 144             | 9      | the values played in the current attempt                    |
//! | 153             | 15     | the pair swapped last in the attempt                         |
//! | 168             | 7      | the phase: setup, reveal, race, play, swap, won, limit       |
//! | 175             | 64     | the discard pile, by card number                             |
//! | 239             | 32     | scalars: k (the sum played), swaps done, draw pile size, cards under it, target, then 27 zeros kept for later fields |
//! | 271 + 22·r      | 22     | relative seat `r`: its hand (9 values), face-up cards (9), cards won, excluded, voted, active |

use crate::actions::Action;
use crate::arrangement::{Arrangement, PAIRS, PLACES, Pair};
use crate::cards::{Card, Hand, MAX_DECK, MAX_VALUE};
use crate::state::{MagicalCircle, Phase};
use tabula_core::{ActionIndex, Actor, Observe, Seat};

const REVEAL: usize = 720;
const CLAIM: usize = REVEAL + MAX_DECK;
const VOTE: usize = CLAIM + 1;
const PLAY: usize = VOTE + 1;
const SWAP: usize = PLAY + 512;
const TIMEOUT: usize = SWAP + PAIRS;
const ACTIONS: usize = TIMEOUT + 1;
const SEAT_BASE: usize = 271;
const PER_SEAT: usize = 22;

fn hand_of(bits: usize) -> Option<Hand> {
    let values: Vec<u8> = (1..=MAX_VALUE)
        .filter(|v| bits & (1 << (v - 1)) != 0)
        .collect();
    Hand::from_values(&values)
}

impl ActionIndex for MagicalCircle {
    fn num_actions(&self) -> usize {
        ACTIONS
    }

    fn action_index(&self, action: Action) -> usize {
        match action {
            Action::Setup(a) => a.index() as usize,
            Action::Reveal(c) => REVEAL + c.0 as usize,
            Action::Claim(_) => CLAIM,
            Action::Vote(_) => VOTE,
            Action::Play(h) => PLAY + (h.bits() as usize >> 1),
            Action::Swap(p) => SWAP + p.index(),
            Action::Timeout => TIMEOUT,
        }
    }

    fn index_action(&self, actor: Actor, index: usize) -> Option<Action> {
        match index {
            i if i < REVEAL => Arrangement::from_index(i as u16).map(Action::Setup),
            i if i < CLAIM => Some(Action::Reveal(Card((i - REVEAL) as u8))),
            CLAIM | VOTE => match actor {
                Actor::Seat(s) if index == CLAIM => Some(Action::Claim(s)),
                Actor::Seat(s) => Some(Action::Vote(s)),
                _ => None,
            },
            i if i < SWAP => hand_of(i - PLAY).map(Action::Play),
            i if i < TIMEOUT => Pair::from_index(i - SWAP).map(Action::Swap),
            TIMEOUT => Some(Action::Timeout),
            _ => None,
        }
    }
}

impl Observe for MagicalCircle {
    fn observation_shape(&self) -> Vec<usize> {
        vec![SEAT_BASE + PER_SEAT * self.cfg.players as usize]
    }

    fn observe(&self, viewer: Option<Seat>, out: &mut Vec<f32>) {
        let n = self.cfg.players as usize;
        out.clear();
        out.resize(SEAT_BASE + PER_SEAT * n, 0.0);
        let deck = self.cfg.deck;
        let arrangement = |offset: usize, a: Arrangement, out: &mut Vec<f32>| {
            for (place, &e) in a.elements().iter().enumerate() {
                out[offset + PLACES * place + e as usize] = 1.0;
            }
        };
        if self.phase != Phase::Setup {
            arrangement(0, self.arr, out);
        }
        for (slot, &card) in self.revealed_slice().iter().enumerate() {
            arrangement(36 + 36 * slot, deck.arrangement(card), out);
        }
        for v in self.played.values() {
            out[144 + v as usize - 1] = 1.0;
        }
        if let Some(p) = self.last {
            out[153 + p.index()] = 1.0;
        }
        let phase = Phase::ALL
            .iter()
            .position(|&p| p == self.phase)
            .unwrap_or(0);
        out[168 + phase] = 1.0;
        for card in self.discard.iter() {
            out[175 + card.0 as usize] = 1.0;
        }
        out[239] = self.k() as f32;
        out[240] = self.done as f32;
        out[241] = (self.top.len() + self.under.len()) as f32;
        out[242] = self.under.len() as f32;
        out[243] = self.cfg.target as f32;
        let me = viewer.map_or(0, |v| v.index() % n);
        for seat in Seat::all(n) {
            let base = SEAT_BASE + PER_SEAT * ((seat.index() + n - me) % n);
            for v in self.hands[seat.index()].values() {
                out[base + v as usize - 1] = 1.0;
            }
            for v in self.face_up[seat.index()].values() {
                out[base + 9 + v as usize - 1] = 1.0;
            }
            out[base + 18] = self.won_len[seat.index()] as f32;
            out[base + 19] = self.excluded.contains(seat) as u8 as f32;
            out[base + 20] = self.voted.contains(seat) as u8 as f32;
            out[base + 21] = (self.phase.is_attempt() && self.active == seat) as u8 as f32;
        }
    }
}
