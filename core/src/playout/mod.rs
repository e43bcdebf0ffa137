//! Random playouts: the light policy that benchmarks, fairness studies and
//! tree search share, so each measures the same thing on every ruleset.
//!
//! The policy, in play: a placement chosen uniformly among the legal ones
//! that do not fill the mover's own single-point eye (a point whose every
//! neighbour is the mover's stone, and fewer than half of whose diagonal
//! points hold the opponent's: see
//! [`Board::is_eye_of`](crate::board::Board::is_eye_of)); when there is
//! none, a pass; where passing is forbidden, any legal placement, eyes
//! included; with none of those, the move cannot be made and the ruleset
//! decides (the game is usually over by then). Where a ruleset has
//! special turns (Enhanced Go), one move in twenty tries the smallest
//! affordable one, its payments and placements chosen at random among the
//! legal ones. Outside play (an
//! opening, an agreement phase) an action is chosen uniformly among the
//! legal ones, accepting the marks as they stand where that is possible.
//! Resignation is never chosen.
//!
//! Rulesets simple enough for the bare board (ordinary Go, Tromp-Taylor
//! Go) can also be played out on a [`LightGame`], with the same policy
//! and the same random draws, so the same seed makes the same game,
//! several times faster.

mod grid;
mod light;
mod light_board;
mod shapes;
mod superko;
pub mod tactics;

pub use crate::rng::PlayoutRng;
pub use light::{LightBoardChoice, LightGame, seat_ahead};

use crate::action::{Action, Argument, Choosing, ComponentAction};
use crate::colour::{Colour, Seat};
use crate::game::{Game, ToAct};
use crate::pattern::PatternWeights;
use crate::phase::Phase;
use crate::point::Point;
use crate::state::ComponentKind;
use light::{Light, Surface};
use light_board::LightBoard;
use shapes::Shapes;
use std::sync::Arc;
use tactics::{SELF_ATARI_STONES, StringView};

/// How many empty points the policy draws at random (with replacement)
/// before it walks them all in random order (fewer draws waste less on a
/// full board, more copy the list of empty points less often on an empty
/// one; callgrind finds 2 to 8 within 1% of each other on 19x19).
const REJECTION_DRAWS: usize = 4;

/// How many slots of numbered offers ([`Component::offer_slots`]) the
/// policy draws at random (with replacement) before it lists every offer.
/// A setup's slots are its points, at least half of them free while the
/// setup may grow, so eight draws fail less than once in two hundred.
///
/// [`Component::offer_slots`]: crate::rules::Component::offer_slots
const SLOT_DRAWS: usize = 8;

/// Where the policy's placements go: the generic engine for one seat, or
/// a light game on either of its boards.
trait PlacementTarget {
    /// How the target names a point (ordered as the points are).
    type Vertex: Copy + Ord;
    /// The stones, as the tactics read them.
    type View: StringView<Vertex = Self::Vertex>;
    /// The stones.
    fn view(&self) -> &Self::View;
    /// The empty points, in the board's order.
    fn empty_vertices(&self) -> &[Self::Vertex];
    /// Whether the empty `vertex` is a one-point eye of `colour`.
    fn is_eye_at(&self, vertex: Self::Vertex, colour: Colour) -> bool;
    /// Places the mover's stone, of `colour`, on `vertex`, one of the
    /// [empty vertices](PlacementTarget::empty_vertices) while play goes
    /// on, where that is legal.
    fn place_if_legal(&mut self, vertex: Self::Vertex, colour: Colour) -> bool;
}

/// A game, placed on by one seat.
struct SeatOf<'a>(&'a mut Game, Seat);

impl PlacementTarget for SeatOf<'_> {
    type Vertex = Point;
    type View = crate::board::Board;

    #[inline]
    fn view(&self) -> &crate::board::Board {
        self.0.board()
    }

    #[inline]
    fn empty_vertices(&self) -> &[Point] {
        self.0.board().empty_list()
    }

    #[inline]
    fn is_eye_at(&self, point: Point, colour: Colour) -> bool {
        self.0.board().is_eye_of(point, colour)
    }

    #[inline]
    fn place_if_legal(&mut self, point: Point, _colour: Colour) -> bool {
        self.0.place_if_legal(self.1, point)
    }
}

