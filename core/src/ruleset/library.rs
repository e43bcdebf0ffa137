//! Loading rulesets: TOML -> schema validation -> `extends` and options
//! resolved -> typed ruleset -> cross-component checks -> assembled rules,
//! collecting every problem on the way.

use crate::model::{ResolvedRuleset, RulesetMeta, Section};
use crate::registry::Registry;
use crate::rules::Rules;
use crate::ruleset::assemble::assemble;
use crate::ruleset::diagnostic::{Diagnostic, Diagnostics, Source};
use crate::ruleset::node::{Entry, Node, Origin, Value as NodeValue};
use crate::ruleset::options::{
    Declared, apply_options, changes, check_options, declared_options, inherited_from,
    inherited_problem, patch_section, sections_only,
};
use crate::ruleset::schema::ruleset_schema;
use crate::ruleset::validate::SchemaValidator;
use crate::state::ComponentKind;
use crate::suggest::closest;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The largest ruleset file tengen reads.
pub const MAX_RULESET_BYTES: u64 = 1 << 20;

/// The deepest chain of `extends` followed.
const MAX_EXTENDS_DEPTH: usize = 16;

/// Why a ruleset reference could not be opened.
enum OpenError {
    /// No bundled ruleset and no file has the name.
    Missing(String),
    /// The file exists but cannot be read as a ruleset: not a regular
    /// file, larger than [`MAX_RULESET_BYTES`], unreadable, or not UTF-8.
    Unreadable(String),
}

/// A ruleset shipped with tengen.
#[derive(Clone, Copy, Debug)]
pub struct Bundled {
    /// Its id (the file name without `.toml`).
    pub id: &'static str,
    /// Its path in the repository, for messages (e.g. `rulesets/go.toml`).
    pub file: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// Where rulesets come from (the bundled ones, by id, and files), with the
/// registry that assembles them.
pub struct Library {
    registry: &'static Registry,
    bundled: Vec<Bundled>,
    schema: serde_json::Value,
    /// Checks a whole document.
    validator: SchemaValidator,
    /// Checks resolved sections alone (the schema without its required
    /// `[ruleset]`).
    sections_validator: SchemaValidator,
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field(
                "bundled",
                &self.bundled.iter().map(|b| b.id).collect::<Vec<_>>(),
            )
            .finish()
    }
}

/// Where the ruleset being loaded comes from.
#[derive(Clone, Copy, Debug)]
pub(super) enum Top<'a> {
    /// A bundled id or a file's path.
    Reference(&'a str),
    /// A text held in memory, named `name` in messages; its `extends` may
    /// name bundled rulesets only.
    Text { name: &'a str, text: &'a str },
}

impl Top<'_> {
    /// The name messages give the ruleset.
    fn name(&self) -> &str {
        match self {
            Top::Reference(reference) => reference,
            Top::Text { name, .. } => name,
        }
    }
}

/// A ruleset resolved, in the parts later steps use, with the problems
/// found so far (whose sources locate problems found later).
pub(super) struct Loaded {
    /// The `[ruleset]` table.
    pub(super) meta: Node,
    /// The options declared.
    pub(super) options: Vec<Declared>,
    /// The seven sections, with the chosen options applied.
    sections: Node,
    /// The seven sections as written (no option applied).
    pub(super) base: Node,
    /// Where the file loaded names the ruleset it extends, if it does.
    extends: Option<Origin>,
    pub(super) diagnostics: Diagnostics,
}

/// What a trial assembly needs of a resolved ruleset: its `[ruleset]`
/// table without the prose, and no option list (trial rules are checked,
/// never played), so that trying a thousand settings does not copy the
/// docs a thousand times.
pub(super) fn lean(resolved: &ResolvedRuleset) -> ResolvedRuleset {
    ResolvedRuleset {
        meta: RulesetMeta {
            docs: String::new(),
            sources: Vec::new(),
            samples: Vec::new(),
            ..resolved.meta.clone()
        },
        sections: resolved.sections.clone(),
        options: Vec::new(),
        applied: Vec::new(),
        source: resolved.source.clone(),
    }
}

/// The files being read along an `extends` chain, to find cycles, and
/// where the first names its parent.
#[derive(Default)]
struct Chain {
    /// The files read, from the first.
    keys: Vec<String>,
    /// The `extends` value of the first file.
    top_extends: Option<Origin>,
}

