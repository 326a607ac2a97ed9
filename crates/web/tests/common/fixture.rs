//! A fixed scene for the tests that look at every page: two guests, Ada and Bob, at games of
//! Tyrus, Tsuro and Tyranny dealt from a fixed seed and played to a fixed position; a table of Ada's waiting for
//! an invited friend; a visitor who is not signed in. With every random part named, the
//! pages can be compared byte for byte once the ids, tokens and hashes are redacted.

use std::sync::LazyLock;

use agora_games::{AnyGame, GameKind};
use agora_store::{AccountId, NewGame, NewSeat, NewTable, SeatKind, now_ms};
use regex::Regex;
use reqwest::StatusCode;
use serde_json::json;

use super::{Client, TestServer};

/// The deal of the fixed game.
pub const SEED: u64 = 20_261_125;

/// How many moves of the fixed game are played before the pages are looked at: enough for
/// two elections to be counted.
pub const MOVES: usize = 12;
/// Moves played in the Tsuro game: both markers placed, then two tiles each.
pub const TSURO_MOVES: usize = 6;
/// Moves played in the Tyranny game (at two seats): a few turns in, rolls and all.
pub const TYRANNY_MOVES: usize = 8;

#[derive(Debug)]
pub struct Fixture {
    pub ada: Client,
    pub bob: Client,
    /// Signed out.
    pub visitor: Client,
    pub game: String,
    /// A game of Tsuro between Ada and Bob, both markers placed and a few tiles laid.
    pub tsuro: String,
    /// A game of Tyranny between Ada (the cops) and Bob (the criminals), a few moves in.
    pub tyranny: String,
    /// Ada's table, waiting for the friend she invited.
    pub table: String,
    pub invite: String,
}

/// One page of the site, and who looks at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Ada,
    Bob,
    Visitor,
}

impl Fixture {
    pub async fn new(server: &TestServer) -> Fixture {
        let (mut ada, mut bob, visitor) = (server.client(), server.client(), server.client());
        ada.guest("Ada").await;
        bob.guest("Bob").await;
        let id_of = |me: serde_json::Value| AccountId(me["account"]["id"].as_i64().unwrap());
        let (ada_id, bob_id) = (
            id_of(ada.api("/api/me").await),
            id_of(bob.api("/api/me").await),
        );

        let game = started(
            server,
            [&mut ada, &mut bob],
            [ada_id, bob_id],
            GameKind::Tyrus,
            MOVES,
        )
        .await;
        let tsuro = started(
            server,
            [&mut ada, &mut bob],
            [ada_id, bob_id],
            GameKind::Tsuro,
            TSURO_MOVES,
        )
        .await;

        let tyranny = started(
            server,
            [&mut ada, &mut bob],
            [ada_id, bob_id],
            GameKind::Tyranny,
            TYRANNY_MOVES,
        )
        .await;

        let lobby = ada.page("/lobby").await;
        let answer = ada
            .submit(
                &lobby,
                "/tables",
                &[
                    ("game", "tyrus"),
                    ("seat1", "invite"),
                    ("clock", "live"),
                    ("minutes", "5"),
                    ("increment", "2"),
                    ("listed", "1"),
                ],
            )
            .await;
        let location = answer.see_other().to_string();
        let (table, invite) = location
            .strip_prefix("/tables/")
            .and_then(|rest| rest.split_once("?invite="))
            .unwrap();
        Fixture {
            game,
            tsuro,
            tyranny,
            table: table.to_string(),
            invite: invite.to_string(),
            ada,
            bob,
            visitor,
        }
    }

    /// Every page a reader can `GET`, as `(name, who, path)`.
    pub fn pages(&self) -> Vec<(&'static str, Who, String)> {
        let (game, table, invite) = (&self.game, &self.table, &self.invite);
        vec![
            ("home", Who::Visitor, "/".into()),
            ("home-signed-in", Who::Ada, "/".into()),
            ("signin", Who::Visitor, "/signin".into()),
            ("signup", Who::Visitor, "/signup".into()),
            ("settings", Who::Visitor, "/settings".into()),
            ("lobby", Who::Ada, "/lobby".into()),
            ("lobby-tables", Who::Bob, "/lobby/tables".into()),
            (
                "table-creator",
                Who::Ada,
                format!("/tables/{table}?invite={invite}"),
            ),
            (
                "table-invited",
                Who::Visitor,
                format!("/tables/{table}?invite={invite}"),
            ),
            ("games", Who::Ada, "/games".into()),
            ("games-list", Who::Bob, "/games/list".into()),
            ("game-ada", Who::Ada, format!("/games/{game}")),
            ("game-bob", Who::Bob, format!("/games/{game}")),
            ("game-spectator", Who::Visitor, format!("/games/{game}")),
            ("tsuro-ada", Who::Ada, format!("/games/{}", self.tsuro)),
            (
                "tsuro-spectator",
                Who::Visitor,
                format!("/games/{}", self.tsuro),
            ),
            ("tyranny-ada", Who::Ada, format!("/games/{}", self.tyranny)),
            (
                "tyranny-spectator",
                Who::Visitor,
                format!("/games/{}", self.tyranny),
            ),
            ("not-found", Who::Visitor, "/tables/nosuchtable".into()),
        ]
    }

