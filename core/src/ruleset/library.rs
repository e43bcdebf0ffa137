//! Loading rulesets: TOML -> schema validation -> `extends` and options
//! resolved -> typed ruleset -> cross-component checks -> assembled rules,
//! collecting every problem on the way.

use crate::registry::Registry;
use crate::rules::{ComponentKind, Rules};
use crate::ruleset::assemble::assemble;
use crate::ruleset::diagnostic::{Diagnostic, Diagnostics, Source};
use crate::ruleset::model::{OptionForm, OptionSpec, ResolvedRuleset, RulesetMeta, Section};
use crate::ruleset::node::{Node, Origin};
use crate::ruleset::schema::ruleset_schema;
use crate::ruleset::validate::SchemaValidator;
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
    validator: SchemaValidator,
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
enum Top<'a> {
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

/// A ruleset resolved, with the document it came from (for locating
/// problems found later).
struct Loaded {
    tree: Node,
    diagnostics: Diagnostics,
}

impl Library {
    /// A library of the bundled rulesets over a registry.
    pub fn new(registry: &'static Registry, mut bundled: Vec<Bundled>) -> Library {
        bundled.sort_by_key(|b| b.id);
        let schema = ruleset_schema(registry);
        let validator = SchemaValidator::new(&schema);
        Library {
            registry,
            bundled,
            schema,
            validator,
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
        let Loaded {
            tree,
            mut diagnostics,
        } = loaded;
        if !diagnostics.is_empty() {
            return Err(diagnostics);
        }
        match typed(&tree, reference, options) {
            Ok(resolved) => Ok(resolved),
            Err(message) => {
                let d = Diagnostic::new(&diagnostics.sources, "invalid", &tree.origin, "", message);
                diagnostics.items.push(d);
                Err(diagnostics)
            }
        }
    }

    /// Resolves and assembles a ruleset: the rules, ready to play.
    pub fn assemble(&self, reference: &str, options: &[String]) -> Result<Arc<Rules>, Diagnostics> {
        self.assemble_top(Top::Reference(reference), options)
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
        self.assemble_top(Top::Text { name, text }, options)
    }

    /// Everything [`Library::validate`] checks, for a ruleset given as text
    /// (see [`Library::assemble_text`]).
    pub fn validate_text(&self, name: &str, text: &str) -> Diagnostics {
        self.validate_top(Top::Text { name, text })
    }

    fn assemble_top(&self, top: Top<'_>, options: &[String]) -> Result<Arc<Rules>, Diagnostics> {
        let Loaded {
            tree,
            mut diagnostics,
        } = self.load(top, options);
        if !diagnostics.is_empty() {
            return Err(diagnostics);
        }
        let resolved = match typed(&tree, top.name(), options) {
            Ok(r) => r,
            Err(message) => {
                let d = Diagnostic::new(&diagnostics.sources, "invalid", &tree.origin, "", message);
                diagnostics.items.push(d);
                return Err(diagnostics);
            }
        };
        match assemble(self.registry, resolved, &tree, &diagnostics.sources) {
            Ok(rules) => Ok(Arc::new(rules)),
            Err(items) => {
                diagnostics.items.extend(items);
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
        let mut all = match self.assemble_top(top, &[]) {
            Ok(_) => Diagnostics::default(),
            Err(d) => d,
        };
        if !all.is_empty() {
            // The options patch the ruleset: trying them now would only
            // repeat its own problems.
            return all;
        }
        let Loaded { tree, .. } = self.load(top, &[]);
        for (name, spec, _) in declared_options(&tree) {
            let trials = spec.settings(&name);
            let failing: Vec<(String, Diagnostics)> = trials
                .into_iter()
                .filter_map(|t| {
                    self.assemble_top(top, std::slice::from_ref(&t))
                        .err()
                        .map(|d| (t, d))
                })
                .collect();
            let Some((first, diagnostics)) = failing.first() else {
                continue;
            };
            let more = match failing.len() - 1 {
                0 => String::new(),
                n => format!(" (and with {n} more of its choices)"),
            };
            for mut item in diagnostics.items.clone() {
                if let crate::ruleset::Location::File { source, .. } = &mut item.location {
                    *source = all.sources.add(diagnostics.sources.get(*source).clone());
                } else {
                    continue;
                }
                let found = format!("found with --option {first}{more}");
                item.help = Some(match item.help {
                    Some(h) => format!("{h}; {found}"),
                    None => found,
                });
                if !all.items.contains(&item) {
                    all.items.push(item);
                }
            }
        }
        all
    }

    fn load(&self, top: Top<'_>, options: &[String]) -> Loaded {
        let mut diagnostics = Diagnostics::default();
        let mut chain = Vec::new();
        let bundled_only = matches!(top, Top::Text { .. });
        let tree = self.load_document(top, None, bundled_only, None, &mut diagnostics, &mut chain);
        let Some(mut tree) = tree else {
            return Loaded {
                tree: Node::table(Origin::Option(top.name().to_string())),
                diagnostics,
            };
        };
        let sources = diagnostics.sources.clone();
        diagnostics.items.extend(check_options(&tree, &sources));
        diagnostics
            .items
            .extend(apply_options(&mut tree, options, &sources));
        diagnostics
            .items
            .extend(check_sections(&tree, &sources, self.registry));
        for d in self.validator.check(self.registry, &sources, &tree) {
            if !diagnostics.items.contains(&d) {
                diagnostics.items.push(d);
            }
        }
        diagnostics.sort();
        Loaded { tree, diagnostics }
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
        chain: &mut Vec<String>,
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
        let cyclic = chain.contains(&key);
        if cyclic || chain.len() >= MAX_EXTENDS_DEPTH {
            let mut names: Vec<String> = chain
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
        chain.push(key);
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
            chain.pop();
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
                chain.pop();
                return None;
            }
        };
        for d in self
            .validator
            .check(self.registry, &diagnostics.sources, &tree)
        {
            // A file that extends another may leave out `kind`; the
            // resolved ruleset is checked for completeness later.
            if !diagnostics.items.contains(&d) {
                diagnostics.items.push(d);
            }
        }
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
        chain.pop();
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
    let stale: Vec<String> = declared_options(&out)
        .into_iter()
        .filter(|(name, _, node)| {
            !redeclared.contains(&name.as_str())
                && node
                    .get("default")
                    .and_then(Node::as_str)
                    .and_then(|d| node.get("choices").and_then(|c| c.get(d)))
                    .is_some_and(|choice| {
                        let mut patched = out.clone();
                        apply_patch(&mut patched, choice);
                        sections_json(&patched) != sections_json(&out)
                    })
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
                for option in entry.node.entries() {
                    options.set(&option.key, option.key_origin.clone(), option.node.clone());
                }
            }
            section if ComponentKind::from_section(section).is_some() => {
                patch_section(&mut out, section, &entry.key_origin, &entry.node);
            }
            other => out.set(other, entry.key_origin.clone(), entry.node.clone()),
        }
    }
    out
}

/// Applies a section patch: one that names a `kind` replaces the section;
/// one that does not changes the keys it gives.
fn patch_section(tree: &mut Node, section: &str, key_origin: &Origin, patch: &Node) {
    if patch.get("kind").is_some() || tree.get(section).is_none() {
        tree.set(section, key_origin.clone(), patch.clone());
    } else if let Some(target) = tree.table_mut(section, key_origin) {
        for e in patch.entries() {
            target.set(&e.key, e.key_origin.clone(), e.node.clone());
        }
    }
}

fn apply_patch(tree: &mut Node, patch: &Node) {
    for e in patch.entries() {
        patch_section(tree, &e.key, &e.key_origin, &e.node);
    }
}

/// The declared options, typed, in declaration order.
fn declared_options(tree: &Node) -> Vec<(String, OptionSpec, &Node)> {
    tree.get("options")
        .map(Node::entries)
        .unwrap_or_default()
        .iter()
        .filter_map(|e| {
            serde_json::from_value::<OptionSpec>(e.node.to_json())
                .ok()
                .map(|spec| (e.key.clone(), spec, &e.node))
        })
        .collect()
}

/// Checks the options a ruleset declares, whatever is chosen.
fn check_options(tree: &Node, sources: &crate::ruleset::SourceMap) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let declared = declared_options(tree);
    let names: Vec<&str> = declared.iter().map(|(n, _, _)| n.as_str()).collect();
    for (name, spec, node) in &declared {
        let path = format!("options.{name}");
        let Some(form) = spec.form() else {
            out.push(Diagnostic::new(
                sources,
                "option-form",
                &node.origin,
                &path,
                "an option gives exactly one of `patch` (a switch), `choices` (one patch per value) or `set` (keys a value is written to)",
            ));
            continue;
        };
        if let Some(default) = &spec.default {
            let origin = &node.get("default").expect("default present").origin;
            if form != OptionForm::Choice {
                out.push(Diagnostic::new(
                    sources,
                    "option-form",
                    origin,
                    format!("{path}.default"),
                    "only an option with `choices` has a default",
                ));
            } else if let Some(choice) = node.get("choices").and_then(|c| c.get(default)) {
                let mut patched = tree.clone();
                apply_patch(&mut patched, choice);
                let (before, after) = (sections_json(tree), sections_json(&patched));
                if before != after {
                    let changed = first_difference(&before, &after, "").unwrap_or_default();
                    out.push(Diagnostic::new(
                        sources,
                        "default-mismatch",
                        origin,
                        format!("{path}.default"),
                        format!(
                            "the ruleset as written must describe its default choice, but choice `{default}` changes {changed}"
                        ),
                    ));
                }
            } else {
                let choices: Vec<String> = spec
                    .choices
                    .iter()
                    .flat_map(|c| c.keys().cloned())
                    .collect();
                out.push(Diagnostic::new(
                    sources,
                    "unknown-choice",
                    origin,
                    format!("{path}.default"),
                    format!(
                        "`{default}` is not one of the choices: {}",
                        choices.join(", ")
                    ),
                ));
            }
        }
        if let (Some(set), Some(set_node)) = (&spec.set, node.get("set")) {
            for (i, target) in set.iter().enumerate() {
                let ok = matches!(target.split('.').collect::<Vec<_>>().as_slice(),
                    [section, key] if ComponentKind::from_section(section).is_some() && !key.is_empty() && *key != "kind");
                if !ok {
                    let origin = match &set_node.value {
                        crate::ruleset::node::Value::Array(items) => &items[i].origin,
                        _ => &set_node.origin,
                    };
                    out.push(Diagnostic::new(
                        sources,
                        "bad-target",
                        origin,
                        format!("{path}.set[{i}]"),
                        format!(
                            "`{target}` is not a parameter: write `section.key`, e.g. `scorer.komi`"
                        ),
                    ));
                }
            }
        }
        for other in &spec.conflicts {
            if !names.contains(&other.as_str()) {
                let origin = &node.get("conflicts").expect("conflicts present").origin;
                let mut d = Diagnostic::new(
                    sources,
                    "unknown-option",
                    origin,
                    format!("{path}.conflicts"),
                    format!("`{other}` is not an option of this ruleset"),
                );
                if let Some(c) = closest(other, names.iter().copied()) {
                    d = d.with_help(format!("did you mean `{c}`?"));
                }
                out.push(d);
            }
        }
    }
    out
}

fn sections_json(tree: &Node) -> serde_json::Value {
    let mut json = tree.to_json();
    if let Some(o) = json.as_object_mut() {
        o.remove("options");
        o.remove("ruleset");
    }
    json
}

fn first_difference(a: &serde_json::Value, b: &serde_json::Value, path: &str) -> Option<String> {
    match (a, b) {
        (serde_json::Value::Object(x), serde_json::Value::Object(y)) => {
            for (k, v) in y {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                match x.get(k) {
                    Some(w) if w == v => {}
                    Some(w) => return first_difference(w, v, &p),
                    None => return Some(format!("{p} (to {v})")),
                }
            }
            x.keys()
                .find(|k| !y.contains_key(*k))
                .map(|k| format!("{path}.{k} (removed)"))
        }
        _ if a == b => None,
        _ => Some(format!("{path} from {a} to {b}")),
    }
}

/// Applies the chosen options (`name` or `name=value`) in the order the
/// ruleset declares them.
fn apply_options(
    tree: &mut Node,
    given: &[String],
    sources: &crate::ruleset::SourceMap,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let declared: Vec<(String, OptionSpec, Node)> = declared_options(tree)
        .into_iter()
        .map(|(n, s, node)| (n, s, node.clone()))
        .collect();
    let names: Vec<&str> = declared.iter().map(|(n, _, _)| n.as_str()).collect();
    let mut chosen: Vec<(usize, Option<String>, String)> = Vec::new();
    for arg in given {
        let origin = Origin::Option(arg.clone());
        let (name, value) = match arg.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim().to_string())),
            None => (arg.trim(), None),
        };
        let Some(index) = names.iter().position(|n| *n == name) else {
            let mut d = Diagnostic::new(
                sources,
                "unknown-option",
                &origin,
                "",
                if names.is_empty() {
                    format!("this ruleset has no options, so `{name}` cannot be set")
                } else {
                    format!("this ruleset has no option `{name}`")
                },
            );
            let usages: Vec<String> = declared.iter().map(|(n, s, _)| s.usage(n)).collect();
            if !names.is_empty() {
                d = d.with_help(match closest(name, names.iter().copied()) {
                    Some(c) => format!("did you mean `{c}`? options: {}", usages.join(", ")),
                    None => format!("options: {}", usages.join(", ")),
                });
            }
            out.push(d);
            continue;
        };
        if chosen.iter().any(|(i, _, _)| *i == index) {
            out.push(Diagnostic::new(
                sources,
                "repeated-option",
                &origin,
                "",
                format!("option `{name}` is given twice"),
            ));
            continue;
        }
        chosen.push((index, value, arg.clone()));
    }
    let mut reported: Vec<(usize, usize)> = Vec::new();
    for (i, _, arg) in &chosen {
        for other in &declared[*i].1.conflicts {
            if let Some((j, _, other_arg)) = chosen.iter().find(|(j, _, _)| names[*j] == other) {
                if reported.contains(&(*j, *i)) {
                    continue;
                }
                reported.push((*i, *j));
                out.push(Diagnostic::new(
                    sources,
                    "conflicting-options",
                    &Origin::Option(arg.clone()),
                    "",
                    format!("options `{}` and `{other}` cannot be combined (given as `{arg}` and `{other_arg}`)", names[*i]),
                ));
            }
        }
    }
    chosen.sort_by_key(|(i, _, _)| *i);
    for (index, value, arg) in chosen {
        let (name, spec, node) = &declared[index];
        let origin = Origin::Option(arg.clone());
        match (spec.form(), value) {
            (Some(OptionForm::Switch), None) => {
                apply_patch(tree, node.get("patch").expect("switch has a patch"))
            }
            (Some(OptionForm::Switch), Some(_)) => out.push(Diagnostic::new(
                sources,
                "option-value",
                &origin,
                "",
                format!("option `{name}` is a switch and takes no value: write `--option {name}`"),
            )),
            (Some(OptionForm::Choice), value) => {
                let choices: Vec<String> = spec
                    .choices
                    .iter()
                    .flat_map(|c| c.keys().cloned())
                    .collect();
                match value
                    .as_deref()
                    .and_then(|v| node.get("choices").and_then(|c| c.get(v)))
                {
                    Some(patch) => apply_patch(tree, patch),
                    None => {
                        let message = match &value {
                            None => format!("option `{name}` needs a value: {}", spec.usage(name)),
                            Some(v) => format!(
                                "`{v}` is not a choice of option `{name}`: {}",
                                spec.usage(name)
                            ),
                        };
                        let mut d = Diagnostic::new(sources, "option-value", &origin, "", message);
                        if let Some(c) = value
                            .as_deref()
                            .and_then(|v| closest(v, choices.iter().map(String::as_str)))
                        {
                            d = d.with_help(format!("did you mean `{name}={c}`?"));
                        }
                        out.push(d);
                    }
                }
            }
            (Some(OptionForm::Value), None) => out.push(Diagnostic::new(
                sources,
                "option-value",
                &origin,
                "",
                format!("option `{name}` needs a value: write `--option {name}=VALUE`"),
            )),
            (Some(OptionForm::Value), Some(text)) => {
                let value = parse_value(&text, &origin);
                for target in spec.set.iter().flatten() {
                    if let Some((section, key)) = target.split_once('.')
                        && let Some(table) = tree.table_mut(section, &origin)
                    {
                        table.set(key, origin.clone(), value.clone());
                    }
                }
            }
            (None, _) => {}
        }
    }
    out
}