impl Loaded {
    /// The typed, resolved ruleset; `applied` are the options as given.
    /// A failure is a problem of the whole (see [`Loaded::whole_problem`]).
    pub(super) fn typed(
        &self,
        reference: &str,
        applied: &[String],
    ) -> Result<ResolvedRuleset, String> {
        let meta = typed_meta(&self.meta)?;
        let options = self
            .options
            .iter()
            .map(|(name, spec, _)| (name.clone(), spec.clone()))
            .collect();
        typed(meta, &self.sections, options, reference, applied)
    }

    /// A problem of the resolved ruleset as a whole.
    fn whole_problem(&self, message: String) -> Diagnostic {
        Diagnostic::new(
            &self.diagnostics.sources,
            "invalid",
            &self.sections.origin,
            "",
            message,
        )
    }
}

impl Library {
    /// A library of the bundled rulesets over a registry.
    pub fn new(registry: &'static Registry, mut bundled: Vec<Bundled>) -> Library {
        bundled.sort_by_key(|b| b.id);
        let schema = ruleset_schema(registry);
        let validator = SchemaValidator::new(&schema);
        let mut sections_schema = schema.clone();
        if let Some(root) = sections_schema.as_object_mut() {
            root.remove("required");
        }
        let sections_validator = SchemaValidator::new(&sections_schema);
        Library {
            registry,
            bundled,
            schema,
            validator,
            sections_validator,
        }
    }