    pub fn client(&mut self, who: Who) -> &mut Client {
        match who {
            Who::Ada => &mut self.ada,
            Who::Bob => &mut self.bob,
            Who::Visitor => &mut self.visitor,
        }
    }

    /// Every client reads pages in `lang` (as its browser asks; no setting is saved).
    pub fn set_lang(&mut self, lang: &str) {
        for who in [Who::Ada, Who::Bob, Who::Visitor] {
            self.client(who).accept_language = Some(lang.to_string());
        }
    }

    /// `text` with everything that changes from run to run named instead: ids, the
    /// invitation, form tokens, the server's port, the assets' hashes.
    pub fn redact(&self, text: &str) -> String {
        static TOKEN: LazyLock<Regex> =
            LazyLock::new(|| Regex::new(r#"name="csrf" value="[0-9a-zA-Z_-]{32}""#).unwrap());
        static HOST: LazyLock<Regex> =
            LazyLock::new(|| Regex::new(r"http://127\.0\.0\.1:[0-9]+").unwrap());
        static HASH: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"(/assets/[a-z/._-]+?)\.[0-9a-f]{10}\.(css|js|svg)").unwrap()
        });
        let text = text
            .replace(&self.game, "[game]")
            .replace(&self.tsuro, "[tsuro]")
            .replace(&self.tyranny, "[tyranny]")
            .replace(&self.table, "[table]")
            .replace(&self.invite, "[invite]");
        let text = TOKEN.replace_all(&text, r#"name="csrf" value="[token]""#);
        let text = HOST.replace_all(&text, "http://[host]");
        HASH.replace_all(&text, "$1.[hash].$2").into_owned()
    }
}

/// A game of `kind` between Ada and Bob (in that seat order) dealt from `SEED`, started in the
/// store, with its first `moves` moves played (each the first legal move). Returns its id.
async fn started(
    server: &TestServer,
    [ada, bob]: [&mut Client; 2],
    [ada_id, bob_id]: [AccountId; 2],
    kind: GameKind,
    moves: usize,
) -> String {
    // Tyranny seats four unless told: this table is of two.
    let options = match kind {
        GameKind::Tyranny => json!({"players": 2}),
        _ => json!({}),
    };
    let (_, setup) = AnyGame::deal(kind, &options, SEED).unwrap();
    let seat = |account| NewSeat {
        kind: SeatKind::Open,
        account: Some(account),
        ai_level: None,
        invite_hash: None,
    };
    let table = NewTable {
        game: kind.name().into(),
        options,
        time_control: agora_store::TimeControl::Untimed {},
        public: true,
        rated: false,
        created_by: ada_id,
        seats: vec![seat(ada_id), seat(bob_id)],
    };
    let deal = NewGame {
        seed: SEED,
        salt: format!("salt-{}", SEED),
        setup,
        clocks: Vec::new(),
    };
    let names = [Some("Ada".to_string()), Some("Bob".to_string())];
    let stored = server
        .store()
        .create_started_game(&table, &names, &deal, None, now_ms())
        .await
        .unwrap();
    let game = stored.table.id.to_string();
    server.running.state.games().start(stored).await.unwrap();

    let api = format!("/api/games/{game}");
    let mut played = 0;
    while played < moves {
        let state = ada.api(&api).await;
        let ada_seat = state["viewer"]["seat"].clone();
        let mover = if state["turn"]["seat"] == ada_seat {
            &mut *ada
        } else {
            &mut *bob
        };
        let state = mover.api(&api).await;
        let Some(notation) = state["legal_moves"][0].as_str().map(str::to_string) else {
            // A roll or a draw is under way: the game plays it.
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            continue;
        };
        let (status, body) = mover
            .api_post(&format!("{api}/move"), json!({"move": notation}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        played += 1;
    }

    game
}
