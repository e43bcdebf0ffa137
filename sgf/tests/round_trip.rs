//! Export then import gives the same game, for random games of every
//! bundled ruleset under each of its options; and a plain viewer replaying
//! the exported record sees tengen's board at every node.

use sgf_parse::go::{Move, Prop};
use sgf_parse::{GameTree, SgfNode};
use std::sync::Arc;
use tengen_core::notation::parse_line;
use tengen_core::playout::{Playout, PlayoutRng};
use tengen_core::{Action, Board, Colour, Game, Geometry, Point, Rules, Seat};
use tengen_sgf::{GameInfo, RulesChoice, read_sgf, write_sgf};

/// Every bundled ruleset, alone and with each of its option settings, on
/// its smallest board where it has a size option.
fn rule_sets() -> Vec<(String, Vec<String>)> {
    let library = tengen_variants::library();
    let mut sets = Vec::new();
    for bundled in library.bundled() {
        let resolved = library
            .resolve(bundled.id, &[])
            .expect("bundled rulesets resolve");
        let small: Vec<String> = resolved
            .options
            .iter()
            .find(|(name, _)| name == "size")
            .and_then(|(name, spec)| spec.settings(name).into_iter().next())
            .into_iter()
            .collect();
        sets.push((bundled.id.to_string(), small.clone()));
        for (name, spec) in &resolved.options {
            if name == "size" {
                continue;
            }
            for setting in spec.settings(name) {
                let mut options = small.clone();
                options.push(setting);
                if library.assemble(bundled.id, &options).is_ok() {
                    sets.push((bundled.id.to_string(), options));
                }
            }
        }
    }
    sets
}

/// A random game of `rules`: the light policy for a random number of
/// actions (to its end, often), sometimes ended by a resignation.
fn random_game(rules: &Arc<Rules>, seed: u64) -> Game {
    let mut rng = PlayoutRng::new(seed);
    let mut game = Game::new(Arc::clone(rules));
    let mut policy = Playout::new(seed);
    policy.action_limit = [8, 40, 150, 20_000][rng.below(4)];
    policy.play(&mut game);
    if rng.below(4) == 0 {
        for seat in Seat::BOTH {
            if game.apply(seat, Action::Resign).is_ok() {
                break;
            }
        }
    }
    game
}

#[test]
fn export_then_import_gives_the_same_game() {
    let library = tengen_variants::library();
    let mut games = 0;
    for (id, options) in rule_sets() {
        let rules = library.assemble(&id, &options).expect("assembles");
        for seed in 1..=6 {
            let game = random_game(&rules, seed);
            let text = write_sgf(&game, &GameInfo::default());
            let imported = read_sgf(&text, RulesChoice::FromRecord(library))
                .unwrap_or_else(|e| panic!("{id} {options:?} seed {seed}: {e}\n{text}"));
            assert!(imported.by_tengen);
            assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
            let back = &imported.game;
            assert_eq!(
                back.record(),
                game.record(),
                "{id} {options:?} seed {seed}\n{text}"
            );
            assert_eq!(
                back.board().hash(),
                game.board().hash(),
                "{id} {options:?} seed {seed}\n{text}"
            );
            assert_eq!(back.state().phase(), game.state().phase());
            assert_eq!(back.result(), game.result());
            assert_eq!(
                back.rules().ruleset.fingerprint(),
                rules.ruleset.fingerprint()
            );
            // Writing the imported game again gives the same text.
            assert_eq!(write_sgf(back, &imported.info), text);
            viewer_sees_tengens_board(&game, &text);
            games += 1;
        }
    }
    assert!(games > 100, "only {games} games");
}

/// What a plain viewer does with a record: each move placed and captured
/// as FF[4] says, setup as written.
struct Viewer(Board);

