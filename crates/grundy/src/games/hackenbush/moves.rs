//! Every winning cut.
//!
//! The value a component must take for the ground to be worth 0 propagates down the tree of
//! components: the ground's must be 0; a component d below c (by a bridge) must make c's value
//! the target t of c, so its branch must be worth n = t ⊕ value(c) ⊕ (1 + value(d)). If n = 0,
//! cutting the bridge wins (the branch goes); otherwise d must be worth n − 1, and no cut above
//! does it. So a bridge is checked in O(1), and so is a loop (it changes its component's value by
//! ⊕ 1). Cutting any other edge of a component c makes nothing fall but turns into bridges the
//! edges that form a 2-edge cut with it. An edge in no 2-edge cut leaves c fused and changes its
//! value by ⊕ 1, like a loop; the cover hashes of [`super::fusion`] find those (an edge whose hash
//! no other edge has).
//!
//! The edges that pairwise form 2-edge cuts make classes; removing a class of m edges leaves m
//! pieces on a cycle, each edge of the class joining two neighbours, and cutting one of them
//! leaves the pieces as a path from the anchor's piece both ways round, valued by the colon
//! principle: O(m) per cut. A class is an equal-hash group checked exactly on the search tree: its
//! tree edges on one path from the root, with the same number of back edges over them, the back
//! edges over the lower of two all landing above the upper (the highest landing point below each
//! vertex, by a union-find pass), and at most one back edge, then the only one over them. A group
//! that fails (a hash collision) has each cut decided by decomposing c again without the edge,
//! O(size of c) each. Both share the budget, and a value's parity being the parity of its edges,
//! only the cuts whose parity is right are evaluated.

use rustc_hash::FxHashMap;

use super::fusion::{Fusion, Kind, NONE, fuse};

/// What an edge's cut does to the ground's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The cut leaves value 0.
    Wins,
    /// The cut leaves a non-zero value.
    Loses,
    /// Not decided: the budget of work ran out.
    Unexamined,
}

/// The component of `c`'s vertices and edges, with what hangs below by bridges as weights.
struct Local {
    vertices: usize,
    edges: Vec<[u32; 2]>,
    /// The position in `edges` of each global edge of the component.
    position: FxHashMap<u32, u32>,
    weights: Vec<u64>,
    anchor: u32,
}

/// The target of each component: the value it must take for the ground to be worth 0 with
/// everything else unchanged, `None` when no cut inside it (or below) can make it.
pub(super) fn targets(fusion: &Fusion) -> Vec<Option<u64>> {
    let comps = &fusion.components;
    let mut target = vec![None; comps.len()];
    if let Some(first) = target.first_mut() {
        *first = Some(0);
    }
    for d in 1..comps.len() {
        let p = comps[d].parent as usize;
        target[d] = target[p].and_then(|t| {
            let needed = t ^ comps[p].value ^ (comps[d].value + 1);
            needed.checked_sub(1)
        });
    }
    target
}

/// Decides the cut of every edge of `edges` (dense vertices `0..vertices`, decomposed as
/// `fusion`), spending at most `budget` vertices and edges on components decomposed again.
pub(super) fn verdicts(
    vertices: usize,
    edges: &[[u32; 2]],
    fusion: &Fusion,
    budget: u64,
) -> Vec<Verdict> {
    let comps = &fusion.components;
    let target = targets(fusion);
    // How many cycle edges share each hash.
    let mut sharing: FxHashMap<u64, u32> = FxHashMap::default();
    for (i, kind) in fusion.kind.iter().enumerate() {
        if matches!(kind, Kind::Cycle(_)) {
            *sharing.entry(fusion.hash[i]).or_default() += 1;
        }
    }
    let decided = |wins: bool| if wins { Verdict::Wins } else { Verdict::Loses };
    let flips = |c: u32| decided(target[c as usize] == Some(comps[c as usize].value ^ 1));
    // Unexamined here stands for "to decompose again" until the loop below.
    let mut verdicts: Vec<Verdict> = fusion
        .kind
        .iter()
        .enumerate()
        .map(|(i, &kind)| match kind {
            Kind::Fallen => Verdict::Loses,
            Kind::Bridge(d) => {
                let p = comps[d as usize].parent as usize;
                decided(target[p] == Some(comps[p].value ^ (comps[d as usize].value + 1)))
            }
            Kind::Loop(c) => flips(c),
            Kind::Cycle(c) if sharing[&fusion.hash[i]] == 1 => flips(c),
            // The value after any cut in c has the parity of its value ⊕ 1.
            Kind::Cycle(c) => match target[c as usize] {
                Some(t) if (t ^ comps[c as usize].value) & 1 == 1 => Verdict::Unexamined,
                _ => Verdict::Loses,
            },
        })
        .collect();
    let pending = |verdicts: &[Verdict], i: usize| match (verdicts[i], fusion.kind[i]) {
        (Verdict::Unexamined, Kind::Cycle(c)) => Some(c),
        _ => None,
    };
    if !(0..verdicts.len()).any(|i| pending(&verdicts, i).is_some()) {
        return verdicts;
    }
    let mut spent = 0u64;
    // Classes first: each pending edge's group, checked once.
    let structure = Structure::of(vertices, edges, fusion);
    let mut groups: FxHashMap<u64, Vec<u32>> = FxHashMap::default();
    for (i, kind) in fusion.kind.iter().enumerate() {
        if matches!(kind, Kind::Cycle(_)) && sharing[&fusion.hash[i]] > 1 {
            groups.entry(fusion.hash[i]).or_default().push(i as u32);
        }
    }
    let mut classes: FxHashMap<u64, Option<Class>> = FxHashMap::default();
    let mut wanted = vec![false; comps.len()];
    for i in 0..verdicts.len() {
        let Some(c) = pending(&verdicts, i) else {
            continue;
        };
        let hash = fusion.hash[i];
        let class = classes
            .entry(hash)
            .or_insert_with(|| structure.class(edges, c, &groups[&hash]));
        let Some(class) = class else {
            wanted[c as usize] = true;
            continue;
        };
        let cost = class.edges.len() as u64;
        if spent + cost <= budget {
            spent += cost;
            verdicts[i] = decided(Some(class.value_after(i as u32)) == target[c as usize]);
        }
    }
    // The rest (hash collisions): each part decomposed again without the edge.
    let mut locals = locals(vertices, edges, fusion, &wanted);
    for i in 0..verdicts.len() {
        let Some(c) = pending(&verdicts, i) else {
            continue;
        };
        if classes[&fusion.hash[i]].is_some() {
            continue;
        }
        let local = locals
            .get_mut(&c)
            .expect("built for every wanted component");
        let cost = (local.vertices + local.edges.len()) as u64;
        if spent + cost > budget {
            continue;
        }
        spent += cost;
        let skip = local.position[&(i as u32)] as usize;
        let after = fuse(
            local.vertices,
            &local.edges,
            Some(skip),
            local.anchor,
            &local.weights,
        );
        verdicts[i] = decided(Some(after.components[0].value) == target[c as usize]);
    }
    verdicts
}