    /// The registry.
    pub fn registry(&self) -> &'static Registry {
        self.registry
    }

    /// The bundled rulesets, sorted by id.
    pub fn bundled(&self) -> &[Bundled] {
        &self.bundled
    }

    /// The JSON schema of ruleset files.
    pub fn schema(&self) -> &serde_json::Value {
        &self.schema
    }

    /// Resolves a ruleset (a bundled id or a path) with options applied
    /// (`["size=9", "weak-eyes"]`), without building its components.
    pub fn resolve(
        &self,
        reference: &str,
        options: &[String],
    ) -> Result<ResolvedRuleset, Diagnostics> {
        let loaded = self.load(Top::Reference(reference), options);
        if !loaded.diagnostics.is_empty() {
            return Err(loaded.diagnostics);
        }
        match loaded.typed(reference, options) {
            Ok(resolved) => Ok(resolved),
            Err(message) => {
                let d = loaded.whole_problem(message);
                let mut diagnostics = loaded.diagnostics;
                diagnostics.items.push(d);
                Err(diagnostics)
            }
        }
    }

    /// Resolves and assembles a ruleset: the rules, ready to play.
    pub fn assemble(&self, reference: &str, options: &[String]) -> Result<Arc<Rules>, Diagnostics> {
        self.assemble_top(Top::Reference(reference), options, true)
    }

    /// [`Library::assemble`], the rules made
    /// [without the shortcuts](Rules::without_shortcuts) of the components'
    /// promises: the slow, fully generic path, for checking that the
    /// shortcuts change nothing.
    pub fn assemble_without_shortcuts(
        &self,
        reference: &str,
        options: &[String],
    ) -> Result<Arc<Rules>, Diagnostics> {
        self.assemble_top(Top::Reference(reference), options, false)
    }

    /// Resolves and assembles a ruleset given as text rather than a file
    /// (what a server or a fuzzer holds in memory), named `name` in
    /// messages. Its `extends` may name bundled rulesets only: a text has
    /// no folder for a path to be relative to, and a text that could name
    /// files would read the machine's files.
    pub fn assemble_text(
        &self,
        name: &str,
        text: &str,
        options: &[String],
    ) -> Result<Arc<Rules>, Diagnostics> {
        self.assemble_top(Top::Text { name, text }, options, true)
    }

    /// Everything [`Library::validate`] checks, for a ruleset given as text
    /// (see [`Library::assemble_text`]).
    pub fn validate_text(&self, name: &str, text: &str) -> Diagnostics {
        self.validate_top(Top::Text { name, text })
    }

    /// Loads, resolves and assembles a ruleset with `options` applied.
    /// The ruleset as written must also take every setting of its options
    /// (see [`Library::option_problems`]): `tengen validate` and every
    /// loader give one verdict on a file.
    /// With `shortcuts` false, the rules are made without them.
    fn assemble_top(
        &self,
        top: Top<'_>,
        options: &[String],
        shortcuts: bool,
    ) -> Result<Arc<Rules>, Diagnostics> {
        let (loaded, built) = self.build(top, options);
        match built {
            Ok(rules) if shortcuts => Ok(Arc::new(rules)),
            Ok(rules) => Ok(Arc::new(rules.without_shortcuts())),
            Err(items) => {
                let mut diagnostics = loaded.diagnostics;
                diagnostics.add_new(items);
                diagnostics.cap();
                Err(diagnostics)
            }
        }
    }

    /// Everything `tengen validate` checks: the file and its `extends`
    /// chain, the resolved ruleset, its assembly, and the same for every
    /// switch and every choice of every option.
    pub fn validate(&self, reference: &str) -> Diagnostics {
        self.validate_top(Top::Reference(reference))
    }

    fn validate_top(&self, top: Top<'_>) -> Diagnostics {
        let (loaded, built) = self.build(top, &[]);
        let mut diagnostics = loaded.diagnostics;
        if let Err(items) = built {
            diagnostics.add_new(items);
        }
        diagnostics.cap();
        diagnostics
    }

    /// Loads `top` with `options` and builds its rules, or gives the
    /// problems found on the way; with the loaded ruleset (whose
    /// diagnostics hold the sources, and the problems of loading).
    pub(super) fn build(
        &self,
        top: Top<'_>,
        options: &[String],
    ) -> (Loaded, Result<Rules, Vec<Diagnostic>>) {
        let loaded = self.load(top, options);
        if !loaded.diagnostics.is_empty() {
            return (loaded, Err(Vec::new()));
        }
        let resolved = match loaded.typed(top.name(), options) {
            Ok(resolved) => resolved,
            Err(message) => {
                let d = loaded.whole_problem(message);
                return (loaded, Err(vec![d]));
            }
        };
        let sources = &loaded.diagnostics.sources;
        let lean = lean(&resolved);
        let built = match assemble(self.registry, resolved, &loaded.sections, sources) {
            // The options patch the ruleset: trying them while it has
            // problems of its own would only repeat those.
            Err(items) => Err(items),
            Ok(rules) => {
                let problems = self.option_problems(&loaded, &lean);
                if problems.is_empty() {
                    Ok(rules)
                } else {
                    Err(problems)
                }
            }
        };
        (loaded, built)
    }

    /// The problems of the ruleset as written with each setting of its
    /// options, each option's once, saying with which setting they were
    /// found. The file is read and checked once; each setting is tried on
    /// a copy of the sections alone, so the work is the file's size plus,
    /// for each setting (at most
    /// [`MAX_OPTION_SETTINGS`](crate::ruleset::MAX_OPTION_SETTINGS)), the
    /// sections' size. An option inherited through `extends` that does
    /// not fit is reported at the `extends` of the file being loaded, with
    /// how to drop it: the parent's file may not be the reader's to edit.
    fn option_problems(&self, loaded: &Loaded, lean: &ResolvedRuleset) -> Vec<Diagnostic> {
        let sources = &loaded.diagnostics.sources;
        let mut found = Vec::new();
        for (name, spec, node) in &loaded.options {
            let failing: Vec<(String, Vec<Diagnostic>)> = spec
                .settings(name)
                .into_iter()
                .filter_map(|setting| {
                    self.try_settings(loaded, lean, std::slice::from_ref(&setting))
                        .err()
                        .map(|items| (setting, items))
                })
                .collect();
            let Some((first, items)) = failing.first() else {
                continue;
            };
            let more = match failing.len() - 1 {
                0 => String::new(),
                n => format!(" (and with {n} more of its choices)"),
            };
            if let Some((parent, extends)) =
                inherited_from(sources, &node.origin, loaded.extends.as_ref())
            {
                let why = items.first().map(|d| d.message.clone()).unwrap_or_default();
                let why = format!("with --option {first}{more}, {why}");
                found.push(inherited_problem(sources, name, &parent, extends, &why));
                continue;
            }
            for item in items {
                if !matches!(item.location, crate::ruleset::Location::File { .. }) {
                    continue;
                }
                let found_with = format!("found with --option {first}{more}");
                let mut item = item.clone();
                item.help = Some(match item.help {
                    Some(h) => format!("{h}; {found_with}"),
                    None => found_with,
                });
                found.push(item);
            }
        }
        found
    }

    /// Resolves and assembles the sections of `loaded` with option
    /// settings applied (`size=9`, `weak-eyes`), returning the problems if
    /// any.
    pub(super) fn try_settings(
        &self,
        loaded: &Loaded,
        lean: &ResolvedRuleset,
        applied: &[String],
    ) -> Result<(), Vec<Diagnostic>> {
        let sources = &loaded.diagnostics.sources;
        let mut sections = loaded.base.clone();
        let mut problems = Diagnostics::default();
        problems.items.extend(apply_options(
            &mut sections,
            applied,
            &loaded.options,
            sources,
        ));
        problems
            .items
            .extend(check_sections(&sections, sources, self.registry));
        problems.add_new(
            self.sections_validator
                .check(self.registry, sources, &sections),
        );
        if !problems.items.is_empty() {
            return Err(problems.items);
        }
        let resolved = typed(
            lean.meta.clone(),
            &sections,
            Vec::new(),
            &lean.source,
            applied,
        )
        .map_err(|m| vec![loaded.whole_problem(m)])?;
        assemble(self.registry, resolved, &sections, sources).map(|_| ())
    }

    /// Reads a ruleset and its `extends` chain, checks its options, and
    /// applies those given, collecting every problem. Each document is
    /// checked against the schema as it is read; the sections are checked
    /// again once resolved (a file that extends another may leave out
    /// `kind`, and options change them).
    fn load(&self, top: Top<'_>, options: &[String]) -> Loaded {
        let mut diagnostics = Diagnostics::default();
        let mut chain = Chain::default();
        let bundled_only = matches!(top, Top::Text { .. });
        let tree = self.load_document(top, None, bundled_only, None, &mut diagnostics, &mut chain);
        let Some(tree) = tree else {
            let origin = Origin::Option(top.name().to_string());
            diagnostics.cap();
            return Loaded {
                meta: Node::table(origin.clone()),
                options: Vec::new(),
                sections: Node::table(origin.clone()),
                base: Node::table(origin),
                extends: None,
                diagnostics,
            };
        };
        let declared = declared_options(&tree);
        let base = sections_only(&tree);
        let mut sections = base.clone();
        let sources = &diagnostics.sources;
        let mut found = check_options(
            &tree,
            &declared,
            sources,
            self.registry,
            chain.top_extends.as_ref(),
        );
        found.extend(apply_options(&mut sections, options, &declared, sources));
        found.extend(check_sections(&sections, sources, self.registry));
        found.extend(
            self.sections_validator
                .check(self.registry, sources, &sections),
        );
        diagnostics.add_new(found);
        diagnostics.cap();
        Loaded {
            meta: tree
                .get("ruleset")
                .cloned()
                .unwrap_or_else(|| Node::table(tree.origin.clone())),
            options: declared,
            sections,
            base,
            extends: chain.top_extends,
            diagnostics,
        }
    }

    /// Opens a ruleset by reference: a bundled id, or a path (relative to
    /// `base` when given).
    fn open(
        &self,
        top: Top<'_>,
        base: Option<&Path>,
        bundled_only: bool,
    ) -> Result<(Source, Option<PathBuf>, String), OpenError> {
        let reference = match top {
            Top::Text { name, text } => {
                if text.len() as u64 > MAX_RULESET_BYTES {
                    return Err(OpenError::Unreadable(format!(
                        "`{name}` is {} bytes; rulesets are limited to {MAX_RULESET_BYTES} bytes",
                        text.len()
                    )));
                }
                let source = Source {
                    name: name.to_string(),
                    text: text.to_string(),
                };
                return Ok((source, None, format!("text:{name}")));
            }
            Top::Reference(reference) => reference,
        };
        let looks_like_path =
            reference.contains('/') || reference.contains('\\') || reference.ends_with(".toml");
        if !looks_like_path && let Some(b) = self.bundled.iter().find(|b| b.id == reference) {
            return Ok((
                Source {
                    name: b.file.to_string(),
                    text: b.text.to_string(),
                },
                None,
                format!("bundled:{}", b.id),
            ));
        }
        if bundled_only {
            let ids: Vec<&str> = self.bundled.iter().map(|b| b.id).collect();
            let mut message = format!(
                "a ruleset given as text extends only bundled rulesets, and there is none named `{reference}` (bundled rulesets: {})",
                ids.join(", ")
            );
            if let Some(c) = closest(reference, ids.iter().copied()) {
                message.push_str(&format!("; did you mean `{c}`?"));
            }
            return Err(OpenError::Missing(message));
        }
        let path = match base {
            Some(dir) => dir.join(reference),
            None => PathBuf::from(reference),
        };
        let not_found = || {
            let ids: Vec<&str> = self.bundled.iter().map(|b| b.id).collect();
            let mut message = format!(
                "there is no bundled ruleset or file named `{reference}` (bundled rulesets: {})",
                ids.join(", ")
            );
            if let Some(c) = closest(reference, ids.iter().copied()) {
                message.push_str(&format!("; did you mean `{c}`?"));
            }
            message
        };
        let metadata = std::fs::metadata(&path).map_err(|_| OpenError::Missing(not_found()))?;
        if !metadata.is_file() {
            return Err(OpenError::Unreadable(format!(
                "`{}` is not a file",
                path.display()
            )));
        }
        if metadata.len() > MAX_RULESET_BYTES {
            return Err(OpenError::Unreadable(format!(
                "`{}` is {} bytes; ruleset files are limited to {MAX_RULESET_BYTES} bytes",
                path.display(),
                metadata.len()
            )));
        }
        // Read at most one byte over the limit, so a file that grew after
        // the look at its size is refused too, without reading it whole.
        let mut bytes = Vec::new();
        std::fs::File::open(&path)
            .and_then(|f| {
                use std::io::Read;
                f.take(MAX_RULESET_BYTES + 1).read_to_end(&mut bytes)
            })
            .map_err(|e| OpenError::Unreadable(format!("cannot read `{}`: {e}", path.display())))?;
        if bytes.len() as u64 > MAX_RULESET_BYTES {
            return Err(OpenError::Unreadable(format!(
                "`{}` is larger than {MAX_RULESET_BYTES} bytes, the limit of ruleset files",
                path.display()
            )));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            OpenError::Unreadable(format!(
                "`{}` is not UTF-8 text (byte {} is not): ruleset files are UTF-8",
                path.display(),
                e.utf8_error().valid_up_to()
            ))
        })?;
        let key = std::fs::canonicalize(&path)
            .unwrap_or_else(|_| path.clone())
            .display()
            .to_string();
        Ok((
            Source {
                name: path.display().to_string(),
                text,
            },
            path.parent().map(Path::to_path_buf),
            key,
        ))
    }

    fn load_document(
        &self,
        top: Top<'_>,
        base: Option<&Path>,
        bundled_only: bool,
        from: Option<&Origin>,
        diagnostics: &mut Diagnostics,
        chain: &mut Chain,
    ) -> Option<Node> {
        let here = from
            .cloned()
            .unwrap_or_else(|| Origin::Option(top.name().to_string()));
        let (source, dir, key) = match self.open(top, base, bundled_only) {
            Ok(opened) => opened,
            Err(error) => {
                let (code, message) = match error {
                    OpenError::Missing(m) if from.is_some() => ("missing-extends", m),
                    OpenError::Missing(m) => ("not-found", m),
                    OpenError::Unreadable(m) => ("unreadable", m),
                };
                let key_path = if from.is_some() {
                    "ruleset.extends"
                } else {
                    ""
                };
                let d = Diagnostic::new(&diagnostics.sources, code, &here, key_path, message);
                diagnostics.items.push(d);
                return None;
            }
        };
        let cyclic = chain.keys.contains(&key);
        if cyclic || chain.keys.len() >= MAX_EXTENDS_DEPTH {
            let mut names: Vec<String> = chain
                .keys
                .iter()
                .map(|n| n.rsplit('/').next().unwrap_or(n).to_string())
                .collect();
            names.push(key.rsplit('/').next().unwrap_or(&key).to_string());
            let (code, message) = if cyclic {
                (
                    "cyclic-extends",
                    format!("`extends` goes round in a circle: {}", names.join(" -> ")),
                )
            } else {
                (
                    "deep-extends",
                    format!(
                        "`extends` is followed at most {MAX_EXTENDS_DEPTH} rulesets deep: {}",
                        names.join(" -> ")
                    ),
                )
            };
            let d = Diagnostic::new(
                &diagnostics.sources,
                code,
                &here,
                "ruleset.extends",
                message,
            );
            diagnostics.items.push(d);
            return None;
        }
        chain.keys.push(key);
        let index = diagnostics.sources.add(source);
        let text = diagnostics.sources.get(index).text.clone();
        let (document, errors) = toml::de::DeTable::parse_recoverable(&text);
        if !errors.is_empty() {
            for e in errors {
                let span = e.span().unwrap_or(0..0);
                let d = Diagnostic::new(
                    &diagnostics.sources,
                    "toml-syntax",
                    &Origin::File {
                        source: index,
                        span,
                    },
                    "",
                    format!("this is not valid TOML: {}", e.message().trim()),
                );
                diagnostics.items.push(d);
            }
            chain.keys.pop();
            return None;
        }
        let span = document.span();
        let table = toml::Spanned::new(span, toml::de::DeValue::Table(document.into_inner()));
        let tree = match Node::from_toml(index, &table) {
            Ok(tree) => tree,
            Err((span, message)) => {
                let d = Diagnostic::new(
                    &diagnostics.sources,
                    "toml-value",
                    &Origin::File {
                        source: index,
                        span,
                    },
                    "",
                    message,
                );
                diagnostics.items.push(d);
                chain.keys.pop();
                return None;
            }
        };
        // A file that extends another may leave out `kind`: such a section
        // is judged once resolved, against the kind it then has (the schema
        // checks it against every kind's parameters, for editors; the
        // resolved check says more).
        // Found once: a section may hold thousands of keys, and as many
        // problems.
        let kindless_sections: Vec<&str> = tree
            .entries()
            .iter()
            .filter(|e| {
                ComponentKind::from_section(&e.key).is_some()
                    && matches!(e.node.value, NodeValue::Table(_))
                    && e.node.get("kind").is_none()
            })
            .map(|e| e.key.as_str())
            .collect();
        let kindless = |key_path: &str| {
            let section = key_path.split(['.', '[']).next().unwrap_or_default();
            kindless_sections.contains(&section)
        };
        let found: Vec<Diagnostic> = self
            .validator
            .check(self.registry, &diagnostics.sources, &tree)
            .into_iter()
            .filter(|d| !kindless(&d.key_path))
            .collect();
        diagnostics.add_new(found);
        let extends = tree
            .get("ruleset")
            .and_then(|r| r.entry("extends"))
            .and_then(|e| {
                e.node
                    .as_str()
                    .map(|s| (s.to_string(), e.node.origin.clone()))
            });
        let result = match extends {
            None => Some(tree),
            Some((parent_ref, origin)) => {
                if from.is_none() {
                    chain.top_extends = Some(origin.clone());
                }
                let parent = self.load_document(
                    Top::Reference(&parent_ref),
                    dir.as_deref(),
                    bundled_only,
                    Some(&origin),
                    diagnostics,
                    chain,
                );
                parent.map(|p| merge(p, &tree))
            }
        };
        chain.keys.pop();
        result
    }
}

