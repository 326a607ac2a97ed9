//! Joins and leaves racing each other at many tables at once, through the HTTP API, round
//! after round. After each round every table is checked against the database: the seats the
//! running game holds are the stored ones, no account holds two seats at a table, every full
//! table has its game started (and only a full one), and every answer a client got says what
//! the database shows happened.
//!
//! Each table is a three-seat Tsuro table created by its own guest (seat 0) and meets one of
//! three races, as issue 20 found them:
//! - one account asking for seats 1 and 2 at once (it once got both, and the game stalled);
//! - a seated player leaving while another takes the last seat (the leave once answered ok
//!   while the game started with the leaver seated in memory and the seat empty on disk);
//! - two players taking the last two seats at once (a join that succeeded once answered
//!   `404 no such game`).
//!
//! Nothing is ordered by waiting: the requests of a race are sent together and whichever
//! order the server takes them in must give a consistent answer.

mod common;

use std::collections::HashSet;

use agora_store::{Store, TableId, TableStatus};
use common::{Client, TempDb, serve};
use futures_util::future::join_all;
use serde_json::{Value, json};

const TABLES: usize = 24;
const ROUNDS: usize = 10;

/// One HTTP answer: its status and the `error.code` (or `ok`).
#[derive(Clone, Debug)]
struct Answer {
    status: u16,
    body: Value,
}

impl Answer {
    fn ok(&self) -> bool {
        self.status == 200
    }

    fn code(&self) -> &str {
        if self.ok() {
            "ok"
        } else {
            self.body["error"]["code"].as_str().unwrap_or("?")
        }
    }

    /// A refusal a lost race may get: never `not_found` for a table that exists.
    fn assert_ok_or_lost_race(&self, what: &str) {
        assert!(
            self.ok()
                || (self.status == 409 && ["seat_taken", "wrong_state"].contains(&self.code())),
            "{what}: {} {}",
            self.status,
            self.body
        );
    }
}

async fn join(client: &mut Client, id: &str, seat: u8) -> Answer {
    let (status, body) = client
        .post(&format!("/api/tables/{id}/join"), json!({ "seat": seat }))
        .await;
    Answer { status, body }
}

async fn leave(client: &mut Client, id: &str) -> Answer {
    let (status, body) = client
        .post(&format!("/api/tables/{id}/leave"), json!({}))
        .await;
    Answer { status, body }
}

/// The guests of one table slot, kept from round to round.
struct Slot {
    creator: Client,
    a: Client,
    b: Client,
    ids: [i64; 3],
}

async fn account_id(client: &mut Client) -> i64 {
    let (status, me) = client.get("/api/me").await;
    assert_eq!(status, 200, "{me}");
    me["account"]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("an account id in {me}"))
}

/// What a race's answers say the table must look like in the database.
#[derive(Debug)]
enum Race {
    /// `a` asked for seats 1 and 2 at once.
    OneAccountTwoSeats { first: Answer, second: Answer },
    /// `a` sat at seat 1 beforehand; `a` leaves while `b` takes seat 2.
    LeaveAgainstLastJoin { left: Answer, joined: Answer },
    /// `a` and `b` take seats 1 and 2 at once.
    LastTwoSeats { a: Answer, b: Answer },
}

async fn run_race(kind: usize, slot: &mut Slot, id: &str) -> Race {
    match kind {
        0 => {
            let (mut a1, mut a2) = (slot.a.fresh(), slot.a.fresh());
            let (first, second) = tokio::join!(join(&mut a1, id, 1), join(&mut a2, id, 2));
            Race::OneAccountTwoSeats { first, second }
        }
        1 => {
            let sat = join(&mut slot.a, id, 1).await;
            assert!(sat.ok(), "the first join of an empty seat: {:?}", sat);
            let (mut a, mut b) = (slot.a.fresh(), slot.b.fresh());
            let (left, joined) = tokio::join!(leave(&mut a, id), join(&mut b, id, 2));
            Race::LeaveAgainstLastJoin { left, joined }
        }
        _ => {
            let (mut a, mut b) = (slot.a.fresh(), slot.b.fresh());
            let (a, b) = tokio::join!(join(&mut a, id, 1), join(&mut b, id, 2));
            Race::LastTwoSeats { a, b }
        }
    }
}

