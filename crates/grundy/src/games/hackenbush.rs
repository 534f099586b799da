//! Green Hackenbush: a drawing of edges hangs from the ground (vertex 0); a move cuts one edge,
//! and everything no longer connected to the ground falls. Who cannot move loses.
//!
//! Theorems (Berlekamp, Conway and Guy, *Winning Ways*, chapter 7):
//! - colon principle: a vertex is worth the XOR over its branches of 1 + the value of what the
//!   branch's edge holds, so a tree is valued from the leaves down (a leaf is worth 0);
//! - fusion principle: the vertices of a cycle may be fused into one without changing the value;
//!   an edge whose ends are fused becomes a loop, worth 1 (a loop is a stalk of one edge).
//!
//! So every 2-edge-connected part of the drawing (what is left between the bridges) fuses into
//! one vertex whose edges all become loops, the bridges form a tree of these vertices, and the
//! colon principle values it ([`value`], O(V + E), no recursion). The winning cuts follow from
//! the value each part must take ([`analyze`]; see `moves.rs` for their cost).
//!
//! # Examples
//! ```
//! use grundy::games::hackenbush::{self, Bounds, Drawing};
//! // A triangle on the ground with a stalk of two edges on top: the triangle fuses into the
//! // ground with 3 loops (1 ⊕ 1 ⊕ 1 = 1), the stalk is worth 2: 1 ⊕ 2 = 3.
//! let d = Drawing::parse_inline("0-1,1-2,2-0,1-3,3-4", Bounds::DEFAULT).unwrap();
//! assert_eq!(hackenbush::value(&d).value(), 3);
//! ```

mod explain;
mod fusion;
mod moves;
mod playable;
#[cfg(test)]
mod tests;
mod text;

use rustc_hash::FxHashMap;

pub use explain::{Branch, CutKind, HackenbushStep};
pub use playable::HackenbushPlay;
pub use text::{Bounds, DrawingError};

use serde::Serialize;

use crate::{Analysis, AnalyzeOptions, Game, Lang, Move, MoveList, Nimber};
use fusion::{Fusion, Kind, fuse};
use moves::Verdict;

/// An edge: its two ends (vertex numbers, 0 the ground); a loop has equal ends.
pub type Edge = [u32; 2];

/// A Green Hackenbush position: its edges in the order given (edge 1 first in messages).
///
/// Edges not connected to the ground are kept as given but are not in play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Drawing {
    edges: Vec<Edge>,
}

impl Drawing {
    /// The drawing with these edges.
    pub fn new(edges: Vec<Edge>) -> Drawing {
        Drawing { edges }
    }

    /// Its edges, in order.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Which edges are in play (connected to the ground).
    pub fn in_play(&self) -> Vec<bool> {
        let dense = Dense::of(self);
        let fusion = fuse(dense.labels.len(), &dense.edges, None, 0, &[]);
        fusion.kind.iter().map(|&k| k != Kind::Fallen).collect()
    }
}

/// The drawing's vertices renumbered `0..n` (the ground 0) in order of appearance.
struct Dense {
    edges: Vec<[u32; 2]>,
    /// The vertex number of each dense vertex.
    labels: Vec<u32>,
}

impl Dense {
    fn of(drawing: &Drawing) -> Dense {
        let mut index: FxHashMap<u32, u32> = FxHashMap::default();
        let mut labels = vec![0];
        index.insert(0, 0);
        let mut id = |v: u32| {
            *index.entry(v).or_insert_with(|| {
                labels.push(v);
                labels.len() as u32 - 1
            })
        };
        let edges = drawing.edges.iter().map(|&[u, v]| [id(u), id(v)]).collect();
        Dense { edges, labels }
    }

    fn fuse(&self, skip: Option<usize>) -> Fusion {
        fuse(self.labels.len(), &self.edges, skip, 0, &[])
    }
}

