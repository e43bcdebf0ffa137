//! A board given as data: named points on a grid and the links between
//! them, so a designer draws any board without Rust.

use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::VecDeque;
use std::sync::Arc;
use tengen_core::notation::reserved_words;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::{Geometry, GeometryError, MAX_DEGREE, MAX_NAME_LEN, MAX_WIDTH, Topology};

tengen_core::component! {
    /// A board drawn by its designer: a list of named points, each at a
    /// cell of a grid, and the links between them. Any shape is possible
    /// (a ring, a web, a map); strings, liberties and territory follow
    /// the links only, however the points are drawn.
    ///
    /// Each point has a `name` (1 to 6 letters and digits, read in any
    /// letter case, different from every other name and from the words of
    /// the move notation such as `pass`) and a cell `at = [column, row]`,
    /// counted from zero at the top left, in at most 25 columns and 25
    /// rows; no two points share a cell. The drawing puts each point on
    /// its cell and draws each link as a straight line; the text diagram
    /// draws each row of the grid as a line, with blanks for the cells
    /// without a point. Each entry of `links` is a path: two or more
    /// point names, each linked to the next, so `["a", "b", "c", "a"]` is
    /// a triangle. A point has at most 8 neighbours, no point is linked to
    /// itself, and the board must be connected (every point reachable
    /// from every other along links): a board in pieces is taken for a
    /// mistake. The problems with cells and links are reported together,
    /// naming the point or the link; the names, the neighbour limit and
    /// whether the board is in pieces are checked once those are right. Points are named by their own names in the notation, SGF
    /// records use their cells, and a drawing shows no coordinates.
    #[component(Topology, "graph")]
    #[derive(Debug)]
    pub struct Graph {
        geometry: Arc<Geometry>,
    }
}

/// One point of a [`Graph`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GraphPoint {
    /// Its name: 1 to 6 letters and digits.
    pub name: String,
    /// Its cell, `[column, row]` from the top left, each from 0 to 24.
    pub at: [u32; 2],
}

/// Parameters of [`Graph`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GraphParams {
    /// The points, each with its name and its cell.
    #[schemars(length(min = 1))]
    pub points: Vec<GraphPoint>,
    /// The links, as paths: each entry two or more point names, each
    /// linked to the next.
    pub links: Vec<Vec<String>>,
}