/// Checks one table after its race, against the database and the running game.
async fn check_table(store: &Store, client: &mut Client, slot: &Slot, id: &str, race: &Race) {
    let table = store.table(id.parse::<TableId>().unwrap()).await.unwrap();
    let accounts: Vec<Option<i64>> = table.seats.iter().map(|s| s.account.map(|a| a.0)).collect();
    let [creator, a, b] = slot.ids;
    assert_eq!(accounts[0], Some(creator), "{id}: the creator keeps seat 0");

    // No account twice at one table.
    let seated: Vec<i64> = accounts.iter().flatten().copied().collect();
    let distinct: HashSet<i64> = seated.iter().copied().collect();
    assert_eq!(
        seated.len(),
        distinct.len(),
        "{id}: an account holds two seats: {accounts:?}"
    );

    // A full table has started, and only a full one.
    let full = accounts.iter().all(Option::is_some);
    let stored_game = store.game(table.id).await;
    if full {
        assert_eq!(
            table.status,
            TableStatus::Playing,
            "{id}: full but {:?}",
            table.status
        );
        let game = stored_game.unwrap_or_else(|e| panic!("{id}: full, no game: {e}"));
        assert_eq!(game.game.version, 0, "{id}: nobody has moved");
        // The running game holds exactly the stored seats.
        let state = client.game(id).await;
        let running: Vec<Option<i64>> = state["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["account"].as_i64())
            .collect();
        assert_eq!(
            running, accounts,
            "{id}: the running game's seats are not the stored ones"
        );
        assert_eq!(state["status"], "playing", "{id}");
    } else {
        assert_eq!(
            table.status,
            TableStatus::Open,
            "{id}: not full but {:?}",
            table.status
        );
        assert!(
            stored_game.is_err(),
            "{id}: a game started at a table not full"
        );
        let (status, body) = client.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 404, "{id}: a running game at an open table: {body}");
    }

    // Every answer says what the database shows happened.
    match race {
        Race::OneAccountTwoSeats { first, second } => {
            first.assert_ok_or_lost_race("first join");
            second.assert_ok_or_lost_race("second join");
            assert!(
                !(first.ok() && second.ok()),
                "{id}: one account got two seats"
            );
            assert_eq!(
                accounts[1] == Some(a),
                first.ok(),
                "{id}: {first:?} {accounts:?}"
            );
            assert_eq!(
                accounts[2] == Some(a),
                second.ok(),
                "{id}: {second:?} {accounts:?}"
            );
            assert!(!full, "{id}");
        }
        Race::LeaveAgainstLastJoin { left, joined } => {
            left.assert_ok_or_lost_race("leave");
            joined.assert_ok_or_lost_race("join");
            assert!(
                joined.ok(),
                "{id}: seat 2 was free, nobody else wanted it: {joined:?}"
            );
            assert_eq!(accounts[2], Some(b), "{id}");
            if left.ok() {
                // Left before the table filled: it stays open, seat 1 free.
                assert_eq!(
                    accounts[1], None,
                    "{id}: left ok, still seated: {accounts:?}"
                );
                assert_eq!(joined.body["table"]["status"], "open", "{id}: {joined:?}");
            } else {
                // The join filled the table first: the leaver plays.
                assert_eq!(accounts[1], Some(a), "{id}: {accounts:?}");
                assert_eq!(
                    joined.body["table"]["status"], "playing",
                    "{id}: {joined:?}"
                );
            }
        }
        Race::LastTwoSeats {
            a: first,
            b: second,
        } => {
            assert!(
                first.ok() && second.ok(),
                "{id}: two free seats, two joins: {race:?}"
            );
            assert_eq!(accounts, [Some(creator), Some(a), Some(b)], "{id}");
            // The answers report the table as each join left it: at least the last one to
            // commit saw it full and started.
            let statuses = [
                &first.body["table"]["status"],
                &second.body["table"]["status"],
            ];
            assert!(
                statuses.iter().any(|s| *s == "playing"),
                "{id}: {statuses:?}"
            );
            for (answer, seat) in [(first, 1), (second, 2)] {
                assert_eq!(answer.body["seat"], seat, "{id}");
                let seats = &answer.body["table"]["seats"];
                assert_eq!(seats[seat]["account"], slot.ids[seat], "{id}: {answer:?}");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_joins_and_leaves_leave_every_table_consistent() {
    let db = TempDb::new("lobby-races");
    let server = serve(&db).await;
    let store = db.store().await;
    let mut slots = Vec::new();
    for i in 0..TABLES {
        let mut creator = server.guest(&format!("c{i}")).await;
        let mut a = server.guest(&format!("a{i}")).await;
        let mut b = server.guest(&format!("b{i}")).await;
        let ids = [
            account_id(&mut creator).await,
            account_id(&mut a).await,
            account_id(&mut b).await,
        ];
        slots.push(Slot { creator, a, b, ids });
    }
    let mut observer = server.client();
    let mut counts = [[0usize; 2]; 3];
    for round in 0..ROUNDS {
        let mut ids = Vec::new();
        for slot in &mut slots {
            let created = slot
                .creator
                .ok(
                    "/api/tables",
                    json!({"game": "tsuro", "options": {"players": 3},
                           "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]}),
                )
                .await;
            ids.push(created["table"]["id"].as_str().unwrap().to_string());
        }
        // Every table's race at once; the race at a table turns with the round.
        let races = join_all(
            slots
                .iter_mut()
                .zip(&ids)
                .enumerate()
                .map(|(i, (slot, id))| run_race((i + round) % 3, slot, id)),
        )
        .await;
        for ((slot, id), race) in slots.iter().zip(&ids).zip(&races) {
            check_table(&store, &mut observer, slot, id, race).await;
            let (kind, both) = match race {
                Race::OneAccountTwoSeats { first, second } => (0, first.ok() && second.ok()),
                Race::LeaveAgainstLastJoin { left, .. } => (1, left.ok()),
                Race::LastTwoSeats { .. } => (2, true),
            };
            counts[kind][usize::from(both)] += 1;
        }
    }
    eprintln!(
        "one account, two seats: {:?}; leave against the last join (refused, ok): {:?}; \
         last two seats: {:?}",
        counts[0], counts[1], counts[2]
    );
    store.close().await;
    server.stop().await;
}

/// Joins that name no seat, all at once: each takes a free seat, none is turned away while
/// one is free (a join that loses a seat to another goes on to the next).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joins_without_a_seat_all_sit_while_seats_are_free() {
    let db = TempDb::new("joins-any-seat");
    let server = serve(&db).await;
    for round in 0..5 {
        let mut host = server.guest(&format!("host{round}")).await;
        let mut seats = vec![json!({"kind": "me"})];
        seats.extend((1..8).map(|_| json!({"kind": "open"})));
        let created = host
            .ok(
                "/api/tables",
                json!({"game": "tsuro", "options": {"players": 8}, "seats": seats}),
            )
            .await;
        let id = created["table"]["id"].as_str().unwrap().to_string();
        let mut players = Vec::new();
        for i in 0..7 {
            players.push(server.guest(&format!("p{round}x{i}")).await);
        }
        let joins = players.iter_mut().map(|player| {
            let id = id.clone();
            async move {
                player
                    .post(&format!("/api/tables/{id}/join"), json!({}))
                    .await
            }
        });
        let answers = join_all(joins).await;
        let mut taken = HashSet::new();
        for (status, body) in answers {
            assert_eq!(status, 200, "round {round}: {body}");
            assert!(taken.insert(body["seat"].as_u64().unwrap()), "{body}");
        }
        assert_eq!(taken.len(), 7);
        // The eighth seat filled: the game started.
        let (status, game) = host.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{game}");
        assert_eq!(game["status"], "playing");
    }
    server.stop().await;
}
