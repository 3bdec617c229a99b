//! The [`tabula_core::Game`] implementation and the search capabilities ([`Zobrist`],
//! [`Heuristic`], [`CandidateActions`]), wiring the state (`state.rs`), the rules
//! (`rules.rs`), the move generator (`movegen.rs`), the notation and the view together.

use crate::actions::{self, Action};
use crate::notation;
use crate::params::Params;
use crate::solver;
use crate::state::{MagicalCircle, Phase};
use crate::view::{self, View};
use std::fmt;
use tabula_core::{
    ActionError, Actor, CandidateActions, EndReason, Game, Heuristic, Notation, NotationError,
    Outcome, ParamsError, PositionError, Presentation, Seat, ToAct, Zobrist,
};

impl Game for MagicalCircle {
    type Action = Action;
    type Params = Params;

    const NAME: &'static str = crate::DESCRIPTION.name;

    fn new(params: &Params) -> Result<Self, ParamsError> {
        Ok(MagicalCircle::start(params.config()?))
    }

    fn params(&self) -> Params {
        self.cfg.params()
    }

    fn num_seats(&self) -> usize {
        self.cfg.players as usize
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Setup | Phase::Reveal => ToAct::Chance,
            Phase::Race => ToAct::Several(self.racers()),
            Phase::Play | Phase::Swap => ToAct::One(self.active),
            Phase::Won | Phase::Limit => ToAct::Over(self.outcome_now()),
        }
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<Action>) {
        crate::movegen::legal_actions_for(self, actor, out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        crate::movegen::chance_outcomes(self, out);
    }

    fn validate(&self, actor: Actor, action: Action) -> Result<(), ActionError> {
        crate::rules::validate(self, actor, action)
    }

    fn apply(&mut self, action: Action) {
        debug_assert!(
            !matches!(self.phase, Phase::Won | Phase::Limit),
            "apply on a finished game"
        );
        match action {
            Action::Setup(a) => self.setup(a),
            Action::Reveal(c) => self.reveal(c),
            Action::Claim(s) => self.claim(s),
            Action::Vote(s) => self.vote(s),
            Action::Play(cards) => self.play(cards),
            Action::Swap(pair) => self.swap(pair),
            Action::Timeout => self.fail(),
        }
        if !matches!(action, Action::Setup(_) | Action::Reveal(_)) {
            self.ply.tick();
            if self.ply.reached() && self.phase != Phase::Won {
                self.end_by_limit();
            }
        }
    }
}

impl Notation for MagicalCircle {
    fn to_notation(&self) -> String {
        notation::write(self)
    }

    fn from_notation(params: &Params, text: &str) -> Result<Self, PositionError> {
        // The position says how many play: its `seats` field has one entry per seat.
        let mut params = params.clone();
        if let Some(seats) = text
            .split_whitespace()
            .find_map(|f| f.strip_prefix("seats="))
        {
            params.players = seats.split('/').count();
        }
        let cfg = params.config().map_err(|e| {
            let field = if e.name == "players" {
                "seats"
            } else {
                "params"
            };
            PositionError::new(field, e.to_string())
        })?;
        notation::read(cfg, text)
    }

    fn parse_action(&self, actor: Actor, text: &str) -> Result<Action, NotationError> {
        actions::parse_action(self.cfg.deck, actor, text)
    }

    fn format_action(&self, action: Action) -> String {
        actions::format_action(self.cfg.deck, action)
    }
}

impl Presentation for MagicalCircle {
    type View = View;

    fn view(&self, viewer: Option<Seat>) -> View {
        view::view(self, viewer)
    }

    fn board_text(&self) -> String {
        view::board_text(self)
    }
}

impl MagicalCircle {
    fn outcome_now(&self) -> Outcome {
        let n = self.cfg.players as usize;
        let mut scores = [0i32; tabula_core::MAX_SEATS];
        for (s, score) in scores.iter_mut().enumerate().take(n) {
            *score = self.won_len[s] as i32;
        }
        let outcome = match self.phase {
            Phase::Won => Outcome::win(self.active, n),
            _ => Outcome::draw(n, EndReason::PlyLimit),
        };
        outcome.with_scores(&scores[..n])
    }
}

impl CandidateActions for MagicalCircle {
    fn candidate_actions(&self, actor: Actor, out: &mut Vec<Action>) {
        crate::movegen::candidate_actions(self, actor, out);
    }
}

