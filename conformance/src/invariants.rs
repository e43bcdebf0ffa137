//! The invariants a game keeps whatever it is fed, checked action by
//! action over a random game: the property tests drive it from a seed, the
//! fuzzer from its bytes.
//!
//! After every action:
//!
//! - an action the rules refuse leaves the game's state equal, field by
//!   field, to the state before it;
//! - `undo` after an accepted action restores that state exactly;
//! - [`Game::place_if_legal`] and [`Game::apply`] agree on every placement,
//!   and leave the same state;
//! - every action `legal_actions` offers is accepted (checked on a sample);
//! - the board's incremental structures (its Zobrist hash, neighbour
//!   counts, empty-point list and strings) equal a recomputation from its
//!   stones;
//! - once a move is resolved, no string is without liberties;
//! - under positional superko, no board repeats in the history.
//!
//! A broken invariant panics with a message naming the action, as a test
//! or a fuzzer expects.

use std::collections::HashSet;
use tengen_core::registry::registered_actions;
use tengen_core::{Action, Argument, ArgumentKind, Game, Phase, Point, Seat, ToAct};

/// A source of choices: a number below `n`, or `None` when the source has
/// run dry (a fuzzer's input is finite).
pub trait Draw {
    /// A number in `0..n` (`n` is at least 1).
    fn below(&mut self, n: usize) -> Option<usize>;
}

/// Choices from a seed (xorshift64*), so a failing case can be replayed
/// from its seed; never runs dry.
#[derive(Clone, Debug)]
pub struct SeededDraw(u64);

impl SeededDraw {
    /// The choices of `seed`.
    pub fn new(seed: u64) -> SeededDraw {
        SeededDraw(seed | 1)
    }
}

impl Draw for SeededDraw {
    fn below(&mut self, n: usize) -> Option<usize> {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        Some((self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize)
    }
}

/// Choices read from bytes, two a choice (little-endian), until they run
/// out.
#[derive(Clone, Debug)]
pub struct ByteDraw<'a>(&'a [u8]);

impl<'a> ByteDraw<'a> {
    /// The choices `bytes` spell.
    pub fn new(bytes: &'a [u8]) -> ByteDraw<'a> {
        ByteDraw(bytes)
    }
}

impl Draw for ByteDraw<'_> {
    fn below(&mut self, n: usize) -> Option<usize> {
        let (&lo, rest) = self.0.split_first()?;
        let (hi, rest) = match rest.split_first() {
            Some((&hi, rest)) => (hi, rest),
            None => (0, rest),
        };
        self.0 = rest;
        Some(usize::from(u16::from_le_bytes([lo, hi])) % n)
    }
}

/// A legal action the way a careless player picks one: mostly a
/// placement, sometimes a pass, rarely anything else.
fn careless(game: &Game, draw: &mut impl Draw) -> Option<(Seat, Action)> {
    let seat = match game.to_act() {
        ToAct::Seat(s) => s,
        _ => Seat::BOTH[draw.below(2)?],
    };
    let legal = game.legal_actions(seat);
    assert!(
        !legal.is_empty(),
        "{seat} has no legal action in {:?}",
        game.state().phase()
    );
    let placements: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Place(_)))
        .collect();
    let roll = draw.below(100)?;
    if !placements.is_empty() && roll < 92 {
        return Some((seat, placements[draw.below(placements.len())?]));
    }
    let others: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| *a != Action::Resign || roll == 99)
        .collect();
    let pool = if others.is_empty() { &legal } else { &others };
    Some((seat, pool[draw.below(pool.len())?]))
}

