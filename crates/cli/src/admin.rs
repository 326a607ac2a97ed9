//! `agora admin`: what an operator reads and does on a server's database. For now,
//! `agora admin reports`: the table chats players reported, newest first, each with its game,
//! reporter, time, reason and a copy of both chats as they were.

use std::fmt::Write;
use std::process::ExitCode;

use agora_store::{ChatBody, ChatReport, Durability, Store};
use clap::{Args, Subcommand};

#[derive(Debug, Args)]
pub struct AdminArgs {
    #[command(subcommand)]
    command: AdminCommand,
}

#[derive(Debug, Subcommand)]
enum AdminCommand {
    /// List reported table chats, newest first: the game, the reporter, when, why, and both
    /// chats as they were when reported.
    Reports {
        /// The server's database URL (as `agora serve --database`). Default: the one `agora
        /// serve` uses with no options.
        #[arg(long)]
        database: Option<String>,
        /// How many reports, at most.
        #[arg(long, default_value_t = 50)]
        limit: u32,
    },
}

pub fn run(args: AdminArgs) -> ExitCode {
    let AdminCommand::Reports { database, limit } = args.command;
    let url = database.unwrap_or_else(crate::serve::default_database);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("agora admin: {e}");
            return ExitCode::FAILURE;
        }
    };
    let reports = runtime.block_on(async {
        let store = Store::open(&url, Durability::Process).await?;
        let reports = store.chat_reports(i64::from(limit)).await;
        store.close().await;
        reports
    });
    match reports {
        Ok(reports) => {
            print!("{}", listing(&reports));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("agora admin: cannot read the reports in {url}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A moment as `2026-11-27T18:01:00Z` (UTC, to the minute).
fn at(ms: i64) -> String {
    agora_web::time_control::moment(agora_web::i18n::Tr(agora_present::Lang::En), ms).iso
}

/// The reports as the operator reads them. Every text is written as it was typed (Rust's
/// escaping of control characters aside), never interpreted.
pub fn listing(reports: &[ChatReport]) -> String {
    if reports.is_empty() {
        return "No reports.\n".to_string();
    }
    let mut out = String::new();
    for report in reports {
        let _ = writeln!(
            out,
            "Report {} · game {} · by {} (account {}) · {}",
            report.id,
            report.game,
            report.reporter_name,
            report.reporter,
            at(report.at)
        );
        let reason = if report.reason.is_empty() {
            "(none given)"
        } else {
            &report.reason
        };
        let _ = writeln!(out, "  reason: {reason}");
        if report.messages.is_empty() {
            let _ = writeln!(out, "  (the chat was empty)");
        }
        for message in &report.messages {
            let said = match &message.body {
                ChatBody::Text(text) => format!("{text:?}"),
                ChatBody::Quick(code) => format!("[quick: {code}]"),
            };
            let _ = writeln!(
                out,
                "  {} {:<10} {} (account {}): {said}",
                at(message.at),
                message.channel.code(),
                message.name,
                message.account
            );
        }
        out.push('\n');
    }
    out
}
