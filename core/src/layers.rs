//! The core's modules in layers: each module uses only modules of its own
//! layer or of the layers below, and no chain of uses comes back to where
//! it started. The test reads the sources, so a `use` that breaks the order
//! fails here, naming the file, the module it reaches and the layer rule.
//!
//! The granularity is the top-level module: inside one, the component
//! traits and their context refer to each other by nature (a component's
//! hook takes a context that holds the rules that hold the component).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, from the bottom: a name, what it holds, and its modules.
pub(crate) const LAYERS: &[(&str, &str, &[&str])] = &[
    (
        "vocabulary",
        "points, colours and seats, the phases of a game, actions and their declarations, hashing keys, random numbers, spelling suggestions",
        &[
            "point", "colour", "phase", "action", "zobrist", "rng", "suggest",
        ],
    ),
    (
        "board",
        "the geometry of any topology, the board with its strings and liberties, the pass-alive and area analyses, the neighbourhood patterns of placements",
        &["geometry", "board", "analysis", "pattern"],
    ),
    (
        "state",
        "a game's state as data (history, events, refusals, results, score sheets, the components' private data) and what a resolved ruleset says",
        &["state", "model"],
    ),
    (
        "rules",
        "the seven component traits with the context they act through, the assembled rules, and the registry of implementations",
        &["rules", "registry"],
    ),
    (
        "game",
        "the notation of actions, the game state machine with its legality and completion search, and text for players",
        &["notation", "game", "text"],
    ),
    (
        "loading and play-outs",
        "ruleset files (validation, options, diagnostics, assembly), move records, and the playout policy with the light board",
        &["ruleset", "record", "playout"],
    ),
];

/// The layers as the book's architecture chapter shows them, top first.
pub(crate) fn layer_table() -> String {
    let mut out = String::from("| layer | modules | what it holds |\n|---|---|---|\n");
    for (name, holds, modules) in LAYERS.iter().rev() {
        let modules: Vec<String> = modules.iter().map(|m| format!("`{m}`")).collect();
        out.push_str(&format!("| {name} | {} | {holds} |\n", modules.join(", ")));
    }
    out
}

/// One use of another module: where it is written and what it reaches.
#[derive(Debug)]
struct Use {
    file: PathBuf,
    line: usize,
    module: String,
}

/// Text with line comments removed (doc links to other layers are not uses).
fn without_comments(line: &str) -> &str {
    let mut in_string = false;
    let bytes = line.as_bytes();
    for i in 0..bytes.len() {
        match bytes[i] {
            b'"' if i == 0 || bytes[i - 1] != b'\\' => in_string = !in_string,
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
    }
    line
}

/// The first path segment of each item in a `crate::` path or group:
/// `crate::a::B` gives `a`; `crate::{a::B, c}` gives `a` and `c`.
fn reached(after: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let Some(group) = after.strip_prefix('{') else {
        return vec![ident(after)];
    };
    let mut names = Vec::new();
    let mut depth = 0;
    let mut at_item = true;
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => at_item = true,
            c if at_item && !c.is_whitespace() => {
                names.push(ident(&group[i..]));
                at_item = false;
            }
            _ => {}
        }
    }
    names
}

/// Every `crate::` use in the sources of `module` (its file or folder).
fn uses_of(src: &Path, module: &str) -> Vec<Use> {
    let mut files = Vec::new();
    let single = src.join(format!("{module}.rs"));
    if single.is_file() {
        files.push(single);
    }
    let mut folders = vec![src.join(module)];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let mut uses = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a core source file reads");
        // A `use crate::{...}` group may span lines: join each statement's
        // lines before reading it, keeping the line it starts on.
        let lines: Vec<&str> = text.lines().map(without_comments).collect();
        for (n, line) in lines.iter().enumerate() {
            let mut rest: &str = line;
            while let Some(at) = rest.find("crate::") {
                let before = &rest[..at];
                let after = &rest[at + "crate::".len()..];
                rest = after;
                if before.ends_with('$') {
                    continue; // `$crate` in a macro names the caller's path
                }
                let statement = if after.starts_with('{') {
                    let mut joined = after.to_string();
                    let mut k = n + 1;
                    while !joined.contains('}') && k < lines.len() {
                        joined.push(' ');
                        joined.push_str(lines[k]);
                        k += 1;
                    }
                    joined
                } else {
                    after.to_string()
                };
                for module in reached(&statement) {
                    uses.push(Use {
                        file: file.clone(),
                        line: n + 1,
                        module,
                    });
                }
            }
        }
    }
    uses
}

