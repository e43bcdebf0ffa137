//! What tengen knows of rulesets and components, in JSON: the list, a
//! ruleset's or a component's documentation, a resolved composition with
//! its board, and the problems of ruleset files.

use crate::common::PerColour;
use crate::state::RulesetRef;
use schemars::JsonSchema;
use serde::Serialize;
use tengen_core::registry::Registration;
use tengen_core::ruleset::{
    Diagnostic, Diagnostics, Library, Location, OptionForm, ResolvedRuleset,
};
use tengen_core::{ComponentKind, Geometry, Rules};

/// A bundled ruleset, as `tengen list` shows it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct RulesetEntry {
    /// Its id (`tengen play ID`).
    pub id: String,
    /// Its display name (`null` where it does not load).
    pub name: Option<String>,
    /// One line saying what it is (`null` where it does not load).
    pub summary: Option<String>,
}

/// A registered component, as `tengen list` shows it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ComponentEntry {
    /// The ruleset section it fills (`resolver`).
    pub section: String,
    /// Its id (`kind = "..."` in that section).
    pub id: String,
    /// The first sentence of its documentation.
    pub summary: String,
}

/// The bundled rulesets and the registered components.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Listing {
    /// The bundled rulesets.
    pub rulesets: Vec<RulesetEntry>,
    /// The registered components, section by section.
    pub components: Vec<ComponentEntry>,
}

impl Listing {
    /// Everything `library` holds.
    pub fn of(library: &Library) -> Listing {
        let rulesets = library
            .bundled()
            .iter()
            .map(|b| {
                let resolved = library.resolve(b.id, &[]).ok();
                RulesetEntry {
                    id: b.id.to_string(),
                    name: resolved.as_ref().map(|r| r.meta.name.clone()),
                    summary: resolved.map(|r| r.meta.summary),
                }
            })
            .collect();
        let registry = library.registry();
        let components = ComponentKind::ALL
            .into_iter()
            .flat_map(|kind| registry.of_kind(kind))
            .map(|r| ComponentEntry {
                section: r.kind().section().to_string(),
                id: r.id.to_string(),
                summary: r.summary(),
            })
            .collect();
        Listing {
            rulesets,
            components,
        }
    }
}

/// One section of a composition: the component chosen and its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct SectionForm {
    /// The section (`topology`, `opening`, `schedule`, `resolver`,
    /// `repetition`, `scorer`, `objective`).
    pub section: String,
    /// The component's id.
    pub kind: String,
    /// Its parameters, as the ruleset gives them after `extends` and the
    /// options.
    pub params: serde_json::Map<String, serde_json::Value>,
}

/// An option a ruleset declares.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct OptionDoc {
    /// The option's name.
    pub name: String,
    /// How it is given: a `switch` (`--option NAME`), a `choice`
    /// (`--option NAME=VALUE` among `choices`) or a `value` (any value the
    /// keys it sets accept).
    pub form: OptionKind,
    /// How to write it on the command line (`size=9|13|19`).
    pub usage: String,
    /// One line saying what it does.
    pub summary: String,
    /// More, in markdown.
    pub docs: String,
    /// For a choice: the values, in order.
    pub choices: Vec<String>,
    /// For a choice: the value the ruleset as written describes.
    pub default: Option<String>,
    /// Options it cannot be combined with.
    pub conflicts: Vec<String>,
}

/// The forms an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OptionKind {
    /// `--option NAME`.
    Switch,
    /// `--option NAME=VALUE`, VALUE among the choices.
    Choice,
    /// `--option NAME=VALUE`, any VALUE the keys it sets accept.
    Value,
}

fn sections(r: &ResolvedRuleset) -> Vec<SectionForm> {
    r.sections
        .iter()
        .map(|(kind, section)| SectionForm {
            section: kind.section().to_string(),
            kind: section.kind.clone(),
            params: section.params.clone(),
        })
        .collect()
}