impl<B: LightBoard> PlacementTarget for Light<B> {
    type Vertex = B::Vertex;
    type View = B;

    #[inline(always)]
    fn view(&self) -> &B {
        &self.board
    }

    #[inline(always)]
    fn empty_vertices(&self) -> &[B::Vertex] {
        self.board.empty_vertices()
    }

    #[inline(always)]
    fn is_eye_at(&self, vertex: B::Vertex, colour: Colour) -> bool {
        self.board.is_eye_at(vertex, colour)
    }

    #[inline(always)]
    fn place_if_legal(&mut self, vertex: B::Vertex, colour: Colour) -> bool {
        // The policy draws from the list of empty points, only while play
        // goes on.
        Light::place_drawn_if_legal(self, vertex, colour)
    }
}

/// The policy's buffers of points not yet tried and of eyes, for the
/// generic board's points and the square-grid board's cells.
#[derive(Clone, Debug, Default)]
struct Buffers {
    points: VertexBuffers<Point>,
    cells: VertexBuffers<grid::Cell>,
}

/// The policy's buffers for one kind of vertex.
#[derive(Clone, Debug)]
struct VertexBuffers<V> {
    /// Empty points not yet tried.
    candidates: Vec<V>,
    /// The mover's eyes (and the placements the policy refuses) met on
    /// the way.
    eyes: Vec<V>,
    /// The tactical answers to the last placement.
    answers: Vec<V>,
}

impl<V> Default for VertexBuffers<V> {
    fn default() -> Self {
        VertexBuffers {
            candidates: Vec::new(),
            eyes: Vec::new(),
            answers: Vec::new(),
        }
    }
}

/// The buffers for vertices of type `V`.
trait BuffersFor<V> {
    fn for_vertices(&mut self) -> &mut VertexBuffers<V>;
}

impl BuffersFor<Point> for Buffers {
    fn for_vertices(&mut self) -> &mut VertexBuffers<Point> {
        &mut self.points
    }
}

impl BuffersFor<grid::Cell> for Buffers {
    fn for_vertices(&mut self) -> &mut VertexBuffers<grid::Cell> {
        &mut self.cells
    }
}

/// What one playout did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Stones placed in play (setup stones and payments not counted).
    pub placements: u64,
    /// Actions applied.
    pub actions: u64,
    /// Special turns completed.
    pub special_turns: u64,
    /// Whether the game reached its end (rather than the action limit).
    pub finished: bool,
}

impl PlayoutStats {
    /// Counts a placement the policy played (an action too); true.
    fn placed(&mut self) -> bool {
        self.actions += 1;
        self.placements += 1;
        true
    }
}

/// Which placements a playout prefers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// Uniform among the legal placements outside the mover's own eyes.
    #[default]
    Light,
    /// The tactical answers to the last placement first (capture a
    /// string in atari, save one's own), then the light draw without
    /// self-ataris of two stones or more (see the [`tactics`] module).
    Tactics,
    /// The tactics, then a placement next to the last one drawn by the
    /// strength of its shape under learned pattern weights, against the
    /// placements elsewhere, which the tactics' light draw makes (see
    /// [`Playout::with_shapes`]).
    Shapes,
}

/// The random policy, with buffers reused from playout to playout.
#[derive(Clone, Debug)]
pub struct Playout {
    rng: PlayoutRng,
    policy: Policy,
    buffers: Buffers,
    offers: Vec<Action>,
    /// The most actions one playout may take (a guard against rulesets
    /// whose games need not end).
    pub action_limit: u64,
    /// When kept, every placement played, in order (for tree searches
    /// that learn from all the moves of a playout).
    placements: Option<Vec<(Seat, Point)>>,
    /// The learned shapes, for [`Policy::Shapes`].
    shapes: Option<Box<Shapes>>,
}

