//! `agora play --server URL`: the terminal as a client of an Agora server. It signs in (or
//! makes a guest), lists and opens tables, creates them, joins by invitation, and plays over
//! the WebSocket protocol the browser uses (docs/protocol.md), told by local play's narrators.

mod api;
mod live;
mod password;
mod refused;
mod table;
mod wire;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use agora_games::GameKind;
use agora_present::{Lang, args, text, text_with};
use serde_json::{Value, json};

pub use api::Api;
pub use live::{Ending, Input, Now, Told};

use live::play;

/// Who plays, and what to open, on a server.
#[derive(Debug, Clone)]
pub struct Plan {
    pub server: String,
    pub account: Account,
    pub lang: Lang,
    pub start: Start,
    /// Players at a table this client creates (the game's default when `None`).
    pub players: Option<u8>,
}

#[derive(Debug, Clone)]
pub enum Account {
    /// A signed-up account; the password is asked for when `None`.
    User(String, Option<String>),
    /// A guest of this name, or of a name the server numbers.
    Guest(Option<String>),
}

/// What to do once signed in.
#[derive(Debug, Clone)]
pub enum Start {
    /// List the tables and take commands.
    Lobby,
    /// Create a table of this game: against the computer at a level, or open for people.
    New(GameKind, Option<String>),
    /// Join by an invitation link (or an open table's id).
    Join(String),
    /// Open a table or game by id: play it, join it, or watch it.
    Open(String),
}

/// The terminal's standard input, read by a thread of its own so that frames from the
/// server are told while the player has not typed anything.
#[derive(Debug)]
pub struct Stdin(tokio::sync::mpsc::UnboundedReceiver<String>);

