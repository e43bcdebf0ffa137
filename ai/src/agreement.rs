//! The agreement policy: which strings a computer player calls dead, and
//! how it marks, accepts or plays on.
//!
//! A string is judged dead when, in random games continued from the
//! position, its points end up the opponent's more often than not, unless
//! it is pass-alive (no sequence of opponent moves can capture it). The
//! player then marks what it judges dead, takes back marks it judges
//! wrong, and accepts once the marks agree with its judgement.

use tengen_core::analysis::pass_alive_stones;
use tengen_core::playout::{LightGame, Playout};
use tengen_core::{Action, Colour, Game, Geometry, Phase, Point, PointSet, Seat};

/// How many random continuations a judgement of dead strings plays.
pub const JUDGEMENT_PLAYOUTS: u32 = 64;

/// The stones `seat` judges dead in `game`'s position, from
/// `playouts` random continuations drawn from `seed`.
pub fn judge_dead(game: &Game, seat: Seat, playouts: u32, seed: u64) -> PointSet {
    let board = game.board();
    let geometry = &game.rules().geometry;
    let mut dead = PointSet::default();
    if board.stones().next().is_none() {
        return dead;
    }
    let Some(start) = continuation(game, seat) else {
        return dead;
    };
    // How often each point ended up the other colour's.
    let mut lost = vec![0u32; geometry.point_count()];
    let mut policy = Playout::new(seed);
    policy.action_limit = 4 * geometry.point_count() as u64 + 64;
    // On the light board where the ruleset allows it (the same games,
    // faster), otherwise on copies of the game.
    let light_start = LightGame::from_game(&start);
    let mut light = light_start.clone();
    let mut copy = start.clone();
    for _ in 0..playouts {
        let colour_at: &dyn Fn(Point) -> Option<Colour> = match (&mut light, &light_start) {
            (Some(light), Some(fresh)) => {
                light.clone_from(fresh);
                policy.play_light(light);
                &|p| light.colour_at(p)
            }
            _ => {
                copy.clone_from(&start);
                policy.play(&mut copy);
                &|p| copy.board().get(p)
            }
        };
        for (p, colour) in board.stones() {
            if owner(colour_at, geometry, p) == Some(colour.opponent()) {
                lost[p.index()] += 1;
            }
        }
    }
    let rule = game.rules().life_rule();
    let alive = [Colour::Black, Colour::White].map(|c| pass_alive_stones(board, c, rule));
    let mut seen = PointSet::default();
    for (p, colour) in board.stones() {
        if seen.contains(p) {
            continue;
        }
        let stones: Vec<Point> = board.string_stones(p).collect();
        seen.extend(stones.iter().copied());
        let losses: u32 = stones.iter().map(|s| lost[s.index()]).sum();
        let alive = &alive[usize::from(colour == Colour::White)];
        if 2 * losses > playouts * stones.len() as u32 && !alive.contains(p) {
            dead.extend(stones);
        }
    }
    dead
}

/// A copy of `game` in which play goes on from the position, for the
/// judgement's continuations: the game itself during play, or the game
/// after `seat` resumes play from an agreement phase.
fn continuation(game: &Game, seat: Seat) -> Option<Game> {
    let mut copy = game.clone().without_undo();
    match copy.state().phase() {
        Phase::Play => Some(copy),
        Phase::Agreement => copy.apply(seat, Action::Resume).is_ok().then_some(copy),
        _ => None,
    }
}

/// Who a point belongs to at the end of a random game: the colour of its
/// stone, or of every neighbour of an empty point.
fn owner(
    colour_at: &dyn Fn(Point) -> Option<Colour>,
    geometry: &Geometry,
    point: Point,
) -> Option<Colour> {
    if let Some(colour) = colour_at(point) {
        return Some(colour);
    }
    let mut colours = geometry.neighbours(point).iter().map(|&n| colour_at(n));
    let first = colours.next().flatten()?;
    colours.all(|c| c == Some(first)).then_some(first)
}

/// The marking action that brings the marks of `game` closer to `dead`,
/// among the legal actions of `seat`: a mark for a string judged dead and
/// not marked, or the removal of a mark from a string judged alive.
pub fn marking_step(game: &Game, seat: Seat, dead: &PointSet) -> Option<Action> {
    marking_step_untouched(game, seat, dead, &PointSet::default())
}

/// [`marking_step`], leaving alone the strings in `touched`: a
/// string with a stone in `touched` (the strings the player has marked or
/// unmarked already) is left as it is: each player changes a string's mark
/// at most once, so two players who judge it differently cannot change it
/// back and forth for ever.
pub fn marking_step_untouched(
    game: &Game,
    seat: Seat,
    dead: &PointSet,
    touched: &PointSet,
) -> Option<Action> {
    let legal = game.legal_actions(seat);
    let marks = game.state().marks();
    let board = game.board();
    let mut seen = PointSet::default();
    for (p, _) in board.stones() {
        if !seen.insert(board.string_head(p)) {
            continue;
        }
        if board.string_stones(p).any(|s| touched.contains(s)) {
            continue;
        }
        let marked = board.string_stones(p).any(|s| marks.contains(s));
        let wanted = dead.contains(p);
        let step = match (marked, wanted) {
            (false, true) => Action::Mark(p),
            (true, false) => Action::Unmark(p),
            _ => continue,
        };
        if legal.contains(&step) {
            return Some(step);
        }
    }
    None
}

/// What `seat` does in an agreement phase: mark or unmark towards its
/// judgement `dead` (each string at most once, see
/// [`marking_step_untouched`]);
/// accept when nothing is left to change; play on when accepting is
/// refused.
pub fn agreement_action(
    game: &Game,
    seat: Seat,
    dead: &PointSet,
    touched: &PointSet,
) -> Option<Action> {
    if let Some(step) = marking_step_untouched(game, seat, dead, touched) {
        return Some(step);
    }
    let legal = game.legal_actions(seat);
    [Action::Accept, Action::Resume]
        .into_iter()
        .find(|a| legal.contains(a))
        .or_else(|| legal.into_iter().find(|&a| a != Action::Resign))
}

/// Adds the string a marking `action` changed to `touched`.
pub fn note_marking(game: &Game, action: Action, touched: &mut PointSet) {
    if let Action::Mark(p) | Action::Unmark(p) = action
        && game.board().get(p).is_some()
    {
        touched.extend(game.board().string_stones(p));
    }
}
