//! The table around a game, as the browser's game page has it: chat and quick messages, a
//! draw offered, accepted or declined, the game called off before it is under way, a rematch
//! once it is over, a player muted, the chat reported. Actions on the game go over the
//! WebSocket, the rest over HTTP (docs/protocol.md); every refusal is told in the reader's
//! words.

use std::io::{self, Write};

use agora_engine::Seat;
use agora_present::text::Args;
use agora_present::{args, chat, text, text_with};
use serde_json::{Value, json};

use super::live::{Command, Live};
use super::wire::WireGame;

/// An action on the game sent over the WebSocket and not yet answered: a refusal of it is
/// worded for what was asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Resign,
    OfferDraw,
    DeclineDraw,
    Abort,
    Rematch,
}

impl Action {
    fn message(self) -> &'static str {
        match self {
            Action::Resign => "resign",
            Action::OfferDraw => "offer_draw",
            Action::DeclineDraw => "decline_draw",
            Action::Abort => "abort",
            Action::Rematch => "rematch",
        }
    }
}

/// A rematch as this client has told it.
#[derive(Debug, Default)]
pub struct Rematch {
    /// The seats whose asking was told.
    pub told: Vec<u64>,
    /// The rematch's game, once it has started.
    pub next: Option<String>,
    /// The server took the reader's asking.
    pub asked: bool,
}

