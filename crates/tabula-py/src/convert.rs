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