#[inline]
fn mix(h: u64, x: u64) -> u64 {
    // SplitMix64's finaliser over the running hash and the next word.
    let mut z = (h ^ x).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist for MagicalCircle {
    /// A hash of everything the notation holds (not the ply count).
    fn zobrist(&self) -> u64 {
        let mut h = mix(0, self.phase as u64);
        h = mix(h, self.arr.index() as u64);
        h = mix(h, self.top.0);
        h = mix(h, self.under.0);
        h = mix(h, self.discard.0);
        for &c in self.revealed_slice() {
            h = mix(h, 0x100 | c.0 as u64);
        }
        for s in 0..self.cfg.players as usize {
            h = mix(
                h,
                (self.hands[s].bits() as u64) << 16 | self.face_up[s].bits() as u64,
            );
            for &c in self.won_slice(Seat(s as u8)) {
                h = mix(h, 0x200 | c.0 as u64);
            }
            h = mix(h, 0x300 | s as u64);
        }
        h = mix(
            h,
            (self.excluded.bits() as u64) << 8 | self.voted.bits() as u64,
        );
        h = mix(h, self.first.0 as u64);
        let last = self.last.map_or(15, |p| p.index()) as u64;
        mix(
            h,
            (self.active.0 as u64) << 32
                | (self.played.bits() as u64) << 16
                | (self.done as u64) << 8
                | last,
        )
    }
}

impl Heuristic for MagicalCircle {
    /// Magic cards held against the best opponent's (as fractions of the target), plus small
    /// terms: a running attempt that can still succeed (or cannot), swap cards in hand, and
    /// exclusion.
    fn evaluate(&self, seat: Seat) -> f64 {
        if seat.index() >= self.cfg.players as usize {
            return 0.0;
        }
        match self.phase {
            Phase::Won => return if self.active == seat { 1.0 } else { -1.0 },
            Phase::Limit => return 0.0,
            _ => {}
        }
        let target = self.cfg.target as f64;
        let cards = |s: usize| {
            let mut c = self.won_len[s] as f64;
            if self.phase == Phase::Swap && self.active.index() == s {
                c += if self.attempt_can_succeed() {
                    0.5
                } else {
                    -0.5
                };
            }
            c / target
        };
        let mine = cards(seat.index());
        let best_other = (0..self.cfg.players as usize)
            .filter(|&s| s != seat.index())
            .map(cards)
            .fold(f64::MIN, f64::max);
        let hand = self.hands[seat.index()].len() as f64 / self.cfg.values.len() as f64;
        let excluded = if self.excluded.contains(seat) {
            1.0
        } else {
            0.0
        };
        (0.8 * (mine - best_other) + 0.05 * hand - 0.05 * excluded).clamp(-1.0, 1.0)
    }
}

impl MagicalCircle {
    /// During the swaps: whether some revealed card can still be reached with the swaps left.
    pub fn attempt_can_succeed(&self) -> bool {
        if self.phase != Phase::Swap {
            return false;
        }
        let left = (self.k() - self.done) as usize;
        self.revealed_slice()
            .iter()
            .any(|&c| solver::reachable(self.arr, self.cfg.deck.arrangement(c), left, self.last))
    }
}

impl fmt::Debug for MagicalCircle {
    /// Every field that can change, packed into hex words: the test harness compares states
    /// by their debug text, so it must be complete and cheap.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w0 = self.phase as u64
            | (self.arr.index() as u64) << 8
            | (self.first.0 as u64) << 24
            | (self.excluded.bits() as u64) << 32
            | (self.voted.bits() as u64) << 40
            | (self.active.0 as u64) << 48
            | (self.done as u64) << 56;
        let w1 = self.revealed[0].0 as u64
            | (self.revealed[1].0 as u64) << 8
            | (self.revealed[2].0 as u64) << 16
            | (self.n_revealed as u64) << 24
            | (self.played.bits() as u64) << 32
            | (self.last.map_or(0xff, |p| p.index()) as u64) << 48;
        write!(
            f,
            "MagicalCircle({w0:x} {w1:x} {:x} {:x} {:x} {}",
            self.top.0, self.under.0, self.discard.0, self.ply.plies
        )?;
        for s in 0..self.cfg.players as usize {
            let won = self
                .won_slice(Seat(s as u8))
                .iter()
                .fold(0u128, |acc, c| acc << 6 | c.0 as u128);
            let seat = self.hands[s].bits() as u64
                | (self.face_up[s].bits() as u64) << 16
                | (self.won_len[s] as u64) << 32;
            write!(f, " {seat:x}:{won:x}")?;
        }
        f.write_str(")")
    }
}