impl<G: WireGame> Live<'_, G> {
    /// A table command (`offer draw`, `accept draw`, `decline draw`, `abort`, `resign`,
    /// `rematch`, `mute`, `unmute`, `report`, `say`, `quick`); `None` when the line is none.
    pub(super) async fn table_command(
        &mut self,
        word: &str,
        rest: &str,
        out: &mut impl Write,
    ) -> io::Result<Option<Command>> {
        let lang = self.lang();
        let action = match (word, rest) {
            ("resign", "") => Action::Resign,
            ("offer" | "accept", "draw") => Action::OfferDraw,
            ("decline", "draw") => Action::DeclineDraw,
            ("abort", "") => Action::Abort,
            ("rematch", "") => Action::Rematch,
            ("mute", "") => {
                self.list_muted(out).await?;
                return Ok(Some(Command::Stay));
            }
            ("mute" | "unmute", name) => {
                self.mute(name, word == "mute", out).await?;
                return Ok(Some(Command::Stay));
            }
            ("report", reason) => {
                self.report(reason, out).await?;
                return Ok(Some(Command::Stay));
            }
            ("say", "") => {
                writeln!(out, "{}", text(lang, "remote-say-what"))?;
                return Ok(Some(Command::Stay));
            }
            ("say", said) => {
                self.chat(json!({"text": said}), out).await?;
                return Ok(Some(Command::Stay));
            }
            ("quick", "") => {
                let list: Vec<String> = chat::QUICK
                    .iter()
                    .enumerate()
                    .filter_map(|(i, code)| {
                        Some(format!("{}. {}", i + 1, chat::quick(lang, code)?))
                    })
                    .collect();
                let line = text_with(lang, "remote-quick-list", &args![("list", list.join(" "))]);
                writeln!(out, "{line}")?;
                return Ok(Some(Command::Stay));
            }
            ("quick", number) => {
                match number.parse::<usize>() {
                    Ok(n) if (1..=chat::QUICK.len()).contains(&n) => {
                        self.chat(json!({"quick": chat::QUICK[n - 1]}), out).await?;
                    }
                    _ => {
                        let line = text_with(
                            lang,
                            "remote-quick-which",
                            &args![("count", chat::QUICK.len())],
                        );
                        writeln!(out, "{line}")?;
                    }
                }
                return Ok(Some(Command::Stay));
            }
            _ => return Ok(None),
        };
        if self.seat().is_none() {
            writeln!(out, "{}", text(lang, "remote-forbidden"))?;
            return Ok(Some(Command::Stay));
        }
        let reference = self.new_ref();
        self.acting.push((reference, action));
        Ok(Some(Command::Send(
            json!({"type": action.message(), "ref": reference}),
        )))
    }

    /// After an event: a draw another seat offered is the reader's to answer.
    pub(super) fn after_event(&self, event: &Value, out: &mut impl Write) -> io::Result<()> {
        let by_other = event["seat"].as_u64() != self.seat().map(|s| u64::from(s.0));
        if event["kind"] == "draw_offer" && by_other && self.seat().is_some() {
            writeln!(out, "{}", text(self.lang(), "remote-draw-answer"))?;
        }
        Ok(())
    }

    /// An action the server took: a rematch asked for is waited for, or has started (its
    /// `rematch` frame may come after the `ack`).
    pub(super) fn acted(
        &mut self,
        action: Action,
        ack: &Value,
        out: &mut impl Write,
    ) -> io::Result<()> {
        if action == Action::Rematch {
            self.rematch.asked = true;
            if let Some(next) = ack["next"].as_str() {
                self.rematch_started(next, out)?;
            }
        }
        Ok(())
    }

    fn rematch_started(&mut self, next: &str, out: &mut impl Write) -> io::Result<()> {
        if self.rematch.next.is_none() {
            self.rematch.next = Some(next.to_string());
            writeln!(out, "{}", text(self.lang(), "remote-rematch-starts"))?;
        }
        Ok(())
    }

    /// A `rematch` frame: each player who asked is told once, and the start.
    pub(super) fn rematch_frame(&mut self, frame: &Value, out: &mut impl Write) -> io::Result<()> {
        let rematch = &frame["rematch"];
        let me = self.seat().map(|s| u64::from(s.0));
        let offers = match rematch["next"].is_null() {
            true => rematch["offers"].as_array().cloned().unwrap_or_default(),
            // Started at once: who asked no longer matters.
            false => Vec::new(),
        };
        for seat in offers {
            let Some(seat) = seat.as_u64() else { continue };
            if self.rematch.told.contains(&seat) {
                continue;
            }
            self.rematch.told.push(seat);
            let line = if Some(seat) == me {
                text(self.lang(), "remote-rematch-asked")
            } else {
                let mut args = Args::new();
                self.reader.add(&mut args, "who", Seat(seat as u8));
                text_with(self.lang(), "remote-rematch-offer", &args)
            };
            writeln!(out, "{line}")?;
        }
        if let Some(next) = rematch["next"].as_str() {
            self.rematch_started(next, out)?;
        }
        Ok(())
    }

    /// Whether the reader asked for a rematch that has not started.
    pub(super) fn awaits_rematch(&self) -> bool {
        let me = self.seat().map(|s| u64::from(s.0));
        let asking = self.acting.iter().any(|(_, a)| *a == Action::Rematch);
        let asked = self.rematch.asked || me.is_some_and(|me| self.rematch.told.contains(&me));
        self.rematch.next.is_none() && (asking || asked)
    }

    /// The account of the player at the table called `name` (or at seat `name`), not the
    /// reader's.
    fn player(&self, name: &str, out: &mut impl Write) -> io::Result<Option<(u64, String)>> {
        let lang = self.lang();
        let seats = self.state["seats"].as_array().cloned().unwrap_or_default();
        let found = seats.iter().enumerate().find(|(index, seat)| {
            seat["name"]
                .as_str()
                .is_some_and(|n| n.to_lowercase() == name.to_lowercase())
                || name.parse::<usize>().ok() == Some(*index)
        });
        let Some((index, seat)) = found else {
            let line = text_with(lang, "remote-mute-who", &args![("name", name)]);
            writeln!(out, "{line}")?;
            return Ok(None);
        };
        let Some(account) = seat["account"].as_u64() else {
            writeln!(out, "{}", text(lang, "remote-mute-computer"))?;
            return Ok(None);
        };
        if Some(index) == self.seat().map(Seat::index) {
            writeln!(out, "{}", text(lang, "remote-mute-self"))?;
            return Ok(None);
        }
        let name = seat["name"].as_str().unwrap_or_default().to_string();
        Ok(Some((account, name)))
    }

    /// Mutes (or unmutes) a player at the table: their chat is no longer sent to the reader.
    async fn mute(&mut self, name: &str, mute: bool, out: &mut impl Write) -> io::Result<()> {
        let Some((account, name)) = self.player(name, out)? else {
            return Ok(());
        };
        let lang = self.lang();
        let done = if mute {
            self.api
                .post("/api/me/mutes", json!({"account": account}))
                .await
        } else {
            self.api.delete(&format!("/api/me/mutes/{account}")).await
        };
        let line = match (done, mute) {
            (Ok(_), true) => text_with(lang, "remote-muted", &args![("name", name)]),
            (Ok(_), false) => text_with(lang, "remote-unmuted", &args![("name", name)]),
            (Err(failure), false) if failure.code() == "not_found" => {
                text_with(lang, "remote-unmute-not", &args![("name", name)])
            }
            (Err(failure), _) => self.refused(&failure, ""),
        };
        writeln!(out, "{line}")
    }

    /// The players the reader muted.
    async fn list_muted(&mut self, out: &mut impl Write) -> io::Result<()> {
        let lang = self.lang();
        let line = match self.api.get("/api/me/mutes").await {
            Ok(answer) => {
                let names: Vec<String> = answer["muted"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|m| m["name"].as_str().map(str::to_string))
                    .collect();
                let list = agora_present::text::list(lang, &names);
                text_with(
                    lang,
                    "remote-muted-list",
                    &args![("count", names.len()), ("names", list)],
                )
            }
            Err(failure) => self.refused(&failure, ""),
        };
        writeln!(out, "{line}")
    }

    /// Reports the table's chat to the operators, with the reason given, if any.
    async fn report(&mut self, reason: &str, out: &mut impl Write) -> io::Result<()> {
        let path = format!("/api/games/{}/chat/report", self.game);
        let body = if reason.is_empty() {
            json!({})
        } else {
            json!({"reason": reason})
        };
        let line = match self.api.post(&path, body).await {
            Ok(_) => text(self.lang(), "remote-reported"),
            Err(failure) if failure.code() == "bad_request" => {
                text(self.lang(), "remote-report-long")
            }
            Err(failure) => self.refused(&failure, ""),
        };
        writeln!(out, "{line}")
    }

    /// Says something at the table; the message comes back as a chat frame, like anyone's.
    async fn chat(&mut self, body: Value, out: &mut impl Write) -> io::Result<()> {
        let path = format!("/api/games/{}/chat", self.game);
        if let Err(failure) = self.api.post(&path, body).await {
            let lang = self.lang();
            let line = match failure.code() {
                "forbidden" => text(lang, "remote-chat-guest"),
                "bad_request" => text(lang, "remote-chat-bad"),
                "rate_limited" => text(lang, "remote-rate-limited"),
                _ => self.refused(&failure, ""),
            };
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    /// The chat messages after the last one printed (those said while the connection was
    /// down, or before the game was opened).
    pub(super) async fn read_chat(&mut self, out: &mut impl Write) -> io::Result<()> {
        let path = format!("/api/games/{}/chat?after={}", self.game, self.chat_seen);
        if let Ok(answer) = self.api.get(&path).await {
            for message in answer["messages"].as_array().cloned().unwrap_or_default() {
                self.chat_line(&message, out)?;
            }
        }
        Ok(())
    }

    /// A chat message as its own line, apart from the moves: "Chat: Ada says: Good game!".
    pub(super) fn chat_line(&mut self, message: &Value, out: &mut impl Write) -> io::Result<()> {
        let id = message["id"].as_u64().unwrap_or(0);
        if id <= self.chat_seen {
            return Ok(());
        }
        self.chat_seen = id;
        let lang = self.lang();
        let said = match (message["text"].as_str(), message["quick"].as_str()) {
            (Some(text), _) => text.to_string(),
            (None, Some(code)) => chat::quick(lang, code).unwrap_or_else(|| code.to_string()),
            (None, None) => return Ok(()),
        };
        let name = message["name"].as_str().unwrap_or_default();
        let says = chat::says(lang, name, &said);
        writeln!(
            out,
            "{}",
            text_with(lang, "remote-chat", &args![("says", says)])
        )
    }
}
