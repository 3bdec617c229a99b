//! Two toy games that exercise what the server must handle whatever games are registered:
//! - `toy-nim` (turn-based, chance after every move, flagged as hidden information): take 1–3
//!   stones, then chance adds 0 or 1; who takes the last stone wins.
//! - `toy-race` (real time, 2–3 players): every seat may `claim`; the claimer then plays
//!   `hit` (a point) or `miss`, unless the host's `timeout` comes first (param
//!   `hourglass_seconds`, fractional allowed); `target` points win.
//!
//! Their bots: `random` (the registry's), `slow` (random after 30 ms: a planned move),
//! `shy` (never acts: tests a bot that waits) and `watcher` (acts only while the actions it
//! was told add up to the game it is shown).

use serde::{Deserialize, Serialize};
use std::time::Duration;
use tabula_ai::BotFactory;
use tabula_core::{
    Actor, Game, Notation, NotationError, Outcome, ParamsError, PositionError, Presentation, Seat,
    SeatSet, ToAct,
};
use tabula_registry::{
    BotMove, DynAction, DynBot, DynGame, Entry, GameDescription, ParamDescription, RandomBot,
    SeatDescription,
};

// ---------------------------------------------------------------- toy-nim

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NimParams {
    pub players: usize,
    pub stones: u32,
}

#[derive(Clone, Debug)]
pub struct ToyNim {
    stones: u32,
    turn: Seat,
    /// A chance event is pending after a take.
    chance: bool,
    winner: Option<Seat>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NimAction {
    Take(u32),
    Add(u32),
}

impl Game for ToyNim {
    type Action = NimAction;
    type Params = NimParams;
    const NAME: &'static str = NIM_DESCRIPTION.name;

    fn new(params: &NimParams) -> Result<Self, ParamsError> {
        if params.players != 2 && params.players != 0 {
            return Err(ParamsError::new("players", "toy-nim is for 2 players"));
        }
        Ok(ToyNim {
            stones: if params.stones == 0 { 9 } else { params.stones },
            turn: Seat(0),
            chance: false,
            winner: None,
        })
    }

