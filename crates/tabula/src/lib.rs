//! `tabula`: play, analyse and host Toumaï, Khan-Tsin, China Moon and Magical Circle.
//!
//! The CLI names no game: it offers those of the catalog given to [`run_with`]. The binary gives
//! it the built-in catalog (`tabula_catalog::builtin()`); a downstream crate ships the CLI with
//! games of its own by giving it that catalog with its entries, which every subcommand
//! (`tabula serve` included) then offers.
//!
//! Every error goes to standard error with exit status 2.

#![warn(missing_docs)]

mod catalog;
mod commands;
mod game_commands;
mod game_flags;
mod lang;
mod opts;
mod term;

use anyhow::Context;
pub(crate) use catalog::{catalog, find, make_bot};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use commands::{analyze, engine, notation, play, puzzles, serve, simulate, tune};
use game_commands::GameCommand;
use opts::ParamOpts;
use std::process::ExitCode;
use tabula_registry::Catalog;

const AFTER_HELP: &str = "\
Positions and actions are written in each game's notation (see `tabula rules <game>`, which \
prints the rules for players with every ruling the engine applies where the original rules \
are silent). Seats are numbered from 1. Quote positions: they contain spaces.";

#[derive(Parser, Debug)]
#[command(name = "tabula", version, about, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games.
    Games,
    /// Print a game's rules for players, every ruling included, as text for the terminal.
    Rules {
        game: String,
        /// The language: en, fr or cs (default: from LC_ALL or LANG, else English).
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
        /// Print the page's Markdown source as it is.
        #[arg(long)]
        markdown: bool,
        /// Colour (bold text): auto (when standard output is a terminal and NO_COLOR is
        /// unset), always, never.
        #[arg(long, value_enum, default_value_t = term::ColorChoice::Auto)]
        color: term::ColorChoice,
    },
    /// The legal actions, one per line, sorted in byte order (nothing when the game is over).
    Legal {
        game: String,
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// The seat whose actions to list, where several seats may act.
        #[arg(long, value_name = "N")]
        seat: Option<usize>,
        #[command(flatten)]
        params: ParamOpts,
    },
    /// The position after the actions (chance events that follow are resolved from --seed).
    Apply {
        game: String,
        #[arg(allow_hyphen_values = true)]
        position: String,
        #[arg(required = true)]
        actions: Vec<String>,
        /// The seat that acts, where several seats may act.
        #[arg(long, value_name = "N")]
        seat: Option<usize>,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[command(flatten)]
        params: ParamOpts,
    },
    /// Count the action paths of a given length.
    Perft {
        game: String,
        #[arg(allow_hyphen_values = true)]
        position: String,
        depth: u32,
        /// Print the count below each legal action, then the total.
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        params: ParamOpts,
    },
    /// The position after a random setup.
    New {
        game: String,
        #[arg(long, value_name = "N")]
        players: Option<usize>,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The position before the players' placement setup instead.
        #[arg(long)]
        placement: bool,
        #[command(flatten)]
        params: ParamOpts,
    },
    /// Draw the board as text with who acts next or the result.
    Show {
        game: String,
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// An object with `to_act`, `over`, `result`, the seats and the view.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        params: ParamOpts,
    },
    /// Play a game in the terminal against bots (or several humans at one keyboard).
    Play {
        game: String,
        #[arg(long, value_name = "N")]
        players: Option<usize>,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The seats played by people at this keyboard, e.g. `1` or `1,3`; `none` for bots
        /// only.
        #[arg(long, value_name = "SEATS", default_value = "1")]
        human: String,
        /// The bots' level.
        #[arg(long, value_name = "LEVEL", default_value = "random")]
        bot: String,
        /// The language: en, fr or cs (default: from LC_ALL or LANG, else English).
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
        /// Colour: auto (when standard output is a terminal and NO_COLOR is unset), always,
        /// never.
        #[arg(long, value_enum, default_value_t = term::ColorChoice::Auto)]
        color: term::ColorChoice,
        #[command(flatten)]
        params: ParamOpts,
    },
    /// Puzzles drawn from recorded games: generate a set, verify one (docs/puzzles.md).
    #[command(subcommand)]
    Puzzles(puzzles::PuzzlesCommand),
    /// Play bots against each other, rotating seats; win rates with 95% confidence intervals.
    /// With --from, one game from a saved match record instead (docs/engine.md).
    Match(simulate::MatchArgs),
    /// Balance report for designers: win rate per seat, game length, branching factor, skill
    /// (docs/analyze.md).
    Analyze {
        game: String,
        /// The number of players (default: the game's usual number).
        #[arg(long, value_name = "N")]
        players: Option<usize>,
        /// Games per match (the seat-balance match, then the skill match).
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// The bot in every seat of the balance match, and the stronger bot of the skill match.
        #[arg(long, value_name = "SPEC", default_value = "casual")]
        bot: String,
        /// The weaker bot of the skill match (in every other seat); `none`: no skill match.
        #[arg(long, value_name = "SPEC", default_value = "random")]
        weaker: String,
        /// Games played at once (default: every core).
        #[arg(long, value_name = "T")]
        threads: Option<usize>,
        /// The same seed gives the same games and the same report, whatever the thread count.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the SVG plots, report.json and index.html into this directory.
        #[arg(long, value_name = "DIR")]
        out: Option<std::path::PathBuf>,
        /// Print the full report as JSON instead of tables.
        #[arg(long)]
        json: bool,
        /// Start every game from a random setup instead of the placement setup.
        #[arg(long)]
        random_setup: bool,
        #[command(flatten)]
        params: ParamOpts,
        /// The bot (playing no seat) valuing every position for the dynamics (default
        /// mcts:iterations=500); `players`: the bots' own values, after each move; `off`: none.
        #[arg(long, value_name = "SPEC")]
        evaluator: Option<String>,
        /// The eventual winner's expected return (0 to 1) from which a game counts as decided.
        #[arg(long, value_name = "X", default_value_t = 0.8)]
        decisive_threshold: f64,
        /// Write one JSON line per game to this file, as each game ends.
        #[arg(long, value_name = "FILE")]
        records: Option<std::path::PathBuf>,
        /// Write one CSV row per game to DIR/games.csv, as each game ends.
        #[arg(long, value_name = "DIR")]
        csv: Option<std::path::PathBuf>,
        /// Finish an interrupted run: keep the games in --records FILE, play the rest.
        #[arg(long)]
        resume: bool,
        /// A variant NAME:key=value[,key=value…] (players, layout, board, max_plies or any
        /// parameter); given twice or more, the variants are compared on the same seeds.
        #[arg(long = "variant", value_name = "NAME:K=V,…")]
        variants: Vec<String>,
        /// Levels or bot specifications, comma-separated (at least two): each plays the next
        /// one up, --games games per step, for the skill ladder (Elo against level).
        #[arg(long, value_name = "A,B,…")]
        ladder: Option<String>,
        /// Instead of playing: the opening table of the finished matches between people in
        /// the server's store (a SQLite file or a postgres:// URL, as `tabula serve --db`).
        #[arg(long, value_name = "DB", conflicts_with_all = ["variants", "ladder", "resume"])]
        from_db: Option<String>,
    },
    /// Search rule parameters for the setting that best meets an objective (successive
    /// halving; docs/analyze.md).
    Tune(tune::TuneArgs),
    /// Measure random playouts, plies and MCTS iterations per second (every game by default).
    Bench {
        game: Option<String>,
        /// One JSON object per game: game, playouts_per_s, plies_per_s, mcts_iters_per_s_1t,
        /// mcts_iters_per_s_all.
        #[arg(long)]
        json: bool,
        /// MCTS iterations per search (UCT, c = 1.4, one random rollout per iteration).
        #[arg(long, default_value_t = 20_000)]
        iterations: u64,
        /// Threads for the all-threads figure (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// A line protocol on standard input and output for other programs: set a position, ask
    /// a bot for its move (`go`) or its analysis (`analyse`) (docs/engine.md).
    Engine {
        game: String,
        /// The bot that searches: `random`, a level (`beginner`, `casual`, `strong`,
        /// `expert`), or a search such as `mcts:iterations=5000` or `alphabeta:depth=6`.
        #[arg(long, value_name = "LEVEL|SPEC", default_value = "strong")]
        bot: String,
        /// Seeds the bot and `position start`.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Search threads: MCTS threads share one tree, alpha-beta threads one
        /// transposition table (lazy SMP).
        #[arg(long, value_name = "T")]
        threads: Option<usize>,
        /// The number of players of `position start` (default: the game's usual number).
        #[arg(long, value_name = "N")]
        players: Option<usize>,
        #[command(flatten)]
        params: ParamOpts,
    },
    /// Run the game server: the web UI, the HTTP and WebSocket API (docs/api.md), bots.
    Serve(serve::ServeArgs),
}

