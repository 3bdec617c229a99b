//! `tabula serve`: the game server (crate `tabula-server`): the web UI, the HTTP and
//! WebSocket API, bots in seats, matches kept in a SQLite file and resumed after a restart.
//! Logs go to standard error (`RUST_LOG` filters them; default `info`); the address to open
//! is printed on standard output once the server listens.

use anyhow::{Context, Result};
use clap::Args;
use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;
use tabula_server::live::AnalysisOptions;
use tabula_server::mail::MailOptions;
use tabula_server::{
    AccountOptions, Catalog, CookieSecurity, HubOptions, Limits, Server, ServerConfig, StoreConfig,
};
use tracing_subscriber::EnvFilter;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Where the matches are kept: a SQLite file (created if missing; `sqlite:FILE` also
    /// works) or a PostgreSQL URL (`postgres://user@host:5432/db`), which several instances
    /// may share (see docs/deploy.md).
    #[arg(
        long,
        value_name = "FILE|URL",
        env = "TABULA_DB",
        default_value = "tabula.db"
    )]
    pub db: String,
    /// Keep the matches in memory only: nothing survives a restart.
    #[arg(long, conflicts_with = "db")]
    pub memory: bool,
    /// The least time a bot waits before its move is applied, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub bot_delay_ms: u64,
    /// The bot that analyses matches (a level or a search specification).
    #[arg(long, value_name = "BOT", default_value = "strong")]
    pub analysis_bot: String,
    /// The analysis' budget per position: MCTS iterations, alpha-beta nodes.
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub analysis_iterations: u64,
    /// A wall-time budget per analysed position, in milliseconds, on top of the iterations (0:
    /// none). The default keeps the analysis of a game to seconds in every game: MCTS games
    /// run far fewer iterations per second than alpha-beta games search nodes.
    #[arg(long, value_name = "MS", default_value_t = 150)]
    pub analysis_ms: u64,
    /// The most positions of one match analysed at once.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub analysis_per_match: usize,
    /// The most positions analysed at once across every match (bots in seats come first).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub analysis_max_running: usize,
    /// The most matches waiting to be analysed (or being analysed); more are answered 503.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub analysis_queue: usize,
    /// The most matches one client address may have queued for analysis; more get 429.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub analysis_per_client: usize,
    /// Seconds a queued analysis may wait without a position started before it is dropped.
    #[arg(long, value_name = "SECS", default_value_t = 300)]
    pub analysis_max_wait: u64,
    /// The most wall time one analysed position may take, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub analysis_position_ms: u64,
    /// Seconds a client has to send a request's headers.
    #[arg(long, value_name = "SECS", default_value_t = 10)]
    pub header_timeout: u64,
    /// Seconds a connection may stay open with no byte received from its client (WebSockets
    /// are pinged within it; one that answers nothing is closed).
    #[arg(long, value_name = "SECS", default_value_t = 120)]
    pub idle_timeout: u64,
    /// The most connections open at once; more are answered 503. Lowered at start to fit
    /// under the open-files limit (raised to its hard limit), 64 descriptors kept aside.
    #[arg(long, value_name = "N", default_value_t = 1024)]
    pub max_connections: usize,
    /// The most WebSockets open on one match.
    #[arg(long, value_name = "N", default_value_t = 32)]
    pub max_sockets_per_match: usize,
    /// The most connections open at once from one client address, WebSockets included; more
    /// from it are answered 429.
    #[arg(long, value_name = "N", default_value_t = 128)]
    pub max_connections_per_client: usize,
    /// The most WebSockets open at once from one client address, over all matches, seats and
    /// spectators alike; more are refused 429.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub max_sockets_per_client: usize,
    /// New matches allowed per client address and minute, rematches included (429 beyond).
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub creations_per_minute: u32,
    /// New matches a client may create at once before the rate applies.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub creation_burst: u32,
    /// The most unfinished matches held at once; more creations are answered 503.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_live_matches: usize,
    /// Minutes an unfinished match with an open seat stays in the lobby after its last move.
    #[arg(long, value_name = "MINUTES", default_value_t = 30)]
    pub lobby_minutes: u64,
    /// An origin allowed besides the server's own to open WebSockets and send actions
    /// (e.g. `https://play.example.org`); may be repeated.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
    /// Let clients seat any bot specification within the search's bounds
    /// (`mcts:iterations=5000`), not only the games' listed levels.
    #[arg(long)]
    pub allow_bot_specs: bool,
    /// When session cookies are marked Secure: `proxy` when a proxy on this host says the
    /// request came over TLS (`X-Forwarded-Proto: https` from a loopback peer), `always`
    /// (every client comes over TLS), `never`.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "proxy")]
    pub secure_cookies: SecureCookies,
    /// A file of words no player name may contain, one a line (`#` starts a comment), besides
    /// the built-in ones.
    #[arg(long, value_name = "FILE")]
    pub blocked_names: Option<std::path::PathBuf>,
    /// Sign-in attempts allowed per client address and minute (sign-ups included).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub logins_per_minute: u32,
    /// Sign-in attempts allowed per account name and minute.
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub logins_per_minute_per_account: u32,
    /// Chat messages allowed per client address, match and minute.
    #[arg(long, value_name = "N", default_value_t = 12)]
    pub chat_per_minute: u32,
    /// The operator's secret: `Authorization: Bearer <it>` may read the reports of chat
    /// messages (`/reports.html`), hide messages and dismiss reports.
    #[arg(long, value_name = "SECRET", env = "TABULA_OPERATOR_TOKEN")]
    pub operator_token: Option<String>,
    /// Send e-mail notifications (an account's "your turn" in a correspondence game, if it
    /// asked for them) through this SMTP relay, in plain SMTP (no TLS, no login: a relay on
    /// this host or a trusted network). Without it no e-mail is sent.
    #[arg(long, value_name = "HOST:PORT", requires = "mail_from")]
    pub smtp: Option<String>,
    /// The sender of the e-mails (`tabula@example.org` or `Tabula <tabula@example.org>`).
    #[arg(long, value_name = "ADDRESS", requires = "smtp")]
    pub mail_from: Option<String>,
    /// The address players open the server at, for the links in e-mails
    /// (`https://play.example.org`); default: `http://` and `--addr`.
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
}

