//! Reading an SGF record into a game.

use crate::coords::{board_point, is_tt_pass, name, parse_pair};
use crate::error::SgfError;
use crate::export::{ACTIONS, GameInfo};
use crate::properties::{NodeProps, Property};
use crate::scan::{line_column, scan};
use sgf_parse::go::{Move, Prop};
use sgf_parse::{GameTree, SgfNode, SgfProp};
use std::collections::HashSet;
use std::sync::Arc;
use tengen_core::notation::parse_line;
use tengen_core::ruleset::Library;
use tengen_core::{Colour, Game, Point, Rules, Seat};

/// Where the rules of an imported game come from.
#[derive(Clone, Copy)]
pub enum RulesChoice<'a> {
    /// From the record: its private ruleset properties when tengen wrote
    /// it, else `RU`, `SZ`, `KM` and `HA` (unknown rules give `go`, with a
    /// warning).
    FromRecord(&'a Library),
    /// These rules, whatever the record says (its board size must match).
    Given(&'a Arc<Rules>),
}

/// A game read from a record.
#[derive(Debug)]
pub struct Imported {
    /// The game, at the record's last node of the main line.
    pub game: Game,
    /// What the reader had to assume or leave out.
    pub warnings: Vec<String>,
    /// The record's names and the properties tengen does not interpret,
    /// to write back with [`write_sgf`](crate::write_sgf).
    pub info: GameInfo,
    /// Whether tengen wrote the record (its private ruleset properties are
    /// in the root).
    pub by_tengen: bool,
}

/// Root properties that tengen writes itself: not kept from a record.
const REGENERATED_ROOT: &[&str] = &[
    "FF", "GM", "CA", "AP", "SZ", "KM", "HA", "RU", "AB", "AW", "AE", "PL", "PB", "PW", "TGR",
    "TGO", "TGH", "TGB", "TGW", "TGF", "B", "W", ACTIONS,
];

/// Node properties that make the node's meaning: not kept.
const MOVE_AND_SETUP: &[&str] = &["B", "W", "AB", "AW", "AE", "PL", ACTIONS];

/// The largest record read, in bytes.
pub const MAX_SGF_BYTES: usize = 16 << 20;

/// The most nodes a record may have, in all its game trees. The parser
/// nests each node in the one before it, so a longer record (a million
/// nodes) would overflow the stack; no game comes near this many moves.
pub const MAX_SGF_NODES: usize = 100_000;

/// Reads the first game of an SGF collection and plays its main line. The
/// text is decoded already (its `CA` is not looked at: for a file's bytes,
/// see [`read_sgf_bytes`]). A byte-order mark before the record is skipped
/// (places in the file are counted after it).
pub fn read_sgf(text: &str, rules: RulesChoice<'_>) -> Result<Imported, SgfError> {
    within_size(text.len())?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    read_text(text, rules, Vec::new())
}

/// [`read_sgf`] of a record's bytes, as a file holds them: decoded from the
/// character set its root names (`CA`), else from UTF-8 where the bytes
/// are UTF-8, else from ISO-8859-1 (with a warning). A UTF-8 byte-order
/// mark is skipped.
pub fn read_sgf_bytes(bytes: &[u8], rules: RulesChoice<'_>) -> Result<Imported, SgfError> {
    within_size(bytes.len())?;
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let mut warnings = Vec::new();
    let text = crate::charset::decode(bytes, &mut warnings)?;
    read_text(&text, rules, warnings)
}

/// Refuses a record larger than [`MAX_SGF_BYTES`].
fn within_size(bytes: usize) -> Result<(), SgfError> {
    if bytes > MAX_SGF_BYTES {
        return Err(SgfError::Malformed {
            line: 1,
            column: 1,
            message: format!("the record is larger than {MAX_SGF_BYTES} bytes"),
        });
    }
    Ok(())
}

/// [`read_sgf`] of a record's text, with the warnings found before it.
fn read_text(
    text: &str,
    rules: RulesChoice<'_>,
    mut warnings: Vec<String>,
) -> Result<Imported, SgfError> {
    let scanned = scan(text);
    if let Some(&offset) = scanned.nodes.get(MAX_SGF_NODES) {
        let (line, column) = line_column(text, offset);
        return Err(SgfError::Malformed {
            line,
            column,
            message: format!(
                "the record has more than {MAX_SGF_NODES} nodes, the most tengen reads"
            ),
        });
    }
    if let Some((offset, message)) = scanned.fault {
        let (line, column) = line_column(text, offset);
        return Err(SgfError::Malformed {
            line,
            column,
            message,
        });
    }
    let trees = sgf_parse::parse(text).map_err(|e| SgfError::Malformed {
        line: 1,
        column: 1,
        message: e.to_string(),
    })?;
    if trees.len() > 1 {
        warnings.push(format!(
            "the file holds {} games; only the first is read",
            trees.len()
        ));
    }
    let root = match trees.into_iter().next() {
        Some(GameTree::GoGame(root)) => root,
        Some(GameTree::Unknown(root)) => {
            let game = root
                .get_property("GM")
                .map(|p| raw_values(&p.to_string(), "GM").join(","))
                .unwrap_or_default();
            return Err(SgfError::UnsupportedGame { game });
        }
        None => {
            return Err(SgfError::Malformed {
                line: 1,
                column: 1,
                message: "no game tree".into(),
            });
        }
    };
    let mut main_line = vec![&root];
    let mut variations = 0;
    while let Some(node) = main_line.last().and_then(|n| n.children().next()) {
        variations += main_line.last().map_or(0, |n| n.children().count() - 1);
        main_line.push(node);
    }
    if variations > 0 {
        // What is left out, counted without recursion (a variation may be
        // as deep as the record).
        let mut off: Vec<&SgfNode<Prop>> = main_line
            .iter()
            .flat_map(|n| n.children().skip(1))
            .collect();
        let (mut nodes, mut comments) = (0usize, 0usize);
        while let Some(node) = off.pop() {
            nodes += 1;
            comments += usize::from(node.get_property("C").is_some());
            off.extend(node.children());
        }
        warnings.push(format!(
            "{variations} variation(s) off the main line are not read: {nodes} node(s), {comments} of them with a comment"
        ));
    }
    let reader = Reader {
        text,
        offsets: &scanned.nodes,
    };
    reader.read(&main_line, rules, warnings)
}

/// The values of a property as the parser crate writes it (`ID[a][b]`),
/// unescaped.
fn raw_values(written: &str, id: &str) -> Vec<String> {
    let mut values = Vec::new();
    let mut rest = written[id.len().min(written.len())..].chars();
    let mut current: Option<String> = None;
    let mut escaped = false;
    for c in rest.by_ref() {
        match (&mut current, c) {
            (None, '[') => current = Some(String::new()),
            (None, _) => {}
            (Some(v), _) if escaped => {
                v.push(c);
                escaped = false;
            }
            (Some(_), '\\') => escaped = true,
            (Some(_), ']') => values.extend(current.take()),
            (Some(v), _) => v.push(c),
        }
    }
    values
}

/// A property's identifier and values, as text.
fn as_property(prop: &Prop) -> Property {
    let id = prop.identifier();
    let values = match prop {
        Prop::Unknown(_, values) | Prop::Invalid(_, values) => values.clone(),
        _ => raw_values(&prop.to_string(), &id),
    };
    Property { id, values }
}

/// Whether `id` can be written back as a property identifier: FF\[4\]
/// identifiers are capital letters. The parser reads an old (FF\[3\])
/// identifier such as `z` or `AddBlack` by dropping its small letters,
/// which may leave nothing; a property kept with an empty identifier would
/// be written as a bare value, glued to the property before it.
fn writable_identifier(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|b| b.is_ascii_uppercase())
}

