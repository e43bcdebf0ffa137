//! What a reader is shown of a scenario: a title written for players and
//! the rules text it cites by its public name. The files the scenarios
//! cite (`seeds/004_...txt`, `RULES-NOTES.md`) are the project's own
//! names for those texts, not something a player can look up; the page
//! and the book both show the names from here.

use super::Scenario;

/// The rules texts a scenario may cite: the file its `source` starts
/// with, and the text's public name (its title and author).
pub const SOURCES: &[(&str, &str)] = &[
    (
        "seeds/000_b70f7e8370a4f36b.txt",
        "Thue-Morse Go, Abstract Play's rules",
    ),
    (
        "seeds/001_a6f50da26c93b8cd.txt",
        "Enhanced Go by Ian Joiner, Peace Cat Games' rules",
    ),
    (
        "seeds/002_661affa07f4a862a.txt",
        "Mathematical Rules of Go by Jean-Claude Chetrit",
    ),
    (
        "seeds/003_ea16dd0ed18df3f4.txt",
        "Kill-All Go, Abstract Play's rules",
    ),
    (
        "seeds/004_1decf00e68f64b56.txt",
        "Rules of Go by Kevin HY Hau",
    ),
    ("RULES-NOTES.md", "tengen's rules notes"),
];

/// `source` with each file it cites given by its public name:
/// `seeds/002_661affa07f4a862a.txt, The Rule of Capture` →
/// `Mathematical Rules of Go by Jean-Claude Chetrit, The Rule of Capture`
/// (a source may cite several texts, `RULES-NOTES.md, ...; seeds/...`).
pub fn cite(source: &str) -> String {
    SOURCES
        .iter()
        .fold(source.trim().to_string(), |text, (file, name)| {
            text.replace(file, name)
        })
}

/// `capture-single-stone` → `Capture single stone`, with the file-name
/// spellings of numbers undone (`komi-on-13x13-is-7-5` → `Komi on 13x13
/// is 7.5`).
fn readable(stem: &str) -> String {
    let stem = stem.strip_prefix("example-").unwrap_or(stem);
    let words: Vec<String> = stem.split('-').map(str::to_string).collect();
    let mut out: Vec<String> = Vec::new();
    for word in words {
        let after_digit = out
            .last()
            .is_some_and(|w| w.ends_with(|c: char| c.is_ascii_digit()));
        if after_digit && word.chars().all(|c| c.is_ascii_digit()) {
            let last = out.pop().unwrap_or_default();
            out.push(format!("{last}.{word}"));
        } else {
            out.push(word);
        }
    }
    let text = out.join(" ");
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

impl Scenario {
    /// The title a player is shown: the scenario's own `title`; else, for
    /// a rules text's worked example (a rule that opens with `Try-it
    /// example "NAME"`), that name with what the scenario adds to it
    /// (`Two eyes aren't safe: a wrong answer`); else one made from the
    /// file name `stem`.
    pub fn title_for(&self, stem: &str) -> String {
        if let Some(title) = &self.title {
            return title.trim().to_string();
        }
        let rule = self.rule.trim();
        let named = rule
            .strip_prefix("Try-it example \"")
            .and_then(|rest| rest.split_once('"'));
        match named {
            Some((name, rest)) => match rest.strip_prefix(", ") {
                Some(rest) => {
                    let what = rest.split(':').next().unwrap_or(rest).trim();
                    format!("{name}: {what}")
                }
                None => name.to_string(),
            },
            None => readable(stem),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cited_file_is_given_by_its_public_name() {
        assert_eq!(
            cite("seeds/002_661affa07f4a862a.txt, The Rule of Capture"),
            "Mathematical Rules of Go by Jean-Claude Chetrit, The Rule of Capture"
        );
        assert_eq!(
            cite("RULES-NOTES.md, go; seeds/004_1decf00e68f64b56.txt, Ko"),
            "tengen's rules notes, go; Rules of Go by Kevin HY Hau, Ko"
        );
    }

    #[test]
    fn a_title_made_from_a_file_name_reads_as_words() {
        assert_eq!(readable("komi-on-13x13-is-7-5"), "Komi on 13x13 is 7.5");
        assert_eq!(
            readable("example-two-stones-capture-c3"),
            "Two stones capture c3"
        );
    }
}
