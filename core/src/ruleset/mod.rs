//! Rulesets: TOML files that name one implementation of each component,
//! validated against a schema generated from the registry, with `extends`
//! and named options, and every problem reported with its place.

mod assemble;
mod choices;
mod conflict;
mod diagnostic;
mod library;
mod node;
mod options;
mod schema;
mod validate;

pub use crate::model::{OptionForm, OptionSpec, ResolvedRuleset, RulesetMeta, Section};
pub use choices::{Availability, Choices, MAX_BLAME_TRIALS, OptionChoices};
pub use conflict::{ChoicesError, Conflict, Pick};
pub use diagnostic::{Diagnostic, Diagnostics, Location, MAX_DIAGNOSTICS, Source, SourceMap};
pub use library::{Bundled, Library, MAX_RULESET_BYTES};
pub use options::{MAX_OPTION_SETTINGS, MAX_OPTIONS};
pub use schema::{ruleset_schema, section_description};
