//! `tabula analyze --variant NAME:key=value[,key=value…]`: the variants of a comparison,
//! each the command's parameters with some changed (`players` or any of the game's
//! parameters, read by the kind its description gives: a `text` parameter from a file); and the comparison page that shows them side by side,
//! every plot that makes sense per variant overlaid with a series per variant.

use super::analyze_html::with_contents;
use super::analyze_html::{STYLE, pct, table};
use super::plots::{self, escape};
use anyhow::{Context, Result, bail};
use serde_json::Value;
use std::fmt::Write;
use tabula_ai::AnalysisReport;
use tabula_ai::analysis::compare::Comparison;
use tabula_ai::analysis::significance::p_text;
use tabula_registry::ParamDescription;

/// One variant: its name, and the parameters it is played with (as the registry takes
/// them), with the parameters read from files named by their paths for the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    pub name: String,
    pub params: Value,
    /// `(parameter, path)` of each parameter read from a file.
    pub files: Vec<(String, String)>,
}

/// Parses `NAME:key=value,…` over the base parameters `base` (with `base_files`, those of
/// them read from files), reading each value by its kind in `described` (the game's
/// parameters).
pub fn parse_variant(
    text: &str,
    base: &Value,
    base_files: &[(String, String)],
    described: &[ParamDescription],
) -> Result<Variant> {
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
    let mut files = base_files.to_vec();
    for pair in settings.split(',').filter(|p| !p.trim().is_empty()) {
        let Some((key, value)) = pair.split_once('=') else {
            bail!("--variant {name}: `{pair}`: expected key=value");
        };
        let (key, value) = (key.trim(), value.trim());
        let kind = match key {
            "players" => "integer",
            _ => described
                .iter()
                .find(|p| p.name == key)
                .map_or("", |p| p.kind),
        };
        files.retain(|(n, _)| n != key);
        let value = match kind {
            "string" => Value::from(value),
            "text" => {
                let text = std::fs::read_to_string(value)
                    .with_context(|| format!("--variant {name}: cannot read {key} file {value}"))?;
                files.push((key.to_string(), value.to_string()));
                Value::from(text)
            }
            "integer" => {
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
        files,
    })
}

/// The variants of `texts`, refusing a name given twice.
pub fn parse_variants(
    texts: &[String],
    base: &Value,
    files: &[(String, String)],
    described: &[ParamDescription],
) -> Result<Vec<Variant>> {
    let mut out: Vec<Variant> = Vec::new();
    for t in texts {
        let v = parse_variant(t, base, files, described)?;
        if out.iter().any(|o| o.name == v.name) {
            bail!("--variant {}: the name is given twice", v.name);
        }
        out.push(v);
    }
    Ok(out)
}

/// The plots of the comparison page, by file name: seat win rates, how games end, game
/// length, branching factor, then skill, board coverage and uncertainty when some variant
/// has them. Each holds one series per variant, named by it.
pub fn overlays(reports: &[(&str, &AnalysisReport)]) -> Vec<(&'static str, String)> {
    let mut svgs = vec![
        (
            "seat_win_rates.svg",
            plots::variants::seat_win_rates(reports),
        ),
        ("outcomes.svg", plots::variants::outcomes(reports)),
        ("game_length.svg", plots::dynamics::length_overlay(reports)),
        ("branching.svg", plots::variants::branching(reports)),
    ];
    if let Some(svg) = plots::variants::skill_win_rates(reports) {
        svgs.push(("skill.svg", svg));
    }
    let boards: Vec<_> = reports
        .iter()
        .map(|(n, r)| (*n, r.board_coverage.as_ref()))
        .collect();
    if let Some(svg) = plots::coverage::coverage_multiples(&boards) {
        svgs.push(("coverage.svg", svg));
    }
    if reports.iter().any(|(_, r)| r.dynamics.is_some()) {
        svgs.push((
            "uncertainty.svg",
            plots::dynamics::uncertainty_curves(reports),
        ));
    }
    svgs
}

/// The sections of the comparison page: a plot's file, the section's title and anchor.
const SECTIONS: [(&str, &str, &str); 7] = [
    ("seat_win_rates.svg", "Seat balance", "seat-balance"),
    ("outcomes.svg", "How games end", "outcomes"),
    ("game_length.svg", "Game length", "length"),
    ("branching.svg", "Branching factor", "branching"),
    ("skill.svg", "Skill", "skill"),
    ("coverage.svg", "Board coverage", "coverage"),
    ("uncertainty.svg", "Dynamics", "dynamics"),
];

/// The parameters and match settings a variant is played with: `max_plies`, for a game whose
/// rules have no ply limit (Connect Four, China Moon), becomes the match's
/// [`ply_limit`](tabula_ai::MatchConfig::ply_limit) (a draw at the limit, as the other games'
/// parameter) instead of a parameter the game would refuse.
pub fn played_with(
    entry: &dyn tabula_registry::GameEntry,
    params: &Value,
    config: &tabula_ai::MatchConfig,
) -> (Value, tabula_ai::MatchConfig) {
    let mut params = params.clone();
    let mut config = config.clone();
    let own = entry
        .info()
        .description
        .params
        .iter()
        .any(|p| p.name == "max_plies");
    if !own
        && let Some(map) = params.as_object_mut()
        && let Some(n) = map.get("max_plies").and_then(Value::as_u64)
    {
        map.remove("max_plies");
        config.ply_limit = Some(n);
    }
    (params, config)
}

/// A p-value in a table cell: `= 0.012` or `< 0.001`, with no-break spaces.
fn p_html(p: f64) -> String {
    let text = p_text(p);
    match text.strip_prefix("< ") {
        Some(rest) => format!("<\u{a0}{rest}"),
        None => format!("=\u{a0}{text}"),
    }
}

/// The chi-square rows of the winners' seats: against an even share, and against the first
/// variant's.
fn seat_rows(comparison: &Comparison) -> Vec<Vec<String>> {
    let cell = |t: &Option<tabula_ai::analysis::sample::Test>| match t {
        Some(t) => format!("X² = {:.2}, p\u{a0}{}", t.z, p_html(t.holm.unwrap_or(t.p))),
        None => "–".to_string(),
    };
    let mut even = vec!["winners' seats even (chi-square)".to_string()];
    even.extend(comparison.seats_even.iter().map(cell));
    let mut first = vec![
        "winners' seats as the first variant's".to_string(),
        "–".into(),
    ];
    first.extend(comparison.seats_vs_first.iter().map(cell));
    vec![even, first]
}

/// The comparison page: the table with p-values, a section per overlaid plot (each inlined,
/// marked with `data-plot` = its file name), links to each variant's own report, and a table
/// of contents.
pub fn comparison_html(
    variants: &[(&Variant, &AnalysisReport)],
    comparison: &Comparison,
    title: &str,
    svgs: &[(&str, String)],
) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t} — variants \
         side by side</title><style>{STYLE}</style></head><body>\n<h1>{t} — variants side by \
         side</h1>\n<p>The same seeds for every variant. Each cell: the figure and its 95% \
         interval; after the first variant, the p-value of a two-sample test of the difference \
         (two-proportion z for rates, Mann-Whitney for per-game figures), corrected by Holm's \
         method across every test of the page; – where a variant has no data.</p>\n\
         <h2 id=\"comparison\">Figures side by side</h2>\n",
        t = escape(title)
    );
    let mut head = vec!["metric".to_string()];
    head.extend(comparison.variants.iter().cloned());
    let rows: Vec<Vec<String>> = comparison
        .metrics
        .iter()
        .map(|m| {
            let mut row = vec![m.metric.clone()];
            for c in &m.cells {
                let f = |v: f64| {
                    if m.kind == "rate" {
                        pct(v)
                    } else {
                        format!("{v:.3}")
                    }
                };
                let mut cell = if c.n == 0 {
                    "–".to_string()
                } else {
                    format!("{} ({} – {})", f(c.value), f(c.ci95[0]), f(c.ci95[1]))
                };
                if let Some(t) = &c.test {
                    let _ = write!(cell, ", p\u{a0}{}", p_html(t.holm.unwrap_or(t.p)));
                }
                row.push(cell);
            }
            row
        })
        .chain(seat_rows(comparison))
        .collect();
    let head: Vec<&str> = head.iter().map(String::as_str).collect();
    // With many variants the table is wider than the page: it scrolls on its own.
    h.push_str("<div style=\"overflow-x:auto\">");
    table(&mut h, &head, &rows);
    h.push_str("</div>\n");
    for w in &comparison.warnings {
        let _ = writeln!(h, "<p class=\"warning\">{}</p>", escape(w));
    }
    for (file, section, id) in SECTIONS {
        let Some((_, svg)) = svgs.iter().find(|(n, _)| *n == file) else {
            continue;
        };
        let _ = writeln!(h, "<h2 id=\"{id}\">{section}</h2>");
        h.push_str(&svg.replacen("<svg ", &format!("<svg data-plot=\"{file}\" "), 1));
    }
    h.push_str("<h2 id=\"variants\">Each variant</h2>\n<ul>\n");
    for (v, _) in variants {
        let mut params = v.params.clone();
        for (key, path) in &v.files {
            params[key.as_str()] = Value::from(path.as_str());
        }
        let _ = writeln!(
            h,
            "<li><a href=\"{n}/index.html\">{n}</a>: <code>{p}</code></li>",
            n = escape(&v.name),
            p = escape(&params.to_string())
        );
    }
    h.push_str("</ul>\n</body></html>\n");
    with_contents(&h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A game's parameters as its description gives them.
    const PARAMS: &[ParamDescription] = &[
        param("layout", "string"),
        param("board", "text"),
        param("max_plies", "integer"),
    ];

    const fn param(name: &'static str, kind: &'static str) -> ParamDescription {
        ParamDescription {
            name,
            kind,
            help: "",
            default: None,
            values: &[],
        }
    }

    #[test]
    fn a_variant_changes_the_base_parameters_each_read_by_its_described_kind() {
        let base = json!({"players": 2, "max_plies": 300});
        let v = parse_variant("B:players=3,target=4,layout=123", &base, &[], PARAMS).unwrap();
        assert_eq!(v.name, "B");
        assert_eq!(
            v.params,
            json!({"players": 3, "max_plies": 300, "target": 4, "layout": "123"})
        );
        let same = parse_variant("A:", &base, &[], PARAMS).unwrap();
        assert_eq!(same.params, base);
    }

    #[test]
    fn a_text_parameter_of_a_variant_is_read_from_its_file_and_named_by_its_path() {
        let path = std::env::temp_dir().join(format!("variant-{}.txt", std::process::id()));
        std::fs::write(&path, "the board").unwrap();
        let shown = path.display().to_string();
        let base = json!({"board": "the standard board"});
        let base_files = vec![("board".to_string(), "standard.json".to_string())];
        let v = parse_variant(&format!("B:board={shown}"), &base, &base_files, PARAMS).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(v.params, json!({"board": "the board"}));
        assert_eq!(v.files, vec![("board".to_string(), shown)]);
        let kept = parse_variant("A:max_plies=9", &base, &base_files, PARAMS).unwrap();
        assert_eq!(kept.files, base_files);
    }

    #[test]
    fn bad_variants_are_refused_with_the_reason() {
        let base = json!({});
        for (text, needle) in [
            ("B", "expected NAME:key=value"),
            (":players=3", "name must be non-empty"),
            ("B:players", "expected key=value"),
            ("B:players=three", "players must be a whole number"),
            ("B:max_plies=many", "max_plies must be a whole number"),
            ("B:board=/nonexistent/board.json", "cannot read board file"),
        ] {
            let err = parse_variant(text, &base, &[], PARAMS).unwrap_err();
            assert!(format!("{err:#}").contains(needle), "{text}: {err:#}");
        }
        let twice = parse_variants(&["A:".into(), "A:x=1".into()], &base, &[], PARAMS).unwrap_err();
        assert!(twice.to_string().contains("given twice"), "{twice}");
    }
}
