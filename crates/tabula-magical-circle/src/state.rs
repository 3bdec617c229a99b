//! The game state and the rules' state changes: revealing cards (with the reshuffle under the
//! pile, rule 9), the race (claims and votes, D10/D11), the attempt (play, swaps) and its
//! success or failure with every consequence (rules 6–7, D7–D9). Legality is checked
//! elsewhere (`rules.rs`); these functions trust their input.

use crate::arrangement::{Arrangement, Pair};
use crate::cards::{Card, CardSet, Hand};
use crate::params::{Config, MAX_TARGET};
use tabula_core::{MAX_SEATS, PlyLimit, Seat, SeatSet};

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Chance places the tokens (720 equally likely arrangements).
    Setup,
    /// Chance reveals the next of the three magic cards.
    Reveal,
    /// The race: every seat that is not excluded may claim the hourglass or vote.
    Race,
    /// The active seat must play 1 or 2 swap cards.
    Play,
    /// The active seat makes its swaps.
    Swap,
    /// A seat holds the target number of magic cards (D6): it won.
    Won,
    /// The optional ply limit of automated play ended the game in a draw.
    Limit,
}

impl Phase {
    /// The phase's name in notation and views (`setup`, `race`, `won`, …).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "setup",
            Phase::Reveal => "reveal",
            Phase::Race => "race",
            Phase::Play => "play",
            Phase::Swap => "swap",
            Phase::Won => "won",
            Phase::Limit => "limit",
        }
    }

    /// Every phase, in the order of a game.
    pub const ALL: [Phase; 7] = [
        Phase::Setup,
        Phase::Reveal,
        Phase::Race,
        Phase::Play,
        Phase::Swap,
        Phase::Won,
        Phase::Limit,
    ];

    pub(crate) fn from_name(name: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Whether a seat is making an attempt (playing swap cards or swapping).
    pub fn is_attempt(self) -> bool {
        matches!(self, Phase::Play | Phase::Swap)
    }
}

/// A Magical Circle game (rules: `shared/rules/magical-circle.md`, digital edition D1–D10 and
/// the rulings D11– of `docs/rules/magical-circle.md`).
#[derive(Clone, PartialEq, Eq)]
pub struct MagicalCircle {
    pub(crate) cfg: Config,
    pub(crate) ply: PlyLimit,
    pub(crate) phase: Phase,
    /// The tokens (meaningless in `Setup`).
    pub(crate) arr: Arrangement,
    /// The draw pile: the part drawn first, and the reshuffled discards put under it (rule 9).
    /// Drawing a uniformly random card of the upper part is exactly drawing the top card of a
    /// shuffled pile; the part under it is only reached when the upper part is empty.
    pub(crate) top: CardSet,
    pub(crate) under: CardSet,
    pub(crate) discard: CardSet,
    pub(crate) revealed: [Card; 3],
    pub(crate) n_revealed: u8,
    pub(crate) hands: [Hand; MAX_SEATS],
    pub(crate) face_up: [Hand; MAX_SEATS],
    /// Magic cards won, oldest first.
    pub(crate) won: [[Card; MAX_TARGET]; MAX_SEATS],
    pub(crate) won_len: [u8; MAX_SEATS],
    pub(crate) excluded: SeatSet,
    pub(crate) voted: SeatSet,
    pub(crate) first: Seat,
    /// The attempt: the active seat (the winner once `Won`), the swap cards played (`k` is
    /// their sum), the swaps done and the last pair swapped.
    pub(crate) active: Seat,
    pub(crate) played: Hand,
    pub(crate) done: u8,
    pub(crate) last: Option<Pair>,
}

impl MagicalCircle {
    pub(crate) fn start(cfg: Config) -> MagicalCircle {
        MagicalCircle {
            cfg,
            ply: PlyLimit::new(cfg.max_plies),
            phase: Phase::Setup,
            arr: Arrangement::FIRST,
            top: cfg.deck.all(),
            under: CardSet::EMPTY,
            discard: CardSet::EMPTY,
            revealed: [Card(0); 3],
            n_revealed: 0,
            hands: [cfg.values; MAX_SEATS],
            face_up: [Hand::EMPTY; MAX_SEATS],
            won: [[Card(0); MAX_TARGET]; MAX_SEATS],
            won_len: [0; MAX_SEATS],
            excluded: SeatSet::EMPTY,
            voted: SeatSet::EMPTY,
            first: Seat(0),
            active: Seat(0),
            played: Hand::EMPTY,
            done: 0,
            last: None,
        }
    }

    pub(crate) fn all_seats(&self) -> SeatSet {
        SeatSet::all(self.cfg.players as usize)
    }

    /// The seats that may race (not excluded).
    pub(crate) fn racers(&self) -> SeatSet {
        SeatSet::from_bits(self.all_seats().bits() & !self.excluded.bits())
    }

    /// The number of swaps the attempt announced (`k`).
    pub fn k(&self) -> u8 {
        self.played.sum()
    }

    pub(crate) fn revealed_slice(&self) -> &[Card] {
        &self.revealed[..self.n_revealed as usize]
    }

