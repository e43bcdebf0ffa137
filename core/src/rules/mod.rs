//! The component traits, one per rule axis, and the assembled [`Rules`].

mod component;
pub(crate) mod ctx;
mod objective;
mod opening;
mod repetition;
mod resolver;
mod schedule;
mod scorer;
mod topology;

pub use crate::state::{Bonus, ButtonStatus, ComponentKind, ComponentState, ScoreSheet, Slot};
pub use component::{Component, Fact, Hooks};
pub use objective::Objective;
pub use opening::Opening;
pub use repetition::{BoardRule, Candidate, Judgement, RepetitionPolicy};
pub use resolver::{ForeseenEnd, PlacementPlan, Removals, Resolver};
pub use schedule::Schedule;
pub use scorer::Scorer;
pub use topology::Topology;

use crate::action::{ActionSpec, Choosing};
use crate::geometry::Geometry;
use crate::model::ResolvedRuleset;
use std::sync::Arc;

/// A ruleset assembled: one implementation of each component, ready to play.
#[derive(Debug)]
pub struct Rules {
    /// The ruleset this was built from, with its options applied.
    pub ruleset: ResolvedRuleset,
    /// The board's shape (from the topology).
    pub geometry: Arc<Geometry>,
    /// The board's shape.
    pub topology: Box<dyn Topology>,
    /// What happens before ordinary play.
    pub opening: Box<dyn Opening>,
    /// Who owns each placement.
    pub schedule: Box<dyn Schedule>,
    /// When captures happen.
    pub resolver: Box<dyn Resolver>,
    /// Which repetitions are refused.
    pub repetition: Box<dyn RepetitionPolicy>,
    /// The score.
    pub scorer: Box<dyn Scorer>,
    /// How the game ends.
    pub objective: Box<dyn Objective>,
    /// The actions beyond the core's that the components declare, sorted
    /// by name.
    pub actions: Vec<&'static ActionSpec>,
    /// What the hot path asks of the components on every action, asked
    /// once when the rules are assembled.
    pub(crate) profile: Profile,
}

/// The answers of the components that never change during a game, and the
/// components that take part in each flow hook, worked out once.
#[derive(Clone, Debug)]
pub(crate) struct Profile {
    /// [`Objective::passing_allowed`].
    pub(crate) passing_allowed: bool,
    /// [`Resolver::clears_at_move_end`].
    pub(crate) clears_at_move_end: bool,
    /// [`RepetitionPolicy::judges_move_end`].
    pub(crate) judges_move_end: bool,
    /// The resolver clears at the end of moves, and resolves a move's only
    /// placement as a probe foresees
    /// ([`Resolver::resolves_lone_placement_as_probed`]).
    pub(crate) lone_placement_probed: bool,
    /// Some component's vetoes can leave a begun move without a legal
    /// way to finish ([`Component::constrains_completion`]).
    pub(crate) completion_constrained: bool,
    /// Some component declares an action that opens a run within a move
    /// ([`Choosing::OpensRun`]): the ruleset has special turns.
    ///
    /// [`Choosing::OpensRun`]: crate::action::Choosing::OpensRun
    special_turns: bool,
    /// The components of each hook of [`Hooks::EACH`], in consultation
    /// order.
    hooked: [HookList; 4],
    /// Whether the core may take the shortcuts the components' promises
    /// allow (see [`Rules::without_shortcuts`]).
    pub(crate) shortcuts: bool,
}

/// The kinds of the components that implement one hook.
#[derive(Clone, Copy, Debug, Default)]
struct HookList {
    kinds: [Option<ComponentKind>; 7],
}