fn source_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The top-level modules that `lib.rs` declares.
fn declared_modules(src: &Path) -> BTreeSet<String> {
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("pub ").unwrap_or(l);
            let l = l.strip_prefix("#[cfg(test)] ").unwrap_or(l);
            l.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(str::to_string)
        })
        .filter(|m| m != "layers")
        .collect()
}

#[test]
fn every_module_is_in_exactly_one_layer() {
    let declared = declared_modules(&source_dir());
    let mut layered = BTreeMap::new();
    for (name, _, modules) in LAYERS {
        for m in *modules {
            assert!(
                layered.insert(m.to_string(), *name).is_none(),
                "module `{m}` is in two layers"
            );
        }
    }
    let placed: BTreeSet<String> = layered.keys().cloned().collect();
    assert_eq!(
        declared, placed,
        "lib.rs declares the modules on the left; LAYERS in core/src/layers.rs places those on the right: give each module one layer"
    );
}

#[test]
fn each_module_uses_only_its_own_layer_and_those_below() {
    let src = source_dir();
    let layer_of: BTreeMap<&str, usize> = LAYERS
        .iter()
        .enumerate()
        .flat_map(|(i, (_, _, ms))| ms.iter().map(move |m| (*m, i)))
        .collect();
    let mut wrong = Vec::new();
    let mut graph: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (&module, &layer) in &layer_of {
        for u in uses_of(&src, module) {
            if u.module == module {
                continue;
            }
            let place = format!(
                "{}:{}",
                u.file.strip_prefix(&src).unwrap_or(&u.file).display(),
                u.line
            );
            match layer_of.get(u.module.as_str()) {
                None if u.module.starts_with(char::is_uppercase) => wrong.push(format!(
                    "{place}: `crate::{}` goes through the crate root; name the module that defines it",
                    u.module
                )),
                None => {} // an outside crate re-exported at the root (inventory, serde_json, ...)
                Some(&other) if other > layer => wrong.push(format!(
                    "{place}: `{module}` (layer {}) uses `{}` (layer {}, above it)",
                    LAYERS[layer].0, u.module, LAYERS[other].0
                )),
                Some(_) => {
                    graph.entry(module).or_default().insert(u.module);
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "uses against the layers:\n{}",
        wrong.join("\n")
    );

    // Within a layer, no chain of uses may come back to its start.
    fn visit<'a>(
        m: &'a str,
        graph: &'a BTreeMap<&str, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| *p == m) {
            let mut cycle: Vec<String> = path[at..].iter().map(|s| s.to_string()).collect();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if !done.insert(m) {
            return None;
        }
        path.push(m);
        for next in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for &m in graph.keys() {
        if let Some(cycle) = visit(m, &graph, &mut Vec::new(), &mut done) {
            panic!(
                "the core's modules use each other in a cycle: {}",
                cycle.join(" -> ")
            );
        }
    }
}

#[test]
fn the_reader_finds_uses_in_paths_groups_and_nested_groups() {
    assert_eq!(reached("board::Board;"), ["board"]);
    assert_eq!(
        reached("{colour::{Colour, Seat}, point::Point, state};"),
        ["colour", "point", "state"]
    );
    assert_eq!(without_comments("use a; // see crate::game"), "use a; ");
    assert_eq!(without_comments("let s = \"a//b\";"), "let s = \"a//b\";");
}

#[test]
fn the_book_shows_the_layers() {
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("../book/src/architecture.md");
    let text = std::fs::read_to_string(&book).expect("book/src/architecture.md reads");
    assert!(
        text.contains(&layer_table()),
        "book/src/architecture.md must show the core's layers as core/src/layers.rs defines them; paste this table:\n{}",
        layer_table()
    );
}
