use super::*;

fn square(size: usize) -> Arc<Geometry> {
    Arc::new(Geometry::from_links(size, size, Geometry::grid_links(size, size)).expect("a grid"))
}

/// A board of `geometry` with stones given as `(column, row, colour)`.
fn board(geometry: &Arc<Geometry>, stones: &[(usize, usize, Colour)]) -> Board {
    let mut board = Board::new(Arc::clone(geometry));
    let mut captured = Vec::new();
    for &(c, r, colour) in stones {
        board.play(
            geometry.point_at(c, r).expect("on the board"),
            colour,
            &mut captured,
        );
    }
    board
}

fn features_at(
    n: &Neighbourhoods,
    board: &Board,
    (c, r): (usize, usize),
    colour: Colour,
    last: Option<(usize, usize)>,
) -> Features {
    let g = n.geometry();
    let mut scratch = PatternScratch::default();
    n.prepare(
        last.map(|(c, r)| g.point_at(c, r).expect("a point")),
        &mut scratch,
    );
    n.features(
        board,
        g.point_at(c, r).expect("a point"),
        colour,
        &mut scratch,
    )
}

const B: Colour = Colour::Black;
const W: Colour = Colour::White;

/// A shape turned a quarter and mirrored is the same pattern: the key is
/// the same for all eight images of a 3x3 neighbourhood.
#[test]
fn turned_and_mirrored_shapes_share_a_key() {
    let g = square(9);
    let n = Neighbourhoods::new(Arc::clone(&g));
    // Round (4, 4): a black stone to the north, a white one north-east.
    let base = [(4, 3, B), (5, 3, W), (3, 5, W)];
    let reference = features_at(&n, &board(&g, &base), (4, 4), B, None).shape;
    let turn = |(c, r, colour): (usize, usize, Colour)| (8 - r, c, colour);
    let mirror = |(c, r, colour): (usize, usize, Colour)| (8 - c, r, colour);
    let mut stones = base.to_vec();
    for _ in 0..4 {
        stones = stones.into_iter().map(turn).collect();
        let turned = features_at(&n, &board(&g, &stones), (4, 4), B, None).shape;
        assert_eq!(turned, reference);
        let mirrored: Vec<_> = stones.iter().copied().map(mirror).collect();
        let mirrored = features_at(&n, &board(&g, &mirrored), (4, 4), B, None).shape;
        assert_eq!(mirrored, reference);
    }
    // A different arrangement of the same stones is another pattern: the
    // white stone beside the black one rather than across.
    let other = [(4, 3, B), (5, 3, W), (5, 5, W)];
    let other = features_at(&n, &board(&g, &other), (4, 4), B, None).shape;
    assert_ne!(other, reference);
}

/// The colours are the mover's and the opponent's: White's view of a
/// position is Black's view of its colours swapped.
#[test]
fn patterns_are_seen_from_the_mover() {
    let g = square(9);
    let n = Neighbourhoods::new(Arc::clone(&g));
    let stones = [(4, 3, B), (5, 3, W), (3, 4, W)];
    let swapped: Vec<_> = stones
        .iter()
        .map(|&(c, r, k)| (c, r, k.opponent()))
        .collect();
    let black = features_at(&n, &board(&g, &stones), (4, 4), B, None);
    let white = features_at(&n, &board(&g, &swapped), (4, 4), W, None);
    assert_eq!(black, white);
    let white_on_same = features_at(&n, &board(&g, &stones), (4, 4), W, None);
    assert_ne!(black.shape, white_on_same.shape);
}

