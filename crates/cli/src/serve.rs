//! `agora serve`: the game server on a SQLite file, with no configuration needed; or one of
//! several nodes sharing a PostgreSQL database.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use agora_server::lobby::TableExpiry;
use agora_server::{ConnectionLimits, ServerConfig};
use agora_store::{Durability, Store};
use clap::Args;
use tokio::net::TcpListener;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address and port to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// Database URL, such as sqlite:///var/lib/agora/agora.db, or
    /// postgres://agora@db.example/agora for a PostgreSQL database that several `agora serve`
    /// nodes share (behind one address; see docs/operations.md). Default: agora.db in the data
    /// directory, $XDG_DATA_HOME/agora, else ~/.local/share/agora, else ./agora-data
    /// (created when missing).
    #[arg(long)]
    database: Option<String>,
    /// With PostgreSQL: how long, in seconds, this node's hold on a game lasts after each
    /// renewal (every second), and so how long the games of a node that died wait before
    /// another node takes them over.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(2..=600))]
    lease_seconds: u64,
    /// Sync the database on every commit, so acknowledged moves survive a power cut too
    /// (slower). Without it every acknowledged move survives the process being killed.
    #[arg(long)]
    sync_every_commit: bool,
    /// Lift the rate limits on HTTP requests per address and on messages per WebSocket, and
    /// the cap on connections per address (for load tests over loopback only: a scripted
    /// match plays faster than anyone can, and every player comes from 127.0.0.1).
    #[arg(long, alias = "no-http-rate-limit")]
    no_rate_limits: bool,
    /// The address players reach the server at, such as https://agora.example (behind a
    /// proxy that ends TLS). It is the site's own origin, which browsers' state-changing
    /// requests must come from, and with https the session cookie is marked Secure. Without
    /// it the origin is the host each request was sent to.
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// Connections (HTTP and WebSocket) open at once from one IP address.
    #[arg(long, default_value_t = 64)]
    max_connections_per_address: usize,
    /// The address of a proxy in front of this server (repeat for several). Its connections
    /// are not capped per address, and its requests count as coming from the address it
    /// put last in X-Forwarded-For, so that every per-address limit counts each client.
    #[arg(long, value_name = "IP")]
    trusted_proxy: Vec<std::net::IpAddr>,
    /// How long, in seconds, a table with a live clock waits for players before it is
    /// called off.
    #[arg(long, value_name = "SECONDS", default_value_t = 3600,
          value_parser = clap::value_parser!(u64).range(1..))]
    table_expiry_live: u64,
    /// How long, in seconds, a correspondence table, or one with no clock, waits for
    /// players before it is called off.
    #[arg(long, value_name = "SECONDS", default_value_t = 604_800,
          value_parser = clap::value_parser!(u64).range(1..))]
    table_expiry_correspondence: u64,
    /// The SMTP relay that sends players' turn emails (correspondence games, for the accounts
    /// that turn them on in Settings): smtp://host:port (plain), smtp://host:port?tls=required
    /// (STARTTLS) or smtps://host:port (TLS), with user:pass@ before the host when the relay
    /// asks for them. Needs --public-url (the emails' links). Without it there is no email.
    #[arg(long, value_name = "URL", requires = "public_url")]
    smtp: Option<String>,
    /// The sender of the turn emails, such as "Agora <agora@example.org>". Default: agora@
    /// the host of --public-url.
    #[arg(long, value_name = "MAILBOX", requires = "smtp")]
    mail_from: Option<String>,
    /// The server's VAPID key for Web Push (browser notifications with no Agora page open): a
    /// P-256 private key, PKCS#8, as a PEM file (`openssl genpkey -algorithm EC -pkeyopt
    /// ec_paramgen_curve:P-256`). Without it the key is made once and kept in the database.
    #[arg(long, value_name = "FILE")]
    vapid_key: Option<std::path::PathBuf>,
    /// The least time, in milliseconds, between a game's previous move and a move of a seat
    /// the server plays, so that players see the computers' moves land one at a time (the
    /// search starts at once; only its move waits). At least 400; 0 turns the pacing off
    /// (tests, benchmarks).
    #[arg(long, value_name = "MS", value_parser = parse_ai_pace,
          default_value_t = agora_server::DEFAULT_AI_PACE.as_millis() as u64)]
    ai_pace_ms: u64,
    /// Threads that work out the computer's moves, at a lower scheduling priority than the
    /// threads that serve players (a `hard` search takes two). Default: one per core. With a
    /// postgres:// database they take jobs from the queue the nodes and `agora ai-worker`s
    /// share, and 0 takes none (AI workers serve this node's games).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(0..=1024))]
    ai_threads: Option<u16>,
    /// The AI threads' scheduling class: `idle` (Linux's SCHED_IDLE: they run only on CPU
    /// the players' threads leave, and a player's request takes a core from them at once) or
    /// `low` (nice 10: they keep about a tenth of a core the server also wants, and a
    /// request can wait a scheduler tick for it).
    #[arg(long, value_name = "CLASS", default_value_t = agora_server::AiPriority::Idle)]
    ai_priority: agora_server::AiPriority,
}

