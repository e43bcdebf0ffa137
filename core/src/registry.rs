//! The component registry: every implementation of every component trait,
//! registered with [`inventory`] where it is defined, and found by id.
//!
//! A component is one file: the type, its doc comment (the single source of
//! its documentation in `tengen explain`, the schema and the book), its
//! parameters type (the single source of the parameter schema and of the
//! parsing), and a [`component!`](crate::component) invocation around the
//! type. The registry is built once, sorted by kind and id; two components
//! of one kind with the same id are reported with both source locations.

use crate::action::ActionSpec;
use crate::geometry::Geometry;
use crate::rules::{Objective, Opening, RepetitionPolicy, Resolver, Schedule, Scorer, Topology};
use crate::state::ComponentKind;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::DeserializeOwned;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// What a component's constructor knows about the rest of the ruleset.
#[derive(Clone, Debug, Default)]
pub struct BuildContext {
    /// The board's shape (absent while the topology itself is built).
    pub geometry: Option<Arc<Geometry>>,
}

/// A problem a constructor found with its parameters or with how they fit
/// the rest of the ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildProblem {
    /// The parameter concerned, if one is (e.g. `stones`).
    pub key: Option<String>,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl BuildProblem {
    /// A problem with parameter `key`.
    pub fn at(key: &str, message: impl Into<String>) -> BuildProblem {
        BuildProblem {
            key: Some(key.to_string()),
            message: message.into(),
        }
    }

    /// A problem with the section as a whole.
    pub fn section(message: impl Into<String>) -> BuildProblem {
        BuildProblem {
            key: None,
            message: message.into(),
        }
    }
}

/// Implemented by every component: how to build it from its parameters.
pub trait FromParams: Sized {
    /// The parameters, as written in the ruleset section (besides `kind`).
    /// Use `#[serde(deny_unknown_fields, rename_all = "kebab-case")]`.
    type Params: DeserializeOwned + JsonSchema;

    /// Builds the component, checking how its parameters fit the ruleset.
    fn from_params(params: Self::Params, ctx: &BuildContext) -> Result<Self, Vec<BuildProblem>>;
}

/// A constructor: parameters (as JSON, already checked against the schema)
/// to a boxed component of one trait.
#[derive(Clone, Copy)]
#[allow(missing_docs)]
pub enum Builder {
    Topology(fn(&serde_json::Value, &BuildContext) -> Built<dyn Topology>),
    Opening(fn(&serde_json::Value, &BuildContext) -> Built<dyn Opening>),
    Schedule(fn(&serde_json::Value, &BuildContext) -> Built<dyn Schedule>),
    Resolver(fn(&serde_json::Value, &BuildContext) -> Built<dyn Resolver>),
    Repetition(fn(&serde_json::Value, &BuildContext) -> Built<dyn RepetitionPolicy>),
    Scorer(fn(&serde_json::Value, &BuildContext) -> Built<dyn Scorer>),
    Objective(fn(&serde_json::Value, &BuildContext) -> Built<dyn Objective>),
}

/// What a constructor returns.
pub type Built<T> = Result<Box<T>, Vec<BuildProblem>>;

/// A constructor of components of one trait.
pub type Constructor<T> = fn(&serde_json::Value, &BuildContext) -> Built<T>;

/// Reads parameters and builds a component; used by [`component!`](crate::component).
pub fn build_from_value<T: FromParams>(
    value: &serde_json::Value,
    ctx: &BuildContext,
) -> Result<T, Vec<BuildProblem>> {
    let params: T::Params = serde_json::from_value(value.clone())
        .map_err(|e| vec![BuildProblem::section(e.to_string())])?;
    T::from_params(params, ctx)
}

/// One registered component.
pub struct Registration {
    /// Its id, in kebab-case, as rulesets name it (`kind = "..."`).
    pub id: &'static str,
    /// Its doc comment, as written (see [`Registration::docs`]).
    pub raw_docs: &'static str,
    /// The JSON schema of its parameters.
    pub params_schema: fn(&mut SchemaGenerator) -> Schema,
    /// Its constructor, which also says the trait it implements (see
    /// [`Registration::kind`]).
    pub build: Builder,
    /// The actions beyond the core's that it handles (see
    /// [`ActionSpec`]).
    pub actions: &'static [&'static ActionSpec],
    /// The source file that registers it.
    pub file: &'static str,
    /// The line of the registration.
    pub line: u32,
}

inventory::collect!(Registration);