/// Any action at all, legal or not, by either seat: every kind of action
/// (every action any registered component declares, whether the ruleset
/// has it or not), points anywhere on the board, any number or word.
fn anything(game: &Game, draw: &mut impl Draw) -> Option<(Seat, Action)> {
    let points = game.rules().geometry.point_count();
    let p = Point::new(draw.below(points)?);
    let action = match draw.below(16)? {
        0 => Action::Pass,
        1 => Action::PassMove,
        2 => Action::Mark(p),
        3 => Action::Unmark(p),
        4 => Action::Accept,
        5 => Action::Resume,
        6..=9 if !registered_actions().is_empty() => {
            let actions = registered_actions();
            let spec = actions[draw.below(actions.len())?];
            spec.with(match spec.argument {
                ArgumentKind::None => Argument::None,
                ArgumentKind::Number { .. } => Argument::Number(draw.below(40)? as u32),
                ArgumentKind::Point { .. } => Argument::Point(p),
                ArgumentKind::Word { choices, .. } if !choices.is_empty() => {
                    Argument::Word(draw.below(choices.len())?.min(255) as u8)
                }
                ArgumentKind::Word { .. } => Argument::None,
            })
        }
        _ => Action::Place(p),
    };
    Some((Seat::BOTH[draw.below(2)?], action))
}

/// The board's incremental structures agree with a recomputation, and,
/// once a move is resolved (at the start of the next one: resolvers that
/// capture at the end of the move leave strings without liberties until
/// then), no string is without liberties.
pub fn check_board(game: &Game) {
    let board = game.board();
    if let Err(e) = board.verify() {
        panic!("the incremental board differs from the recomputed one: {e}");
    }
    if game.state().current_move().placed > 0 {
        return;
    }
    for (p, _) in board.stones() {
        assert!(
            board.has_liberty(p),
            "the string at {} has no liberty after a resolved move",
            game.rules().geometry.name(p)
        );
    }
}

/// For a placement: the game after [`Game::place_if_legal`] on a copy,
/// which must agree with `apply` on whether it is legal.
fn placed_if_legal(game: &Game, seat: Seat, action: Action) -> Option<Game> {
    let Action::Place(p) = action else {
        return None;
    };
    let mut copy = game.clone();
    let legal = game.clone().apply(seat, action).is_ok();
    assert_eq!(
        copy.place_if_legal(seat, p),
        legal,
        "place_if_legal and apply disagree about {action:?} by {seat}"
    );
    Some(copy)
}

/// Tries `action` by `seat` with every check: a refusal changes nothing;
/// an acceptance is undone exactly (and then played again, when `keep`);
/// a placement decides as `apply` does. Returns whether it was accepted.
fn try_action(game: &mut Game, seat: Seat, action: Action, keep: bool) -> bool {
    let before = game.state().clone();
    let quick = placed_if_legal(game, seat, action);
    if game.apply(seat, action).is_err() {
        assert_eq!(
            *game.state(),
            before,
            "the refused {action:?} by {seat} changed the game"
        );
        return false;
    }
    if let Some(quick) = quick {
        assert_eq!(
            quick.state(),
            game.state(),
            "place_if_legal left another game than apply for {action:?} by {seat}"
        );
    }
    check_board(game);
    game.undo().expect("an accepted action can be undone");
    assert_eq!(
        *game.state(),
        before,
        "undo after {action:?} by {seat} did not restore the game"
    );
    if keep {
        game.apply(seat, action)
            .expect("an action accepted once is accepted again");
    }
    true
}

/// Plays up to `max_actions` random actions on `game` with every check of
/// the module: before each legal action, an arbitrary one (usually
/// refused); after it, a sample of the offered actions must be accepted.
/// Stops early when the game is over or `draw` runs dry.
pub fn play_checked(game: &mut Game, draw: &mut impl Draw, max_actions: usize) {
    let forbids_repetition = game.rules().repetition.rule_name() == "positional superko";
    for _ in 0..max_actions {
        if game.state().phase() == Phase::Over {
            break;
        }
        let Some((seat, action)) = anything(game, draw) else {
            break;
        };
        try_action(game, seat, action, false);
        if let ToAct::Seat(s) = game.to_act() {
            check_offer_shortcuts(game, s);
            let legal = game.legal_actions(s);
            for _ in 0..3.min(legal.len()) {
                let Some(i) = draw.below(legal.len()) else {
                    break;
                };
                let a = legal[i];
                assert!(game.accepts(s, a), "{a:?} was offered to {s} but refused");
            }
        }
        let Some((seat, action)) = careless(game, draw) else {
            break;
        };
        assert!(
            try_action(game, seat, action, true),
            "the legal {action:?} by {seat} was refused"
        );
    }
    if forbids_repetition {
        let mut seen = HashSet::new();
        for occurrence in game.state().history().iter() {
            assert!(
                seen.insert(occurrence.board),
                "a board repeated under positional superko"
            );
        }
    }
}

