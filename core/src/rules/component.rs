//! What every rules component shares: a place in the game's state for its
//! own data, and hooks into the flow of actions with do-nothing defaults.
//!
//! The core plays placements, passes, captures and resignation itself
//! (that is the hot path). Everything else (the agreement phase's marks,
//! and every action a component declares in its registration: taking a
//! button, a declared number, a role claim, a payment, ...) is offered to
//! the components in a fixed order (opening, schedule, resolver,
//! repetition, scorer, objective) until one handles it. A new variant is
//! therefore a new component, not an edit to the core.

use crate::action::{Action, ActionSpec};
use crate::colour::Seat;
use crate::rules::ctx::Ctx;
use crate::state::{ComponentState, GameState, MoveSummary, Refusal};
use std::fmt;

/// A fact about the game that a component wants shown (the button's owner,
/// a declared handicap, ...), for the terminal and other front ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// A short label, e.g. `komi`.
    pub label: String,
    /// Its value, in words.
    pub value: String,
}

/// The hooks on the flow of play a component takes part in, so the core
/// calls a component only where it has something to do (they run on every
/// placement of every playout). A component that overrides
/// [`Component::check_action`], [`Component::on_move_start`],
/// [`Component::after_action`] or [`Component::on_move_end`] must name it
/// in [`Component::hooks`]; the default names all four, which is always
/// correct and only slower.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Hooks(u8);

impl Hooks {
    /// No hook: the component only answers the questions of its own trait.
    pub const NONE: Hooks = Hooks(0);
    /// [`Component::check_action`].
    pub const CHECK_ACTION: Hooks = Hooks(1);
    /// [`Component::on_move_start`].
    pub const MOVE_START: Hooks = Hooks(2);
    /// [`Component::after_action`].
    pub const AFTER_ACTION: Hooks = Hooks(4);
    /// [`Component::on_move_end`].
    pub const MOVE_END: Hooks = Hooks(8);
    /// Every hook (the default).
    pub const ALL: Hooks = Hooks(15);
    /// Each hook alone, in the order of the table the rules keep.
    pub const EACH: [Hooks; 4] = [
        Hooks::CHECK_ACTION,
        Hooks::MOVE_START,
        Hooks::AFTER_ACTION,
        Hooks::MOVE_END,
    ];

    /// Whether every hook of `other` is among these.
    pub const fn contains(self, other: Hooks) -> bool {
        self.0 & other.0 == other.0
    }

    /// The hooks of both.
    pub const fn union(self, other: Hooks) -> Hooks {
        Hooks(self.0 | other.0)
    }

    /// The hook's place in [`Hooks::EACH`] (for a single hook).
    pub(crate) const fn slot(self) -> usize {
        self.0.trailing_zeros() as usize
    }
}

impl std::ops::BitOr for Hooks {
    type Output = Hooks;

    fn bitor(self, other: Hooks) -> Hooks {
        self.union(other)
    }
}

