//! Finds import loops between a crate's modules by reading its `src` tree (shared by the
//! server's and the web's `module_loops` tests; the web includes this file by path).
//!
//! Every `use` and every `crate::…`, `super::…` or `self::…` path in code (comments and
//! string literals skipped) is resolved to the deepest module it names, following the `use`
//! re-exports of the modules it passes through (so `crate::ApiError` names `error`). A
//! reference from module `a::x` to module `b::y` is an edge between `a` and `b`, the two
//! siblings under their closest common parent; a module naming its own parent or child is
//! no edge. A loop is a cycle among the siblings of one parent: at the top of the crate, the
//! rooms; inside a room, its files.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path from the crate root (`[]` is the root).
type ModPath = Vec<String>;

/// One place a module names another: the file, its line and the path as written.
#[derive(Clone, Debug)]
pub struct Reference {
    pub file: String,
    pub line: usize,
    pub path: String,
}

/// An import cycle among siblings: `modules[0]` names `modules[1]`, …, the last names the first.
#[derive(Debug)]
pub struct Loop {
    pub modules: Vec<String>,
    /// One reference for each step of the cycle.
    pub evidence: Vec<Reference>,
    /// Every module caught in the same knot (each reaches every other), the cycle's among them.
    pub knot: Vec<String>,
}

impl std::fmt::Display for Loop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut cycle = self.modules.join(" → ");
        let _ = write!(cycle, " → {}", self.modules[0]);
        writeln!(f, "{cycle}")?;
        if self.knot.len() > self.modules.len() {
            writeln!(f, "    (one knot with: {})", self.knot.join(", "))?;
        }
        for (step, at) in self.evidence.iter().enumerate() {
            let next = &self.modules[(step + 1) % self.modules.len()];
            writeln!(
                f,
                "    {} → {next}: {}:{} names {}",
                self.modules[step], at.file, at.line, at.path
            )?;
        }
        Ok(())
    }
}

/// Who names whom: for each parent module, each child's references to its siblings, with
/// the first place it names each.
pub type SiblingEdges = BTreeMap<ModPath, BTreeMap<String, BTreeMap<String, Reference>>>;

/// The import loops in the crate whose sources are under `src` (holding `lib.rs`).
pub fn loops_in(src: &Path) -> Vec<Loop> {
    let siblings = sibling_edges(src);
    let mut found = Vec::new();
    for (parent, graph) in &siblings {
        for (cycle, knot) in cycles(graph) {
            let prefix = |m: &String| {
                let mut full = parent.clone();
                full.push(m.clone());
                full.join("::")
            };
            let evidence = (0..cycle.len())
                .map(|i| graph[&cycle[i]][&cycle[(i + 1) % cycle.len()]].clone())
                .collect();
            found.push(Loop {
                modules: cycle.iter().map(prefix).collect(),
                evidence,
                knot: knot.iter().map(prefix).collect(),
            });
        }
    }
    found
}

/// The references between sibling modules of the crate under `src`.
pub fn sibling_edges(src: &Path) -> SiblingEdges {
    let files = module_files(src);
    let modules: BTreeSet<ModPath> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut parsed = Vec::new();
    for (module, file) in &files {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let shown = file.strip_prefix(src).unwrap_or(file).display().to_string();
        parsed.push(parse_file(module, &shown, &text));
    }
    // Inline modules (`mod tests { … }`) are modules too.
    let mut modules = modules;
    for file in &parsed {
        modules.extend(file.inline_modules.iter().cloned());
    }
    let mut reexports: BTreeMap<ModPath, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for file in &parsed {
        for (module, path, name) in &file.names {
            reexports
                .entry(module.clone())
                .or_default()
                .insert(name.clone(), path.clone());
        }
    }
    let resolver = Resolver {
        modules: &modules,
        reexports: &reexports,
    };
    // parent → (child → (child → first reference))
    let mut siblings = SiblingEdges::new();
    for file in &parsed {
        let all = file.uses.iter().chain(&file.paths);
        for (from, path, reference) in all {
            let Some(to) = resolver.resolve(from, path) else {
                continue;
            };
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == to.len() {
                continue; // a parent or a child
            }
            siblings
                .entry(from[..common].to_vec())
                .or_default()
                .entry(from[common].clone())
                .or_default()
                .entry(to[common].clone())
                .or_insert_with(|| reference.clone());
        }
    }
    siblings
}

