//! Web Push end to end: a player's browser subscribes through Settings (a real P-256 key pair
//! and auth secret, as the Push API makes them), and a push-service sink of the test's own on
//! loopback receives one encrypted POST per correspondence turn, with a valid VAPID
//! `Authorization`; the test decrypts it (RFC 8291) and reads the words, in the player's
//! language. A push service's 410 forgets that browser; the same turn is never pushed twice;
//! turning it off forgets the subscription. Bad subscriptions are refused and change nothing.

mod common;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agora_server::ServerConfig;
use agora_server::push::crypto::{b64, content_key, unb64};
use agora_server::push::{Endpoints, PushConfig, VapidKey};
use agora_store::{AccountId, now_ms};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use common::{Client, TestServer, invited_game_of, until_turn_of};
use ring::aead::{AES_128_GCM, Aad, LessSafeKey, Nonce, UnboundKey};
use ring::agreement::{ECDH_P256, EphemeralPrivateKey, UnparsedPublicKey, agree_ephemeral};
use ring::rand::{SecureRandom, SystemRandom};
use ring::signature::{ECDSA_P256_SHA256_FIXED, UnparsedPublicKey as SignatureKey};

/// One POST as the sink received it.
#[derive(Clone, Debug)]
struct Push {
    /// The endpoint's last path segment: which browser it was for.
    browser: String,
    headers: HeaderMap,
    body: Bytes,
}

/// A push service on loopback: keeps every POST, and answers `410 Gone` for the browsers
/// named in `gone`, `201 Created` for the others.
#[derive(Clone, Debug, Default)]
struct Sink {
    pushes: Arc<Mutex<Vec<Push>>>,
    gone: Arc<Mutex<Vec<String>>>,
}