/// A class of edges that pairwise form 2-edge cuts, around the cycle of pieces that removing
/// them all leaves: `edges[j]` joins piece j and piece j + 1 (mod m); piece 0 holds the anchor.
struct Class {
    edges: Vec<u32>,
    /// Each piece's own value: the parity of its edges and the XOR of what hangs from it.
    pieces: Vec<u64>,
}

impl Class {
    /// The value of the component after `edge` of the class is cut: the pieces form a path
    /// through piece 0, valued by the colon principle along each arm.
    fn value_after(&self, edge: u32) -> u64 {
        let j = self
            .edges
            .iter()
            .position(|&e| e == edge)
            .expect("in the class");
        let m = self.pieces.len();
        // One arm is pieces 1..=j (far end j), the other pieces m − 1 down to j + 1.
        let arm = |far_to_near: &mut dyn Iterator<Item = usize>| {
            far_to_near.fold(0, |held, piece| {
                let value = self.pieces[piece] ^ held;
                value + 1
            })
        };
        self.pieces[0] ^ arm(&mut (1..=j).rev()) ^ arm(&mut (j + 1..m))
    }
}

/// What the classes need of the search tree: the highest landing point below each vertex and the
/// XOR of the own values of each vertex's subtree within its component.
struct Structure<'a> {
    fusion: &'a Fusion,
    /// For each vertex, the largest depth above it reached by a back edge over its tree edge
    /// ([`NONE`] when none is).
    high: Vec<u32>,
    /// For each vertex, the XOR over its subtree within its component of what hangs from each
    /// vertex and the parity of the edges each one owns (an edge is owned by its lower end).
    own: Vec<u64>,
}

