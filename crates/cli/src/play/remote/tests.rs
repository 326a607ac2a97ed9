//! The terminal client against a real server on loopback, through a proxy that can cut every
//! connection at once: whole games of each game to the end, a dropped connection on the way,
//! refused moves worded, and chat between two clients.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agora_games::GameKind;
use agora_present::Lang;
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::AbortHandle;

use super::{Account, Api, Ending, Input, Now, Plan, Start, Told, session};

/// A server on a fresh SQLite file, limits as the server's own tests set them (everyone comes
/// from 127.0.0.1) and the computer unpaced.
async fn server(test: &str) -> (agora_server::Running, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("agora-cli-remote-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("agora.db").display());
    let store = agora_store::Store::open(&url, agora_store::Durability::Process)
        .await
        .unwrap();
    let defaults = agora_server::ServerConfig::default();
    let config = agora_server::ServerConfig {
        http_rate: None,
        shared_rate: None,
        shared_http_rate: None,
        account_limits: agora_server::AccountLimits {
            guests_per_address: None,
            ..defaults.account_limits.clone()
        },
        ws_rate: Some((400, 400)),
        connections: agora_server::ConnectionLimits {
            per_address: None,
            websockets_per_account: None,
            ..defaults.connections
        },
        ai_pace: Duration::ZERO,
        ..defaults
    };
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let running = agora_server::start(listener, store, config).await.unwrap();
    (running, dir)
}

/// A TCP proxy in front of the server whose `cut` drops every connection through it.
#[derive(Clone)]
struct Proxy {
    addr: SocketAddr,
    open: Arc<Mutex<Vec<AbortHandle>>>,
}

impl Proxy {
    async fn new(target: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = Proxy {
            addr: listener.local_addr().unwrap(),
            open: Arc::default(),
        };
        let open = Arc::clone(&proxy.open);
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let task = tokio::spawn(async move {
                    let mut outbound = TcpStream::connect(target).await?;
                    tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await
                });
                open.lock().unwrap().push(task.abort_handle());
            }
        });
        proxy
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Drops every connection open now, a moment from now (so that what was just sent may or
    /// may not have gone through).
    fn cut_soon(&self) {
        let open = Arc::clone(&self.open);
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(15)).await;
            for task in open.lock().unwrap().drain(..) {
                task.abort();
            }
        });
    }
}

/// A player that types `script` line by line on its turns, then the first legal move each
/// turn, and has the proxy cut the connections after its `cut_at`-th move. It types `answer`
/// when another seat offered a draw, waits for the answer to a draw it offered, and types
/// `after` once the game is over (then leaves).
struct Scripted {
    script: VecDeque<String>,
    answer: VecDeque<String>,
    after: VecDeque<String>,
    moves: usize,
    cut_at: Option<(usize, Proxy)>,
}

impl Scripted {
    fn new(script: &[&str], cut_at: Option<(usize, Proxy)>) -> Scripted {
        Scripted {
            script: lines(script),
            answer: VecDeque::new(),
            after: VecDeque::new(),
            moves: 0,
            cut_at,
        }
    }

    fn answering(self, answer: &[&str]) -> Scripted {
        Scripted {
            answer: lines(answer),
            ..self
        }
    }

    fn then(self, after: &[&str]) -> Scripted {
        Scripted {
            after: lines(after),
            ..self
        }
    }
}

fn lines(lines: &[&str]) -> VecDeque<String> {
    lines.iter().map(|s| s.to_string()).collect()
}

impl Input for Scripted {
    async fn line(&mut self, now: &Now) -> Option<String> {
        if now.over {
            return self.after.pop_front();
        }
        if now.draw_offered && !self.answer.is_empty() {
            return self.answer.pop_front();
        }
        if !now.my_turn || now.my_draw_offer {
            // Waits for the server: the client tells its frames meanwhile.
            std::future::pending::<()>().await;
        }
        if let Some(line) = self.script.pop_front() {
            return Some(line);
        }
        self.moves += 1;
        if let Some((at, proxy)) = &self.cut_at
            && *at == self.moves
        {
            proxy.cut_soon();
        }
        now.legal_moves.first().cloned()
    }
}

fn plan(server: String, account: Account, lang: Lang, start: Start) -> Plan {
    Plan {
        server,
        account,
        lang,
        start,
        players: None,
    }
}

/// Plays one game against the computer through a proxy that cuts once, and checks it ended
/// with every event told once, in order.
async fn whole_game_with_a_cut(test: &str, game: GameKind, script: &[&str]) -> String {
    whole_game_of(test, game, None, script).await.0
}

