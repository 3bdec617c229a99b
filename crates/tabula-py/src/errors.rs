//! Python exceptions for the registry's errors, each naming what was wrong.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabula_registry::RegistryError;

create_exception!(
    _tabula,
    TabulaError,
    PyValueError,
    "Any error Tabula reports."
);
create_exception!(
    _tabula,
    UnknownGameError,
    TabulaError,
    "No game has this name."
);
create_exception!(
    _tabula,
    ParamsError,
    TabulaError,
    "Parameters refused (players, board, …)."
);
create_exception!(
    _tabula,
    NotationError,
    TabulaError,
    "A position or an action that does not read."
);
create_exception!(
    _tabula,
    IllegalActionError,
    TabulaError,
    "An action the rules refuse now (the state is unchanged)."
);
create_exception!(
    _tabula,
    BotError,
    TabulaError,
    "A bot specification or search refused."
);

/// The Python exception for a registry error.
pub(crate) fn to_py(e: RegistryError) -> PyErr {
    let msg = e.to_string();
    match e {
        RegistryError::UnknownGame { .. } => UnknownGameError::new_err(msg),
        RegistryError::Params(_) | RegistryError::NoSuchSeat { .. } => ParamsError::new_err(msg),
        RegistryError::Position(_) | RegistryError::Notation(_) => NotationError::new_err(msg),
        RegistryError::Action { .. } | RegistryError::SeatNeeded { .. } => {
            IllegalActionError::new_err(msg)
        }
        RegistryError::UnknownLevel { .. } | RegistryError::Bot(_) => BotError::new_err(msg),
        RegistryError::WrongGame { .. } | RegistryError::DuplicateGame { .. } => {
            TabulaError::new_err(msg)
        }
    }
}

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TabulaError", py.get_type::<TabulaError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add("ParamsError", py.get_type::<ParamsError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("BotError", py.get_type::<BotError>())?;
    Ok(())
}
