//! Writing a game as an SGF record.

use crate::coords::sgf_point;
use crate::properties::{NodeProps, Property, write_tree};
use crate::result::{colour_letter, format_number, result_text};
use crate::viewer::ViewerBoard;
use std::collections::{BTreeMap, BTreeSet};
use tengen_core::notation::format_action;
use tengen_core::{Action, Argument, BySeat, Choosing, ComponentKind, Game, Phase, Point, Seat};

/// What a record says besides the game itself.
#[derive(Clone, Debug, Default)]
pub struct GameInfo {
    /// The players' names, by seat (`PB`/`PW` follow the colours the seats
    /// hold when play begins).
    pub players: BySeat<Option<String>>,
    /// Root properties to keep (read from an earlier record: its date,
    /// event, comments and private properties), written after tengen's own.
    pub root: NodeProps,
    /// Properties to keep on the node of the action at each index of the
    /// game's record (comments, private properties).
    pub nodes: BTreeMap<usize, NodeProps>,
    /// Nodes without a move to keep (a comment between moves, the comment
    /// of a setup node), in order, by the index of the action whose node
    /// they come before; at the record's length or past it, after the last
    /// move.
    pub before: BTreeMap<usize, Vec<NodeProps>>,
}

/// The private property holding actions SGF has no property for.
pub(crate) const ACTIONS: &str = "TGA";

/// The SGF record of `game` (FF\[4\], one game tree, a node to a line).
pub fn write_sgf(game: &Game, info: &GameInfo) -> String {
    let rules = game.rules();
    let geometry = &rules.geometry;
    let mut replay = game.restart();
    let mut nodes = vec![root(game, &replay, info)];
    let mut viewer = ViewerBoard::new(geometry);
    let name = |i: usize| sgf_point(geometry, Point::new(i));
    viewer.correct_to(replay.board(), name);

    let record = game.record();
    // The move each action belongs to, to keep a special turn together.
    let mut move_of = Vec::with_capacity(record.len());
    {
        let mut pre = game.restart();
        for &(seat, action) in record {
            move_of.push(pre.state().current_move().number);
            if pre.apply(seat, action).is_err() {
                break;
            }
        }
    }
    let mut i = 0;
    while i < move_of.len() {
        let action = record[i].1;
        let special = opens_run(action) && replay.state().phase() == Phase::Play;
        let end = if special {
            (i..move_of.len())
                .take_while(|&j| move_of[j] == move_of[i])
                .last()
                .unwrap_or(i)
                + 1
        } else {
            i + 1
        };
        let groups = node_groups(&record[i..end], special);
        for (k, group) in groups.iter().enumerate() {
            let index = i + groups[..k].iter().map(Vec::len).sum::<usize>();
            for lone in info.before.range(index..index + group.len()) {
                nodes.extend(lone.1.iter().cloned());
            }
            let mut node = NodeProps::new();
            let actions: Vec<(Seat, Action)> = group.clone();
            let first = actions[0];
            let colour = replay.state().colour_of(first.0);
            let plain_move = actions.len() == 1
                && replay.state().phase() == Phase::Play
                && replay.state().seat_of_colour(colour) == first.0
                && matches!(first.1, Action::Place(_) | Action::Pass);
            if special && k == 0 {
                let removed = removed_by_components(&replay, &record[i..end]);
                let places = record[i..end]
                    .iter()
                    .any(|(_, a)| matches!(a, Action::Place(_)));
                if places && !removed.is_empty() {
                    node.push(Property::new(
                        "AE",
                        removed.into_iter().map(|p| sgf_point(geometry, p)),
                    ));
                }
            }
            // The move property a viewer plays, where there is one.
            let shown = actions.iter().find_map(|&(_, a)| match a {
                Action::Place(p) => Some(sgf_point(geometry, p)),
                Action::Pass | Action::PassMove => Some(String::new()),
                _ => None,
            });
            let has_setup = !node.is_empty();
            if let Some(point) = &shown
                && !has_setup
                && (plain_move
                    || matches!(
                        actions[0].1,
                        Action::Place(_) | Action::Pass | Action::PassMove
                    ))
            {
                node.push(Property::one(colour_letter(colour), point.clone()));
            }
            if !plain_move {
                node.push(Property::new(
                    ACTIONS,
                    actions.iter().map(|&(s, a)| {
                        format!("{}: {}", s.short_name(), format_action(geometry, a))
                    }),
                ));
            }
            for offset in 0..actions.len() {
                if let Some(kept) = info.nodes.get(&(index + offset)) {
                    node.extend(kept.iter().cloned());
                }
            }
            // The viewer: the node's move and setup as written.
            for property in &node {
                match property.id.as_str() {
                    "AE" => {
                        for v in &property.values {
                            if let Some(p) = parse_own_point(geometry, v) {
                                viewer.clear(p.index());
                            }
                        }
                    }
                    "B" | "W" if !property.values[0].is_empty() => {
                        if let Some(p) = parse_own_point(geometry, &property.values[0]) {
                            let c = if property.id == "B" {
                                tengen_core::Colour::Black
                            } else {
                                tengen_core::Colour::White
                            };
                            viewer.play(p.index(), c);
                        }
                    }
                    _ => {}
                }
            }
            for &(s, a) in &actions {
                let _ = replay.apply(s, a);
            }
            let correction = viewer.correct_to(replay.board(), name);
            // A correction joins a node without a move or setup of its own
            // (a point may appear in one setup property of a node only);
            // otherwise it is a node of its own after it.
            let has_move_or_setup = node
                .iter()
                .any(|p| matches!(p.id.as_str(), "B" | "W" | "AE" | "AB" | "AW"));
            if correction.is_empty() {
                nodes.push(node);
            } else if has_move_or_setup {
                nodes.push(node);
                nodes.push(correction);
            } else {
                node.extend(correction);
                nodes.push(node);
            }
        }
        i = end;
    }
    // What belongs after the last move: nodes without a move, and the
    // properties of actions the game no longer has (taken back), each
    // as a node of its own, so that nothing kept is lost.
    let past: BTreeSet<usize> = info
        .before
        .range(move_of.len()..)
        .map(|(&index, _)| index)
        .chain(info.nodes.range(move_of.len()..).map(|(&index, _)| index))
        .collect();
    for index in past {
        nodes.extend(info.before.get(&index).into_iter().flatten().cloned());
        nodes.extend(info.nodes.get(&index).cloned());
    }
    write_tree(&nodes)
}

