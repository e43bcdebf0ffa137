//! The light playout board: random playouts of the rulesets whose
//! components all say the bare board can play them, without the generic
//! flow of moves, hooks and history.
//!
//! A ruleset qualifies when, from the position at hand on, play is strict
//! alternation of one placement or one pass a move
//! ([`Schedule::alternates_strictly`]); each placement resolves at once as
//! [`Board::play`] does ([`Resolver::captures_each_placement`]); the
//! repetition rule is one of the standard rules over board hashes
//! ([`RepetitionPolicy::board_rule`]); two consecutive passes end play and
//! the score decides ([`Objective::two_passes_then_score`]); the score is
//! the area count plus fixed points ([`Scorer::fixed_bonuses`]); and the
//! opening, the schedule and the resolver take no part in the flow of play
//! (they have no hooks: a resolver that vetoes some placements by the
//! game's state, as Freeze Go's does, keeps the generic flow). Ordinary Go and
//! Tromp-Taylor Go qualify, with any of their ko rules.
//!
//! On a square grid the stones stand on a board made for it
//! ([`GridBoard`]: a padded array, fixed neighbour offsets, one liberty
//! count a string); on any other topology on the engine's own
//! [`Board`](crate::board::Board). Either keeps the generic board's list
//! of empty points in the same order and its Zobrist hashes, and the
//! repetition rules are judged on those hashes as the generic rules judge
//! them, so a light playout makes exactly the game the generic engine
//! would: the tests play the same seeds through all three and compare them
//! move by move.
//!
//! [`Schedule::alternates_strictly`]: crate::rules::Schedule::alternates_strictly
//! [`Resolver::captures_each_placement`]: crate::rules::Resolver::captures_each_placement
//! [`RepetitionPolicy::board_rule`]: crate::rules::RepetitionPolicy::board_rule
//! [`Objective::two_passes_then_score`]: crate::rules::Objective::two_passes_then_score
//! [`Scorer::fixed_bonuses`]: crate::rules::Scorer::fixed_bonuses

use super::grid::GridBoard;
use super::light_board::{GraphBoard, LightBoard, Outcome};
use super::superko::Superko;
use crate::colour::{ByColour, BySeat, Colour, Seat};
use crate::game::{Game, ToAct};
use crate::geometry::Geometry;
use crate::phase::Phase;
use crate::point::Point;
use crate::rules::{BoardRule, Hooks};
use std::sync::Arc;

/// A position of a qualifying ruleset, played on the bare board: on the
/// square-grid board where the topology is a square grid (unless the
/// caller asks for the generic board), on the generic board otherwise.
#[derive(Debug)]
pub struct LightGame {
    pub(crate) play: Surface,
}

impl Clone for LightGame {
    fn clone(&self) -> LightGame {
        LightGame {
            play: self.play.clone(),
        }
    }

    /// Copies `source` into this game, reusing its memory where both stand
    /// on the same kind of board (as a tree search starting playout after
    /// playout from one position would).
    fn clone_from(&mut self, source: &LightGame) {
        match (&mut self.play, &source.play) {
            (Surface::Graph(mine), Surface::Graph(theirs)) => mine.clone_from(theirs),
            (Surface::Grid(mine), Surface::Grid(theirs)) => mine.clone_from(theirs),
            (mine, theirs) => *mine = theirs.clone(),
        }
    }
}

/// The board a light game stands on, with the rules' state (boxed: the
/// square-grid board holds its arrays in itself).
#[derive(Clone, Debug)]
pub(crate) enum Surface {
    /// The generic board, any topology.
    Graph(Box<Light<GraphBoard>>),
    /// The square-grid board (its arrays are held in it).
    Grid(Box<Light<GridBoard>>),
}

/// Which board a light game may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LightBoardChoice {
    /// The square-grid board where the topology is a square grid, the
    /// generic board otherwise (the default).
    Fastest,
    /// The generic board on every topology (to check the square-grid
    /// board against it, or to measure it).
    Generic,
}