impl Graph {
    /// The board `params` describe, or every problem with it.
    pub fn new(params: &GraphParams) -> Result<Graph, Vec<BuildProblem>> {
        let mut problems = Vec::new();
        let points = |m: String| BuildProblem::at("points", m);
        let link_problem = |m: String| BuildProblem::at("links", m);
        if params.points.is_empty() {
            return Err(vec![points("a board needs at least one point".into())]);
        }
        // Points in the order of their cells, row by row.
        let mut order: Vec<usize> = (0..params.points.len()).collect();
        order.sort_by_key(|&i| {
            let [column, row] = params.points[i].at;
            (row, column)
        });
        for pair in order.windows(2) {
            let (a, b) = (&params.points[pair[0]], &params.points[pair[1]]);
            if a.at == b.at {
                problems.push(points(format!(
                    "`{}` and `{}` are both at {:?}: give each point a cell of its own",
                    a.name, b.name, a.at
                )));
            }
        }
        for p in &params.points {
            if p.at.iter().any(|&v| v as usize >= MAX_WIDTH) {
                problems.push(points(format!(
                    "`{}` is at {:?}: columns and rows run from 0 to {}",
                    p.name,
                    p.at,
                    MAX_WIDTH - 1
                )));
            }
        }
        let names: Vec<&str> = order
            .iter()
            .map(|&i| params.points[i].name.as_str())
            .collect();
        let find = |name: &str| names.iter().position(|n| n.eq_ignore_ascii_case(name));
        let mut links = Vec::new();
        for (i, path) in params.links.iter().enumerate() {
            let entry = format!("entry {} ({})", i + 1, path.join(", "));
            if path.len() < 2 {
                problems.push(link_problem(format!(
                    "{entry} names fewer than two points: a link joins two"
                )));
            }
            let mut known = Vec::new();
            for name in path {
                match find(name) {
                    Some(p) => known.push(Some(p)),
                    None => {
                        problems.push(link_problem(format!(
                            "{entry} names `{name}`, which is none of the points"
                        )));
                        known.push(None);
                    }
                }
            }
            for pair in known.windows(2) {
                if let [Some(a), Some(b)] = *pair {
                    if a == b {
                        problems.push(link_problem(format!(
                            "{entry} links `{}` to itself",
                            names[a]
                        )));
                    } else {
                        links.push((a, b));
                    }
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let cells: Vec<(usize, usize)> = order
            .iter()
            .map(|&i| {
                let [column, row] = params.points[i].at;
                (column as usize, row as usize)
            })
            .collect();
        let width = cells.iter().map(|&(c, _)| c + 1).max().unwrap_or(1);
        let height = cells.iter().map(|&(_, r)| r + 1).max().unwrap_or(1);
        let geometry = Geometry::from_cells_and_links(width, height, cells, links.iter().copied())
            .and_then(|g| g.with_names(&names, &reserved_words()))
            .map_err(|e| {
                vec![match e {
                    GeometryError::TooManyNeighbours(p) => link_problem(format!(
                        "`{}` has more than {MAX_DEGREE} neighbours",
                        names[p]
                    )),
                    GeometryError::BadName { name, reason } => points(format!(
                        "`{name}` cannot name a point: {reason} (names have 1 to {MAX_NAME_LEN} letters and digits)"
                    )),
                    other => points(other.to_string()),
                }]
            })?;
        let apart = unreached(&geometry);
        if !apart.is_empty() {
            let named: Vec<String> = apart.iter().map(|&p| format!("`{}`", names[p])).collect();
            return Err(vec![link_problem(format!(
                "the board is in pieces: {} cannot be reached from `{}` along links",
                named.join(", "),
                names[0]
            ))]);
        }
        Ok(Graph {
            geometry: Arc::new(geometry),
        })
    }
}

/// The points that cannot be reached from the first along links.
fn unreached(g: &Geometry) -> Vec<usize> {
    let mut seen = vec![false; g.point_count()];
    let mut queue = VecDeque::from([tengen_core::Point::new(0)]);
    seen[0] = true;
    while let Some(p) = queue.pop_front() {
        for &q in g.neighbours(p) {
            if !seen[q.index()] {
                seen[q.index()] = true;
                queue.push_back(q);
            }
        }
    }
    (0..seen.len()).filter(|&p| !seen[p]).collect()
}

impl FromParams for Graph {
    type Params = GraphParams;

    fn from_params(params: GraphParams, _: &BuildContext) -> Result<Graph, Vec<BuildProblem>> {
        Graph::new(&params)
    }
}

tengen_core::component_without_hooks!(Graph);

impl Topology for Graph {
    fn geometry(&self) -> Arc<Geometry> {
        Arc::clone(&self.geometry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(points: &[(&str, [u32; 2])], links: &[&[&str]]) -> GraphParams {
        GraphParams {
            points: points
                .iter()
                .map(|&(name, at)| GraphPoint {
                    name: name.into(),
                    at,
                })
                .collect(),
            links: links
                .iter()
                .map(|path| path.iter().map(|s| s.to_string()).collect())
                .collect(),
        }
    }

    fn problems(p: &GraphParams) -> Vec<String> {
        Graph::new(p)
            .unwrap_err()
            .into_iter()
            .map(|b| format!("{}: {}", b.key.unwrap_or_default(), b.message))
            .collect()
    }

    #[test]
    fn a_triangle_with_a_tail() {
        let p = params(
            &[
                ("a", [1, 0]),
                ("b", [0, 1]),
                ("c", [2, 1]),
                ("tail", [2, 2]),
            ],
            &[&["a", "b", "c", "A"], &["C", "tail"]],
        );
        let g = Graph::new(&p).unwrap().geometry();
        assert_eq!(g.point_count(), 4);
        assert_eq!((g.width(), g.height()), (3, 3));
        let c = g.parse_point("c").unwrap();
        let mut around: Vec<String> = g.neighbours(c).iter().map(|&q| g.name(q)).collect();
        around.sort();
        assert_eq!(around, ["a", "b", "tail"]);
        assert_eq!(g.grid_position(g.parse_point("TAIL").unwrap()), (2, 2));
        assert_eq!(g.point_at(0, 0), None, "a hole");
        assert!(g.has_own_names());
    }

    #[test]
    fn every_problem_is_reported_naming_the_point_or_link() {
        let p = params(
            &[("a", [0, 0]), ("b", [0, 0]), ("c", [30, 1])],
            &[&["a"], &["a", "zz"], &["b", "b"]],
        );
        assert_eq!(
            problems(&p),
            [
                "points: `a` and `b` are both at [0, 0]: give each point a cell of its own",
                "points: `c` is at [30, 1]: columns and rows run from 0 to 24",
                "links: entry 1 (a) names fewer than two points: a link joins two",
                "links: entry 2 (a, zz) names `zz`, which is none of the points",
                "links: entry 3 (b, b) links `b` to itself",
            ]
        );
    }

    #[test]
    fn bad_names_crowded_points_and_pieces_are_refused() {
        let p = params(&[("pass", [0, 0]), ("b", [1, 0])], &[&["pass", "b"]]);
        assert!(problems(&p)[0].contains("`pass` cannot name a point"));
        let p = params(
            &[("a", [0, 0]), ("B", [1, 0]), ("b", [2, 0])],
            &[&["a", "b"]],
        );
        assert!(problems(&p)[0].contains("two points are named"));
        let hub: Vec<(String, [u32; 2])> = (0..10).map(|i| (format!("h{i}"), [i, 0])).collect();
        let hub_points: Vec<(&str, [u32; 2])> =
            hub.iter().map(|(n, at)| (n.as_str(), *at)).collect();
        let spokes: Vec<Vec<&str>> = (1..10).map(|i| vec!["h0", hub_points[i].0]).collect();
        let spokes: Vec<&[&str]> = spokes.iter().map(Vec::as_slice).collect();
        assert!(problems(&params(&hub_points, &spokes))[0].contains("`h0` has more than 8"));
        let p = params(
            &[("a", [0, 0]), ("b", [1, 0]), ("c", [2, 0])],
            &[&["a", "b"]],
        );
        assert_eq!(
            problems(&p),
            ["links: the board is in pieces: `c` cannot be reached from `a` along links"]
        );
    }
}
