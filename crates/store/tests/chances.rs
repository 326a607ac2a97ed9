//! The look back over a finished game (issue 34): queued in the transaction that ends the
//! game (a finished one only), claimed by one node at a time, its steps kept once and read
//! back in order, ended only by the node that holds it; on both engines.

use agora_engine::{Outcome, SeatSet};
use agora_store::chances::{AnalysisState, ChanceStep};
use agora_store::{AccountKind, TableStatus};

mod common;
use common::{Engine, computer, end, person, started};

on_both_engines!(a_finished_game_is_queued_once_and_claimed_by_one_node);

fn step(version: u64, before: Option<u16>) -> ChanceStep {
    ChanceStep {
        version,
        seat: (version % 2) as u8,
        played: format!("move {version}"),
        before,
        after: Some(250),
        hint: "{}".into(),
    }
}

async fn a_finished_game_is_queued_once_and_claimed_by_one_node(engine: Engine) {
    let (store, _scratch) = scratch!(engine, "chances");
    let ada = store
        .create_account("Ada", AccountKind::User, Some("hash"), 1)
        .await
        .unwrap()
        .id;
    let seats = || vec![person(ada), computer("easy")];
    let aborted = started(&store, "tyrus", false, seats()).await;
    let mut abort = end(aborted, &[], 40);
    abort.status = TableStatus::Aborted;
    abort.outcome = Some(Outcome::new(SeatSet::EMPTY, "abort"));
    store.append(&abort).await.unwrap();
    assert_eq!(store.analysis(aborted).await.unwrap(), None, "no look back");

    let id = started(&store, "tyrus", false, seats()).await;
    assert_eq!(
        store.analysis(id).await.unwrap(),
        None,
        "not before the end"
    );
    store.append(&end(id, &[1], 50)).await.unwrap();
    let queued = store.analysis(id).await.unwrap().unwrap();
    assert_eq!(
        (queued.state, queued.steps.len()),
        (AnalysisState::Queued, 0)
    );
    assert_eq!(store.claimable_analyses("a", 60, 8).await.unwrap(), [id]);

    // Node a claims it until 1000: node b may not, until the claim lapses.
    assert!(store.claim_analysis(id, "a", 60, 1000).await.unwrap());
    assert!(!store.claim_analysis(id, "b", 70, 1070).await.unwrap());
    assert_eq!(store.claimable_analyses("b", 70, 8).await.unwrap(), []);
    assert!(
        store.claim_analysis(id, "a", 80, 1080).await.unwrap(),
        "renewed"
    );

    // Steps kept once, read back in order.
    store.keep_chance(id, &step(2, Some(600))).await.unwrap();
    store.keep_chance(id, &step(0, None)).await.unwrap();
    store.keep_chance(id, &step(2, Some(1))).await.unwrap();
    let kept = store.analysis(id).await.unwrap().unwrap();
    assert_eq!(kept.steps, [step(0, None), step(2, Some(600))]);

    // After the claim lapsed, b takes over; a can no longer end it.
    assert_eq!(store.claimable_analyses("b", 2000, 8).await.unwrap(), [id]);
    assert!(store.claim_analysis(id, "b", 2000, 3000).await.unwrap());
    assert!(
        !(store.end_analysis(id, "a", AnalysisState::Done, 2100))
            .await
            .unwrap()
    );
    assert!(
        (store.end_analysis(id, "b", AnalysisState::Done, 2100))
            .await
            .unwrap()
    );
    let done = store.analysis(id).await.unwrap().unwrap();
    assert_eq!(done.state, AnalysisState::Done);
    assert_eq!(store.claimable_analyses("b", 2200, 8).await.unwrap(), []);
    assert!(
        !store.claim_analysis(id, "b", 2200, 3200).await.unwrap(),
        "done"
    );
}
