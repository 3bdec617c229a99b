//! The balance report as JSON, as `tabula analyze --json` prints it and the Python package's
//! `tabula.analyze` returns it: one function, so that both give the same report.

use serde_json::Value;
use tabula_ai::AnalysisReport;
use tabula_ai::arena::RaceRule;

/// The report as JSON with the game's `title`, the parameters it was played with (`players`
/// from the report; a parameter read from a file named by its path, not copied: `files`
/// pairs such a parameter's name with the path), whether setups were random and how races
/// were decided (`race`, the matches' [`RaceRule`]).
pub fn analysis_json(
    report: &AnalysisReport,
    title: &str,
    params: &Value,
    files: &[(String, String)],
    random_setup: bool,
    race: RaceRule,
) -> Result<Value, serde_json::Error> {
    let mut params = match params {
        Value::Object(_) => params.clone(),
        _ => Value::Object(Default::default()),
    };
    params["players"] = Value::from(report.seats);
    for (name, path) in files {
        params[name.as_str()] = Value::from(path.as_str());
    }
    let mut json = serde_json::to_value(report)?;
    json["title"] = Value::from(title);
    json["params"] = params;
    json["random_setup"] = Value::from(random_setup);
    json["race"] = serde_json::to_value(race)?;
    Ok(json)
}