/// The rules' state of a light game on board `B`.
#[derive(Debug)]
pub(crate) struct Light<B: LightBoard> {
    pub(crate) board: B,
    mover: Seat,
    colours: BySeat<Colour>,
    passes_in_row: u32,
    self_capture: bool,
    /// Whether a placement next to an empty point is allowed without
    /// asking the repetition rule (see [`Light::admits`]).
    liberty_suffices: bool,
    /// Whether the shortcuts of `liberty_suffices` are off for the next
    /// placement: right after a self-capture of two or more stones, and
    /// until the first placement after loading a game (whose last
    /// placement's ko point and player are not known).
    recheck: bool,
    /// The ko point the latest placement left, where it captured one
    /// stone ([`LightBoard::lone_stone_liberty`]); kept where the
    /// shortcuts of `liberty_suffices` are taken.
    ko_point: Option<B::Vertex>,
    /// The seat that made the latest placement.
    last_placer: Option<Seat>,
    /// The latest action's point, where it was a placement (what the
    /// policy's tactics answer): set on loading, by the public placements
    /// and passes, and at the end of a playout.
    pub(crate) last_placed: Option<B::Vertex>,
    repetition: Repetition,
    bonuses: ByColour<f64>,
}

/// The repetition rule's memory of earlier boards (with a tag of its own,
/// read after every placement, rather than one packed into a field).
#[derive(Clone, Debug)]
#[repr(u8)]
enum Repetition {
    Unrestricted,
    /// The latest board and the one before it, where the game has had them.
    SimpleKo {
        latest: Option<u64>,
        before: Option<u64>,
    },
    /// Every board the game has had.
    PositionalSuperko(Box<Superko>),
}

impl<B: LightBoard> Clone for Light<B> {
    fn clone(&self) -> Light<B> {
        Light {
            board: self.board.clone(),
            mover: self.mover,
            colours: self.colours,
            passes_in_row: self.passes_in_row,
            self_capture: self.self_capture,
            liberty_suffices: self.liberty_suffices,
            recheck: self.recheck,
            ko_point: self.ko_point,
            last_placer: self.last_placer,
            last_placed: self.last_placed,
            repetition: self.repetition.clone(),
            bonuses: self.bonuses,
        }
    }

    /// Copies `source` into this game, reusing its memory (as a tree
    /// search starting playout after playout from one position would).
    fn clone_from(&mut self, source: &Light<B>) {
        self.board.clone_from(&source.board);
        self.mover = source.mover;
        self.colours = source.colours;
        self.passes_in_row = source.passes_in_row;
        self.self_capture = source.self_capture;
        self.liberty_suffices = source.liberty_suffices;
        self.recheck = source.recheck;
        self.ko_point = source.ko_point;
        self.last_placer = source.last_placer;
        self.last_placed = source.last_placed;
        match (&mut self.repetition, &source.repetition) {
            (Repetition::PositionalSuperko(mine), Repetition::PositionalSuperko(theirs)) => {
                mine.copy_from(theirs);
            }
            (mine, theirs) => *mine = theirs.clone(),
        }
        self.bonuses = source.bonuses;
    }
}

/// Runs `$body` with `$light` bound to the light game on whichever board
/// `$surface` holds.
macro_rules! on_surface {
    ($surface:expr, $light:ident => $body:expr) => {
        match $surface {
            Surface::Graph($light) => $body,
            Surface::Grid($light) => $body,
        }
    };
}

impl LightGame {
    /// The position of `game`, where its ruleset qualifies (see the module
    /// documentation) and it is a player's turn to begin a move in play;
    /// `None` otherwise.
    pub fn from_game(game: &Game) -> Option<LightGame> {
        LightGame::from_game_on(game, LightBoardChoice::Fastest)
    }

    /// [`LightGame::from_game`], on the board `choice` allows.
    pub fn from_game_on(game: &Game, choice: LightBoardChoice) -> Option<LightGame> {
        let board = game.board();
        let play = if choice == LightBoardChoice::Fastest && GridBoard::fits(board.geometry()) {
            Surface::Grid(Box::new(Light::new(GridBoard::from_board(board))))
        } else {
            Surface::Graph(Box::new(Light::new(GraphBoard::new(board.clone()))))
        };
        let mut light = LightGame { play };
        light.load(game).then_some(light)
    }