/// `file` (a `file!()`) as a path from the workspace root, the folder
/// above `crate_dir` (the registering crate's `CARGO_MANIFEST_DIR`): cargo
/// gives a workspace member's files that way already, but a module
/// declared with an absolute `#[path]` (as `tengen-variants` declares its
/// component files, from its build script) has an absolute `file!()`.
/// Any other path is returned as it is.
pub const fn workspace_path(file: &'static str, crate_dir: &'static str) -> &'static str {
    let (f, d) = (file.as_bytes(), crate_dir.as_bytes());
    // The length of the workspace root with its separator.
    let mut root = d.len();
    while root > 0 && d[root - 1] != b'/' && d[root - 1] != b'\\' {
        root -= 1;
    }
    if root == 0 || f.len() <= root {
        return file;
    }
    let mut i = 0;
    while i < root {
        if f[i] != d[i] {
            return file;
        }
        i += 1;
    }
    match core::str::from_utf8(f.split_at(root).1) {
        Ok(rest) => rest,
        Err(_) => file,
    }
}

impl Registration {
    /// The trait it implements: the one its constructor builds.
    pub const fn kind(&self) -> ComponentKind {
        match self.build {
            Builder::Topology(_) => ComponentKind::Topology,
            Builder::Opening(_) => ComponentKind::Opening,
            Builder::Schedule(_) => ComponentKind::Schedule,
            Builder::Resolver(_) => ComponentKind::Resolver,
            Builder::Repetition(_) => ComponentKind::Repetition,
            Builder::Scorer(_) => ComponentKind::Scorer,
            Builder::Objective(_) => ComponentKind::Objective,
        }
    }

    /// The documentation as markdown (the doc comment without its leading
    /// spaces).
    pub fn docs(&self) -> String {
        self.raw_docs
            .lines()
            .map(|l| l.strip_prefix(' ').unwrap_or(l))
            .collect::<Vec<_>>()
            .join("\n")
            .trim()
            .to_string()
    }

    /// The first sentence of the documentation, on one line.
    pub fn summary(&self) -> String {
        let docs = self.docs();
        let paragraph = docs
            .split("\n\n")
            .next()
            .unwrap_or("")
            .trim_start_matches('#')
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        match paragraph.find(". ") {
            Some(end) => paragraph[..=end].to_string(),
            None => paragraph,
        }
    }

    /// Where the registration is, as `file:line`.
    pub fn location(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

/// One parameter of a component, read from its schema, for documentation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ParamDoc {
    /// The key in the ruleset section.
    pub name: String,
    /// Its type in words: `integer`, `number`, `boolean`, `string`, or the
    /// allowed words separated by `|`.
    pub kind: String,
    /// Whether the key must be given.
    pub required: bool,
    /// The default, when the key may be left out.
    pub default: Option<String>,
    /// The allowed range or values, in words.
    pub allowed: Option<String>,
    /// What it means.
    pub description: String,
}

impl Registration {
    /// The parameters, in declaration order, read from the schema.
    pub fn params(&self) -> Vec<ParamDoc> {
        let mut generator = schemars::generate::SchemaSettings::draft07().into_generator();
        let schema = (self.params_schema)(&mut generator).to_value();
        let definitions = generator.take_definitions(true);
        let resolve = |v: &serde_json::Value| -> serde_json::Value {
            match v.get("$ref").and_then(|r| r.as_str()) {
                Some(r) => {
                    let name = r.rsplit('/').next().unwrap_or(r);
                    let mut target = definitions.get(name).cloned().unwrap_or_default();
                    if let Some(t) = target.as_object_mut() {
                        // What the reference itself says wins over the
                        // definition's own words.
                        for key in ["description", "default"] {
                            if let Some(value) = v.get(key) {
                                t.insert(key.into(), value.clone());
                            }
                        }
                    }
                    target
                }
                None => v.clone(),
            }
        };
        let required: Vec<&str> = schema
            .get("required")
            .and_then(|r| r.as_array())
            .map(|a| a.iter().filter_map(|v| v.as_str()).collect())
            .unwrap_or_default();
        let Some(properties) = schema.get("properties").and_then(|p| p.as_object()) else {
            return Vec::new();
        };
        properties
            .iter()
            .map(|(name, raw)| {
                let prop = resolve(raw);
                let words: Vec<String> = prop
                    .get("enum")
                    .and_then(|e| e.as_array())
                    .map(|a| {
                        a.iter()
                            .filter_map(|v| v.as_str().map(String::from))
                            .collect()
                    })
                    .or_else(|| {
                        prop.get("oneOf").and_then(|o| o.as_array()).map(|a| {
                            a.iter()
                                .filter_map(|v| {
                                    v.get("const")
                                        .or_else(|| v.get("enum").and_then(|e| e.get(0)))
                                        .and_then(|c| c.as_str())
                                        .map(String::from)
                                })
                                .collect()
                        })
                    })
                    .unwrap_or_default();
                let kind = if words.is_empty() {
                    match prop.get("type") {
                        Some(serde_json::Value::String(t)) => t.clone(),
                        Some(serde_json::Value::Array(ts)) => ts
                            .iter()
                            .filter_map(|t| t.as_str())
                            .filter(|t| *t != "null")
                            .collect::<Vec<_>>()
                            .join(" or "),
                        _ => "value".to_string(),
                    }
                } else {
                    words.join(" | ")
                };
                let bound = |k: &str| prop.get(k).map(|v| v.to_string());
                let allowed = match (bound("minimum"), bound("maximum")) {
                    (Some(a), Some(b)) => Some(format!("{a} to {b}")),
                    (Some(a), None) => Some(format!("at least {a}")),
                    (None, Some(b)) => Some(format!("at most {b}")),
                    (None, None) => None,
                };
                let allowed = match (allowed, prop.get("multipleOf")) {
                    (Some(a), Some(m)) => Some(format!("{a}, in steps of {m}")),
                    (None, Some(m)) => Some(format!("multiples of {m}")),
                    (a, None) => a,
                };
                ParamDoc {
                    name: name.clone(),
                    kind,
                    required: required.contains(&name.as_str()),
                    default: prop.get("default").map(|d| d.to_string()),
                    allowed,
                    description: prop
                        .get("description")
                        .and_then(|d| d.as_str())
                        .unwrap_or("")
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" "),
                }
            })
            .collect()
    }
}