/// Every `.rs` file under `src` with the module it holds.
fn module_files(src: &Path) -> Vec<(ModPath, PathBuf)> {
    let mut out = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("under src");
            let mut module: ModPath = relative
                .iter()
                .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            out.push((module, path));
        }
    }
    out.sort();
    out
}

struct Resolver<'a> {
    modules: &'a BTreeSet<ModPath>,
    reexports: &'a BTreeMap<ModPath, BTreeMap<String, Vec<String>>>,
}

impl Resolver<'_> {
    /// The deepest module `path`, written in module `from`, names; `None` outside the crate.
    fn resolve(&self, from: &ModPath, path: &[String]) -> Option<ModPath> {
        self.resolve_depth(from, path, 0)
    }

    fn resolve_depth(&self, from: &ModPath, path: &[String], depth: usize) -> Option<ModPath> {
        if depth > 16 {
            return None; // a re-export chain that goes round: the compiler would refuse it
        }
        let mut at: ModPath;
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate" | "$crate") => {
                at = Vec::new();
                rest = &rest[1..];
            }
            Some("self") => {
                at = from.clone();
                rest = &rest[1..];
            }
            Some("super") => {
                at = from.clone();
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop();
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // A path from the current module: its child, or a name it imports.
                let mut child = from.clone();
                child.push(first.to_string());
                if self.modules.contains(&child) {
                    at = from.clone();
                } else {
                    let target = self.reexports.get(from)?.get(first)?;
                    if target.len() == 1 {
                        return None; // an external crate's name
                    }
                    let mut joined = target.clone();
                    joined.extend(rest[1..].iter().cloned());
                    return self.resolve_depth(from, &joined, depth + 1);
                }
            }
            None => return None,
        }
        while let Some(segment) = rest.first() {
            let mut child = at.clone();
            child.push(segment.clone());
            if self.modules.contains(&child) {
                at = child;
                rest = &rest[1..];
                continue;
            }
            if let Some(target) = self.reexports.get(&at).and_then(|r| r.get(segment))
                && target
                    .first()
                    .is_some_and(|s| is_path_start(s) || self.is_child(&at, s))
            {
                let mut joined = target.clone();
                joined.extend(rest[1..].iter().cloned());
                let there = at.clone();
                return self.resolve_depth(&there, &joined, depth + 1).or(Some(at));
            }
            break;
        }
        Some(at)
    }

    fn is_child(&self, at: &ModPath, name: &str) -> bool {
        let mut child = at.clone();
        child.push(name.to_string());
        self.modules.contains(&child)
    }
}

fn is_path_start(segment: &str) -> bool {
    matches!(segment, "crate" | "$crate" | "self" | "super")
}

/// What one file says about other modules.
struct ParsedFile {
    /// `use` paths, each as (module it is written in, path, where).
    uses: Vec<(ModPath, Vec<String>, Reference)>,
    /// Other `crate::`, `super::` and `self::` paths in the code.
    paths: Vec<(ModPath, Vec<String>, Reference)>,
    /// The names `use` binds, each as (module, path, name).
    names: Vec<(ModPath, Vec<String>, String)>,
    inline_modules: Vec<ModPath>,
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    PathSep,
    Punct(char),
}

/// The file's tokens that matter for paths, with their lines; comments, strings and
/// character literals are dropped.
fn tokenize(text: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let ident_char = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if chars.get(i) == Some(&'\n') {
                    line += 1;
                }
                i += 1;
            }
            i += 1;
        } else if c == '\'' {
            // A character literal, or a lifetime (which stays out of paths anyway).
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if ident_char(c) || c == '$' {
            let start = i;
            i += 1;
            while i < chars.len() && ident_char(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            // Raw and byte strings: r"…", r#"…"#, b"…", br#"…"#.
            if matches!(word.as_str(), "r" | "br" | "b" | "c" | "cr")
                && matches!(chars.get(i), Some('"' | '#'))
            {
                let mut hashes = 0;
                while chars.get(i) == Some(&'#') {
                    hashes += 1;
                    i += 1;
                }
                if chars.get(i) == Some(&'"') {
                    i += 1;
                    let raw = word.contains('r');
                    while let Some(&ch) = chars.get(i) {
                        if ch == '\n' {
                            line += 1;
                        }
                        if !raw && ch == '\\' {
                            i += 2;
                            continue;
                        }
                        i += 1;
                        if ch == '"' && (0..hashes).all(|k| chars.get(i + k) == Some(&'#')) {
                            i += hashes;
                            break;
                        }
                    }
                    continue;
                }
            }
            let word = word.strip_prefix("r#").unwrap_or(&word).to_string();
            tokens.push((Token::Ident(word), line));
        } else if c == ':' && next == Some(':') {
            tokens.push((Token::PathSep, line));
            i += 2;
        } else {
            tokens.push((Token::Punct(c), line));
            i += 1;
        }
    }
    tokens
}

