//! Reading a command's arguments: their number and their types, with a
//! syntax error naming what is wrong.

use super::error::GtpError;

/// The arguments of one command, with its usage for messages.
pub(super) struct Args<'a> {
    words: &'a [String],
    usage: &'static str,
}

impl<'a> Args<'a> {
    /// The arguments `words` of a command written as `usage`.
    pub(super) fn new(words: &'a [String], usage: &'static str) -> Args<'a> {
        Args { words, usage }
    }

    /// A syntax error for this command.
    pub(super) fn error(&self, problem: impl Into<String>) -> GtpError {
        GtpError::syntax(problem, self.usage)
    }

    /// The arguments, checked to be exactly `names.len()` (named in the
    /// message when one is missing or extra).
    pub(super) fn exactly(&self, names: &[&str]) -> Result<&'a [String], GtpError> {
        let given = self.words.len();
        if given < names.len() {
            let missing = names[given..].join(" and ");
            return Err(self.error(format!("{missing} missing")));
        }
        if given > names.len() {
            let extra = self.words[names.len()..].join(" ");
            return Err(self.error(format!("unexpected `{extra}`")));
        }
        Ok(self.words)
    }

    /// Every argument (any number, at least `min`).
    pub(super) fn at_least(&self, min: usize, name: &str) -> Result<&'a [String], GtpError> {
        if self.words.len() < min {
            return Err(self.error(format!("{name} missing")));
        }
        Ok(self.words)
    }

    /// The one argument of a command that takes one.
    pub(super) fn one(&self, name: &str) -> Result<&'a str, GtpError> {
        match self.exactly(&[name])? {
            [word] => Ok(word),
            _ => Err(self.error(format!("{name} missing"))),
        }
    }

    /// The one argument as a whole number.
    pub(super) fn number(&self, name: &str) -> Result<u64, GtpError> {
        let word = self.one(name)?;
        word.parse()
            .map_err(|_| self.error(format!("`{word}` is not a whole number")))
    }
}
