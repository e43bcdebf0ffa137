//! The rulesets the lobby offers: every bundled one, and the ruleset
//! files of `--ruleset-dir`, read again on every request so that a file a
//! designer saved a minute ago is offered at once.

use serde::Serialize;
use std::path::{Path, PathBuf};
use tengen_json::catalogue::{DiagnosticForm, RulesetDoc, diagnostics};

/// Where the offered rulesets come from.
#[derive(Clone, Debug, Default)]
pub(crate) struct Catalogue {
    /// A folder of ruleset files, if the server was given one.
    pub(crate) dir: Option<PathBuf>,
    /// Whether a built book is served under `/book/` (only then does a
    /// ruleset name its page).
    pub(crate) book: bool,
}

/// A ruleset the lobby offers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Offered {
    /// Its id (bundled) or its file's id (from the folder): what a new
    /// game names.
    pub(crate) id: String,
    /// `bundled`, or the file it was read from.
    pub(crate) source: String,
    /// Its documentation and options, where it loads.
    pub(crate) ruleset: Option<RulesetDoc>,
    /// Its problems, where it does not.
    pub(crate) problems: Vec<DiagnosticForm>,
    /// Its page in the rules reference (bundled rulesets, when the server
    /// serves a built book), relative to `/book/`.
    pub(crate) book_page: Option<String>,
}

impl Catalogue {
    /// The ruleset files of the folder, sorted by name.
    fn files(&self) -> Vec<PathBuf> {
        let Some(dir) = &self.dir else {
            return Vec::new();
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
    }

    /// Every ruleset offered: the bundled ones, then the folder's.
    pub(crate) fn offered(&self) -> Vec<Offered> {
        let library = tengen_variants::library();
        let mut offered: Vec<Offered> = library
            .bundled()
            .iter()
            .map(|b| {
                let resolved = library.resolve(b.id, &[]);
                Offered {
                    id: b.id.to_string(),
                    source: "bundled".into(),
                    ruleset: resolved.as_ref().ok().map(RulesetDoc::of),
                    problems: resolved.err().map(|d| diagnostics(&d)).unwrap_or_default(),
                    book_page: self.book.then(|| format!("rulesets/{}.html", b.id)),
                }
            })
            .collect();
        for file in self.files() {
            let name = file.display().to_string();
            let resolved = library.resolve(&name, &[]);
            offered.push(Offered {
                id: resolved
                    .as_ref()
                    .map(|r| r.meta.id.clone())
                    .unwrap_or_else(|_| stem(&file)),
                source: name,
                ruleset: resolved.as_ref().ok().map(RulesetDoc::of),
                problems: resolved.err().map(|d| diagnostics(&d)).unwrap_or_default(),
                book_page: None,
            });
        }
        offered
    }

    /// What `library.assemble` takes for the ruleset `id`: a bundled id,
    /// or the file of the folder whose ruleset has that id (a folder's
    /// file wins over nothing, a bundled ruleset over a file).
    pub(crate) fn reference(&self, id: &str) -> Option<String> {
        let library = tengen_variants::library();
        if library.bundled().iter().any(|b| b.id == id) {
            return Some(id.to_string());
        }
        self.files().into_iter().find_map(|file| {
            let name = file.display().to_string();
            let matches = library
                .resolve(&name, &[])
                .map(|r| r.meta.id == id)
                .unwrap_or_else(|_| stem(&file) == id);
            matches.then_some(name)
        })
    }
}

/// A file's name without its extension.
fn stem(file: &Path) -> String {
    file.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
