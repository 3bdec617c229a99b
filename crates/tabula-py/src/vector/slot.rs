//! One game of a `VectorEnv`: its state, generator and opponent bots, and how it steps.

use crate::catalog::make_bot;
use rand::RngExt;
use serde_json::Value;
use std::sync::Mutex;
use tabula_core::{Actor, GameRng, Seat, ToAct, rng_from_seed};
use tabula_registry::{DynBot, DynGame, IndexedEntry, IndexedGame, RegistryError, Setup};

/// What every game of a vector shares.
pub(crate) struct Config {
    pub(crate) entry: &'static dyn IndexedEntry,
    pub(crate) params: Value,
    pub(crate) setup: Setup,
    pub(crate) seats: usize,
    pub(crate) num_actions: usize,
    pub(crate) obs_len: usize,
    pub(crate) shape: Vec<usize>,
    pub(crate) opponent: Option<String>,
    pub(crate) opponent_seats: Vec<usize>,
    pub(crate) max_steps: Option<usize>,
}

/// The rows of the output arrays that some games write.
pub(crate) struct Out<'a> {
    pub(crate) obs: &'a mut [f32],
    pub(crate) final_obs: &'a mut [f32],
    pub(crate) mask: &'a mut [bool],
    pub(crate) rewards: &'a mut [f32],
    pub(crate) terminated: &'a mut [bool],
    pub(crate) truncated: &'a mut [bool],
    pub(crate) to_act: &'a mut [i64],
    pub(crate) acted: &'a mut [i64],
}

impl<'a> Out<'a> {
    /// The rows of the first `k` games, and the rest.
    pub(crate) fn split(self, cfg: &Config, k: usize) -> (Out<'a>, Out<'a>) {
        let (o, o2) = self.obs.split_at_mut(k * cfg.obs_len);
        let (f, f2) = self.final_obs.split_at_mut(k * cfg.obs_len);
        let (m, m2) = self.mask.split_at_mut(k * cfg.num_actions);
        let (r, r2) = self.rewards.split_at_mut(k * cfg.seats);
        let (te, te2) = self.terminated.split_at_mut(k);
        let (tr, tr2) = self.truncated.split_at_mut(k);
        let (t, t2) = self.to_act.split_at_mut(k);
        let (a, a2) = self.acted.split_at_mut(k);
        (
            Out {
                obs: o,
                final_obs: f,
                mask: m,
                rewards: r,
                terminated: te,
                truncated: tr,
                to_act: t,
                acted: a,
            },
            Out {
                obs: o2,
                final_obs: f2,
                mask: m2,
                rewards: r2,
                terminated: te2,
                truncated: tr2,
                to_act: t2,
                acted: a2,
            },
        )
    }

    /// Each game's rows, in order.
    pub(crate) fn rows(self, cfg: &Config) -> impl Iterator<Item = Out<'a>> {
        let obs = self.obs.chunks_exact_mut(cfg.obs_len);
        let fin = self.final_obs.chunks_exact_mut(cfg.obs_len);
        let mask = self.mask.chunks_exact_mut(cfg.num_actions);
        let rewards = self.rewards.chunks_exact_mut(cfg.seats);
        let flags = self.terminated.iter_mut().zip(self.truncated.iter_mut());
        let seats = self.to_act.iter_mut().zip(self.acted.iter_mut());
        obs.zip(fin)
            .zip(mask)
            .zip(rewards)
            .zip(flags)
            .zip(seats)
            .map(
                |(((((obs, final_obs), mask), rewards), (te, tr)), (t, a))| Out {
                    obs,
                    final_obs,
                    mask,
                    rewards,
                    terminated: std::slice::from_mut(te),
                    truncated: std::slice::from_mut(tr),
                    to_act: std::slice::from_mut(t),
                    acted: std::slice::from_mut(a),
                },
            )
    }
}

/// One game and what it keeps between steps.
pub(crate) struct Slot {
    game: Box<dyn IndexedGame>,
    rng: GameRng,
    /// The opponent bot of each seat it plays.
    bots: Vec<Option<Mutex<Box<dyn DynBot>>>>,
    /// The legal indices of the seat to act (the mask row's true entries).
    pub(crate) legal: Vec<usize>,
    /// The caller's seat to act; `None` before the first reset.
    seat: Option<Seat>,
    /// The caller's steps in this game.
    steps: usize,
    /// The indices set in the mask row (cleared before the next are set).
    shown: Vec<usize>,
}

impl Slot {
    pub(crate) fn empty(game: Box<dyn IndexedGame>) -> Slot {
        Slot {
            game,
            rng: rng_from_seed(0),
            bots: Vec::new(),
            legal: Vec::new(),
            seat: None,
            steps: 0,
            shown: Vec::new(),
        }
    }

    /// Whether `action` is legal for the seat to act, else why not, naming the game `env`.
    pub(crate) fn check(&self, env: usize, action: i64) -> Result<(), String> {
        let Some(seat) = self.seat else {
            return Err(format!("env {env}: no seat is to act"));
        };
        if action >= 0 && self.legal.contains(&(action as usize)) {
            return Ok(());
        }
        Err(format!(
            "env {env}: action index {action} is not legal for seat {} now ({} legal indices \
             among 0 to {}; see the mask): no game was stepped",
            seat.index(),
            self.legal.len(),
            self.game.num_actions() - 1
        ))
    }

