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

create_exception!(
    _tabula,
    ConcurrentUseError,
    TabulaError,
    "An object used by two threads at once (a state a bot thinks on while another thread \
     changes it, a vector environment stepped by two threads): give each thread its own \
     (State.clone()); the object is unchanged."
);

/// The Python exception for a registry error.
pub(crate) fn to_py(e: RegistryError) -> PyErr {
    let msg = match &e {
        RegistryError::SeatNeeded { .. } => {
            "several seats may act: say which one acts with seat=".to_string()
        }
        _ => seats_from_zero(&e.to_string()),
    };
    match e {
        RegistryError::UnknownGame { .. } | RegistryError::NotIndexed { .. } => {
            UnknownGameError::new_err(msg)
        }
        RegistryError::Params(_) | RegistryError::NoSuchSeat { .. } => ParamsError::new_err(msg),
        RegistryError::Position(_) | RegistryError::Notation(_) => NotationError::new_err(msg),
        RegistryError::Action { .. } | RegistryError::SeatNeeded { .. } => {
            IllegalActionError::new_err(msg)
        }
        RegistryError::UnknownLevel { .. } | RegistryError::Bot(_) => BotError::new_err(msg),
        RegistryError::WrongGame { .. }
        | RegistryError::DuplicateGame { .. }
        | RegistryError::Unserialisable { .. } => TabulaError::new_err(msg),
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
    m.add("ConcurrentUseError", py.get_type::<ConcurrentUseError>())?;
    Ok(())
}

/// `ConcurrentUseError` for an object of class `what` that another thread uses now.
pub(crate) fn busy(what: &str) -> PyErr {
    ConcurrentUseError::new_err(format!(
        "this {what} is in use by another thread (a bot thinking on it, a step under way): \
         give each thread its own {what}"
    ))
}

/// `text` with every "seat N" (the rules' and the registry's words, counted from 1 as players
/// count) counted from 0, as Python counts seats.
pub(crate) fn seats_from_zero(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("seat ") {
        let word_start = at == 0 || !rest[..at].ends_with(|c: char| c.is_alphanumeric());
        out.push_str(&rest[..at + 5]);
        rest = &rest[at + 5..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        match rest[..digits].parse::<usize>() {
            Ok(n) if word_start && n >= 1 => {
                out.push_str(&(n - 1).to_string());
                rest = &rest[digits..];
            }
            _ => {}
        }
    }
    out.push_str(rest);
    out
}