impl Rules {
    /// Rules of one implementation of each component.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        ruleset: ResolvedRuleset,
        topology: Box<dyn Topology>,
        opening: Box<dyn Opening>,
        schedule: Box<dyn Schedule>,
        resolver: Box<dyn Resolver>,
        repetition: Box<dyn RepetitionPolicy>,
        scorer: Box<dyn Scorer>,
        objective: Box<dyn Objective>,
        actions: Vec<&'static ActionSpec>,
    ) -> Rules {
        let geometry = topology.geometry();
        let profile = Profile {
            passing_allowed: objective.passing_allowed(),
            clears_at_move_end: resolver.clears_at_move_end(),
            judges_move_end: repetition.judges_move_end(),
            lone_placement_probed: resolver.clears_at_move_end()
                && resolver.resolves_lone_placement_as_probed(),
            completion_constrained: false,
            special_turns: actions
                .iter()
                .any(|spec| matches!(spec.choosing, Choosing::OpensRun { .. })),
            hooked: [HookList::default(); 4],
            shortcuts: true,
        };
        let mut rules = Rules {
            ruleset,
            geometry,
            topology,
            opening,
            schedule,
            resolver,
            repetition,
            scorer,
            objective,
            actions,
            profile,
        };
        let mut hooked = [HookList::default(); 4];
        for (slot, hook) in Hooks::EACH.into_iter().enumerate() {
            let kinds = rules
                .components()
                .into_iter()
                .filter(|(_, c)| c.hooks().contains(hook))
                .map(|(kind, _)| kind);
            for (place, kind) in hooked[slot].kinds.iter_mut().zip(kinds) {
                *place = Some(kind);
            }
        }
        rules.profile.hooked = hooked;
        let constrained = rules
            .components()
            .into_iter()
            .any(|(_, c)| c.constrains_completion());
        rules.profile.completion_constrained = constrained;
        rules
    }

    /// These rules with every shortcut the components' promises allow
    /// turned off: the slow, fully generic path. Every component is
    /// consulted at every flow hook, whatever its [`Component::hooks`]
    /// says; the end of every move is cleared and judged as though the
    /// resolver and the repetition policy worked there
    /// ([`Resolver::clears_at_move_end`],
    /// [`RepetitionPolicy::judges_move_end`]); a move's completion is
    /// searched for after every placement that does not end it; no lone
    /// placement is decided by a probe
    /// ([`Resolver::resolves_lone_placement_as_probed`]); and no light
    /// playout board takes the game ([`crate::playout::LightGame`]).
    /// Where every promise holds, a game plays exactly as it does with
    /// the shortcuts (the suite plays its scenarios and random games both
    /// ways and compares); a promise broken shows as a difference.
    ///
    /// [`Component::hooks`]: crate::rules::Component::hooks
    /// [`Resolver::clears_at_move_end`]: crate::rules::Resolver::clears_at_move_end
    /// [`RepetitionPolicy::judges_move_end`]: crate::rules::RepetitionPolicy::judges_move_end
    /// [`Resolver::resolves_lone_placement_as_probed`]: crate::rules::Resolver::resolves_lone_placement_as_probed
    #[must_use]
    pub fn without_shortcuts(mut self) -> Rules {
        let every = self.components().map(|(kind, _)| Some(kind));
        let profile = &mut self.profile;
        profile.clears_at_move_end = true;
        profile.judges_move_end = true;
        profile.lone_placement_probed = false;
        profile.hooked = [HookList { kinds: every }; 4];
        profile.shortcuts = false;
        self
    }

    /// Whether the core takes the shortcuts the components' promises
    /// allow (true unless made by [`Rules::without_shortcuts`]).
    pub fn takes_shortcuts(&self) -> bool {
        self.profile.shortcuts
    }

    /// Whether the ruleset has special turns: some component declares an
    /// action that opens a run of actions within a move
    /// ([`Choosing::OpensRun`], Enhanced Go's special turn). Worked out once
    /// from the declared actions; the shortcuts do not change it.
    #[inline]
    pub fn has_special_turns(&self) -> bool {
        self.profile.special_turns
    }

    /// The component of `kind`, as the shared trait.
    pub fn component(&self, kind: ComponentKind) -> &dyn Component {
        match kind {
            ComponentKind::Topology => &*self.topology,
            ComponentKind::Opening => &*self.opening,
            ComponentKind::Schedule => &*self.schedule,
            ComponentKind::Resolver => &*self.resolver,
            ComponentKind::Repetition => &*self.repetition,
            ComponentKind::Scorer => &*self.scorer,
            ComponentKind::Objective => &*self.objective,
        }
    }

    /// The components that implement `hook` (one of [`Hooks::EACH`]), in
    /// consultation order.
    pub fn components_with(
        &self,
        hook: Hooks,
    ) -> impl Iterator<Item = (ComponentKind, &dyn Component)> + '_ {
        self.profile.hooked[hook.slot()]
            .kinds
            .iter()
            .map_while(|k| *k)
            .map(|kind| (kind, self.component(kind)))
    }

    /// Whether a component implements `hook` (one of [`Hooks::EACH`]).
    #[inline]
    pub fn any_with(&self, hook: Hooks) -> bool {
        self.profile.hooked[hook.slot()].kinds[0].is_some()
    }

    /// The components in consultation order, as their shared trait.
    pub fn components(&self) -> [(ComponentKind, &dyn Component); 7] {
        [
            (ComponentKind::Topology, &*self.topology as &dyn Component),
            (ComponentKind::Opening, &*self.opening as &dyn Component),
            (ComponentKind::Schedule, &*self.schedule as &dyn Component),
            (ComponentKind::Resolver, &*self.resolver as &dyn Component),
            (
                ComponentKind::Repetition,
                &*self.repetition as &dyn Component,
            ),
            (ComponentKind::Scorer, &*self.scorer as &dyn Component),
            (ComponentKind::Objective, &*self.objective as &dyn Component),
        ]
    }

    /// Whether some move of the schedule has several placement
    /// opportunities (looking at the first 256).
    pub fn moves_can_have_several_placements(&self) -> bool {
        (0..256).any(|k| self.schedule.slot(k) == self.schedule.slot(k + 1))
    }

    /// The rule a pass-alive analysis of this ruleset uses: the resolver's
    /// suicide rule, and three vital regions where one move can fill two
    /// eyes before any removal (captures wait for the end of moves of
    /// several placements), two otherwise.
    pub fn life_rule(&self) -> crate::analysis::LifeRule {
        let two_eyes_at_once =
            self.resolver.clears_at_move_end() && self.moves_can_have_several_placements();
        crate::analysis::LifeRule {
            vital_minimum: if two_eyes_at_once { 3 } else { 2 },
            self_capture_legal: self.resolver.allows_self_capture(),
        }
    }

    /// The action of this ruleset written `words` (its notation).
    pub fn action_by_words(&self, words: &str) -> Option<&'static ActionSpec> {
        self.actions.iter().copied().find(|a| a.words == words)
    }

    /// Whether `spec` is one of this ruleset's actions.
    pub fn has_action(&self, spec: &ActionSpec) -> bool {
        self.actions
            .iter()
            .any(|a| std::ptr::eq(*a, spec) || *a == spec)
    }

    /// The ruleset's actions its components use with their parameters
    /// (a scorer that declares the button, in a ruleset without one, does
    /// not): what help texts and the page offer. The others are still
    /// read, and refused with the rule's reason.
    pub fn actions_in_use(&self) -> Vec<&'static ActionSpec> {
        self.actions
            .iter()
            .copied()
            .filter(|spec| self.components().iter().all(|(_, c)| c.uses_action(spec)))
            .collect()
    }

    /// The display name of a colour (e.g. Black, or Red).
    pub fn colour_name(&self, colour: crate::colour::Colour) -> &str {
        &self.ruleset.meta.colours[colour.index()]
    }
}