    fn params(&self) -> NimParams {
        NimParams {
            players: 2,
            stones: self.stones,
        }
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct {
        match self.winner {
            Some(w) => ToAct::Over(Outcome::win(w, 2)),
            None if self.chance => ToAct::Chance,
            None => ToAct::One(self.turn),
        }
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<NimAction>) {
        out.clear();
        match (actor, self.to_act()) {
            (Actor::Seat(s), ToAct::One(t)) if s == t => {
                out.extend((1..=self.stones.min(3)).map(NimAction::Take))
            }
            (Actor::Chance, ToAct::Chance) => out.extend([NimAction::Add(0), NimAction::Add(1)]),
            _ => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(NimAction, f64)>) {
        out.clear();
        if self.chance {
            out.extend([(NimAction::Add(0), 0.5), (NimAction::Add(1), 0.5)]);
        }
    }

    fn apply(&mut self, action: NimAction) {
        match action {
            NimAction::Take(n) => {
                self.stones -= n;
                if self.stones == 0 {
                    self.winner = Some(self.turn);
                } else {
                    self.chance = true;
                    self.turn = Seat(1 - self.turn.0);
                }
            }
            NimAction::Add(n) => {
                self.stones += n;
                self.chance = false;
            }
        }
    }
}

impl Notation for ToyNim {
    fn to_notation(&self) -> String {
        format!(
            "{} {} {}",
            self.stones,
            self.turn.number(),
            u8::from(self.chance)
        )
    }

    fn from_notation(_: &NimParams, text: &str) -> Result<Self, PositionError> {
        let parts: Vec<u32> = text
            .split_whitespace()
            .map(|p| {
                p.parse()
                    .map_err(|_| PositionError::new("position", "numbers"))
            })
            .collect::<Result<_, _>>()?;
        match parts[..] {
            [stones, turn @ 1..=2, chance @ 0..=1] => Ok(ToyNim {
                stones,
                turn: Seat(turn as u8 - 1),
                chance: chance == 1,
                winner: None,
            }),
            _ => Err(PositionError::new("position", "`<stones> <turn> <chance>`")),
        }
    }

    fn parse_action(&self, _: Actor, text: &str) -> Result<NimAction, NotationError> {
        let bad = || NotationError::new(text, "expected `take<n>` or `add<n>`");
        if let Some(n) = text.strip_prefix("take") {
            return n.parse().map(NimAction::Take).map_err(|_| bad());
        }
        if let Some(n) = text.strip_prefix("add") {
            return n.parse().map(NimAction::Add).map_err(|_| bad());
        }
        Err(bad())
    }

    fn format_action(&self, action: NimAction) -> String {
        match action {
            NimAction::Take(n) => format!("take{n}"),
            NimAction::Add(n) => format!("add{n}"),
        }
    }
}

impl Presentation for ToyNim {
    type View = serde_json::Value;

    fn view(&self, viewer: Option<Seat>) -> serde_json::Value {
        serde_json::json!({ "stones": self.stones, "viewer": viewer.map(|s| s.number()) })
    }

    fn board_text(&self) -> String {
        format!("{} stones\n", self.stones)
    }
}

// ---------------------------------------------------------------- toy-race

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RaceParams {
    pub players: usize,
    pub hourglass_seconds: f64,
    pub target: u32,
}

impl Default for RaceParams {
    fn default() -> Self {
        RaceParams {
            players: 2,
            hourglass_seconds: 45.0,
            target: 2,
        }
    }
}

#[derive(Clone, Debug)]
pub struct ToyRace {
    params: RaceParams,
    scores: [u32; 3],
    active: Option<Seat>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RaceAction {
    Claim(Seat),
    Hit,
    Miss,
    Timeout,
}

impl Game for ToyRace {
    type Action = RaceAction;
    type Params = RaceParams;
    const NAME: &'static str = RACE_DESCRIPTION.name;

    fn new(params: &RaceParams) -> Result<Self, ParamsError> {
        if !(2..=3).contains(&params.players) {
            return Err(ParamsError::new(
                "players",
                "toy-race is for 2 or 3 players",
            ));
        }
        Ok(ToyRace {
            params: params.clone(),
            scores: [0; 3],
            active: None,
        })
    }

    fn params(&self) -> RaceParams {
        self.params.clone()
    }

    fn num_seats(&self) -> usize {
        self.params.players
    }

    fn to_act(&self) -> ToAct {
        let n = self.params.players;
        if let Some(w) = (0..n).find(|&i| self.scores[i] >= self.params.target) {
            return ToAct::Over(Outcome::win(Seat(w as u8), n));
        }
        match self.active {
            Some(s) => ToAct::One(s),
            None => ToAct::Several(SeatSet::all(n)),
        }
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<RaceAction>) {
        out.clear();
        if self.to_act().is_over() {
            return;
        }
        match (actor, self.active) {
            (Actor::Seat(s), None) if s.index() < self.params.players => {
                out.push(RaceAction::Claim(s))
            }
            (Actor::Seat(s), Some(a)) if s == a => out.extend([RaceAction::Hit, RaceAction::Miss]),
            (Actor::Host, Some(_)) => out.push(RaceAction::Timeout),
            _ => {}
        }
    }

    fn apply(&mut self, action: RaceAction) {
        match action {
            RaceAction::Claim(s) => self.active = Some(s),
            RaceAction::Hit => {
                if let Some(a) = self.active.take() {
                    self.scores[a.index()] += 1;
                }
            }
            RaceAction::Miss | RaceAction::Timeout => self.active = None,
        }
    }
}

impl Notation for ToyRace {
    fn to_notation(&self) -> String {
        let active = self.active.map_or(0, |s| s.number());
        format!("{:?} {active}", &self.scores[..self.params.players])
    }

    fn from_notation(_: &RaceParams, _: &str) -> Result<Self, PositionError> {
        Err(PositionError::new(
            "position",
            "toy-race reads no positions",
        ))
    }

    fn parse_action(&self, actor: Actor, text: &str) -> Result<RaceAction, NotationError> {
        match (text, actor) {
            ("claim", Actor::Seat(s)) => Ok(RaceAction::Claim(s)),
            ("hit", _) => Ok(RaceAction::Hit),
            ("miss", _) => Ok(RaceAction::Miss),
            ("timeout", _) => Ok(RaceAction::Timeout),
            _ => Err(NotationError::new(
                text,
                "expected claim, hit, miss or timeout",
            )),
        }
    }

    fn format_action(&self, action: RaceAction) -> String {
        match action {
            RaceAction::Claim(_) => "claim",
            RaceAction::Hit => "hit",
            RaceAction::Miss => "miss",
            RaceAction::Timeout => "timeout",
        }
        .to_string()
    }
}

impl Presentation for ToyRace {
    type View = serde_json::Value;

    fn view(&self, _: Option<Seat>) -> serde_json::Value {
        serde_json::json!({
            "scores": &self.scores[..self.params.players],
            "active": self.active.map(|s| s.number()),
        })
    }

    fn board_text(&self) -> String {
        self.to_notation()
    }
}

// ---------------------------------------------------------------- entries and bots

pub const NIM_DESCRIPTION: GameDescription = GameDescription {
    name: "toy-nim",
    title: "Toy Nim",
    min_players: 2,
    max_players: 2,
    default_players: 2,
    params: &[ParamDescription {
        name: "stones",
        kind: "integer",
        help: "stones at the start",
        default: Some("9"),
        values: &[],
    }],
    commands: &[],
    real_time: false,
    draws_by_agreement: false,
    hidden_information: true,
    seats: &[],
    rules: "Take 1 to 3 stones; who takes the last one wins.",
    translations: &[],
    lessons: None,
    puzzles: None,
};

pub static NIM: Entry<ToyNim> = Entry::new(&NIM_DESCRIPTION, BotFactory::new)
    .with_levels(&["random", "slow", "shy", "watcher", "panicky"])
    .with_renderer(NIM_RENDERER);

/// toy-nim's own web renderer (a stand-in: the server serves it, no browser runs it).
pub const NIM_RENDERER: &str = "export default { name: 'toy-nim' };\n";

const RACE_DESCRIPTION: GameDescription = GameDescription {
    name: "toy-race",
    title: "Toy Race",
    min_players: 2,
    max_players: 3,
    default_players: 2,
    params: &[
        ParamDescription {
            name: "hourglass_seconds",
            kind: "number",
            help: "the hourglass",
            default: Some("45"),
            values: &[],
        },
        ParamDescription {
            name: "target",
            kind: "integer",
            help: "points to win",
            default: Some("2"),
            values: &[],
        },
    ],
    commands: &[],
    real_time: true,
    draws_by_agreement: false,
    hidden_information: false,
    seats: &[
        SeatDescription {
            name: "red",
            colour: "#e5484d",
        },
        SeatDescription {
            name: "blue",
            colour: "#4c8dff",
        },
        SeatDescription {
            name: "green",
            colour: "#3fb950",
        },
    ],
    rules: "Claim, then hit or miss before the hourglass runs out.",
    translations: &[],
    lessons: None,
    puzzles: None,
};

pub static RACE: Entry<ToyRace> = Entry::new(&RACE_DESCRIPTION, BotFactory::new)
    .with_levels(&["random", "slow", "shy", "watcher", "panicky"]);

/// Plays like the random bot, 30 ms later.
pub struct SlowBot(pub RandomBot);

impl DynBot for SlowBot {
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove> {
        self.0.decide(game, seat).map(|m| BotMove {
            delay: Duration::from_millis(30),
            ..m
        })
    }
}

/// Never acts.
pub struct ShyBot;

/// Panics whenever it is asked to move: a bot that fails.
pub struct PanickyBot;

impl DynBot for PanickyBot {
    fn decide(&mut self, _: &dyn DynGame, _: Seat) -> Option<BotMove> {
        panic!("the panicky bot fails on purpose")
    }
}

impl DynBot for ShyBot {
    fn decide(&mut self, _: &dyn DynGame, _: Seat) -> Option<BotMove> {
        None
    }
}

/// Random, but keeps its own copy of the game from what the server tells it
/// ([`DynBot::observe`]) and refuses to act when the copy differs from the game it is shown:
/// a match with it stalls unless every action and chance event is reported.
pub struct WatcherBot {
    random: RandomBot,
    copy: Option<Box<dyn DynGame>>,
    /// An action was reported for a state other than its copy's.
    lost: bool,
}

impl WatcherBot {
    pub fn new(seed: u64) -> WatcherBot {
        WatcherBot {
            random: RandomBot::new(seed),
            copy: None,
            lost: false,
        }
    }
}

impl DynBot for WatcherBot {
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove> {
        let copy = self.copy.get_or_insert_with(|| game.clone_box());
        if self.lost || copy.position() != game.position() {
            return None;
        }
        self.random.decide(game, seat)
    }

    fn observe(&mut self, before: &dyn DynGame, action: &DynAction) {
        if let Some(copy) = self.copy.as_mut() {
            self.lost |= copy.position() != before.position() || copy.apply_action(action).is_err();
        }
    }
}
