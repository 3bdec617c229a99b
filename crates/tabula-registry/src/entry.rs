//! [`GameEntry`]: how the registry makes games of one kind, from parameters as JSON.

use crate::{DynGame, GameInfo, RegistryError, Typed};
use serde_json::{Map, Value};
use std::marker::PhantomData;
use tabula_core::{Game, GameRng, ParamsError};

/// How a new game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    /// The game's own setup: players place their pieces (Toumaï, Khan-Tsin); chance setups
    /// (China Moon, Magical Circle) are resolved from the generator either way.
    Placement,
    /// Every setup choice random.
    Random,
}

/// Makes games of one kind.
pub trait GameEntry: Sync {
    fn info(&self) -> &GameInfo;

    /// A new game; chance events at the start are resolved from `rng`.
    fn new_game(
        &self,
        params: &Value,
        setup: Setup,
        rng: &mut GameRng,
    ) -> Result<Box<dyn DynGame>, RegistryError>;

    /// A game from a position in notation.
    fn load_position(
        &self,
        params: &Value,
        position: &str,
    ) -> Result<Box<dyn DynGame>, RegistryError>;
}

/// The [`GameEntry`] of a typed game.
pub struct Entry<G> {
    info: GameInfo,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> Entry<G> {
    pub const fn new(info: GameInfo) -> Self {
        Entry {
            info,
            _game: PhantomData,
        }
    }

    /// Reads the parameters: `players` and the game's own, refusing unknown names.
    pub fn params(&self, params: &Value) -> Result<G::Params, RegistryError> {
        let empty = Map::new();
        let object = match params {
            Value::Null => &empty,
            Value::Object(map) => map,
            other => {
                return Err(
                    ParamsError::new("params", format!("must be an object, not {other}")).into(),
                );
            }
        };
        for key in object.keys() {
            if key != "players" && !self.info.params.iter().any(|p| p.name == key) {
                let known: Vec<&str> = std::iter::once("players")
                    .chain(self.info.params.iter().map(|p| p.name))
                    .collect();
                return Err(ParamsError::new(
                    key.as_str(),
                    format!(
                        "{} has no such parameter (it has: {})",
                        self.info.name,
                        known.join(", ")
                    ),
                )
                .into());
            }
        }
        if let Some(players) = object.get("players") {
            let n = players.as_u64().unwrap_or(0) as usize;
            if !(self.info.min_players..=self.info.max_players).contains(&n) {
                return Err(ParamsError::new(
                    "players",
                    format!(
                        "{} is for {} to {} players, not {players}",
                        self.info.title, self.info.min_players, self.info.max_players
                    ),
                )
                .into());
            }
        }
        serde_json::from_value(Value::Object(object.clone()))
            .map_err(|e| ParamsError::new("params", e.to_string()).into())
    }
}

impl<G: Game> GameEntry for Entry<G> {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn new_game(
        &self,
        params: &Value,
        setup: Setup,
        rng: &mut GameRng,
    ) -> Result<Box<dyn DynGame>, RegistryError> {
        let params = self.params(params)?;
        let game = match setup {
            Setup::Random => G::new_random(&params, rng)?,
            Setup::Placement => G::new(&params)?,
        };
        let mut game: Box<dyn DynGame> = Box::new(Typed(game));
        game.resolve_chance(rng);
        Ok(game)
    }

    fn load_position(
        &self,
        params: &Value,
        position: &str,
    ) -> Result<Box<dyn DynGame>, RegistryError> {
        let params = self.params(params)?;
        Ok(Box::new(Typed(G::from_notation(&params, position.trim())?)))
    }
}