/// Warns of the properties left out because their identifiers cannot be
/// written back (see [`writable_identifier`]).
fn leave_out_unwritable(props: &mut NodeProps, place: &str, warnings: &mut Vec<String>) {
    let before = props.len();
    props.retain(|p| writable_identifier(&p.id));
    if props.len() < before {
        warnings.push(format!(
            "{place}: {} propert{} without a capital-letter identifier left out",
            before - props.len(),
            if before - props.len() == 1 {
                "y"
            } else {
                "ies"
            }
        ));
    }
}

/// The values of a text property of `node`.
fn values_of(node: &SgfNode<Prop>, id: &str) -> Option<Vec<String>> {
    node.get_property(id).map(|p| as_property(p).values)
}

struct Reader<'t> {
    text: &'t str,
    offsets: &'t [usize],
}

/// The moves and setup of one node.
struct NodeContent {
    mover: Option<(Colour, Option<(u8, u8)>)>,
    setup: Vec<(Option<Colour>, (u8, u8))>,
    actions: Option<Vec<String>>,
    kept: NodeProps,
}

impl Reader<'_> {
    fn position(&self, node: usize) -> (usize, usize) {
        self.offsets
            .get(node)
            .map_or((1, 1), |&o| line_column(self.text, o))
    }

    fn node_error(&self, node: usize, message: String) -> SgfError {
        let (line, column) = self.position(node);
        SgfError::Node {
            node,
            line,
            column,
            message,
        }
    }

    /// What node `index` says, with its conflicts refused.
    fn content(&self, index: usize, node: &SgfNode<Prop>) -> Result<NodeContent, SgfError> {
        let mut content = NodeContent {
            mover: None,
            setup: Vec::new(),
            actions: None,
            kept: NodeProps::new(),
        };
        let mut seen = HashSet::new();
        for prop in node.properties() {
            match prop {
                Prop::B(m) | Prop::W(m) => {
                    let colour = if matches!(prop, Prop::B(_)) {
                        Colour::Black
                    } else {
                        Colour::White
                    };
                    if content.mover.is_some() {
                        return Err(self.node_error(
                            index,
                            "conflicting properties: a node holds one move, and this one has both B and W".into(),
                        ));
                    }
                    let point = match m {
                        Move::Pass => None,
                        Move::Move(p) => Some((p.x, p.y)),
                    };
                    content.mover = Some((colour, point));
                }
                Prop::AB(points) | Prop::AW(points) | Prop::AE(points) => {
                    let colour = match prop {
                        Prop::AB(_) => Some(Colour::Black),
                        Prop::AW(_) => Some(Colour::White),
                        _ => None,
                    };
                    let mut sorted: Vec<_> = points.iter().map(|p| (p.x, p.y)).collect();
                    sorted.sort_unstable_by_key(|&(x, y)| (y, x));
                    for p in sorted {
                        if !seen.insert(p) {
                            return Err(self.node_error(
                                index,
                                format!(
                                    "conflicting properties: {} is set up twice in one node",
                                    name(p.0, p.1)
                                ),
                            ));
                        }
                        content.setup.push((colour, p));
                    }
                }
                Prop::Invalid(id, values) if MOVE_AND_SETUP.contains(&id.as_str()) => {
                    return Err(self.node_error(
                        index,
                        format!(
                            "{id}[{}] is not a point: SGF points are two letters, column then row",
                            values.join("][")
                        ),
                    ));
                }
                Prop::Unknown(id, values) if id == ACTIONS => {
                    content.actions = Some(values.clone())
                }
                Prop::PL(_) => {}
                other => content.kept.push(as_property(other)),
            }
        }
        Ok(content)
    }

    fn read(
        &self,
        main_line: &[&SgfNode<Prop>],
        choice: RulesChoice<'_>,
        mut warnings: Vec<String>,
    ) -> Result<Imported, SgfError> {
        let root = main_line[0];
        let by_tengen = root.get_property("TGR").is_some();
        let (width, height) = match root.get_property("SZ") {
            Some(Prop::SZ((w, h))) => (usize::from(*w), usize::from(*h)),
            Some(other) => {
                return Err(SgfError::BoardSize {
                    size: as_property(other).values.join(":"),
                    message: "not a board size".into(),
                });
            }
            None => (19, 19),
        };
        if !(2..=tengen_core::MAX_WIDTH).contains(&width) || !(2..=25).contains(&height) {
            return Err(SgfError::BoardSize {
                size: if width == height {
                    width.to_string()
                } else {
                    format!("{width}:{height}")
                },
                message: "tengen's boards run from 2x2 to 25x25".into(),
            });
        }
        let root_content = self.content(0, root)?;
        let rules = match choice {
            RulesChoice::Given(rules) => Arc::clone(rules),
            RulesChoice::FromRecord(library) if by_tengen => {
                tengen_rules(library, root, &mut warnings)?
            }
            RulesChoice::FromRecord(library) => {
                plain_rules(library, root, (width, height), &root_content, &mut warnings)?
            }
        };
        let geometry = Arc::clone(&rules.geometry);
        if (geometry.width(), geometry.height()) != (width, height) {
            return Err(SgfError::BoardSize {
                size: format!("{width}:{height}"),
                message: format!(
                    "the rules `{}` are played on {}x{}",
                    rules.ruleset.meta.id,
                    geometry.width(),
                    geometry.height()
                ),
            });
        }
        let point_of = |node: usize, (x, y): (u8, u8)| {
            board_point(&geometry, x, y).ok_or_else(|| {
                self.node_error(
                    node,
                    format!(
                        "{} is off the {}x{} board",
                        name(x, y),
                        geometry.width(),
                        geometry.height()
                    ),
                )
            })
        };
        // The starting position.
        let mut game = if by_tengen {
            let mut stones = Vec::new();
            for (id, colour) in [("TGB", Colour::Black), ("TGW", Colour::White)] {
                for v in values_of(root, id).unwrap_or_default() {
                    let p = parse_pair(&v)
                        .ok_or_else(|| self.node_error(0, format!("{id}[{v}] is not a point")))?;
                    stones.push((point_of(0, p)?, colour));
                }
            }
            let first = match values_of(root, "TGF").as_deref() {
                Some([s]) if s == "P1" => Some(Seat::One),
                Some([s]) if s == "P2" => Some(Seat::Two),
                None => None,
                Some(other) => {
                    return Err(
                        self.node_error(0, format!("TGF[{}] is not a seat", other.join("][")))
                    );
                }
            };
            Game::from_position(Arc::clone(&rules), &stones, first)
                .map_err(|refusal| self.refused(0, "the starting position".into(), refusal))?
        } else {
            plain_start(&rules, root, &root_content, &point_of)?
        };
        let mut info = GameInfo::default();
        for prop in root.properties() {
            let p = as_property(prop);
            match p.id.as_str() {
                "PB" | "PW" => {
                    let colour = if p.id == "PB" {
                        Colour::Black
                    } else {
                        Colour::White
                    };
                    let seat = game.state().seat_of_colour(colour);
                    info.players[seat] = p.values.into_iter().next();
                }
                id if REGENERATED_ROOT.contains(&id) => {}
                _ => info.root.push(p),
            }
        }
        leave_out_unwritable(&mut info.root, "the root", &mut warnings);
        // The moves.
        for (index, &node) in main_line.iter().enumerate() {
            let content = if index == 0 {
                NodeContent {
                    mover: root_content.mover,
                    setup: Vec::new(),
                    actions: root_content.actions.clone(),
                    kept: Vec::new(),
                }
            } else {
                self.content(index, node)?
            };
            let mut first_action = game.record().len();
            // Whether the node's move is a plain `B`/`W` (its properties
            // belong to its placement, after a resumption of play).
            let mut plain = false;
            if let Some(actions) = &content.actions {
                for value in actions {
                    let line = parse_line(&geometry, value)
                        .map_err(|e| self.node_error(index, format!("{ACTIONS}[{value}]: {e}")))?;
                    let Some(seat) = line.seat else {
                        return Err(self.node_error(
                            index,
                            format!(
                                "{ACTIONS}[{value}] names no seat: write `P1: ...` or `P2: ...`"
                            ),
                        ));
                    };
                    for &(_, action) in &line.actions {
                        game.apply(seat, action).map_err(|refusal| {
                            self.refused(index, format!("{ACTIONS}[{value}]"), refusal)
                        })?;
                    }
                }
            } else {
                if !by_tengen && !content.setup.is_empty() {
                    if content.mover.is_some() {
                        return Err(self.node_error(
                            index,
                            "conflicting properties: setup (AB, AW, AE) and a move in one node"
                                .into(),
                        ));
                    }
                    game = self.set_up(index, &game, &content, &point_of, &mut warnings)?;
                    first_action = game.record().len();
                    let earlier = earlier_nodes(&mut info);
                    if !earlier.is_empty() {
                        warnings.push(format!(
                            "node {index}: the comments and properties of the {} earlier node(s) that had them are kept as nodes of their own at the start",
                            earlier.len()
                        ));
                        info.before.insert(first_action, earlier);
                    }
                }
                if let Some((colour, point)) = content.mover {
                    plain = true;
                    let placed = match point {
                        None => None,
                        Some((x, y)) if is_tt_pass(&geometry, x, y) => None,
                        Some(p) => Some(point_of(index, p)?),
                    };
                    let seat = game.state().seat_of_colour(colour);
                    let text = match point {
                        Some((x, y)) => {
                            format!("{}[{}]", crate::result::colour_letter(colour), name(x, y))
                        }
                        None => format!("{}[]", crate::result::colour_letter(colour)),
                    };
                    // As GTP plays it: after two passes a stone resumes
                    // play, and a pass changes nothing.
                    let actions = game.plain_move(placed);
                    if actions.is_empty() {
                        warnings.push(format!(
                            "node {index}: {text} comes after two passes ended play and changes nothing (as in GTP): it is not kept"
                        ));
                    }
                    for action in actions {
                        game.apply(seat, action)
                            .map_err(|refusal| self.refused(index, text.clone(), refusal))?;
                    }
                }
            }
            let mut kept = content.kept;
            leave_out_unwritable(
                &mut kept,
                &format!("node {index} of the main line"),
                &mut warnings,
            );
            let applied = game.record().len() - first_action;
            if kept.is_empty() {
                continue;
            }
            if applied == 0 {
                // A node without a move: one of its own before the next.
                info.before
                    .entry(game.record().len())
                    .or_default()
                    .push(kept);
            } else {
                let anchor = if plain {
                    first_action + applied - 1
                } else {
                    first_action
                };
                info.nodes.entry(anchor).or_default().extend(kept);
            }
        }
        Ok(Imported {
            game,
            warnings,
            info,
            by_tengen,
        })
    }

    fn refused(&self, node: usize, text: String, refusal: tengen_core::Refusal) -> SgfError {
        let (line, column) = self.position(node);
        SgfError::Refused {
            node,
            line,
            column,
            text,
            refusal,
        }
    }

    /// A setup node of a plain record in the middle of play: the game goes
    /// on from the position set up, as a new starting position.
    fn set_up(
        &self,
        index: usize,
        game: &Game,
        content: &NodeContent,
        point_of: &impl Fn(usize, (u8, u8)) -> Result<Point, SgfError>,
        warnings: &mut Vec<String>,
    ) -> Result<Game, SgfError> {
        let mut stones: Vec<Option<Colour>> = (0..game.rules().geometry.point_count())
            .map(|i| game.board().get(Point::new(i)))
            .collect();
        for &(colour, p) in &content.setup {
            stones[point_of(index, p)?.index()] = colour;
        }
        let stones: Vec<(Point, Colour)> = stones
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| (Point::new(i), c)))
            .collect();
        let next = match game.to_act() {
            tengen_core::ToAct::Seat(seat) => Some(seat),
            _ => None,
        };
        warnings.push(format!(
            "node {index} sets up stones in the middle of the game: play goes on from that position as a new start, and earlier positions no longer count for repetition"
        ));
        Game::from_position(Arc::clone(game.rules()), &stones, next)
            .map_err(|refusal| self.refused(index, "the position set up".into(), refusal))
    }
}

