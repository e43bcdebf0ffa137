//! Properties as text: what the exporter writes and what the importer keeps
//! of the properties it does not interpret.

use std::fmt::Write;

/// One SGF property: an identifier and its values, unescaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    /// The identifier (`B`, `KM`, `TGA`, ...).
    pub id: String,
    /// The values, unescaped.
    pub values: Vec<String>,
}

impl Property {
    /// A property with values.
    pub fn new(id: &str, values: impl IntoIterator<Item = String>) -> Property {
        Property {
            id: id.to_string(),
            values: values.into_iter().collect(),
        }
    }

    /// A property with one value.
    pub fn one(id: &str, value: impl Into<String>) -> Property {
        Property::new(id, [value.into()])
    }
}

/// The properties of one node, in the order written.
pub type NodeProps = Vec<Property>;

/// Writes a value with `]` and `\` escaped.
fn escape(value: &str, out: &mut String) {
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
}

/// Writes one game tree of a main line of nodes, a node to a line.
pub(crate) fn write_tree(nodes: &[NodeProps]) -> String {
    let mut out = String::from("(");
    for (i, node) in nodes.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push(';');
        for property in node {
            out.push_str(&property.id);
            if property.values.is_empty() {
                out.push_str("[]");
            }
            for value in &property.values {
                out.push('[');
                escape(value, &mut out);
                out.push(']');
            }
        }
    }
    let _ = writeln!(out, ")");
    out
}