impl fmt::Debug for Registration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ({})", self.kind(), self.id, self.location())
    }
}

/// A registry that cannot be built: two registrations claim one name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuplicateComponent {
    /// Two components of one kind with one id.
    Component {
        /// The kind.
        kind: ComponentKind,
        /// The id.
        id: &'static str,
        /// Both source locations.
        locations: [String; 2],
    },
    /// Two different action declarations with one name or one notation,
    /// or an action in the words of one of the core's.
    Action {
        /// The name or the words both use.
        name: &'static str,
        /// Where each is declared (`the core` for the core's actions).
        locations: [String; 2],
    },
}

impl DuplicateComponent {
    /// Both source locations.
    pub fn locations(&self) -> &[String; 2] {
        match self {
            DuplicateComponent::Component { locations, .. }
            | DuplicateComponent::Action { locations, .. } => locations,
        }
    }
}

impl fmt::Display for DuplicateComponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuplicateComponent::Component {
                kind,
                id,
                locations,
            } => write!(
                f,
                "two {kind} components are registered with the id `{id}`: at {} and at {}",
                locations[0], locations[1]
            ),
            DuplicateComponent::Action { name, locations } => write!(
                f,
                "two different actions are declared as `{name}`: by {} and by the component \
                 registered at {}",
                locations[0], locations[1]
            ),
        }
    }
}

impl std::error::Error for DuplicateComponent {}

/// The first words of the core's own actions, which no component's action
/// may begin with.
pub const CORE_ACTION_WORDS: &[&str] = &[
    "pass",
    "pass-move",
    "mark",
    "unmark",
    "accept",
    "resume",
    "resign",
];

/// The constructor lookups of [`Registry`], one per trait: a registration
/// found by one builds that trait, by construction.
macro_rules! typed_constructors {
    ($($method:ident: $variant:ident => $trait:ty,)*) => {
        $(
            #[doc = concat!("The constructor of the ", stringify!($method), " component `id`.")]
            pub fn $method(&self, id: &str) -> Option<Constructor<$trait>> {
                self.find(id, |build| match build {
                    Builder::$variant(f) => Some(f),
                    _ => None,
                })
            }
        )*
    };
}

/// The registered components, sorted by kind and id.
#[derive(Debug)]
pub struct Registry {
    entries: Vec<&'static Registration>,
    /// Every action the components declare, sorted by name, each once.
    actions: Vec<&'static ActionSpec>,
}