/// A neighbour's liberties count in the shape: a white stone with one
/// liberty (a capture) is not the same pattern as one with two.
#[test]
fn a_neighbours_liberties_change_the_pattern() {
    let g = square(9);
    let n = Neighbourhoods::new(Arc::clone(&g));
    // White at (4, 3), Black on three sides of it: its last liberty is (4, 4).
    let atari = [(4, 3, W), (3, 3, B), (5, 3, B), (4, 2, B)];
    let two = [(4, 3, W), (3, 3, B), (5, 3, B)];
    let capture = features_at(&n, &board(&g, &atari), (4, 4), B, None);
    let not_yet = features_at(&n, &board(&g, &two), (4, 4), B, None);
    assert_ne!(capture.shape, not_yet.shape);
    // A stone beyond the ring that takes no liberty of a ring stone's
    // string leaves the key as it was.
    let far = [(4, 3, W), (4, 2, B)];
    let near = [(4, 3, W), (4, 2, B), (4, 1, W)];
    let a = features_at(&n, &board(&g, &far), (4, 4), B, None).shape;
    let b = features_at(&n, &board(&g, &near), (4, 4), B, None).shape;
    assert_eq!(a, b);
    let three_libs = [(4, 3, W)];
    let c = features_at(&n, &board(&g, &three_libs), (4, 4), B, None).shape;
    let two_libs = [(4, 3, W), (3, 3, B), (5, 3, B)];
    let d = features_at(&n, &board(&g, &two_libs), (4, 4), B, None).shape;
    assert_ne!(c, d);
}

/// The edge is part of the shape: the same stones on the first line and
/// in the middle are different patterns, and every edge point's pattern
/// is the same whichever side it is on.
#[test]
fn the_edge_is_part_of_the_shape() {
    let g = square(9);
    let n = Neighbourhoods::new(Arc::clone(&g));
    let empty = board(&g, &[]);
    let sides =
        [(4, 0), (0, 4), (8, 4), (4, 8)].map(|at| features_at(&n, &empty, at, B, None).shape);
    assert!(sides.iter().all(|&s| s == sides[0]));
    let corners =
        [(0, 0), (8, 0), (0, 8), (8, 8)].map(|at| features_at(&n, &empty, at, B, None).shape);
    assert!(corners.iter().all(|&s| s == corners[0]));
    let middle = features_at(&n, &empty, (4, 4), B, None).shape;
    assert_ne!(sides[0], middle);
    assert_ne!(corners[0], sides[0]);
}

/// The line: 0 on the edge, counting inwards, 4 from the fifth line on.
#[test]
fn the_line_counts_links_from_the_edge() {
    let g = square(11);
    let n = Neighbourhoods::new(Arc::clone(&g));
    let empty = board(&g, &[]);
    let line = |at| features_at(&n, &empty, at, B, None).line;
    assert_eq!(line((0, 5)), 0);
    assert_eq!(line((1, 1)), 1);
    assert_eq!(line((3, 2)), 2);
    assert_eq!(line((3, 5)), 3);
    assert_eq!(line((5, 5)), 4);
}

/// The distance from the last placement: 0 for a neighbour, 1 two links
/// away (a diagonal), 2 three links, 3 farther, 4 with no placement yet.
#[test]
fn near_last_counts_links_from_the_last_placement() {
    let g = square(9);
    let n = Neighbourhoods::new(Arc::clone(&g));
    let b = board(&g, &[(4, 4, W)]);
    let near = |at| features_at(&n, &b, at, B, Some((4, 4))).near_last;
    assert_eq!(near((4, 3)), 0);
    assert_eq!(near((5, 3)), 1);
    assert_eq!(near((4, 2)), 1);
    assert_eq!(near((6, 3)), 2);
    assert_eq!(near((7, 7)), 3);
    assert_eq!(features_at(&n, &b, (0, 0), B, None).near_last, 4);
}

/// A self-atari: a placement that captures nothing and leaves its string
/// one liberty. A lone stone's is told apart from a string's; a
/// placement that captures is none.
#[test]
fn self_ataris_are_told_apart_by_size() {
    let g = square(9);
    let n = Neighbourhoods::new(Arc::clone(&g));
    // A lone black stone in the corner beside White's (1, 0) has one
    // liberty left, (0, 1).
    let lone = board(&g, &[(1, 0, W)]);
    assert_eq!(features_at(&n, &lone, (0, 0), B, None).self_atari, 1);
    // Joining Black's (0, 1), which White hems in at (1, 1) and (0, 2),
    // with White at (1, 0) too: the two stones have no liberty left, a
    // string's self-atari (a suicide, where the rules allow it).
    let string = board(&g, &[(1, 0, W), (1, 1, W), (0, 2, W), (0, 1, B)]);
    assert_eq!(features_at(&n, &string, (0, 0), B, None).self_atari, 2);
    // With a liberty to spare it is none.
    let free = board(&g, &[(0, 1, B)]);
    assert_eq!(features_at(&n, &free, (0, 0), B, None).self_atari, 0);
    // Capturing is none: White (1, 0) in atari by Black (2, 0), (1, 1).
    let capture = board(&g, &[(1, 0, W), (2, 0, B), (1, 1, B), (0, 1, W)]);
    assert_eq!(features_at(&n, &capture, (0, 0), B, None).self_atari, 0);
}