fn dispatch(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Serve(args) => serve::serve(args),
        Command::Tune(args) => tune::tune(args),
        Command::Match(args) => simulate::run_match(args),
        Command::Analyze {
            game,
            players,
            games,
            bot,
            weaker,
            threads,
            seed,
            out,
            json,
            random_setup,
            params,
            evaluator,
            decisive_threshold,
            records,
            csv,
            resume,
            variants,
            ladder,
            from_db,
        } => analyze::analyze(analyze::AnalyzeArgs {
            game: &game,
            players,
            games,
            bot: &bot,
            weaker: Some(weaker.as_str()).filter(|w| *w != "none"),
            threads,
            seed,
            out: out.as_deref(),
            json,
            random_setup,
            params: &params,
            evaluator: evaluator.as_deref(),
            decisive_threshold,
            records: records.as_deref(),
            csv: csv.as_deref(),
            resume,
            variants: &variants,
            ladder: ladder.as_deref(),
            from_db: from_db.as_deref(),
        }),
        Command::Bench {
            game,
            json,
            iterations,
            threads,
            seed,
        } => simulate::bench(simulate::BenchArgs {
            game: game.as_deref(),
            json,
            iterations,
            threads,
            seed,
        }),
        Command::Engine {
            game,
            bot,
            seed,
            threads,
            players,
            params,
        } => engine::engine(engine::EngineArgs {
            game: &game,
            bot: &bot,
            seed,
            threads,
            players,
            params: &params,
        }),
        Command::Games => notation::games(),
        Command::Rules {
            game,
            lang,
            markdown,
            color,
        } => notation::rules(
            &game,
            lang::Lang::choose(lang.as_deref())?.code(),
            (!markdown).then_some(term::Painter {
                on: color.enabled(),
            }),
        ),
        Command::Legal {
            game,
            position,
            seat,
            params,
        } => notation::legal(&game, &position, seat, &params),
        Command::Apply {
            game,
            position,
            actions,
            seat,
            seed,
            params,
        } => notation::apply(&game, &position, &actions, seat, seed, &params),
        Command::Perft {
            game,
            position,
            depth,
            divide,
            params,
        } => notation::perft(&game, &position, depth, divide, &params),
        Command::New {
            game,
            players,
            seed,
            placement,
            params,
        } => notation::new(&game, players, seed, placement, &params),
        Command::Show {
            game,
            position,
            json,
            params,
        } => notation::show(&game, &position, json, &params),
        Command::Puzzles(command) => puzzles::run(command),
        Command::Play {
            game,
            players,
            seed,
            human,
            bot,
            lang,
            color,
            params,
        } => play::play(play::PlayArgs {
            game: &game,
            players,
            seed,
            humans: match human.trim() {
                "none" => Vec::new(),
                list => opts::seats(list)?,
            },
            level: &bot,
            params: &params,
            lang: lang::Lang::choose(lang.as_deref())?,
            painter: term::Painter {
                on: color.enabled(),
            },
        }),
    }
}