impl Registry {
    /// A registry of the given registrations; refuses duplicates (of a
    /// component's id within its kind, of an action's name or words).
    pub fn from_registrations(
        registrations: impl IntoIterator<Item = &'static Registration>,
    ) -> Result<Registry, DuplicateComponent> {
        let mut entries: Vec<&'static Registration> = registrations.into_iter().collect();
        entries.sort_by_key(|r| (r.kind(), r.id));
        for pair in entries.windows(2) {
            if pair[0].kind() == pair[1].kind() && pair[0].id == pair[1].id {
                return Err(DuplicateComponent::Component {
                    kind: pair[0].kind(),
                    id: pair[0].id,
                    locations: [pair[0].location(), pair[1].location()],
                });
            }
        }
        let mut actions: Vec<(&'static ActionSpec, &'static Registration)> = Vec::new();
        for &registration in &entries {
            for &spec in registration.actions {
                let first_word = spec.words.split(' ').next().unwrap_or("");
                if CORE_ACTION_WORDS.contains(&first_word) {
                    return Err(DuplicateComponent::Action {
                        name: spec.words,
                        locations: ["the core".to_string(), registration.location()],
                    });
                }
                let clash = actions.iter().find(|(known, _)| {
                    !std::ptr::eq(*known, spec)
                        && (known.name == spec.name || known.words == spec.words)
                });
                if let Some((known, by)) = clash {
                    return Err(DuplicateComponent::Action {
                        name: if known.name == spec.name {
                            spec.name
                        } else {
                            spec.words
                        },
                        locations: [
                            format!("the component registered at {}", by.location()),
                            registration.location(),
                        ],
                    });
                }
                if !actions.iter().any(|(known, _)| std::ptr::eq(*known, spec)) {
                    actions.push((spec, registration));
                }
            }
        }
        actions.sort_by_key(|(spec, _)| spec.name);
        Ok(Registry {
            entries,
            actions: actions.into_iter().map(|(spec, _)| spec).collect(),
        })
    }

    /// The registry of every component linked into this program.
    ///
    /// # Errors
    /// When two components of one kind share an id (a programming error
    /// that a test of the registry catches before release).
    pub fn global() -> Result<&'static Registry, &'static DuplicateComponent> {
        static GLOBAL: OnceLock<Result<Registry, DuplicateComponent>> = OnceLock::new();
        GLOBAL
            .get_or_init(|| Registry::from_registrations(inventory::iter::<Registration>))
            .as_ref()
    }

    /// Every registration, sorted by kind and id.
    pub fn all(&self) -> &[&'static Registration] {
        &self.entries
    }

    /// The registrations of one kind, sorted by id.
    pub fn of_kind(&self, kind: ComponentKind) -> impl Iterator<Item = &'static Registration> + '_ {
        self.entries
            .iter()
            .copied()
            .filter(move |r| r.kind() == kind)
    }

    /// The registration of `kind` with `id`.
    pub fn get(&self, kind: ComponentKind, id: &str) -> Option<&'static Registration> {
        self.of_kind(kind).find(|r| r.id == id)
    }

    /// Every registration with `id`, whatever its kind.
    pub fn with_id(&self, id: &str) -> Vec<&'static Registration> {
        self.entries
            .iter()
            .copied()
            .filter(|r| r.id == id)
            .collect()
    }

    /// The ids of one kind.
    pub fn ids(&self, kind: ComponentKind) -> Vec<&'static str> {
        self.of_kind(kind).map(|r| r.id).collect()
    }

    typed_constructors! {
        topology: Topology => dyn Topology,
        opening: Opening => dyn Opening,
        schedule: Schedule => dyn Schedule,
        resolver: Resolver => dyn Resolver,
        repetition: Repetition => dyn RepetitionPolicy,
        scorer: Scorer => dyn Scorer,
        objective: Objective => dyn Objective,
    }

    fn find<T>(&self, id: &str, typed: impl Fn(Builder) -> Option<T>) -> Option<T> {
        self.entries
            .iter()
            .filter(|r| r.id == id)
            .find_map(|r| typed(r.build))
    }

    /// Every action the registered components declare, sorted by name.
    pub fn actions(&self) -> &[&'static ActionSpec] {
        &self.actions
    }

    /// The registrations that declare `spec`.
    pub fn declaring(&self, spec: &ActionSpec) -> Vec<&'static Registration> {
        self.entries
            .iter()
            .copied()
            .filter(|r| {
                r.actions
                    .iter()
                    .any(|a| std::ptr::eq(*a, spec) || *a == spec)
            })
            .collect()
    }
}

/// Every action the components linked into this program declare (none
/// when the registry has duplicates, which a test of the registry
/// catches before release).
pub fn registered_actions() -> &'static [&'static ActionSpec] {
    Registry::global().map(Registry::actions).unwrap_or(&[])
}

