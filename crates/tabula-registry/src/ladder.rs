//! The bot levels' estimated ratings: from the skill ladder measured for each game (each level
//! against the one below it, `docs/performance.md`, "Bot strength"), as the rating differences
//! those scores imply, on top of a fixed rating for random play. They are shown beside the
//! bots' names and never updated: an estimate of bot against bot, not of bot against people.

use tabula_ai::analysis::ladder::elo;

/// The rating given to the weakest level (uniformly random moves), as someone who has just
/// learnt the moves might play.
pub const RANDOM_RATING: f64 = 600.0;

/// A game's measured ladder: the score of each level against the level below it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ladder {
    /// The players of the measured games: the stronger level in one seat, the weaker in all
    /// the others.
    pub players: usize,
    /// The games of each step.
    pub games: u32,
    /// Per level above the weakest, its score against the level below (wins, plus a draw's
    /// or a shared first place's share), from 0 to 1.
    pub scores: &'static [f64],
}

impl Ladder {
    /// The estimated rating of each level, weakest first: [`RANDOM_RATING`], then each
    /// level's rating plus the difference its score implies. A perfect score is counted as
    /// half a game short of it (as `tabula analyze --ladder` does), so that it stays finite.
    pub fn ratings(&self) -> Vec<f64> {
        let edge = 1.0 / (2.0 * f64::from(self.games.max(1)));
        let mut rating = RANDOM_RATING;
        let mut out = vec![rating];
        for &p in self.scores {
            rating += elo(p.clamp(edge, 1.0 - edge), self.players);
            out.push(rating);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_add_up_the_differences_and_a_perfect_score_stays_finite() {
        let even = Ladder {
            players: 2,
            games: 100,
            scores: &[0.5, 0.76],
        };
        let r = even.ratings();
        assert_eq!(r.len(), 3);
        assert!(
            (r[1] - RANDOM_RATING).abs() < 1e-9,
            "an even score adds nothing"
        );
        assert!(
            (r[2] - r[1] - 200.0).abs() < 1.0,
            "76 % is about +200: {}",
            r[2] - r[1]
        );
        let perfect = Ladder {
            players: 2,
            games: 100,
            scores: &[1.0],
        }
        .ratings();
        assert!((perfect[1] - RANDOM_RATING - elo(0.995, 2)).abs() < 1e-9);
        let three = Ladder {
            players: 3,
            games: 100,
            scores: &[1.0 / 3.0],
        }
        .ratings();
        assert!(
            (three[1] - RANDOM_RATING).abs() < 1e-9,
            "the fair share of three adds nothing"
        );
    }
}