/// A one-shot command whose reader closes the pipe early (`tabula analyze … | head`) ends as
/// Unix tools do, by the signal, rather than panicking on the failed write. The server keeps
/// Rust's default (the signal ignored): a closed pipe on its standard output must not stop it.
fn end_quietly_on_a_closed_pipe() {
    // SAFETY: restores the default disposition of one signal, before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// The command line for the games of `catalog`: the CLI's own commands with every game's
/// parameters as flags, and the games' own commands (refused when two games, or a game and
/// the CLI, name one command alike).
fn command_line(catalog: &Catalog) -> anyhow::Result<(clap::Command, Vec<GameCommand>)> {
    let games: Vec<&'static tabula_core::GameDescription> = catalog
        .entries()
        .iter()
        .map(|e| e.info().description)
        .collect();
    let builtin = Cli::command();
    let commands = game_commands::game_commands(&games, &builtin)
        .context("the games' commands cannot be offered")?;
    let flags = game_flags::game_flags(&games);
    let after_help = format!(
        "{AFTER_HELP}\n\nGame parameters, as flags of the commands that take them (see `tabula \
         <command> --help`), from the games' descriptions: {}; any parameter also as --param \
         key=value.",
        game_flags::flag_list(&flags)
    );
    let command = game_flags::add_game_flags(builtin, &flags).after_help(after_help);
    Ok((
        game_commands::add_game_commands(command, &commands),
        commands,
    ))
}

/// Parses the command line and runs it.
fn parse_and_run(catalog: &Catalog) -> anyhow::Result<ExitCode> {
    let (command, game_commands) = command_line(catalog)?;
    let matches = match command.try_get_matches() {
        Ok(matches) => matches,
        Err(e) => return Ok(clap_exit(e)),
    };
    if let Some(result) = game_commands::run_game_command(&matches, &game_commands) {
        end_quietly_on_a_closed_pipe();
        return result.map(|()| ExitCode::SUCCESS);
    }
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return Ok(clap_exit(e)),
    };
    if !matches!(cli.command, Command::Serve(_)) {
        end_quietly_on_a_closed_pipe();
    }
    dispatch(cli).map(|()| ExitCode::SUCCESS)
}

/// Prints clap's message (help, version or a usage error) with its exit status.
fn clap_exit(e: clap::Error) -> ExitCode {
    let code = if e.use_stderr() { 2 } else { 0 };
    e.print().ok();
    ExitCode::from(code)
}

/// Runs the CLI on this process's arguments with the games of `catalog` (the first catalog
/// given in a process stays).
pub fn run_with(catalog: Catalog) -> ExitCode {
    let catalog = catalog::CATALOG.get_or_init(|| catalog);
    match parse_and_run(catalog) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
