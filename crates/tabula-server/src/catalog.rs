//! [`Catalog`]: the games a server offers and how it makes their bots. The server names no
//! game: it serves those of the `tabula_registry::Catalog` it is given ([`Catalog::of`]; the
//! product gives it the built-in games with any a downstream crate adds); tests may also
//! choose the bots.

use std::sync::Arc;
use tabula_ai::BotSpec;
use tabula_registry::{DynBot, GameEntry, RegistryError};

/// Makes the bot of a level for a game: `(game, level, seed)`.
pub type BotFactory =
    Arc<dyn Fn(&str, &str, u64) -> Result<Box<dyn DynBot>, RegistryError> + Send + Sync>;

/// The games a server offers.
#[derive(Clone)]
pub struct Catalog {
    games: tabula_registry::Catalog,
    bots: BotFactory,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.games.fmt(f)
    }
}

impl Catalog {
    /// The games of `games`, each with its own entry's bots.
    pub fn of(games: tabula_registry::Catalog) -> Catalog {
        let lookup = games.clone();
        Catalog::new(
            games,
            Arc::new(move |game, level, seed| lookup.find(game)?.bot(&facing_people(level), seed)),
        )
    }

    /// The games of `games`, with the bots `bots` makes.
    pub fn new(games: tabula_registry::Catalog, bots: BotFactory) -> Catalog {
        Catalog { games, bots }
    }

    /// The games, in the order the UI lists them.
    pub fn entries(&self) -> &[&'static dyn GameEntry] {
        self.games.entries()
    }

    /// The game called `name`.
    pub fn find(&self, name: &str) -> Result<&'static dyn GameEntry, RegistryError> {
        self.games.find(name)
    }

    /// Checks a bot that a client asks for in a seat of `game`: one of the game's listed
    /// levels (`random`, `beginner`, …) as written. Where the operator allows search
    /// specifications (`tabula serve --allow-bot-specs`) anything passes here, and the bot's
    /// factory, which runs before the match is stored, checks the search's bounds.
    pub fn check_client_bot(
        &self,
        game: &str,
        spec: &str,
        allow_specs: bool,
    ) -> Result<(), String> {
        let levels = self.find(game).map_err(|e| e.to_string())?.info().levels;
        if allow_specs || levels.contains(&spec) {
            return Ok(());
        }
        Err(format!(
            "`{}` is not a level of this server: give one of {}",
            spec.chars().take(80).collect::<String>(),
            levels.join(", ")
        ))
    }

    /// A bot of `level` for `game`, seeded.
    pub fn bot(
        &self,
        game: &str,
        level: &str,
        seed: u64,
    ) -> Result<Box<dyn DynBot>, RegistryError> {
        (self.bots)(game, level, seed)
    }
}

/// A named level as the server plays it against people: on every core (unless it names its
/// threads), and stopped at the level's time cap (`strong` 450 ms, `expert` 1 900 ms:
/// [`tabula_ai::Level::time_cap_ms`]) or at its own `ms=` if smaller, should its budget take
/// longer on this machine. Any other specification is played as it is written.
fn facing_people(spec: &str) -> String {
    match spec.parse::<BotSpec>() {
        Ok(level @ BotSpec::Level { .. }) => level
            .facing_people(std::thread::available_parallelism().map_or(1, |n| n.get()))
            .to_string(),
        _ => spec.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::facing_people;

    #[test]
    fn levels_facing_people_use_every_core_within_their_time_cap() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(
            facing_people("expert"),
            format!("expert:threads={cores}:ms=1900")
        );
        assert_eq!(
            facing_people("strong:engine=mcts"),
            format!("strong:engine=mcts:threads={cores}:ms=450")
        );
        assert_eq!(facing_people("strong:threads=1"), "strong:threads=1:ms=450");
        assert_eq!(facing_people("expert:ms=60000"), "expert:ms=1900");
        for as_written in ["casual:ms=50", "mcts:iterations=10", "random"] {
            assert_eq!(facing_people(as_written), as_written);
        }
    }
}
