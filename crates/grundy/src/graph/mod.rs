//! Games on directed graphs: a token sits on a node and a move slides it along one edge.
//!
//! Acyclic graphs (the game always ends): the Sprague–Grundy value of a node is the mex of its
//! followers' values, and tokens on several nodes form a sum whose value is the XOR
//! ([`acyclic_values`], O(V + E), iterative). Graphs with cycles: a single token has outcome P, N
//! or D (draw) by retrograde analysis ([`loopy::outcomes`]); several tokens are decided by the
//! generalized Sprague–Grundy function of Smith and Fraenkel ([`loopy::generalized_values`]),
//! whose values are numbers or ∞ with the set of finite values among the followers.
//!
//! The graph is stored as compressed adjacency lists (`u32` node indices, 4 bytes per edge and
//! 4 bytes per node each way), built from an adjacency list ([`Graph::from_adjacency`]), an edge
//! list ([`Graph::from_edges`]) or the text format of [`text`].
//!
//! # Examples
//! HDU 1524 (tokens on a DAG): nodes 0..4 with edges 0→1, 0→2, 2→3; tokens on 0 and 2.
//! ```
//! use grundy::graph::{self, Graph};
//! let g = Graph::from_adjacency(&[vec![1, 2], vec![], vec![3], vec![]]).unwrap();
//! let values = graph::acyclic_values(&g).unwrap();
//! assert_eq!(values.iter().map(|v| v.value()).collect::<Vec<_>>(), [2, 0, 1, 0]);
//! let total = grundy::sum::value([values[0], values[2]]);
//! assert!(!total.is_zero()); // WIN for the first player
//! ```

pub mod loopy;
pub mod text;

use crate::{Game, Nimber};

/// A directed graph on nodes `0..node_count()`, stored as compressed adjacency lists.
///
/// Edges keep the order they were given in for each source node; parallel edges and loops are
/// allowed (a loop u→u makes the graph cyclic).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    // followers of u: targets[starts[u]..starts[u + 1]]
    starts: Vec<u32>,
    targets: Vec<u32>,
}

/// Why a graph could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GraphError {
    /// An edge names a node outside `0..nodes`.
    #[error("edge {from} -> {to}: node {bad} is not below the number of nodes {nodes}")]
    NoSuchNode {
        /// Source of the edge.
        from: usize,
        /// Target of the edge.
        to: usize,
        /// The node that is out of range.
        bad: usize,
        /// The number of nodes.
        nodes: usize,
    },
    /// More nodes or edges than fit in 32-bit indices.
    #[error("too large: {nodes} nodes and {edges} edges (at most 2^32 - 2 of each)")]
    TooLarge {
        /// Nodes asked for.
        nodes: usize,
        /// Edges given.
        edges: usize,
    },
}

/// A cycle was found where the graph should be acyclic.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the graph has a cycle through node {node}")]
pub struct CycleError {
    /// A node on the cycle.
    pub node: u32,
    /// The cycle, starting and ending at `node`.
    pub cycle: Vec<u32>,
}

const MAX_INDEX: usize = u32::MAX as usize - 1;

impl Graph {
    /// A graph from adjacency lists: `lists[u]` holds the followers of node `u`.
    ///
    /// # Errors
    /// [`GraphError::NoSuchNode`] for a follower not below `lists.len()`, or
    /// [`GraphError::TooLarge`].
    pub fn from_adjacency<L: AsRef<[usize]>>(lists: &[L]) -> Result<Graph, GraphError> {
        let nodes = lists.len();
        let edges: usize = lists.iter().map(|l| l.as_ref().len()).sum();
        if nodes > MAX_INDEX || edges > MAX_INDEX {
            return Err(GraphError::TooLarge { nodes, edges });
        }
        let mut starts = Vec::with_capacity(nodes + 1);
        let mut targets = Vec::with_capacity(edges);
        starts.push(0);
        for (from, list) in lists.iter().enumerate() {
            for &to in list.as_ref() {
                if to >= nodes {
                    return Err(GraphError::NoSuchNode {
                        from,
                        to,
                        bad: to,
                        nodes,
                    });
                }
                targets.push(to as u32);
            }
            starts.push(targets.len() as u32);
        }
        Ok(Graph { starts, targets })
    }

