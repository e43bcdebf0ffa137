//! Every TOML block of the README and the book is checked, so that what a
//! reader copies works (issue 23, item 6):
//!
//! - a ruleset written out in a block, or included from a file, passes
//!   `tengen validate` (options and all);
//! - an included scenario lies in `conformance/scenarios`, where the conformance
//!   suite runs it;
//! - a fragment (a block with no `[ruleset]`) is the end of the ruleset
//!   file included before it on the page, changed (the page tells the
//!   reader to copy that file): put in place of that file's end, from the
//!   fragment's first table on, it must give exactly the output of the
//!   next `tengen validate` the page shows.
//!
//! A block marked `toml,ignore` is left alone: it needs components that
//! only a test links (the architecture chapter's example, which
//! `tests/tests/extension.rs` checks against its own ruleset).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A fenced block of a Markdown page: its info string, its text and the
/// line (from 1) of its opening fence.
struct Block {
    info: String,
    text: String,
    line: usize,
}

fn blocks(page: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (n, line) in page.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => {
                open = Some(Block {
                    info: info.trim().to_string(),
                    text: String::new(),
                    line: n + 1,
                })
            }
            (Some(_), Some(_)) => {
                let mut block = open.take().expect("a block is open");
                block.text = dedented(&block.text);
                out.push(block);
            }
            (Some(block), None) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
            (None, None) => {}
        }
    }
    out
}

/// `text` without the indentation all its lines share (a block in a list
/// item is indented).
fn dedented(text: &str) -> String {
    let indent = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    text.lines()
        .map(|l| l.get(indent..).unwrap_or("").to_string() + "\n")
        .collect()
}

/// The pages: the README and every page of the book's source.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut folders = vec![root().join("book/src")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// Runs `tengen validate FILE` in `dir`: exit code, and standard output
/// and error together.
fn validate(dir: &Path, file: &str) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .current_dir(dir)
        .args(["validate", file])
        .output()
        .unwrap();
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.code(), text)
}

/// A scratch folder for one block.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("book-toml")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The id a ruleset text gives itself.
fn ruleset_id(text: &str) -> String {
    let value: toml::Table = toml::from_str(text).expect("the block is TOML");
    value["ruleset"]["id"].as_str().expect("an id").to_string()
}

/// The output a page shows for `$ ./target/release/tengen validate FILE`
/// in the first text block after line `after`, with FILE.
fn shown_validation(blocks: &[Block], after: usize) -> Option<(String, String)> {
    blocks
        .iter()
        .filter(|b| b.line > after && b.info == "text")
        .find_map(|b| {
            let (command, rest) = b.text.split_once('\n')?;
            let file = command
                .strip_prefix("$ ./target/release/tengen validate ")?
                .trim();
            Some((file.to_string(), rest.to_string()))
        })
}

fn trimmed(text: &str) -> String {
    text.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_string()
}

#[test]
fn every_toml_block_of_the_readme_and_the_book_works() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let blocks = blocks(&text);
        let name = page
            .strip_prefix(root())
            .unwrap_or(&page)
            .display()
            .to_string();
        // The last ruleset file included on the page, for the fragments
        // after it.
        let mut last_ruleset: Option<String> = None;
        for block in blocks.iter().filter(|b| b.info == "toml") {
            let at = format!("{name}:{}", block.line);
            checked += 1;
            let included = block
                .text
                .trim()
                .strip_prefix("{{#include ")
                .and_then(|r| r.strip_suffix("}}"))
                .map(|r| page.parent().unwrap().join(r.trim()));
            let (body, file) = match &included {
                Some(path) => match std::fs::read_to_string(path) {
                    Ok(body) => (body, Some(path.clone())),
                    Err(e) => {
                        problems.push(format!("{at}: cannot read {}: {e}", path.display()));
                        continue;
                    }
                },
                None => (block.text.clone(), None),
            };
            let is_ruleset = body.lines().any(|l| l.trim() == "[ruleset]");
            if let Some(path) = &file {
                let path = path.canonicalize().unwrap();
                if !is_ruleset {
                    let scenarios = root().join("conformance/scenarios").canonicalize().unwrap();
                    if !path.starts_with(&scenarios) {
                        problems.push(format!(
                            "{at}: includes {}, which is neither a ruleset nor a scenario the suite runs",
                            path.display()
                        ));
                    }
                    continue;
                }
                let (code, output) = validate(path.parent().unwrap(), path.to_str().unwrap());
                if code != Some(0) {
                    problems.push(format!(
                        "{at}: {} does not validate:\n{output}",
                        path.display()
                    ));
                }
                last_ruleset = Some(body);
                continue;
            }
            if is_ruleset {
                let id = ruleset_id(&body);
                let dir = scratch(&id);
                std::fs::write(dir.join(format!("{id}.toml")), &body).unwrap();
                let (code, output) = validate(&dir, &format!("{id}.toml"));
                if code != Some(0) {
                    problems.push(format!(
                        "{at}: the ruleset `{id}` does not validate:\n{output}"
                    ));
                }
                continue;
            }
            // A fragment: the end of the ruleset before it, changed.
            let Some(base) = &last_ruleset else {
                problems.push(format!(
                    "{at}: a fragment with no ruleset before it on the page"
                ));
                continue;
            };
            let first_table = block
                .text
                .lines()
                .find(|l| l.starts_with('['))
                .unwrap_or_default();
            let Some(cut) = base.find(&format!("\n{first_table}\n")) else {
                problems.push(format!(
                    "{at}: the ruleset before the fragment has no `{first_table}` to start from"
                ));
                continue;
            };
            let Some((file, shown)) = shown_validation(&blocks, block.line) else {
                problems.push(format!(
                    "{at}: a fragment with no `tengen validate` shown after it"
                ));
                continue;
            };
            let dir = scratch(&format!("fragment-{}", block.line));
            std::fs::write(dir.join(&file), format!("{}{}", &base[..=cut], block.text)).unwrap();
            let (_, output) = validate(&dir, &file);
            if trimmed(&output) != trimmed(&shown) {
                problems.push(format!(
                    "{at}: `tengen validate {file}` says\n{output}\nbut the page shows\n{shown}"
                ));
            }
        }
    }
    assert!(checked >= 5, "only {checked} TOML blocks found");
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