/// The properties kept so far, each node's as a node of its own in the
/// order of the record, taken out of `info`: for a game that starts again
/// from a position set up, whose moves they no longer belong to.
fn earlier_nodes(info: &mut GameInfo) -> Vec<NodeProps> {
    let before = std::mem::take(&mut info.before);
    let mut on_moves = std::mem::take(&mut info.nodes);
    let mut nodes = Vec::new();
    for (index, lone) in before {
        let moves: Vec<usize> = on_moves.range(..index).map(|(&i, _)| i).collect();
        nodes.extend(moves.iter().filter_map(|i| on_moves.remove(i)));
        nodes.extend(lone);
    }
    nodes.extend(on_moves.into_values());
    nodes
}

/// The rules of a record tengen wrote: the ruleset id and options of its
/// private properties, checked against the fingerprint it recorded.
fn tengen_rules(
    library: &Library,
    root: &SgfNode<Prop>,
    warnings: &mut Vec<String>,
) -> Result<Arc<Rules>, SgfError> {
    let id = values_of(root, "TGR")
        .and_then(|v| v.into_iter().next())
        .unwrap_or_default();
    if !library.bundled().iter().any(|b| b.id == id) {
        return Err(SgfError::Rules(format!(
            "the record was played under `{id}`, which is not a bundled ruleset: give its file (`tengen replay RULESET FILE.sgf`)"
        )));
    }
    let options = values_of(root, "TGO").unwrap_or_default();
    let rules = library
        .assemble(&id, &options)
        .map_err(|d| SgfError::Rules(d.render(false)))?;
    if let Some(hash) = values_of(root, "TGH").and_then(|v| v.into_iter().next())
        && hash != rules.ruleset.fingerprint()
    {
        warnings.push(format!(
            "the record's rules had fingerprint {hash}; `{id}` with its options now has {}: the bundled ruleset has changed since the record was written",
            rules.ruleset.fingerprint()
        ));
    }
    Ok(rules)
}