fn options(r: &ResolvedRuleset) -> Vec<OptionDoc> {
    r.options
        .iter()
        .map(|(name, spec)| OptionDoc {
            name: name.clone(),
            form: match spec.form() {
                Some(OptionForm::Switch) | None => OptionKind::Switch,
                Some(OptionForm::Choice) => OptionKind::Choice,
                Some(OptionForm::Value) => OptionKind::Value,
            },
            usage: spec.usage(name),
            summary: spec.summary.clone(),
            docs: spec.docs.clone(),
            choices: spec
                .choices
                .iter()
                .flat_map(|c| c.keys().cloned())
                .collect(),
            default: spec.default.clone(),
            conflicts: spec.conflicts.clone(),
        })
        .collect()
}

/// A ruleset's documentation, as `tengen explain RULESET` shows it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct RulesetDoc {
    /// Its id.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// One line saying what it is.
    pub summary: String,
    /// The rules in plain words (markdown).
    pub docs: String,
    /// Where the rules come from.
    pub sources: Vec<String>,
    /// The display names of the colours.
    pub colour_names: PerColour<String>,
    /// Whether players may take back moves.
    pub undo: bool,
    /// The ruleset it extends, if any.
    pub extends: Option<String>,
    /// The components, section by section.
    pub sections: Vec<SectionForm>,
    /// The options it declares.
    pub options: Vec<OptionDoc>,
}

impl RulesetDoc {
    /// The documentation of `r`.
    pub fn of(r: &ResolvedRuleset) -> RulesetDoc {
        RulesetDoc {
            id: r.meta.id.clone(),
            name: r.meta.name.clone(),
            summary: r.meta.summary.clone(),
            docs: r.meta.docs.trim().to_string(),
            sources: r.meta.sources.clone(),
            colour_names: PerColour {
                black: r.meta.colours[0].clone(),
                white: r.meta.colours[1].clone(),
            },
            undo: r.meta.undo,
            extends: r.meta.extends.clone(),
            sections: sections(r),
            options: options(r),
        }
    }
}

/// A parameter of a component.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ParamForm {
    /// The key in the ruleset section.
    pub name: String,
    /// Its type in words: `integer`, `number`, `boolean`, `string`, or the
    /// allowed words separated by `|`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Whether the key must be given.
    pub required: bool,
    /// The default, where the key may be left out.
    pub default: Option<String>,
    /// The allowed range or values, in words.
    pub allowed: Option<String>,
    /// What it means.
    pub description: String,
}

/// A component's documentation, as `tengen explain COMPONENT` shows it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ComponentDoc {
    /// The section it fills.
    pub section: String,
    /// The trait it implements (`Resolver`).
    #[serde(rename = "trait")]
    pub trait_name: String,
    /// Its id.
    pub id: String,
    /// Its documentation (markdown).
    pub docs: String,
    /// Where it is registered (`variants/src/resolver/per_placement.rs:42`).
    pub location: String,
    /// Its parameters, in declaration order.
    pub params: Vec<ParamForm>,
}

impl ComponentDoc {
    /// The documentation of the component `r` registers.
    pub fn of(r: &Registration) -> ComponentDoc {
        ComponentDoc {
            section: r.kind().section().to_string(),
            trait_name: r.kind().trait_name().to_string(),
            id: r.id.to_string(),
            docs: r.docs(),
            location: r.location(),
            params: r
                .params()
                .into_iter()
                .map(|p| ParamForm {
                    name: p.name,
                    kind: p.kind,
                    required: p.required,
                    default: p.default,
                    allowed: p.allowed,
                    description: p.description,
                })
                .collect(),
        }
    }
}

/// What `tengen explain NAME` found: the ruleset of that name, and the
/// components of that id (a name may be both).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Explanation {
    /// The ruleset, where the name is one.
    pub ruleset: Option<RulesetDoc>,
    /// The components of that id.
    pub components: Vec<ComponentDoc>,
}