/// The hooks every component may implement. All have do-nothing defaults.
pub trait Component: Send + Sync + fmt::Debug + 'static {
    /// The flow hooks this component implements (see [`Hooks`]); the core
    /// skips the others. May depend on the component's parameters (a
    /// scorer without reverse komi vetoes nothing).
    fn hooks(&self) -> Hooks {
        Hooks::ALL
    }

    /// The component's private data at the start of a game, if it keeps any.
    fn initial_state(&self) -> Option<Box<dyn ComponentState>> {
        None
    }

    /// Actions beyond placements and passes that this component lets `seat`
    /// take now (they must be accepted by [`Component::handle_action`]).
    fn offer_actions(&self, state: &GameState, seat: Seat, out: &mut Vec<Action>) {
        let _ = (state, seat, out);
    }

    /// Hands [`Component::offer_actions`]'s actions to `take` one at a
    /// time, in the same order, until `take` returns true; whether it did.
    /// A question that needs only one acceptable action (has the seat any
    /// legal move?) stops there. A component with many offers (a setup's
    /// empty points) overrides this to work them out one at a time; an
    /// override must hand over exactly what `offer_actions` lists.
    fn offer_until(
        &self,
        state: &GameState,
        seat: Seat,
        take: &mut dyn FnMut(Action) -> bool,
    ) -> bool {
        let mut offered = Vec::new();
        self.offer_actions(state, seat, &mut offered);
        offered.into_iter().any(take)
    }

    /// How many numbered slots [`Component::offer_in_slot`] spreads this
    /// component's offers to `seat` over, so that a random policy can draw
    /// one without listing them all (a setup's empty points); `None`, the
    /// default, where the offers are not numbered and are to be listed.
    fn offer_slots(&self, state: &GameState, seat: Seat) -> Option<usize> {
        let _ = (state, seat);
        None
    }

    /// The offer in slot `slot` of [`Component::offer_slots`], or `None`
    /// where the slot is empty. Every action [`Component::offer_actions`]
    /// lists is in exactly one slot, and nothing else is in any: drawing a
    /// slot at random until one holds an action draws uniformly among the
    /// offers.
    fn offer_in_slot(&self, state: &GameState, seat: Seat, slot: usize) -> Option<Action> {
        let _ = (state, seat, slot);
        None
    }

    /// An offer to `seat` that this component vouches for, so that the
    /// check after every action (is the seat to act left without a legal
    /// action?) need not try one on a copy of the game. The component
    /// vouches that, outside play, it handles the action from `seat` in
    /// `state` as it stands, accepts it, and neither changes the phase nor
    /// spends an opportunity doing so. The core relies on it only outside
    /// play, where nothing after the handling component can refuse such
    /// an action, and after asking the components that veto actions; with
    /// the shortcuts off ([`crate::rules::Rules::without_shortcuts`]) it
    /// tries the offers instead, and debug builds try the vouched action
    /// too. The default vouches for nothing.
    fn vouched_offer(&self, state: &GameState, seat: Seat) -> Option<Action> {
        let _ = (state, seat);
        None
    }

    /// Handles an action the core does not play itself. Returns `None` when
    /// the action is not this component's business, so the next component is
    /// asked. A refusal must leave the game unchanged.
    fn handle_action(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        let _ = (ctx, seat, action);
        None
    }

    /// Whether this component handles `action` from `seat` outside play
    /// in place: if it accepts it, it neither changes the phase nor spends
    /// an opportunity (a setup stone), and if it refuses it, it changes
    /// nothing, as every handler must. Nothing after the handler can then
    /// refuse the action, so the game plays it without a backup to undo it
    /// by. The default promises nothing; with the shortcuts off
    /// ([`crate::rules::Rules::without_shortcuts`]) the game keeps a
    /// backup whatever the components say.
    fn handles_in_place(&self, state: &GameState, seat: Seat, action: Action) -> bool {
        let _ = (state, seat, action);
        false
    }

    /// Vetoes an action before it is played: a placement or pass the core
    /// plays, or an action another component handles (e.g. a declaration
    /// must come first). Every action but resignation is checked. Must not
    /// change anything.
    fn check_action(&self, state: &GameState, seat: Seat, action: Action) -> Result<(), Refusal> {
        let _ = (state, seat, action);
        Ok(())
    }

    /// Whether [`Component::check_action`] lets `action` pass, for probes
    /// that only need the answer (legality lists, playouts, searches): a
    /// component whose refusals take work to word answers here without
    /// wording them. Must agree with `check_action`.
    fn admits_action(&self, state: &GameState, seat: Seat, action: Action) -> bool {
        self.check_action(state, seat, action).is_ok()
    }

    /// A move has begun (play's first move included). The component may
    /// spend opportunities on the mover's behalf with
    /// [`Ctx::spend_opportunity`] (a served handicap pass).
    fn on_move_start(&self, ctx: &mut Ctx<'_>) {
        let _ = ctx;
    }

    /// An action has been played (after the core's own handling). The
    /// component may spend opportunities automatically here too.
    fn after_action(&self, ctx: &mut Ctx<'_>, seat: Seat, action: Action) {
        let _ = (ctx, seat, action);
    }

    /// The declaring action this component requires of `seat` before it may place,
    /// pass or otherwise use an opportunity (a handicap, a reverse komi), if
    /// one is due now. Components that serve opportunities automatically
    /// wait until no declaration is due.
    fn required_declaration(&self, state: &GameState, seat: Seat) -> Option<&'static ActionSpec> {
        let _ = (state, seat);
        None
    }

    /// A move has ended; the component may update its data or end the game.
    fn on_move_end(&self, ctx: &mut Ctx<'_>, summary: &MoveSummary) {
        let _ = (ctx, summary);
    }

    /// Whether this component's vetoes ([`Component::check_action`]) can
    /// leave a move that has begun with no legal way to finish: a veto of
    /// the passes, or of all but a few placements, once the move's first
    /// action is played (Keima Go's second stone must be a knight's move
    /// from the first, and its moves are passed only whole). The core then
    /// refuses a placement after which the move could not be completed,
    /// searching for a completion on copies of the game. `false` unless an
    /// implementation says otherwise (the search is then made only where
    /// passing is forbidden or the end of a move can be refused).
    fn constrains_completion(&self) -> bool {
        false
    }

    /// Whether this component, with its parameters, uses `spec`, an
    /// action its registration declares (a scorer that declares the
    /// button does not use it where the ruleset has none). Only what is
    /// shown depends on it: help texts and the page's controls.
    fn uses_action(&self, spec: &ActionSpec) -> bool {
        let _ = spec;
        true
    }

    /// The actions the move under way still owes before it may end, with
    /// how many of each (a special turn's payments): front ends show and
    /// count them without knowing the rule that set the price.
    fn owed_actions(&self, state: &GameState, out: &mut Vec<(&'static ActionSpec, u32)>) {
        let _ = (state, out);
    }

    /// Facts to show beside the board.
    fn facts(&self, state: &GameState, out: &mut Vec<Fact>) {
        let _ = (state, out);
    }
}

/// Implements [`Component`] for a component that keeps no game data, offers
/// no actions and takes part in no flow hook: it only answers the questions
/// of its own trait (a schedule's slots, a topology's geometry, ...).
#[macro_export]
macro_rules! component_without_hooks {
    ($component:ty) => {
        impl $crate::Component for $component {
            fn hooks(&self) -> $crate::rules::Hooks {
                $crate::rules::Hooks::NONE
            }
        }
    };
}