/// Registers a component: wraps its type definition, keeps its doc comment
/// as its documentation, and submits a [`Registration`].
///
/// ```ignore
/// tengen_core::component! {
///     /// Captures after every placement. ...
///     #[component(Resolver, "per-placement")]
///     #[derive(Debug)]
///     pub struct PerPlacement { suicide: Suicide }
/// }
/// impl FromParams for PerPlacement { ... }
/// impl Component for PerPlacement {}
/// impl Resolver for PerPlacement { ... }
/// ```
///
/// The kind is one of `Topology`, `Opening`, `Schedule`, `Resolver`,
/// `Repetition`, `Scorer`, `Objective`.
#[macro_export]
macro_rules! component {
    (
        $(#[doc = $doc:literal])*
        #[component($kind:ident, $id:literal $(, actions = [$($action:expr),* $(,)?])?)]
        $(#[$attr:meta])*
        $vis:vis struct $name:ident $($body:tt)*
    ) => {
        $(#[doc = $doc])*
        $(#[$attr])*
        $vis struct $name $($body)*

        const _: () = {
            fn build(
                value: &$crate::serde_json::Value,
                ctx: &$crate::registry::BuildContext,
            ) -> $crate::registry::Built<$crate::component!(@trait $kind)> {
                let component = $crate::registry::build_from_value::<$name>(value, ctx)?;
                Ok(Box::new(component))
            }

            fn params_schema(
                generator: &mut $crate::schemars::SchemaGenerator,
            ) -> $crate::schemars::Schema {
                <<$name as $crate::registry::FromParams>::Params as $crate::schemars::JsonSchema>::json_schema(generator)
            }

            $crate::inventory::submit! {
                $crate::registry::Registration {
                    id: $id,
                    raw_docs: concat!($($doc, "\n"),*),
                    params_schema,
                    build: $crate::registry::Builder::$kind(build),
                    actions: &[$($(&$action),*)?],
                    file: $crate::registry::workspace_path(file!(), env!("CARGO_MANIFEST_DIR")),
                    line: line!(),
                }
            }
        };
    };
    (@trait Topology) => { dyn $crate::rules::Topology };
    (@trait Opening) => { dyn $crate::rules::Opening };
    (@trait Schedule) => { dyn $crate::rules::Schedule };
    (@trait Resolver) => { dyn $crate::rules::Resolver };
    (@trait Repetition) => { dyn $crate::rules::RepetitionPolicy };
    (@trait Scorer) => { dyn $crate::rules::Scorer };
    (@trait Objective) => { dyn $crate::rules::Objective };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema(_: &mut SchemaGenerator) -> Schema {
        Schema::default()
    }

    fn build(_: &serde_json::Value, _: &BuildContext) -> Built<dyn Topology> {
        Err(vec![])
    }

    static A: Registration = Registration {
        id: "same",
        raw_docs: " Docs.\n",
        params_schema: schema,
        build: Builder::Topology(build),
        actions: &[],
        file: "a.rs",
        line: 1,
    };
    static B: Registration = Registration {
        id: "same",
        raw_docs: " Other docs.\n",
        params_schema: schema,
        build: Builder::Topology(build),
        actions: &[],
        file: "b.rs",
        line: 2,
    };

    #[test]
    fn a_duplicate_id_names_both_locations() {
        let err = Registry::from_registrations([&A, &B]).unwrap_err();
        assert_eq!(
            err.locations(),
            &["a.rs:1".to_string(), "b.rs:2".to_string()]
        );
        assert_eq!(
            err.to_string(),
            "two topology components are registered with the id `same`: at a.rs:1 and at b.rs:2"
        );
    }

    #[test]
    fn summary_is_the_first_paragraph_on_one_line() {
        static C: Registration = Registration {
            id: "c",
            raw_docs: " Counts the\n board. Then more.\n\n More.\n",
            params_schema: schema,
            build: Builder::Topology(build),
            actions: &[],
            file: "c.rs",
            line: 3,
        };
        assert_eq!(C.summary(), "Counts the board.");
        assert_eq!(C.docs(), "Counts the\nboard. Then more.\n\nMore.");
    }
}

#[cfg(test)]
mod workspace_path_tests {
    use super::workspace_path;

    #[test]
    fn an_absolute_file_under_the_workspace_is_shown_from_its_root() {
        assert_eq!(
            workspace_path("/w/tengen/variants/src/a/b.rs", "/w/tengen/variants"),
            "variants/src/a/b.rs"
        );
        assert_eq!(
            workspace_path("variants/src/a/b.rs", "/w/tengen/variants"),
            "variants/src/a/b.rs",
            "a relative file is already from the root"
        );
        assert_eq!(
            workspace_path("/elsewhere/b.rs", "/w/tengen/variants"),
            "/elsewhere/b.rs"
        );
    }
}
