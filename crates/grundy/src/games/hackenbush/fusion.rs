//! Bridges, the fusion of every 2-edge-connected component into one vertex, and the colon
//! principle on the tree of components: the value of a rooted multigraph in O(V + E).
//!
//! One iterative depth-first search from the root finds the tree edges and the back edges (a
//! non-tree edge of an undirected search joins a vertex to one of its ancestors). A tree edge
//! into v is a bridge iff no back edge leaves the subtree of v for a proper ancestor of v: each
//! back edge adds 1 at its lower end and −1 at its upper end, and the subtree sums count the back
//! edges over each tree edge. The same sums with a pseudo-random label per back edge XORed in
//! give each tree edge the XOR of the labels of the back edges over it (its cover): two
//! non-bridge edges can only form a 2-edge cut if these hashes are equal (a tree edge and a back
//! edge: the tree edge's hash is the back edge's label), so an edge whose hash no other edge has
//! is in no 2-edge cut, which is what [`super::moves`] needs to know. A collision only costs
//! time there, never a wrong answer.

/// "None" in the `u32` fields.
pub(super) const NONE: u32 = u32::MAX;

/// What one edge is in the decomposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Not connected to the root: not in play.
    Fallen,
    /// A bridge; the component below it (away from the root).
    Bridge(u32),
    /// A loop in this component.
    Loop(u32),
    /// An edge on a cycle (neither a bridge nor a loop) in this component.
    Cycle(u32),
}

/// A 2-edge-connected component, fused into one vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Component {
    /// The component above it (towards the root), [`NONE`] for the root's.
    pub parent: u32,
    /// The bridge to the parent, [`NONE`] for the root's.
    pub bridge: u32,
    /// Its vertex where that bridge (or, for the root's, the root) is.
    pub anchor: u32,
    /// Its edges, each a loop once fused.
    pub loops: u64,
    /// The XOR of the weights of its vertices (a weight stands for what hangs there).
    pub own: u64,
    /// Its value: the parity of its loops, its weights, and 1 + the value of each component
    /// hanging below it by a bridge, all XORed.
    pub value: u64,
    /// How many edges in play are below it (its own, those of the components below and their
    /// bridges): what falls when its bridge is cut.
    pub below: u64,
}

/// The decomposition of a rooted multigraph.
#[derive(Clone, Debug)]
pub(super) struct Fusion {
    /// Each vertex's component, [`NONE`] when it is not connected to the root.
    pub component: Vec<u32>,
    /// Each edge's kind.
    pub kind: Vec<Kind>,
    /// The components; a parent comes before its children, the root's is 0.
    pub components: Vec<Component>,
    /// For each edge on a cycle, the hash of its cover (see the module's comment); 0 otherwise.
    pub hash: Vec<u64>,
    /// The search: what [`super::moves`] needs of the tree to find the 2-edge cuts.
    pub tree: Tree,
}

/// The depth-first search tree (vertices not connected to the root have depth [`NONE`]).
#[derive(Clone, Debug)]
pub(super) struct Tree {
    /// The vertices in the order the search met them; the root first.
    pub preorder: Vec<u32>,
    /// Each vertex's position in `preorder`.
    pub position: Vec<u32>,
    /// How many vertices each vertex's subtree has.
    pub size: Vec<u32>,
    /// Each vertex's depth.
    pub depth: Vec<u32>,
    /// The tree edge into each vertex, [`NONE`] for the root.
    pub up_edge: Vec<u32>,
    /// How many back edges are over the tree edge into each vertex.
    pub cover: Vec<u32>,
    /// The XOR of their indices: the index of the back edge when there is one.
    pub cover_edges: Vec<u32>,
    /// Whether each edge is a back edge.
    pub back: Vec<bool>,
}

