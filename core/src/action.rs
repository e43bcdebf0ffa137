//! Actions: the atomic decisions a player makes. Every front end (terminal,
//! record replay, conformance runner, benchmarks, AI) drives the engine with
//! these, so every front end sees the same rules.
//!
//! A **move** is the run of actions one seat makes between two hand-overs;
//! the schedule says how many placement opportunities it has.
//!
//! The core knows the actions every game of Go shares: placing, passing,
//! resigning and the agreement phase's marks. Every other action (taking
//! a button, a payment, a declared number, a claimed role, ...) belongs to
//! the component that handles it: the component declares it with an
//! [`ActionSpec`] in its registration, and every front end (the notation,
//! the JSON interface, SGF, the terminal's help, the page, the computer
//! player) reads the declaration from the registry.

use crate::phase::Phase;
use crate::point::Point;
use std::fmt;
use std::hash::{Hash, Hasher};

/// One atomic decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Place a stone on an empty point (uses one placement opportunity).
    Place(Point),
    /// Pass one placement opportunity.
    Pass,
    /// Pass every remaining placement opportunity of the move.
    PassMove,
    /// Mark the string through a point as dead.
    Mark(Point),
    /// Take back the dead mark of the string through a point.
    Unmark(Point),
    /// Accept the dead strings as marked and the score that follows.
    Accept,
    /// Leave the agreement phase and play on.
    Resume,
    /// Give up the game (where the objective allows it).
    Resign,
    /// An action a component declares and handles.
    Component(ComponentAction),
}

/// An action declared by a component: which one, and its argument.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ComponentAction {
    /// The declaration.
    pub spec: &'static ActionSpec,
    /// The argument, of the kind the declaration names.
    pub argument: Argument,
}

impl fmt::Debug for ComponentAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.argument {
            Argument::None => write!(f, "{}", self.spec.name),
            Argument::Number(n) => write!(f, "{} {n}", self.spec.name),
            Argument::Point(p) => write!(f, "{} {p:?}", self.spec.name),
            Argument::Word(_) => match self.word() {
                Some(w) => write!(f, "{} {w}", self.spec.name),
                None => write!(f, "{} <no word>", self.spec.name),
            },
        }
    }
}

impl ComponentAction {
    /// The word of an action whose argument is one of its declaration's
    /// words.
    pub fn word(&self) -> Option<&'static str> {
        match (self.argument, self.spec.argument) {
            (Argument::Word(i), ArgumentKind::Word { choices, .. }) => {
                choices.get(usize::from(i)).copied()
            }
            _ => None,
        }
    }
}

/// The argument of a component's action (small, so that an action is
/// two words: search trees hold millions).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Argument {
    /// The action takes none.
    None,
    /// A whole number.
    Number(u32),
    /// A point of the board.
    Point(Point),
    /// One of the words the declaration lists, by its place in the list.
    Word(u8),
}

/// What argument a component's action takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ArgumentKind {
    /// None: the words alone are the action.
    None,
    /// A whole number from `min` to `max` (the rules may allow fewer in a
    /// given game), named `field` in the JSON form.
    Number {
        /// The JSON form's field.
        field: &'static str,
        /// The smallest number the notation reads.
        min: u32,
        /// The largest number the notation reads.
        max: u32,
    },
    /// A point, named `field` in the JSON form.
    Point {
        /// The JSON form's field.
        field: &'static str,
    },
    /// One of `choices`, named `field` in the JSON form.
    Word {
        /// The JSON form's field.
        field: &'static str,
        /// The words allowed, lower-case.
        choices: &'static [&'static str],
    },
}

impl ArgumentKind {
    /// The JSON form's field holding the argument, if there is one.
    pub const fn field(self) -> Option<&'static str> {
        match self {
            ArgumentKind::None => None,
            ArgumentKind::Number { field, .. }
            | ArgumentKind::Point { field }
            | ArgumentKind::Word { field, .. } => Some(field),
        }
    }
}

/// Who may take a component's action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seats {
    /// Only the seat to act.
    ToAct,
    /// Either seat, whoever is to act.
    Either,
}

/// How a computer player chooses a component's action.
#[derive(Clone, Copy, Debug)]
pub enum Choosing {
    /// Among the candidates the search explores, like a placement.
    Searched,
    /// Set by rule rather than searched (a choice between unequal players
    /// or of a setup's size, which random play cannot weigh): of the
    /// numbers offered, the one nearest `target` of the board's number of
    /// points.
    ByRule {
        /// The number aimed at, given the board's number of points.
        target: fn(usize) -> u32,
    },
    /// A decision taken once, weighed by random continuations against
    /// going on without it (a role claim).
    Weighed,
    /// Opens a run of actions within the move (a special turn): random
    /// play takes the smallest now and then and completes it with the
    /// other actions offered, or calls it off with the number `cancel`
    /// where it cannot be completed.
    OpensRun {
        /// The number that calls the run off.
        cancel: u32,
    },
}

