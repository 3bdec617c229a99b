//! The parameters `tabula tune` searches: `--param key=RANGE`, each key a parameter of the
//! game's description (or `players`, or `max_plies`, which every game takes), each RANGE
//! the values to try — `3..6` (whole numbers, both ends included), `a,b,c` (a list), `*`
//! (every value a word parameter offers); a list of JSON lists (`integers` parameters) is
//! separated by `;`, and a board (`text` parameter) is a list of file names. A key with one
//! value is held fixed. The settings are every combination of the values.

use anyhow::{Context, Result, bail};
use serde_json::{Map, Value};
use tabula_registry::GameEntry;

/// The most settings a search takes (the product of the numbers of values).
pub const MAX_SETTINGS: usize = 256;

/// One parameter searched: its key and values, each with the label the report shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub key: String,
    pub values: Vec<(String, Value)>,
}

/// One setting: a value index per axis.
pub type Setting = Vec<usize>;

/// How a key's values are written: its description's kind, `integer` for `players` and
/// `max_plies`; `None` for a key the game does not take.
fn kind_of(entry: &dyn GameEntry, key: &str) -> Option<(&'static str, &'static [&'static str])> {
    let d = entry.info().description;
    if let Some(p) = d.params.iter().find(|p| p.name == key) {
        return Some((p.kind, p.values));
    }
    matches!(key, "players" | "max_plies").then_some(("integer", &[][..]))
}

fn integers(key: &str, range: &str) -> Result<Vec<i64>> {
    let whole = |t: &str| -> Result<i64> {
        t.trim()
            .parse()
            .with_context(|| format!("--param {key}: `{}` is not a whole number", t.trim()))
    };
    if let Some((a, b)) = range.split_once("..") {
        let (a, b) = (whole(a)?, whole(b.trim_start_matches('='))?);
        if a > b {
            bail!("--param {key}={range}: an empty range ({a} is above {b})");
        }
        if b - a >= MAX_SETTINGS as i64 {
            bail!("--param {key}={range}: more than {MAX_SETTINGS} values");
        }
        return Ok((a..=b).collect());
    }
    range.split(',').map(whole).collect()
}

/// The values of `key` written as `range`.
fn values(entry: &dyn GameEntry, key: &str, range: &str) -> Result<Vec<(String, Value)>> {
    let Some((kind, offered)) = kind_of(entry, key) else {
        let d = entry.info().description;
        let mut known: Vec<&str> = vec!["players", "max_plies"];
        known.extend(
            d.params
                .iter()
                .map(|p| p.name)
                .filter(|n| *n != "max_plies"),
        );
        bail!(
            "--param {key}: {} has no parameter `{key}`; its parameters: {}",
            d.name,
            known.join(", ")
        );
    };
    let range = range.trim();
    if range.is_empty() {
        bail!("--param {key}=: no value to try");
    }
    let out: Vec<(String, Value)> = match kind {
        "integer" => integers(key, range)?
            .into_iter()
            .map(|n| (n.to_string(), Value::from(n)))
            .collect(),
        "integers" => range
            .split(';')
            .map(|t| {
                let v: Value = serde_json::from_str(t.trim())
                    .ok()
                    .filter(Value::is_array)
                    .with_context(|| {
                        format!(
                            "--param {key}: `{}` is not a list of whole numbers such as [1,2,3]",
                            t.trim()
                        )
                    })?;
                Ok((t.trim().to_string(), v))
            })
            .collect::<Result<_>>()?,
        "text" => range
            .split(',')
            .map(|path| {
                let path = path.trim();
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("--param {key}: cannot read file {path}"))?;
                Ok((path.to_string(), Value::from(text)))
            })
            .collect::<Result<_>>()?,
        _ if range == "*" => {
            if offered.is_empty() {
                bail!("--param {key}=*: `{key}` takes any word; list the values to try");
            }
            offered
                .iter()
                .map(|w| (w.to_string(), Value::from(*w)))
                .collect()
        }
        _ => {
            if range.contains("..") {
                bail!("--param {key}={range}: a range `a..b` is for whole numbers; list the words");
            }
            range
                .split(',')
                .map(|w| {
                    let w = w.trim();
                    if !offered.is_empty() && !offered.contains(&w) {
                        bail!(
                            "--param {key}: `{w}` is not a value of {key} (its values: {})",
                            offered.join(", ")
                        );
                    }
                    Ok((w.to_string(), Value::from(w)))
                })
                .collect::<Result<_>>()?
        }
    };
    for (i, (label, _)) in out.iter().enumerate() {
        if out[..i].iter().any(|(l, _)| l == label) {
            bail!("--param {key}: `{label}` is given twice");
        }
    }
    Ok(out)
}

/// The axes of `--param key=RANGE` texts, refusing an unknown key, a key given twice, a bad
/// range, or more than [`MAX_SETTINGS`] settings.
pub fn parse_axes(entry: &dyn GameEntry, texts: &[String]) -> Result<Vec<Axis>> {
    let mut axes: Vec<Axis> = Vec::new();
    for text in texts {
        let Some((key, range)) = text.split_once('=') else {
            bail!("--param `{text}`: expected key=RANGE (e.g. target=3..6 or board=a.json,b.json)");
        };
        let key = key.trim();
        if axes.iter().any(|a| a.key == key) {
            bail!("--param {key}: the key is given twice");
        }
        let values = values(entry, key, range)?;
        axes.push(Axis {
            key: key.to_string(),
            values,
        });
    }
    if !axes.iter().any(|a| a.values.len() > 1) {
        bail!("nothing to search: give a --param key=RANGE with two values or more");
    }
    let count = axes
        .iter()
        .try_fold(1usize, |n, a| n.checked_mul(a.values.len()))
        .filter(|&n| n <= MAX_SETTINGS);
    if count.is_none() {
        bail!("more than {MAX_SETTINGS} settings: narrow the ranges");
    }
    Ok(axes)
}

/// Every setting of `axes`, the first axis changing slowest.
pub fn settings(axes: &[Axis]) -> Vec<Setting> {
    let mut out: Vec<Setting> = vec![Vec::new()];
    for a in axes {
        out = out
            .into_iter()
            .flat_map(|s| {
                (0..a.values.len()).map(move |i| {
                    let mut s = s.clone();
                    s.push(i);
                    s
                })
            })
            .collect();
    }
    out
}

/// The parameters of a setting, as the registry takes them.
pub fn params_of(axes: &[Axis], setting: &[usize]) -> Value {
    let mut map = Map::new();
    for (a, &i) in axes.iter().zip(setting) {
        map.insert(a.key.clone(), a.values[i].1.clone());
    }
    Value::Object(map)
}

/// A setting as `key=value` pairs, comma-separated (only the keys searched, not fixed ones).
pub fn label_of(axes: &[Axis], setting: &[usize]) -> String {
    let pairs: Vec<String> = axes
        .iter()
        .zip(setting)
        .filter(|(a, _)| a.values.len() > 1)
        .map(|(a, &i)| format!("{}={}", a.key, a.values[i].0))
        .collect();
    pairs.join(", ")
}

#[cfg(test)]
#[path = "tune_params_tests.rs"]
mod tests;