/// [`whole_game_with_a_cut`] with `players` at the table; also the game's record.
async fn whole_game_of(
    test: &str,
    game: GameKind,
    players: Option<u8>,
    script: &[&str],
) -> (String, Value) {
    let (running, dir) = server(test).await;
    let proxy = Proxy::new(running.addr).await;
    let mut input = Scripted::new(script, Some((3, proxy.clone())));
    let mut out = Vec::new();
    let plan = Plan {
        players,
        ..plan(
            proxy.url(),
            Account::Guest(Some("Ada".into())),
            Lang::En,
            Start::New(game, Some("beginner".into())),
        )
    };
    let run = session(plan, &mut input, &mut out);
    let (ending, told) = tokio::time::timeout(Duration::from_secs(240), run)
        .await
        .expect("the game ends in time")
        .unwrap();
    let printed = String::from_utf8(out).unwrap();
    assert_eq!(ending, Ending::Over, "{printed}");
    assert_eq!(told.reconnects, 1, "{printed}");
    assert!(
        printed.contains("Connection lost, reconnecting…"),
        "{printed}"
    );
    assert!(printed.contains("Reconnected."), "{printed}");
    assert!(
        printed.contains("Record (replay it with agora replay)"),
        "{printed}"
    );
    check_told_once(&running, &told).await;
    let api = Api::new(&format!("http://{}", running.addr)).unwrap();
    let record = api
        .get(&format!("/api/games/{}/record", told.game))
        .await
        .unwrap();
    drop(running);
    let _ = std::fs::remove_dir_all(dir);
    (printed, record)
}

/// The client told the events from its first sync on, each once and in order, up to the
/// game's last.
async fn check_told_once(running: &agora_server::Running, told: &Told) {
    let api = Api::new(&format!("http://{}", running.addr)).unwrap();
    let state = api.get(&format!("/api/games/{}", told.game)).await.unwrap();
    assert_eq!(state["status"], "finished", "{state}");
    let last = state["version"].as_u64().unwrap();
    let first = told.versions[0];
    let expected: Vec<u64> = (first..=last).collect();
    assert_eq!(told.versions, expected);
    assert!(first <= 2, "told from version {first}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_tyrus_game_survives_a_dropped_connection_and_words_a_refused_move() {
    let printed = whole_game_with_a_cut(
        "tyrus",
        GameKind::Tyrus,
        &["S99 own citadel", "moves", "quick 9"],
    )
    .await;
    // The refusal the server sent, worded by the present crate, not the server's English.
    assert!(
        printed.contains("\"S99 own citadel\" is not a move.")
            && printed.contains("Type help for the notation."),
        "{printed}"
    );
    assert!(!printed.contains("The server refused"), "{printed}");
    assert!(printed.contains("legal moves: "), "{printed}");
    assert!(printed.contains("Chat: Ada says: Good game!"), "{printed}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_tsuro_game_survives_a_dropped_connection() {
    let printed = whole_game_with_a_cut("tsuro", GameKind::Tsuro, &["say hello", "help"]).await;
    // The table's commands are listed with the game's.
    assert!(printed.contains("At the table: offer draw"), "{printed}");
    // Guests may send quick messages only: the server's refusal, worded.
    assert!(
        printed.contains("Guests may send quick messages only"),
        "{printed}"
    );
}

/// Tyranny's rolls and draws come in the frame of the move that led to them: each is told,
/// with what it did, as local play tells it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_tyranny_game_tells_every_roll_and_card_once() {
    let (printed, record) = whole_game_of(
        "tyranny",
        GameKind::Tyranny,
        Some(2),
        &["describe o13", "hand"],
    )
    .await;
    assert!(
        printed.starts_with("Signed in") && printed.contains("Tyranny: you against the computer."),
        "{printed}"
    );
    assert!(
        printed.contains("O13 Night Market: property worth 60"),
        "{printed}"
    );
    assert!(printed.contains("Your hand is empty."), "{printed}");
    // Every roll of the game told once, none as a bare missed move.
    let moves: Vec<&str> = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let rolls = moves.iter().filter(|m| m.starts_with("roll ")).count();
    assert!(rolls > 0, "{record}");
    assert_eq!(
        printed.matches("The die shows ").count(),
        rolls,
        "{printed}"
    );
    // A move is sent only once the state has caught up with the last one.
    assert!(!printed.contains("The game moved on"), "{printed}");
    assert!(!printed.contains("moved: "), "{printed}");
    assert!(
        printed.contains("You roll the die to move Cop"),
        "{printed}"
    );
    let ends = printed.matches("Your side wins.").count()
        + printed.matches("Your side loses.").count()
        + printed.matches("the game is a draw").count();
    assert_eq!(ends, 1, "the end told once:\n{printed}");
}

/// Two clients at one table, in two languages: one creates it open for people, the other
/// joins it by its link; each reads the other's chat in their own language, and both play the
/// game to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_chat_across_languages_and_finish_a_game() {
    let (running, dir) = server("chat").await;
    let base = format!("http://{}", running.addr);
    sign_up(&base, "Ada", "correct horse").await;

    let ada = Scripted::new(&["say bonjour Zoé"], None);
    let ada_account = Account::User("Ada".into(), Some("correct horse".into()));
    let zoe = Scripted::new(&["quick 1", "say salut"], None);
    let zoe_account = Account::Guest(Some("Zoé".into()));
    // Zoé joins by the link the API names, not only by the id.
    let (ada_printed, zoe_printed) =
        two_players(&base, (ada_account, ada), (zoe_account, zoe), |table| {
            format!("{base}/api/tables/{table}/join")
        })
        .await;
    let n = '\u{202f}';
    assert!(
        zoe_printed.contains(&format!("Discussion{n}: Ada dit{n}: bonjour Zoé")),
        "{zoe_printed}"
    );
    assert!(
        ada_printed.contains("Chat: Zoé says: Hello!"),
        "{ada_printed}"
    );
    assert!(
        zoe_printed.contains("Les invités ne peuvent envoyer que des messages rapides"),
        "{zoe_printed}"
    );
    assert!(
        ada_printed.contains("Tsuro: you against Zoé"),
        "{ada_printed}"
    );
    drop(running);
    let _ = std::fs::remove_dir_all(dir);
}

