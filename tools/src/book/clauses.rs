//! The clause catalogue in the book: the conformance chapter's table of
//! every clause of every rules text, with the cases that check it and the
//! counts, and each ruleset page's list of its clauses.

use super::Pages;
use super::markdown::{GENERATED, cell};
use crate::commands::Failure;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use tengen_conformance::Scenario;
use tengen_conformance::clauses::{Catalogue, Clause};
use tengen_conformance::counts::CountFile;

/// A case that cites a clause: its folder and file stem, and its title.
#[derive(Clone, Debug)]
struct Case {
    /// Whether its ruleset's worked-examples page shows it (a case whose
    /// options must not assemble has no game to show).
    shown: bool,
    folder: String,
    stem: String,
    title: String,
}

/// The catalogue and the cases citing each clause.
pub(crate) struct Clauses {
    catalogue: Catalogue,
    cases: BTreeMap<String, Vec<Case>>,
    scenarios: usize,
    steps: StepCounts,
    /// The count files, by file name.
    counts: Vec<(String, CountFile)>,
    rulesets: BTreeSet<String>,
}

/// How the suite's steps state what they expect.
#[derive(Default)]
struct StepCounts {
    /// Every step.
    all: usize,
    /// Steps the scenario says are refused (the board stays as it was).
    refused: usize,
    /// Accepted steps that give the whole board.
    board: usize,
    /// Accepted steps that give the stones they add.
    placed: usize,
    /// Of those, the steps whose `placed` was recorded from tengen.
    placed_recorded: usize,
    /// Legal-action listings (a step's `legal`, a scenario's
    /// `legal-at-start`).
    listings: usize,
    /// The rulesets (scenario folders) with at least one listing.
    listed_rulesets: BTreeSet<String>,
}

impl Clauses {
    /// Reads `conformance/clauses.toml` and every scenario under
    /// `scenarios`; `rulesets` are the bundled ids (whose folders have a
    /// worked-examples page to link to).
    pub(crate) fn read(
        root: &Path,
        scenarios: &Path,
        rulesets: &[&str],
    ) -> Result<Clauses, Failure> {
        let path = root.join("conformance/clauses.toml");
        let text = std::fs::read_to_string(&path)
            .map_err(|e| Failure::Message(format!("{}: {e}", path.display())))?;
        let catalogue = Catalogue::parse(&text)
            .map_err(|e| Failure::Message(format!("{}: {e}", path.display())))?;
        let mut folders: Vec<_> = std::fs::read_dir(scenarios)
            .map_err(|e| Failure::Message(format!("{}: {e}", scenarios.display())))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        folders.sort();
        let mut cases: BTreeMap<String, Vec<Case>> = BTreeMap::new();
        let mut count = 0;
        let mut steps = StepCounts::default();
        for folder in folders {
            let name = folder
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mut files: Vec<_> = std::fs::read_dir(&folder)
                .map_err(|e| Failure::Message(format!("{}: {e}", folder.display())))?
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect();
            files.sort();
            for file in files {
                let scenario = Scenario::read(&file).map_err(Failure::Message)?;
                let stem = file
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                count += 1;
                let listings = usize::from(scenario.legal_at_start.is_some())
                    + scenario.steps.iter().filter(|s| s.legal.is_some()).count();
                if listings > 0 {
                    steps.listings += listings;
                    steps.listed_rulesets.insert(name.clone());
                }
                for step in &scenario.steps {
                    steps.all += 1;
                    if step.refused.is_some() {
                        steps.refused += 1;
                    } else if step.board.is_some() {
                        steps.board += 1;
                    } else if step.placed.is_some() {
                        steps.placed += 1;
                        if scenario.recorded.iter().any(|r| r == "placed") {
                            steps.placed_recorded += 1;
                        }
                    }
                }
                let case = Case {
                    shown: scenario.refused_options.is_none(),
                    folder: name.clone(),
                    title: scenario.title_for(&stem),
                    stem,
                };
                for id in &scenario.clauses {
                    cases.entry(id.clone()).or_default().push(case.clone());
                }
            }
        }
        Ok(Clauses {
            catalogue,
            cases,
            scenarios: count,
            steps,
            counts: read_count_files(&root.join("conformance/counts"))?,
            rulesets: rulesets.iter().map(|r| r.to_string()).collect(),
        })
    }