impl Playout {
    /// A policy drawing from `seed`.
    pub fn new(seed: u64) -> Playout {
        Playout {
            rng: PlayoutRng::new(seed),
            policy: Policy::Light,
            buffers: Buffers::default(),
            offers: Vec::new(),
            action_limit: 20_000,
            placements: None,
            shapes: None,
        }
    }

    /// The policy drawing from `seed` and preferring what `policy` says
    /// ([`Policy::Shapes`] without weights: every shape alike).
    pub fn with_policy(seed: u64, policy: Policy) -> Playout {
        match policy {
            Policy::Shapes => Playout::with_shapes(seed, Arc::new(PatternWeights::neutral())),
            _ => Playout {
                policy,
                ..Playout::new(seed)
            },
        }
    }

    /// [`Policy::Shapes`] with `weights`, drawing from `seed`.
    pub fn with_shapes(seed: u64, weights: Arc<PatternWeights>) -> Playout {
        Playout {
            policy: Policy::Shapes,
            shapes: Some(Box::new(Shapes::new(weights))),
            ..Playout::new(seed)
        }
    }

    /// What the policy prefers.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// Keeps a log of the placements of each playout from now on (see
    /// [`Playout::placements`]).
    pub fn keep_placements(&mut self) {
        self.placements.get_or_insert_with(Vec::new);
    }

    /// The placements of the last playout, in order, when kept.
    pub fn placements(&self) -> &[(Seat, Point)] {
        self.placements.as_deref().unwrap_or(&[])
    }

    /// Logs a placement, when placements are kept.
    #[inline]
    fn log(&mut self, seat: Seat, point: Point) {
        if let Some(log) = &mut self.placements {
            log.push((seat, point));
        }
    }

    /// Plays `game` to its end (or the action limit) with the policy.
    pub fn play(&mut self, game: &mut Game) -> PlayoutStats {
        let mut stats = PlayoutStats::default();
        if let Some(log) = &mut self.placements {
            log.clear();
        }
        while stats.actions < self.action_limit {
            let seat = match game.to_act() {
                ToAct::Nobody => break,
                ToAct::Seat(seat) => seat,
                ToAct::Either => {
                    if game.state().phase() == Phase::Agreement {
                        if !self.agree(game, &mut stats) {
                            break;
                        }
                        continue;
                    }
                    Seat::One
                }
            };
            if game.state().phase() != Phase::Play {
                if !self.any_legal_action(game, seat, &mut stats) {
                    break;
                }
                continue;
            }
            // One move in twenty tries a special turn, where the ruleset
            // has them (the draw is made only there).
            if game.rules().has_special_turns()
                && game.state().current_move().actions == 0
                && self.rng.below(20) == 0
                && self.special_turn(game, seat, &mut stats)
            {
                continue;
            }
            if !self.placement_or_pass(game, seat, &mut stats)
                && !self.any_legal_action(game, seat, &mut stats)
            {
                break;
            }
        }
        stats.finished = game.state().phase() == Phase::Over;
        stats
    }

    /// Plays `game` to its end (or the action limit) with the policy, on
    /// the light board: the same draws as [`Playout::play`] makes on the
    /// game the light board stands for, so the same seed makes the same
    /// placements and passes.
    pub fn play_light(&mut self, game: &mut LightGame) -> PlayoutStats {
        if let Some(shapes) = &mut self.shapes {
            shapes.play_on(game.geometry());
        }
        match (&mut game.play, self.policy) {
            (Surface::Graph(light), Policy::Light) => self.play_light_on::<_, false>(light),
            (Surface::Grid(light), Policy::Light) => self.play_light_on::<_, false>(light),
            (Surface::Graph(light), Policy::Tactics | Policy::Shapes) => {
                self.play_light_on::<_, true>(light)
            }
            (Surface::Grid(light), Policy::Tactics | Policy::Shapes) => {
                self.play_light_on::<_, true>(light)
            }
        }
    }