impl Viewer {
    fn apply(&mut self, node: &SgfNode<Prop>) {
        for prop in node.properties() {
            match prop {
                Prop::B(Move::Move(p)) | Prop::W(Move::Move(p)) => {
                    let c = if matches!(prop, Prop::B(_)) {
                        Colour::Black
                    } else {
                        Colour::White
                    };
                    let at = self.point(p.x, p.y);
                    let mut removed = Vec::new();
                    self.0.play(at, c, &mut removed);
                    if !self.0.has_liberty(at) {
                        self.0.remove_string(at, &mut removed);
                    }
                }
                Prop::AE(points) | Prop::AB(points) | Prop::AW(points) => {
                    for p in points {
                        let at = self.point(p.x, p.y);
                        if !self.0.is_empty(at) {
                            self.0.remove_stone(at);
                        }
                        match prop {
                            Prop::AB(_) => self.0.put_stone(at, Colour::Black),
                            Prop::AW(_) => self.0.put_stone(at, Colour::White),
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn point(&self, x: u8, y: u8) -> Point {
        self.0
            .geometry()
            .point_at(usize::from(x), usize::from(y))
            .expect("on the board")
    }
}

fn is_display_only(node: &SgfNode<Prop>) -> bool {
    node.properties()
        .all(|p| matches!(p, Prop::AB(_) | Prop::AW(_) | Prop::AE(_)))
}

/// Replays the record's nodes in a viewer and in tengen (a node means its
/// `TGA` actions, else its move; a node of setup alone is for viewers):
/// after every node not followed by a correction, the boards agree.
fn viewer_sees_tengens_board(game: &Game, text: &str) {
    let geometry = &game.rules().geometry;
    let (w, h) = (geometry.width(), geometry.height());
    let square = Geometry::from_links(w, h, Geometry::grid_links(w, h)).unwrap();
    let mut viewer = Viewer(Board::new(Arc::new(square)));
    let mut replay = game.restart();
    let Some(GameTree::GoGame(root)) = sgf_parse::parse(text).unwrap().into_iter().next() else {
        panic!("a Go record");
    };
    let nodes: Vec<&SgfNode<Prop>> = root.main_variation().collect();
    for (i, node) in nodes.iter().enumerate() {
        viewer.apply(node);
        if i > 0 && !is_display_only(node) {
            match node.get_property("TGA") {
                Some(Prop::Unknown(_, values)) => {
                    for v in values {
                        let line = parse_line(geometry, v).unwrap();
                        for &(_, a) in &line.actions {
                            replay.apply(line.seat.unwrap(), a).unwrap();
                        }
                    }
                }
                _ => {
                    let (colour, m) = match node.get_move() {
                        Some(Prop::B(m)) => (Colour::Black, m),
                        Some(Prop::W(m)) => (Colour::White, m),
                        _ => continue,
                    };
                    let seat = replay.state().seat_of_colour(colour);
                    let action = match m {
                        Move::Pass => Action::Pass,
                        Move::Move(p) => Action::Place(
                            geometry
                                .point_at(usize::from(p.x), usize::from(p.y))
                                .unwrap(),
                        ),
                    };
                    replay.apply(seat, action).unwrap();
                }
            }
        }
        let corrected_next = nodes.get(i + 1).is_some_and(|n| is_display_only(n));
        if !corrected_next {
            // Each of tengen's points against the viewer's point on the
            // same cell of the grid (a board with holes numbers its points
            // apart from the cells).
            for index in 0..geometry.point_count() {
                let p = Point::new(index);
                let (column, row) = geometry.grid_position(p);
                let cell = viewer.0.geometry().point_at(column, row).expect("a cell");
                assert_eq!(
                    viewer.0.get(cell),
                    replay.board().get(p),
                    "node {i} at {}\n{text}",
                    geometry.name(p)
                );
            }
        }
    }
    assert_eq!(replay.record(), game.record());
}

/// A special turn called off and made again in one move: the setup node
/// before the placements removes only the stones paid for the turn made,
/// each once, and a viewer sees tengen's board throughout.
#[test]
fn a_special_turn_called_off_and_made_again() {
    let library = tengen_variants::library();
    let rules = library.assemble("enhanced-go", &["size=9".into()]).unwrap();
    let mut game = Game::new(Arc::clone(&rules));
    for line in [
        "E5",
        "C3",
        "E6",
        "C4",
        "E7",
        "C5",
        "E4",
        "C6",
        "declare special-turn 2, pay E5, pay E6, declare special-turn 0",
        "declare special-turn 2, pay E5, pay E6, pay E7, pay E4, G5, G6",
    ] {
        let parsed = parse_line(&rules.geometry, line).unwrap();
        tengen_core::record::play_line(&mut game, &parsed).unwrap();
    }
    let text = write_sgf(&game, &GameInfo::default());
    assert!(text.contains("\n;AE[ee][ed][ec][ef]TGA[P1: declare special-turn 2][P1: pay E5][P1: pay E6][P1: declare special-turn 0][P1: declare special-turn 2]"), "{text}");
    let back = read_sgf(&text, RulesChoice::FromRecord(library)).unwrap();
    assert_eq!(back.game.record(), game.record());
    viewer_sees_tengens_board(&game, &text);
}