fn parse_file(module: &ModPath, shown: &str, text: &str) -> ParsedFile {
    let tokens = tokenize(text);
    let mut parsed = ParsedFile {
        uses: Vec::new(),
        paths: Vec::new(),
        names: Vec::new(),
        inline_modules: Vec::new(),
    };
    // Inline modules open at a brace depth and close when it comes back.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let current = |inline: &[(String, usize)]| {
        let mut m = module.clone();
        m.extend(inline.iter().map(|(name, _)| name.clone()));
        m
    };
    while i < tokens.len() {
        let (token, line) = &tokens[i];
        match token {
            Token::Punct('{') => {
                depth += 1;
                i += 1;
            }
            Token::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Token::Ident(word) if word == "mod" => {
                if let (Some((Token::Ident(name), _)), Some((Token::Punct('{'), _))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                {
                    inline.push((name.clone(), depth + 1));
                    parsed.inline_modules.push(current(&inline));
                    depth += 1;
                    i += 3;
                } else {
                    i += 1;
                }
            }
            Token::Ident(word) if word == "use" => {
                let from = current(&inline);
                let mut paths = Vec::new();
                i = use_tree(&tokens, i + 1, &mut Vec::new(), &mut paths);
                for mut path in paths {
                    let alias = path
                        .last()
                        .and_then(|last| last.strip_prefix("as "))
                        .map(str::to_string);
                    if alias.is_some() {
                        path.pop();
                    }
                    let name = alias.or_else(|| path.last().cloned());
                    if let Some(name) = name.filter(|n| !matches!(n.as_str(), "*" | "self" | "_")) {
                        parsed.names.push((from.clone(), path.clone(), name));
                    }
                    let reference = Reference {
                        file: shown.to_string(),
                        line: *line,
                        path: path.join("::"),
                    };
                    parsed.uses.push((from.clone(), path, reference));
                }
            }
            Token::Ident(word)
                if is_path_start(word)
                    && tokens.get(i + 1).is_some_and(|(t, _)| *t == Token::PathSep)
                    && !matches!(i.checked_sub(1).map(|p| &tokens[p].0), Some(Token::PathSep)) =>
            {
                let mut path = vec![word.clone()];
                let mut j = i + 1;
                while let (Some((Token::PathSep, _)), Some((Token::Ident(seg), _))) =
                    (tokens.get(j), tokens.get(j + 1))
                {
                    path.push(seg.clone());
                    j += 2;
                }
                parsed.paths.push((
                    current(&inline),
                    path.clone(),
                    Reference {
                        file: shown.to_string(),
                        line: *line,
                        path: path.join("::"),
                    },
                ));
                i = j;
            }
            _ => i += 1,
        }
    }
    parsed
}

/// Reads one `use` tree from `i` (after `use` or inside braces), adding each full path to
/// `out`; returns the index after it (after the `;` at the top level).
fn use_tree(
    tokens: &[(Token, usize)],
    mut i: usize,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    let base = prefix.len();
    loop {
        match tokens.get(i).map(|(t, _)| t) {
            Some(Token::PathSep) => i += 1,
            Some(Token::Ident(word)) if word == "as" => {
                // `x as y`: the path is x's; the alias is the name it is known by here.
                if let Some((Token::Ident(alias), _)) = tokens.get(i + 1) {
                    if let Some(last) = out.last_mut() {
                        last.push(format!("as {alias}"));
                    }
                }
                i += 2;
            }
            Some(Token::Ident(word)) => {
                prefix.push(word.clone());
                i += 1;
                if !matches!(tokens.get(i).map(|(t, _)| t), Some(Token::PathSep)) {
                    out.push(prefix.clone());
                }
            }
            Some(Token::Punct('*')) => {
                let mut glob = prefix.clone();
                glob.push("*".into());
                out.push(glob);
                i += 1;
            }
            Some(Token::Punct('{')) => {
                i += 1;
                loop {
                    i = use_tree(tokens, i, prefix, out);
                    match tokens.get(i).map(|(t, _)| t) {
                        Some(Token::Punct(',')) => i += 1,
                        Some(Token::Punct('}')) => {
                            i += 1;
                            break;
                        }
                        _ => break,
                    }
                }
            }
            Some(Token::Punct(';')) => {
                prefix.truncate(base);
                return i + 1;
            }
            _ => {
                // `,` or `}` of an enclosing group, or the end.
                prefix.truncate(base);
                return i;
            }
        }
    }
}

