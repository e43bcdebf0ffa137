//! Which actions are legal: probes that change nothing, and the full list
//! of actions a seat may take.

use super::{Game, Phase, ToAct};
use crate::action::Action;
use crate::colour::Seat;
use crate::point::Point;
use crate::rules::Hooks;
use crate::rules::{ForeseenEnd, PlacementPlan, Removals};
use crate::state::ComponentKind;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};

/// The most copies of the game one search for a move's completion tries.
pub const COMPLETION_BUDGET: u32 = 2000;

/// One search for a way to complete a move (see
/// [`Game::move_can_be_completed`]): how deeply it is nested in other such
/// searches, and how many more copies of the game it and the searches
/// nested in it may try. A game's legality questions take it as an
/// argument: a game that is not a copy made by a search starts a search of
/// its own with the full [`COMPLETION_BUDGET`], so an answer depends on the
/// game asked, never on the calls it is asked from.
///
/// The budget is shared with the searches nested in it, and made only when
/// a first copy is taken or a nested search begins: most searches are
/// settled by probes, without any copy.
#[derive(Debug)]
pub(super) struct CompletionSearch {
    depth: u32,
    left: OnceLock<Arc<AtomicU32>>,
}

/// A copy shares the budget.
impl Clone for CompletionSearch {
    fn clone(&self) -> CompletionSearch {
        CompletionSearch {
            depth: self.depth,
            left: OnceLock::from(Arc::clone(self.budget())),
        }
    }
}

impl CompletionSearch {
    /// A search nested in `outer` (sharing its budget), or, with none, an
    /// outermost search with the full budget.
    fn within(outer: Option<&CompletionSearch>) -> CompletionSearch {
        match outer {
            Some(outer) => CompletionSearch {
                depth: outer.depth + 1,
                left: OnceLock::from(Arc::clone(outer.budget())),
            },
            None => CompletionSearch {
                depth: 1,
                left: OnceLock::new(),
            },
        }
    }

    /// The shared budget, made full if this is its first use.
    fn budget(&self) -> &Arc<AtomicU32> {
        self.left
            .get_or_init(|| Arc::new(AtomicU32::new(COMPLETION_BUDGET)))
    }

    /// The copies the budget has left.
    fn left(&self) -> u32 {
        self.left
            .get()
            .map_or(COMPLETION_BUDGET, |left| left.load(Ordering::Relaxed))
    }

    /// Takes one copy from the budget; false when it is spent.
    fn take_one(&self) -> bool {
        self.budget()
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
            .is_ok()
    }

    /// Whether this search is nested in another.
    fn nested(&self) -> bool {
        self.depth >= 2
    }
}

/// What [`Game::end_of_move_probe`] makes of a placement.
enum EndProbe {
    /// Legal, and nothing after it can refuse it: it is played without a
    /// backup. `end_foreseen` and `settled`: see [`EndOfMoveProbe`].
    Legal {
        end_foreseen: bool,
        settled: Option<SettledEnd>,
    },
    /// Refused.
    Illegal,
    /// Its legality depends on how the rest of the move can be played.
    Undecided,
    /// The probe does not apply (the placement does not depend on the end
    /// of its move, or the checked mode is on).
    NotApplicable,
}

/// What [`Game::probe_end_of_move`] finds of a placement.
struct EndOfMoveProbe {
    /// Whether the placement is legal; `None` where the probe cannot tell.
    legal: Option<bool>,
    /// Whether the rest of the move, should it be passed after the
    /// placement, ends it acceptably on the board and history the
    /// placement leaves (then the placement does not end the move and
    /// creates no position).
    end_foreseen: bool,
    /// Where the placement ends its move and is legal: the end of the move
    /// as the probe settled it.
    settled: Option<SettledEnd>,
}

/// The end of a move as the probe of its last placement worked it out:
/// what the resolver's clearing does and what the repetition rule makes of
/// the position, so the end of the move, played right after the
/// placement, need not work them out again (see [`Game::settled_end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SettledEnd {
    /// The position the clearing creates, if the resolver counts one.
    pub(super) position: Option<u64>,
    /// The hash of the board the clearing leaves.
    pub(super) hash: u64,
    /// Whether the clearing takes any stone off the board.
    pub(super) removes_stones: bool,
    /// Whether the repetition rule draws the game on the position.
    pub(super) draw: bool,
}