/// Reads an option value as a TOML value (`9`, `6.5`, `true`, `"x"`), or as
/// a bare string when it is not one.
fn parse_value(text: &str, origin: &Origin) -> Node {
    use crate::ruleset::node::Value;
    let value = match toml::de::DeValue::parse(text).map(|v| v.into_inner()) {
        // An integer beyond 64 bits is read as the float it is near, so
        // that the range check names it as too large.
        Ok(toml::de::DeValue::Integer(i)) => i64::from_str_radix(i.as_str(), i.radix())
            .map(Value::Integer)
            .ok()
            .or_else(|| {
                (i.radix() == 10)
                    .then(|| i.as_str().parse::<f64>().ok())
                    .flatten()
                    .filter(|f| f.is_finite())
                    .map(Value::Float)
            })
            .unwrap_or_else(|| Value::String(text.to_string())),
        // A float that is infinite or NaN is no number a ruleset holds.
        Ok(toml::de::DeValue::Float(f)) => f
            .as_str()
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(Value::Float)
            .unwrap_or_else(|| Value::String(text.to_string())),
        Ok(toml::de::DeValue::Boolean(b)) => Value::Boolean(b),
        Ok(toml::de::DeValue::String(s)) => Value::String(s.to_string()),
        _ => Value::String(text.to_string()),
    };
    Node {
        value,
        origin: origin.clone(),
    }
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

/// The typed form of a resolved tree (already schema-checked).
fn typed(tree: &Node, reference: &str, applied: &[String]) -> Result<ResolvedRuleset, String> {
    let meta: RulesetMeta =
        serde_json::from_value(tree.get("ruleset").map(Node::to_json).unwrap_or_default())
            .map_err(|e| format!("[ruleset]: {e}"))?;
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
    let options = declared_options(tree)
        .into_iter()
        .map(|(name, spec, _)| (name, spec))
        .collect();
    Ok(ResolvedRuleset {
        meta,
        sections,
        options,
        applied: applied.to_vec(),
        source: reference.to_string(),
    })
}
