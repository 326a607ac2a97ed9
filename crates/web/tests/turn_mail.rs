//! Turn mail end to end: a signed-up player gives an address in Settings, and an SMTP sink of
//! the test's own on loopback receives one message per correspondence turn, in the player's
//! language, with the game's link and an off-link that works without signing in. No message
//! for the other player (no address), for a game without a correspondence clock, after the
//! off-link, for guests, or from a server started without a relay.

mod common;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agora_server::ServerConfig;
use agora_server::mail::MailConfig;
use common::{Client, TestServer, invited_game_of, until_turn_of};
use reqwest::StatusCode;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// One message as the sink received it.
#[derive(Clone, Debug)]
struct Mail {
    to: Vec<String>,
    /// The message's lines (headers, a blank line, the body), dot-unstuffed.
    data: String,
}

impl Mail {
    fn header(&self, name: &str) -> String {
        let prefix = format!("{name}: ");
        self.data
            .lines()
            .take_while(|l| !l.is_empty())
            .find_map(|l| l.strip_prefix(&prefix))
            .unwrap_or_else(|| panic!("no {name} header: {}", self.data))
            .to_string()
    }

    /// The body, quoted-printable decoded.
    fn body(&self) -> String {
        assert_eq!(self.header("Content-Transfer-Encoding"), "quoted-printable");
        let (_, body) = self.data.split_once("\n\n").expect("a body");
        let body = body.replace('\n', "\r\n");
        let bytes = quoted_printable::decode(body, quoted_printable::ParseMode::Strict)
            .expect("quoted-printable");
        String::from_utf8(bytes)
            .expect("UTF-8")
            .replace("\r\n", "\n")
    }
}

/// A tiny SMTP server on loopback that accepts every message and keeps it.
#[derive(Clone, Debug)]
struct Sink {
    addr: SocketAddr,
    mails: Arc<Mutex<Vec<Mail>>>,
}

impl Sink {
    async fn start() -> Sink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let sink = Sink {
            addr: listener.local_addr().unwrap(),
            mails: Arc::default(),
        };
        let mails = sink.mails.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(session(stream, mails.clone()));
            }
        });
        sink
    }

    fn mails(&self) -> Vec<Mail> {
        self.mails.lock().unwrap().clone()
    }

    /// Waits (up to ten seconds) for `count` messages, then a little more to see that no
    /// other follows; returns them.
    async fn received(&self, count: usize) -> Vec<Mail> {
        for _ in 0..100 {
            if self.mails().len() >= count {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let mails = self.mails();
        assert_eq!(mails.len(), count, "{mails:#?}");
        mails
    }
}

/// One SMTP conversation: EHLO, MAIL, RCPT, DATA, QUIT (and RSET, NOOP).
async fn session(stream: TcpStream, mails: Arc<Mutex<Vec<Mail>>>) {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    let mut to = Vec::new();
    write.write_all(b"220 sink ESMTP\r\n").await.unwrap();
    while let Ok(Some(line)) = lines.next_line().await {
        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
        let answer: &[u8] = match verb.as_str() {
            "EHLO" => b"250-sink\r\n250 8BITMIME\r\n",
            "HELO" | "MAIL" | "NOOP" => b"250 OK\r\n",
            "RSET" => {
                to.clear();
                b"250 OK\r\n"
            }
            "RCPT" => {
                let address = line.split(['<', '>']).nth(1).unwrap_or("").to_string();
                to.push(address);
                b"250 OK\r\n"
            }
            "DATA" => {
                write.write_all(b"354 end with .\r\n").await.unwrap();
                let mut data = Vec::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    if line == "." {
                        break;
                    }
                    data.push(line.strip_prefix('.').map_or(line.clone(), str::to_string));
                }
                let mail = Mail {
                    to: std::mem::take(&mut to),
                    data: data.join("\n"),
                };
                mails.lock().unwrap().push(mail);
                b"250 OK queued\r\n"
            }
            "QUIT" => {
                let _ = write.write_all(b"221 bye\r\n").await;
                return;
            }
            _ => b"502 unknown\r\n",
        };
        write.write_all(answer).await.unwrap();
    }
}

