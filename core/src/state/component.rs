//! What the state records of the components: which of the seven kinds a
//! component is, and the private data each may keep in a game.

use std::any::Any;
use std::fmt;

/// The seven kinds of component, in the order the core consults them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum ComponentKind {
    /// The board's shape.
    Topology,
    /// What happens before ordinary play.
    Opening,
    /// Who owns each placement.
    Schedule,
    /// When captures happen and what counts as suicide.
    Resolver,
    /// Which repeated positions are refused, or end the game.
    Repetition,
    /// The score of a board.
    Scorer,
    /// How play ends and who wins.
    Objective,
}

impl ComponentKind {
    /// Every kind, in consultation order.
    pub const ALL: [ComponentKind; 7] = [
        ComponentKind::Topology,
        ComponentKind::Opening,
        ComponentKind::Schedule,
        ComponentKind::Resolver,
        ComponentKind::Repetition,
        ComponentKind::Scorer,
        ComponentKind::Objective,
    ];

    /// The ruleset section that names this kind's implementation.
    pub const fn section(self) -> &'static str {
        match self {
            ComponentKind::Topology => "topology",
            ComponentKind::Opening => "opening",
            ComponentKind::Schedule => "schedule",
            ComponentKind::Resolver => "resolver",
            ComponentKind::Repetition => "repetition",
            ComponentKind::Scorer => "scorer",
            ComponentKind::Objective => "objective",
        }
    }

    /// The trait's name, as the book and `tengen list` print it.
    pub const fn trait_name(self) -> &'static str {
        match self {
            ComponentKind::Topology => "Topology",
            ComponentKind::Opening => "Opening",
            ComponentKind::Schedule => "Schedule",
            ComponentKind::Resolver => "Resolver",
            ComponentKind::Repetition => "RepetitionPolicy",
            ComponentKind::Scorer => "Scorer",
            ComponentKind::Objective => "Objective",
        }
    }

    /// The kind whose section is `name`.
    pub fn from_section(name: &str) -> Option<ComponentKind> {
        ComponentKind::ALL.into_iter().find(|k| k.section() == name)
    }

    /// Index into per-kind tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for ComponentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.section())
    }
}

/// Private game data of a component: cloned, compared and printed with the
/// game. Any `Clone + PartialEq + Debug` type qualifies.
pub trait ComponentState: Any + fmt::Debug + Send + Sync {
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn ComponentState>;
    /// Makes this state a copy of `source` in its own memory, where
    /// `source` is a state of the same type; false (and nothing changed)
    /// otherwise.
    fn copy_from_dyn(&mut self, source: &dyn ComponentState) -> bool;
    /// Equality with another component's state.
    fn eq_dyn(&self, other: &dyn ComponentState) -> bool;
    /// For downcasting.
    fn as_any(&self) -> &dyn Any;
    /// For downcasting.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Any + Clone + PartialEq + fmt::Debug + Send + Sync> ComponentState for T {
    fn clone_box(&self) -> Box<dyn ComponentState> {
        Box::new(self.clone())
    }

    fn copy_from_dyn(&mut self, source: &dyn ComponentState) -> bool {
        match source.as_any().downcast_ref::<T>() {
            Some(source) => {
                self.clone_from(source);
                true
            }
            None => false,
        }
    }

    fn eq_dyn(&self, other: &dyn ComponentState) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl Clone for Box<dyn ComponentState> {
    fn clone(&self) -> Self {
        (**self).clone_box()
    }

    /// Copies into this box where the states are of one type (as a game
    /// copied into the memory of another always finds them), so a copy
    /// allocates nothing.
    fn clone_from(&mut self, source: &Self) {
        if !(**self).copy_from_dyn(&**source) {
            *self = source.clone();
        }
    }
}

impl PartialEq for Box<dyn ComponentState> {
    fn eq(&self, other: &Self) -> bool {
        (**self).eq_dyn(&**other)
    }
}