/// The value of a drawing: fuse the 2-edge-connected parts, then the colon principle.
///
/// Cost: O(V + E) time, about 150 bytes an edge.
pub fn value(drawing: &Drawing) -> Nimber {
    Nimber(Dense::of(drawing).fuse(None).components[0].value)
}

/// How much work [`analyze`] may spend on the cuts of edges that form 2-edge cuts with others:
/// a cycle of 7001 edges, every cut evaluated, takes that (about 0.2 s, `docs/benchmarks.md`).
pub const DEFAULT_BUDGET: u64 = 50_000_000;

/// The analysis of a drawing, and how many edges' cuts were left undecided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HackenbushAnalysis {
    /// Outcome, value, winning cuts ([`Cut`], by edge), explanation.
    pub analysis: Analysis<HackenbushStep, Cut>,
    /// Cuts that the budget left undecided (each might win); 0 means the list is complete.
    pub unexamined: u64,
}

/// Analyses a drawing with [`DEFAULT_BUDGET`]: see [`analyze_within`].
pub fn analyze(drawing: &Drawing, options: &AnalyzeOptions) -> HackenbushAnalysis {
    analyze_within(drawing, options, DEFAULT_BUDGET)
}

/// Analyses a drawing: outcome, value, every winning cut in edge order, and the explanation.
///
/// Cost: O(V + E) for the value and for the cuts of every bridge, every loop, and every edge
/// that forms a 2-edge cut with no other edge. An edge in a class of m edges that pairwise form
/// 2-edge cuts (the m edges of a cycle hanging by one vertex, say) costs O(m) when the parity of
/// the value after its cut can be right, so a cycle of n edges costs O(n²) in all; `budget`
/// bounds that work (in pieces of classes visited), and the cuts past it are counted in
/// [`HackenbushAnalysis::unexamined`]. (Should two cover hashes collide, the cuts of the edges
/// concerned cost O(size of their 2-edge-connected part) each, within the same budget.)
pub fn analyze_within(
    drawing: &Drawing,
    options: &AnalyzeOptions,
    budget: u64,
) -> HackenbushAnalysis {
    let dense = Dense::of(drawing);
    let fusion = dense.fuse(None);
    let total = Nimber(fusion.components[0].value);
    let verdicts = moves::verdicts(dense.labels.len(), &dense.edges, &fusion, budget);
    let mut moves = MoveList::new(options.max_moves);
    let mut unexamined = 0;
    for (edge, verdict) in verdicts.iter().enumerate() {
        match verdict {
            Verdict::Wins => moves.push(cut(drawing, &fusion, edge)),
            Verdict::Unexamined => unexamined += 1,
            Verdict::Loses => {}
        }
    }
    let explanation = if options.explain {
        explain::steps(drawing, &dense.labels, &fusion, moves.first(), unexamined)
    } else {
        Vec::new()
    };
    HackenbushAnalysis {
        analysis: moves.into_analysis(total, explanation),
        unexamined,
    }
}

/// A move: edge `edge` (from 0, in the order given) of a drawing is cut; `falls` more edges lose
/// their way to the ground and fall with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename = "cut")]
pub struct Cut {
    /// Index of the edge, from 0.
    pub edge: usize,
    /// Its two ends.
    pub ends: [u32; 2],
    /// How many other edges fall.
    pub falls: u64,
}

impl Move for Cut {
    fn describe(&self, lang: Lang) -> String {
        let Cut {
            edge,
            ends: [u, v],
            falls,
        } = *self;
        match (falls, lang) {
            (0, Lang::En) => format!("cut edge {} ({u}-{v})", edge + 1),
            (1, Lang::En) => format!("cut edge {} ({u}-{v}); 1 more edge falls with it", edge + 1),
            (_, Lang::En) => format!(
                "cut edge {} ({u}-{v}); {falls} more edges fall with it",
                edge + 1
            ),
            (0, Lang::Zh) => format!("剪断第 {} 条边（{u}-{v}）", edge + 1),
            (_, Lang::Zh) => format!(
                "剪断第 {} 条边（{u}-{v}），另有 {falls} 条边随之掉落",
                edge + 1
            ),
        }
    }
}