#[cfg(test)]
thread_local! {
    /// Gives every edge the same label, so that every cover hash collides (tests only).
    pub(super) static COLLIDE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A label per edge for the cover hashes: splitmix64 of the edge's index.
fn label(edge: usize) -> u64 {
    #[cfg(test)]
    if COLLIDE.with(std::cell::Cell::get) {
        return 1;
    }
    let mut z = (edge as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Decomposes the multigraph on vertices `0..vertices` with `edges` (both ends below
/// `vertices`), rooted at `root`, leaving out edge `skip` if given. `weights` (empty, or one per
/// vertex) is XORed into the value of each vertex's component.
///
/// Cost: O(V + E) time, about 60 bytes a vertex and 40 an edge; no recursion.
pub(super) fn fuse(
    vertices: usize,
    edges: &[[u32; 2]],
    skip: Option<usize>,
    root: u32,
    weights: &[u64],
) -> Fusion {
    let live = |i: usize| skip != Some(i);
    // Adjacency (compressed): for each vertex, (neighbour, edge) of its non-loop edges.
    let mut start = vec![0u32; vertices + 1];
    for (i, &[u, v]) in edges.iter().enumerate() {
        if u != v && live(i) {
            start[u as usize + 1] += 1;
            start[v as usize + 1] += 1;
        }
    }
    for u in 0..vertices {
        start[u + 1] += start[u];
    }
    let mut fill = start.clone();
    let mut adjacent = vec![(0u32, 0u32); start[vertices] as usize];
    for (i, &[u, v]) in edges.iter().enumerate() {
        if u != v && live(i) {
            adjacent[fill[u as usize] as usize] = (v, i as u32);
            fill[u as usize] += 1;
            adjacent[fill[v as usize] as usize] = (u, i as u32);
            fill[v as usize] += 1;
        }
    }

    // The search: preorder, depth, the tree edge into each vertex, and per vertex the count and
    // the label XOR of the back edges starting (+) and ending (−) there.
    let mut depth = vec![NONE; vertices];
    let mut up_edge = vec![NONE; vertices];
    let mut cover = vec![0u32; vertices];
    let mut cover_edges = vec![0u32; vertices];
    let mut hash = vec![0u64; vertices];
    let mut preorder = Vec::with_capacity(vertices);
    let mut back = vec![false; edges.len()];
    let mut stack: Vec<(u32, u32)> = vec![(root, start[root as usize])];
    depth[root as usize] = 0;
    preorder.push(root);
    while let Some(top) = stack.last_mut() {
        let (u, next) = *top;
        if next == start[u as usize + 1] {
            stack.pop();
            continue;
        }
        top.1 += 1;
        let (w, i) = adjacent[next as usize];
        if i == up_edge[u as usize] {
            continue;
        }
        if depth[w as usize] == NONE {
            depth[w as usize] = depth[u as usize] + 1;
            up_edge[w as usize] = i;
            preorder.push(w);
            stack.push((w, start[w as usize]));
        } else if depth[w as usize] < depth[u as usize] {
            // A back edge from u up to its ancestor w (seen again from w later: ignored there).
            back[i as usize] = true;
            cover[u as usize] = cover[u as usize].wrapping_add(1);
            cover[w as usize] = cover[w as usize].wrapping_sub(1);
            hash[u as usize] ^= label(i as usize);
            hash[w as usize] ^= label(i as usize);
            cover_edges[u as usize] ^= i;
            cover_edges[w as usize] ^= i;
        }
    }
    let other_end = |i: u32, v: u32| {
        let [a, b] = edges[i as usize];
        if a == v { b } else { a }
    };
    // Subtree sums, children before parents.
    let mut size = vec![1u32; vertices];
    for &v in preorder.iter().rev() {
        let i = up_edge[v as usize];
        if i != NONE {
            let p = other_end(i, v) as usize;
            cover[p] = cover[p].wrapping_add(cover[v as usize]);
            cover_edges[p] ^= cover_edges[v as usize];
            hash[p] ^= hash[v as usize];
            size[p] += size[v as usize];
        }
    }
    let mut position = vec![NONE; vertices];
    for (at, &v) in preorder.iter().enumerate() {
        position[v as usize] = at as u32;
    }

    // Components in preorder: a vertex joins its parent's unless its tree edge is a bridge.
    let mut component = vec![NONE; vertices];
    let mut components = vec![Component {
        parent: NONE,
        bridge: NONE,
        anchor: root,
        loops: 0,
        own: 0,
        value: 0,
        below: 0,
    }];
    let mut kind = vec![Kind::Fallen; edges.len()];
    let mut edge_hash = vec![0u64; edges.len()];
    component[root as usize] = 0;
    for &v in &preorder[1..] {
        let i = up_edge[v as usize];
        let p = component[other_end(i, v) as usize];
        if cover[v as usize] == 0 {
            let c = components.len() as u32;
            components.push(Component {
                parent: p,
                bridge: i,
                anchor: v,
                loops: 0,
                own: 0,
                value: 0,
                below: 0,
            });
            component[v as usize] = c;
            kind[i as usize] = Kind::Bridge(c);
        } else {
            component[v as usize] = p;
            kind[i as usize] = Kind::Cycle(p);
            edge_hash[i as usize] = hash[v as usize];
        }
    }
    for (i, &[u, v]) in edges.iter().enumerate() {
        let c = component[u as usize];
        if !live(i) || c == NONE {
            continue;
        }
        if u == v {
            kind[i] = Kind::Loop(c);
        } else if back[i] {
            kind[i] = Kind::Cycle(c);
            edge_hash[i] = label(i);
        }
        if matches!(kind[i], Kind::Loop(_) | Kind::Cycle(_)) {
            components[c as usize].loops += 1;
        }
    }
    for (v, &w) in weights.iter().enumerate() {
        let c = component[v];
        if c != NONE {
            components[c as usize].own ^= w;
        }
    }
    // The colon principle, children before parents: `value` holds the XOR of the branches so far.
    for c in (0..components.len()).rev() {
        let here = &mut components[c];
        here.value ^= (here.loops & 1) ^ here.own;
        here.below += here.loops;
        let (parent, value, below) = (here.parent, here.value, here.below);
        if parent != NONE {
            let up = &mut components[parent as usize];
            up.value ^= value + 1;
            up.below += below + 1;
        }
    }
    Fusion {
        component,
        kind,
        components,
        hash: edge_hash,
        tree: Tree {
            preorder,
            position,
            size,
            depth,
            up_edge,
            cover,
            cover_edges,
            back,
        },
    }
}