impl Stdin {
    pub fn spawn() -> Stdin {
        let (lines, receiver) = tokio::sync::mpsc::unbounded_channel();
        std::thread::spawn(move || {
            for line in io::stdin().lines() {
                let Ok(line) = line else { break };
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        Stdin(receiver)
    }
}

impl Input for Stdin {
    async fn line(&mut self, _now: &Now) -> Option<String> {
        self.0.recv().await
    }
}

/// Runs a plan on a tokio runtime of its own, on the terminal.
pub fn run(mut plan: Plan) -> ExitCode {
    // Asked before standard input is handed to the thread that reads the player's lines.
    if let Account::User(name, None) = &plan.account {
        let prompt = text_with(
            plan.lang,
            "remote-password",
            &args![("name", name.as_str())],
        );
        plan.account = Account::User(name.clone(), password::ask(&prompt));
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("agora play: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        let mut input = Stdin::spawn();
        let mut out = io::stdout();
        match session(plan, &mut input, &mut out).await {
            Ok((Ending::Over | Ending::Left, _)) => ExitCode::SUCCESS,
            Ok((Ending::Unreachable, _)) => ExitCode::FAILURE,
            Err(_) => ExitCode::FAILURE,
        }
    })
}

/// Signs in and carries out the plan; the lobby takes commands until a game is played or the
/// player quits.
pub async fn session(
    plan: Plan,
    input: &mut impl Input,
    out: &mut impl Write,
) -> io::Result<(Ending, Told)> {
    let lang = plan.lang;
    let unreachable = (Ending::Unreachable, Told::default());
    let mut api = match Api::new(&plan.server) {
        Ok(api) => api,
        Err(error) => {
            writeln!(out, "{error}")?;
            return Ok(unreachable);
        }
    };
    let signed_in = match &plan.account {
        Account::Guest(Some(name)) => api.sign_in(name, None).await,
        Account::Guest(None) => {
            let pattern = format!("{} {{number}}", text(lang, "remote-guest"));
            api.guest_numbered(&pattern).await
        }
        Account::User(name, password) => {
            let Some(password) = password else {
                writeln!(out, "{}", text(lang, "remote-no-password"))?;
                return Ok(unreachable);
            };
            api.sign_in(name, Some(password)).await
        }
    };
    let account = match signed_in {
        Ok(account) => account,
        Err(failure) => {
            writeln!(out, "{}", lobby_failure(lang, &api, &failure))?;
            return Ok(unreachable);
        }
    };
    let name = account["name"].as_str().unwrap_or_default();
    let line = text_with(
        lang,
        "remote-signed-in",
        &args![("server", api.base.as_str()), ("name", name)],
    );
    writeln!(out, "{line}")?;
    let mut lobby = Lobby {
        api,
        lang,
        players: plan.players,
        me: account["id"].as_u64(),
    };
    let first = match plan.start {
        Start::Lobby => None,
        Start::New(game, level) => lobby.create(game, level.as_deref(), out).await?,
        Start::Join(link) => lobby.join(&link, out).await?,
        Start::Open(id) => lobby.open(&id, out).await?,
    };
    if let Some(table) = first {
        return lobby.sit_and_play(&table, input, out).await;
    }
    lobby.list(out).await?;
    writeln!(out, "{}", text(lang, "remote-lobby-help"))?;
    loop {
        let Some(line) = input.line(&Now::default()).await else {
            return Ok((Ending::Left, Told::default()));
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let table = match words[..] {
            [] => None,
            ["tables"] => {
                lobby.list(out).await?;
                None
            }
            ["help" | "?"] => {
                writeln!(out, "{}", text(lang, "remote-lobby-help"))?;
                None
            }
            ["quit" | "exit"] => return Ok((Ending::Left, Told::default())),
            ["open", id] => lobby.open(id, out).await?,
            ["join", link] => lobby.join(link, out).await?,
            ["players", n] => {
                match n.parse::<u8>() {
                    Ok(n) => {
                        lobby.players = Some(n);
                        let line = text_with(lang, "remote-players", &args![("count", n)]);
                        writeln!(out, "{line}")?;
                    }
                    Err(_) => writeln!(out, "{}", text(lang, "remote-players-how"))?,
                }
                None
            }
            ["new", game, "people"] | ["new", game] if game.parse::<GameKind>().is_ok() => {
                let game = game.parse().expect("checked");
                lobby.create(game, None, out).await?
            }
            ["new", game, "computer", level] if game.parse::<GameKind>().is_ok() => {
                let game = game.parse().expect("checked");
                lobby.create(game, Some(level), out).await?
            }
            ["new", ..] => {
                writeln!(out, "{}", text(lang, "remote-new-how"))?;
                None
            }
            _ => {
                writeln!(out, "{}", text(lang, "remote-unknown-command"))?;
                None
            }
        };
        if let Some(table) = table {
            let (ending, told) = lobby.sit_and_play(&table, input, out).await?;
            if ending == Ending::Unreachable {
                return Ok((ending, told));
            }
            writeln!(out, "{}", text(lang, "remote-lobby-help"))?;
        }
    }
}

/// A failure outside a game, in the reader's words.
fn lobby_failure(lang: Lang, api: &Api, failure: &api::Failure) -> String {
    match failure {
        api::Failure::Transport(error) => text_with(
            lang,
            "remote-unreachable",
            &args![("server", api.base.as_str()), ("error", error.as_str())],
        ),
        api::Failure::Refused { code, message, .. } => match code.as_str() {
            "rate_limited" => text(lang, "remote-rate-limited"),
            "forbidden" => text(lang, "remote-forbidden"),
            "bad_credentials" => text(lang, "remote-bad-credentials"),
            _ => text_with(
                lang,
                "remote-refused",
                &args![("message", message.as_str())],
            ),
        },
    }
}

struct Lobby {
    api: Api,
    lang: Lang,
    players: Option<u8>,
    me: Option<u64>,
}

impl Lobby {
    fn fail(&self, failure: &api::Failure, out: &mut impl Write) -> io::Result<Option<Value>> {
        writeln!(out, "{}", lobby_failure(self.lang, &self.api, failure))?;
        Ok(None)
    }

    /// The open tables anyone may join, then the reader's own.
    async fn list(&self, out: &mut impl Write) -> io::Result<()> {
        let lang = self.lang;
        match self.api.get("/api/tables").await {
            Ok(answer) => {
                let tables = answer["tables"].as_array().cloned().unwrap_or_default();
                if tables.is_empty() {
                    writeln!(out, "{}", text(lang, "remote-tables-none"))?;
                } else {
                    let line = text_with(lang, "remote-tables", &args![("count", tables.len())]);
                    writeln!(out, "{line}")?;
                }
                for table in &tables {
                    writeln!(out, "{}", self.table_line(table))?;
                }
            }
            Err(failure) => {
                self.fail(&failure, out)?;
            }
        }
        if let Ok(answer) = self.api.get("/api/me/games").await {
            let tables = answer["tables"].as_array().cloned().unwrap_or_default();
            let heading = if tables.is_empty() {
                "remote-mine-none"
            } else {
                "remote-mine"
            };
            writeln!(out, "{}", text(lang, heading))?;
            for table in tables.iter().take(20) {
                let line = text_with(
                    lang,
                    "remote-mine-line",
                    &args![
                        ("id", table["id"].as_str().unwrap_or_default()),
                        ("game", game_name(table)),
                        ("status", table["status"].as_str().unwrap_or_default())
                    ],
                );
                writeln!(out, "{line}")?;
            }
        }
        Ok(())
    }

    fn table_line(&self, table: &Value) -> String {
        let seats = table["seats"].as_array().cloned().unwrap_or_default();
        let filled = seats.iter().filter(|s| s["filled"] == true).count();
        let names: Vec<String> = seats
            .iter()
            .filter_map(|s| s["name"].as_str().map(str::to_string))
            .collect();
        text_with(
            self.lang,
            "remote-table-line",
            &args![
                ("id", table["id"].as_str().unwrap_or_default()),
                ("game", game_name(table)),
                ("filled", filled),
                ("seats", seats.len()),
                ("names", agora_present::text::list(self.lang, &names))
            ],
        )
    }

    /// A new table: the reader at seat 0, the computer at `level` in every other seat, or
    /// open seats that anyone may take (listed in the lobby).
    async fn create(
        &mut self,
        game: GameKind,
        level: Option<&str>,
        out: &mut impl Write,
    ) -> io::Result<Option<Value>> {
        let seats = match self.players {
            Some(n) => usize::from(n),
            None => default_seats(game),
        };
        let other = match level {
            Some(level) => json!({"kind": "ai", "level": level}),
            None => json!({"kind": "open"}),
        };
        let mut seat_list = vec![json!({"kind": "me"})];
        seat_list.extend(std::iter::repeat_n(other, seats.saturating_sub(1)));
        let options = match self.players {
            Some(n) => json!({"players": n}),
            None => json!({}),
        };
        let body = json!({
            "game": game.to_string(), "options": options, "seats": seat_list,
            "public": level.is_none(),
        });
        match self.api.post("/api/tables", body).await {
            Ok(answer) => {
                let table = answer["table"].clone();
                let id = table["id"].as_str().unwrap_or_default();
                writeln!(
                    out,
                    "{}",
                    text_with(self.lang, "remote-created", &args![("id", id)])
                )?;
                for invite in answer["invites"].as_array().cloned().unwrap_or_default() {
                    let link = format!(
                        "{}{}",
                        self.api.base,
                        invite["join"].as_str().unwrap_or_default()
                    );
                    let line = text_with(
                        self.lang,
                        "remote-invite",
                        &args![
                            ("seat", invite["seat"].as_u64().unwrap_or(0)),
                            ("link", link)
                        ],
                    );
                    writeln!(out, "{line}")?;
                }
                Ok(Some(table))
            }
            Err(failure) => self.fail(&failure, out),
        }
    }

    /// Joins by an invitation link (`…/tables/ID/join?invite=SECRET`, as `agora play` or the
    /// pages show it) or an open table's id (its first open seat).
    async fn join(&mut self, link: &str, out: &mut impl Write) -> io::Result<Option<Value>> {
        let Some((id, invite)) = parse_link(link) else {
            let line = text_with(self.lang, "remote-bad-link", &args![("link", link)]);
            writeln!(out, "{line}")?;
            return Ok(None);
        };
        let body = match invite {
            Some(invite) => json!({"invite": invite}),
            None => json!({}),
        };
        match self.api.post(&format!("/api/tables/{id}/join"), body).await {
            Ok(answer) => {
                let line = text_with(
                    self.lang,
                    "remote-joined",
                    &args![
                        ("seat", answer["seat"].as_u64().unwrap_or(0)),
                        ("id", id.as_str())
                    ],
                );
                writeln!(out, "{line}")?;
                Ok(Some(answer["table"].clone()))
            }
            Err(failure) => self.fail(&failure, out),
        }
    }

    /// A table by id: joined when it is open and the reader does not sit there yet, else
    /// played (or watched) as it is.
    async fn open(&mut self, id: &str, out: &mut impl Write) -> io::Result<Option<Value>> {
        let table = match self.api.get(&format!("/api/tables/{id}")).await {
            Ok(answer) => answer["table"].clone(),
            Err(failure) => return self.fail(&failure, out),
        };
        let seated = table["seats"].as_array().is_some_and(|seats| {
            seats
                .iter()
                .any(|s| s["account"].as_u64() == self.me && self.me.is_some())
        });
        if table["status"] == "open" && !seated {
            return self.join(id, out).await;
        }
        Ok(Some(table))
    }

    /// Waits for an open table to fill, then plays its game.
    async fn sit_and_play(
        &mut self,
        table: &Value,
        input: &mut impl Input,
        out: &mut impl Write,
    ) -> io::Result<(Ending, Told)> {
        let left = (Ending::Left, Told::default());
        let id = table["id"].as_str().unwrap_or_default().to_string();
        let mut table = table.clone();
        let mut said = None;
        while table["status"] == "open" {
            let seats = table["seats"].as_array().cloned().unwrap_or_default();
            let filled = seats.iter().filter(|s| s["filled"] == true).count();
            if said != Some(filled) {
                said = Some(filled);
                let line = text_with(
                    self.lang,
                    "remote-waiting",
                    &args![("filled", filled), ("seats", seats.len())],
                );
                writeln!(out, "{line}")?;
            }
            let idle = Now::default();
            tokio::select! {
                line = input.line(&idle) => {
                    if matches!(line.as_deref().map(str::trim), None | Some("quit" | "exit")) {
                        // Nobody is kept waiting for a player who went: the creator calls
                        // the table off, anyone else stands up.
                        let action = if table["created_by"].as_u64() == self.me {
                            "cancel"
                        } else {
                            "leave"
                        };
                        let _ = self.api.post(&format!("/api/tables/{id}/{action}"), json!({})).await;
                        return Ok(left);
                    }
                }
                () = tokio::time::sleep(Duration::from_millis(500)) => {}
            }
            match self.api.get(&format!("/api/tables/{id}")).await {
                Ok(answer) => table = answer["table"].clone(),
                Err(failure) => {
                    self.fail(&failure, out)?;
                    return Ok((Ending::Unreachable, Told::default()));
                }
            }
        }
        let lang = self.lang;
        match table["game"]
            .as_str()
            .and_then(|g| g.parse::<GameKind>().ok())
        {
            Some(GameKind::Tyrus) => {
                play::<agora_tyrus::Tyrus>(&mut self.api, &id, lang, input, out).await
            }
            Some(GameKind::Tsuro) => {
                play::<agora_tsuro::Tsuro>(&mut self.api, &id, lang, input, out).await
            }
            Some(GameKind::Tyranny) => {
                play::<agora_tyranny::Tyranny>(&mut self.api, &id, lang, input, out).await
            }
            None => {
                let unknown = text_with(
                    lang,
                    "fair-unknown-game",
                    &args![("game", table["game"].as_str().unwrap_or_default())],
                );
                let line = text_with(lang, "remote-refused", &args![("message", unknown)]);
                writeln!(out, "{line}")?;
                Ok(left)
            }
        }
    }
}

/// The game's name as a table shows it.
fn game_name(table: &Value) -> String {
    super::capitalized(table["game"].as_str().unwrap_or_default())
}

/// Seats at a new table when no number of players is given: each game's default.
fn default_seats(game: GameKind) -> usize {
    match game {
        GameKind::Tyrus | GameKind::Tsuro => 2,
        GameKind::Tyranny => 4,
    }
}

/// The table id and the invitation in a link (`http://host/api/tables/ID/join?invite=X`,
/// `/tables/ID?invite=X`), or a bare table id.
fn parse_link(link: &str) -> Option<(String, Option<String>)> {
    let link = link.trim();
    let (path, query) = link.split_once('?').unwrap_or((link, ""));
    let invite = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("invite="))
        .filter(|invite| !invite.is_empty())
        .map(str::to_string);
    let mut segments = path.split('/').filter(|s| !s.is_empty());
    let id = if path.contains('/') {
        segments.by_ref().find(|s| *s == "tables")?;
        segments.next()?
    } else {
        path
    };
    let is_id = id.len() == 10 && id.chars().all(|c| c.is_ascii_alphanumeric());
    is_id.then(|| (id.to_string(), invite))
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod wire_tests;