    /// A graph on `nodes` nodes from a list of edges `(from, to)`, kept in order per source.
    ///
    /// Cost: two passes over the edges (a counting sort), 4 bytes per edge beyond the input.
    ///
    /// # Errors
    /// [`GraphError::NoSuchNode`] or [`GraphError::TooLarge`].
    pub fn from_edges(nodes: usize, edges: &[(u32, u32)]) -> Result<Graph, GraphError> {
        if nodes > MAX_INDEX || edges.len() > MAX_INDEX {
            return Err(GraphError::TooLarge {
                nodes,
                edges: edges.len(),
            });
        }
        let mut starts = vec![0u32; nodes + 1];
        for &(from, to) in edges {
            let bad = if from as usize >= nodes { from } else { to };
            if bad as usize >= nodes {
                return Err(GraphError::NoSuchNode {
                    from: from as usize,
                    to: to as usize,
                    bad: bad as usize,
                    nodes,
                });
            }
            starts[from as usize + 1] += 1;
        }
        for u in 0..nodes {
            starts[u + 1] += starts[u];
        }
        let mut fill = starts.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(from, to) in edges {
            let slot = &mut fill[from as usize];
            targets[*slot as usize] = to;
            *slot += 1;
        }
        Ok(Graph { starts, targets })
    }

    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The followers of `node` (the nodes one move away), in the order the edges were given.
    ///
    /// # Panics
    /// If `node` is not below [`Graph::node_count`].
    pub fn followers(&self, node: u32) -> &[u32] {
        let u = node as usize;
        &self.targets[self.starts[u] as usize..self.starts[u + 1] as usize]
    }

    /// The graph with every edge reversed: its followers are this graph's predecessors.
    pub fn reversed(&self) -> Graph {
        let nodes = self.node_count();
        let mut starts = vec![0u32; nodes + 1];
        for &to in &self.targets {
            starts[to as usize + 1] += 1;
        }
        for u in 0..nodes {
            starts[u + 1] += starts[u];
        }
        let mut fill = starts.clone();
        let mut targets = vec![0u32; self.targets.len()];
        for from in 0..nodes as u32 {
            for &to in self.followers(from) {
                let slot = &mut fill[to as usize];
                targets[*slot as usize] = from;
                *slot += 1;
            }
        }
        Graph { starts, targets }
    }

    /// Memory held by the graph, in bytes.
    pub fn heap_bytes(&self) -> usize {
        (self.starts.capacity() + self.targets.capacity()) * 4
    }
}

/// The graph as a game for the generic engine: a position is the node the token is on.
impl Game for Graph {
    type Position = u32;

    fn options(&self, node: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(self.followers(*node));
    }
}