    /// [`Playout::play_light`] on one board, with the tactics or without.
    fn play_light_on<B: LightBoard, const TACTICS: bool>(
        &mut self,
        game: &mut Light<B>,
    ) -> PlayoutStats
    where
        Buffers: BuffersFor<B::Vertex>,
    {
        if let Some(log) = &mut self.placements {
            log.clear();
        }
        // The counts and the generator are kept in locals, which the
        // compiler holds in registers rather than storing them after every
        // step; the generator goes back when the playout ends.
        let limit = self.action_limit;
        let (mut actions, mut placements) = (0, 0);
        let mut rng = self.rng.clone();
        let mut last = game.last_placed;
        while actions < limit && !game.is_over() {
            let seat = game.mover();
            let buffers = self.buffers.for_vertices();
            let shapes = self.shapes.as_deref_mut();
            // One copy of the draw for each colour, each with its
            // colour's masks and offsets as constants.
            let drawn = match game.mover_colour() {
                Colour::Black => {
                    choose::<_, TACTICS>(&mut rng, buffers, shapes, game, Colour::Black, last)
                }
                Colour::White => {
                    choose::<_, TACTICS>(&mut rng, buffers, shapes, game, Colour::White, last)
                }
            };
            last = drawn;
            match drawn {
                Some(v) => {
                    if let Some(log) = &mut self.placements {
                        log.push((seat, game.board.point(v)));
                    }
                    placements += 1;
                }
                None => {
                    game.pass();
                }
            }
            actions += 1;
        }
        self.rng = rng;
        game.last_placed = last;
        PlayoutStats {
            placements,
            actions,
            special_turns: 0,
            finished: game.is_over(),
        }
    }

    fn apply(game: &mut Game, seat: Seat, action: Action, stats: &mut PlayoutStats) -> bool {
        let ok = game.apply(seat, action).is_ok();
        if ok {
            stats.actions += 1;
            stats.placements += u64::from(matches!(action, Action::Place(_)));
        }
        ok
    }

    /// One placement or pass by the policy; false when `seat` can do
    /// neither.
    fn placement_or_pass(&mut self, game: &mut Game, seat: Seat, stats: &mut PlayoutStats) -> bool {
        let colour = game.state().colour_of(seat);
        let last = game.state().last_placement();
        if let Some(shapes) = &mut self.shapes {
            shapes.play_on(&game.rules().geometry);
        }
        let buffers = BuffersFor::<Point>::for_vertices(&mut self.buffers);
        let shapes = self.shapes.as_deref_mut();
        let target = &mut SeatOf(game, seat);
        let rng = &mut self.rng;
        let chosen = match self.policy {
            Policy::Light => choose::<_, false>(rng, buffers, shapes, target, colour, last),
            Policy::Tactics | Policy::Shapes => {
                choose::<_, true>(rng, buffers, shapes, target, colour, last)
            }
        };
        if let Some(p) = chosen {
            self.log(seat, p);
            return stats.placed();
        }
        if game.is_legal_pass(seat, false) {
            return Self::apply(game, seat, Action::Pass, stats);
        }
        let eyes = &mut self.buffers.points.eyes;
        while !eyes.is_empty() {
            let i = self.rng.below(eyes.len());
            let p = eyes.swap_remove(i);
            if game.place_if_legal(seat, p) {
                self.log(seat, p);
                return stats.placed();
            }
        }
        false
    }

