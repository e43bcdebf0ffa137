//! Which settings of a ruleset's options a player may still pick, given
//! those already picked, and why the others may not.
//!
//! The rule: every option is given explicitly (a choice at its default
//! too), and settings conflict when
//!
//! 1. the ruleset declares their options not to combine (`conflicts`);
//! 2. one would be silently undone: every rule it sets is set differently
//!    by settings of options declared after it (a size the setup then
//!    replaces, say);
//! 3. the rules do not make a game of them together (the fixed 17
//!    stones of Kill-All Go's `fixed-17` are off a 13x13 board).
//!
//! A setting that only changes part of what another set (Go's handicap
//! sets the komi the size had set, and keeps its board) is no conflict:
//! that is how options layer.

use crate::model::{OptionForm, ResolvedRuleset};
use crate::ruleset::conflict::{ChoicesError, Conflict, Pick};
use crate::ruleset::library::{Loaded, Top, lean};
use crate::ruleset::node::{Node, Origin};
use crate::ruleset::options::{apply_options, parse_value};
use crate::ruleset::{Diagnostic, Library};

/// The most trial assemblies spent finding which two settings cannot be
/// played together, once a whole set of them fails: past it, the whole
/// set is named.
pub const MAX_BLAME_TRIALS: usize = 64;

/// A setting of one option, as the ruleset may be asked for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Availability {
    /// The setting.
    pub pick: Pick,
    /// Why it cannot be picked with the other settings chosen, if it
    /// cannot.
    pub conflict: Option<Conflict>,
}

/// The settings of one option (none for a free value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionChoices {
    /// The option's name.
    pub option: String,
    /// Each fixed setting: the switch, or each choice.
    pub settings: Vec<Availability>,
}

/// What a lobby shows for a set of chosen settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choices {
    /// Why the chosen settings themselves cannot make a game, if they
    /// cannot.
    pub conflict: Option<Conflict>,
    /// Every option, in declaration order, with its settings.
    pub options: Vec<OptionChoices>,
}

/// A chosen setting and the position of its option in the declaration.
#[derive(Clone, Debug)]
struct Chosen {
    index: usize,
    pick: Pick,
}

/// A ruleset loaded once, against which sets of settings are tried.
struct Trial<'a> {
    library: &'a Library,
    loaded: Loaded,
    lean: ResolvedRuleset,
}

impl Library {
    /// For a ruleset and the settings chosen (`size=13`, `weak-eyes`, as
    /// `--option` takes them), every fixed setting of every option and
    /// whether it can be picked instead, with the other choices kept: see
    /// the module's rule. The reasons name settings as a lobby shows them.
    pub fn choices(&self, reference: &str, chosen: &[String]) -> Result<Choices, ChoicesError> {
        let trial = Trial::open(self, reference)?;
        let picks = trial.read(chosen)?;
        let conflict = trial.judge(&picks, None);
        let options = trial
            .loaded
            .options
            .iter()
            .enumerate()
            .map(|(index, (name, spec, _))| OptionChoices {
                option: name.clone(),
                settings: spec
                    .settings(name)
                    .iter()
                    .map(|setting| {
                        let pick = pick_of(setting);
                        let mut with: Vec<Chosen> =
                            picks.iter().filter(|c| c.index != index).cloned().collect();
                        with.push(Chosen {
                            index,
                            pick: pick.clone(),
                        });
                        with.sort_by_key(|c| c.index);
                        let conflict = trial.judge(&with, Some(&pick));
                        Availability { pick, conflict }
                    })
                    .collect(),
            })
            .collect();
        Ok(Choices { conflict, options })
    }

    /// Why the settings chosen cannot make a game of the ruleset, in a
    /// player's words (see [`Library::choices`]), or `None` when they can.
    pub fn conflict(
        &self,
        reference: &str,
        chosen: &[String],
    ) -> Result<Option<Conflict>, ChoicesError> {
        let trial = Trial::open(self, reference)?;
        let picks = trial.read(chosen)?;
        Ok(trial.judge(&picks, None))
    }
}

/// `size=13` as a pick.
fn pick_of(setting: &str) -> Pick {
    match setting.split_once('=') {
        Some((option, value)) => Pick {
            option: option.trim().to_string(),
            value: Some(value.trim().to_string()),
        },
        None => Pick {
            option: setting.trim().to_string(),
            value: None,
        },
    }
}

