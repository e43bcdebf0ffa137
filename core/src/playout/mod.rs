//! Random playouts: the light policy that benchmarks, fairness studies and
//! tree search share, so each measures the same thing on every ruleset.
//!
//! The policy, in play: a placement chosen uniformly among the legal ones
//! that do not fill the mover's own single-point eye (a point whose every
//! neighbour is the mover's stone, and fewer than half of whose diagonal
//! points hold the opponent's: see [`Board::is_eye_of`]); when there is
//! none, a pass; where
//! passing is forbidden, any legal placement, eyes included; with none of
//! those, the move cannot be made and the ruleset decides (the game is
//! usually over by then). Where a ruleset has special turns (Enhanced Go),
//! one move in twenty tries the smallest affordable one, its payments and
//! placements chosen at random among the legal ones. Outside play (an
//! opening, an agreement phase) an action is chosen uniformly among the
//! legal ones, accepting the marks as they stand where that is possible.
//! Resignation is never chosen.
//!
//! Rulesets simple enough for the bare board (ordinary Go, Tromp-Taylor
//! Go) can also be played out on a [`LightGame`], with the same policy
//! and the same random draws, so the same seed makes the same game,
//! several times faster.

mod light;

pub use crate::rng::PlayoutRng;
pub use light::{LightGame, seat_ahead};

use crate::action::{Action, Argument, Choosing, ComponentAction};
use crate::board::Board;
use crate::colour::{Colour, Seat};
use crate::game::{Game, ToAct};
use crate::phase::Phase;
use crate::point::Point;

/// How many empty points the policy draws at random (with replacement)
/// before it walks them all in random order (fewer draws waste less on a
/// full board, more copy the list of empty points less often on an empty
/// one; callgrind finds 2 to 8 within 1% of each other on 19x19).
const REJECTION_DRAWS: usize = 4;

/// Where the policy's placements go: the generic engine for one seat, or
/// the light board.
trait PlacementTarget {
    /// The board placed on.
    fn board(&self) -> &Board;
    /// Places the mover's stone on `point` where that is legal.
    fn place_if_legal(&mut self, point: Point) -> bool;
}

/// A game, placed on by one seat.
struct SeatOf<'a>(&'a mut Game, Seat);

impl PlacementTarget for SeatOf<'_> {
    #[inline]
    fn board(&self) -> &Board {
        self.0.board()
    }

    #[inline]
    fn place_if_legal(&mut self, point: Point) -> bool {
        self.0.place_if_legal(self.1, point)
    }
}

impl PlacementTarget for LightGame {
    #[inline]
    fn board(&self) -> &Board {
        LightGame::board(self)
    }

    #[inline]
    fn place_if_legal(&mut self, point: Point) -> bool {
        LightGame::place_if_legal(self, point)
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

/// The light random policy, with buffers reused from playout to playout.
#[derive(Clone, Debug)]
pub struct Playout {
    rng: PlayoutRng,
    candidates: Vec<Point>,
    eyes: Vec<Point>,
    offers: Vec<Action>,
    /// The most actions one playout may take (a guard against rulesets
    /// whose games need not end).
    pub action_limit: u64,
    /// When kept, every placement played, in order (for tree searches
    /// that learn from all the moves of a playout).
    placements: Option<Vec<(Seat, Point)>>,
}

impl Playout {
    /// A policy drawing from `seed`.
    pub fn new(seed: u64) -> Playout {
        Playout {
            rng: PlayoutRng::new(seed),
            candidates: Vec::new(),
            eyes: Vec::new(),
            offers: Vec::new(),
            action_limit: 20_000,
            placements: None,
        }
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
            if game.state().current_move().actions == 0
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
        let mut stats = PlayoutStats::default();
        if let Some(log) = &mut self.placements {
            log.clear();
        }
        while stats.actions < self.action_limit && !game.is_over() {
            // The draw [`Playout::play`] makes for a special turn, which
            // these rulesets never have.
            let _ = self.rng.below(20);
            let seat = game.mover();
            let colour = game.colour_of(seat);
            match self.draw_placement(game, colour) {
                Some(p) => {
                    self.log(seat, p);
                    stats.placed();
                }
                None => {
                    game.pass();
                    stats.actions += 1;
                }
            }
        }
        stats.finished = game.is_over();
        stats
    }

    /// The policy's placement among those outside the mover's own
    /// one-point eyes, played on `target`; `None` when there is none (the
    /// eyes are then left in `self.eyes`). Rejection sampling first: an
    /// empty point drawn uniformly, played if it is a legal placement
    /// outside the eyes. The first accepted draw is uniform among those
    /// placements, and while most points qualify it costs one draw. Then
    /// the empty points in random order, without replacement, each tested
    /// only when drawn: the first that qualifies is still uniform among
    /// the qualifying ones, and late in a game, when most points are eyes
    /// or illegal, the walk stops at the first playable one rather than
    /// sorting the whole board. The generic engine and the light board
    /// share it, so the same seed makes the same draws on both.
    #[inline]
    fn draw_placement<T: PlacementTarget>(
        &mut self,
        target: &mut T,
        colour: Colour,
    ) -> Option<Point> {
        for _ in 0..REJECTION_DRAWS {
            let empty = target.board().empty_list();
            if empty.is_empty() {
                break;
            }
            let p = empty[self.rng.below(empty.len())];
            if !target.board().is_eye_of(p, colour) && target.place_if_legal(p) {
                return Some(p);
            }
        }
        self.candidates.clear();
        self.candidates
            .extend_from_slice(target.board().empty_list());
        self.eyes.clear();
        while !self.candidates.is_empty() {
            let i = self.rng.below(self.candidates.len());
            let p = self.candidates.swap_remove(i);
            if target.board().is_eye_of(p, colour) {
                self.eyes.push(p);
            } else if target.place_if_legal(p) {
                return Some(p);
            }
        }
        None
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
        if let Some(p) = self.draw_placement(&mut SeatOf(game, seat), colour) {
            self.log(seat, p);
            return stats.placed();
        }
        if game.is_legal_pass(seat, false) {
            return Self::apply(game, seat, Action::Pass, stats);
        }
        while !self.eyes.is_empty() {
            let i = self.rng.below(self.eyes.len());
            let p = self.eyes.swap_remove(i);
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
    fn any_legal_action(&mut self, game: &mut Game, seat: Seat, stats: &mut PlayoutStats) -> bool {
        self.offers.clear();
        for (_, component) in game.rules().components() {
            component.offer_actions(game.state(), seat, &mut self.offers);
        }
        self.offers.retain(|&a| a != Action::Resign);
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
