//! How a game ended, per seat, and the optional ply limit used by automated play.

use crate::{MAX_SEATS, Seat};
use serde::{Deserialize, Serialize};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A seat met the game's winning condition.
    Win,
    /// The rules declare a draw (e.g. nobody can ever move again).
    Draw,
    /// The game ended by comparing scores (ties share the win).
    Score,
    /// The optional ply limit of automated play was reached: not a rules outcome.
    PlyLimit,
    /// The same position occurred a third time with the same seat to act: a draw by
    /// repetition (Toumaï and Khan-Tsin, see [`crate::RepetitionHistory`]).
    Repetition,
}

/// The result of a finished game: a rank per seat (1 is best; equal ranks share), and the
/// scores where the game counts points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Number of seats in the game; entries beyond it are 0.
    pub seats: u8,
    /// Each seat's rank, 1 best; equal ranks share.
    pub ranks: [u8; MAX_SEATS],
    /// Each seat's final score, in games that count points.
    pub scores: Option<[i32; MAX_SEATS]>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// `winner` won alone; every other seat shares second place.
    pub fn win(winner: Seat, seats: usize) -> Outcome {
        let mut ranks = [0; MAX_SEATS];
        for (i, rank) in ranks.iter_mut().enumerate().take(seats) {
            *rank = if i == winner.index() { 1 } else { 2 };
        }
        Outcome {
            seats: seats as u8,
            ranks,
            scores: None,
            reason: EndReason::Win,
        }
    }

    /// Every seat shares first place.
    pub fn draw(seats: usize, reason: EndReason) -> Outcome {
        let mut ranks = [0; MAX_SEATS];
        ranks[..seats].fill(1);
        Outcome {
            seats: seats as u8,
            ranks,
            scores: None,
            reason,
        }
    }

    /// Ranks from scores, higher is better; equal scores share a rank (competition ranking).
    pub fn from_scores(scores: &[i32]) -> Outcome {
        let mut ranks = [0; MAX_SEATS];
        let mut all = [0; MAX_SEATS];
        for (i, &s) in scores.iter().enumerate() {
            all[i] = s;
            ranks[i] = 1 + scores.iter().filter(|&&o| o > s).count() as u8;
        }
        Outcome {
            seats: scores.len() as u8,
            ranks,
            scores: Some(all),
            reason: EndReason::Score,
        }
    }

    /// The same outcome with these final scores, one per seat (ranks unchanged).
    pub fn with_scores(mut self, scores: &[i32]) -> Outcome {
        let mut all = [0; MAX_SEATS];
        all[..scores.len()].copy_from_slice(scores);
        self.scores = Some(all);
        self
    }

    /// The rank of `seat`, 1 best.
    pub fn rank(&self, seat: Seat) -> u8 {
        self.ranks[seat.index()]
    }

    /// The ranks of the game's seats, in seat order.
    pub fn ranks(&self) -> &[u8] {
        &self.ranks[..self.seats as usize]
    }

    /// The scores of the game's seats, if the game counts points.
    pub fn scores(&self) -> Option<&[i32]> {
        self.scores.as_ref().map(|s| &s[..self.seats as usize])
    }

    /// The seats ranked first.
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.seats as usize).filter(|s| self.rank(*s) == 1)
    }

    /// Whether the game ended in a draw (rules draw, ply limit or repetition).
    pub fn is_draw(&self) -> bool {
        matches!(
            self.reason,
            EndReason::Draw | EndReason::PlyLimit | EndReason::Repetition
        )
    }

    /// The seat's return for search and statistics: the seats ranked first share 1, the
    /// others get 0. A two-player draw is ½ each.
    pub fn reward(&self, seat: Seat) -> f64 {
        if self.rank(seat) == 1 {
            1.0 / self.winners().count() as f64
        } else {
            0.0
        }
    }
}

/// The optional ply limit of automated play (Toumaï R11, Khan-Tsin R6): after `max` plies the
/// game ends in a [`EndReason::PlyLimit`] draw. Games keep one and count their plies in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlyLimit {
    /// Plies played so far.
    pub plies: u32,
    /// The limit; `None`: no limit.
    pub max: Option<u32>,
}

impl PlyLimit {
    /// No plies played yet, with the limit `max`.
    pub fn new(max: Option<u32>) -> PlyLimit {
        PlyLimit { plies: 0, max }
    }

    /// Counts one more ply.
    #[inline]
    pub fn tick(&mut self) {
        self.plies += 1;
    }

    /// Whether the limit is reached (never without one).
    #[inline]
    pub fn reached(&self) -> bool {
        matches!(self.max, Some(m) if self.plies >= m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_scores_share_the_win() {
        let o = Outcome::from_scores(&[10, 12, 12, 3]);
        assert_eq!(o.ranks(), &[3, 1, 1, 4]);
        assert_eq!(o.winners().collect::<Vec<_>>(), vec![Seat(1), Seat(2)]);
        assert_eq!(o.reward(Seat(1)), 0.5);
        assert_eq!(o.reward(Seat(0)), 0.0);
    }

    #[test]
    fn two_player_draw_is_half_each() {
        let o = Outcome::draw(2, EndReason::Draw);
        assert_eq!(o.reward(Seat(0)), 0.5);
        assert!(o.is_draw());
        let w = Outcome::win(Seat(1), 3);
        assert_eq!(w.ranks(), &[2, 1, 2]);
        assert_eq!(w.reward(Seat(1)), 1.0);
    }

    #[test]
    fn ply_limit_reached_only_when_set() {
        let mut l = PlyLimit::new(Some(2));
        l.tick();
        assert!(!l.reached());
        l.tick();
        assert!(l.reached());
        let mut off = PlyLimit::new(None);
        off.tick();
        assert!(!off.reached());
    }
}