/// The rules of a plain record: `RU` mapped to a bundled ruleset, with the
/// board size, komi and handicap as options where the ruleset has them.
fn plain_rules(
    library: &Library,
    root: &SgfNode<Prop>,
    (width, height): (usize, usize),
    content: &NodeContent,
    warnings: &mut Vec<String>,
) -> Result<Arc<Rules>, SgfError> {
    let ru = values_of(root, "RU").and_then(|v| v.into_iter().next());
    let (id, mut options) = ruleset_for(library, ru.as_deref(), warnings);
    let declared: Vec<String> = library
        .resolve(&id, &[])
        .map(|r| r.options.iter().map(|(name, _)| name.clone()).collect())
        .unwrap_or_default();
    if declared.iter().any(|o| o == "size")
        && width == height
        && !options.iter().any(|o| o.starts_with("size="))
    {
        options.push(format!("size={width}"));
    }
    // The record's komi, where the ruleset has the option and the record's
    // rules do not set it already.
    let mut komi_given = None;
    if let Some(Prop::KM(komi)) = root.get_property("KM")
        && declared.iter().any(|o| o == "komi")
        && !options.iter().any(|o| o.starts_with("komi="))
    {
        let komi = crate::result::format_number(*komi);
        options.push(format!("komi={komi}"));
        komi_given = Some(komi);
    }
    // A komi or handicap that is not a number is not silently dropped:
    // the person is told the record's value was not used. (A number the
    // parser calls invalid, such as the common HA[0], is no news.)
    for (prop, what) in [("KM", "komi"), ("HA", "handicap")] {
        if let Some(Prop::Invalid(_, values)) = root.get_property(prop)
            && values.iter().any(|v| v.trim().parse::<f64>().is_err())
        {
            warnings.push(format!(
                "{prop}[{}] is not a number: the {what} of `{id}` is used instead",
                values.join("][")
            ));
        }
    }
    let handicap = match root.get_property("HA") {
        Some(Prop::HA(n)) => Some(*n),
        _ => None,
    };
    let rules = library.assemble(&id, &options).map_err(|d| {
        // A komi the rules refuse is the komi's fault when the rules take
        // the record's other options.
        if let Some(komi) = &komi_given {
            let without: Vec<String> = options
                .iter()
                .filter(|o| **o != format!("komi={komi}"))
                .cloned()
                .collect();
            if library.assemble(&id, &without).is_ok() {
                return SgfError::Komi {
                    komi: komi.clone(),
                    message: format!("`{id}` does not take this komi: {}", reason(&d)),
                };
            }
        }
        let offered = library
            .resolve(&id, &[])
            .ok()
            .and_then(|r| r.options.iter().find(|(n, _)| n == "size").map(|(n, o)| o.usage(n)));
        match offered {
            Some(usage) if options.iter().any(|o| o.starts_with("size=")) => SgfError::Rules(format!(
                "the record's {width}x{height} board is not offered by `{id}` ({usage}); give other rules: `tengen replay RULESET FILE.sgf`"
            )),
            _ => SgfError::Rules(d.render(false)),
        }
    })?;
    // Handicap stones where the ruleset places them itself.
    if let Some(n) = handicap
        && declared.iter().any(|o| o == "handicap")
    {
        let mut with = options.clone();
        with.push(format!("handicap={n}"));
        if let Ok(handicapped) = library.assemble(&id, &with) {
            let placed: HashSet<(usize, usize)> = Game::new(Arc::clone(&handicapped))
                .board()
                .stones()
                .filter(|&(_, c)| c == Colour::Black)
                .map(|(p, _)| handicapped.geometry.grid_position(p))
                .collect();
            let written: HashSet<(usize, usize)> = content
                .setup
                .iter()
                .filter(|(c, _)| *c == Some(Colour::Black))
                .map(|&(_, (x, y))| (usize::from(x), usize::from(y)))
                .collect();
            if placed == written && content.setup.len() == written.len() {
                return Ok(handicapped);
            }
        }
    }
    Ok(rules)
}