/// Ada (in English) opens a Tsuro table for people, Zoé (in French) joins it by the link
/// `join` makes of its id; each plays from its script to the end. What each printed.
async fn two_players(
    base: &str,
    (ada_account, mut ada_input): (Account, Scripted),
    (zoe_account, mut zoe_input): (Account, Scripted),
    join: impl Fn(&str) -> String,
) -> (String, String) {
    let mut ada_out = Vec::new();
    let ada_plan = plan(
        base.to_string(),
        ada_account,
        Lang::En,
        Start::New(GameKind::Tsuro, None),
    );
    let ada = session(ada_plan, &mut ada_input, &mut ada_out);
    let zoe = async {
        let table = first_open_table(base).await;
        let mut out = Vec::new();
        let plan = plan(
            base.to_string(),
            zoe_account,
            Lang::Fr,
            Start::Join(join(&table)),
        );
        let result = session(plan, &mut zoe_input, &mut out).await;
        (result, out)
    };
    let both = async { tokio::join!(ada, zoe) };
    let (ada, (zoe, zoe_out)) = tokio::time::timeout(Duration::from_secs(240), both)
        .await
        .expect("the games end in time");
    let ada_printed = String::from_utf8(ada_out).unwrap();
    let zoe_printed = String::from_utf8(zoe_out).unwrap();
    assert_eq!(ada.unwrap().0, Ending::Over, "{ada_printed}");
    assert_eq!(zoe.unwrap().0, Ending::Over, "{zoe_printed}");
    (ada_printed, zoe_printed)
}

async fn sign_up(base: &str, name: &str, password: &str) {
    let mut signup = Api::new(base).unwrap();
    let body = json!({"name": name, "password": password});
    signup.post("/api/signup", body).await.unwrap();
}

