//! Every winning cut.
//!
//! The value a component must take for the ground to be worth 0 propagates down the tree of
//! components: the ground's must be 0; a component d below c (by a bridge) must make c's value
//! the target t of c, so its branch must be worth n = t ⊕ value(c) ⊕ (1 + value(d)). If n = 0,
//! cutting the bridge wins (the branch goes); otherwise d must be worth n − 1, and no cut above
//! does it. So a bridge is checked in O(1), and so is a loop (it changes its component's value by
//! ⊕ 1). Cutting any other edge of a component c makes nothing fall but can turn edges of c into
//! bridges: those that form a 2-edge cut with it. An edge in no 2-edge cut leaves c fused and
//! changes its value by ⊕ 1, like a loop; the cover hashes of [`super::fusion`] find those (an
//! edge whose hash no other edge has). For the others, c alone (what hangs below it by bridges
//! as weights on its vertices) is decomposed again without the edge: O(size of c) each, within
//! a budget; a value's parity is the parity of its edges, so only the cuts whose parity is right
//! are decomposed.

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
    let wanted: Vec<bool> = {
        let mut wanted = vec![false; comps.len()];
        for (i, verdict) in verdicts.iter().enumerate() {
            if let (Verdict::Unexamined, Kind::Cycle(c)) = (verdict, fusion.kind[i]) {
                wanted[c as usize] = true;
            }
        }
        wanted
    };
    let mut locals = locals(vertices, edges, fusion, &wanted);
    let mut spent = 0u64;
    for (i, verdict) in verdicts.iter_mut().enumerate() {
        let (Verdict::Unexamined, Kind::Cycle(c)) = (*verdict, fusion.kind[i]) else {
            continue;
        };
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
        *verdict = decided(Some(after.components[0].value) == target[c as usize]);
    }
    verdicts
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
