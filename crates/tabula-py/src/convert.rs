//! Conversions between Python objects and JSON values (parameters in, reports and views out).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;

/// A JSON value as a Python object, through Python's `json` module.
pub(crate) fn json_to_py(py: Python<'_>, v: &Value) -> PyResult<Py<PyAny>> {
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (v.to_string(),))?.unbind())
}

/// The parameters object: `params` (a dict, read through `json.dumps`) with `players`.
pub(crate) fn params_json(
    params: Option<&Bound<'_, PyDict>>,
    players: Option<usize>,
) -> PyResult<Value> {
    let mut v = match params {
        Some(d) => {
            let text: String = d
                .py()
                .import("json")?
                .call_method1("dumps", (d,))?
                .extract()?;
            serde_json::from_str(&text)
                .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?
        }
        None => Value::Object(Default::default()),
    };
    if let Some(n) = players {
        v["players"] = Value::from(n);
    }
    Ok(v)
}

/// A seed passed from Python: `None`, or an int from 0 to 2**64 - 1 (not a bool); anything
/// else is a `ParamsError` naming what was passed.
pub(crate) fn seed_arg(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(seed) = seed else { return Ok(None) };
    if seed.is_none() {
        return Ok(None);
    }
    let refused = || {
        crate::errors::ParamsError::new_err(format!(
            "seed must be an int from 0 to 2**64-1 or None, not {}",
            seed.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    };
    if seed.is_instance_of::<pyo3::types::PyBool>() {
        return Err(refused());
    }
    seed.extract::<u64>().map(Some).map_err(|_| refused())
}

/// A seed from the operating system's entropy (through the standard library's hasher keys).
pub(crate) fn entropy_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(0x7ab0_1a5e_u64)
}
