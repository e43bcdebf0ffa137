//! The search tree: nodes in one arena, each the position after an action,
//! with the statistics of the playouts that went through it.

use tengen_core::{Action, Seat};

/// The index of a node in its tree.
pub(crate) type NodeId = u32;

/// The position reached by one action.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// The action that led here (meaningless at the root).
    pub(crate) action: Action,
    /// Who took it: the playouts' results are counted for that seat.
    pub(crate) seat: Seat,
    /// Playouts through this node.
    pub(crate) visits: u32,
    /// Their results for `seat`: 1 a win, a half a draw.
    pub(crate) wins: f32,
    /// Their values for `seat`, which the search maximizes: mostly the
    /// result, and a little the margin (see `search::Outcome::value`).
    pub(crate) value: f32,
    /// All-moves-as-first statistics (for a placement): playouts through
    /// the parent in which the seat placed on this point before the other
    /// seat did, anywhere later in the game, and their values for `seat`.
    pub(crate) amaf_visits: u32,
    pub(crate) amaf_value: f32,
    /// The children, `first_child..first_child + child_count`, once
    /// expanded (a node is expanded with one child at least).
    pub(crate) first_child: NodeId,
    pub(crate) child_count: u32,
    /// The child's share of its siblings' strength by the learned
    /// patterns (see [`crate::priors`]), in 65,536ths; 0 where the search
    /// has no priors. Sixteen bits keep a node at 48 bytes.
    prior: u16,
    /// Whether the game is over here (or no one can act by search).
    pub(crate) terminal: bool,
}

impl Node {
    pub(crate) fn new(action: Action, seat: Seat) -> Node {
        Node {
            action,
            seat,
            visits: 0,
            wins: 0.0,
            value: 0.0,
            amaf_visits: 0,
            amaf_value: 0.0,
            first_child: 0,
            child_count: 0,
            prior: 0,
            terminal: false,
        }
    }

    /// The share of the node's playouts its seat won (a half before any).
    pub(crate) fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            f64::from(self.wins) / f64::from(self.visits)
        }
    }

    /// The mean value for the node's seat (a half before any playout).
    pub(crate) fn mean_value(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            f64::from(self.value) / f64::from(self.visits)
        }
    }

    /// The mean all-moves-as-first value (a half before any).
    pub(crate) fn amaf_mean(&self) -> f64 {
        if self.amaf_visits == 0 {
            0.5
        } else {
            f64::from(self.amaf_value) / f64::from(self.amaf_visits)
        }
    }

    /// The order in which the search ranks children: more playouts first,
    /// and of equals, the better mean value (what the choice and the
    /// analysis both read).
    pub(crate) fn rank(&self, other: &Node) -> std::cmp::Ordering {
        (self.visits, self.mean_value())
            .partial_cmp(&(other.visits, other.mean_value()))
            .unwrap_or(std::cmp::Ordering::Equal)
    }

    /// Whether the node has its children.
    pub(crate) fn expanded(&self) -> bool {
        self.child_count > 0
    }

    /// The child's prior (see the field), as a share from 0 to 1.
    pub(crate) fn prior(&self) -> f64 {
        f64::from(self.prior) / f64::from(u16::MAX)
    }

    /// Sets the child's prior, a share from 0 to 1.
    pub(crate) fn set_prior(&mut self, share: f64) {
        self.prior = (share.clamp(0.0, 1.0) * f64::from(u16::MAX)).round() as u16;
    }

    pub(crate) fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.child_count as usize
    }
}

/// The nodes; the root is the first.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
}

impl Tree {
    /// A tree of only a root (whose action and seat are placeholders).
    pub(crate) fn with_root() -> Tree {
        Tree {
            nodes: vec![Node::new(Action::Pass, Seat::One)],
        }
    }

    /// Whether `parent` may be given `children` more nodes within the
    /// bound of `max_nodes` (the root always may: a choice needs them).
    pub(crate) fn has_room(&self, parent: NodeId, children: usize, max_nodes: usize) -> bool {
        parent == 0 || self.nodes.len() + children <= max_nodes
    }

    /// Gives `parent` the children `actions`, all taken by `seat`. The
    /// arena grows by doubling, but never past `max_nodes` nodes of
    /// room, so a bounded tree's memory is bounded too.
    pub(crate) fn expand(
        &mut self,
        parent: NodeId,
        seat: Seat,
        actions: &[Action],
        max_nodes: usize,
    ) {
        let needed = self.nodes.len() + actions.len();
        if needed > self.nodes.capacity() {
            let room = (self.nodes.capacity() * 2)
                .max(needed)
                .min(max_nodes.max(needed));
            self.nodes.reserve_exact(room - self.nodes.len());
        }
        let first = self.nodes.len() as NodeId;
        self.nodes
            .extend(actions.iter().map(|&a| Node::new(a, seat)));
        let node = &mut self.nodes[parent as usize];
        node.first_child = first;
        node.child_count = actions.len() as u32;
        debug_assert!(node.expanded(), "a node is expanded with children");
    }

    /// The child of `parent` reached by `action` by `seat`, if expanded.
    pub(crate) fn child(&self, parent: NodeId, seat: Seat, action: Action) -> Option<NodeId> {
        let node = &self.nodes[parent as usize];
        node.children()
            .find(|&c| self.nodes[c].action == action && self.nodes[c].seat == seat)
            .map(|c| c as NodeId)
    }

    /// The subtree under `node`, as a tree of its own with `node` as root
    /// (for reusing the search after the game moves on).
    pub(crate) fn subtree(&self, node: NodeId) -> Tree {
        let mut tree = Tree {
            nodes: vec![self.nodes[node as usize].clone()],
        };
        // Breadth first: each node's children are copied together, so
        // they stay contiguous.
        let mut next = 0;
        while next < tree.nodes.len() {
            let old = tree.nodes[next].clone();
            if old.expanded() {
                let first = tree.nodes.len() as NodeId;
                tree.nodes
                    .extend(old.children().map(|c| self.nodes[c].clone()));
                tree.nodes[next].first_child = first;
            }
            next += 1;
        }
        tree.nodes.shrink_to_fit();
        tree
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node stays at 48 bytes (the tree's memory bound is counted in
    /// nodes), and a prior survives its sixteen bits to within 1/65,535.
    #[test]
    fn a_node_is_48_bytes_and_keeps_its_prior() {
        assert_eq!(std::mem::size_of::<Node>(), 48);
        let mut node = Node::new(Action::Pass, Seat::One);
        for share in [0.0, 0.0123, 0.5, 1.0] {
            node.set_prior(share);
            assert!((node.prior() - share).abs() <= 1.0 / 65535.0, "{share}");
        }
        node.set_prior(2.0);
        assert_eq!(node.prior(), 1.0);
    }
}