/// Whether `action` opens a run of actions within its move (a special
/// turn), which is written as one move: a component's action its
/// declaration says opens a run, with a number other than the one that
/// calls it off.
fn opens_run(action: Action) -> bool {
    match action {
        Action::Component(c) => match c.spec.choosing {
            Choosing::OpensRun { cancel } => c.argument != Argument::Number(cancel),
            _ => false,
        },
        _ => false,
    }
}

/// The stones the component actions of a run (`actions`, played from
/// `start`) take off the board and do not put back, in the order taken:
/// a special turn's payments, written as `AE` before its placements. A
/// run called off puts its stones back, and they are not written.
fn removed_by_components(start: &Game, actions: &[(Seat, Action)]) -> Vec<Point> {
    let mut trial = start.clone();
    let mut removed: Vec<Point> = Vec::new();
    for &(seat, action) in actions {
        if !matches!(action, Action::Component(_)) {
            let _ = trial.apply(seat, action);
            continue;
        }
        let before: Vec<(Point, tengen_core::Colour)> = trial.board().stones().collect();
        if trial.apply(seat, action).is_err() {
            continue;
        }
        for &(p, _) in &before {
            if trial.board().get(p).is_none() && !removed.contains(&p) {
                removed.push(p);
            }
        }
        // Stones put back (a run called off) are no longer removed.
        removed.retain(|&p| trial.board().get(p).is_none() || before.iter().any(|&(q, _)| q == p));
    }
    removed
}

