//! `tabula puzzles`: draw puzzles from recorded games (`generate`) and check a set again
//! (`verify`); docs/puzzles.md.

use crate::find;
use anyhow::{Context, Result, anyhow, bail};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use tabula_puzzles::{Depth, PuzzleSet, Settings, generate, parse, read_records, verify_set};

/// `tabula puzzles …`.
#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Find positions in recorded games where one move is clearly best, verify each with a
    /// deeper search and write the set.
    Generate {
        game: String,
        /// Record files: match reports of `tabula match --moves --json` or match records of
        /// the server (`GET /api/matches/{id}/record`).
        #[arg(long, value_name = "RECORDS", num_args = 1.., required = true)]
        from: Vec<PathBuf>,
        /// Where to write the set (JSON).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// The cheap search run on every position (a bot specification); `none`: races only.
        #[arg(long, default_value = "alphabeta:depth=4")]
        scan: String,
        /// The deeper search that verifies every candidate.
        #[arg(long, default_value = "expert")]
        verify: String,
        /// The search of `verify --depth reduced`, recorded in the set.
        #[arg(long, default_value = "alphabeta:depth=4")]
        reduced: String,
        /// How far ahead of every other move the answer must be, in expected return (0 to 1).
        #[arg(long, default_value_t = 0.3)]
        margin: f64,
        /// Positions before this ply of a record are not examined.
        #[arg(long, default_value_t = 0)]
        from_ply: usize,
        /// Stop after this many puzzles.
        #[arg(long)]
        limit: Option<usize>,
    },
    /// Recompute every puzzle's themes in a set, in place (after a game's themes changed).
    Themes {
        game: String,
        /// The set to rewrite.
        file: PathBuf,
    },
    /// Check a puzzle set: every line replays and a search confirms every answer.
    Verify {
        game: String,
        /// The set (default: the one the game ships).
        file: Option<PathBuf>,
        /// `full`: the set's verifying search; `reduced`: its cheaper search.
        #[arg(long, default_value = "reduced")]
        depth: String,
    },
}

/// Runs a `tabula puzzles` subcommand.
pub fn run(command: PuzzlesCommand) -> Result<()> {
    match command {
        PuzzlesCommand::Generate {
            game,
            from,
            out,
            scan,
            verify,
            reduced,
            margin,
            from_ply,
            limit,
        } => {
            if !(0.0..=1.0).contains(&margin) {
                bail!("--margin must be between 0 and 1, not {margin}");
            }
            let settings = Settings {
                scan,
                verify,
                reduced,
                margin,
                from_ply,
                ..Settings::default()
            };
            run_generate(&game, &from, &out, &settings, limit)
        }
        PuzzlesCommand::Themes { game, file } => {
            let entry = find(&game)?;
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            let mut set = parse(&text).with_context(|| file.display().to_string())?;
            tabula_puzzles::themes::retheme(entry, &mut set)
                .with_context(|| file.display().to_string())?;
            let text = serde_json::to_string_pretty(&set)? + "\n";
            std::fs::write(&file, text)
                .with_context(|| format!("cannot write {}", file.display()))?;
            println!(
                "{}: themes of {} puzzles recomputed",
                file.display(),
                set.puzzles.len()
            );
            Ok(())
        }
        PuzzlesCommand::Verify { game, file, depth } => {
            let depth: Depth = depth.parse().map_err(|e: String| anyhow!("--depth: {e}"))?;
            run_verify(&game, file.as_deref(), depth)
        }
    }
}

fn run_generate(
    game: &str,
    from: &[PathBuf],
    out: &Path,
    settings: &Settings,
    limit: Option<usize>,
) -> Result<()> {
    let entry = find(game)?;
    let mut records = Vec::new();
    for path in from {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        records.extend(read_records(entry, &path.display().to_string(), &text)?);
    }
    eprintln!("{} records read", records.len());
    let (mut set, summary) = generate(entry, &records, settings, &mut |done, total, kept| {
        eprintln!("record {done}/{total}: {kept} puzzles");
    })
    .map_err(|e| anyhow!(e))?;
    if let Some(limit) = limit {
        set.puzzles.truncate(limit);
    }
    let text = serde_json::to_string_pretty(&set)? + "\n";
    std::fs::write(out, text).with_context(|| format!("cannot write {}", out.display()))?;
    println!(
        "records read: {}\npositions examined: {}\ncandidates: {}\nkept: {}\ntime: {:.1} s\nwritten to {}",
        summary.records,
        summary.positions,
        summary.candidates,
        set.puzzles.len(),
        summary.elapsed.as_secs_f64(),
        out.display()
    );
    Ok(())
}

fn run_verify(game: &str, file: Option<&Path>, depth: Depth) -> Result<()> {
    let entry = find(game)?;
    let (name, set): (String, PuzzleSet) = match file {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let set = parse(&text).with_context(|| path.display().to_string())?;
            (path.display().to_string(), set)
        }
        None => {
            let text = entry
                .info()
                .puzzles
                .ok_or_else(|| anyhow!("{} ships no puzzles", entry.info().name))?;
            let set = parse(text).context("the shipped set")?;
            ("the shipped set".to_string(), set)
        }
    };
    let started = std::time::Instant::now();
    let n = verify_set(entry, &set, depth, None).with_context(|| name.clone())?;
    println!(
        "{name}: {} puzzles, every line replays; {n} answers confirmed at {} depth in {:.1} s",
        set.puzzles.len(),
        match depth {
            Depth::Full => "full",
            Depth::Reduced => "reduced",
        },
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