/// The Sprague–Grundy value of every node of an acyclic graph.
///
/// An iterative depth-first search finishes each node after its followers and takes the mex of
/// their values, with a stamp array so a mex costs the node's out-degree: O(V + E) time, about
/// 9 bytes per node of working memory, no recursion.
///
/// # Errors
/// [`CycleError`] with a cycle if the graph has one (then use [`loopy`]).
pub fn acyclic_values(graph: &Graph) -> Result<Vec<Nimber>, CycleError> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let nodes = graph.node_count();
    let mut values = vec![Nimber::ZERO; nodes];
    let mut state = vec![NEW; nodes];
    // stamp[v] == u + 1 marks "value v is taken by a follower of u".
    let mut stamp: Vec<u32> = Vec::new();
    // (node, index of the next follower to look at)
    let mut stack: Vec<(u32, u32)> = Vec::new();
    for root in 0..nodes as u32 {
        if state[root as usize] != NEW {
            continue;
        }
        state[root as usize] = OPEN;
        stack.push((root, 0));
        while let Some(top) = stack.last_mut() {
            let (u, next) = *top;
            let followers = graph.followers(u);
            if let Some(&v) = followers.get(next as usize) {
                top.1 += 1;
                match state[v as usize] {
                    NEW => {
                        state[v as usize] = OPEN;
                        stack.push((v, 0));
                    }
                    OPEN => {
                        let from = stack.iter().position(|&(w, _)| w == v).unwrap_or(0);
                        let mut cycle: Vec<u32> = stack[from..].iter().map(|&(w, _)| w).collect();
                        cycle.push(v);
                        return Err(CycleError { node: v, cycle });
                    }
                    _ => {}
                }
                continue;
            }
            stack.pop();
            if stamp.len() <= followers.len() {
                stamp.resize(followers.len() + 1, 0);
            }
            for &v in followers {
                let g = values[v as usize].value();
                if g <= followers.len() as u64 {
                    stamp[g as usize] = u + 1;
                }
            }
            let mex = stamp
                .iter()
                .position(|&s| s != u + 1)
                .unwrap_or(stamp.len());
            values[u as usize] = Nimber(mex as u64);
            state[u as usize] = DONE;
        }
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EngineError, Memo};
    use rand::{Rng, SeedableRng};

    /// A random graph; with `acyclic`, edges only go from higher to lower nodes.
    pub(crate) fn random_graph(
        rng: &mut impl Rng,
        nodes: usize,
        edges: usize,
        acyclic: bool,
    ) -> Graph {
        let mut list = Vec::new();
        for _ in 0..edges {
            let a = rng.random_range(0..nodes as u32);
            let b = rng.random_range(0..nodes as u32);
            if !acyclic {
                list.push((a, b));
            } else if a != b {
                list.push((a.max(b), a.min(b)));
            }
        }
        Graph::from_edges(nodes, &list).unwrap()
    }

    #[test]
    fn values_match_the_engine_on_random_dags() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1524);
        for round in 0..400 {
            let nodes = rng.random_range(1..40);
            let edges = rng.random_range(0..nodes * 4);
            let g = random_graph(&mut rng, nodes, edges, true);
            let values = acyclic_values(&g).unwrap();
            let mut memo = Memo::new();
            for u in 0..nodes as u32 {
                assert_eq!(
                    values[u as usize],
                    memo.grundy(&g, &u).unwrap(),
                    "round {round} node {u}"
                );
            }
        }
    }

    #[test]
    fn cycles_are_found_and_returned() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2425);
        for _ in 0..400 {
            let nodes = rng.random_range(1..20);
            let edges = rng.random_range(0..nodes * 2);
            let g = random_graph(&mut rng, nodes, edges, false);
            let engine_cycle =
                (0..nodes as u32).any(|u| Memo::new().grundy(&g, &u) == Err(EngineError::Cycle));
            match acyclic_values(&g) {
                Ok(_) => assert!(!engine_cycle),
                Err(CycleError { node, cycle }) => {
                    assert!(engine_cycle);
                    assert_eq!(cycle.first(), Some(&node));
                    assert_eq!(cycle.last(), Some(&node));
                    assert!(cycle.windows(2).all(|w| g.followers(w[0]).contains(&w[1])));
                }
            }
        }
    }

    #[test]
    fn a_chain_of_a_million_nodes_needs_no_recursion() {
        let lists: Vec<Vec<usize>> = (0..1_000_000)
            .map(|u| if u == 0 { vec![] } else { vec![u - 1] })
            .collect();
        let g = Graph::from_adjacency(&lists).unwrap();
        let values = acyclic_values(&g).unwrap();
        assert_eq!(values[999_999], Nimber(1));
        assert_eq!(values[999_998], Nimber(0));
    }

    #[test]
    fn bad_edges_are_named() {
        assert_eq!(
            Graph::from_adjacency(&[vec![1], vec![2]]),
            Err(GraphError::NoSuchNode {
                from: 1,
                to: 2,
                bad: 2,
                nodes: 2
            })
        );
        assert!(Graph::from_edges(2, &[(0, 1), (5, 0)]).is_err());
        let g = Graph::from_edges(3, &[(2, 0), (0, 1), (2, 1), (0, 2)]).unwrap();
        assert_eq!(g.followers(0), &[1, 2]);
        assert_eq!(g.followers(2), &[0, 1]);
        let r = g.reversed();
        assert_eq!(r.followers(1), &[0, 2]);
        assert_eq!(r.reversed(), g);
    }
}
