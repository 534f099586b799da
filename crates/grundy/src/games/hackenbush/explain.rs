//! The explanation of a drawing: which edges are bridges, which parts fuse and into how many
//! loops, the colon principle from the top of the drawing down to the ground, and a winning cut.

use serde::Serialize;

use super::Cut;
use super::fusion::{Fusion, Kind, NONE};
use super::{Drawing, Edge};
use crate::lang::count_en;
use crate::{Explain, Lang};

/// How many vertices, edges, branches and parts a step lists.
pub const SHOWN: usize = 12;

/// A branch of the colon principle: a bridge and the value of what it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Branch {
    /// The bridge (from 0).
    pub edge: usize,
    /// Its ends.
    pub ends: Edge,
    /// The value of the part beyond it; the branch is worth 1 more.
    pub value: u64,
}

/// What kind of edge a winning cut cuts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CutKind {
    /// A bridge: what is beyond it falls.
    Bridge,
    /// A loop or an edge on a cycle: nothing falls, its part fuses anew.
    OnCycle,
}

/// One step of the explanation of a drawing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum HackenbushStep {
    /// Edges given that are not connected to the ground.
    NotInPlay {
        /// The first of them (from 0).
        edges: Vec<usize>,
        /// How many.
        count: usize,
    },
    /// No edge is in play.
    NoEdge,
    /// How many edges in play are bridges, and how many lie on cycles (loops included).
    Bridges {
        /// Bridges.
        bridges: u64,
        /// Edges on cycles.
        on_cycles: u64,
    },
    /// A 2-edge-connected part fuses into one vertex; its edges become loops.
    Fuse {
        /// Its first vertices.
        vertices: Vec<u32>,
        /// How many vertices it has.
        vertex_count: usize,
        /// Its first edges (from 0).
        edges: Vec<usize>,
        /// How many edges it has: the loops.
        loops: u64,
    },
    /// Fused parts not shown.
    MoreFused {
        /// How many.
        count: usize,
    },
    /// The colon principle at one (fused) vertex, named by the vertex where it hangs.
    Colon {
        /// The vertex (0 the ground).
        vertex: u32,
        /// Whether it is a fused part of several vertices.
        fused: bool,
        /// Its loops.
        loops: u64,
        /// Its first branches.
        branches: Vec<Branch>,
        /// How many branches it has.
        branch_count: usize,
        /// Its value.
        value: u64,
    },
    /// Vertices further from the ground valued the same way, not shown.
    MoreColon {
        /// How many.
        count: usize,
    },
    /// The drawing's value and what it says.
    Total {
        /// The value.
        value: u64,
    },
    /// A winning cut.
    Cut {
        /// The cut.
        change: Cut,
        /// What it cuts.
        kind: CutKind,
    },
    /// The value is 0: every cut leaves a non-zero value.
    EveryCutLoses,
    /// Cuts the work budget left undecided.
    Unexamined {
        /// How many.
        count: u64,
    },
}