/// `--ai-pace-ms`: 0, or at least [`agora_server::MIN_AI_PACE`].
fn parse_ai_pace(text: &str) -> Result<u64, String> {
    let ms: u64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of milliseconds"))?;
    let min = agora_server::MIN_AI_PACE.as_millis() as u64;
    if ms != 0 && ms < min {
        return Err(format!("must be 0 (no pacing) or at least {min}"));
    }
    Ok(ms)
}

pub fn run(args: ServeArgs) -> ExitCode {
    run_logged("serve", serve(args))
}

/// Runs `agora COMMAND`'s `work` on a runtime, logging to standard error; a failure is
/// printed and exits 1.
pub(crate) fn run_logged(
    command: &str,
    work: impl std::future::Future<Output = Result<(), String>>,
) -> ExitCode {
    init_tracing();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("agora {command}: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(work) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("agora {command}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}

async fn serve(args: ServeArgs) -> Result<(), String> {
    let public_origin = match &args.public_url {
        Some(url) => Some(
            agora_server::same_site::origin_of(url).map_err(|e| format!("--public-url: {e}"))?,
        ),
        None => None,
    };
    let mail = match (&args.smtp, &args.public_url) {
        (Some(relay), Some(site)) => {
            let host = site.split("://").nth(1).unwrap_or(site);
            let host = host.split(['/', ':']).next().unwrap_or(host);
            let from = (args.mail_from.clone()).unwrap_or_else(|| format!("Agora <agora@{host}>"));
            Some(agora_server::mail::MailConfig::new(
                relay,
                &from,
                site,
                agora_web::mail::compose,
            )?)
        }
        _ => None,
    };
    let url = match args.database {
        Some(url) => url,
        None => {
            let dir = data_dir();
            std::fs::create_dir_all(&dir)
                .map_err(|e| format!("cannot create the data directory {}: {e}", dir.display()))?;
            default_database()
        }
    };
    if args.ai_threads == Some(0) && url.starts_with("sqlite:") {
        return Err(
            "--ai-threads 0 needs a postgres:// database, where AI workers serve the games".into(),
        );
    }
    let durability = if args.sync_every_commit {
        Durability::Power
    } else {
        Durability::Process
    };
    let store = Store::open(&url, durability)
        .await
        .map_err(|e| format!("cannot open the database {url}: {e}"))?;
    let vapid_key = match &args.vapid_key {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .map_err(|e| format!("--vapid-key {}: {e}", path.display()))?,
        ),
        None => None,
    };
    // How a push service reaches the operator (VAPID's `sub`).
    let push_subject = (args.public_url.clone()).unwrap_or_else(|| "mailto:root@localhost".into());
    let push = agora_server::push::PushConfig::load(
        &store,
        vapid_key.as_deref(),
        push_subject,
        agora_web::pages::push::compose,
    )
    .await
    .map_err(|e| format!("Web Push: {e}"))?;
    // Room for as many connections as the system allows; the server keeps its own cap below.
    if let Err(e) = agora_server::listen::raise_descriptor_limit() {
        tracing::warn!(error = %e, "descriptor limit not raised");
    }
    let listener = TcpListener::bind(args.bind)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.bind))?;
    let config = ServerConfig {
        secure_cookies: public_origin
            .as_deref()
            .is_some_and(|origin| origin.starts_with("https://")),
        public_origin,
        http_rate: if args.no_rate_limits {
            None
        } else {
            ServerConfig::default().http_rate
        },
        ws_rate: if args.no_rate_limits {
            None
        } else {
            ServerConfig::default().ws_rate
        },
        shared_rate: if args.no_rate_limits {
            None
        } else {
            ServerConfig::default().shared_rate
        },
        shared_http_rate: if args.no_rate_limits {
            None
        } else {
            ServerConfig::default().shared_http_rate
        },
        connections: ConnectionLimits {
            per_address: (!args.no_rate_limits).then_some(args.max_connections_per_address),
            websockets_per_account: if args.no_rate_limits {
                None
            } else {
                ConnectionLimits::default().websockets_per_account
            },
            trusted_proxies: args.trusted_proxy.clone(),
            ..ConnectionLimits::default()
        },
        account_limits: agora_server::AccountLimits {
            guests_per_address: if args.no_rate_limits {
                None
            } else {
                agora_server::AccountLimits::default().guests_per_address
            },
            ..agora_server::AccountLimits::default()
        },
        lease: std::time::Duration::from_secs(args.lease_seconds),
        table_expiry: TableExpiry {
            live: std::time::Duration::from_secs(args.table_expiry_live),
            correspondence: std::time::Duration::from_secs(args.table_expiry_correspondence),
        },
        ai_pace: std::time::Duration::from_millis(args.ai_pace_ms),
        ai_threads: args
            .ai_threads
            .map_or_else(agora_server::default_ai_threads, usize::from),
        ai_priority: args.ai_priority,
        mail,
        push: Some(push),
        ..ServerConfig::default()
    };
    let running = agora_server::start_with_pages(listener, store, config, Some(agora_web::pages))
        .await
        .map_err(|e| format!("cannot start: {e}"))?;
    let stop = stop_signal();
    println!("agora: data in {}", without_password(&url));
    if running.state.store().is_shared() {
        let node = running.state.games().context().node.id().to_string();
        println!("agora: node {node}, sharing the database with any other nodes");
    }
    println!("agora: serving on http://{}/", running.addr);
    tracing::info!(addr = %running.addr, database = %without_password(&url), "serving");
    stop.await;
    tracing::info!("stopping");
    running.shutdown().await;
    println!("agora: stopped");
    Ok(())
}

