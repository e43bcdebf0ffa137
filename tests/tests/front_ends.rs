//! No front end names a component's action. The notation, the JSON
//! interface, SGF, GTP, the terminal, the AI and the page read every
//! action a component declares from the registry, so a new component's
//! action works everywhere without an edit outside its file. This test
//! keeps that true: for every registered action it looks for the action's
//! JSON `type` and its notation words in the code of the product's front
//! ends, and fails naming each file and line that spells one.
//!
//! It reads what code would name an action by: string literals and code
//! spans (`` `pay C3` `` in a doc comment), split into words. Prose is not
//! read (a comment may say "a role claim" in English), and neither are the
//! page's element names (`h('button', ...)` builds an HTML button, it does
//! not name the `button` action). The components' own files (under
//! `variants/src`), the scenarios and the tests are not front ends and are
//! not read.

use std::path::{Path, PathBuf};
use tengen_core::registry::Registry;

/// The folders of the front ends, from the workspace root.
const FRONT_ENDS: &[&str] = &[
    "core/src",
    "json/src",
    "sgf/src",
    "gtp/src",
    "ai/src",
    "tools/src",
    "conformance/src",
    "web/src",
    "web/assets",
];

/// Calls whose first literal is an HTML element, attribute value or
/// selector of the page, not an action's name.
const MARKUP_BEFORE: &[&str] = &[
    "h(",
    "querySelector(",
    "querySelectorAll(",
    "createElement(",
    "closest(",
    "type: ",
    "class: ",
];

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        panic!("{} is readable", dir.display());
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            source_files(&path, out);
        } else if path
            .extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| matches!(x, "rs" | "js" | "html" | "css"))
        {
            out.push(path);
        }
    }
}

/// The literals of one line: the text between matching quotes, with
/// what precedes each.
fn literals(line: &str, quotes: &[char]) -> Vec<(String, String)> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if quotes.contains(&c) {
            let mut j = i + 1;
            let mut text = String::new();
            while j < chars.len() && chars[j] != c {
                if chars[j] == '\\' {
                    j += 1;
                }
                if let Some(&ch) = chars.get(j) {
                    text.push(ch);
                }
                j += 1;
            }
            if j < chars.len() {
                let before: String = chars[..i].iter().collect();
                out.push((before, text));
            }
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn names(haystack: &[String], term: &[String]) -> bool {
    !term.is_empty() && haystack.windows(term.len()).any(|w| w == term)
}

#[test]
fn no_front_end_names_a_components_action() {
    tengen_variants::link();
    let registry = Registry::global().expect("the registry has no duplicate");
    let mut terms: Vec<(&str, Vec<String>)> = Vec::new();
    for spec in registry.actions() {
        terms.push((spec.name, words(spec.name)));
        terms.push((spec.name, words(spec.words)));
    }
    assert!(
        registry.actions().len() >= 8,
        "the seeds' components declare their actions ({})",
        registry.actions().len()
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in FRONT_ENDS {
        source_files(&root.join(dir), &mut files);
    }
    assert!(
        files.len() > 50,
        "the front ends' files are found ({})",
        files.len()
    );
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file is text");
        let ext = file.extension().and_then(|x| x.to_str()).unwrap_or("");
        let quotes: &[char] = if ext == "rs" {
            &['"', '`']
        } else {
            &['"', '\'', '`']
        };
        for (n, line) in text.lines().enumerate() {
            let mut spans = literals(line, quotes);
            if ext == "css" {
                // The page's class names, `.action-run`.
                for part in line.split('.').skip(1) {
                    let class: String = part
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                        .collect();
                    spans.push((String::new(), class));
                }
            }
            for (before, literal) in spans {
                if MARKUP_BEFORE
                    .iter()
                    .any(|m| before.trim_end_matches(' ').ends_with(m.trim_end()))
                    && ext != "rs"
                {
                    continue;
                }
                let said = words(&literal);
                for (name, term) in &terms {
                    if names(&said, term) {
                        let shown = file.strip_prefix(&root).unwrap_or(file);
                        found.push(format!(
                            "{}:{}: names the action `{name}` in {literal:?}",
                            shown.display(),
                            n + 1
                        ));
                        break;
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} place(s) in the front ends name a component's action (read it from the \
         registry's declarations instead):\n  {}",
        found.len(),
        found.join("\n  ")
    );
}

#[test]
fn the_scanner_reads_literals_and_code_spans() {
    let spans = literals(r#"/// `P1: pay C3` and "declare handicap 2""#, &['"', '`']);
    let texts: Vec<&str> = spans.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(texts, ["P1: pay C3", "declare handicap 2"]);
    assert!(names(
        &words("P1: declare special-turn 2, pay C3"),
        &words("pay")
    ));
    assert!(!names(&words("payment"), &words("pay")));
    assert!(names(&words("/special-turn.js"), &words("special-turn")));
}
