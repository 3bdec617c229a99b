//! Magical Circle (digital edition), a real-time game with hidden deck order: its entry, the
//! solver's rollouts for MCTS, and its levels ([`SightBot`]: how far each level sees).
//!
//! The exact swap solver finds every way to win a card, so two searching bots that both use
//! it differ only by chance: with races decided by skill, more iterations did not make a
//! stronger bot (bench/log/performance-history.md, "The ladder: adjacent levels"). What
//! separates players is how far they see, so that is what the levels are made of.

use rand::RngExt;
use tabula_ai::{AiError, Bot, BotFactory, Decision, Level, SearchLimits, SearchReport};
use tabula_ai::{RandomRollout, Rollout};
use tabula_core::{Actor, Game, GameRng, Seat, SeatSet, ToAct};
use tabula_magical_circle::{Action, MagicalCircle};
use tabula_registry::{Entry, Ladder};

/// `expert`'s search (for analysis) runs 30 000 iterations instead of 50 000: with the
/// solver's rollouts 50 000 took 1.8 s per move (2.1 s at most) of one core of a 2-core
/// machine on 2 December 2026, over the 2 s of the level's time budget (docs/performance.md,
/// "Levels: time per move"). The levels play by sight ([`SightBot`]).
pub static ENTRY: Entry<MagicalCircle> = Entry::new(&tabula_magical_circle::DESCRIPTION, || {
    BotFactory::new()
        .with_rollout(SolverRollout)
        .with_level_iterations([100, 1_000, 10_000, 30_000])
        .with_level_policy(|search, level, _seed| Box::new(SightBot::new(search, level)))
})
.with_ladder(&LADDER)
.with_race_lines(tabula_magical_circle::fewest_swap_lines)
.with_terminal(&crate::terminal::MAGICAL_CIRCLE);

/// The levels' ladder, each against the one below (docs/performance.md, "Bot strength",
/// 2 December 2026): their estimated ratings.
static LADDER: Ladder = Ladder {
    players: 2,
    games: 1000,
    scores: &[1.0, 0.946, 0.941, 0.832],
};

/// How far each level sees, weakest first: the most swaps a way to win a revealed card may
/// take for the level to notice it (the levels' table in `tabula_ai::level`). 7 is every way:
/// two swap cards add up to 7 at most.
pub const VISION: [u8; 4] = [1, 2, 3, 7];

/// How fast each level reacts in a race, weakest first, as a person of that strength would:
/// milliseconds to take in the revealed cards, then milliseconds for each swap of the way to
/// win one that the level traces before claiming. A level that sees no card votes after
/// looking as far as it sees (at most [`VOTE_SWAPS`] swaps' time). Real-time hosts wait this
/// long before applying the claim or the vote ([`Bot::think_delay`]).
pub const REACTION_MS: [(u64, u64); 4] = [
    (2_500, 2_500),
    (2_000, 2_000),
    (1_500, 1_500),
    (1_000, 1_000),
];

/// The most swaps' time a level spends looking before it votes.
pub const VOTE_SWAPS: u8 = 4;

/// A level of Magical Circle: it claims the hourglass when it sees a card it can win (a
/// winning plan of at most its vision's swaps, widened by one per round passed since the
/// last claim), votes when it sees none, and then follows the solver's best plan. Its
/// decisions take no search; the level's MCTS (`search`) answers [`Bot::analyse`] and gives
/// the pace.
pub struct SightBot {
    search: Box<dyn Bot<MagicalCircle>>,
    vision: u8,
    /// The level's [`REACTION_MS`].
    reaction: (u64, u64),
    /// Sets of revealed cards passed by a vote since the last claim: each widens the sight
    /// by one swap, as players who stare at the circle for long see farther.
    passed: u8,
    actions: Vec<Action>,
}

impl SightBot {
    /// The bot of `level`, keeping `search` for analysis and its pace.
    pub fn new(search: Box<dyn Bot<MagicalCircle>>, level: Level) -> SightBot {
        SightBot {
            search,
            vision: VISION[level as usize],
            reaction: REACTION_MS[level as usize],
            passed: 0,
            actions: Vec::new(),
        }
    }

    /// How far the bot sees now: its vision, widened by the rounds passed since the last
    /// claim.
    pub fn sight(&self) -> u8 {
        self.vision.saturating_add(self.passed)
    }

    /// Whether `seat` sees a way to win a revealed card: a plan of at most its sight's swaps.
    fn sees_a_card(&self, game: &MagicalCircle, seat: Seat) -> bool {
        self.seen_plan_swaps(game, seat).is_some()
    }

    /// The swaps of the way to win a card that `seat` sees, if it sees one.
    fn seen_plan_swaps(&self, game: &MagicalCircle, seat: Seat) -> Option<u8> {
        // Plans come fewest swaps first.
        game.best_plan(seat)
            .map(|p| p.swaps.len())
            .filter(|&n| n <= self.sight() as usize)
            .map(|n| n as u8)
    }