    /// Makes this the position of `game`, reusing its memory (as a tree
    /// search does playout after playout), where the ruleset qualifies and
    /// it is a player's turn to begin a move in play; false, with this
    /// game left in an unspecified state, otherwise. The board stays the
    /// kind it was where the new geometry allows it.
    pub fn load(&mut self, game: &Game) -> bool {
        let board = game.board();
        match &mut self.play {
            Surface::Grid(light) => {
                if light.board.stands_on(board.geometry()) {
                    light.board.load(board);
                } else if GridBoard::fits(board.geometry()) {
                    light.board = GridBoard::from_board(board);
                } else {
                    self.play =
                        Surface::Graph(Box::new(Light::new(GraphBoard::new(board.clone()))));
                }
            }
            Surface::Graph(light) => light.board.board.clone_from(board),
        }
        on_surface!(&mut self.play, light => light.load_rules(game))
    }

    /// Whether the game stands on the square-grid board.
    pub fn on_square_grid(&self) -> bool {
        matches!(self.play, Surface::Grid(_))
    }

    /// The geometry of the board.
    pub fn geometry(&self) -> &Arc<Geometry> {
        match &self.play {
            Surface::Graph(light) => light.board.board.geometry(),
            Surface::Grid(light) => light.board.geometry(),
        }
    }

    /// What stands on `point`.
    pub fn colour_at(&self, point: Point) -> Option<Colour> {
        on_surface!(&self.play, light => light.board.colour_at(point))
    }

    /// The Zobrist hash of the position (the generic board's).
    pub fn hash(&self) -> u64 {
        on_surface!(&self.play, light => light.board.hash())
    }

    /// The seat to move.
    #[inline]
    pub fn mover(&self) -> Seat {
        on_surface!(&self.play, light => light.mover)
    }

    /// The colour of `seat`'s stones.
    #[inline]
    pub fn colour_of(&self, seat: Seat) -> Colour {
        on_surface!(&self.play, light => light.colours[seat])
    }

    /// Whether play is over (two consecutive passes).
    #[inline]
    pub fn is_over(&self) -> bool {
        on_surface!(&self.play, light => light.is_over())
    }

    /// Whether the mover may place a stone on `point` (false once play is
    /// over).
    pub fn is_legal(&self, point: Point) -> bool {
        on_surface!(&self.play, light => {
            let v = light.board.vertex(point);
            !light.is_over() && light.board.is_empty_at(v) && light.admits(v)
        })
    }

    /// Places the mover's stone on the empty `point` where that is legal,
    /// and passes the turn; false (and nothing changed) where it is not.
    pub fn place_if_legal(&mut self, point: Point) -> bool {
        on_surface!(&mut self.play, light => {
            let v = light.board.vertex(point);
            light.place_if_legal(v)
        })
    }

    /// The mover passes (false, and nothing changed, once play is over).
    pub fn pass(&mut self) -> bool {
        on_surface!(&mut self.play, light => light.pass())
    }

    /// Player 1's lead on the score of the board as it stands (every stone
    /// alive), the fixed points included.
    pub fn lead(&self) -> f64 {
        on_surface!(&self.play, light => light.lead())
    }

    /// The winner of the score as it stands, `None` on equal scores.
    pub fn leader(&self) -> Option<Seat> {
        seat_ahead(self.lead())
    }
}

impl<B: LightBoard> Light<B> {
    fn new(board: B) -> Light<B> {
        Light {
            board,
            mover: Seat::One,
            colours: BySeat::new(Colour::Black, Colour::White),
            passes_in_row: 0,
            self_capture: false,
            liberty_suffices: false,
            recheck: true,
            ko_point: None,
            last_placer: None,
            last_placed: None,
            repetition: Repetition::Unrestricted,
            bonuses: ByColour::new(0.0, 0.0),
        }
    }