impl Sink {
    async fn start() -> (Sink, SocketAddr) {
        let sink = Sink::default();
        let app = Router::new()
            .route("/push/{browser}", post(receive))
            .with_state(sink.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        (sink, addr)
    }

    fn to(&self, browser: &str) -> Vec<Push> {
        let pushes = self.pushes.lock().unwrap();
        pushes
            .iter()
            .filter(|p| p.browser == browser)
            .cloned()
            .collect()
    }

    /// Waits (up to ten seconds) until `browser` has `count` pushes, then a little more to
    /// see that none follows; returns them.
    async fn received(&self, browser: &str, count: usize) -> Vec<Push> {
        for _ in 0..100 {
            if self.to(browser).len() >= count {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let pushes = self.to(browser);
        assert_eq!(pushes.len(), count, "pushes to {browser}: {pushes:#?}");
        pushes
    }
}

async fn receive(
    State(sink): State<Sink>,
    Path(browser): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let gone = sink.gone.lock().unwrap().contains(&browser);
    sink.pushes.lock().unwrap().push(Push {
        browser,
        headers,
        body,
    });
    if gone {
        StatusCode::GONE
    } else {
        StatusCode::CREATED
    }
}

/// A browser's push subscription: the key pair and secret the Push API makes.
struct Browser {
    endpoint: String,
    private: EphemeralPrivateKey,
    public: Vec<u8>,
    auth: [u8; 16],
}

impl Browser {
    fn new(sink: SocketAddr, name: &str) -> Browser {
        let rng = SystemRandom::new();
        let private = EphemeralPrivateKey::generate(&ECDH_P256, &rng).unwrap();
        let public = private.compute_public_key().unwrap().as_ref().to_vec();
        let mut auth = [0; 16];
        rng.fill(&mut auth).unwrap();
        Browser {
            endpoint: format!("http://{sink}/push/{name}"),
            private,
            public,
            auth,
        }
    }

    /// Subscribes (`on`) or unsubscribes (`off`) through the Settings page's form.
    async fn send(&self, client: &mut Client, action: &str) -> StatusCode {
        let page = client.page("/settings").await;
        let (p256dh, auth) = (b64(&self.public), b64(&self.auth));
        let fields = [
            ("action", action),
            ("endpoint", self.endpoint.as_str()),
            ("p256dh", p256dh.as_str()),
            ("auth", auth.as_str()),
        ];
        client.submit(&page, "/settings/push", &fields).await.status
    }

    /// What `push` says, decrypted as the browser does (RFC 8291, one `aes128gcm` record).
    fn open(self, push: &Push) -> serde_json::Value {
        let body = &push.body[..];
        let (salt, rest) = body.split_at(16);
        let record_size = u32::from_be_bytes(rest[..4].try_into().unwrap());
        assert_eq!(record_size, 4096);
        let id_len = usize::from(rest[4]);
        assert_eq!(id_len, 65, "the server's public key names the key");
        let (server_public, ciphertext) = rest[5..].split_at(id_len);
        let server_key = UnparsedPublicKey::new(&ECDH_P256, server_public);
        let secret = agree_ephemeral(self.private, &server_key, |s| s.to_vec()).unwrap();
        let (cek, nonce) =
            content_key(&secret, &self.auth, &self.public, server_public, salt).unwrap();
        let key = LessSafeKey::new(UnboundKey::new(&AES_128_GCM, &cek).unwrap());
        let nonce = Nonce::try_assume_unique_for_key(&nonce).unwrap();
        let mut record = ciphertext.to_vec();
        let plain = key
            .open_in_place(nonce, Aad::empty(), &mut record)
            .expect("the push decrypts");
        assert_eq!(plain.last(), Some(&2), "one last record, delimited");
        serde_json::from_slice(&plain[..plain.len() - 1]).unwrap()
    }
}

/// Checks `push`'s headers: `aes128gcm`, a TTL, and a VAPID JWT for the sink's origin signed
/// by `key`, still valid and for at most a day.
fn check_headers(push: &Push, key: &str, sink: SocketAddr) {
    let header = |name: &str| push.headers.get(name).unwrap().to_str().unwrap();
    assert_eq!(header("content-encoding"), "aes128gcm");
    assert!(header("ttl").parse::<u32>().unwrap() > 3600);
    let (jwt, k) = header("authorization")
        .strip_prefix("vapid t=")
        .and_then(|rest| rest.split_once(", k="))
        .expect("a VAPID authorization");
    assert_eq!(k, key);
    let (signed, signature) = jwt.rsplit_once('.').unwrap();
    SignatureKey::new(&ECDSA_P256_SHA256_FIXED, unb64(k).unwrap())
        .verify(signed.as_bytes(), &unb64(signature).unwrap())
        .expect("the VAPID signature holds");
    let (head, claims) = signed.split_once('.').unwrap();
    let head: serde_json::Value = serde_json::from_slice(&unb64(head).unwrap()).unwrap();
    assert_eq!(head["alg"], "ES256");
    let claims: serde_json::Value = serde_json::from_slice(&unb64(claims).unwrap()).unwrap();
    assert_eq!(claims["aud"], format!("http://{sink}"));
    assert_eq!(claims["sub"], "mailto:ops@agora.test");
    let exp = claims["exp"].as_i64().unwrap();
    let now = now_ms() / 1000;
    assert!(exp > now && exp <= now + 24 * 3600, "exp {exp}, now {now}");
}

async fn pushing_server() -> (TestServer, Arc<VapidKey>) {
    let key = Arc::new(VapidKey::from_text(&VapidKey::generate().unwrap()).unwrap());
    let push = PushConfig {
        key: key.clone(),
        subject: "mailto:ops@agora.test".into(),
        compose: agora_web::pages::push::compose,
        endpoints: Endpoints::AnyForTests,
    };
    let server = TestServer::start_with(|config| ServerConfig {
        push: Some(push),
        ..config
    })
    .await;
    (server, key)
}

async fn account_of(server: &TestServer, name: &str) -> AccountId {
    server.store().account_by_name(name).await.unwrap().id
}

const CORRESPONDENCE: [(&str, &str); 4] = [
    ("game", "tyrus"),
    ("seat1", "invite"),
    ("clock", "correspondence"),
    ("days", "3"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_encrypted_push_per_correspondence_turn_and_a_gone_browser_is_forgotten() {
    let (sink, sink_addr) = Sink::start().await;
    let (server, key) = pushing_server().await;
    let (mut ada, mut bob) = (server.client(), server.client());
    ada.sign_up("Ada", "a long enough password").await;
    bob.sign_up("Bob", "a long enough password").await;
    let page = ada.page("/settings").await;
    ada.submit(&page, "/lang", &[("lang", "de"), ("back", "/settings")])
        .await;
    let page = ada.page("/settings").await;
    assert!(
        page.body
            .contains(&format!(r#"data-push-key="{}""#, key.public())),
        "Settings offers the server's key"
    );

    // Ada's phone and laptop subscribe; the laptop's push service will say it is gone.
    let phone = Browser::new(sink_addr, "phone");
    let laptop = Browser::new(sink_addr, "laptop");
    sink.gone.lock().unwrap().push("laptop".into());
    assert_eq!(phone.send(&mut ada, "on").await, StatusCode::NO_CONTENT);
    assert_eq!(laptop.send(&mut ada, "on").await, StatusCode::NO_CONTENT);
    let ada_id = account_of(&server, "Ada").await;
    assert_eq!(
        server
            .store()
            .push_subscriptions(ada_id)
            .await
            .unwrap()
            .len(),
        2
    );

    // Ada's turn in a correspondence game: one push to each browser.
    let id = invited_game_of(&mut ada, &mut bob, &CORRESPONDENCE).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    let to_phone = sink.received("phone", 1).await;
    sink.received("laptop", 1).await;
    check_headers(&to_phone[0], key.public(), sink_addr);
    let said = phone.open(&to_phone[0]);
    assert_eq!(said["title"], "Du bist am Zug: Tyrus");
    assert_eq!(
        said["body"],
        "Du bist am Zug. Öffne die Partie, um deinen Zug zu spielen."
    );
    assert_eq!(said["url"], format!("/games/{id}"));
    assert_eq!(said["tag"], format!("agora-{id}"));
    assert_eq!(
        said.as_object().unwrap().len(),
        4,
        "nothing of the game: {said}"
    );
    // The 410 forgot the laptop.
    let left = server.store().push_subscriptions(ada_id).await.unwrap();
    assert_eq!(left.len(), 1);
    assert!(left[0].endpoint.ends_with("/phone"));

    // Ada looks at the game again (a reconnect): no second push for the same turn.
    ada.page(&format!("/games/{id}")).await;
    sink.received("phone", 1).await;

    // Her next turn: one more push, to the phone only (subscribed again with new keys, as a
    // browser does after clearing its data: the endpoint's keys are replaced).
    let phone = Browser::new(sink_addr, "phone");
    assert_eq!(phone.send(&mut ada, "on").await, StatusCode::NO_CONTENT);
    until_turn_of(&mut ada, &mut bob, &id, false).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    let to_phone = sink.received("phone", 2).await;
    sink.received("laptop", 1).await;
    assert_eq!(phone.open(&to_phone[1])["title"], "Du bist am Zug: Tyrus");
    // Bob subscribed to nothing and got nothing; Bob's turns pushed nothing to Ada.

    // Ada stops them in Settings: the subscription is forgotten; no more pushes.
    let phone = Browser::new(sink_addr, "phone");
    assert_eq!(phone.send(&mut ada, "off").await, StatusCode::NO_CONTENT);
    assert!(
        server
            .store()
            .push_subscriptions(ada_id)
            .await
            .unwrap()
            .is_empty()
    );
    until_turn_of(&mut ada, &mut bob, &id, false).await;
    until_turn_of(&mut ada, &mut bob, &id, true).await;
    sink.received("phone", 2).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_subscriptions_are_refused_and_change_nothing() {
    let (_sink, sink_addr) = Sink::start().await;
    let (server, _key) = pushing_server().await;
    let mut ada = server.client();
    ada.sign_up("Ada", "a long enough password").await;
    let ada_id = account_of(&server, "Ada").await;
    let good = Browser::new(sink_addr, "phone");
    let page = ada.page("/settings").await;
    let (p256dh, auth) = (b64(&good.public), b64(&good.auth));
    let long = format!("http://{sink_addr}/push/{}", "a".repeat(2000));
    for (what, fields) in [
        (
            "no endpoint",
            [
                ("action", "on"),
                ("endpoint", ""),
                ("p256dh", &p256dh),
                ("auth", &auth),
            ],
        ),
        (
            "not http",
            [
                ("action", "on"),
                ("endpoint", "file:///etc/passwd"),
                ("p256dh", &p256dh),
                ("auth", &auth),
            ],
        ),
        (
            "too long",
            [
                ("action", "on"),
                ("endpoint", &long),
                ("p256dh", &p256dh),
                ("auth", &auth),
            ],
        ),
        (
            "short key",
            [
                ("action", "on"),
                ("endpoint", &good.endpoint),
                ("p256dh", "BAAA"),
                ("auth", &auth),
            ],
        ),
        (
            "no base64",
            [
                ("action", "on"),
                ("endpoint", &good.endpoint),
                ("p256dh", "!!!"),
                ("auth", &auth),
            ],
        ),
        (
            "short secret",
            [
                ("action", "on"),
                ("endpoint", &good.endpoint),
                ("p256dh", &p256dh),
                ("auth", "AAAA"),
            ],
        ),
        (
            "no action",
            [
                ("action", "maybe"),
                ("endpoint", &good.endpoint),
                ("p256dh", &p256dh),
                ("auth", &auth),
            ],
        ),
    ] {
        let answer = ada.submit(&page, "/settings/push", &fields).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{what}");
    }
    // A form without its token, or from another site: refused.
    let fields = [
        ("action", "on"),
        ("endpoint", good.endpoint.as_str()),
        ("p256dh", p256dh.as_str()),
        ("auth", auth.as_str()),
    ];
    let answer = ada.post("/settings/push", &fields).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    let mut with_token = vec![("csrf", page.csrf())];
    with_token.extend(fields.iter().map(|(k, v)| (*k, v.to_string())));
    let with_token: Vec<(&str, &str)> = with_token.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let answer = ada
        .post_with(
            "/settings/push",
            &with_token,
            &[("sec-fetch-site", "cross-site")],
        )
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert!(
        server
            .store()
            .push_subscriptions(ada_id)
            .await
            .unwrap()
            .is_empty()
    );

    // Someone without an account has nothing to keep it with.
    let mut visitor = server.client();
    let page = visitor.page("/settings").await;
    assert!(!page.body.contains("data-push-key"));
    let answer = visitor.submit(&page, "/settings/push", &fields).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    server.stop().await;
}

/// The key is made once and kept: every later offer (another node, a restart) reads it back.
#[tokio::test]
async fn the_vapid_key_is_kept_once_in_the_database() {
    let server = TestServer::start().await;
    let first = VapidKey::generate().unwrap();
    let second = VapidKey::generate().unwrap();
    assert_eq!(server.store().vapid_key(&first, 1).await.unwrap(), first);
    assert_eq!(server.store().vapid_key(&second, 2).await.unwrap(), first);
    let a = PushConfig::load(
        server.store(),
        None,
        "mailto:a@b".into(),
        agora_web::pages::push::compose,
    )
    .await
    .unwrap();
    assert_eq!(
        a.key.public(),
        VapidKey::from_text(&first).unwrap().public()
    );
    // A server without push offers no key.
    let mut ada = server.client();
    ada.sign_up("Ada", "a long enough password").await;
    assert!(!ada.page("/settings").await.body.contains("data-push-key"));
    server.stop().await;
}