/// On a board without edges (a torus) every point has the full ring and
/// the empty board has one pattern everywhere, with no edge in sight.
#[test]
fn a_torus_has_one_empty_pattern_and_no_edge() {
    let size = 7;
    let mut links = Vec::new();
    for r in 0..size {
        for c in 0..size {
            let p = r * size + c;
            links.push((p, r * size + (c + 1) % size));
            links.push((p, ((r + 1) % size) * size + c));
        }
    }
    let g = Arc::new(Geometry::from_links(size, size, links).expect("a torus"));
    let n = Neighbourhoods::new(Arc::clone(&g));
    let empty = board(&g, &[]);
    let first = features_at(&n, &empty, (0, 0), B, None);
    for r in 0..size {
        for c in 0..size {
            assert_eq!(features_at(&n, &empty, (c, r), B, None), first);
        }
    }
    assert_eq!(first.line, 4);
    let square = Neighbourhoods::new(square(7));
    let middle = features_at(&square, &board(square.geometry(), &[]), (3, 3), B, None);
    assert_eq!(first.shape, middle.shape, "the torus's ring is the grid's");
}

/// A point whose neighbourhood is no ring (a star: one centre linked to
/// points that touch nothing else) gets a counted key, which still sees
/// the colours round it.
#[test]
fn a_neighbourhood_without_a_ring_is_counted() {
    // Point 0 in the middle of 1..=4; 1 and 2 linked to 5; 5 is then a
    // diagonal of 0 between 1 and 2; 3 and 4 touch only 0.
    let g = Arc::new(
        Geometry::from_links(3, 2, [(0, 1), (0, 2), (0, 3), (0, 4), (1, 5), (2, 5)])
            .expect("a graph"),
    );
    let n = Neighbourhoods::new(Arc::clone(&g));
    let mut scratch = PatternScratch::default();
    n.prepare(None, &mut scratch);
    let empty = Board::new(Arc::clone(&g));
    let centre = Point::new(0);
    let key = n.features(&empty, centre, B, &mut scratch).shape;
    assert_ne!(key & 1 << 62, 0, "a counted key");
    let mut with_stone = Board::new(Arc::clone(&g));
    with_stone.play(Point::new(3), W, &mut Vec::new());
    n.prepare(None, &mut scratch);
    assert_ne!(n.features(&with_stone, centre, B, &mut scratch).shape, key);
}

/// A weights file reads back what was written, and a bad line is named.
#[test]
fn weights_files_round_trip_and_name_bad_lines() {
    let mut w = PatternWeights::neutral();
    w.about.push("made by a test".into());
    assert!(w.set(0, 0x8_0000_1234, 2.5));
    assert!(w.set(1, 0, 3.25));
    assert!(w.set(3, 2, 0.125));
    assert!(!w.set(3, 7, 1.0));
    let text = w.to_text();
    assert!(text.starts_with("# made by a test\n"));
    assert_eq!(PatternWeights::parse(&text), Ok(w.clone()));
    let f = Features {
        shape: 0x8_0000_1234,
        near_last: 0,
        line: 4,
        self_atari: 2,
    };
    assert!((w.gamma(&f) - 2.5 * 3.25 * 0.125).abs() < 1e-9);
    let unknown = Features { shape: 7, ..f };
    assert!((w.gamma(&unknown) - 3.25 * 0.125).abs() < 1e-9);
    for (bad, line, says) in [
        ("shape 12\n", 1, "fields"),
        ("# x\nkomi 1 2\n", 2, "unknown feature group"),
        ("line 9 2\n", 1, "no value 9"),
        ("shape zz 2\n", 1, "not a value"),
        ("line 1 -3\n", 1, "positive weight"),
    ] {
        let error = PatternWeights::parse(bad).expect_err(bad);
        assert_eq!(error.line, line, "{bad}");
        assert!(error.message.contains(says), "{bad}: {error}");
    }
}