/// The nodes a run of actions is written as. Outside a special turn, one
/// node each. A special turn: a first node with the declaration and what
/// comes before the first placement (its payments' `AE` are added to it),
/// then a node for each placement with the actions that follow it.
fn node_groups(actions: &[(Seat, Action)], special: bool) -> Vec<Vec<(Seat, Action)>> {
    if !special {
        return actions.iter().map(|&a| vec![a]).collect();
    }
    let mut groups: Vec<Vec<(Seat, Action)>> = vec![Vec::new()];
    for &a in actions {
        if matches!(a.1, Action::Place(_)) {
            groups.push(Vec::new());
        }
        groups.last_mut().expect("one group at least").push(a);
    }
    groups.retain(|g| !g.is_empty());
    groups
}

/// A point written by [`sgf_point`], read back.
fn parse_own_point(geometry: &tengen_core::Geometry, text: &str) -> Option<Point> {
    let (x, y) = crate::coords::parse_pair(text)?;
    crate::coords::board_point(geometry, x, y)
}

/// The root node.
fn root(game: &Game, start: &Game, info: &GameInfo) -> NodeProps {
    let rules = game.rules();
    let geometry = &rules.geometry;
    let ruleset = &rules.ruleset;
    let mut node = vec![
        Property::one("FF", "4"),
        Property::one("GM", "1"),
        Property::one("CA", "UTF-8"),
        Property::one("AP", format!("tengen:{}", env!("CARGO_PKG_VERSION"))),
    ];
    let (w, h) = (geometry.width(), geometry.height());
    node.push(Property::one(
        "SZ",
        if w == h {
            w.to_string()
        } else {
            format!("{w}:{h}")
        },
    ));
    let scorer = &ruleset.section(ComponentKind::Scorer).params;
    if let Some(komi) = scorer.get("komi").and_then(|k| k.as_f64()) {
        node.push(Property::one("KM", format_number(komi)));
    }
    let handicap = rules.opening.handicap(game.state());
    if let Some(n) = handicap.filter(|&n| n >= 2) {
        node.push(Property::one("HA", n.to_string()));
    }
    for seat in Seat::BOTH {
        if let Some(player) = &info.players[seat] {
            let letter = colour_letter(start.state().colour_of(seat));
            node.push(Property::one(&format!("P{letter}"), player.clone()));
        }
    }
    if let Some(result) = result_text(game) {
        node.push(Property::one("RE", result));
    }
    let options = &ruleset.applied;
    let mut ru = format!("tengen:{}", ruleset.meta.id);
    for option in options {
        ru.push(' ');
        ru.push_str(option);
    }
    node.push(Property::one("RU", ru));
    node.push(Property::one("TGR", ruleset.meta.id.clone()));
    if !options.is_empty() {
        node.push(Property::new("TGO", options.iter().cloned()));
    }
    node.push(Property::one("TGH", ruleset.fingerprint()));
    let (stones, first) = game.start();
    for (id, colour) in [
        ("TGB", tengen_core::Colour::Black),
        ("TGW", tengen_core::Colour::White),
    ] {
        let points: Vec<String> = stones
            .iter()
            .filter(|&&(_, c)| c == colour)
            .map(|&(p, _)| sgf_point(geometry, p))
            .collect();
        if !points.is_empty() {
            node.push(Property::new(id, points));
        }
    }
    if let Some(first) = first {
        node.push(Property::one("TGF", first.short_name()));
    }
    for (id, colour) in [
        ("AB", tengen_core::Colour::Black),
        ("AW", tengen_core::Colour::White),
    ] {
        let points: Vec<String> = start
            .board()
            .stones()
            .filter(|&(_, c)| c == colour)
            .map(|(p, _)| sgf_point(geometry, p))
            .collect();
        if !points.is_empty() {
            node.push(Property::new(id, points));
        }
    }
    if let tengen_core::ToAct::Seat(seat) = start.to_act()
        && start.state().phase() == Phase::Play
    {
        node.push(Property::one(
            "PL",
            colour_letter(start.state().colour_of(seat)),
        ));
    }
    for kept in &info.root {
        if !node.iter().any(|p| p.id == kept.id) {
            node.push(kept.clone());
        }
    }
    node
}