/// The cycles of a directed graph, one per strongly connected part of more than one node
/// (Tarjan's algorithm), each as the nodes in cycle order, with all the nodes of its part.
fn cycles(
    graph: &BTreeMap<String, BTreeMap<String, Reference>>,
) -> Vec<(Vec<String>, Vec<String>)> {
    let nodes: Vec<&String> = graph
        .keys()
        .chain(graph.values().flat_map(|e| e.keys()))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let index_of: BTreeMap<&String, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let edges: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            graph
                .get(*n)
                .map(|e| e.keys().map(|t| index_of[t]).collect())
                .unwrap_or_default()
        })
        .collect();
    let components = strongly_connected(&edges);
    let mut out = Vec::new();
    for component in components.into_iter().filter(|c| c.len() > 1) {
        let inside: BTreeSet<usize> = component.iter().copied().collect();
        let start = *inside.iter().next().expect("not empty");
        let cycle = cycle_through(start, &edges, &inside);
        out.push((
            cycle.into_iter().map(|i| nodes[i].clone()).collect(),
            inside.iter().map(|&i| nodes[i].clone()).collect(),
        ));
    }
    out
}

fn strongly_connected(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct State<'a> {
        edges: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in &s.edges[v] {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            s.out.push(component);
        }
    }
    let n = edges.len();
    let mut s = State {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out
}

/// A shortest cycle from `start` back to itself, staying inside one strongly connected part.
fn cycle_through(start: usize, edges: &[Vec<usize>], inside: &BTreeSet<usize>) -> Vec<usize> {
    let mut came_from: BTreeMap<usize, usize> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for &w in &edges[v] {
            if !inside.contains(&w) {
                continue;
            }
            if w == start {
                let mut cycle = vec![v];
                let mut at = v;
                while at != start {
                    at = came_from[&at];
                    cycle.push(at);
                }
                cycle.reverse();
                return cycle;
            }
            if let std::collections::btree_map::Entry::Vacant(e) = came_from.entry(w) {
                e.insert(v);
                queue.push_back(w);
            }
        }
    }
    vec![start]
}

/// Writes a small crate tree under a fresh temporary directory: (relative path, text) pairs.
pub fn scratch_tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root =
        std::env::temp_dir().join(format!("agora-module-graph-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().expect("a parent")).expect("a scratch directory");
        fs::write(path, text).expect("a scratch file");
    }
    root
}

/// Every reference between siblings, one line each, for reading (`print_the_graph`).
pub fn describe(src: &Path) -> String {
    let mut out = String::new();
    for (parent, graph) in sibling_edges(src) {
        for (from, targets) in graph {
            for (to, at) in targets {
                let (file, line, path) = (&at.file, at.line, &at.path);
                let _ = writeln!(
                    out,
                    "{}: {from} → {to}  ({file}:{line} {path})",
                    parent.join("::")
                );
            }
        }
    }
    out
}

/// `AGORA_MODULE_LOOPS_SRC` if set (another tree, to check the test against an old layout),
/// else `src`.
pub fn source_tree(src: &Path) -> PathBuf {
    std::env::var_os("AGORA_MODULE_LOOPS_SRC").map_or_else(|| src.to_path_buf(), PathBuf::from)
}

/// Fails naming every loop in the crate under [`source_tree`]`(src)`.
pub fn assert_no_loops(src: &Path) {
    let src = source_tree(src);
    let loops = loops_in(&src);
    let mut report = String::new();
    for found in &loops {
        let _ = write!(report, "{found}");
    }
    assert!(
        loops.is_empty(),
        "{} import loop(s) in {}: each module below names the next, and the last names the \
         first; move what both need into a room neither imports, or pass it in:\n{report}",
        loops.len(),
        src.display()
    );
}
