//! No module of the web crate imports one that imports it back (issue 33): the pages
//! (`pages/`) sit above the game seam (`play/`), which sits above the shared parts
//! (context, layout, i18n, …). The reader of the imports is the server's, shared by path.

#[path = "../../server/tests/module_graph/mod.rs"]
mod module_graph;

use std::path::Path;

#[test]
fn the_web_has_no_import_loops() {
    module_graph::assert_no_loops(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
}

#[test]
#[ignore = "prints the graph, for reading"]
fn print_the_graph() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    print!(
        "{}",
        module_graph::describe(&module_graph::source_tree(&src))
    );
}
