//! An in-memory URL is a scratch file; alone in its test binary so that no other store of
//! this process has one open while it looks.

use agora_store::{AccountKind, Durability, Store};

fn scratch_files() -> Vec<String> {
    let prefix = format!("agora-{}-", std::process::id());
    std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with(&prefix))
        .collect()
}

#[tokio::test]
async fn an_in_memory_store_leaves_no_file_once_closed() {
    let store = Store::open("sqlite::memory:", Durability::Process)
        .await
        .unwrap();
    store
        .create_account("Ada", AccountKind::Guest, None, 1)
        .await
        .unwrap();
    assert!(
        !scratch_files().is_empty(),
        "the scratch database is a file"
    );
    store.close().await;
    assert_eq!(scratch_files(), Vec::<String>::new());
}
