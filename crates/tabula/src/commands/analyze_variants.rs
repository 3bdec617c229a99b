//! `tabula analyze --variant NAME:key=value[,key=value…]`: the variants of a comparison,
//! each the command's parameters with some changed (`players`, `layout`, `board` (a file),
//! `max_plies` and any `--param` key).

use anyhow::{Context, Result, bail};
use serde_json::Value;

/// One variant: its name, and the parameters it is played with (as the registry takes
/// them), with a board file named by its path for the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    pub name: String,
    pub params: Value,
    pub board_path: Option<String>,
}

/// Parses `NAME:key=value,…` over the base parameters `base`.
pub fn parse_variant(text: &str, base: &Value, base_board: Option<&str>) -> Result<Variant> {
    let Some((name, settings)) = text.split_once(':') else {
        bail!("--variant `{text}`: expected NAME:key=value[,key=value…]");
    };
    let name = name.trim();
    if name.is_empty() || name.contains(['/', '\\']) {
        bail!("--variant `{text}`: the name must be non-empty, without slashes");
    }
    let mut params = match base {
        Value::Object(_) => base.clone(),
        _ => Value::Object(Default::default()),
    };
    let mut board_path = base_board.map(str::to_string);
    for pair in settings.split(',').filter(|p| !p.trim().is_empty()) {
        let Some((key, value)) = pair.split_once('=') else {
            bail!("--variant {name}: `{pair}`: expected key=value");
        };
        let (key, value) = (key.trim(), value.trim());
        let value = match key {
            "layout" => Value::from(value),
            "board" => {
                let text = std::fs::read_to_string(value)
                    .with_context(|| format!("--variant {name}: cannot read board file {value}"))?;
                board_path = Some(value.to_string());
                Value::from(text)
            }
            "players" | "max_plies" => {
                let n: u64 = value.parse().with_context(|| {
                    format!("--variant {name}: {key} must be a whole number, not `{value}`")
                })?;
                Value::from(n)
            }
            _ => serde_json::from_str(value).unwrap_or_else(|_| Value::from(value)),
        };
        params[key] = value;
    }
    Ok(Variant {
        name: name.to_string(),
        params,
        board_path,
    })
}

/// The variants of `texts`, refusing a name given twice.
pub fn parse_variants(texts: &[String], base: &Value, board: Option<&str>) -> Result<Vec<Variant>> {
    let mut out: Vec<Variant> = Vec::new();
    for t in texts {
        let v = parse_variant(t, base, board)?;
        if out.iter().any(|o| o.name == v.name) {
            bail!("--variant {}: the name is given twice", v.name);
        }
        out.push(v);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_variant_changes_the_base_parameters() {
        let base = json!({"players": 2, "max_plies": 300});
        let v = parse_variant("B:players=3,target=4,layout=123", &base, None).unwrap();
        assert_eq!(v.name, "B");
        assert_eq!(
            v.params,
            json!({"players": 3, "max_plies": 300, "target": 4, "layout": "123"})
        );
        let same = parse_variant("A:", &base, None).unwrap();
        assert_eq!(same.params, base);
    }

    #[test]
    fn bad_variants_are_refused_with_the_reason() {
        let base = json!({});
        for (text, needle) in [
            ("B", "expected NAME:key=value"),
            (":players=3", "name must be non-empty"),
            ("B:players", "expected key=value"),
            ("B:players=three", "players must be a whole number"),
            ("B:board=/nonexistent/board.json", "cannot read board file"),
        ] {
            let err = parse_variant(text, &base, None).unwrap_err();
            assert!(format!("{err:#}").contains(needle), "{text}: {err:#}");
        }
        let twice = parse_variants(&["A:".into(), "A:x=1".into()], &base, None).unwrap_err();
        assert!(twice.to_string().contains("given twice"), "{twice}");
    }
}
