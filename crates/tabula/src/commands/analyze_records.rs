//! `tabula analyze --records FILE.jsonl`, `--csv DIR` and `--resume`: one row per game,
//! written and flushed as each game ends, so that an interrupted run keeps every game it
//! finished; `--resume` reads them back and plays only the rest. Also the progress log line
//! printed every few seconds when standard error is not a terminal. A records file starts
//! with a header line naming the rules it was played under, which `--resume` checks with
//! every row ([`check`]).

mod check;

use anyhow::{Context, Result, anyhow, bail};
pub use check::RunRules;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tabula_ai::analysis::Phase;
use tabula_ai::analysis::records::GameRow;

/// The CSV columns, one row per game.
const CSV_HEADER: &str = "variant,match,game,seed,bots,winner,ranks,reason,plies,turns,repeated";

/// Where game rows go.
pub struct RecordSink {
    jsonl: Option<Mutex<File>>,
    csv: Option<Mutex<File>>,
    /// The first write error (rows are written from the game threads).
    error: Mutex<Option<String>>,
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The CSV line of a row (no newline).
pub fn csv_line(row: &GameRow) -> String {
    let r = &row.record;
    let reason = match r.reason {
        Some(reason) => serde_json::to_value(reason)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default(),
        None => "unfinished".into(),
    };
    let ranks: Vec<String> = r.ranks.iter().map(u8::to_string).collect();
    let phase = match row.phase {
        Phase::Balance => "balance",
        Phase::Skill => "skill",
        Phase::Ladder => "ladder",
    };
    [
        csv_field(&row.variant),
        phase.into(),
        r.index.to_string(),
        r.seed.to_string(),
        csv_field(&row.bots.join(" ")),
        row.winner.map_or(String::new(), |w| w.to_string()),
        ranks.join("-"),
        reason,
        r.plies.to_string(),
        r.turns.to_string(),
        r.repeated.to_string(),
    ]
    .join(",")
}

/// Writes `line` and its newline in one write, then flushes: a run killed meanwhile leaves
/// either the whole line or none of it, never a row without its newline (which
/// [`read_rows`] drops on resume).
fn write_line(f: &mut File, line: &str) -> std::io::Result<()> {
    let mut buf = String::with_capacity(line.len() + 1);
    buf.push_str(line);
    buf.push('\n');
    f.write_all(buf.as_bytes())?;
    f.flush()
}

/// The rows of a records file, checked against `rules`, and whether it has its header; a
/// last line cut short (a run killed while writing it) is dropped and cut from the file. A
/// missing or different header, and any other unreadable or impossible line, is an error
/// naming it.
fn read_rows(path: &Path, rules: &mut RunRules) -> Result<(Vec<GameRow>, bool)> {
    let name = path.display();
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read records file {name}"))?;
    let mut rows = Vec::new();
    let mut good = 0usize;
    let mut header = false;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if line.trim().is_empty() {
            good += line.len();
            continue;
        }
        if !line.ends_with('\n') {
            break;
        }
        let body = line.trim_end();
        if !header {
            if !RunRules::is_header(body) {
                bail!(
                    "records file {name} has no header line naming the rules its games were \
                     played under (it was written by an older tabula, or gathered without one), \
                     so they cannot be checked against this run's: start a new records file \
                     (docs/analyze.md, \"Records, resuming, progress\")"
                );
            }
            rules.check_header(body).map_err(|e| {
                anyhow!(
                    "records file {name} was played under other rules: {e}; resume with the \
                     same options, or start a new records file"
                )
            })?;
            header = true;
            good += line.len();
            continue;
        }
        let row = GameRow::from_line(body)
            .map_err(|e| anyhow!("records file {name} line {}: {e}", n + 1))?;
        rules.check_row(&row).map_err(|(field, what)| {
            anyhow!(
                "records file {name} line {}: field `{field}`: {what}",
                n + 1
            )
        })?;
        rows.push(row);
        good += line.len();
    }
    if good < text.len() {
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .with_context(|| format!("cannot open {name}"))?;
        file.set_len(good as u64)
            .with_context(|| format!("cannot cut the last line of {name}"))?;
    }
    Ok((rows, header))
}