    /// Starts a new game from `seed`, its bots seeded from it, and writes its row.
    pub(crate) fn start(
        &mut self,
        cfg: &Config,
        seed: u64,
        row: &mut Out<'_>,
        buf: &mut Vec<f32>,
    ) -> Result<(), RegistryError> {
        self.rng = rng_from_seed(seed);
        self.bots = (0..cfg.seats)
            .map(|s| match &cfg.opponent {
                Some(spec) if cfg.opponent_seats.contains(&s) => make_bot(
                    self.game.game_name(),
                    spec,
                    seed ^ (s as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                )
                .map(|b| Some(Mutex::new(b))),
                _ => Ok(None),
            })
            .collect::<Result<_, _>>()?;
        row.mask.fill(false);
        self.shown.clear();
        self.restart(cfg)?;
        row.rewards.fill(0.0);
        row.terminated[0] = false;
        row.truncated[0] = false;
        self.write(cfg, row, buf);
        Ok(())
    }

    /// A new game from the slot's generator, played to the caller's first turn.
    fn restart(&mut self, cfg: &Config) -> Result<(), RegistryError> {
        self.game = cfg
            .entry
            .new_indexed(&cfg.params, cfg.setup, &mut self.rng)?;
        self.steps = 0;
        self.advance();
        Ok(())
    }

    /// Plays `action` (checked) for the caller's seat, then chance and the bots, and writes
    /// the row; a game that ends is restarted.
    pub(crate) fn step(
        &mut self,
        cfg: &Config,
        action: usize,
        row: &mut Out<'_>,
        buf: &mut Vec<f32>,
    ) -> Result<(), RegistryError> {
        let seat = self.seat.expect("checked");
        self.game.play_legal_index(Actor::Seat(seat), action);
        self.steps += 1;
        row.acted[0] = seat.index() as i64;
        self.advance();
        let over = self.game.to_act();
        let terminated = over.is_over();
        let truncated = !terminated && cfg.max_steps.is_some_and(|m| self.steps >= m);
        row.terminated[0] = terminated;
        row.truncated[0] = truncated;
        match over {
            ToAct::Over(o) => {
                for (s, r) in row.rewards.iter_mut().enumerate() {
                    *r = o.reward(Seat(s as u8)) as f32;
                }
            }
            _ => row.rewards.fill(0.0),
        }
        if terminated || truncated {
            self.game.observe(Some(seat), buf);
            row.final_obs.copy_from_slice(buf);
            self.restart(cfg)?;
        }
        self.write(cfg, row, buf);
        Ok(())
    }

    /// Plays chance and the bots' seats until a caller's seat must act or the game is over.
    fn advance(&mut self) {
        loop {
            match self.game.to_act() {
                ToAct::Over(_) => {
                    self.seat = self.seat.or(Some(Seat(0)));
                    self.legal.clear();
                    return;
                }
                ToAct::Chance => {
                    self.game.resolve_chance(&mut self.rng);
                }
                ToAct::One(s) => {
                    if self.bots.get(s.index()).is_some_and(|b| b.is_some()) {
                        self.bot_plays(&[s]);
                    } else {
                        return self.caller_acts(s);
                    }
                }
                ToAct::Several(seats) => {
                    let caller = seats
                        .iter()
                        .find(|s: &Seat| self.bots.get(s.index()).is_none_or(|b| b.is_none()));
                    match caller {
                        Some(s) => return self.caller_acts(s),
                        None => self.bot_plays(&seats.iter().collect::<Vec<_>>()),
                    }
                }
            }
        }
    }

    fn caller_acts(&mut self, seat: Seat) {
        self.seat = Some(seat);
        self.game
            .legal_indices_into(Actor::Seat(seat), &mut self.legal);
    }

    /// The first of `seats` whose bot moves plays; when every bot waits or errs, a random
    /// legal action of the first seat.
    fn bot_plays(&mut self, seats: &[Seat]) {
        for &s in seats {
            let game: &dyn DynGame = &*self.game;
            let Some(bot) = self.bots[s.index()].as_mut() else {
                continue;
            };
            let bot = bot.get_mut().unwrap_or_else(|e| e.into_inner());
            if let Some(mv) = bot.decide(game, s)
                && self.game.apply(Actor::Seat(s), &mv.action).is_ok()
            {
                return;
            }
        }
        let actor = Actor::Seat(seats[0]);
        self.game.legal_indices_into(actor, &mut self.legal);
        let pick = self.legal[self.rng.random_range(0..self.legal.len())];
        self.game.play_legal_index(actor, pick);
    }

    /// Writes the observation, mask and seat of the caller's seat to act.
    fn write(&mut self, cfg: &Config, row: &mut Out<'_>, buf: &mut Vec<f32>) {
        debug_assert_eq!(row.mask.len(), cfg.num_actions);
        for &i in &self.shown {
            row.mask[i] = false;
        }
        let seat = self.seat.unwrap_or(Seat(0));
        for &i in &self.legal {
            row.mask[i] = true;
        }
        self.shown.clone_from(&self.legal);
        self.game.observe(Some(seat), buf);
        row.obs.copy_from_slice(buf);
        row.to_act[0] = seat.index() as i64;
    }
}