/// `--secure-cookies`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum SecureCookies {
    /// Secure when a proxy on this host forwarded a TLS request.
    Proxy,
    /// Always Secure.
    Always,
    /// Never Secure.
    Never,
}

impl ServeArgs {
    /// The account options from the options (the blocked words read from their file).
    fn accounts(&self) -> Result<AccountOptions> {
        let blocked_names = match &self.blocked_names {
            None => Vec::new(),
            Some(path) => std::fs::read_to_string(path)
                .with_context(|| format!("--blocked-names {}", path.display()))?
                .lines()
                .map(str::trim)
                .filter(|w| !w.is_empty() && !w.starts_with('#'))
                .map(str::to_string)
                .collect(),
        };
        Ok(AccountOptions {
            secure_cookies: match self.secure_cookies {
                SecureCookies::Proxy => CookieSecurity::FromProxy,
                SecureCookies::Always => CookieSecurity::Always,
                SecureCookies::Never => CookieSecurity::Never,
            },
            blocked_names,
            logins_per_minute_per_client: self.logins_per_minute.max(1),
            logins_per_minute_per_account: self.logins_per_minute_per_account.max(1),
            chat_per_minute: self.chat_per_minute.max(1),
            operator_token: self.operator_token.clone().filter(|t| !t.is_empty()),
            ..AccountOptions::default()
        })
    }
}

impl ServeArgs {
    /// The e-mail options, when `--smtp` is given.
    fn mail(&self) -> Result<Option<MailOptions>> {
        let (Some(relay), Some(from)) = (&self.smtp, &self.mail_from) else {
            return Ok(None);
        };
        let url = (self.public_url.clone()).unwrap_or_else(|| format!("http://{}", self.addr));
        MailOptions::new(relay, from, &url)
            .map(Some)
            .map_err(|e| anyhow::anyhow!(e))
    }

    /// The server's limits from the options.
    fn limits(&self) -> Limits {
        Limits {
            header_read_timeout: Duration::from_secs(self.header_timeout.max(1)),
            idle_timeout: Duration::from_secs(self.idle_timeout.max(1)),
            max_connections: self.max_connections.max(1),
            max_sockets_per_match: self.max_sockets_per_match.max(1),
            max_connections_per_client: self.max_connections_per_client.max(1),
            max_sockets_per_client: self.max_sockets_per_client.max(1),
            creations_per_minute: self.creations_per_minute,
            creation_burst: self.creation_burst.max(1),
            max_live_matches: self.max_live_matches.max(1),
            allowed_origins: self.allow_origin.clone(),
            lobby_ttl: Duration::from_secs(self.lobby_minutes.saturating_mul(60)),
        }
    }
}

pub fn serve(args: ServeArgs) -> Result<()> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    let limits = args.limits();
    args.analysis_bot
        .parse::<tabula_ai::BotSpec>()
        .map_err(|e| anyhow::anyhow!("--analysis-bot `{}`: {e}", args.analysis_bot))?;
    let config = ServerConfig {
        addr: args.addr,
        store: if args.memory {
            StoreConfig::Memory
        } else {
            StoreConfig::from_db(&args.db)
        },
        hub: HubOptions {
            min_bot_delay: Duration::from_millis(args.bot_delay_ms),
            limits,
            analysis: AnalysisOptions {
                bot: args.analysis_bot.clone(),
                iterations: args.analysis_iterations.max(1),
                time_ms: Some(args.analysis_ms).filter(|&ms| ms > 0),
                per_match: args.analysis_per_match.max(1),
                max_running: args.analysis_max_running.max(1),
                queue: args.analysis_queue.max(1),
                per_client: args.analysis_per_client.max(1),
                max_wait: Duration::from_secs(args.analysis_max_wait.max(1)),
                position_ms: args.analysis_position_ms.max(1),
            },
            allow_bot_specs: args.allow_bot_specs,
            accounts: args.accounts()?,
            mail: args.mail()?,
            ..HubOptions::default()
        },
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let server = Server::start(config, Catalog::of(crate::catalog().clone())).await?;
        let addr = server.local_addr();
        let shown = if addr.ip().is_unspecified() {
            SocketAddr::new([127, 0, 0, 1].into(), addr.port())
        } else {
            addr
        };
        println!("Tabula is serving at http://{shown}/ (open it in a browser)");
        std::io::stdout().flush().ok();
        let hub = server.hub();
        tokio::select! {
            served = server.run() => served?,
            _ = stop_signal() => tracing::info!("stopping"),
        }
        // With other instances on the same database, they take this one's matches over now.
        hub.leave_cluster().await;
        Ok(())
    })
}

/// Ctrl-C or SIGTERM. Everything acknowledged is already stored: stopping loses nothing.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