/// Lays `child` over `parent` (see [`RulesetMeta::extends`]). An inherited
/// choice option whose default no longer describes the merged ruleset (the
/// child changed what it set) keeps its choices but loses its default.
fn merge(parent: Node, child: &Node) -> Node {
    let mut out = merge_tables(parent, child);
    let redeclared: Vec<&str> = child
        .get("options")
        .map(Node::entries)
        .unwrap_or_default()
        .iter()
        .map(|e| e.key.as_str())
        .collect();
    let sections = sections_only(&out);
    let before = sections.to_json();
    let stale: Vec<String> = declared_options(&out)
        .into_iter()
        .filter(|(name, _, node)| {
            !redeclared.contains(&name.as_str())
                && node
                    .get("default")
                    .and_then(Node::as_str)
                    .and_then(|d| node.get("choices").and_then(|c| c.get(d)))
                    .is_some_and(|choice| changes(&sections, &before, choice).is_some())
        })
        .map(|(name, _, _)| name)
        .collect();
    if let Some(options) = out.table_mut("options", &child.origin) {
        for name in stale {
            if let Some(option) = options.table_mut(&name, &child.origin) {
                option.remove("default");
            }
        }
    }
    out
}

fn merge_tables(parent: Node, child: &Node) -> Node {
    let mut out = parent;
    for entry in child.entries() {
        match entry.key.as_str() {
            "ruleset" => {
                let mut meta = entry.node.clone();
                for inherited in ["colours", "undo"] {
                    if meta.get(inherited).is_none()
                        && let Some(e) = out.get("ruleset").and_then(|r| r.entry(inherited))
                    {
                        let e = e.clone();
                        meta.set(inherited, e.key_origin, e.node);
                    }
                }
                meta.remove("extends");
                out.set("ruleset", entry.key_origin.clone(), meta);
            }
            "options" => {
                let options = out
                    .table_mut("options", &entry.key_origin)
                    .expect("options is a table");
                // `NAME = false` drops the option NAME inherited; one that
                // names no inherited option is kept, to be reported.
                let (dropped, declared): (Vec<&Entry>, Vec<&Entry>) = entry
                    .node
                    .entries()
                    .iter()
                    .partition(|e| matches!(e.node.value, NodeValue::Boolean(false)));
                for e in dropped {
                    if options.remove(&e.key).is_none() {
                        options.set_all([e]);
                    }
                }
                options.set_all(declared);
            }
            section if ComponentKind::from_section(section).is_some() => {
                patch_section(&mut out, section, &entry.key_origin, &entry.node);
            }
            other => out.set(other, entry.key_origin.clone(), entry.node.clone()),
        }
    }
    out
}