/// The steps for `drawing`, whose dense vertex `i` is `labels[i]`, decomposed as `fusion`.
pub(super) fn steps(
    drawing: &Drawing,
    labels: &[u32],
    fusion: &Fusion,
    first: Option<&Cut>,
    unexamined: u64,
) -> Vec<HackenbushStep> {
    let mut steps = Vec::new();
    let not_in_play: Vec<usize> = (0..drawing.edges.len())
        .filter(|&i| fusion.kind[i] == Kind::Fallen)
        .collect();
    if !not_in_play.is_empty() {
        steps.push(HackenbushStep::NotInPlay {
            count: not_in_play.len(),
            edges: not_in_play.into_iter().take(SHOWN).collect(),
        });
    }
    let bridges = fusion
        .kind
        .iter()
        .filter(|k| matches!(k, Kind::Bridge(_)))
        .count() as u64;
    let comps = &fusion.components;
    let on_cycles: u64 = comps.iter().map(|c| c.loops).sum();
    if bridges + on_cycles == 0 {
        steps.push(HackenbushStep::NoEdge);
        return steps;
    }
    steps.push(HackenbushStep::Bridges { bridges, on_cycles });

    // Each part's first vertices and edges, and its branches.
    let mut vertices: Vec<(Vec<u32>, usize)> = vec![(Vec::new(), 0); comps.len()];
    for (v, &c) in fusion.component.iter().enumerate() {
        if c != NONE {
            let (list, count) = &mut vertices[c as usize];
            if list.len() < SHOWN {
                list.push(labels[v]);
            }
            *count += 1;
        }
    }
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); comps.len()];
    let mut branches: Vec<(Vec<Branch>, usize)> = vec![(Vec::new(), 0); comps.len()];
    for (i, &kind) in fusion.kind.iter().enumerate() {
        match kind {
            Kind::Loop(c) | Kind::Cycle(c) if edges[c as usize].len() < SHOWN => {
                edges[c as usize].push(i);
            }
            Kind::Bridge(d) => {
                let (list, count) = &mut branches[comps[d as usize].parent as usize];
                if list.len() < SHOWN {
                    list.push(Branch {
                        edge: i,
                        ends: drawing.edges[i],
                        value: comps[d as usize].value,
                    });
                }
                *count += 1;
            }
            _ => {}
        }
    }
    let vertex_counts: Vec<usize> = vertices.iter().map(|(_, count)| *count).collect();
    let fused: Vec<usize> = (0..comps.len()).filter(|&c| comps[c].loops > 0).collect();
    for &c in fused.iter().take(SHOWN) {
        let (shown, vertex_count) = std::mem::take(&mut vertices[c]);
        steps.push(HackenbushStep::Fuse {
            vertices: shown,
            vertex_count,
            edges: std::mem::take(&mut edges[c]),
            loops: comps[c].loops,
        });
    }
    if fused.len() > SHOWN {
        steps.push(HackenbushStep::MoreFused {
            count: fused.len() - SHOWN,
        });
    }
    // The colon principle from the top down to the ground, at every vertex with something on it.
    let valued: Vec<usize> = (0..comps.len())
        .rev()
        .filter(|&c| c == 0 || comps[c].loops > 0 || branches[c].1 > 0)
        .collect();
    if valued.len() > SHOWN {
        steps.push(HackenbushStep::MoreColon {
            count: valued.len() - SHOWN,
        });
    }
    for &c in &valued[valued.len().saturating_sub(SHOWN)..] {
        let (list, branch_count) = std::mem::take(&mut branches[c]);
        steps.push(HackenbushStep::Colon {
            vertex: labels[comps[c].anchor as usize],
            fused: vertex_counts[c] > 1,
            loops: comps[c].loops,
            branches: list,
            branch_count,
            value: comps[c].value,
        });
    }
    steps.push(HackenbushStep::Total {
        value: comps[0].value,
    });
    match first {
        Some(change @ &Cut { edge, .. }) => steps.push(HackenbushStep::Cut {
            change: *change,
            kind: match fusion.kind[edge] {
                Kind::Bridge(_) => CutKind::Bridge,
                _ => CutKind::OnCycle,
            },
        }),
        _ if comps[0].value == 0 => steps.push(HackenbushStep::EveryCutLoses),
        _ => {}
    }
    if unexamined > 0 {
        steps.push(HackenbushStep::Unexamined { count: unexamined });
    }
    steps
}

/// A list of numbers, "1, 2, 3" or "1、2、3", with "…" when `count` is more.
fn list(items: impl Iterator<Item = String>, count: usize, lang: Lang) -> String {
    let items: Vec<String> = items.collect();
    let more = count > items.len();
    let joined = items.join(lang.pick(", ", "、"));
    match (more, lang) {
        (false, _) => joined,
        (true, Lang::En) => format!("{joined}, … ({count} in all)"),
        (true, Lang::Zh) => format!("{joined}……（共 {count} 个）"),
    }
}

/// What `loops` loops are worth: 1 each, XORed, so the parity of their number.
fn worth(loops: u64, lang: Lang) -> &'static str {
    match (loops, loops % 2, lang) {
        (1, _, Lang::En) => "worth 1",
        (_, 0, Lang::En) => "worth 0 together (an even number of 1s XOR to 0)",
        (_, _, Lang::En) => "worth 1 together (an odd number of 1s XOR to 1)",
        (1, _, Lang::Zh) => "值为 1",
        (_, 0, Lang::Zh) => "合起来值为 0（偶数个 1 的异或和为 0）",
        (_, _, Lang::Zh) => "合起来值为 1（奇数个 1 的异或和为 1）",
    }
}

fn vertex_name(v: u32, fused: bool, lang: Lang) -> String {
    match (v, fused, lang) {
        (0, _, Lang::En) => "the ground".into(),
        (0, _, Lang::Zh) => "地面".into(),
        (_, false, Lang::En) => format!("vertex {v}"),
        (_, true, Lang::En) => format!("the fused vertex at {v}"),
        (_, false, Lang::Zh) => format!("顶点 {v}"),
        (_, true, Lang::Zh) => format!("合并于 {v} 的顶点"),
    }
}

