//! What a player is told about the options chosen for a game: which
//! choices cannot be played together and why, named as a lobby shows
//! them (`setup fixed-17`, `size 13`, `kill-all`), never by file, line or
//! section. The author-facing [`Diagnostics`](crate::ruleset::Diagnostics)
//! of `tengen validate` are a separate rendering of the same problems.

use std::fmt;

/// One setting a player picks: an option and, for a choice or a value,
/// the value (a switch has none: it is on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    /// The option's name.
    pub option: String,
    /// The value chosen, for a choice or a value.
    pub value: Option<String>,
}

impl Pick {
    /// How the command line and the API write it: `size=13`, `kill-all`.
    pub fn setting(&self) -> String {
        match &self.value {
            Some(value) => format!("{}={value}", self.option),
            None => self.option.clone(),
        }
    }
}

/// As a lobby shows it: `size 13`, `kill-all`.
impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Some(value) => write!(f, "{} {value}", self.option),
            None => f.write_str(&self.option),
        }
    }
}

/// Why some chosen settings cannot make one game. The picks are in the
/// order the ruleset declares their options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// The ruleset declares that the two options do not combine.
    Declared {
        /// The option declared first.
        first: Pick,
        /// The other.
        second: Pick,
    },
    /// Every rule `replaced` sets is set differently by the later `by`:
    /// the choice would be silently undone.
    Replaced {
        /// The choice that would have no effect.
        replaced: Pick,
        /// The later choices that undo it.
        by: Vec<Pick>,
    },
    /// The rules do not make a game with `picks` together.
    Unplayable {
        /// The settings that cannot be played together.
        picks: Vec<Pick>,
        /// Why, in the rules' own words.
        why: String,
    },
}

/// `a`, `a and b`, `a, b and c`.
fn listed(picks: &[Pick]) -> String {
    let names: Vec<String> = picks.iter().map(ToString::to_string).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::Declared { first, second } => write!(
                f,
                "{first} and {second} cannot be played together: this ruleset does not combine them"
            ),
            Conflict::Replaced { replaced, by } => write!(
                f,
                "{replaced} would have no effect with {}: everything it decides would be decided differently",
                listed(by)
            ),
            Conflict::Unplayable { picks, why } => {
                write!(f, "{} cannot be played together: {why}", listed(picks))
            }
        }
    }
}

impl Conflict {
    /// Whether the conflict involves `pick`.
    pub fn involves(&self, pick: &Pick) -> bool {
        match self {
            Conflict::Declared { first, second } => first == pick || second == pick,
            Conflict::Replaced { replaced, by } => replaced == pick || by.contains(pick),
            Conflict::Unplayable { picks, .. } => picks.contains(pick),
        }
    }
}

/// Why the choices sent for a game cannot even be judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChoicesError {
    /// The ruleset does not load as written, whatever is chosen.
    Broken {
        /// The ruleset's reference.
        ruleset: String,
    },
    /// No option has the name.
    UnknownOption {
        /// The name given.
        option: String,
        /// The ruleset's options.
        known: Vec<String>,
    },
    /// The option is chosen more than once.
    Repeated {
        /// The option.
        option: String,
    },
    /// A switch was given a value.
    SwitchValue {
        /// The switch.
        option: String,
        /// The value given.
        value: String,
    },
    /// A choice or a value was given without a value.
    NeedsValue {
        /// The option.
        option: String,
        /// Its choices (none for a free value).
        choices: Vec<String>,
    },
    /// The value is not one of the option's choices.
    NotAChoice {
        /// The option.
        option: String,
        /// The value given.
        value: String,
        /// Its choices.
        choices: Vec<String>,
    },
    /// A free value the rules do not take (`komi abc`).
    BadValue {
        /// The option and its value.
        pick: Pick,
        /// Why, in the rules' own words.
        why: String,
    },
}

impl fmt::Display for ChoicesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoicesError::Broken { ruleset } => write!(
                f,
                "the ruleset {ruleset} does not load as written, so no game of it can be started (its author can see why with tengen validate)"
            ),
            ChoicesError::UnknownOption { option, known } if known.is_empty() => write!(
                f,
                "this ruleset has no options, so {option} cannot be chosen"
            ),
            ChoicesError::UnknownOption { option, known } => write!(
                f,
                "this ruleset has no option {option}; its options are {}",
                known.join(", ")
            ),
            ChoicesError::Repeated { option } => {
                write!(f, "{option} is chosen twice: choose it once")
            }
            ChoicesError::SwitchValue { option, value } => write!(
                f,
                "{option} is either on or off and takes no value (it was given {value})"
            ),
            ChoicesError::NeedsValue { option, choices } if choices.is_empty() => {
                write!(f, "{option} needs a value")
            }
            ChoicesError::NeedsValue { option, choices } => {
                write!(f, "{option} needs a value: one of {}", choices.join(", "))
            }
            ChoicesError::NotAChoice {
                option,
                value,
                choices,
            } => write!(
                f,
                "{value} is not a choice of {option}: the choices are {}",
                choices.join(", ")
            ),
            ChoicesError::BadValue { pick, why } => write!(f, "{pick} cannot be played: {why}"),
        }
    }
}

impl std::error::Error for ChoicesError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(option: &str, value: Option<&str>) -> Pick {
        Pick {
            option: option.into(),
            value: value.map(Into::into),
        }
    }

    #[test]
    fn picks_are_named_as_the_lobby_shows_them_and_sent_as_the_api_takes_them() {
        let size = pick("size", Some("13"));
        assert_eq!(size.to_string(), "size 13");
        assert_eq!(size.setting(), "size=13");
        let snub = pick("snub", None);
        assert_eq!(snub.to_string(), "snub");
        assert_eq!(snub.setting(), "snub");
    }

    #[test]
    fn a_conflict_lists_its_picks_in_words_and_knows_whom_it_involves() {
        let setup = pick("setup", Some("fixed-17"));
        let size = pick("size", Some("13"));
        let unplayable = Conflict::Unplayable {
            picks: vec![setup.clone(), size.clone()],
            why: "the stones are off the board".into(),
        };
        assert_eq!(
            unplayable.to_string(),
            "setup fixed-17 and size 13 cannot be played together: the stones are off the board"
        );
        assert!(unplayable.involves(&size));
        assert!(!unplayable.involves(&pick("size", Some("19"))));
        let replaced = Conflict::Replaced {
            replaced: size,
            by: vec![setup, pick("snub", None)],
        };
        assert_eq!(
            replaced.to_string(),
            "size 13 would have no effect with setup fixed-17 and snub: everything it decides would be decided differently"
        );
    }
}