impl<'a> Structure<'a> {
    fn of(vertices: usize, edges: &[[u32; 2]], fusion: &'a Fusion) -> Structure<'a> {
        let tree = &fusion.tree;
        let parent = |v: u32| {
            let [a, b] = edges[tree.up_edge[v as usize] as usize];
            if a == v { b } else { a }
        };
        let mut own = vec![0u64; vertices];
        let mut backs = Vec::new();
        for (i, (&kind, &[u, v])) in fusion.kind.iter().zip(edges).enumerate() {
            let lower = if tree.depth[u as usize] >= tree.depth[v as usize] {
                u
            } else {
                v
            };
            match kind {
                Kind::Bridge(d) => {
                    let upper = if lower == u { v } else { u };
                    own[upper as usize] ^= fusion.components[d as usize].value + 1;
                }
                Kind::Loop(_) | Kind::Cycle(_) => {
                    own[lower as usize] ^= 1;
                    if tree.back[i] {
                        let upper = if lower == u { v } else { u };
                        backs.push((tree.depth[upper as usize], lower));
                    }
                }
                Kind::Fallen => {}
            }
        }
        for &v in tree.preorder.iter().rev() {
            let i = tree.up_edge[v as usize];
            if i != NONE && matches!(fusion.kind[i as usize], Kind::Cycle(_)) {
                own[parent(v) as usize] ^= own[v as usize];
            }
        }
        // Back edges deepest landing first: each vertex on the way up from the lower end, not
        // yet given a landing point, gets this one; `jump` skips those already given one.
        backs.sort_unstable_by_key(|b| std::cmp::Reverse(b.0));
        let mut high = vec![NONE; vertices];
        let mut jump: Vec<u32> = (0..vertices as u32).collect();
        let find = |jump: &mut Vec<u32>, mut v: u32| {
            let mut root = v;
            while jump[root as usize] != root {
                root = jump[root as usize];
            }
            while jump[v as usize] != root {
                let next = jump[v as usize];
                jump[v as usize] = root;
                v = next;
            }
            root
        };
        for (landing, lower) in backs {
            let mut v = find(&mut jump, lower);
            while tree.depth[v as usize] > landing {
                high[v as usize] = landing;
                let up = parent(v);
                jump[v as usize] = up;
                v = find(&mut jump, up);
            }
        }
        Structure { fusion, high, own }
    }

    /// The class of `group` (edges of component `c` with one cover hash), if it is one.
    fn class(&self, edges: &[[u32; 2]], c: u32, group: &[u32]) -> Option<Class> {
        let fusion = self.fusion;
        let tree = &fusion.tree;
        let (mut tree_edges, backs): (Vec<u32>, Vec<u32>) =
            group.iter().partition(|&&e| !tree.back[e as usize]);
        if backs.len() > 1 || tree_edges.is_empty() {
            return None;
        }
        let child = |e: u32| {
            let [a, b] = edges[e as usize];
            if tree.up_edge[a as usize] == e { a } else { b }
        };
        tree_edges.sort_unstable_by_key(|&e| tree.depth[child(e) as usize]);
        let lower: Vec<u32> = tree_edges.iter().map(|&e| child(e)).collect();
        let count = tree.cover[lower[0] as usize];
        let inside = |v: u32, of: u32| {
            let (p, q) = (tree.position[v as usize], tree.position[of as usize]);
            q <= p && p < q + tree.size[of as usize]
        };
        let same_cover = lower.windows(2).all(|pair| {
            let (upper, below) = (pair[0], pair[1]);
            inside(below, upper)
                && tree.cover[below as usize] == count
                && self.high[below as usize] < tree.depth[upper as usize]
        });
        if !same_cover {
            return None;
        }
        let own = |v: u32| self.own[v as usize];
        let anchor = fusion.components[c as usize].anchor;
        let (first, last) = (lower[0], lower[lower.len() - 1]);
        let mut pieces = Vec::with_capacity(group.len());
        let mut class_edges = tree_edges.clone();
        match backs[..] {
            [] if tree_edges.len() >= 2 => {
                // Piece 0 holds the anchor's side and the last subtree; each edge is owned by
                // the vertex below it, in the piece it leads to.
                pieces.push(own(anchor) ^ own(first) ^ own(last) ^ 1);
            }
            [b] if count == 1 && tree.cover_edges[first as usize] == b => {
                pieces.push(own(anchor) ^ own(first));
                class_edges.push(b);
            }
            _ => return None,
        }
        for pair in lower.windows(2) {
            pieces.push(own(pair[0]) ^ own(pair[1]) ^ 1);
        }
        if !backs.is_empty() {
            // The last subtree: its tree edge and the back edge both owned there.
            pieces.push(own(last));
        }
        Some(Class {
            edges: class_edges,
            pieces,
        })
    }
}

/// The `wanted` components as graphs of their own, in one pass over the vertices and the edges.
fn locals(
    vertices: usize,
    edges: &[[u32; 2]],
    fusion: &Fusion,
    wanted: &[bool],
) -> FxHashMap<u32, Local> {
    let mut locals: FxHashMap<u32, Local> = FxHashMap::default();
    if !wanted.contains(&true) {
        return locals;
    }
    let mut index = vec![NONE; vertices];
    for (v, &c) in fusion.component.iter().enumerate() {
        if c != NONE && wanted[c as usize] {
            let local = locals.entry(c).or_insert_with(|| Local {
                vertices: 0,
                edges: Vec::new(),
                position: FxHashMap::default(),
                weights: Vec::new(),
                anchor: NONE,
            });
            index[v] = local.vertices as u32;
            local.vertices += 1;
            local.weights.push(0);
            if v as u32 == fusion.components[c as usize].anchor {
                local.anchor = index[v];
            }
        }
    }
    for (i, &kind) in fusion.kind.iter().enumerate() {
        let [u, v] = edges[i];
        match kind {
            Kind::Loop(c) | Kind::Cycle(c) if wanted[c as usize] => {
                let local = locals.get_mut(&c).expect("made above");
                local.position.insert(i as u32, local.edges.len() as u32);
                local.edges.push([index[u as usize], index[v as usize]]);
            }
            Kind::Bridge(d) => {
                let c = fusion.components[d as usize].parent;
                if !wanted[c as usize] {
                    continue;
                }
                let upper = if fusion.component[u as usize] == c {
                    u
                } else {
                    v
                };
                let local = locals.get_mut(&c).expect("made above");
                local.weights[index[upper as usize] as usize] ^=
                    fusion.components[d as usize].value + 1;
            }
            _ => {}
        }
    }
    locals
}
