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

/// The sources a set of diagnostics refers to, each with where its lines
/// start, so that placing a diagnostic costs a binary search rather than a
/// scan from the top of the file (a file with thousands of problems is
/// placed in time proportional to its length).
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    sources: Vec<Source>,
    lines: Vec<Lines>,
}

/// Where each line of a source starts, and whether it is all ASCII (where
/// a column in characters is a column in bytes).
#[derive(Clone, Debug)]
struct Lines {
    starts: Vec<usize>,
    ascii: Vec<bool>,
}

impl Lines {
    fn of(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let ascii = starts
            .iter()
            .enumerate()
            .map(|(n, &start)| {
                let end = starts.get(n + 1).copied().unwrap_or(text.len());
                text.as_bytes()[start..end].is_ascii()
            })
            .collect();
        Lines { starts, ascii }
    }

    /// The line (from 0) holding byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset) - 1
    }
}

impl SourceMap {
    /// Adds a source; returns its index.
    pub fn add(&mut self, source: Source) -> usize {
        if let Some(i) = self.sources.iter().position(|s| *s == source) {
            return i;
        }
        self.lines.push(Lines::of(&source.text));
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
        let lines = &self.lines[index];
        let offset = char_start(text, offset);
        let line = lines.line_of(offset);
        let start = lines.starts[line];
        let column = if lines.ascii[line] {
            offset - start
        } else {
            text[start..offset].chars().count()
        };
        (line + 1, column + 1)
    }

    /// The whole lines of source `index` that `span` touches: their byte
    /// range and the number (from 1) of the first. A snippet shows these
    /// rather than the whole file.
    fn lines_around(
        &self,
        index: usize,
        span: &std::ops::Range<usize>,
    ) -> (std::ops::Range<usize>, usize) {
        let text = &self.sources[index].text;
        let lines = &self.lines[index];
        let first = lines.line_of(span.start.min(text.len()));
        let last = lines.line_of(span.end.max(span.start).min(text.len()));
        let end = lines
            .starts
            .get(last + 1)
            .map_or(text.len(), |&next| next - 1);
        (lines.starts[first]..end.max(lines.starts[first]), first + 1)
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
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
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

/// The most problems one load reports; the rest are counted (a file with
/// thirty thousand mistyped keys is answered with the first of them and
/// how many more there are, not with megabytes of messages).
pub const MAX_DIAGNOSTICS: usize = 100;

/// Every problem found while loading a ruleset, with the sources they refer to.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics {
    /// The sources.
    pub sources: SourceMap,
    /// The problems, in the order found (after [`Diagnostics::cap`], the
    /// first [`MAX_DIAGNOSTICS`] by place).
    pub items: Vec<Diagnostic>,
    /// How many more problems were found than `items` holds.
    pub omitted: usize,
}

impl Diagnostics {
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty() && self.omitted == 0
    }

    /// How many problems were found, reported or not.
    pub fn total(&self) -> usize {
        self.items.len() + self.omitted
    }

    /// Adds the problems of `found` that are not already here (the same
    /// problem can be found twice, e.g. in a file and again in the
    /// ruleset it resolves to). Linear in the problems held and added.
    pub fn add_new(&mut self, found: impl IntoIterator<Item = Diagnostic>) {
        use std::hash::BuildHasher;
        let hasher = std::collections::hash_map::RandomState::new();
        // Each problem held, by its hash (problems with equal hashes are
        // compared in full).
        let mut held: std::collections::HashMap<u64, Vec<usize>> =
            std::collections::HashMap::with_capacity(self.items.len());
        for (i, d) in self.items.iter().enumerate() {
            held.entry(hasher.hash_one(d)).or_default().push(i);
        }
        for d in found {
            let same_hash = held.entry(hasher.hash_one(&d)).or_default();
            if !same_hash.iter().any(|&i| self.items[i] == d) {
                same_hash.push(self.items.len());
                self.items.push(d);
            }
        }
    }