    /// Takes the rules' state from `game`, whose stones the board holds
    /// already; false where the ruleset does not qualify.
    fn load_rules(&mut self, game: &Game) -> bool {
        let rules = game.rules();
        let state = game.state();
        let qualifies = rules.takes_shortcuts()
            && rules.opening.hooks() == Hooks::NONE
            && rules.schedule.alternates_strictly()
            && rules.schedule.hooks() == Hooks::NONE
            && rules.resolver.captures_each_placement()
            && rules.resolver.hooks() == Hooks::NONE
            && rules.objective.two_passes_then_score()
            && state.phase() == Phase::Play
            && state.current_move().actions == 0;
        if !qualifies {
            return false;
        }
        let ToAct::Seat(mover) = game.to_act() else {
            return false;
        };
        let Some(bonuses) = rules.scorer.fixed_bonuses(state) else {
            return false;
        };
        let Some(rule) = rules.repetition.board_rule() else {
            return false;
        };
        let history = state.history();
        let board_at = |i: Option<usize>| i.and_then(|i| history.get(i)).map(|o| o.board);
        match (rule, &mut self.repetition) {
            (BoardRule::Unrestricted, r) => *r = Repetition::Unrestricted,
            (BoardRule::SimpleKo, r) => {
                let n = history.len();
                *r = Repetition::SimpleKo {
                    latest: board_at(n.checked_sub(1)),
                    before: board_at(n.checked_sub(2)),
                };
            }
            (BoardRule::PositionalSuperko, Repetition::PositionalSuperko(superko)) => {
                superko.load(game.board(), history.iter().map(|o| o.board));
            }
            (BoardRule::PositionalSuperko, r) => {
                *r = Repetition::PositionalSuperko(Box::new(Superko::new(
                    game.board(),
                    history.iter().map(|o| o.board),
                )));
            }
        }
        self.self_capture = rules.resolver.allows_self_capture();
        self.liberty_suffices = rule != BoardRule::PositionalSuperko;
        // Whether the latest placement was a self-capture of several
        // stones, where it left a ko point and who made it are not kept by
        // the game: ask the rule until the first placement.
        self.recheck = true;
        self.ko_point = None;
        self.last_placer = None;
        self.last_placed = state.last_placement().map(|p| self.board.vertex(p));
        self.mover = mover;
        self.colours = BySeat::new(state.colour_of(Seat::One), state.colour_of(Seat::Two));
        self.passes_in_row = state.pass_moves_in_row();
        self.bonuses = bonuses;
        true
    }

    /// Whether play is over (two consecutive passes).
    #[inline(always)]
    pub(crate) fn is_over(&self) -> bool {
        self.passes_in_row >= 2
    }

    /// The colour of the seat to move.
    #[inline(always)]
    pub(crate) fn mover_colour(&self) -> Colour {
        self.colours[self.mover]
    }

    /// The seat to move.
    #[inline(always)]
    pub(crate) fn mover(&self) -> Seat {
        self.mover
    }

