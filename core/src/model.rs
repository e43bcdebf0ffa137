//! The typed form of a ruleset: its metadata, its sections, its options.

use crate::state::ComponentKind;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `[ruleset]` table: what the ruleset is and where its rules come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RulesetMeta {
    /// The ruleset's id, used on the command line (`tengen play go`):
    /// lower-case letters, digits and single hyphens.
    #[schemars(regex(pattern = r"^[a-z0-9]+(-[a-z0-9]+)*$"))]
    pub id: String,
    /// Its display name.
    pub name: String,
    /// One line saying what the variant is.
    pub summary: String,
    /// The rules in plain words (markdown), including every decision the
    /// ruleset makes where its sources are silent.
    #[serde(default)]
    pub docs: String,
    /// Where the rules come from.
    #[serde(default)]
    pub sources: Vec<String>,
    /// Display names of the first and second colour.
    #[serde(default = "default_colours")]
    pub colours: [String; 2],
    /// Whether a player may take back moves (`undo` in the terminal). Some
    /// rulesets (Enhanced Go) allow no take-back once a turn is committed.
    #[serde(default = "yes")]
    pub undo: bool,
    /// A ruleset this one builds on: a bundled ruleset's id, or a path
    /// relative to this file. Sections given here replace the inherited
    /// section when they name a `kind`, and change single parameters when
    /// they do not; options are inherited and may be redefined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// Sample games: option settings, each a list as `--option` takes them
    /// (`["size=9", "ko=simple"]`), that make short games of this ruleset
    /// and between them use its options. The test suite plays random games
    /// of every sample of every bundled ruleset, on the fast and the generic
    /// path, and checks every invariant; a ruleset that extends another
    /// declares its own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub samples: Vec<Vec<String>>,
}

fn yes() -> bool {
    true
}

fn default_colours() -> [String; 2] {
    ["Black".to_string(), "White".to_string()]
}

/// A named option, as Abstract Play's variant switches: `--option NAME` or
/// `--option NAME=VALUE` patches the ruleset. Give exactly one of `patch`
/// (a switch), `choices` (one patch per value) or `set` (a free value
/// written to keys).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct OptionSpec {
    /// One line saying what the option does.
    pub summary: String,
    /// More, in markdown.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub docs: String,
    /// A switch: the patch applied by `--option NAME`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "patch_schema")]
    pub patch: Option<serde_json::Map<String, serde_json::Value>>,
    /// A choice: the patch applied by `--option NAME=VALUE`, per value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "choices_schema")]
    pub choices: Option<serde_json::Map<String, serde_json::Value>>,
    /// For a choice: the value the ruleset as written already describes
    /// (applying it must change nothing; a check makes sure).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
    /// A value: the keys (`section.key`) that `--option NAME=VALUE` sets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<Vec<String>>,
    /// Options that cannot be combined with this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<String>,
}

/// The three forms an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionForm {
    /// `--option NAME`.
    Switch,
    /// `--option NAME=VALUE` with VALUE among the choices.
    Choice,
    /// `--option NAME=VALUE` with any VALUE the target keys accept.
    Value,
}

impl OptionSpec {
    /// The option's form, or `None` when it does not give exactly one of
    /// `patch`, `choices`, `set`.
    pub fn form(&self) -> Option<OptionForm> {
        match (&self.patch, &self.choices, &self.set) {
            (Some(_), None, None) => Some(OptionForm::Switch),
            (None, Some(_), None) => Some(OptionForm::Choice),
            (None, None, Some(_)) => Some(OptionForm::Value),
            _ => None,
        }
    }

    /// Every fixed way to give the option on the command line: the switch
    /// (`weak-eyes`), or each of the choices (`size=9`, `size=13`, ...); a
    /// free value has none.
    pub fn settings(&self, name: &str) -> Vec<String> {
        match self.form() {
            Some(OptionForm::Switch) => vec![name.to_string()],
            Some(OptionForm::Choice) => self
                .choices
                .iter()
                .flat_map(|c| c.keys())
                .map(|v| format!("{name}={v}"))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// How to write it on the command line, e.g. `size=9|13|19`.
    pub fn usage(&self, name: &str) -> String {
        match self.form() {
            Some(OptionForm::Switch) | None => name.to_string(),
            Some(OptionForm::Choice) => format!(
                "{name}={}",
                self.choices
                    .iter()
                    .flat_map(|c| c.keys().cloned())
                    .collect::<Vec<_>>()
                    .join("|")
            ),
            Some(OptionForm::Value) => format!("{name}=VALUE"),
        }
    }
}

fn patch_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "$ref": "#/definitions/patch" })
}

fn choices_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "object",
        "additionalProperties": { "$ref": "#/definitions/patch" },
    })
}

/// One section of a resolved ruleset: the chosen implementation and its
/// parameters.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Section {
    /// The component's id.
    pub kind: String,
    /// Its parameters as written (without `kind`).
    pub params: serde_json::Map<String, serde_json::Value>,
}

/// A ruleset with `extends` and the chosen options applied: what was
/// assembled, and what can be shown with `tengen show`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResolvedRuleset {
    /// The `[ruleset]` table.
    pub meta: RulesetMeta,
    /// The seven sections, in [`ComponentKind::ALL`] order.
    pub sections: Vec<(ComponentKind, Section)>,
    /// The options the ruleset declares, in declaration order.
    pub options: Vec<(String, OptionSpec)>,
    /// The options applied, as given (`size=9`).
    pub applied: Vec<String>,
    /// The source the ruleset was read from.
    pub source: String,
}

impl ResolvedRuleset {
    /// The section of `kind`.
    pub fn section(&self, kind: ComponentKind) -> &Section {
        &self
            .sections
            .iter()
            .find(|(k, _)| *k == kind)
            .expect("a resolved ruleset has every section")
            .1
    }

    /// The display names of the colours.
    pub fn colours(&self) -> &[String; 2] {
        &self.meta.colours
    }

    /// A fingerprint of the rules themselves: the seven sections' component
    /// ids and parameters, after `extends` and options, as 16 hexadecimal
    /// digits (64-bit FNV-1a of their JSON form). Two rulesets with the same
    /// fingerprint play the same game whatever their names, options or
    /// files, so records and results can name the exact rules they used.
    pub fn fingerprint(&self) -> String {
        let json = serde_json::to_string(&self.sections).unwrap_or_default();
        let hash = json.bytes().fold(0xCBF2_9CE4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
        });
        format!("{hash:016x}")
    }
}

impl serde::Serialize for ComponentKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.section())
    }
}
