//! The clause catalogue (`conformance/clauses.toml`): every clause of every
//! rules text tengen implements, and every decision the project settled
//! where the texts are silent, each with a stable id that scenarios cite
//! in their `clauses`. Its JSON schema is generated from these types
//! (`conformance/clauses.schema.json`, by `tengen generate`).

use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The catalogue as committed, embedded.
pub const CATALOGUE: &str = include_str!("../clauses.toml");

/// The clause catalogue: the rules texts in the order the book lists them.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Catalogue {
    /// The texts, each with its clauses.
    #[serde(rename = "text")]
    pub texts: Vec<Text>,
}

/// A rules text: a public description, a section of the rules notes, or
/// a ruleset's docs where they decide what the description leaves open.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// The text's id; each of its clauses' ids starts with it and a dot
    /// (`tm`, `notes.kag`, `atari.docs`).
    pub id: String,
    /// The text's public title, as scenarios cite it (`Kill-All Go,
    /// Abstract Play's rules`, `Sensei's Library, Atari Go`).
    pub title: String,
    /// The bundled rulesets that implement it (their book pages list its
    /// clauses).
    pub rulesets: Vec<String>,
    /// Its clauses, in the text's order.
    #[serde(rename = "clause")]
    pub clauses: Vec<Clause>,
}

/// One clause of a text.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    /// The stable id scenarios cite (`tm.order.thue-morse`).
    pub id: String,
    /// Where the text says it.
    pub section: String,
    /// What kind of clause it is.
    pub kind: Kind,
    /// The clause, in the project's own words.
    pub says: String,
    /// Why no scenario checks it yet, where none does: the clause test
    /// lists these, and fails on a clause with neither a scenario nor
    /// this.
    pub uncovered: Option<String>,
}

/// What a clause settles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A rule of play.
    Rule,
    /// A choice the players make before the game (a ruleset option).
    Option,
    /// A number: a limit, a count, a komi, a value.
    Number,
    /// How the game ends or is won.
    Ending,
    /// A step of the procedure around play (marking, accepting, naming).
    Protocol,
}

impl Kind {
    /// The kind as written in the catalogue.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Rule => "rule",
            Kind::Option => "option",
            Kind::Number => "number",
            Kind::Ending => "ending",
            Kind::Protocol => "protocol",
        }
    }
}

impl Catalogue {
    /// Reads a catalogue from its TOML text, checking that ids are unique
    /// and each starts with its text's id.
    pub fn parse(text: &str) -> Result<Catalogue, String> {
        let catalogue: Catalogue = toml::from_str(text).map_err(|e| e.to_string())?;
        let mut seen = BTreeMap::new();
        let mut problems = Vec::new();
        for t in &catalogue.texts {
            for c in &t.clauses {
                if !c.id.starts_with(&format!("{}.", t.id)) {
                    problems.push(format!(
                        "clause `{}` does not start with its text's id `{}.`",
                        c.id, t.id
                    ));
                }
                if let Some(other) = seen.insert(c.id.as_str(), t.id.as_str()) {
                    problems.push(format!(
                        "clause `{}` appears twice (texts `{other}` and `{}`)",
                        c.id, t.id
                    ));
                }
                if c.uncovered.as_deref().is_some_and(|u| u.trim().is_empty()) {
                    problems.push(format!("clause `{}`: `uncovered` says why", c.id));
                }
            }
        }
        if problems.is_empty() {
            Ok(catalogue)
        } else {
            Err(problems.join("\n"))
        }
    }

    /// The catalogue as committed.
    pub fn bundled() -> Catalogue {
        Catalogue::parse(CATALOGUE).unwrap_or_else(|e| panic!("conformance/clauses.toml: {e}"))
    }

    /// Every clause, with its text.
    pub fn clauses(&self) -> impl Iterator<Item = (&Text, &Clause)> {
        self.texts
            .iter()
            .flat_map(|t| t.clauses.iter().map(move |c| (t, c)))
    }

    /// The clause with this id, and its text.
    pub fn find(&self, id: &str) -> Option<(&Text, &Clause)> {
        self.clauses().find(|(_, c)| c.id == id)
    }
}

/// The JSON schema of the catalogue (draft-07, for TOML editors).
pub fn schema() -> schemars::Schema {
    schemars::generate::SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<Catalogue>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_catalogue_reads() {
        let catalogue = Catalogue::bundled();
        assert!(catalogue.clauses().count() > 100);
        assert!(catalogue.find("go.capture").is_some());
    }

    #[test]
    fn an_id_outside_its_text_or_twice_is_named() {
        let text = r#"
[[text]]
id = "a"
title = "A"
rulesets = []
clause = [
  { id = "a.x", section = "s", kind = "rule", says = "x" },
  { id = "b.y", section = "s", kind = "rule", says = "y" },
  { id = "a.x", section = "s", kind = "number", says = "x again" },
]
"#;
        let e = Catalogue::parse(text).unwrap_err();
        assert!(e.contains("`b.y` does not start"), "{e}");
        assert!(e.contains("`a.x` appears twice"), "{e}");
    }
}
