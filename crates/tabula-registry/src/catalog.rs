//! [`Catalog`]: a list of games by name, each a [`GameEntry`] and, where the game has integer
//! actions and observations, an [`IndexedEntry`]. The registry knows no game: the games Tabula
//! ships are a catalog of their own (the `tabula-catalog` crate), built with the same
//! [`Catalog::with`] and [`Catalog::with_indexed`] that a downstream crate uses for its games.

use crate::{GameEntry, IndexedEntry, RegistryError};

/// Games by name, in the order the UI lists them; names are unique.
#[derive(Clone, Default)]
pub struct Catalog {
    entries: Vec<&'static dyn GameEntry>,
    /// Per entry, the same game with integer actions, where it has them.
    indexed: Vec<Option<&'static dyn IndexedEntry>>,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.entries.iter().map(|e| e.info().name))
            .finish()
    }
}

impl Catalog {
    /// A catalog without games.
    pub fn empty() -> Catalog {
        Catalog::default()
    }

    /// A catalog of exactly `entries`; refuses two games of one name.
    pub fn new(entries: Vec<&'static dyn GameEntry>) -> Result<Catalog, RegistryError> {
        entries
            .into_iter()
            .try_fold(Catalog::empty(), Catalog::with)
    }

    /// This catalog and `entry` after its games; refuses a name already taken.
    pub fn with(self, entry: &'static dyn GameEntry) -> Result<Catalog, RegistryError> {
        self.push(entry, None)
    }

    /// This catalog and `entry`, a game with integer actions and observations (see
    /// [`IndexedEntry`]), after its games; refuses a name already taken. Hosts that speak
    /// numbers (the Python package) find it with [`Catalog::find_indexed`].
    pub fn with_indexed(self, entry: &'static dyn IndexedEntry) -> Result<Catalog, RegistryError> {
        self.push(entry, Some(entry))
    }

    fn push(
        mut self,
        entry: &'static dyn GameEntry,
        indexed: Option<&'static dyn IndexedEntry>,
    ) -> Result<Catalog, RegistryError> {
        let name = entry.info().name;
        if self.entries.iter().any(|e| e.info().name == name) {
            return Err(RegistryError::DuplicateGame {
                name: name.to_string(),
            });
        }
        self.entries.push(entry);
        self.indexed.push(indexed);
        Ok(self)
    }

    /// The games, in order.
    pub fn entries(&self) -> &[&'static dyn GameEntry] {
        &self.entries
    }

    /// The games with integer actions and observations, in order.
    pub fn indexed_entries(&self) -> Vec<&'static dyn IndexedEntry> {
        self.indexed.iter().flatten().copied().collect()
    }

    /// The game called `name`; the error names it and every game there is.
    pub fn find(&self, name: &str) -> Result<&'static dyn GameEntry, RegistryError> {
        self.position(name).map(|i| self.entries[i])
    }

    /// The game called `name`, with integer actions and observations; the error says when
    /// the game has none, or names every game there is.
    pub fn find_indexed(&self, name: &str) -> Result<&'static dyn IndexedEntry, RegistryError> {
        let i = self.position(name)?;
        self.indexed[i].ok_or_else(|| RegistryError::NotIndexed {
            name: name.to_string(),
        })
    }

    fn position(&self, name: &str) -> Result<usize, RegistryError> {
        self.entries
            .iter()
            .position(|e| e.info().name == name)
            .ok_or_else(|| RegistryError::UnknownGame {
                name: name.to_string(),
                known: self
                    .entries
                    .iter()
                    .map(|e| e.info().name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}