/// Every section must be present, with a kind, once `extends` and options
/// are resolved.
fn check_sections(
    tree: &Node,
    sources: &crate::ruleset::SourceMap,
    registry: &Registry,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let start = match &tree.origin {
        Origin::File { source, .. } => Origin::File {
            source: *source,
            span: 0..0,
        },
        other => other.clone(),
    };
    for kind in ComponentKind::ALL {
        let section = kind.section();
        let ids = registry.ids(kind).join(", ");
        match tree.entry(section) {
            None => out.push(
                Diagnostic::new(
                    sources,
                    "missing-section",
                    &start,
                    section,
                    format!("the ruleset has no [{section}] section: every ruleset names one {} implementation", kind.trait_name()),
                )
                .with_help(format!("add [{section}] with one of: kind = {ids}")),
            ),
            Some(e) if e.node.get("kind").is_none() => out.push(
                Diagnostic::new(sources, "missing-kind", &e.key_origin, section, format!("[{section}] does not say which {} to use", kind.trait_name()))
                    .with_help(format!("add kind = one of: {ids}")),
            ),
            _ => {}
        }
    }
    out
}

/// The typed `[ruleset]` table (already schema-checked).
fn typed_meta(meta: &Node) -> Result<RulesetMeta, String> {
    serde_json::from_value(meta.to_json()).map_err(|e| format!("[ruleset]: {e}"))
}

/// The typed form of resolved sections (already schema-checked).
fn typed(
    meta: RulesetMeta,
    tree: &Node,
    options: Vec<(String, crate::ruleset::OptionSpec)>,
    reference: &str,
    applied: &[String],
) -> Result<ResolvedRuleset, String> {
    let mut sections = Vec::new();
    for kind in ComponentKind::ALL {
        let mut params = match tree.get(kind.section()).map(Node::to_json) {
            Some(serde_json::Value::Object(map)) => map,
            _ => return Err(format!("[{}] is missing", kind.section())),
        };
        let id = params
            .shift_remove("kind")
            .and_then(|k| k.as_str().map(String::from))
            .ok_or_else(|| format!("[{}] has no kind", kind.section()))?;
        sections.push((kind, Section { kind: id, params }));
    }
    Ok(ResolvedRuleset {
        meta,
        sections,
        options,
        applied: applied.to_vec(),
        source: reference.to_string(),
    })
}