    /// What the bot does, given the legal actions of `seat` (not empty).
    fn choose(&self, game: &MagicalCircle, seat: Seat, may_wait: bool) -> Decision<Action> {
        let legal = |a: Action| self.actions.contains(&a);
        if legal(Action::Claim(seat)) {
            // The race.
            if self.sees_a_card(game, seat) {
                return Decision::Act(Action::Claim(seat));
            }
            if legal(Action::Vote(seat)) {
                return Decision::Act(Action::Vote(seat));
            }
            if may_wait {
                return Decision::Wait;
            }
        }
        // Active: the solver's best plan has the fewest swaps, so it is one the bot saw.
        let next = game.solver_action(seat).filter(|&a| legal(a));
        Decision::Act(next.unwrap_or(self.actions[0]))
    }
}

impl Bot<MagicalCircle> for SightBot {
    fn name(&self) -> String {
        format!("sight {}", self.vision)
    }

    fn decide(
        &mut self,
        game: &MagicalCircle,
        seat: Seat,
        may_wait: bool,
    ) -> Result<Decision<Action>, AiError> {
        let to_act = game.to_act();
        if to_act.is_over() {
            return Err(AiError::GameOver);
        }
        if !to_act.seats().contains(seat) {
            return Err(AiError::SeatCannotAct(seat));
        }
        let mut actions = std::mem::take(&mut self.actions);
        actions.clear();
        game.legal_actions_for(Actor::Seat(seat), &mut actions);
        self.actions = actions;
        if self.actions.is_empty() {
            return Err(AiError::NoLegalAction(seat));
        }
        let may_wait = may_wait && matches!(to_act, ToAct::Several(_));
        Ok(self.choose(game, seat, may_wait))
    }

    fn observe(&mut self, before: &MagicalCircle, action: Action) {
        match action {
            Action::Claim(_) => self.passed = 0,
            Action::Vote(_) => {
                // The vote that completes the set passes the round: new cards are revealed.
                let mut after = before.clone();
                after.apply(action);
                if after.to_act() == ToAct::Chance {
                    self.passed = self.passed.saturating_add(1);
                }
            }
            _ => {}
        }
        self.search.observe(before, action);
    }

    fn reset(&mut self) {
        self.passed = 0;
        self.search.reset();
    }

    /// In a race, a person's reaction at this level ([`REACTION_MS`]); otherwise the search's
    /// pace.
    fn think_delay(&self, game: &MagicalCircle, seat: Seat) -> std::time::Duration {
        if !matches!(game.to_act(), ToAct::Several(_)) {
            return self.search.think_delay(game, seat);
        }
        let (look, per_swap) = self.reaction;
        let swaps = self
            .seen_plan_swaps(game, seat)
            .unwrap_or(self.sight().min(VOTE_SWAPS));
        std::time::Duration::from_millis(look + per_swap * u64::from(swaps))
    }

    fn set_stop(&mut self, stop: Option<tabula_ai::Stop>) {
        self.search.set_stop(stop)
    }

    /// The level's search, reporting this level's own choice as the best action.
    fn analyse(
        &mut self,
        game: &MagicalCircle,
        seat: Seat,
        limits: &SearchLimits,
        every_root_action: bool,
    ) -> Result<Option<SearchReport<Action>>, AiError> {
        let Some(mut report) = self.search.analyse(game, seat, limits, every_root_action)? else {
            return Ok(None);
        };
        if let Decision::Act(own) = self.decide(game, seat, false)?
            && report.best != Some(own)
        {
            report.best = Some(own);
            report.pv = vec![own];
        }
        Ok(Some(report))
    }
}

/// Rollouts and tree priors from the exact swap solver: a seat claims when it can win a card
/// and then follows its plan; random swaps almost never complete a card, so random rollouts
/// would tell the search nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolverRollout;

impl Rollout<MagicalCircle> for SolverRollout {
    fn pick(
        &self,
        game: &MagicalCircle,
        seat: Seat,
        actions: &[Action],
        rng: &mut GameRng,
    ) -> Action {
        match self.prior(game, seat, actions) {
            Some(a) => a,
            None => RandomRollout.pick(game, seat, actions, rng),
        }
    }

    fn prior(&self, game: &MagicalCircle, seat: Seat, actions: &[Action]) -> Option<Action> {
        game.solver_action(seat).filter(|a| actions.contains(a))
    }

    fn pick_seat(&self, game: &MagicalCircle, seats: SeatSet, rng: &mut GameRng) -> Seat {
        let claimers: SeatSet = seats
            .iter()
            .filter(|&s| matches!(game.solver_action(s), Some(Action::Claim(_))))
            .collect();
        let pool = if claimers.is_empty() { seats } else { claimers };
        let pick = rng.random_range(0..pool.len().max(1));
        pool.iter().nth(pick).unwrap_or(Seat(0))
    }
}