/// A point of the board, with what a front end needs to draw it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct PointForm {
    /// Its name (`D4`, or the point's own name where the geometry's
    /// `own_names` says so).
    pub name: String,
    /// Its column in the named grid, from 0 at the left.
    pub column: usize,
    /// Its row in the named grid, from 0 at the top.
    pub row: usize,
    /// Where to draw it: `[x, y]` in grid units, y growing downwards (on
    /// a square board the column and the row; other topologies move
    /// points off the grid).
    pub position: [f64; 2],
    /// Its neighbours, by name.
    pub neighbours: Vec<String>,
    /// The neighbours linked to it across the edge of the drawing (a torus,
    /// a cylinder): draw those links as short lines leaving the board, not
    /// across it. Absent where there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wraps: Vec<String>,
    /// The direction of each short line of `wraps`, in order: `[dx, dy]`
    /// of length 1 in drawing units (away from the other end across
    /// opposite edges, toward the folded face on the net of a cube).
    /// Absent where there are no wraps.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stubs: Vec<[f64; 2]>,
    /// Whether it is a star point.
    pub star: bool,
}

/// The board's shape.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct GeometryForm {
    /// Columns of the named grid.
    pub width: usize,
    /// Rows of the named grid.
    pub height: usize,
    /// Whether the points have their own names rather than a column
    /// letter and a row number (then a drawing shows no coordinates).
    /// Cells of the grid that are no point (holes) have no entry in
    /// `points`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own_names: bool,
    /// The points, in board order (row by row from the top).
    pub points: Vec<PointForm>,
}

impl GeometryForm {
    /// The shape of `geometry`.
    pub fn of(geometry: &Geometry) -> GeometryForm {
        let star = geometry.star_points();
        GeometryForm {
            width: geometry.width(),
            height: geometry.height(),
            own_names: geometry.has_own_names(),
            points: geometry
                .points()
                .map(|p| {
                    let (column, row) = geometry.grid_position(p);
                    PointForm {
                        name: geometry.name(p),
                        column,
                        row,
                        position: geometry.position(p),
                        neighbours: geometry
                            .neighbours(p)
                            .iter()
                            .map(|&n| geometry.name(n))
                            .collect(),
                        wraps: geometry
                            .neighbours(p)
                            .iter()
                            .filter(|&&n| geometry.wraps(p, n))
                            .map(|&n| geometry.name(n))
                            .collect(),
                        stubs: geometry
                            .neighbours(p)
                            .iter()
                            .filter_map(|&n| geometry.stub(p, n))
                            .collect(),
                        star: star.contains(&p),
                    }
                })
                .collect(),
        }
    }
}

/// A ruleset resolved with its options, as `tengen show` prints it, with
/// the board it is played on.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Composition {
    /// The ruleset and the options applied.
    pub ruleset: RulesetRef,
    /// One line saying what it is.
    pub summary: String,
    /// The display names of the colours.
    pub colour_names: PerColour<String>,
    /// The components, section by section, with their parameters.
    pub sections: Vec<SectionForm>,
    /// The options the ruleset declares (any of them may be applied).
    pub options: Vec<OptionDoc>,
    /// The board.
    pub geometry: GeometryForm,
    /// The actions the ruleset's components declare and use, beyond the
    /// core's.
    pub actions: Vec<ActionDeclarationForm>,
}

/// A component's declaration of an action: what a front end needs to
/// offer it, read it and explain it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ActionDeclarationForm {
    /// Its JSON form's `type`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Its words in the move notation, before the argument.
    pub words: String,
    /// Its notation with a placeholder for the argument.
    pub usage: String,
    /// A short label for a control that takes it.
    pub label: String,
    /// What it does.
    pub summary: String,
    /// Its argument: `none`, `number`, `point` or `word`.
    pub argument: String,
    /// The JSON form's field holding the argument, if any.
    pub field: Option<String>,
    /// The words allowed, for a word argument.
    pub choices: Vec<String>,
    /// Whether it uses a placement opportunity.
    pub uses_opportunity: bool,
    /// The phases it may be taken in.
    pub phases: Vec<String>,
    /// Whether it opens a run of actions within the move (a special
    /// turn); the number that calls the run off.
    pub cancel: Option<u32>,
}