    /// Whether a placement of the mover on the empty `vertex` is allowed
    /// by the resolver and the repetition rule.
    ///
    /// Under simple ko (or no repetition rule) most placements are settled
    /// by the stones around the point, without the hash of the board they
    /// would make. Call the board `B`, the one before the latest placement
    /// `A`, the board the placement would make `C`; simple ko refuses `C`
    /// equal to `B` or to `A`.
    ///
    /// - A placement that keeps a liberty and captures nothing adds a
    ///   stone of the mover's, so `C` is not `B`. It is `A` only if the
    ///   latest placement took exactly this point's stone of the mover's
    ///   off the board and added nothing: a capture cannot do that (the
    ///   capturing stone stays), so it was the mover's own placement
    ///   joining this point's stone into a string of two with no liberty
    ///   (a pass in between), after which [`Light::recheck`] is set.
    /// - A placement that captures removes opposing stones, so `C` is not
    ///   `B`. It is `A` only if the latest placement was the opponent's,
    ///   took exactly the one stone of the mover's that stood here, and
    ///   left its own stone alone with this point as its only liberty,
    ///   and this placement takes exactly that stone back: this point is
    ///   then the latest placement's ko point (and where it is, the hash
    ///   decides, as it would be another capture as well).
    /// - A placement left without a liberty (where self-capture is
    ///   allowed) removes its string: a lone stone leaves `C` equal to
    ///   `B`, which simple ko refuses and no repetition rule allows. A string of several removes stones of the mover's that `B`
    ///   has and adds none, so `C` is `A` only if `A` had every stone of
    ///   `B` but one of the mover's: the latest placement was the mover's
    ///   (a pass in between) and it is the string's other stone. So a
    ///   string of three or more is allowed, and one of two is where the
    ///   latest placement was the opponent's.
    ///
    /// Right after a self-capture of several stones, and until the first
    /// placement after loading a game, every placement is asked of the
    /// rule. Under positional superko, which remembers older boards, a
    /// placement is allowed without its hash where the stone counts show
    /// its board is new ([`Light::superko_admits`]); every other is asked
    /// of the rule.
    #[inline(always)]
    pub(crate) fn admits(&self, vertex: B::Vertex) -> bool {
        if !self.shortcuts_apply() {
            return self.admits_without_shortcuts(vertex);
        }
        self.board.has_empty_neighbour(vertex)
            || self.admits_outcome(
                vertex,
                self.board.outcome_if_placed(vertex, self.mover_colour()),
            )
    }

    /// [`Light::admits`], for the placement about to be made: the same
    /// answer, with the outcome of a placement without an empty neighbour
    /// worked out by [probing](LightBoard::outcome_by_probing) the board,
    /// out of line, so the draw loop holds only what its first test needs.
    #[inline(always)]
    fn admits_for_placement(&mut self, vertex: B::Vertex, colour: Colour) -> bool {
        if !self.shortcuts_apply() {
            return self.admits_without_shortcuts_for_placement(vertex, colour);
        }
        if self.board.has_empty_neighbour(vertex) {
            return true;
        }
        // The opponent's eye, the commonest point without an empty
        // neighbour, is settled in line: the stone captures, or is left
        // alone without a liberty.
        if self.board.has_only_opposing_neighbours(vertex, colour) {
            let outcome = if self.board.captures_by_probing(vertex, colour) {
                Outcome::Captures
            } else {
                Outcome::SelfCapture { stones: 1 }
            };
            return self.admits_outcome(vertex, outcome);
        }
        self.admits_by_probing(vertex, colour)
    }

    /// [`Light::admits_outcome`] of a placement without an empty
    /// neighbour whose neighbours are not all the opponent's (the
    /// opponent's eye is settled before), its outcome worked out by
    /// [probing](LightBoard::outcome_by_probing) out of line, in one copy
    /// for each colour.
    #[inline(always)]
    fn admits_by_probing(&mut self, vertex: B::Vertex, colour: Colour) -> bool {
        match colour {
            Colour::Black => self.admits_by_probing_as::<false>(vertex),
            Colour::White => self.admits_by_probing_as::<true>(vertex),
        }
    }

    #[inline(never)]
    fn admits_by_probing_as<const WHITE: bool>(&mut self, vertex: B::Vertex) -> bool {
        let colour = if WHITE { Colour::White } else { Colour::Black };
        let outcome = self.board.outcome_by_probing(vertex, colour);
        self.admits_outcome(vertex, outcome)
    }

    /// [`Light::admits`] where its shortcuts for simple ko do not apply:
    /// under positional superko by the placement's outcome and the stone
    /// counts where they settle it ([`Light::superko_admits`]), by the
    /// hash of the board otherwise.
    #[inline(always)]
    fn admits_without_shortcuts(&self, vertex: B::Vertex) -> bool {
        match &self.repetition {
            Repetition::PositionalSuperko(superko) => {
                let outcome = self.board.outcome_if_placed(vertex, self.mover_colour());
                self.superko_admits(superko, vertex, outcome)
            }
            _ => self.admits_by_hash(vertex),
        }
    }

