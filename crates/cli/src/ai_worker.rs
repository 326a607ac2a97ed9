//! `agora ai-worker`: a process that only works out the computer's moves, taken from the
//! queue the `agora serve` nodes share on PostgreSQL (docs/operations.md, "AI workers").

use std::process::ExitCode;
use std::time::Duration;

use agora_server::BlockingPool;
use agora_store::{Durability, Store};
use clap::Args;

use crate::serve::{run_logged, stop_signal, without_password};

#[derive(Debug, Args)]
pub struct AiWorkerArgs {
    /// The PostgreSQL database the `agora serve` nodes share: postgres://user@host/db.
    #[arg(long, value_name = "URL")]
    database: String,
    /// Threads that search, at a lower scheduling priority than anything else on the machine
    /// (see --ai-priority; a `hard` search takes two). Default: one per core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// How long a job stays this worker's without a renewal (renewed four times as often):
    /// when the worker dies, its jobs go to another after at most this long.
    #[arg(long, value_name = "SECONDS", default_value_t = agora_server::AI_LEASE.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=600))]
    lease_seconds: u64,
    /// The search threads' scheduling class, as `agora serve --ai-priority`: `idle` lets
    /// anything else on the machine go first, `low` runs them at nice 10.
    #[arg(long, value_name = "CLASS", default_value_t = agora_server::AiPriority::Idle)]
    ai_priority: agora_server::AiPriority,
}

pub fn run(args: AiWorkerArgs) -> ExitCode {
    run_logged("ai-worker", work(args))
}

async fn work(args: AiWorkerArgs) -> Result<(), String> {
    let url = args.database;
    if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
        return Err(format!(
            "--database must be a postgres:// URL (the queue the nodes share), not {}",
            without_password(&url)
        ));
    }
    let store = Store::open(&url, Durability::Process)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", without_password(&url)))?;
    let jobs = store.ai_jobs().ok_or("the database has no AI queue")?;
    let threads = args
        .threads
        .map_or_else(agora_server::default_ai_threads, usize::from);
    let pool = BlockingPool::background_at(threads, args.ai_priority);
    let name = format!("ai-worker-{:08x}", agora_store::random_u64() as u32);
    let stop = stop_signal();
    println!(
        "agora: AI worker {name}, {threads} thread(s), taking jobs from {}",
        without_password(&url)
    );
    let lease = Duration::from_secs(args.lease_seconds);
    tokio::select! {
        () = agora_server::take_jobs(store.clone(), pool, name.clone(), lease) => {}
        () = stop => {}
    }
    tracing::info!("stopping");
    // What it was working on goes back to the queue at once, for the others.
    if let Err(e) = jobs.release(&name).await {
        tracing::warn!(error = %e, "jobs not released");
    }
    store.close().await;
    println!("agora: stopped");
    Ok(())
}