/// The shortcuts of the components' offers to `seat` agree with what they
/// list: the numbered slots hold exactly the listed actions, each once,
/// and an offer a component vouches for is listed and accepted.
fn check_offer_shortcuts(game: &Game, seat: Seat) {
    let state = game.state();
    for (kind, component) in game.rules().components() {
        let mut listed = Vec::new();
        component.offer_actions(state, seat, &mut listed);
        if let Some(slots) = component.offer_slots(state, seat) {
            let mut numbered: Vec<Action> = (0..slots)
                .filter_map(|slot| component.offer_in_slot(state, seat, slot))
                .collect();
            let distinct: HashSet<Action> = numbered.iter().copied().collect();
            assert_eq!(
                distinct.len(),
                numbered.len(),
                "the {kind:?} numbers an offer to {seat} twice"
            );
            let listed_set: HashSet<Action> = listed.iter().copied().collect();
            numbered.retain(|a| !listed_set.contains(a));
            assert!(
                numbered.is_empty() && distinct.len() == listed_set.len(),
                "the {kind:?}'s numbered offers to {seat} are not the ones it lists \
                 ({} numbered, {} listed, not listed: {numbered:?})",
                distinct.len(),
                listed_set.len()
            );
        }
        if let Some(action) = component.vouched_offer(state, seat) {
            assert!(
                listed.contains(&action),
                "the {kind:?} vouches for {action:?} by {seat}, which it does not offer"
            );
            assert!(
                game.accepts(seat, action),
                "the {kind:?} vouches for {action:?} by {seat}, which the game refuses"
            );
        }
    }
}

/// Plays one random game on two games of the same rules, `fast` as
/// assembled and `generic` made from rules
/// [without their shortcuts](tengen_core::Rules::without_shortcuts), and
/// asserts that the shortcuts change nothing: before every action both
/// offer the same legal actions, and every action (an arbitrary one,
/// usually refused, then a legal one) gets the same answer from both, the
/// same refusal or the same events, and leaves the same state. Stops
/// early when the game is over or `draw` runs dry.
pub fn play_both_ways(
    fast: &mut Game,
    generic: &mut Game,
    draw: &mut impl Draw,
    max_actions: usize,
) {
    assert!(
        fast.rules().takes_shortcuts() && !generic.rules().takes_shortcuts(),
        "one game takes the shortcuts and the other does not"
    );
    assert_eq!(fast.state(), generic.state(), "the games start alike");
    for n in 0..max_actions {
        if fast.state().phase() == Phase::Over {
            break;
        }
        let Some((seat, action)) = anything(fast, draw) else {
            break;
        };
        if same_answer(fast, generic, seat, action, n) {
            // The arbitrary action is taken back, as `play_checked` does.
            assert_eq!(fast.undo().is_ok(), generic.undo().is_ok());
            assert_eq!(fast.state(), generic.state(), "action {n}: undo agrees");
        }
        if let ToAct::Seat(s) = fast.to_act() {
            assert_eq!(
                fast.legal_actions(s),
                generic.legal_actions(s),
                "action {n}: the legal actions of {s} differ without the shortcuts"
            );
        }
        let Some((seat, action)) = careless(fast, draw) else {
            break;
        };
        same_answer(fast, generic, seat, action, n);
    }
    assert_eq!(fast.record(), generic.record(), "the records agree");
}

/// `action` by `seat` gets the same answer from both games and leaves
/// them alike; returns whether it was accepted.
fn same_answer(fast: &mut Game, generic: &mut Game, seat: Seat, action: Action, n: usize) -> bool {
    let by_fast = fast.apply(seat, action).cloned();
    let by_generic = generic.apply(seat, action).cloned();
    assert_eq!(
        by_fast, by_generic,
        "action {n}, {action:?} by {seat}: the answer differs without the shortcuts"
    );
    assert_eq!(
        fast.state(),
        generic.state(),
        "action {n}, {action:?} by {seat}: the state differs without the shortcuts"
    );
    by_fast.is_ok()
}