/// What the rules' diagnostics say, without their places (the options
/// were tengen's reading of the record, not the person's).
fn reason(diagnostics: &tengen_core::ruleset::Diagnostics) -> String {
    let messages: Vec<&str> = diagnostics
        .items
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    messages.join("; ")
}

/// The bundled ruleset an `RU` value names, and the options it gives.
fn ruleset_for(
    library: &Library,
    ru: Option<&str>,
    warnings: &mut Vec<String>,
) -> (String, Vec<String>) {
    let Some(ru) = ru.map(str::trim) else {
        warnings.push("the record names no rules (RU): read as `go`".into());
        return ("go".into(), Vec::new());
    };
    if let Some(rest) = ru.strip_prefix("tengen:") {
        let mut words = rest.split_whitespace();
        let id = words.next().unwrap_or("go").to_string();
        if library.bundled().iter().any(|b| b.id == id) {
            return (id, words.map(String::from).collect());
        }
    }
    let lower = ru.to_ascii_lowercase();
    if let Some(b) = library.bundled().iter().find(|b| b.id == lower) {
        return (b.id.to_string(), Vec::new());
    }
    let id = match lower.as_str() {
        "chinese" | "cn" | "aga" | "goe" | "ing" => "go",
        "tromp-taylor" | "tromp taylor" | "nz" | "new zealand" => "tromp-taylor",
        "japanese" | "jp" | "korean" | "ko" => {
            warnings.push(format!(
                "RU[{ru}] scores territory; tengen reads the game as `go`, which counts area"
            ));
            "go"
        }
        _ => {
            warnings.push(format!(
                "RU[{ru}] names rules tengen does not know: read as `go`"
            ));
            "go"
        }
    };
    (id.into(), Vec::new())
}