    /// Sorts the problems by place and keeps the first
    /// [`MAX_DIAGNOSTICS`], counting the rest in `omitted`.
    pub fn cap(&mut self) {
        self.sort();
        if self.items.len() > MAX_DIAGNOSTICS {
            self.omitted += self.items.len() - MAX_DIAGNOSTICS;
            self.items.truncate(MAX_DIAGNOSTICS);
        }
    }

    /// The line that says how many problems were not reported, if any.
    pub fn omitted_note(&self) -> Option<String> {
        match self.omitted {
            0 => None,
            n => Some(format!(
                "and {n} more problem{} not shown (the first {} are; fix them and check again)",
                if n == 1 { "" } else { "s" },
                self.items.len()
            )),
        }
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
                    let (lines, first_line) = self.sources.lines_around(*source, &span);
                    let end = span.end.min(lines.end.max(span.start));
                    let local = span.start - lines.start..end - lines.start;
                    elements.push(
                        Snippet::source(&src.text[lines.clone()])
                            .path(src.name.as_str())
                            .line_start(first_line)
                            .annotation(AnnotationKind::Primary.span(local))
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
        if let Some(note) = self.omitted_note() {
            out.push_str(&note);
            out.push('\n');
        }
        let n = self.total();
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
        if let Some(note) = self.omitted_note() {
            writeln!(f, "{note}")?;
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

    fn map_of(text: &str) -> SourceMap {
        let mut map = SourceMap::default();
        map.add(Source {
            name: "t.toml".into(),
            text: text.into(),
        });
        map
    }

    #[test]
    fn places_are_found_by_line_with_columns_in_characters() {
        let map = map_of("a = 1\nb = \"\u{e9}t\u{e9}\" x\n\nlast");
        assert_eq!(map.line_column(0, 0), (1, 1));
        assert_eq!(map.line_column(0, 4), (1, 5));
        // The newline itself is the end of its line.
        assert_eq!(map.line_column(0, 5), (1, 6));
        assert_eq!(map.line_column(0, 6), (2, 1));
        // `x` is 12 bytes past its line's start but 10 characters (two
        // of them take two bytes): column 11.
        let x = map.get(0).text.find('x').unwrap();
        assert_eq!(x - 6, 12);
        assert_eq!(map.line_column(0, x), (2, 11));
        assert_eq!(map.line_column(0, x + 2), (3, 1));
        assert_eq!(map.line_column(0, 1000), (4, 5));
    }

    #[test]
    fn a_snippet_holds_the_lines_of_its_span_only() {
        let map = map_of("one\ntwo\nthree\nfour");
        assert_eq!(map.lines_around(0, &(4..7)), (4..7, 2));
        assert_eq!(map.lines_around(0, &(5..10)), (4..13, 2));
        assert_eq!(map.lines_around(0, &(18..19)), (14..18, 4));
    }

    #[test]
    fn problems_past_the_cap_are_counted_not_kept() {
        let map = map_of(&"k = 1\n".repeat(500));
        let mut diagnostics = Diagnostics {
            sources: map,
            ..Diagnostics::default()
        };
        let problem = |n: usize| {
            Diagnostic::new(
                &diagnostics.sources,
                "unknown-key",
                &Origin::File {
                    source: 0,
                    span: 6 * n..6 * n + 1,
                },
                "k",
                format!("problem {n}"),
            )
        };
        // Found in reverse, with each one twice.
        let found: Vec<Diagnostic> = (0..300)
            .rev()
            .flat_map(|n| [problem(n), problem(n)])
            .collect();
        diagnostics.add_new(found);
        assert_eq!(diagnostics.items.len(), 300);
        diagnostics.cap();
        assert_eq!(diagnostics.items.len(), MAX_DIAGNOSTICS);
        assert_eq!(diagnostics.omitted, 300 - MAX_DIAGNOSTICS);
        assert_eq!(diagnostics.total(), 300);
        assert_eq!(diagnostics.items[0].message, "problem 0");
        let text = diagnostics.render(false);
        assert!(text.contains("and 200 more problems not shown"), "{text}");
        assert!(text.ends_with("300 problems found\n"), "{text}");
        assert!(diagnostics.to_string().ends_with(
            "and 200 more problems not shown (the first 100 are; fix them and check again)\n"
        ));
    }
}