/// A component's declaration of one action: everything a front end needs
/// to read it, write it, offer it and explain it. Declared as a `static`
/// in the component's file and named in its registration (see
/// [`component!`](crate::component)).
#[derive(Debug)]
pub struct ActionSpec {
    /// Its identifier: the JSON form's `type` (kebab-case, unique among
    /// every registered action).
    pub name: &'static str,
    /// Its words in the move notation, before the argument (one or more,
    /// e.g. `declare bonus` for an action `declare bonus 2`).
    pub words: &'static str,
    /// What argument follows the words.
    pub argument: ArgumentKind,
    /// A short label for a control that takes it (`Declare a bonus`).
    pub label: &'static str,
    /// What the action does, in a sentence, for help texts and the book.
    pub summary: &'static str,
    /// The action's name in messages, e.g. `declaring a bonus`.
    pub described: &'static str,
    /// Whether it uses one placement opportunity of the move.
    pub uses_opportunity: bool,
    /// The phases in which it may be taken.
    pub phases: &'static [Phase],
    /// Who may take it.
    pub seats: Seats,
    /// How a computer player chooses it.
    pub choosing: Choosing,
}

impl PartialEq for ActionSpec {
    fn eq(&self, other: &ActionSpec) -> bool {
        self.name == other.name
    }
}

impl Eq for ActionSpec {}

impl Hash for ActionSpec {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl ActionSpec {
    /// The action with no argument.
    pub const fn plain(&'static self) -> Action {
        self.with(Argument::None)
    }

    /// The action with a number.
    pub const fn number(&'static self, n: u32) -> Action {
        self.with(Argument::Number(n))
    }

    /// The action at a point.
    pub const fn at(&'static self, point: Point) -> Action {
        self.with(Argument::Point(point))
    }

    /// The action with `word`, one of its declaration's words (a word
    /// not among them makes an action the engine refuses).
    pub fn word(&'static self, word: &str) -> Action {
        let index = match self.argument {
            ArgumentKind::Word { choices, .. } => choices.iter().position(|c| *c == word),
            _ => None,
        };
        self.with(Argument::Word(
            index.and_then(|i| u8::try_from(i).ok()).unwrap_or(u8::MAX),
        ))
    }

    /// The action with `argument`.
    pub const fn with(&'static self, argument: Argument) -> Action {
        Action::Component(ComponentAction {
            spec: self,
            argument,
        })
    }

    /// Whether `action` is this one (with any argument); its argument if so.
    pub fn argument_of(&self, action: Action) -> Option<Argument> {
        match action {
            Action::Component(c) if std::ptr::eq(c.spec, self) || c.spec == self => {
                Some(c.argument)
            }
            _ => None,
        }
    }

    /// Whether `action` is this one, with any argument.
    pub fn is(&self, action: Action) -> bool {
        self.argument_of(action).is_some()
    }

    /// The number of `action`, when it is this one with a number.
    pub fn number_of(&self, action: Action) -> Option<u32> {
        match self.argument_of(action) {
            Some(Argument::Number(n)) => Some(n),
            _ => None,
        }
    }

    /// The point of `action`, when it is this one at a point.
    pub fn point_of(&self, action: Action) -> Option<Point> {
        match self.argument_of(action) {
            Some(Argument::Point(p)) => Some(p),
            _ => None,
        }
    }

    /// The word of `action`, when it is this one with a word.
    pub fn word_of(&self, action: Action) -> Option<&'static str> {
        match action {
            Action::Component(c) if self.is(action) => c.word(),
            _ => None,
        }
    }

    /// Whether the action may be taken in `phase`.
    pub fn allowed_in(&self, phase: Phase) -> bool {
        self.phases.contains(&phase)
    }
}

/// A declared number and the action that declared it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Declaration {
    /// The action that declared it.
    pub action: &'static ActionSpec,
    /// The number declared.
    pub value: u32,
}

impl Action {
    /// Whether the action uses a placement opportunity of the move.
    pub const fn uses_opportunity(self) -> bool {
        match self {
            Action::Place(_) | Action::Pass | Action::PassMove => true,
            Action::Component(c) => c.spec.uses_opportunity,
            _ => false,
        }
    }

    /// The point the action names, if any.
    pub const fn point(self) -> Option<Point> {
        match self {
            Action::Place(p) | Action::Mark(p) | Action::Unmark(p) => Some(p),
            Action::Component(ComponentAction {
                argument: Argument::Point(p),
                ..
            }) => Some(p),
            _ => None,
        }
    }

    /// The component's declaration, for a component's action.
    pub const fn spec(self) -> Option<&'static ActionSpec> {
        match self {
            Action::Component(c) => Some(c.spec),
            _ => None,
        }
    }

    /// A short name of the kind of action, for messages.
    pub const fn kind_name(self) -> &'static str {
        match self {
            Action::Place(_) => "a placement",
            Action::Pass => "a pass",
            Action::PassMove => "passing the rest of the move",
            Action::Mark(_) => "marking a dead string",
            Action::Unmark(_) => "unmarking a dead string",
            Action::Accept => "accepting the marks",
            Action::Resume => "resuming play",
            Action::Resign => "resigning",
            Action::Component(c) => c.spec.described,
        }
    }
}

// An action stays two words: search trees and records hold millions.
const _: () = assert!(std::mem::size_of::<Action>() <= 16);
