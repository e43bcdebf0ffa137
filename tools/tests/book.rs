//! The book's generated pages are current, and `tengen book` notices and
//! repairs a stale one.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root")
        .to_path_buf()
}

fn book(root: &Path, mode: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["book", mode, "--root"])
        .arg(root)
        .output()
        .expect("tengen runs")
}

fn generate(root: &Path, mode: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["generate", mode, "--root"])
        .arg(root)
        .output()
        .expect("tengen runs")
}

/// The one command that writes every generated file checks them all: both
/// schemas and the book's generated pages.
#[test]
fn every_generated_file_is_current() {
    let out = generate(&root(), "--check");
    assert!(
        out.status.success(),
        "{}\n(regenerate with `cargo run --release -- generate --write`)",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("creates a folder");
    for entry in std::fs::read_dir(from).expect("reads a folder").flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copies a file");
        }
    }
}

#[test]
fn a_stale_page_is_reported_with_the_command_that_regenerates_it() {
    let scratch = std::env::temp_dir().join(format!("tengen-book-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let real = root();
    copy_tree(&real.join("book/src"), &scratch.join("book/src"));
    copy_tree(
        &real.join("conformance/scenarios"),
        &scratch.join("conformance/scenarios"),
    );
    copy_tree(
        &real.join("conformance/rulesets"),
        &scratch.join("conformance/rulesets"),
    );
    copy_tree(
        &real.join("conformance/counts"),
        &scratch.join("conformance/counts"),
    );
    std::fs::copy(
        real.join("conformance/clauses.toml"),
        scratch.join("conformance/clauses.toml"),
    )
    .expect("copies the clause catalogue");
    // Current to begin with, whatever the state of the real book.
    let out = book(&scratch, "--write");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = scratch.join("book/src/reference/resolver_generated.md");
    std::fs::write(&page, "edited by hand\n").expect("edits a page");
    let orphan = scratch.join("book/src/reference/gone_generated.md");
    std::fs::write(&orphan, "nothing makes this\n").expect("writes a file");
    let wrapper = scratch.join("book/src/reference/scorer.md");
    std::fs::remove_file(&wrapper).expect("removes a page");

    let out = book(&scratch, "--check");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    for needle in [
        "3 generated book file(s) are stale",
        "reference/resolver_generated.md",
        "reference/gone_generated.md (no longer generated)",
        "reference/scorer.md",
        "cargo run --release -- generate --write",
    ] {
        assert!(stderr.contains(needle), "missing {needle:?} in:\n{stderr}");
    }
    assert_eq!(
        std::fs::read_to_string(&page).expect("reads the page"),
        "edited by hand\n",
        "--check changes nothing"
    );

    let out = book(&scratch, "--write");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!orphan.exists(), "the orphan is removed");
    assert!(wrapper.exists(), "the missing page is recreated");
    let out = book(&scratch, "--check");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn generate_checks_and_rewrites_a_stale_schema() {
    let scratch = std::env::temp_dir().join(format!("tengen-generate-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let real = root();
    for folder in [
        "book/src",
        "conformance/scenarios",
        "conformance/rulesets",
        "conformance/counts",
        "rulesets",
    ] {
        copy_tree(&real.join(folder), &scratch.join(folder));
    }
    std::fs::copy(
        real.join("conformance/clauses.toml"),
        scratch.join("conformance/clauses.toml"),
    )
    .expect("copies the clause catalogue");
    let out = generate(&scratch, "--write");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let schema = scratch.join("rulesets/interface.schema.json");
    std::fs::write(&schema, "{}\n").expect("edits the schema");

    let out = generate(&scratch, "--check");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("rulesets/interface.schema.json is stale"),
        "{stderr}"
    );
    assert!(
        stderr.contains("cargo run --release -- generate --write"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&schema).expect("reads the schema"),
        "{}\n",
        "--check changes nothing"
    );

    let out = generate(&scratch, "--write");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&schema).expect("reads the schema"),
        std::fs::read_to_string(real.join("rulesets/interface.schema.json"))
            .expect("reads the committed schema"),
    );
    let out = generate(&scratch, "--check");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn the_link_check_reports_a_missing_anchor() {
    let site = std::env::temp_dir().join(format!("tengen-links-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&site);
    std::fs::create_dir_all(site.join("sub")).expect("creates a folder");
    std::fs::write(
        site.join("index.html"),
        r#"<a href="sub/page.html#here">ok</a> <a href="sub/page.html#gone">bad</a> <a href="missing.html">bad</a> <a href="https://example.org/">skipped</a>"#,
    )
    .expect("writes a page");
    std::fs::write(site.join("sub/page.html"), r#"<h2 id="here">Here</h2>"#)
        .expect("writes a page");
    let out = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["book", "--links"])
        .arg(&site)
        .output()
        .expect("tengen runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("2 broken link(s)"), "{stderr}");
    assert!(stderr.contains("has no anchor `gone`"), "{stderr}");
    assert!(stderr.contains("`missing.html`: no such file"), "{stderr}");
    let _ = std::fs::remove_dir_all(&site);
}