/// The move that cuts `edge` (from 0), with how many edges fall with it.
fn cut(drawing: &Drawing, fusion: &Fusion, edge: usize) -> Cut {
    Cut {
        edge,
        ends: drawing.edges[edge],
        falls: match fusion.kind[edge] {
            Kind::Bridge(d) => fusion.components[d as usize].below,
            _ => 0,
        },
    }
}

/// Every legal cut, in edge order: one per edge in play ([`Cut`], with how many edges
/// fall with it). Cost: O(V + E).
pub fn cuts(drawing: &Drawing) -> Vec<Cut> {
    let fusion = Dense::of(drawing).fuse(None);
    (0..drawing.edges.len())
        .filter(|&edge| fusion.kind[edge] != Kind::Fallen)
        .map(|edge| cut(drawing, &fusion, edge))
        .collect()
}

/// The edges (from 0) that fall when `edge` is cut: in play before, not after, the cut one left
/// out. Cost: O(V + E).
pub fn falling(drawing: &Drawing, edge: usize) -> Vec<usize> {
    let dense = Dense::of(drawing);
    let before = dense.fuse(None);
    let after = dense.fuse(Some(edge));
    (0..drawing.edges.len())
        .filter(|&i| i != edge && before.kind[i] != Kind::Fallen && after.kind[i] == Kind::Fallen)
        .collect()
}

/// The drawing after `edge` (from 0) is cut: the edges still in play, in their order.
/// Cost: O(V + E).
///
/// # Panics
/// If `edge` is not below the number of edges.
pub fn apply(drawing: &Drawing, edge: usize) -> Drawing {
    assert!(edge < drawing.edges.len(), "no edge {edge}");
    let after = Dense::of(drawing).fuse(Some(edge));
    Drawing::new(
        drawing
            .edges
            .iter()
            .zip(&after.kind)
            .filter(|&(_, &k)| k != Kind::Fallen)
            .map(|(&e, _)| e)
            .collect(),
    )
}

/// Green Hackenbush as a [`Game`], for the engine: a move cuts one edge in play; the option is
/// the drawing of the edges still in play. The branches at the ground (the parts that meet only
/// there, each with its ground edges) are its components.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

impl Game for Hackenbush {
    type Position = Drawing;

    fn options(&self, drawing: &Drawing, out: &mut Vec<Drawing>) {
        let in_play = drawing.in_play();
        for (edge, _) in in_play.iter().enumerate().filter(|&(_, &p)| p) {
            out.push(apply(drawing, edge));
        }
    }

    fn components(&self, drawing: &Drawing, parts: &mut Vec<Drawing>) -> bool {
        let in_play = drawing.in_play();
        // Union-find over the vertices but the ground: a branch is a class, a ground loop is a
        // branch of its own.
        let dense = Dense::of(drawing);
        let mut parent: Vec<u32> = (0..dense.labels.len() as u32).collect();
        fn find(parent: &mut [u32], mut v: u32) -> u32 {
            while parent[v as usize] != v {
                parent[v as usize] = parent[parent[v as usize] as usize];
                v = parent[v as usize];
            }
            v
        }
        for &[u, v] in &dense.edges {
            if u != 0 && v != 0 {
                let (a, b) = (find(&mut parent, u), find(&mut parent, v));
                parent[a as usize] = b;
            }
        }
        let mut branch: FxHashMap<u32, usize> = FxHashMap::default();
        let first = parts.len();
        for (i, &[u, v]) in dense.edges.iter().enumerate() {
            if !in_play[i] {
                continue;
            }
            let part = if u == 0 && v == 0 {
                parts.len()
            } else {
                let root = find(&mut parent, if u == 0 { v } else { u });
                *branch.entry(root).or_insert(parts.len())
            };
            if part == parts.len() {
                parts.push(Drawing::default());
            }
            parts[part].edges.push(drawing.edges[i]);
        }
        parts.len() - first > 1
    }
}