/// The starting position of a plain record: the handicap stones the rules
/// place, or the root's setup stones, with `PL` (or White after a
/// handicap) to play first.
fn plain_start(
    rules: &Arc<Rules>,
    root: &SgfNode<Prop>,
    content: &NodeContent,
    point_of: &impl Fn(usize, (u8, u8)) -> Result<Point, SgfError>,
) -> Result<Game, SgfError> {
    let fresh = Game::new(Arc::clone(rules));
    let mut written = Vec::new();
    for &(colour, p) in &content.setup {
        if let Some(colour) = colour {
            written.push((point_of(0, p)?, colour));
        }
    }
    let mut on_board: Vec<(Point, Colour)> = fresh.board().stones().collect();
    let mut sorted = written.clone();
    on_board.sort_unstable_by_key(|&(p, _)| p.index());
    sorted.sort_unstable_by_key(|&(p, _)| p.index());
    if sorted == on_board {
        return Ok(fresh);
    }
    let first = match root.get_property("PL") {
        Some(Prop::PL(sgf_parse::Color::Black)) => {
            Some(fresh.state().seat_of_colour(Colour::Black))
        }
        Some(Prop::PL(sgf_parse::Color::White)) => {
            Some(fresh.state().seat_of_colour(Colour::White))
        }
        _ if root.get_property("HA").is_some() => Some(fresh.state().seat_of_colour(Colour::White)),
        _ => None,
    };
    Game::from_position(Arc::clone(rules), &written, first).map_err(|refusal| SgfError::Refused {
        node: 0,
        line: 1,
        column: 1,
        text: "the root's setup stones".into(),
        refusal,
    })
}
