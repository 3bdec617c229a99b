//! [`Catalog`]: a list of games by name. The built-in one ([`Catalog::builtin`]) holds every
//! game of [`crate::games::all`]; a downstream crate adds games of its own with
//! [`Catalog::with`] and hands the catalog to the CLI or the server.

use crate::{GameEntry, RegistryError};

/// Games by name, in the order the UI lists them; names are unique.
#[derive(Clone)]
pub struct Catalog {
    entries: Vec<&'static dyn GameEntry>,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.entries.iter().map(|e| e.info().name))
            .finish()
    }
}

impl Default for Catalog {
    fn default() -> Self {
        Catalog::builtin()
    }
}

impl Catalog {
    /// Every game Tabula ships.
    pub fn builtin() -> Catalog {
        Catalog {
            entries: crate::games::all(),
        }
    }

    /// A catalog of exactly `entries`; refuses two games of one name.
    pub fn new(entries: Vec<&'static dyn GameEntry>) -> Result<Catalog, RegistryError> {
        let mut catalog = Catalog {
            entries: Vec::new(),
        };
        for entry in entries {
            catalog = catalog.with(entry)?;
        }
        Ok(catalog)
    }

    /// This catalog and `entry` after its games; refuses a name already taken.
    pub fn with(mut self, entry: &'static dyn GameEntry) -> Result<Catalog, RegistryError> {
        let name = entry.info().name;
        if self.entries.iter().any(|e| e.info().name == name) {
            return Err(RegistryError::DuplicateGame {
                name: name.to_string(),
            });
        }
        self.entries.push(entry);
        Ok(self)
    }

    /// The games, in order.
    pub fn entries(&self) -> &[&'static dyn GameEntry] {
        &self.entries
    }

    /// The game called `name`; the error names it and every game there is.
    pub fn find(&self, name: &str) -> Result<&'static dyn GameEntry, RegistryError> {
        self.entries
            .iter()
            .find(|e| e.info().name == name)
            .copied()
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