    /// [`Light::admits_without_shortcuts`] for the placement about to be
    /// made. Under positional superko a stone with an empty neighbour
    /// keeps a liberty, so its outcome is settled by the stones it would
    /// capture, which the neighbouring strings' counts tell (none where it
    /// has no opposing neighbour); the outcome of any other is worked out
    /// by [probing](LightBoard::outcome_by_probing), out of line.
    #[inline(always)]
    fn admits_without_shortcuts_for_placement(
        &mut self,
        vertex: B::Vertex,
        colour: Colour,
    ) -> bool {
        match &self.repetition {
            Repetition::PositionalSuperko(superko)
                if self.board.is_plainly_placed(vertex, colour) =>
            {
                self.superko_admits(superko, vertex, Outcome::Plain)
            }
            Repetition::PositionalSuperko(superko) if self.board.has_empty_neighbour(vertex) => {
                let captured = self.board.captured_if_placed(vertex, colour);
                superko.is_new_after(colour, 1, 0, captured) || self.admits_by_hash(vertex)
            }
            // The opponent's eye: a stone that captures nothing is left
            // alone without a liberty, and the board stays as it was.
            Repetition::PositionalSuperko(_)
                if self.board.has_only_opposing_neighbours(vertex, colour) =>
            {
                self.board.captures_by_probing(vertex, colour) && {
                    let Repetition::PositionalSuperko(superko) = &self.repetition else {
                        unreachable!("matched above")
                    };
                    self.superko_admits(superko, vertex, Outcome::Captures)
                }
            }
            Repetition::PositionalSuperko(_) => match colour {
                Colour::Black => self.superko_admits_by_probing::<false>(vertex),
                Colour::White => self.superko_admits_by_probing::<true>(vertex),
            },
            _ => self.admits_by_hash(vertex),
        }
    }

    /// [`Light::superko_admits`] of a placement without an empty
    /// neighbour whose neighbours are not all the opponent's, with the
    /// outcome worked out by [probing](LightBoard::outcome_by_probing),
    /// in one copy for each colour; only under positional superko.
    #[inline(never)]
    fn superko_admits_by_probing<const WHITE: bool>(&mut self, vertex: B::Vertex) -> bool {
        let colour = if WHITE { Colour::White } else { Colour::Black };
        let outcome = self.board.outcome_by_probing(vertex, colour);
        let Repetition::PositionalSuperko(superko) = &self.repetition else {
            unreachable!("asked only under positional superko")
        };
        self.superko_admits(superko, vertex, outcome)
    }

    /// Whether positional superko (and the resolver) allows a placement of
    /// the mover's on `vertex` with `outcome`. A stone left alone without
    /// a liberty would leave the board as it is, which has occurred. Any
    /// other placement makes a board whose counts of stones tell where it
    /// may repeat ([`Superko::is_new_after`]): one more of the mover's,
    /// less the opposing stones it captures, or less the mover's own its
    /// string takes off; the boards the counts cannot clear are looked up
    /// by hash.
    #[inline(always)]
    fn superko_admits(&self, superko: &Superko, vertex: B::Vertex, outcome: Outcome) -> bool {
        let colour = self.mover_colour();
        let new = match outcome {
            Outcome::Plain => superko.is_new_after(colour, 1, 0, 0),
            Outcome::SelfCapture { .. } if !self.self_capture => return false,
            Outcome::SelfCapture { stones: 1 } => return false,
            Outcome::SelfCapture { stones } => superko.is_new_after(colour, 0, stones - 1, 0),
            Outcome::Captures => {
                let captured = self.board.captured_if_placed(vertex, colour);
                superko.is_new_after(colour, 1, 0, captured)
            }
        };
        new || self.admits_by_hash(vertex)
    }

    /// Whether the shortcuts of [`Light::admits`] may be taken for the
    /// next placement.
    #[inline(always)]
    fn shortcuts_apply(&self) -> bool {
        self.liberty_suffices && !self.recheck
    }