/// A problem's message as a player reads it: without the backquotes that
/// mark words for a terminal.
fn plain(items: &[Diagnostic]) -> String {
    items
        .first()
        .map(|d| d.message.replace('`', ""))
        .unwrap_or_else(|| "the rules do not make a game of them".to_string())
}

impl<'a> Trial<'a> {
    /// Loads the ruleset, which must load and assemble as written with
    /// every setting of its options alone.
    fn open(library: &'a Library, reference: &str) -> Result<Trial<'a>, ChoicesError> {
        let broken = || ChoicesError::Broken {
            ruleset: reference.to_string(),
        };
        let (loaded, built) = library.build(Top::Reference(reference), &[]);
        if built.is_err() || !loaded.diagnostics.is_empty() {
            return Err(broken());
        }
        let resolved = loaded.typed(reference, &[]).map_err(|_| broken())?;
        let lean = lean(&resolved);
        Ok(Trial {
            library,
            loaded,
            lean,
        })
    }

    /// The settings given, each checked against its option, in
    /// declaration order; a free value is tried alone.
    fn read(&self, chosen: &[String]) -> Result<Vec<Chosen>, ChoicesError> {
        let declared = &self.loaded.options;
        let mut picks: Vec<Chosen> = Vec::new();
        for setting in chosen {
            let pick = pick_of(setting);
            let Some(index) = declared.iter().position(|(n, _, _)| *n == pick.option) else {
                return Err(ChoicesError::UnknownOption {
                    option: pick.option,
                    known: declared.iter().map(|(n, _, _)| n.clone()).collect(),
                });
            };
            if picks.iter().any(|c| c.index == index) {
                return Err(ChoicesError::Repeated {
                    option: pick.option,
                });
            }
            let spec = &declared[index].1;
            let choices: Vec<String> = spec
                .choices
                .iter()
                .flat_map(|c| c.keys().cloned())
                .collect();
            match (spec.form(), &pick.value) {
                (Some(OptionForm::Switch), Some(value)) => {
                    return Err(ChoicesError::SwitchValue {
                        option: pick.option,
                        value: value.clone(),
                    });
                }
                (Some(OptionForm::Choice | OptionForm::Value), None) => {
                    return Err(ChoicesError::NeedsValue {
                        option: pick.option,
                        choices,
                    });
                }
                (Some(OptionForm::Choice), Some(value)) if !choices.contains(value) => {
                    return Err(ChoicesError::NotAChoice {
                        option: pick.option,
                        value: value.clone(),
                        choices,
                    });
                }
                (Some(OptionForm::Value), Some(_)) => {
                    if let Err(items) = self.attempt(std::slice::from_ref(&pick)) {
                        return Err(ChoicesError::BadValue {
                            why: plain(&items),
                            pick,
                        });
                    }
                }
                _ => {}
            }
            picks.push(Chosen { index, pick });
        }
        picks.sort_by_key(|c| c.index);
        Ok(picks)
    }

    /// Assembles the ruleset with `picks` applied.
    fn attempt(&self, picks: &[Pick]) -> Result<(), Vec<Diagnostic>> {
        let settings: Vec<String> = picks.iter().map(Pick::setting).collect();
        self.library
            .try_settings(&self.loaded, &self.lean, &settings)
    }

    /// The first conflict among `picks` (in declaration order), or, given
    /// a `focus`, the first that involves it.
    fn judge(&self, picks: &[Chosen], focus: Option<&Pick>) -> Option<Conflict> {
        let concerns = |c: &Conflict| focus.is_none_or(|f| c.involves(f));
        self.declared(picks)
            .into_iter()
            .chain(self.replaced(picks))
            .find(|c| concerns(c))
            .or_else(|| self.unplayable(picks, focus))
    }

    /// Rule 1: pairs of options the ruleset declares not to combine.
    fn declared(&self, picks: &[Chosen]) -> Vec<Conflict> {
        let declared = &self.loaded.options;
        let mut out = Vec::new();
        for (i, a) in picks.iter().enumerate() {
            for b in &picks[i + 1..] {
                let (name_a, spec_a, _) = &declared[a.index];
                let (name_b, spec_b, _) = &declared[b.index];
                if spec_a.conflicts.contains(name_b) || spec_b.conflicts.contains(name_a) {
                    out.push(Conflict::Declared {
                        first: a.pick.clone(),
                        second: b.pick.clone(),
                    });
                }
            }
        }
        out
    }

    /// What a pick sets: each `section.key` and its value.
    fn effects(&self, chosen: &Chosen) -> Vec<(String, String, serde_json::Value)> {
        let (_, spec, node) = &self.loaded.options[chosen.index];
        let origin = Origin::Option(chosen.pick.setting());
        let patch = match (spec.form(), &chosen.pick.value) {
            (Some(OptionForm::Switch), _) => node.get("patch"),
            (Some(OptionForm::Choice), Some(v)) => node.get("choices").and_then(|c| c.get(v)),
            (Some(OptionForm::Value), Some(text)) => {
                let value = parse_value(text, &origin).to_json();
                return spec
                    .set
                    .iter()
                    .flatten()
                    .filter_map(|t| t.split_once('.'))
                    .map(|(s, k)| (s.to_string(), k.to_string(), value.clone()))
                    .collect();
            }
            _ => None,
        };
        patch
            .map(Node::entries)
            .unwrap_or_default()
            .iter()
            .flat_map(|section| {
                section
                    .node
                    .entries()
                    .iter()
                    .map(|e| (section.key.clone(), e.key.clone(), e.node.to_json()))
            })
            .collect()
    }

    /// Rule 2: picks every effect of which later picks undo.
    fn replaced(&self, picks: &[Chosen]) -> Vec<Conflict> {
        let mut sections = self.loaded.base.clone();
        let settings: Vec<String> = picks.iter().map(|c| c.pick.setting()).collect();
        let sources = &self.loaded.diagnostics.sources;
        apply_options(&mut sections, &settings, &self.loaded.options, sources);
        let after = sections.to_json();
        let mut out = Vec::new();
        for (i, earlier) in picks.iter().enumerate() {
            let effects = self.effects(earlier);
            let undone = !effects.is_empty()
                && effects
                    .iter()
                    .all(|(s, k, v)| after.get(s).and_then(|t| t.get(k)) != Some(v));
            if !undone {
                continue;
            }
            let by: Vec<Pick> = picks[i + 1..]
                .iter()
                .filter(|later| {
                    self.effects(later)
                        .iter()
                        .any(|(s, k, _)| effects.iter().any(|(s2, k2, _)| s == s2 && k == k2))
                })
                .map(|later| later.pick.clone())
                .collect();
            if !by.is_empty() {
                out.push(Conflict::Replaced {
                    replaced: earlier.pick.clone(),
                    by,
                });
            }
        }
        out
    }

    /// Rule 3: the picks make no game together. With a `focus`, only when
    /// the focus is what breaks them (without it they make a game), and
    /// naming the pick it cannot be played with where one alone is the
    /// cause; without, the first pair that makes no game.
    fn unplayable(&self, picks: &[Chosen], focus: Option<&Pick>) -> Option<Conflict> {
        let all: Vec<Pick> = picks.iter().map(|c| c.pick.clone()).collect();
        let items = self.attempt(&all).err()?;
        let whole = Conflict::Unplayable {
            picks: all.clone(),
            why: plain(&items),
        };
        let pairs: Vec<(usize, usize)> = match focus {
            Some(f) => {
                let without: Vec<Pick> = all.iter().filter(|p| *p != f).cloned().collect();
                if self.attempt(&without).is_err() {
                    return None;
                }
                let at = all.iter().position(|p| p == f)?;
                (0..all.len())
                    .filter(|&j| j != at)
                    .map(|j| (at.min(j), at.max(j)))
                    .collect()
            }
            None => (0..all.len())
                .flat_map(|i| (i + 1..all.len()).map(move |j| (i, j)))
                .collect(),
        };
        pairs
            .into_iter()
            .take(MAX_BLAME_TRIALS)
            .find_map(|(i, j)| {
                let pair = [all[i].clone(), all[j].clone()];
                self.attempt(&pair).err().map(|items| Conflict::Unplayable {
                    picks: pair.to_vec(),
                    why: plain(&items),
                })
            })
            .or(Some(whole))
    }
}