    /// The cases citing `clause`, as links from a page in `book/src`
    /// (`from_rulesets` for a page in `book/src/rulesets`).
    fn links(&self, clause: &Clause, from_rulesets: bool) -> String {
        let Some(cases) = self.cases.get(&clause.id) else {
            return match &clause.uncovered {
                Some(why) => format!("*none yet:* {}", cell(why)),
                None => "*none*".to_string(),
            };
        };
        cases
            .iter()
            .map(|c| {
                if c.shown && self.rulesets.contains(&c.folder) {
                    let prefix = if from_rulesets { "" } else { "rulesets/" };
                    format!(
                        "[{}]({prefix}{}-cases.md#{})",
                        cell(&c.title),
                        c.folder,
                        c.stem
                    )
                } else {
                    format!("`{}/{}.toml`", c.folder, c.stem)
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The table of count files (perft): each file's ruleset, options and
    /// positions with their counts by depth.
    fn count_files(&self, out: &mut String) {
        let mut rows = Vec::new();
        let mut positions = 0;
        for (file, counts) in &self.counts {
            for p in &counts.positions {
                positions += 1;
                let depths: Vec<String> = p.counts.iter().map(u64::to_string).collect();
                rows.push(format!(
                    "| `{file}` | `{}` | {} | {} | {} |\n",
                    counts.ruleset,
                    counts
                        .options
                        .iter()
                        .map(|o| format!("`{o}`"))
                        .collect::<Vec<_>>()
                        .join(" "),
                    cell(&p.name),
                    depths.join(", ")
                ));
            }
        }
        out.push_str(&format!(
            "{} count files (`conformance/counts/`, [what is counted](#count-files)) keep the number of legal action sequences from {positions} positions:\n\n| file | ruleset | options | position | depth 1, 2, ... |\n|---|---|---|---|---|\n",
            self.counts.len()
        ));
        for row in rows {
            out.push_str(&row);
        }
        out.push('\n');
    }

    /// Adds the conformance chapter's generated part.
    pub(crate) fn chapter(&self, pages: &mut Pages) {
        let mut out = String::from(GENERATED);
        let total = self.catalogue.clauses().count();
        let covered = self
            .catalogue
            .clauses()
            .filter(|(_, c)| self.cases.contains_key(&c.id))
            .count();
        let coverage = if covered == total {
            format!(
                "every one is checked by at least one of the suite's {} scenarios",
                self.scenarios
            )
        } else {
            format!(
                "{covered} are checked by at least one of the suite's {} scenarios, and {} are not yet, each saying why",
                self.scenarios,
                total - covered
            )
        };
        out.push_str(&format!(
            "\nThe catalogue (`conformance/clauses.toml`, with its schema `conformance/clauses.schema.json`) holds {total} clauses from {} texts; {coverage}.\n\n",
            self.catalogue.texts.len(),
        ));
        let s = &self.steps;
        out.push_str(&format!(
            "Every board the suite reaches is stated. Of its {} steps, {} must be refused (the board stays as it was), {} give the whole board after them, {} give the stones they add (`placed`; {} of those lists were recorded from tengen and checked against their lines), and the other {} add no stone, so the removals they state give their board.\n\n",
            s.all,
            s.refused,
            s.board,
            s.placed,
            s.placed_recorded,
            s.all - s.refused - s.board - s.placed
        ));
        out.push_str(&format!(
            "{} legal-action listings, in {} scenario folders, state every action a seat may take at a position ([above](#legal-action-listings)).\n\n",
            s.listings,
            s.listed_rulesets.len()
        ));
        self.count_files(&mut out);
        out.push_str(
            "| text | id | rulesets | clauses | covered | not yet |\n|---|---|---|---|---|---|\n",
        );
        for t in &self.catalogue.texts {
            let n = t.clauses.len();
            let c = t
                .clauses
                .iter()
                .filter(|c| self.cases.contains_key(&c.id))
                .count();
            out.push_str(&format!(
                "| [{}](#clauses-{}) | `{}` | {} | {n} | {c} | {} |\n",
                cell(&t.title),
                anchor(&t.id),
                t.id,
                t.rulesets
                    .iter()
                    .map(|r| format!("`{r}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
                n - c
            ));
        }
        for t in &self.catalogue.texts {
            out.push_str(&format!(
                "\n### {} (`{}`) {{#clauses-{}}}\n\n",
                t.title,
                t.id,
                anchor(&t.id)
            ));
            out.push_str("| id | kind | section | clause | cases |\n|---|---|---|---|---|\n");
            for c in &t.clauses {
                out.push_str(&format!(
                    "| `{}` | {} | {} | {} | {} |\n",
                    c.id,
                    c.kind.name(),
                    cell(&c.section),
                    cell(&c.says),
                    self.links(c, false)
                ));
            }
        }
        pages.generated("conformance-clauses_generated.md", out);
    }

    /// The section of ruleset `id`'s page that lists the clauses of the
    /// texts it implements.
    pub(crate) fn ruleset_section(&self, id: &str) -> String {
        let texts: Vec<_> = self
            .catalogue
            .texts
            .iter()
            .filter(|t| t.rulesets.iter().any(|r| r == id))
            .collect();
        let mut out = String::from("\n## Clauses\n\n");
        if texts.is_empty() {
            out.push_str(
                "The [clause catalogue](../conformance.md#the-clause-catalogue) has no text for this ruleset.\n",
            );
            return out;
        }
        let clauses: Vec<&Clause> = texts.iter().flat_map(|t| t.clauses.iter()).collect();
        let covered = clauses
            .iter()
            .filter(|c| self.cases.contains_key(&c.id))
            .count();
        out.push_str(&format!(
            "The clauses of the rules texts this ruleset implements, from the [clause catalogue](../conformance.md#the-clause-catalogue): {}, {covered} checked by conformance cases.\n",
            clauses.len()
        ));
        for t in texts {
            out.push_str(&format!(
                "\n### {} (`{}`)\n\n| id | kind | clause | cases |\n|---|---|---|---|\n",
                t.title, t.id
            ));
            for c in &t.clauses {
                out.push_str(&format!(
                    "| `{}` | {} | {} | {} |\n",
                    c.id,
                    c.kind.name(),
                    cell(&c.says),
                    self.links(c, true)
                ));
            }
        }
        out
    }
}

/// A text id as a page anchor: `notes.kag` → `notes-kag`.
fn anchor(id: &str) -> String {
    id.replace('.', "-")
}

/// The count files in `dir`, sorted by name.
fn read_count_files(dir: &Path) -> Result<Vec<(String, CountFile)>, Failure> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| Failure::Message(format!("{}: {e}", dir.display())))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            CountFile::read(&path)
                .map(|c| (name, c))
                .map_err(Failure::Message)
        })
        .collect()
}