/// The first open table listed, once there is one.
async fn first_open_table(base: &str) -> String {
    let lister = Api::new(base).unwrap();
    loop {
        let tables: Value = lister.get("/api/tables").await.unwrap();
        if let Some(id) = tables["tables"][0]["id"].as_str() {
            return id.to_string();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Against the computer: a draw cannot be declined (none offered) nor offered (the computer
/// never agrees), each refusal worded; the game is called off before the first move, and a
/// rematch (the computer always agrees) is played to its end on the same connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_called_off_is_played_again_as_a_rematch() {
    let (running, dir) = server("abort").await;
    let base = format!("http://{}", running.addr);
    let mut input =
        Scripted::new(&["decline draw", "offer draw", "abort"], None).then(&["rematch"]);
    let mut out = Vec::new();
    let plan = plan(
        base,
        Account::Guest(Some("Ada".into())),
        Lang::En,
        Start::New(GameKind::Tsuro, Some("beginner".into())),
    );
    let run = session(plan, &mut input, &mut out);
    let (ending, told) = tokio::time::timeout(Duration::from_secs(240), run)
        .await
        .expect("both games end in time")
        .unwrap();
    let printed = String::from_utf8(out).unwrap();
    assert_eq!(ending, Ending::Over, "{printed}");
    for line in [
        "There is no draw offer to decline.",
        "The computer never agrees to a draw",
        "You aborted the game.",
        "The game is over: type rematch to play again",
        "The rematch begins.",
    ] {
        assert!(printed.contains(line), "{line}:\n{printed}");
    }
    assert!(!printed.contains("The server refused"), "{printed}");
    assert_eq!(
        printed.matches("Tsuro: you against the computer").count(),
        2,
        "{printed}"
    );
    // The rematch, told from its start to its end.
    check_told_once(&running, &told).await;
    drop(running);
    let _ = std::fs::remove_dir_all(dir);
}

/// Two players, in two languages: Ada mutes Zoé and reports the chat, offers a draw that Zoé
/// accepts; Zoé's message after the mute is never printed for Ada. Both ask for a rematch,
/// follow into it and play it to its end. The report is stored for `agora admin reports`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_agree_a_draw_mute_report_and_play_a_rematch() {
    let (running, dir) = server("draw").await;
    let base = format!("http://{}", running.addr);
    sign_up(&base, "Ada", "correct horse").await;
    sign_up(&base, "Zoé", "battery staple").await;
    let ada = Scripted::new(&["mute zoé", "report spam", "offer draw"], None).then(&["rematch"]);
    let ada_account = Account::User("Ada".into(), Some("correct horse".into()));
    let zoe = Scripted::new(&[], None)
        .answering(&["say coucou", "accept draw"])
        .then(&["rematch"]);
    let zoe_account = Account::User("Zoé".into(), Some("battery staple".into()));
    let (ada_printed, zoe_printed) = two_players(
        &base,
        (ada_account, ada),
        (zoe_account, zoe),
        str::to_string,
    )
    .await;
    for line in [
        "You muted Zoé: their messages are no longer shown to you.",
        "Thank you: an operator will read this table's chat.",
        "You offered a draw.",
        "Everyone agreed to a draw.",
        "The rematch begins.",
    ] {
        assert!(ada_printed.contains(line), "{line}:\n{ada_printed}");
    }
    let n = '\u{202f}';
    for line in [
        "Tapez accept draw pour accepter le match nul".to_string(),
        format!("Zoé dit{n}: coucou"),
        "La revanche commence.".to_string(),
    ] {
        assert!(zoe_printed.contains(&line), "{line}:\n{zoe_printed}");
    }
    // Muted: what Zoé said is never printed for Ada.
    assert!(!ada_printed.contains("coucou"), "{ada_printed}");
    assert_eq!(
        ada_printed.matches("Record (replay it").count(),
        2,
        "{ada_printed}"
    );
    // The report, as `agora admin reports` lists it.
    let url = format!("sqlite://{}", dir.join("agora.db").display());
    let store = agora_store::Store::open(&url, agora_store::Durability::Process)
        .await
        .unwrap();
    let reports = store.chat_reports(10).await.unwrap();
    store.close().await;
    let listing = crate::admin::listing(&reports);
    assert!(
        listing.contains("spam") && listing.contains("Ada"),
        "{listing}"
    );
    drop(running);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn invitation_links_and_table_ids_are_read() {
    use super::parse_link;
    assert_eq!(
        parse_link("http://h:8080/api/tables/k7qz2m9xwa/join?invite=5d1e"),
        Some(("k7qz2m9xwa".into(), Some("5d1e".into())))
    );
    assert_eq!(parse_link("k7qz2m9xwa"), Some(("k7qz2m9xwa".into(), None)));
    assert_eq!(
        parse_link("/tables/k7qz2m9xwa?invite=ab"),
        Some(("k7qz2m9xwa".into(), Some("ab".into())))
    );
    assert_eq!(parse_link("http://h/api/games"), None);
    assert_eq!(parse_link("not a link"), None);
}

/// A server reached over `https://` gets a TLS handshake on the WebSocket and over HTTP: the
/// first bytes each connection sends are a TLS handshake record (a ClientHello), not plain
/// HTTP, and no connection at all (TLS not compiled in) fails too. The listener hangs up
/// after reading them, so each request fails.
#[tokio::test]
async fn https_servers_get_a_tls_handshake() {
    use tokio::io::AsyncReadExt;
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (first_bytes, mut heard) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut start = [0u8; 3];
            let read = socket.read_exact(&mut start).await.map(|_| start);
            let _ = first_bytes.send(read.ok());
        }
    });
    // A TLS record of type handshake (22), protocol major version 3.
    let tls_hello = |bytes: Option<[u8; 3]>| matches!(bytes, Some([22, 3, _]));
    let mut next_heard = async || {
        tokio::time::timeout(Duration::from_secs(10), heard.recv())
            .await
            .ok()
            .flatten()
            .flatten()
    };
    let api = Api::new(&format!("https://127.0.0.1:{port}")).unwrap();
    let url = api.ws_url("g1", None);
    assert!(url.starts_with("wss://"), "{url}");
    tokio_tungstenite::connect_async(url).await.unwrap_err();
    let bytes = next_heard().await;
    assert!(tls_hello(bytes), "the WebSocket sent {bytes:?}");
    api.get("/api/health").await.unwrap_err();
    let bytes = next_heard().await;
    assert!(tls_hello(bytes), "HTTP sent {bytes:?}");
}