/// Whether a vertex's name ends with its number (a space then goes before Chinese text).
fn vertex_is_number(name: &str) -> bool {
    name.ends_with(|c: char| c.is_ascii_digit())
}

fn edge_numbers(edges: &[usize]) -> impl Iterator<Item = String> + '_ {
    edges.iter().map(|e| (e + 1).to_string())
}

impl Explain for HackenbushStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            HackenbushStep::NotInPlay { edges, count } => match lang {
                Lang::En if *count == 1 => format!(
                    "Edge {} is not connected to the ground: it is not in play.",
                    edges[0] + 1
                ),
                Lang::En => format!(
                    "Edges {} are not connected to the ground: they are not in play.",
                    list(edge_numbers(edges), *count, lang)
                ),
                Lang::Zh => format!(
                    "第 {} 条边与地面不相连，不参与游戏。",
                    list(edge_numbers(edges), *count, lang)
                ),
            },
            HackenbushStep::NoEdge => lang.pick(
                "No edge is in play: the player to move cannot move and loses (a P-position).".into(),
                "没有可剪的边：轮到的一方无法行动，先手必败（必败态）。".into(),
            ),
            HackenbushStep::Bridges { bridges, on_cycles } => lang.pick(
                format!(
                    "Of the {} in play, {} (cutting one drops what is beyond it) and {}. Fusion principle: the vertices of a cycle may be fused into one vertex without changing the value; an edge whose ends are fused becomes a loop, worth 1. Colon principle: a vertex is worth the XOR over its branches of 1 + the value of what the branch holds.",
                    count_en(bridges + on_cycles, "edge", "edges"),
                    match bridges {
                        1 => "1 is a bridge".to_string(),
                        n => format!("{n} are bridges"),
                    },
                    match on_cycles {
                        1 => "1 lies on a cycle".to_string(),
                        n => format!("{n} lie on cycles"),
                    }
                ),
                format!(
                    "参与游戏的 {} 条边中，{bridges} 条是桥（剪断后它外侧的部分掉落），{on_cycles} 条在环上。融合原理：同一个环上的顶点可以合并成一个顶点而不改变值，两端被合并的边变成自环，值为 1。冒号原理：一个顶点的值是它各分支的（1 + 分支上部分的值）的异或和。",
                    bridges + on_cycles
                ),
            ),
            HackenbushStep::Fuse { vertices, vertex_count, edges, loops } => {
                let names = vertices.iter().map(|&v| match (v, lang) {
                    (0, Lang::En) => "the ground".to_string(),
                    (0, Lang::Zh) => "地面".to_string(),
                    (v, _) => v.to_string(),
                });
                let edge_list = list(edge_numbers(edges), *loops as usize, lang);
                match lang {
                    Lang::En if *vertex_count == 1 => format!(
                        "Vertex {} carries {} ({} {edge_list}), {}.",
                        list(names, 1, lang),
                        count_en(*loops, "loop", "loops"),
                        if *loops == 1 { "edge" } else { "edges" },
                        worth(*loops, lang)
                    ),
                    Lang::En => format!(
                        "Vertices {} are joined by cycles and fuse into one vertex; its edges {edge_list} become {}, {}.",
                        list(names, *vertex_count, lang),
                        count_en(*loops, "loop", "loops"),
                        worth(*loops, lang)
                    ),
                    Lang::Zh if *vertex_count == 1 => format!(
                        "顶点 {} 上有 {loops} 个自环（第 {edge_list} 条边），{}。",
                        list(names, 1, lang),
                        worth(*loops, lang)
                    ),
                    Lang::Zh => format!(
                        "顶点 {} 由环连在一起，合并成一个顶点；它们之间的第 {edge_list} 条边变成 {loops} 个自环，{}。",
                        list(names, *vertex_count, lang),
                        worth(*loops, lang)
                    ),
                }
            }
            HackenbushStep::MoreFused { count } => lang.pick(
                format!("{} more parts fuse the same way.", count),
                format!("另有 {count} 个部分同样合并。"),
            ),
            HackenbushStep::Colon { vertex, fused, loops, branches, branch_count, value } => {
                let name = vertex_name(*vertex, *fused, lang);
                let mut terms: Vec<String> = Vec::new();
                let mut parts: Vec<String> = Vec::new();
                if *loops > 0 {
                    terms.push((loops & 1).to_string());
                    parts.push(lang.pick(
                        format!("{} worth {}", count_en(*loops, "loop", "loops"), loops & 1),
                        format!("{loops} 个自环值 {}", loops & 1),
                    ));
                }
                for b in branches {
                    terms.push((b.value + 1).to_string());
                    parts.push(lang.pick(
                        format!(
                            "edge {} ({}-{}) holds a part worth {}, so its branch is worth {}",
                            b.edge + 1, b.ends[0], b.ends[1], b.value, b.value + 1
                        ),
                        format!(
                            "第 {} 条边（{}-{}）上的部分值 {}，这一分支值 {}",
                            b.edge + 1, b.ends[0], b.ends[1], b.value, b.value + 1
                        ),
                    ));
                }
                if *branch_count > branches.len() {
                    terms.push("…".into());
                    parts.push(lang.pick(
                        format!("{} more branches", branch_count - branches.len()),
                        format!("另有 {} 个分支", branch_count - branches.len()),
                    ));
                }
                let sum = if terms.len() > 1 {
                    format!("{} = {value}", terms.join(lang.pick(" XOR ", " 异或 ")))
                } else {
                    value.to_string()
                };
                match lang {
                    Lang::En if parts.is_empty() => format!("{name} holds nothing: it is worth 0."),
                    Lang::En => format!("At {name}: {}. So {name} is worth {sum}.", parts.join("; ")),
                    Lang::Zh if parts.is_empty() => format!("{name}上什么也没有，值为 0。"),
                    Lang::Zh => format!("在{name}：{}。所以{name}{}的值为 {sum}。", parts.join("；"), if vertex_is_number(&name) { " " } else { "" }),
                }
            }
            HackenbushStep::MoreColon { count } => lang.pick(
                format!("{count} vertices further from the ground are valued the same way first (not shown)."),
                format!("离地面更远的 {count} 个顶点先用同样的方法求值（未列出）。"),
            ),
            HackenbushStep::Total { value } => match (value, lang) {
                (0, Lang::En) => "The drawing is worth 0: the player to move loses (a P-position).".into(),
                (v, Lang::En) => format!("The drawing is worth {v} ≠ 0: the player to move wins (an N-position)."),
                (0, Lang::Zh) => "整个图的值为 0：先手必败（必败态）。".into(),
                (v, Lang::Zh) => format!("整个图的值为 {v} ≠ 0：先手必胜（必胜态）。"),
            },
            HackenbushStep::Cut { change, kind } => {
                let Cut { edge, ends: [u, v], falls } = *change;
                let why = match (kind, falls, lang) {
                    (CutKind::Bridge, 0, Lang::En) => "It is a bridge holding nothing".to_string(),
                    (CutKind::Bridge, 1, Lang::En) => {
                        "It is a bridge: the edge beyond it falls with it".into()
                    }
                    (CutKind::Bridge, _, Lang::En) => {
                        format!("It is a bridge: the {falls} edges beyond it fall with it")
                    }
                    (CutKind::OnCycle, _, Lang::En) => {
                        "It lies on a cycle: nothing falls, and its part fuses anew".into()
                    }
                    (CutKind::Bridge, 0, Lang::Zh) => "它是桥，外侧没有边".into(),
                    (CutKind::Bridge, _, Lang::Zh) => format!("它是桥，外侧的 {falls} 条边随之掉落"),
                    (CutKind::OnCycle, _, Lang::Zh) => "它在环上，没有边掉落，它所在的部分重新合并".into(),
                };
                lang.pick(
                    format!(
                        "A winning move: cut edge {} ({u}-{v}). {why}; the drawing is then worth 0 and the opponent faces a P-position.",
                        edge + 1
                    ),
                    format!(
                        "必胜走法：剪断第 {} 条边（{u}-{v}）。{why}；之后整个图的值为 0，把必败态留给对手。",
                        edge + 1
                    ),
                )
            }
            HackenbushStep::EveryCutLoses => lang.pick(
                "A move never leaves the value it starts from (the value is the mex of the options' values), so every cut leaves a non-zero value: it hands the opponent an N-position.".into(),
                "一步之后的值不会等于原来的值（值是各选项值的 mex），所以每一刀之后值都不为 0：都把必胜态留给对手。".into(),
            ),
            HackenbushStep::Unexamined { count } => lang.pick(
                format!(
                    "{} on cycles were not examined (the work budget ran out): the list of winning cuts may be incomplete.",
                    count_en(*count, "cut of an edge", "cuts of edges")
                ),
                format!("有 {count} 条环上的边超出计算预算，没有检查：必胜走法的列表可能不完整。"),
            ),
        }
    }
}
