//! The OpenAPI document served at /api/openapi.json covers every route of the API, and only
//! those, with their methods.

mod common;

use std::collections::BTreeSet;

use common::{Client, TempDb, serve};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_openapi_document_covers_every_route() {
    let db = TempDb::new("openapi");
    let server = serve(&db).await;
    let (status, document) = Client::new(server.addr).get("/api/openapi.json").await;
    assert_eq!(status, 200, "{document}");
    assert!(document["openapi"].as_str().unwrap().starts_with("3."));

    let mut documented = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if !["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                continue;
            }
            documented.insert((method.to_uppercase(), path.clone()));
            // Every operation says what it answers, errors included.
            let responses = operation["responses"].as_object().unwrap();
            assert!(responses.contains_key("default"), "{method} {path}");
            assert!(
                responses.keys().any(|k| k.starts_with('2') || k == "101"),
                "{method} {path}"
            );
            if let Some(body) = operation.get("requestBody") {
                assert!(
                    body["content"].get("application/json").is_some(),
                    "{method} {path} takes JSON"
                );
            }
        }
    }
    let routed: BTreeSet<(String, String)> = agora_server::app::api_routes()
        .into_iter()
        .map(|(method, path, _)| (method.to_string(), path.to_string()))
        .collect();
    let missing: Vec<_> = routed.difference(&documented).collect();
    let extra: Vec<_> = documented.difference(&routed).collect();
    assert!(
        missing.is_empty(),
        "routes without documentation: {missing:?}"
    );
    assert!(extra.is_empty(), "documented but not routed: {extra:?}");
    let codes = &document["components"]["schemas"]["Error"]["properties"]["error"]["properties"]["code"]
        ["enum"];
    assert_eq!(codes, &serde_json::json!(agora_server::ApiError::CODES));
    server.stop().await;
}
