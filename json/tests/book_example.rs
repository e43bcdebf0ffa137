//! The book's chapter on the JSON interface (`book/src/json.md`) shows
//! real output: its example session is the transcript of
//! `sessions/book-example.jsonl`, and each JSON example it marks with a
//! form of the schema is valid against that form.

use crate::common;

use common::recorded::{fixture, is_comment, record};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The chapter, from the workspace root.
const CHAPTER: &str = "book/src/json.md";

/// The fixture whose transcript the chapter shows.
const FIXTURE: &str = "json/tests/sessions/book-example.jsonl";

/// The line before the example session's block in the chapter.
const MARK: &str = "<!-- the transcript of json/tests/sessions/book-example.jsonl -->";

/// The environment variable that rewrites the chapter's block instead of
/// failing.
const UPDATE: &str = "TENGEN_UPDATE_BOOK";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root")
        .to_path_buf()
}

/// The longest object the chapter's example keeps on one line.
const WIDTH: usize = 72;

/// `value` laid out for reading: objects down to `depth` levels that are
/// longer than [`WIDTH`] have a member a line, indented by two spaces a
/// level after `indent`; other values are as the engine writes them
/// (compact JSON).
fn layout(value: &Value, depth: usize, indent: &str) -> String {
    match value {
        Value::Object(members) if depth > 0 && value.to_string().len() > WIDTH => {
            let inner = format!("{indent}  ");
            let lines: Vec<String> = members
                .iter()
                .map(|(key, member)| {
                    format!(
                        "{inner}{}: {}",
                        Value::String(key.clone()),
                        layout(member, depth - 1, &inner)
                    )
                })
                .collect();
            format!("{{\n{}\n{indent}}}", lines.join(",\n"))
        }
        other => other.to_string(),
    }
}

/// The example as the chapter shows it: the fixture's comments, each
/// request as sent after `> `, and each response after `< `, laid out
/// three levels deep.
fn example() -> String {
    let text = fixture(&root().join(FIXTURE));
    let recorded = record(&text);
    let mut exchanges = recorded.exchanges.iter();
    let mut out = String::new();
    for line in text.lines() {
        if is_comment(line) {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let exchange = exchanges.next().expect("an exchange for each request");
        out.push_str(&format!("> {}\n", exchange.request));
        if let Some(response) = exchange.response_value() {
            out.push_str(&format!("< {}\n", layout(&response, 3, "  ")));
        }
    }
    out
}

/// The chapter's text split around the example's block: before it, the
/// block's lines, after it.
fn split(chapter: &str) -> (String, String, String) {
    let start = chapter
        .find(MARK)
        .unwrap_or_else(|| panic!("{CHAPTER} has no line `{MARK}`"));
    let after_mark = &chapter[start + MARK.len()..];
    let open = after_mark
        .find("```text\n")
        .unwrap_or_else(|| panic!("{CHAPTER}: no ```text block after `{MARK}`"))
        + "```text\n".len();
    let body = &after_mark[open..];
    let close = if body.starts_with("```\n") {
        open
    } else {
        body.find("\n```\n")
            .unwrap_or_else(|| panic!("{CHAPTER}: the example's block is not closed"))
            + open
            + 1
    };
    let head = format!("{}{}", &chapter[..start + MARK.len()], &after_mark[..open]);
    (
        head,
        after_mark[open..close].to_string(),
        after_mark[close..].to_string(),
    )
}

#[test]
fn the_chapter_shows_the_transcript_of_its_example_session() {
    let path = root().join(CHAPTER);
    let chapter = std::fs::read_to_string(&path).expect("the chapter reads");
    let (head, shown, tail) = split(&chapter);
    let current = example();
    if shown == current {
        return;
    }
    if std::env::var_os(UPDATE).is_some() {
        std::fs::write(&path, format!("{head}{current}{tail}")).expect("the chapter writes");
        return;
    }
    let first = shown
        .lines()
        .zip(current.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(shown.lines().count().min(current.lines().count()));
    panic!(
        "{CHAPTER}: the example session differs from the transcript of {FIXTURE} \
         (first at line {} of the block: {:?} shown, {:?} now);\n\
         update the chapter with\n    {UPDATE}=1 cargo test -p tengen-json --test book_example\n\
         and read the result",
        first + 1,
        shown.lines().nth(first),
        current.lines().nth(first)
    );
}

/// The chapter marks a JSON example with the form it shows, in a comment
/// on the line before its block: `<!-- schema: RefusalForm -->`, or
/// `<!-- schema: EventForm[] -->` for a list. Each such block must be
/// valid against that form of the interface schema.
#[test]
fn the_chapter_s_json_examples_match_the_schema() {
    let chapter = std::fs::read_to_string(root().join(CHAPTER)).expect("the chapter reads");
    let mut checked = 0;
    let mut lines = chapter.lines();
    while let Some(line) = lines.next() {
        let Some(form) = line
            .strip_prefix("<!-- schema: ")
            .and_then(|l| l.strip_suffix(" -->"))
        else {
            continue;
        };
        assert_eq!(
            lines.next(),
            Some("```json"),
            "{CHAPTER}: a ```json block follows `{line}`"
        );
        let block: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let value: Value = serde_json::from_str(&block.join("\n"))
            .unwrap_or_else(|e| panic!("{CHAPTER}: the {form} example is not JSON: {e}"));
        // `Form[]` marks a list of values of the form.
        let (name, values) = match form.strip_suffix("[]") {
            Some(name) => (
                name,
                value
                    .as_array()
                    .unwrap_or_else(|| panic!("{CHAPTER}: the {form} example is not a list"))
                    .clone(),
            ),
            None => (form, vec![value]),
        };
        let validator = jsonschema::validator_for(&tengen_json::schema_of(name))
            .unwrap_or_else(|e| panic!("the schema of {name} compiles: {e}"));
        let errors: Vec<String> = values
            .iter()
            .flat_map(|v| {
                validator
                    .iter_errors(v)
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(
            errors.is_empty(),
            "{CHAPTER}: the {form} example does not match the schema: {errors:?}"
        );
        checked += 1;
    }
    assert!(
        checked >= 4,
        "{CHAPTER}: only {checked} examples marked with their form"
    );
}
