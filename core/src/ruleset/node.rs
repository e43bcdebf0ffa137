//! A ruleset document as a tree that remembers where every value came from
//! (a span of a file, or a command-line option), so that every diagnostic
//! about the resolved ruleset can point at the text a person wrote.

use std::ops::Range;

/// Where a value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// A span of a source file.
    File {
        /// Index into the source map.
        source: usize,
        /// Byte span.
        span: Range<usize>,
    },
    /// A command-line option, as given (e.g. `size=30`).
    Option(String),
}

/// A value with its origin.
#[derive(Clone, Debug)]
pub(super) struct Node {
    /// The value.
    pub value: Value,
    /// Where it came from.
    pub origin: Origin,
}

/// A TOML value whose parts are nodes.
#[derive(Clone, Debug)]
pub(super) enum Value {
    /// A string.
    String(String),
    /// An integer.
    Integer(i64),
    /// A float.
    Float(f64),
    /// A boolean.
    Boolean(bool),
    /// A date or time, as written.
    Datetime(String),
    /// An array.
    Array(Vec<Node>),
    /// A table, in source order; each key keeps its own origin.
    Table(Vec<Entry>),
}

/// A key and its value.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    /// The key.
    pub key: String,
    /// Where the key was written.
    pub key_origin: Origin,
    /// The value.
    pub node: Node,
}