/// What [`Game::lone_placement_probed`] makes of a placement.
enum LoneProbe {
    /// The placement is not its move's only one, or the probe does not
    /// apply.
    NotApplicable,
    /// Refused.
    Illegal,
    /// Legal, its move ending as settled.
    Legal(SettledEnd),
}

thread_local! {
    /// A game to try actions on, reused so that a trial copies the game
    /// without allocating.
    static TRIAL: std::cell::RefCell<Option<Game>> = const { std::cell::RefCell::new(None) };
}

thread_local! {
    /// A board to try the ends of moves on, reused so that a probe copies
    /// the board without allocating.
    static SCRATCH: std::cell::RefCell<Option<crate::board::Board>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` on a copy of `board` (a reused scratch board where one is
/// free; a fresh copy when a probe is already using it).
fn with_scratch<R>(
    board: &crate::board::Board,
    f: impl FnOnce(&mut crate::board::Board) -> R,
) -> R {
    with_reused(&SCRATCH, || board.clone(), |s| s.clone_from(board), f)
}

/// Runs `f` on the value kept in `slot`, first brought up to date by
/// `refresh`, and keeps it there again afterwards; when the slot is empty
/// (or an outer call is using its value) a value from `make` serves.
fn with_reused<T: 'static, R>(
    slot: &'static std::thread::LocalKey<std::cell::RefCell<Option<T>>>,
    make: impl FnOnce() -> T,
    refresh: impl FnOnce(&mut T),
    f: impl FnOnce(&mut T) -> R,
) -> R {
    let taken = slot.with(|s| s.try_borrow_mut().ok().and_then(|mut s| s.take()));
    let mut value = match taken {
        Some(mut value) => {
            refresh(&mut value);
            value
        }
        None => make(),
    };
    let result = f(&mut value);
    slot.with(|s| {
        if let Ok(mut kept) = s.try_borrow_mut() {
            *kept = Some(value);
        }
    });
    result
}

impl Game {
    /// Whether a placement of `seat` on `point` would be accepted. Pure
    /// probes decide it on the hot path; only placements whose outcome
    /// depends on how the move ends are tried on a copy.
    pub fn is_legal_placement(&self, seat: Seat, point: Point) -> bool {
        self.is_legal_placement_in(seat, point, self.search.as_ref())
    }

    /// [`Game::is_legal_placement`] within the completion search `search`.
    fn is_legal_placement_in(
        &self,
        seat: Seat,
        point: Point,
        search: Option<&CompletionSearch>,
    ) -> bool {
        if self.state.phase != Phase::Play
            || self.state.current.seat != seat
            || point.index() >= self.rules.geometry.point_count()
        {
            return false;
        }
        if let Some(legal) = self.lone_placement_by_probe(seat, point) {
            debug_assert_eq!(
                legal,
                self.is_legal_placement_on_a_copy(seat, point, search),
                "a probe decides a lone placement as a copy of the board does"
            );
            return legal;
        }
        self.is_legal_placement_on_a_copy(seat, point, search)
    }

    /// [`Game::is_legal_placement`] for a placement in play by the seat to
    /// move, without the shortcut of [`Game::lone_placement_by_probe`].
    fn is_legal_placement_on_a_copy(
        &self,
        seat: Seat,
        point: Point,
        search: Option<&CompletionSearch>,
    ) -> bool {
        let ends = self.ends_move_after_this();
        let depends_on_the_end = if ends {
            self.rules.profile.clears_at_move_end
        } else {
            self.continuation_may_fail()
        };
        if depends_on_the_end {
            return self
                .probe_to_the_end_of_move(seat, point, ends)
                .unwrap_or_else(|| self.accepts_in(seat, Action::Place(point), search));
        }
        self.components_admit(seat, Action::Place(point))
            && self.plan_placement(seat, point).is_ok()
    }

    /// Plays a placement of `seat` on `point` if it is legal, and says
    /// whether it was: the same as [`Game::is_legal_placement`] followed
    /// by [`Game::apply`], but a placement decided by pure probes is worked
    /// out once (the hot path of random playouts and tree search). A
    /// placement that is not legal changes nothing.
    pub fn place_if_legal(&mut self, seat: Seat, point: Point) -> bool {
        self.completable = false;
        let action = Action::Place(point);
        let lone = if self.rules.profile.lone_placement_probed {
            self.lone_placement_probed(seat, point)
        } else {
            LoneProbe::NotApplicable
        };
        let lone_legal = match lone {
            LoneProbe::Illegal => return false,
            LoneProbe::Legal(end) => {
                self.settled_end = Some(end);
                true
            }
            LoneProbe::NotApplicable => false,
        };
        let to_move =
            self.state.current.seat == seat && point.index() < self.rules.geometry.point_count();
        let decided_by_probes = lone_legal
            || (to_move && self.plays_without_backup(action))
            || match to_move.then(|| self.end_of_move_probe(seat, point)) {
                Some(EndProbe::Legal {
                    end_foreseen,
                    settled,
                }) => {
                    self.end_foreseen = end_foreseen;
                    self.settled_end = settled;
                    true
                }
                Some(EndProbe::Illegal) => return false,
                // Only the game itself can tell: trying it on a copy first
                // would cost more than playing it with a backup.
                Some(EndProbe::Undecided) => return self.apply(seat, action).is_ok(),
                Some(EndProbe::NotApplicable) | None => false,
            };
        if !decided_by_probes {
            // Setup placements, and placements whose legality depends on
            // how the move ends (tried on a copy of the board first).
            let worth_trying =
                self.state.phase != Phase::Play || self.is_legal_placement(seat, point);
            return worth_trying && self.apply(seat, action).is_ok();
        }
        let planned = if self.components_admit(seat, action) {
            self.plan_placement(seat, point).ok()
        } else {
            None
        };
        let Some(planned) = planned else {
            self.end_foreseen = false;
            self.settled_end = None;
            return false;
        };
        self.applied.clear();
        let move_number = self.state.current.number;
        let played = self
            .commit_placement(seat, point, planned)
            .and_then(|()| self.after_action(seat, action));
        self.settled_end = None;
        debug_assert!(
            played.is_ok(),
            "a placement decided by probes is played: {played:?}"
        );
        self.count_action(move_number);
        self.end_foreseen = false;
        self.record_action(seat, action);
        true
    }

    /// Whether a placement of `seat` (to move) on `point`, whose legality
    /// depends on how its move ends, is legal, decided by
    /// [`Game::probe_to_the_end_of_move`] alone, so that it can be played
    /// without a backup of the game: nothing after the placement can then
    /// refuse it (no component acts after an action, and the end of the
    /// move, or passing the rest of it, has been judged). Never applies in
    /// the checked mode of [`Rules::without_shortcuts`], which tries such
    /// placements on a copy of the game first.
    ///
    /// [`Rules::without_shortcuts`]: crate::rules::Rules::without_shortcuts
    fn end_of_move_probe(&self, seat: Seat, point: Point) -> EndProbe {
        let applies = self.rules.profile.shortcuts
            && self.state.phase == Phase::Play
            && !self.rules.any_with(Hooks::AFTER_ACTION);
        if !applies {
            return EndProbe::NotApplicable;
        }
        let ends = self.ends_move_after_this();
        let depends_on_the_end = if ends {
            self.rules.profile.clears_at_move_end
        } else {
            self.continuation_may_fail()
        };
        if !depends_on_the_end {
            return EndProbe::NotApplicable;
        }
        match self.probe_end_of_move(seat, point, ends) {
            EndOfMoveProbe {
                legal: Some(true),
                end_foreseen,
                settled,
            } => EndProbe::Legal {
                end_foreseen,
                settled,
            },
            EndOfMoveProbe {
                legal: Some(false), ..
            } => EndProbe::Illegal,
            EndOfMoveProbe { legal: None, .. } => EndProbe::Undecided,
        }
    }

    /// Decides a placement whose legality depends on how its move ends, on
    /// a copy of the board alone (much cheaper than a copy of the game):
    /// the placement, then the end of the move right after it (by passing
    /// the rest, when it does not end the move itself). `None` when that
    /// does not decide it (the rest of the move could not simply be
    /// passed), so the caller tries the placement on a copy of the game.
    fn probe_to_the_end_of_move(&self, seat: Seat, point: Point, ends: bool) -> Option<bool> {
        self.probe_end_of_move(seat, point, ends).legal
    }

    /// [`Game::probe_to_the_end_of_move`], with what else the probe found
    /// (see [`EndOfMoveProbe`]).
    fn probe_end_of_move(&self, seat: Seat, point: Point, ends: bool) -> EndOfMoveProbe {
        let decided = |legal: Option<bool>| EndOfMoveProbe {
            legal,
            end_foreseen: false,
            settled: None,
        };
        if !self.components_admit(seat, Action::Place(point)) {
            return decided(Some(false));
        }
        let Ok((plan, draw)) = self.plan_placement(seat, point) else {
            return decided(Some(false));
        };
        if draw {
            return decided(Some(true));
        }
        if plan.position.is_some() && self.rules.profile.clears_at_move_end {
            return decided(None);
        }
        // Passing the rest is a way to finish only where passing is
        // allowed and no component may refuse it once the stone is down
        // (a component that constrains completion judges the pass by the
        // stones of the move, which this probe has not placed).
        if !ends
            && (!self.rules.profile.passing_allowed
                || self.rules.profile.completion_constrained
                || !self.components_admit(seat, Action::PassMove))
        {
            return decided(None);
        }
        let (acceptable, settled) = self.judge_move_end(Some((point, &plan)));
        let end_foreseen = acceptable && !ends && plan.position.is_none();
        match (acceptable, ends) {
            (true, _) => EndOfMoveProbe {
                legal: Some(true),
                end_foreseen,
                settled: settled.filter(|_| ends),
            },
            (false, true) => decided(Some(false)),
            (false, false) => decided(None),
        }
    }

    /// Whether the current move would be accepted if it ended now, after
    /// one more placement where `next` gives it (its point and plan): the
    /// resolver foresees the clearing on the board as it stands where it
    /// can ([`Resolver::foresee_move_end`]), and the repetition rule
    /// judges the end; otherwise both are tried on a copy of the board.
    /// Changes nothing.
    ///
    /// [`Resolver::foresee_move_end`]: crate::rules::Resolver::foresee_move_end
    fn move_end_is_acceptable(&self, next: Option<(Point, &PlacementPlan)>) -> bool {
        self.judge_move_end(next).0
    }

    /// [`Game::move_end_is_acceptable`], and where the resolver foresaw an
    /// acceptable end, that end as settled.
    fn judge_move_end(&self, next: Option<(Point, &PlacementPlan)>) -> (bool, Option<SettledEnd>) {
        if next.is_none() && self.end_foreseen {
            debug_assert!(
                self.move_end_is_acceptable_on_a_copy(None),
                "the probe of the placement foresaw the end of the move"
            );
            return (true, None);
        }
        let placed = &self.state.placed_this_move;
        if self.rules.profile.shortcuts && self.rules.profile.clears_at_move_end {
            let colour = self.state.colours[self.state.current.seat];
            let foreseen = self.rules.resolver.foresee_move_end(
                &self.state.board,
                colour,
                placed,
                next.map(|(p, _)| p),
            );
            let judged = match foreseen {
                ForeseenEnd::Unknown => None,
                ForeseenEnd::Refused => Some((false, None)),
                ForeseenEnd::Clears {
                    position,
                    hash,
                    removes_stones,
                } => {
                    let count = placed.len() + usize::from(next.is_some());
                    Some(
                        match self.end_of_move_judgement(
                            position,
                            hash,
                            self.state.run_next,
                            count as u32,
                        ) {
                            Ok(draw) => (
                                true,
                                Some(SettledEnd {
                                    position,
                                    hash,
                                    removes_stones,
                                    draw,
                                }),
                            ),
                            Err(_) => (false, None),
                        },
                    )
                }
            };
            if let Some(judged) = judged {
                debug_assert_eq!(
                    judged.0,
                    self.move_end_is_acceptable_on_a_copy(next),
                    "the resolver foresees the end of the move as its clearing makes it"
                );
                return judged;
            }
        }
        (self.move_end_is_acceptable_on_a_copy(next), None)
    }

    /// [`Game::move_end_is_acceptable`], tried on a copy of the board.
    fn move_end_is_acceptable_on_a_copy(&self, next: Option<(Point, &PlacementPlan)>) -> bool {
        with_scratch(&self.state.board, |board| match next {
            None => self.end_of_move_is_acceptable(board, &self.state.placed_this_move),
            Some((point, plan)) => {
                let colour = self.state.colours[self.state.current.seat];
                let mut removals = Removals::default();
                self.rules
                    .resolver
                    .commit(board, colour, point, plan, &mut removals);
                let mut placed = self.state.placed_this_move.clone();
                placed.push(point);
                self.end_of_move_is_acceptable(board, &placed)
            }
        })
    }

    /// Whether the current move, ending on `board` with `placed` stones
    /// placed, would be accepted: the resolver's clearing and the
    /// repetition rule's judgement of the end, on the given copy.
    fn end_of_move_is_acceptable(&self, board: &mut crate::board::Board, placed: &[Point]) -> bool {
        let resolver = &self.rules.resolver;
        let colour = self.state.colours[self.state.current.seat];
        let position = if self.rules.profile.clears_at_move_end {
            let mut removals = Removals::default();
            match resolver.clear_at_move_end(board, colour, placed, &mut removals) {
                Ok(position) => position,
                Err(_) => return false,
            }
        } else {
            None
        };
        self.end_of_move_judgement(
            position,
            board.hash(),
            self.state.run_next,
            placed.len() as u32,
        )
        .is_ok()
    }

    /// Whether a placement of `seat` (to move, in play) on `point` is
    /// legal, where it is the only placement of its move and ends it, and
    /// the resolver resolves such a placement as [`Board::probe`] foresees
    /// (see [`Resolver::resolves_lone_placement_as_probed`]): the
    /// components' vetoes, the probe's captures and liberty, and the
    /// repetition rule's judgement of the position the move ends on, all
    /// without a copy of the board. `None` where that does not apply.
    ///
    /// [`Board::probe`]: crate::board::Board::probe
    /// [`Resolver::resolves_lone_placement_as_probed`]: crate::rules::Resolver::resolves_lone_placement_as_probed
    #[inline]
    pub(super) fn lone_placement_by_probe(&self, seat: Seat, point: Point) -> Option<bool> {
        if !self.rules.profile.lone_placement_probed {
            return None;
        }
        match self.lone_placement_probed(seat, point) {
            LoneProbe::NotApplicable => None,
            LoneProbe::Illegal => Some(false),
            LoneProbe::Legal(_) => Some(true),
        }
    }

    /// [`Game::lone_placement_by_probe`] for a resolver that resolves a
    /// lone placement as probed, with the end of the move it settles.
    fn lone_placement_probed(&self, seat: Seat, point: Point) -> LoneProbe {
        let applies = self.state.phase == Phase::Play
            && self.state.current.seat == seat
            && self.state.placed_this_move.is_empty()
            && point.index() < self.rules.geometry.point_count()
            && self.ends_move_after_this();
        if !applies {
            return LoneProbe::NotApplicable;
        }
        let board = &self.state.board;
        if !board.is_empty(point) || !self.components_admit(seat, Action::Place(point)) {
            return LoneProbe::Illegal;
        }
        let colour = self.state.colours[seat];
        let self_capture = self.rules.resolver.allows_self_capture();
        if !self_capture && board.is_suicide(point, colour) {
            return LoneProbe::Illegal;
        }
        let probe = board.probe(point, colour);
        let hash = if probe.has_liberty {
            probe.hash_after_captures
        } else if self_capture {
            board.hash_after_self_capture(point, colour)
        } else {
            return LoneProbe::Illegal;
        };
        match self.end_of_move_judgement(Some(hash), hash, self.state.run_next, 1) {
            Ok(draw) => LoneProbe::Legal(SettledEnd {
                position: Some(hash),
                hash,
                removes_stones: probe.captures_any() || !probe.has_liberty,
                draw,
            }),
            Err(_) => LoneProbe::Illegal,
        }
    }

    /// Whether `seat` may pass one opportunity (or, with `whole_move`, the
    /// rest of the move) now.
    #[inline]
    pub fn is_legal_pass(&self, seat: Seat, whole_move: bool) -> bool {
        let action = if whole_move {
            Action::PassMove
        } else {
            Action::Pass
        };
        if self.state.phase != Phase::Play
            || self.state.current.seat != seat
            || !self.rules.profile.passing_allowed
            || !self.components_admit(seat, action)
        {
            return false;
        }
        let ends = whole_move || self.ends_move_after_this();
        // A move that placed nothing ends without a clearing or a new
        // position where the resolver says so (see
        // `Resolver::resolves_lone_placement_as_probed`).
        let placed_nothing =
            self.state.placed_this_move.is_empty() && self.rules.profile.lone_placement_probed;
        if ends && self.move_end_may_fail() && !placed_nothing {
            return self.move_end_is_acceptable(None);
        }
        true
    }

    /// Whether the move `seat` is making can still be completed legally
    /// (after a placement or another action that did not end it). The
    /// search tries ways of finishing the move on copies of the game; it is
    /// bounded (see [`COMPLETION_BUDGET`]) and counts the move completable
    /// when the bound is reached, which only a position with almost no room
    /// left can cause.
    pub(super) fn move_can_be_completed(&self, seat: Seat) -> bool {
        self.search_completion(seat).0
    }

    /// [`Game::move_can_be_completed`], and whether the search decided it
    /// by probes alone, trying nothing on a copy of the game: the answer
    /// is then [`Game::has_legal_move`]'s too, since a probe's answer does
    /// not depend on the search it is made in.
    pub(super) fn search_completion(&self, seat: Seat) -> (bool, bool) {
        let search = CompletionSearch::within(self.search.as_ref());
        let left = search.left();
        let completable = self.has_legal_move_in(seat, Some(&search));
        (completable, search.left() == left)
    }

    /// Whether `action` by `seat` would be accepted, tried on a copy.
    pub fn accepts(&self, seat: Seat, action: Action) -> bool {
        self.accepts_in(seat, action, self.search.as_ref())
    }

    /// [`Game::accepts`] within the completion search `search`, which the
    /// copy carries on (a search whose budget is spent counts the action
    /// accepted).
    fn accepts_in(&self, seat: Seat, action: Action, search: Option<&CompletionSearch>) -> bool {
        if search.is_some_and(|s| !s.take_one()) {
            return true;
        }
        // A reused copy where one is free (nested searches make their own).
        with_reused(
            &TRIAL,
            || {
                let mut trial = self.trial();
                trial.search = search.cloned();
                trial
            },
            |trial| {
                self.trial_into(trial);
                trial.search = search.cloned();
            },
            |trial| trial.perform(seat, action).is_ok(),
        )
    }

    /// Makes `trial` a copy of this game for trying actions (see
    /// [`Game::trial`]), in its own memory.
    fn trial_into(&self, trial: &mut Game) {
        trial.probing = true;
        trial.end_foreseen = false;
        trial.rules.clone_from(&self.rules);
        trial.start.clone_from(&self.start);
        trial.state.clone_from(&self.state);
        trial.record.clear();
        trial.checkpoints.clear();
        trial.keep_undo = false;
        trial.applied.clear();
        trial.removals.clear();
    }

    /// A copy of the game without record or undo, for trying actions: it
    /// only says whether an action is accepted, so it does not look for a
    /// seat left without moves afterwards (which could recurse).
    pub(super) fn trial(&self) -> Game {
        Game {
            probing: true,
            ..self.copy_without_undo()
        }
    }

    /// Every action `seat` may take now: placements, passes, and whatever
    /// the components offer (resignation, marks, declarations, ...).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut actions = Vec::new();
        self.collect_moves(seat, &mut actions);
        actions
    }

    /// Whether `seat` has any legal action other than resigning. Cheap in
    /// the common cases (a pass is allowed, or an early empty point is
    /// legal): it runs after every action.
    pub fn has_legal_move(&self, seat: Seat) -> bool {
        self.has_legal_move_in(seat, self.search.as_ref())
    }

    /// [`Game::has_legal_move`] within the completion search `search`.
    fn has_legal_move_in(&self, seat: Seat, search: Option<&CompletionSearch>) -> bool {
        if self.state.phase == Phase::Play && self.state.current.seat == seat {
            if self.is_legal_pass(seat, false) {
                return true;
            }
            // The points next to the move's own stones first: when a move
            // of several placements is in danger, they are what saves it.
            let geometry = &self.rules.geometry;
            let near = self
                .state
                .placed_this_move
                .iter()
                .flat_map(|&p| geometry.neighbours(p).iter().copied());
            if near.chain(geometry.points()).any(|p| {
                self.state.board.is_empty(p) && self.is_legal_placement_in(seat, p, search)
            }) {
                return true;
            }
        }
        // Outside play, an offer a component vouches for (checked by a
        // trial in debug builds) answers without a copy of the game.
        if self.state.phase != Phase::Play
            && let Some(action) = self.vouched_action(seat)
        {
            debug_assert!(
                self.accepts_in(seat, action, None),
                "the vouched offer {action:?} to {seat} is refused"
            );
            return true;
        }
        // Marks change neither the board nor the opportunities: within a
        // search that is already trying a mark (or another action that
        // did not end the move), marking more cannot be what completes it.
        let nested = search.is_some_and(CompletionSearch::nested);
        let mut accepted = |a: Action| {
            a != Action::Resign
                && !(nested && matches!(a, Action::Mark(_) | Action::Unmark(_)))
                && self.accepts_in(seat, a, search)
        };
        // Each component's offers in turn, each tried as it comes, up to
        // the first the game accepts (the order of `collect_offers`).
        self.rules
            .components()
            .into_iter()
            .any(|(_, component)| component.offer_until(&self.state, seat, &mut accepted))
    }

    /// An offer to `seat` that a component vouches for
    /// ([`Component::vouched_offer`]), where the shortcuts are on, the
    /// action is declared for the phase, it is `seat`'s turn to take it and
    /// no component vetoes it: nothing else in the flow outside play can
    /// refuse it.
    ///
    /// [`Component::vouched_offer`]: crate::rules::Component::vouched_offer
    fn vouched_action(&self, seat: Seat) -> Option<Action> {
        if !self.rules.takes_shortcuts() {
            return None;
        }
        let action = self
            .rules
            .components()
            .into_iter()
            .find_map(|(_, component)| component.vouched_offer(&self.state, seat))?;
        let declared = match action {
            Action::Component(c) => self.check_declared(c).is_ok(),
            _ => true,
        };
        (declared
            && self.other_seat_to_act(seat, action).is_none()
            && self.components_admit(seat, action))
        .then_some(action)
    }

    fn collect_moves(&self, seat: Seat, out: &mut Vec<Action>) {
        match self.to_act() {
            ToAct::Nobody => return,
            ToAct::Seat(s) if s != seat => {
                self.collect_offers(seat, out, |a| a == Action::Resign, self.search.as_ref());
                return;
            }
            _ => {}
        }
        if self.state.phase == Phase::Play {
            if self.is_legal_pass(seat, false) {
                out.push(Action::Pass);
            }
            if self.opportunities_left() > 1 && self.is_legal_pass(seat, true) {
                out.push(Action::PassMove);
            }
            for p in self.rules.geometry.points() {
                if self.state.board.is_empty(p) && self.is_legal_placement(seat, p) {
                    out.push(Action::Place(p));
                }
            }
        }
        self.collect_offers(seat, out, |_| true, self.search.as_ref());
    }

    /// The actions the components offer `seat` that `keep` keeps and the
    /// game accepts.
    pub(super) fn collect_offers(
        &self,
        seat: Seat,
        out: &mut Vec<Action>,
        keep: impl Fn(Action) -> bool,
        search: Option<&CompletionSearch>,
    ) {
        let mut offered = Vec::new();
        for (kind, component) in self.rules.components() {
            if kind == ComponentKind::Objective
                && self.state.phase != Phase::Over
                && self.rules.objective.resignation_allowed()
            {
                offered.push(Action::Resign);
            }
            component.offer_actions(&self.state, seat, &mut offered);
        }
        for action in offered {
            if keep(action) && !out.contains(&action) && self.accepts_in(seat, action, search) {
                out.push(action);
            }
        }
    }
}