    /// Tries the smallest run a component offers (an action declared with
    /// [`Choosing::OpensRun`], such as Enhanced Go's special turn); true
    /// when one was completed.
    fn special_turn(&mut self, game: &mut Game, seat: Seat, stats: &mut PlayoutStats) -> bool {
        self.offers.clear();
        for (_, component) in game.rules().components() {
            component.offer_actions(game.state(), seat, &mut self.offers);
        }
        let Some((opening, cancel)) = self
            .offers
            .iter()
            .filter_map(|&a| match a {
                Action::Component(ComponentAction {
                    spec,
                    argument: Argument::Number(n),
                }) => match spec.choosing {
                    Choosing::OpensRun { cancel } if n != cancel => Some((a, spec, n, cancel)),
                    _ => None,
                },
                _ => None,
            })
            .min_by_key(|&(_, _, n, _)| n)
            .map(|(a, spec, _, cancel)| (a, spec.number(cancel)))
        else {
            return false;
        };
        if !Self::apply(game, seat, opening, stats) {
            return false;
        }
        let number = game.state().current_move().number;
        let mut placed = 0;
        let logged = self.placements().len();
        'turn: while game.state().current_move().number == number
            && game.state().phase() == Phase::Play
        {
            // The searched actions the components offer (payments) and
            // every empty point, tried in random order: the first accepted
            // is a uniform choice among the legal ones.
            self.offers.clear();
            for (_, component) in game.rules().components() {
                component.offer_actions(game.state(), seat, &mut self.offers);
            }
            self.offers.retain(|a| {
                a.spec()
                    .is_some_and(|spec| matches!(spec.choosing, Choosing::Searched))
            });
            self.offers
                .extend(game.board().empty_list().iter().map(|&p| Action::Place(p)));
            while !self.offers.is_empty() {
                let action = self.offers.swap_remove(self.rng.below(self.offers.len()));
                if Self::apply(game, seat, action, stats) {
                    if let Action::Place(p) = action {
                        placed += 1;
                        self.log(seat, p);
                    }
                    continue 'turn;
                }
            }
            // Stuck part way (every completion refused): call the run off
            // and play an ordinary move instead.
            let _ = Self::apply(game, seat, cancel, stats);
            stats.placements -= placed;
            if let Some(log) = &mut self.placements {
                log.truncate(logged);
            }
            return false;
        }
        stats.special_turns += 1;
        true
    }

    /// In an agreement phase: accept the marks as they stand (or, where
    /// that is refused, resume play); false when neither is possible.
    fn agree(&mut self, game: &mut Game, stats: &mut PlayoutStats) -> bool {
        let before = stats.actions;
        for seat in Seat::BOTH {
            if game.state().phase() == Phase::Agreement
                && !game.state().accepted()[seat]
                && !Self::apply(game, seat, Action::Accept, stats)
            {
                return Self::apply(game, seat, Action::Resume, stats);
            }
        }
        stats.actions > before
    }

    /// Outside play (or in play with no placement or pass): any legal
    /// action but resignation, uniformly. The components' offers are tried
    /// in random order and the first the game accepts is played, which is
    /// a uniform choice among the legal ones without trying each on a copy.
    ///
    /// Components that number their offers ([`Component::offer_slots`])
    /// are drawn from first without listing them: a draw among the listed
    /// offers and the slots together, played if it holds an action the
    /// game accepts, which is uniform among the accepted actions as the
    /// walk over the list is. After [`SLOT_DRAWS`] misses every offer is
    /// listed and walked.
    ///
    /// [`Component::offer_slots`]: crate::rules::Component::offer_slots
    fn any_legal_action(&mut self, game: &mut Game, seat: Seat, stats: &mut PlayoutStats) -> bool {
        self.offers.clear();
        let mut slots = [0usize; ComponentKind::ALL.len()];
        for (i, (_, component)) in game.rules().components().into_iter().enumerate() {
            match component.offer_slots(game.state(), seat) {
                Some(n) => slots[i] = n,
                None => component.offer_actions(game.state(), seat, &mut self.offers),
            }
        }
        self.offers.retain(|&a| a != Action::Resign);
        let numbered: usize = slots.iter().sum();
        if numbered > 0 {
            for _ in 0..SLOT_DRAWS {
                let Some(action) = self.draw_offer(game, seat, &slots) else {
                    continue;
                };
                if action != Action::Resign && Self::apply(game, seat, action, stats) {
                    if let Action::Place(p) = action {
                        self.log(seat, p);
                    }
                    return true;
                }
            }
            for (i, (_, component)) in game.rules().components().into_iter().enumerate() {
                if slots[i] > 0 {
                    component.offer_actions(game.state(), seat, &mut self.offers);
                }
            }
            self.offers.retain(|&a| a != Action::Resign);
        }
        while !self.offers.is_empty() {
            let action = self.offers.swap_remove(self.rng.below(self.offers.len()));
            if Self::apply(game, seat, action, stats) {
                if let Action::Place(p) = action {
                    self.log(seat, p);
                }
                return true;
            }
        }
        false
    }
}