impl RecordSink {
    /// Opens the outputs: `records` (JSON lines, the header of `rules` first) and
    /// `csv_dir/games.csv`. With `resume`, the rows already in `records` are checked against
    /// `rules`, returned and kept; otherwise both files start empty.
    pub fn open(
        records: Option<&Path>,
        csv_dir: Option<&Path>,
        resume: bool,
        rules: &mut RunRules,
    ) -> Result<(RecordSink, Vec<GameRow>)> {
        if resume && records.is_none() {
            bail!("--resume needs --records FILE: the rows of the run to finish");
        }
        let (known, header) = match records {
            Some(path) if resume && path.exists() => read_rows(path, rules)?,
            _ => (Vec::new(), false),
        };
        let jsonl = match records {
            Some(path) => {
                let mut options = OpenOptions::new();
                options.create(true);
                if resume {
                    options.append(true);
                } else {
                    options.write(true).truncate(true);
                }
                let cannot = || format!("cannot write records file {}", path.display());
                let mut file = options.open(path).with_context(cannot)?;
                if !header {
                    write_line(&mut file, &rules.header_line()).with_context(cannot)?;
                }
                Some(Mutex::new(file))
            }
            None => None,
        };
        let csv = match csv_dir {
            Some(dir) => {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("cannot create {}", dir.display()))?;
                let path: PathBuf = dir.join("games.csv");
                let mut file = File::create(&path)
                    .with_context(|| format!("cannot write {}", path.display()))?;
                writeln!(file, "{CSV_HEADER}")?;
                for row in &known {
                    writeln!(file, "{}", csv_line(row))?;
                }
                file.flush()?;
                Some(Mutex::new(file))
            }
            None => None,
        };
        let sink = RecordSink {
            jsonl,
            csv,
            error: Mutex::new(None),
        };
        Ok((sink, known))
    }

    /// Writes and flushes one row.
    pub fn write(&self, row: &GameRow) {
        let mut result = Ok(());
        if let Some(file) = &self.jsonl {
            let mut f = file.lock().expect("records file");
            result = write_line(&mut f, &row.to_line());
        }
        if let (Some(file), Ok(())) = (&self.csv, &result) {
            let mut f = file.lock().expect("csv file");
            result = write_line(&mut f, &csv_line(row));
        }
        if let Err(e) = result {
            self.error
                .lock()
                .expect("error")
                .get_or_insert(format!("cannot write a game row: {e}"));
        }
    }

    /// The first write error, if any.
    pub fn check(&self) -> Result<()> {
        match self.error.lock().expect("error").take() {
            Some(e) => bail!(e),
            None => Ok(()),
        }
    }
}

/// One log line on standard error every `every`, and at the end of each match.
pub struct LogProgress {
    start: Instant,
    every: Duration,
    last: Mutex<Option<Instant>>,
}

impl LogProgress {
    pub fn new(every: Duration) -> Self {
        LogProgress {
            start: Instant::now(),
            every,
            last: Mutex::new(None),
        }
    }

    /// Game `done` of `total` of `phase` (of `variant`) ended.
    pub fn tick(&self, variant: &str, phase: Phase, done: usize, total: usize) {
        let now = Instant::now();
        let mut last = self.last.lock().expect("progress");
        let due = last.is_none_or(|t| now.duration_since(t) >= self.every);
        if due || done == total {
            *last = Some(now);
            let variant = if variant.is_empty() {
                String::new()
            } else {
                format!("{variant}: ")
            };
            eprintln!(
                "analyze: {variant}{phase} {done}/{total} games, {:.1} s",
                now.duration_since(self.start).as_secs_f64()
            );
        }
    }
}