/// The database `agora serve` uses with no `--database`.
pub(crate) fn default_database() -> String {
    sqlite_url(&data_dir().join("agora.db"))
}

/// Where the default database lives: `$XDG_DATA_HOME/agora`, else `~/.local/share/agora`,
/// else `./agora-data`.
fn data_dir() -> PathBuf {
    let non_empty = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(xdg) = non_empty("XDG_DATA_HOME") {
        return PathBuf::from(xdg).join("agora");
    }
    if let Some(home) = non_empty("HOME") {
        return PathBuf::from(home).join(".local/share/agora");
    }
    PathBuf::from("agora-data")
}

/// `url` with any password in it replaced by `***`, to print.
pub(crate) fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    match authority.rsplit_once('@') {
        Some((user, host)) if user.contains(':') => {
            let name = user.split(':').next().unwrap_or_default();
            format!("{scheme}://{name}:***@{host}/{path}")
        }
        _ => url.to_string(),
    }
}

fn sqlite_url(file: &Path) -> String {
    format!("sqlite://{}", file.display())
}

/// Ctrl-C or SIGTERM. The SIGTERM handler is installed at the call, before the future is
/// awaited: called before the server says where it listens, so that a SIGTERM sent as soon
/// as it answers stops it cleanly instead of killing it.
pub(crate) fn stop_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    async move {
        let ctrl_c = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        #[cfg(unix)]
        if let Some(mut term) = term {
            tokio::select! {
                _ = ctrl_c => {}
                _ = term.recv() => {}
            }
            return;
        }
        ctrl_c.await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_printed_database_url_shows_no_password() {
        assert_eq!(
            without_password("postgres://agora:s3cret@db.example:5432/agora"),
            "postgres://agora:***@db.example:5432/agora"
        );
        for kept in [
            "postgres://agora@db.example/agora",
            "sqlite:///var/lib/agora/agora.db",
            "sqlite::memory:",
        ] {
            assert_eq!(without_password(kept), kept);
        }
    }

    #[test]
    fn the_ai_pace_is_off_or_at_least_400_ms() {
        assert_eq!(parse_ai_pace("0"), Ok(0));
        assert_eq!(parse_ai_pace("400"), Ok(400));
        assert_eq!(parse_ai_pace("700"), Ok(700));
        for refused in ["1", "399", "-5", "fast", ""] {
            assert!(parse_ai_pace(refused).is_err(), "{refused}");
        }
    }
}