impl Playout {
    /// One draw among the listed offers and the numbered slots of each
    /// component (`slots`, in the rules' component order) together: the
    /// offer drawn, or `None` for an empty slot.
    fn draw_offer(
        &mut self,
        game: &Game,
        seat: Seat,
        slots: &[usize; ComponentKind::ALL.len()],
    ) -> Option<Action> {
        let listed = self.offers.len();
        let mut r = self.rng.below(listed + slots.iter().sum::<usize>());
        if r < listed {
            return Some(self.offers[r]);
        }
        r -= listed;
        for (i, (_, component)) in game.rules().components().into_iter().enumerate() {
            if r < slots[i] {
                return component.offer_in_slot(game.state(), seat, r);
            }
            r -= slots[i];
        }
        None
    }
}

/// The policy's placement among those outside the mover's own one-point
/// eyes, played on `target`; `None` when there is none (the eyes are then
/// left in `eyes`). Rejection sampling first: an empty point drawn
/// uniformly, played if it is a legal placement outside the eyes. The
/// first accepted draw is uniform among those placements, and while most
/// points qualify it costs one draw. Then the empty points in random
/// order, without replacement, each tested only when drawn: the first
/// that qualifies is still uniform among the qualifying ones, and late in
/// a game, when most points are eyes or illegal, the walk stops at the
/// first playable one rather than sorting the whole board. Every engine
/// and board shares it, so the same seed makes the same draws on each.
#[inline(always)]
fn draw_placement<T: PlacementTarget, const TACTICS: bool>(
    rng: &mut PlayoutRng,
    buffers: &mut VertexBuffers<T::Vertex>,
    target: &mut T,
    colour: Colour,
) -> Option<T::Vertex> {
    // Outside the eyes and, with the tactics, the large self-ataris.
    let refused = |target: &T, v: T::Vertex| {
        target.is_eye_at(v, colour)
            || (TACTICS && tactics::is_self_atari(target.view(), v, colour, SELF_ATARI_STONES))
    };
    for _ in 0..REJECTION_DRAWS {
        let empty = target.empty_vertices();
        if empty.is_empty() {
            break;
        }
        let v = empty[rng.below(empty.len())];
        if !refused(target, v) && target.place_if_legal(v, colour) {
            return Some(v);
        }
    }
    let VertexBuffers {
        candidates, eyes, ..
    } = buffers;
    candidates.clear();
    candidates.extend_from_slice(target.empty_vertices());
    eyes.clear();
    while !candidates.is_empty() {
        let i = rng.below(candidates.len());
        let v = candidates.swap_remove(i);
        if refused(target, v) {
            eyes.push(v);
        } else if target.place_if_legal(v, colour) {
            return Some(v);
        }
    }
    None
}

/// The policy's placement for `colour` on `target`, after the placement
/// on `last`: with the tactics, a tactical answer where one is legal
/// (uniformly among the distinct ones); with `shapes`, then a placement
/// near `last` drawn by its learned strength where the draw goes there;
/// and otherwise the draw of [`draw_placement`].
#[inline(always)]
fn choose<T: PlacementTarget, const TACTICS: bool>(
    rng: &mut PlayoutRng,
    buffers: &mut VertexBuffers<T::Vertex>,
    shapes: Option<&mut Shapes>,
    target: &mut T,
    colour: Colour,
    last: Option<T::Vertex>,
) -> Option<T::Vertex> {
    if TACTICS && let Some(last) = last {
        let answers = &mut buffers.answers;
        answers.clear();
        tactics::answers(target.view(), colour, last, answers);
        // In board order, once each: every board then lists the same
        // answers alike, and the same draws make the same game on each.
        answers.sort_unstable();
        answers.dedup();
        while !answers.is_empty() {
            let v = answers.swap_remove(rng.below(answers.len()));
            if target.place_if_legal(v, colour) {
                return Some(v);
            }
        }
    }
    if let (Some(shapes), Some(last)) = (shapes, last)
        && let Some(v) = shapes.draw(rng, target, colour, last)
    {
        return Some(v);
    }
    draw_placement::<T, TACTICS>(rng, buffers, target, colour)
}