async fn server_mailing_to(sink: &Sink) -> TestServer {
    let mail = MailConfig::new(
        &format!("smtp://{}", sink.addr),
        "Agora <agora@agora.test>",
        "http://agora.test/",
        agora_web::mail::compose,
    )
    .unwrap();
    TestServer::start_with(|config| ServerConfig {
        mail: Some(mail),
        ..config
    })
    .await
}

/// Saves the email form of the settings page.
async fn save_email(client: &mut Client, address: &str, on: bool) -> common::Page {
    let page = client.page("/settings").await;
    let mut fields = vec![("address", address)];
    if on {
        fields.push(("turn_mail", "1"));
    }
    client.submit(&page, "/settings/email", &fields).await
}

const CORRESPONDENCE: [(&str, &str); 4] = [
    ("game", "tyrus"),
    ("seat1", "invite"),
    ("clock", "correspondence"),
    ("days", "3"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_email_per_correspondence_turn_until_its_off_link_is_followed() {
    let sink = Sink::start().await;
    let server = server_mailing_to(&sink).await;
    let (mut ada, mut bob) = (server.client(), server.client());
    ada.sign_up("Ada", "a long enough password").await;
    bob.sign_up("Bob", "a long enough password").await;

    // Ada reads the site in German; a bad address is refused by the field, GOV.UK style.
    let page = ada.page("/settings").await;
    let answer = ada
        .submit(&page, "/lang", &[("lang", "de"), ("back", "/settings")])
        .await;
    let page = ada.follow(&answer).await;
    assert!(page.body.contains("E-Mail-Adresse"), "{}", page.text());
    let refused = save_email(&mut ada, "ada at example.org", true).await;
    refused.expect(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.body.contains(r##"<a href="#email-address">"##));
    assert!(refused.body.contains(r#"aria-invalid="true""#));
    assert!(
        refused.body.contains("ada at example.org"),
        "what was typed stays"
    );
    assert_eq!(
        server
            .store()
            .mail_settings(account_of(&server, "Ada").await)
            .await
            .unwrap(),
        None,
        "nothing changed"
    );
    let saved = save_email(&mut ada, "  ada@example.org ", true).await;
    assert_eq!(saved.see_other(), "/settings?saved=email#email");
    let page = ada.follow(&saved).await;
    assert!(page.body.contains(r#"value="ada@example.org""#));

    // A game with no correspondence clock sends nothing.
    let untimed = invited_game_of(
        &mut ada,
        &mut bob,
        &[("game", "tyrus"), ("seat1", "invite"), ("clock", "none")],
    )
    .await;
    until_turn_of(&mut ada, &mut bob, &untimed, true).await;
    until_turn_of(&mut ada, &mut bob, &untimed, false).await;
    until_turn_of(&mut ada, &mut bob, &untimed, true).await;

    // A correspondence game: one message for Ada's turn, one for her next; none for Bob.
    let id = invited_game_of(&mut ada, &mut bob, &CORRESPONDENCE).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    let mails = sink.received(1).await;
    // Ada looks at the game again (a reconnect): still one.
    ada.page(&format!("/games/{id}")).await;
    until_turn_of(&mut ada, &mut bob, &id, false).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    let mails = [mails, sink.received(2).await[1..].to_vec()].concat();
    for mail in &mails {
        assert_eq!(mail.to, ["ada@example.org"]);
        assert_eq!(mail.header("Subject"), "Du bist am Zug: Tyrus");
        assert_eq!(mail.header("To"), "ada@example.org");
        assert_eq!(mail.header("From"), "Agora <agora@agora.test>");
        let body = mail.body();
        assert!(
            body.contains("In deiner Fernpartie Tyrus auf Agora bist du am Zug."),
            "{body}"
        );
        assert!(
            body.contains(&format!("http://agora.test/games/{id}\n")),
            "{body}"
        );
    }
    let off_link = |mail: &Mail| {
        let body = mail.body();
        let at = body
            .find("http://agora.test/mail/off?token=")
            .expect("an off-link");
        body[at + "http://agora.test".len()..].trim().to_string()
    };
    assert_ne!(
        off_link(&mails[0]),
        off_link(&mails[1]),
        "each link is its own"
    );

    // The off-link, opened by whoever has the email (no sign-in): GET asks, POST turns off.
    let mut reader = server.client();
    reader.accept_language = Some("fr".into());
    let asked = reader.page(&off_link(&mails[1])).await;
    assert!(
        asked.text().contains("Arrêter les e-mails de tour"),
        "{}",
        asked.text()
    );
    assert_eq!(
        server
            .store()
            .mail_settings(account_of(&server, "Ada").await)
            .await
            .unwrap()
            .map(|s| s.turn_mail),
        Some(true),
        "opening the link changes nothing"
    );
    let token = off_link(&mails[1]);
    let token = token.split_once("token=").unwrap().1;
    let done = reader
        .submit(&asked, "/mail/off", &[("token", token)])
        .await;
    done.expect(StatusCode::OK);
    assert!(
        done.text().contains("Les e-mails de tour sont arrêtés"),
        "{}",
        done.text()
    );
    let bad = reader.get("/mail/off?token=not-a-token").await;
    bad.expect(StatusCode::NOT_FOUND);

    // No more email, and the settings page shows the box unticked.
    until_turn_of(&mut ada, &mut bob, &id, false).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    sink.received(2).await;
    let page = ada.page("/settings").await;
    assert!(!page.body.contains(r#"name="turn_mail" value="1" checked"#));
    server.stop().await;
}

/// The message is worded when it is sent, in the language the reader's settings say then, not
/// the one it read when it saved its address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_message_is_in_the_language_the_reader_has_when_it_is_sent() {
    let sink = Sink::start().await;
    let server = server_mailing_to(&sink).await;
    let (mut ada, mut bob) = (server.client(), server.client());
    ada.sign_up("Ada", "a long enough password").await;
    bob.sign_up("Bob", "a long enough password").await;
    // The address is saved while Ada reads English; then she switches to German.
    save_email(&mut ada, "ada@example.org", true).await;
    let page = ada.page("/settings").await;
    ada.submit(&page, "/lang", &[("lang", "de"), ("back", "/settings")])
        .await;

    let id = invited_game_of(&mut ada, &mut bob, &CORRESPONDENCE).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    let mails = sink.received(1).await;
    assert_eq!(mails[0].header("Subject"), "Du bist am Zug: Tyrus");
    assert!(
        mails[0]
            .body()
            .contains("In deiner Fernpartie Tyrus auf Agora bist du am Zug."),
        "{}",
        mails[0].body()
    );

    // Back to English: the next turn's message follows.
    let page = ada.page("/settings").await;
    ada.submit(&page, "/lang", &[("lang", "en"), ("back", "/settings")])
        .await;
    until_turn_of(&mut ada, &mut bob, &id, false).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    let mails = sink.received(2).await;
    assert_eq!(mails[1].header("Subject"), "Your turn in Tyrus");
    server.stop().await;
}

async fn account_of(server: &TestServer, name: &str) -> agora_store::AccountId {
    server.store().account_by_name(name).await.unwrap().id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_and_servers_without_a_relay_offer_no_email() {
    let sink = Sink::start().await;
    let server = server_mailing_to(&sink).await;
    let mut guest = server.client();
    guest.guest("Gil").await;
    let page = guest.page("/settings").await;
    assert!(!page.body.contains("/settings/email"));
    let refused = guest
        .submit(
            &page,
            "/settings/email",
            &[("address", "gil@example.org"), ("turn_mail", "1")],
        )
        .await;
    refused.expect(StatusCode::NOT_FOUND);
    server.stop().await;

    let server = TestServer::start().await;
    let mut ada = server.client();
    ada.sign_up("Ada", "a long enough password").await;
    let page = ada.page("/settings").await;
    assert!(!page.body.contains("/settings/email"));
    let refused = save_email(&mut ada, "ada@example.org", true).await;
    refused.expect(StatusCode::NOT_FOUND);
    server.stop().await;
    assert!(sink.mails().is_empty());
}
