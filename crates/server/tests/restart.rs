//! Restart and resume: the server stops mid-game (gracefully, or dropped whole as in a crash,
//! while clients are sending moves), starts again on the same database, the clients reconnect
//! with the last version they saw and finish the game, and the log is intact: every
//! acknowledged move kept, no gaps, no duplicates.

mod common;

use std::time::Duration;

use common::{Client, Driver, Server, Stopped, TempDb, Until, check_record, guests, serve, table};
use serde_json::{Value, json};

/// Plays every seat on its own connection until `until`, concurrently; returns the drivers.
async fn play_all(
    clients: &[Client],
    id: &str,
    drivers: Vec<Driver>,
    until: Until,
) -> Vec<(Driver, Stopped)> {
    let mut tasks = Vec::new();
    for (client, mut driver) in clients.iter().zip(drivers) {
        let since = driver
            .version()
            .map_or(String::new(), |v| format!("?since={v}"));
        let mut ws = client.connect(id, &since).await;
        tasks.push(tokio::spawn(async move {
            let stopped = driver.run(&mut ws, until).await;
            (driver, stopped)
        }));
    }
    let mut done = Vec::new();
    for task in tasks {
        done.push(task.await.unwrap());
    }
    done
}

/// The versions and moves of the log, as stored.
async fn log(db: &TempDb, id: &str) -> Vec<(u64, Option<String>)> {
    db.events(id)
        .await
        .into_iter()
        .map(|e| (e.version, e.notation))
        .collect()
}

async fn restart_and_finish(
    db: &TempDb,
    clients: &[Client],
    id: &str,
    drivers: Vec<Driver>,
) -> (Server, Value) {
    let server = serve(db).await;
    let clients: Vec<Client> = clients.iter().map(|c| c.on(&server)).collect();
    let done = play_all(&clients, id, drivers, Until::End).await;
    let last = done[0].0.last.clone();
    for (driver, stopped) in &done {
        assert_eq!(*stopped, Stopped::Over);
        assert_eq!(driver.last["version"], last["version"]);
        assert_eq!(driver.last["state"]["outcome"], last["state"]["outcome"]);
    }
    let mut first = clients[0].clone();
    check_record(&mut first, db, id, &last).await;
    (server, last)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_restart_resumes_the_game_where_it_was() {
    let db = TempDb::new("restart-graceful");
    let server = serve(&db).await;
    let mut clients = guests(&server, "g", 2).await;
    let id = table(&mut clients, "tyrus", json!({})).await;
    let drivers = (0..2).map(|seat| Driver::new(seat + 10)).collect();
    let done = play_all(&clients, &id, drivers, Until::Version(12)).await;
    let before_state = {
        let mut seat = clients[0].clone();
        seat.game(&id).await
    };
    server.stop().await;
    let before = log(&db, &id).await;
    let version = before_state["version"].as_u64().unwrap();
    assert_eq!(before.len() as u64, version);

    // After the restart: the same version and view over HTTP, then the game goes on.
    let drivers: Vec<Driver> = done.into_iter().map(|(d, _)| d).collect();
    let server2 = serve(&db).await;
    let mut seat = clients[0].on(&server2);
    let after_state = seat.game(&id).await;
    assert_eq!(after_state["version"], version);
    assert_eq!(after_state["view"], before_state["view"]);
    assert_eq!(after_state["legal_moves"], before_state["legal_moves"]);
    server2.stop().await;
    let (server, last) = restart_and_finish(&db, &clients, &id, drivers).await;
    let after = log(&db, &id).await;
    assert_eq!(
        after[..before.len()],
        before[..],
        "the log before the stop is kept"
    );
    assert!(after.len() as u64 == last["version"].as_u64().unwrap());
    server.stop().await;
}

/// Stops the server (`crash` or gracefully) while both seats play as fast as they can, then
/// restarts it and finishes the game.
async fn stop_mid_play(test: &str, crash: bool) {
    let db = TempDb::new(test);
    let server = serve(&db).await;
    let mut clients = guests(&server, "c", 2).await;
    let id = table(&mut clients, "tyrus", json!({})).await;
    let mut watcher = server.client().connect(&id, "").await;
    let players = {
        let clients = clients.clone();
        let id = id.clone();
        tokio::spawn(async move {
            let drivers = (0..2).map(|seat| Driver::new(seat + 20)).collect();
            play_all(&clients, &id, drivers, Until::End).await
        })
    };
    // Crash while the seats are playing as fast as they can.
    watcher.until_version(8).await;
    tokio::time::sleep(Duration::from_millis(3)).await;
    if crash {
        server.crash().await;
    } else {
        server.stop().await;
    }
    let done = players.await.unwrap();
    let stored = log(&db, &id).await;
    let stored_version = stored.len() as u64;
    for (i, (version, _)) in stored.iter().enumerate() {
        assert_eq!(*version, i as u64 + 1);
    }
    let mut drivers = Vec::new();
    for (driver, stopped) in done {
        if stopped == Stopped::Over {
            // The game ended before the crash: nothing to resume (rare, but not wrong).
            return;
        }
        assert!(
            matches!(stopped, Stopped::Closed | Stopped::Unavailable),
            "{stopped:?}"
        );
        for acked in &driver.acked {
            assert!(
                *acked <= stored_version,
                "acknowledged {acked}, stored {stored_version}"
            );
        }
        assert!(
            driver.version().unwrap() <= stored_version,
            "broadcast after storing"
        );
        drivers.push(driver);
    }
    let acked: usize = drivers.iter().map(|d| d.acked.len()).sum();
    eprintln!("{test}: stopped at stored version {stored_version}, {acked} moves acknowledged");
    let (server, _) = restart_and_finish(&db, &clients, &id, drivers).await;
    let after = log(&db, &id).await;
    assert_eq!(after[..stored.len()], stored[..]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_mid_play_loses_no_acknowledged_move() {
    stop_mid_play("restart-crash", true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_stop_mid_play_loses_no_acknowledged_move() {
    stop_mid_play("restart-stop", false).await;
}
