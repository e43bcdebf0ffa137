//! "Did you mean" suggestions for misspelt names.

/// The candidate closest to `word`, if one is close enough to be a likely
/// misspelling (Jaro-Winkler similarity of at least 0.8, or the word is a
/// prefix of exactly one candidate).
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_ascii_lowercase();
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let prefixed: Vec<&str> = candidates
        .iter()
        .copied()
        .filter(|c| !word.is_empty() && c.starts_with(&word))
        .collect();
    if let [only] = prefixed.as_slice() {
        return Some(only);
    }
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(&word, c), c))
        .filter(|&(score, _)| score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn suggests_the_likely_word_and_nothing_for_nonsense() {
        let words = [
            "positional-superko",
            "situational-superko",
            "simple-ko",
            "none",
        ];
        assert_eq!(
            closest("positional-superk", words),
            Some("positional-superko")
        );
        assert_eq!(closest("simple_ko", words), Some("simple-ko"));
        assert_eq!(closest("sit", words), Some("situational-superko"));
        assert_eq!(closest("zzzzzz", words), None);
    }
}