impl Node {
    /// Converts a parsed TOML document of source `source`. A value tengen
    /// cannot hold (an integer beyond 64 bits, a float that is infinite or
    /// not a number) is an error with the span of that value.
    pub(crate) fn from_toml(
        source: usize,
        value: &toml::Spanned<toml::de::DeValue<'_>>,
    ) -> Result<Node, (std::ops::Range<usize>, String)> {
        use toml::de::DeValue;
        let origin = Origin::File {
            source,
            span: value.span(),
        };
        let converted = match value.get_ref() {
            DeValue::String(s) => Value::String(s.to_string()),
            DeValue::Integer(i) => {
                Value::Integer(i64::from_str_radix(i.as_str(), i.radix()).map_err(|_| {
                    (
                        value.span(),
                        format!("the integer {i} is too large: integers are at most 64 bits"),
                    )
                })?)
            }
            DeValue::Float(f) => Value::Float(
                f.as_str()
                    .parse::<f64>()
                    .ok()
                    .filter(|f| f.is_finite())
                    .ok_or_else(|| {
                        (
                            value.span(),
                            format!(
                                "`{f}` is not a finite number: tengen reads no infinities or NaN"
                            ),
                        )
                    })?,
            ),
            DeValue::Boolean(b) => Value::Boolean(*b),
            DeValue::Datetime(d) => Value::Datetime(d.to_string()),
            DeValue::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|item| Node::from_toml(source, item))
                    .collect::<Result<_, _>>()?,
            ),
            DeValue::Table(table) => Value::Table(
                table
                    .iter()
                    .map(|(key, node)| {
                        Ok(Entry {
                            key: key.get_ref().to_string(),
                            key_origin: Origin::File {
                                source,
                                span: key.span(),
                            },
                            node: Node::from_toml(source, node)?,
                        })
                    })
                    .collect::<Result<_, (std::ops::Range<usize>, String)>>()?,
            ),
        };
        Ok(Node {
            value: converted,
            origin,
        })
    }

    /// An empty table with the given origin.
    pub(crate) fn table(origin: Origin) -> Node {
        Node {
            value: Value::Table(Vec::new()),
            origin,
        }
    }

    /// The JSON form, for schema validation and typed parsing.
    pub(super) fn to_json(&self) -> serde_json::Value {
        use serde_json::Value as J;
        match &self.value {
            Value::String(s) | Value::Datetime(s) => J::String(s.clone()),
            Value::Integer(i) => J::from(*i),
            Value::Float(f) => serde_json::Number::from_f64(*f).map_or(J::Null, J::Number),
            Value::Boolean(b) => J::Bool(*b),
            Value::Array(items) => J::Array(items.iter().map(Node::to_json).collect()),
            Value::Table(entries) => J::Object(
                entries
                    .iter()
                    .map(|e| (e.key.clone(), e.node.to_json()))
                    .collect(),
            ),
        }
    }

    /// The entry under `key`, if this is a table that has it.
    pub(super) fn entry(&self, key: &str) -> Option<&Entry> {
        match &self.value {
            Value::Table(entries) => entries.iter().find(|e| e.key == key),
            _ => None,
        }
    }

    /// The value under `key`, if this is a table that has it.
    pub(super) fn get(&self, key: &str) -> Option<&Node> {
        self.entry(key).map(|e| &e.node)
    }

    /// The string value, if this is a string.
    pub(super) fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The table's entries, if this is a table.
    pub(super) fn entries(&self) -> &[Entry] {
        match &self.value {
            Value::Table(entries) => entries,
            _ => &[],
        }
    }

    /// Sets `key` in this table (which it must be), replacing any value.
    pub(crate) fn set(&mut self, key: &str, key_origin: Origin, node: Node) {
        if let Value::Table(entries) = &mut self.value {
            match entries.iter_mut().find(|e| e.key == key) {
                Some(e) => {
                    e.node = node;
                    e.key_origin = key_origin;
                }
                None => entries.push(Entry {
                    key: key.to_string(),
                    key_origin,
                    node,
                }),
            }
        }
    }

    /// Sets every entry of `entries` in this table (which it must be), as
    /// [`Node::set`] would one after another, but in time linear in the
    /// table and the entries: a patch may give thousands of keys.
    pub(crate) fn set_all<'a>(&mut self, entries: impl IntoIterator<Item = &'a Entry>) {
        if let Value::Table(table) = &mut self.value {
            let mut at: std::collections::HashMap<String, usize> = table
                .iter()
                .enumerate()
                .map(|(i, e)| (e.key.clone(), i))
                .collect();
            for e in entries {
                match at.get(&e.key) {
                    Some(&i) => {
                        table[i].node = e.node.clone();
                        table[i].key_origin = e.key_origin.clone();
                    }
                    None => {
                        at.insert(e.key.clone(), table.len());
                        table.push(e.clone());
                    }
                }
            }
        }
    }

    /// Removes `key` from this table.
    pub(crate) fn remove(&mut self, key: &str) -> Option<Entry> {
        match &mut self.value {
            Value::Table(entries) => {
                let at = entries.iter().position(|e| e.key == key)?;
                Some(entries.remove(at))
            }
            _ => None,
        }
    }

    /// The table entry under `key`, created empty if missing.
    pub(crate) fn table_mut(&mut self, key: &str, origin: &Origin) -> Option<&mut Node> {
        if self.get(key).is_none() {
            self.set(key, origin.clone(), Node::table(origin.clone()));
        }
        match &mut self.value {
            Value::Table(entries) => entries
                .iter_mut()
                .find(|e| e.key == key)
                .map(|e| &mut e.node),
            _ => None,
        }
    }

    /// Follows a JSON pointer (`/resolver/suicide`) as far as it goes;
    /// returns the deepest node reached, the key entry that leads to it (if
    /// any), and whether the whole path was found.
    pub(super) fn locate(&self, pointer: &str) -> (&Node, Option<&Entry>, bool) {
        let mut node = self;
        let mut entry = None;
        for raw in pointer.split('/').skip(1) {
            let segment = raw.replace("~1", "/").replace("~0", "~");
            let next = match &node.value {
                Value::Table(entries) => entries.iter().find(|e| e.key == segment).map(|e| {
                    entry = Some(e);
                    &e.node
                }),
                Value::Array(items) => segment.parse::<usize>().ok().and_then(|i| items.get(i)),
                _ => None,
            };
            match next {
                Some(n) => node = n,
                None => return (node, entry, false),
            }
        }
        (node, entry, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_spans_of_keys_and_values() {
        let text = "[resolver]\nkind = \"per-placement\"\n";
        let doc = toml::de::DeTable::parse(text).unwrap();
        let spanned = toml::Spanned::new(doc.span(), toml::de::DeValue::Table(doc.into_inner()));
        let node = Node::from_toml(0, &spanned).unwrap();
        let (found, entry, complete) = node.locate("/resolver/kind");
        assert!(complete);
        assert_eq!(found.as_str(), Some("per-placement"));
        let Origin::File { span, .. } = &entry.unwrap().key_origin else {
            panic!("file origin")
        };
        assert_eq!(&text[span.clone()], "kind");
        assert_eq!(
            node.to_json(),
            serde_json::json!({"resolver": {"kind": "per-placement"}})
        );
        let (deepest, _, complete) = node.locate("/resolver/suicide");
        assert!(!complete);
        assert!(deepest.get("kind").is_some());
    }
}