    /// [`Light::admits`] for a placement with no empty neighbour whose
    /// `outcome` is known, where its shortcuts apply.
    #[inline(always)]
    fn admits_outcome(&self, vertex: B::Vertex, outcome: Outcome) -> bool {
        match outcome {
            Outcome::Plain => true,
            Outcome::Captures if self.ko_point != Some(vertex) => true,
            Outcome::SelfCapture { .. } if !self.self_capture => false,
            Outcome::SelfCapture { stones: 1 } => {
                !matches!(self.repetition, Repetition::SimpleKo { .. })
            }
            Outcome::SelfCapture { stones }
                if stones >= 3 || (stones == 2 && self.last_placer != Some(self.mover)) =>
            {
                true
            }
            _ => self.admits_by_hash(vertex),
        }
    }

    /// Whether the repetition rule allows the board a placement of the
    /// mover's on `vertex` would make, by its hash (and the resolver,
    /// where the stone would be left without a liberty).
    #[inline(never)]
    fn admits_by_hash(&self, vertex: B::Vertex) -> bool {
        let colour = self.mover_colour();
        let Some(hash) = self.board.hash_if_placed(vertex, colour, self.self_capture) else {
            return false;
        };
        match &self.repetition {
            Repetition::Unrestricted => true,
            Repetition::SimpleKo { latest, before } => {
                *latest != Some(hash) && *before != Some(hash)
            }
            Repetition::PositionalSuperko(superko) => !superko.contains(hash),
        }
    }

    /// Places the mover's stone on the empty `vertex` where that is legal,
    /// and passes the turn; false (and nothing changed) where it is not.
    #[inline(always)]
    pub(crate) fn place_if_legal(&mut self, vertex: B::Vertex) -> bool {
        if self.is_over() || !self.board.is_empty_at(vertex) {
            return false;
        }
        let placed = self.place_drawn_if_legal(vertex, self.mover_colour());
        if placed {
            self.last_placed = Some(vertex);
        }
        placed
    }

    /// [`Light::place_if_legal`] for a point drawn from the list of empty
    /// points while play goes on (so neither is asked again), told the
    /// mover's `colour` (so that a caller that knows it as a constant has
    /// every colour-dependent mask and offset folded into the code).
    #[inline(always)]
    pub(crate) fn place_drawn_if_legal(&mut self, vertex: B::Vertex, colour: Colour) -> bool {
        debug_assert!(!self.is_over() && self.board.is_empty_at(vertex));
        debug_assert!(colour == self.mover_colour());
        if !self.admits_for_placement(vertex, colour) {
            return false;
        }
        let placed = self.board.place(vertex, colour);
        self.recheck = placed.self_captured >= 2;
        self.ko_point = if placed.captured == 1 && self.liberty_suffices {
            self.board.lone_stone_liberty(vertex)
        } else {
            None
        };
        self.last_placer = Some(self.mover);
        let hash = self.board.hash();
        match &mut self.repetition {
            Repetition::Unrestricted => {}
            Repetition::SimpleKo { latest, before } => {
                *before = *latest;
                *latest = Some(hash);
            }
            Repetition::PositionalSuperko(superko) => {
                superko.record(hash, colour, placed.captured, placed.self_captured);
            }
        }
        self.passes_in_row = 0;
        self.mover = self.mover.other();
        true
    }

    /// The mover passes (false, and nothing changed, once play is over).
    pub(crate) fn pass(&mut self) -> bool {
        if self.is_over() {
            return false;
        }
        self.passes_in_row += 1;
        self.mover = self.mover.other();
        self.last_placed = None;
        true
    }

    /// Player 1's lead on the score of the board as it stands (every stone
    /// alive), the fixed points included.
    fn lead(&self) -> f64 {
        let area = self.board.area();
        let total = |seat: Seat| {
            let c = self.colours[seat];
            f64::from(area[c]) + self.bonuses[c]
        };
        total(Seat::One) - total(Seat::Two)
    }
}

/// The seat ahead when Player 1 leads by `lead` (`None` when level).
pub fn seat_ahead(lead: f64) -> Option<Seat> {
    match lead.partial_cmp(&0.0) {
        Some(std::cmp::Ordering::Greater) => Some(Seat::One),
        Some(std::cmp::Ordering::Less) => Some(Seat::Two),
        _ => None,
    }
}
