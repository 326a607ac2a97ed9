//! Password guessing: a hundred wrong passwords for one account are refused with
//! `429 rate_limited` and `Retry-After` after the first few; guesses at many names from one
//! address are too; other accounts and addresses are not affected.

mod common;

use std::net::IpAddr;

use common::{TempDb, serve};
use serde_json::{Value, json};

/// A client whose connections come from the loopback address `from`.
fn client_from(from: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::from(from))
        .build()
        .unwrap()
}

/// Signs in; the status, the `Retry-After` seconds if any, and the error code if any.
async fn sign_in(
    http: &reqwest::Client,
    base: &str,
    name: &str,
    password: &str,
) -> (u16, Option<u64>, Option<String>) {
    let response = tokio::time::timeout(
        common::PATIENCE,
        http.post(format!("{base}/api/signin"))
            .header("content-type", "application/json")
            .body(json!({"name": name, "password": password}).to_string())
            .send(),
    )
    .await
    .expect("an answer in time")
    .unwrap();
    let status = response.status().as_u16();
    let retry_after = (response.headers().get("retry-after"))
        .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
    let body: Value = response.json().await.unwrap_or_default();
    let code = body["error"]["code"].as_str().map(str::to_string);
    (status, retry_after, code)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_passwords_are_throttled_per_account_and_per_address() {
    let db = TempDb::new("signin-throttle");
    let server = serve(&db).await;
    let base = format!("http://{}", server.addr);
    let mut ada = server.client();
    for name in ["ada", "bob"] {
        ada.ok(
            "/api/signup",
            json!({"name": name, "password": "correct horse"}),
        )
        .await;
    }

    // A hundred guesses at one account, from one address.
    let attacker = client_from([127, 0, 0, 1]);
    let mut wrong = 0;
    let mut throttled = 0;
    for i in 0..100 {
        match sign_in(&attacker, &base, "ada", &format!("guess {i:03}")).await {
            (401, None, Some(code)) if code == "bad_credentials" => wrong += 1,
            (429, Some(seconds), Some(code)) if code == "rate_limited" => {
                assert!(seconds >= 1);
                throttled += 1;
            }
            other => panic!("guess {i}: {other:?}"),
        }
    }
    assert_eq!(wrong + throttled, 100);
    assert!(wrong <= 7, "{wrong} guesses were checked");
    // The right password is refused too while the account is shut out (else guessing would
    // only need to be slow), and names differing in case are the same account.
    let (status, retry_after, _) = sign_in(&attacker, &base, "ADA", "correct horse").await;
    assert_eq!(status, 429);
    assert!(retry_after.is_some());
    // Another account, from another address, is unaffected.
    let (status, _, _) = sign_in(&client_from([127, 0, 0, 2]), &base, "bob", "correct horse").await;
    assert_eq!(status, 200);

    // Guesses at many names from one address: shut out once the address used its allowance,
    // whatever the name, even one never tried.
    let spray = client_from([127, 0, 0, 3]);
    let mut refused_at = None;
    for i in 0..40 {
        let (status, _, _) = sign_in(&spray, &base, &format!("name{i}"), "whatever1").await;
        if status == 429 {
            refused_at = Some(i);
            break;
        }
        assert_eq!(status, 401);
    }
    assert!(refused_at.is_some_and(|i| i > 5), "{refused_at:?}");
    let (status, _, _) = sign_in(&spray, &base, "bob", "correct horse").await;
    assert_eq!(status, 429, "the address is shut out");
    server.stop().await;
}

/// A stranger guessing at an account is slowed down, and the owner still signs in from
/// another address meanwhile (before, each wrong guess renewed a shut-out of the account
/// for everyone).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_strangers_guesses_do_not_lock_the_owner_out() {
    let db = TempDb::new("signin-no-lockout");
    let server = serve(&db).await;
    let base = format!("http://{}", server.addr);
    server
        .client()
        .ok(
            "/api/signup",
            json!({"name": "ada", "password": "correct horse"}),
        )
        .await;

    let stranger = client_from([127, 0, 0, 5]);
    let owner = client_from([127, 0, 0, 6]);
    let mut throttled = 0;
    for i in 0..30 {
        let (status, retry_after, _) =
            sign_in(&stranger, &base, "ada", &format!("guess {i:03}")).await;
        match status {
            401 => {}
            429 => {
                assert!(retry_after.is_some_and(|s| s >= 1));
                throttled += 1;
            }
            other => panic!("guess {i}: {other}"),
        }
        if i % 10 == 9 {
            let (status, _, code) = sign_in(&owner, &base, "Ada", "correct horse").await;
            assert_eq!(status, 200, "the owner was shut out: {code:?}");
        }
    }
    assert!(
        throttled >= 20,
        "only {throttled} of 30 guesses were refused"
    );
    server.stop().await;
}
