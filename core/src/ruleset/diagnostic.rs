//! Diagnostics: every problem found in a ruleset, with where it is.

use crate::ruleset::node::Origin;
use annotate_snippets::{AnnotationKind, Element, Group, Level, Renderer, Snippet};
use serde::Serialize;
use std::fmt;

/// A ruleset source: a file, a bundled ruleset, or text given directly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// How to name it in messages: a path, or `bundled:go`.
    pub name: String,
    /// The text.
    pub text: String,
}

/// The sources a set of diagnostics refers to.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    sources: Vec<Source>,
}

impl SourceMap {
    /// Adds a source; returns its index.
    pub fn add(&mut self, source: Source) -> usize {
        if let Some(i) = self.sources.iter().position(|s| *s == source) {
            return i;
        }
        self.sources.push(source);
        self.sources.len() - 1
    }

    /// The source at `index`.
    pub fn get(&self, index: usize) -> &Source {
        &self.sources[index]
    }

    /// Line and column (both from 1, the column in characters) of a byte
    /// offset in source `index`.
    pub fn line_column(&self, index: usize, offset: usize) -> (usize, usize) {
        let text = &self.sources[index].text;
        let offset = char_start(text, offset);
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, text[line_start..offset].chars().count() + 1)
    }
}

/// The start of the character at byte `offset` of `text` (the end of the
/// text when past it): a parser may point into a character of several
/// bytes, and text can only be cut between characters.
fn char_start(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// `span` widened to whole characters of `text`, and to one character when
/// it is empty (so the mark under it shows), within the text.
fn whole_characters(text: &str, span: &std::ops::Range<usize>) -> std::ops::Range<usize> {
    let start = char_start(text, span.start);
    let mut end = span.end.clamp(start, text.len());
    if end == start {
        end = text[start..]
            .chars()
            .next()
            .map_or(start, |c| start + c.len_utf8());
    }
    while !text.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

/// Where a problem is, for a person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "in")]
pub enum Location {
    /// In a file.
    File {
        /// The file (or bundled ruleset) name.
        file: String,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// Byte span, for rendering.
        #[serde(skip)]
        span: std::ops::Range<usize>,
        /// Index into the source map.
        #[serde(skip)]
        source: usize,
    },
    /// On the command line (an option such as `size=30`, or a ruleset name).
    CommandLine {
        /// The text as given.
        text: String,
    },
}

/// One problem with a ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// A stable machine-readable code, e.g. `unknown-key`.
    pub code: &'static str,
    /// What is wrong: what was found and what is allowed.
    pub message: String,
    /// Where.
    pub location: Location,
    /// The key path, e.g. `resolver.suicide` (empty for the whole file).
    pub key_path: String,
    /// A hint: the likely intended word, the command that fixes it, ...
    pub help: Option<String>,
}

impl Diagnostic {
    pub(crate) fn new(
        sources: &SourceMap,
        code: &'static str,
        origin: &Origin,
        key_path: impl Into<String>,
        message: impl Into<String>,
    ) -> Diagnostic {
        let location = match origin {
            Origin::File { source, span } => {
                let (line, column) = sources.line_column(*source, span.start);
                Location::File {
                    file: sources.get(*source).name.clone(),
                    line,
                    column,
                    span: span.clone(),
                    source: *source,
                }
            }
            Origin::Option(text) => Location::CommandLine { text: text.clone() },
        };
        Diagnostic {
            code,
            message: message.into(),
            location,
            key_path: key_path.into(),
            help: None,
        }
    }

    pub(crate) fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// `file:line:column`, or `option size=30`.
    pub fn place(&self) -> String {
        match &self.location {
            Location::File {
                file, line, column, ..
            } => format!("{file}:{line}:{column}"),
            Location::CommandLine { text } => format!("command line `{text}`"),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.place())?;
        if !self.key_path.is_empty() {
            write!(f, "{}: ", self.key_path)?;
        }
        f.write_str(&self.message)?;
        if let Some(help) = &self.help {
            write!(f, " ({help})")?;
        }
        Ok(())
    }
}

/// Every problem found while loading a ruleset, with the sources they refer to.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics {
    /// The sources.
    pub sources: SourceMap,
    /// The problems, in the order found.
    pub items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Orders the diagnostics by file and position, command-line problems
    /// last (the order is stable for equal places).
    pub fn sort(&mut self) {
        self.items.sort_by_key(|d| match &d.location {
            Location::File { source, span, .. } => (0, *source, span.start),
            Location::CommandLine { .. } => (1, 0, 0),
        });
    }

    /// Renders every diagnostic as a labelled snippet of its file, the way
    /// compilers do; `styled` adds terminal colours.
    pub fn render(&self, styled: bool) -> String {
        let renderer = if styled {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        let mut out = String::new();
        for d in &self.items {
            let title = if d.key_path.is_empty() {
                d.message.clone()
            } else {
                format!("{}: {}", d.key_path, d.message)
            };
            let mut elements: Vec<Element<'_>> = Vec::new();
            match &d.location {
                Location::File { source, span, .. } => {
                    let src = self.sources.get(*source);
                    let span = whole_characters(&src.text, span);
                    elements.push(
                        Snippet::source(src.text.as_str())
                            .path(src.name.as_str())
                            .annotation(AnnotationKind::Primary.span(span))
                            .into(),
                    );
                }
                Location::CommandLine { text } => {
                    elements.push(
                        Level::NOTE
                            .message(format!("on the command line: `{text}`"))
                            .into(),
                    );
                }
            }
            if let Some(help) = &d.help {
                elements.push(Level::HELP.message(help.as_str()).into());
            }
            let group =
                Group::with_title(Level::ERROR.primary_title(title).id(d.code)).elements(elements);
            out.push_str(&renderer.render(&[group]));
            out.push_str("\n\n");
        }
        let n = self.items.len();
        out.push_str(&format!(
            "{n} problem{} found\n",
            if n == 1 { "" } else { "s" }
        ));
        out
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.items {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_widened_to_whole_characters() {
        // "a", then U+FFFD (three bytes), then "b".
        let text = "a\u{FFFD}b";
        assert_eq!(whole_characters(text, &(2..2)), 1..4);
        assert_eq!(whole_characters(text, &(1..2)), 1..4);
        assert_eq!(whole_characters(text, &(0..0)), 0..1);
        assert_eq!(whole_characters(text, &(5..9)), 5..5);
        assert_eq!(char_start(text, 3), 1);
    }
}