impl ActionDeclarationForm {
    /// The form of `spec`.
    pub fn of(spec: &tengen_core::ActionSpec) -> ActionDeclarationForm {
        use tengen_core::{ArgumentKind, Choosing};
        let (argument, choices) = match spec.argument {
            ArgumentKind::None => ("none", Vec::new()),
            ArgumentKind::Number { .. } => ("number", Vec::new()),
            ArgumentKind::Point { .. } => ("point", Vec::new()),
            ArgumentKind::Word { choices, .. } => {
                ("word", choices.iter().map(|c| c.to_string()).collect())
            }
        };
        ActionDeclarationForm {
            kind: spec.name.to_owned(),
            words: spec.words.to_owned(),
            usage: tengen_core::notation::usage(spec),
            label: spec.label.to_owned(),
            summary: spec.summary.to_owned(),
            argument: argument.to_owned(),
            field: spec.argument.field().map(str::to_owned),
            choices,
            uses_opportunity: spec.uses_opportunity,
            phases: spec.phases.iter().map(|p| p.to_string()).collect(),
            cancel: match spec.choosing {
                Choosing::OpensRun { cancel } => Some(cancel),
                _ => None,
            },
        }
    }
}

impl Composition {
    /// The composition of `rules`.
    pub fn of(rules: &Rules) -> Composition {
        let r = &rules.ruleset;
        Composition {
            ruleset: RulesetRef::of(rules),
            summary: r.meta.summary.clone(),
            colour_names: PerColour::from_fn(|c| rules.colour_name(c).to_string()),
            sections: sections(r),
            options: options(r),
            geometry: GeometryForm::of(&rules.geometry),
            actions: rules
                .actions_in_use()
                .into_iter()
                .map(ActionDeclarationForm::of)
                .collect(),
        }
    }
}

/// One problem with a ruleset, and where it is.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct DiagnosticForm {
    /// A stable machine-readable code, e.g. `unknown-key`.
    pub code: String,
    /// What is wrong: what was found and what is allowed.
    pub message: String,
    /// The file (or `bundled:ID`), where the problem is in one.
    pub file: Option<String>,
    /// The line, from 1, where the problem is in a file.
    pub line: Option<usize>,
    /// The column, from 1 and in characters, where the problem is in a file.
    pub column: Option<usize>,
    /// The option as given on the command line, where the problem is in one.
    pub option: Option<String>,
    /// The key path, e.g. `resolver.suicide` (empty for the whole file).
    pub key_path: String,
    /// A hint: the likely intended word, the command that fixes it.
    pub help: Option<String>,
}

impl From<&Diagnostic> for DiagnosticForm {
    fn from(d: &Diagnostic) -> DiagnosticForm {
        let (file, line, column, option) = match &d.location {
            Location::File {
                file, line, column, ..
            } => (Some(file.clone()), Some(*line), Some(*column), None),
            Location::CommandLine { text } => (None, None, None, Some(text.clone())),
        };
        DiagnosticForm {
            code: d.code.to_string(),
            message: d.message.clone(),
            file,
            line,
            column,
            option,
            key_path: d.key_path.clone(),
            help: d.help.clone(),
        }
    }
}

/// The diagnostics of one load, in the order reported. Where more were
/// found than are reported (see [`tengen_core::ruleset::MAX_DIAGNOSTICS`]),
/// a last entry with the code `more-problems` says how many more.
pub fn diagnostics(diagnostics: &Diagnostics) -> Vec<DiagnosticForm> {
    let mut forms: Vec<DiagnosticForm> =
        diagnostics.items.iter().map(DiagnosticForm::from).collect();
    if let Some(note) = diagnostics.omitted_note() {
        forms.push(DiagnosticForm {
            code: "more-problems".into(),
            message: note,
            file: None,
            line: None,
            column: None,
            option: None,
            key_path: String::new(),
            help: None,
        });
    }
    forms
}

/// The check of one ruleset file (or bundled id).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct FileCheck {
    /// The file as named.
    pub file: String,
    /// Whether it has no problem (its options included).
    pub ok: bool,
    /// Every problem, with its place.
    pub diagnostics: Vec<DiagnosticForm>,
}

/// What `tengen validate` found.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Validation {
    /// Each file checked, in the order given.
    pub files: Vec<FileCheck>,
}