    pub(crate) fn won_slice(&self, seat: Seat) -> &[Card] {
        &self.won[seat.index()][..self.won_len[seat.index()] as usize]
    }

    // ---- state changes ----

    /// Rule 1 (and 9): a new set of three cards is about to be revealed. If the draw pile
    /// holds fewer than three cards, the discards are shuffled and put under it.
    pub(crate) fn start_reveal(&mut self) {
        self.n_revealed = 0;
        self.voted = SeatSet::EMPTY;
        if self.top.len() + self.under.len() < 3 {
            self.under.0 |= self.discard.0;
            self.discard = CardSet::EMPTY;
        }
        self.normalize_pile();
        self.phase = Phase::Reveal;
    }

    fn normalize_pile(&mut self) {
        if self.top.is_empty() {
            self.top = self.under;
            self.under = CardSet::EMPTY;
        }
    }

    pub(crate) fn setup(&mut self, arrangement: Arrangement) {
        self.arr = arrangement;
        self.start_reveal();
    }

    pub(crate) fn reveal(&mut self, card: Card) {
        self.top.remove(card);
        self.revealed[self.n_revealed as usize] = card;
        self.n_revealed += 1;
        self.normalize_pile();
        if self.n_revealed == 3 {
            self.phase = Phase::Race;
        }
    }

    /// Rule 2: the claimant becomes active. Votes are cleared (D11).
    pub(crate) fn claim(&mut self, seat: Seat) {
        self.active = seat;
        self.voted = SeatSet::EMPTY;
        self.played = Hand::EMPTY;
        self.done = 0;
        self.last = None;
        self.phase = Phase::Play;
    }

    /// Rule 8 / D10: when every seat that is not excluded has voted, the round passes.
    pub(crate) fn vote(&mut self, seat: Seat) {
        self.voted.insert(seat);
        if self.voted == self.racers() {
            self.discard_revealed();
            self.start_reveal();
        }
    }

    /// Rule 3.
    pub(crate) fn play(&mut self, cards: Hand) {
        let a = self.active.index();
        self.hands[a] = self.hands[a].minus(cards);
        self.played = cards;
        self.done = 0;
        self.last = None;
        self.phase = Phase::Swap;
    }

    /// Rules 4–5: one swap; after the k-th, the attempt succeeds or fails.
    pub(crate) fn swap(&mut self, pair: Pair) {
        self.arr.swap(pair);
        self.done += 1;
        self.last = Some(pair);
        if self.done >= self.k() {
            let deck = self.cfg.deck;
            let arr = self.arr;
            match self
                .revealed_slice()
                .iter()
                .position(|&c| deck.arrangement(c) == arr)
            {
                Some(i) => self.succeed(i),
                None => self.fail(),
            }
        }
    }

    fn discard_revealed(&mut self) {
        for i in 0..self.n_revealed as usize {
            self.discard.insert(self.revealed[i]);
        }
        self.n_revealed = 0;
    }

    fn end_attempt(&mut self) {
        self.first = self.active;
        self.played = Hand::EMPTY;
        self.done = 0;
        self.last = None;
    }

    /// Rule 6 (D6, D7): the card is won, the other revealed cards discarded.
    fn succeed(&mut self, index: usize) {
        let a = self.active.index();
        let card = self.revealed[index];
        self.won[a][self.won_len[a] as usize] = card;
        self.won_len[a] += 1;
        self.revealed[index] = self.revealed[self.n_revealed as usize - 1];
        self.n_revealed -= 1;
        self.discard_revealed();
        self.face_up[a] = self.face_up[a].union(self.played);
        if self.hands[a].len() <= 1 {
            // D7: the hand is down to one card or none: every swap card comes back.
            self.hands[a] = self.cfg.values;
            self.face_up[a] = Hand::EMPTY;
        }
        // A card won ends every exclusion (rule 7).
        self.excluded = SeatSet::EMPTY;
        self.end_attempt();
        if self.won_len[a] >= self.cfg.target {
            self.phase = Phase::Won;
        } else {
            self.active = Seat(0);
            self.start_reveal();
        }
    }

    /// Rule 7 (D8, D9): a failed attempt, after the k-th swap or on `timeout`.
    pub(crate) fn fail(&mut self) {
        let a = self.active.index();
        if self.won_len[a] > 0 {
            self.won_len[a] -= 1;
            self.discard.insert(self.won[a][self.won_len[a] as usize]);
        }
        self.hands[a] = self.hands[a].union(self.played);
        self.discard_revealed();
        self.excluded.insert(self.active);
        if self.excluded == self.all_seats() {
            // D9: everyone is excluded: exclusions end.
            self.excluded = SeatSet::EMPTY;
        }
        self.end_attempt();
        self.active = Seat(0);
        self.start_reveal();
    }

    /// The optional ply limit: ends the game in a draw, keeping the cards where they lie.
    pub(crate) fn end_by_limit(&mut self) {
        if self.phase == Phase::Swap {
            let a = self.active.index();
            self.hands[a] = self.hands[a].union(self.played);
        }
        self.phase = Phase::Limit;
        self.active = Seat(0);
        self.played = Hand::EMPTY;
        self.done = 0;
        self.last = None;
        self.voted = SeatSet::EMPTY;
    }
}
