//! Problems of Green Hackenbush: rooted trees, trees with pendant polygons, and trees under
//! misère play (the anti-SG rule of the accepted solutions).

use std::io::Write;

use anyhow::bail;
use grundy::Nimber;
use grundy::games::hackenbush::{self, Drawing, Edge};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::{Input, Problem, Size};

/// HDU 3094: T ≤ 100, N ≤ 10^5 (the number of tests of `--size max` is ours: 5 trees of 10^5
/// vertices, 6.5 MB).
const TREE_TESTS: u64 = 100;
const TREE_VERTICES: u64 = 100_000;
const TREE_MAX_TESTS: u64 = 5;
/// POJ 3710 and HDU 3590: N < 100 graphs of m < 100 vertices (k < 500 edges); the number of test
/// cases is not given (ours for `--size max`).
const GRAPHS: u64 = 99;
const VERTICES: u64 = 99;
const EDGES: u64 = 499;
const MAX_TESTS: u64 = 10;

pub const PROBLEMS: &[Problem] = &[
    Problem {
        id: "hdu-3094",
        aliases: &[],
        title: "A tree game: Green Hackenbush on a rooted tree, T tests",
        answers: "`Alice` / `Bob`",
        nim: None,
        solve: tree_game,
        generate: |rng, size| {
            let (tests, vertices) = match size {
                Size::Small => (rng.random_range(1..=3), 8),
                Size::Max => (TREE_MAX_TESTS, TREE_VERTICES),
            };
            (0..tests)
                .map(|t| {
                    let n = match size {
                        Size::Small => rng.random_range(1..=vertices),
                        Size::Max => vertices,
                    };
                    // The first large tree is a path: 10^5 levels deep.
                    let path = size == Size::Max && t == 0;
                    vec![vec![n], flat(&tree(rng, n, path))]
                })
                .collect()
        },
        format: |cases| {
            let mut text = format!("{}\n", cases.len());
            for case in cases {
                text.push_str(&format!("{}\n", case[0][0]));
                pairs(&case[1], &mut text);
            }
            text
        },
    },
    Problem {
        id: "poj-3710",
        aliases: &[],
        title: "Christmas Game: trees with polygons hanging by one vertex (until the end)",
        answers: "`Sally` / `Harry`",
        nim: None,
        solve: christmas_game,
        generate: |rng, size| {
            let (tests, graphs, vertices) = match size {
                Size::Small => (rng.random_range(1..=2), 3, 7),
                Size::Max => (MAX_TESTS, GRAPHS, VERTICES),
            };
            (0..tests)
                .map(|_| {
                    let count = match size {
                        Size::Small => rng.random_range(1..=graphs),
                        Size::Max => graphs,
                    };
                    (0..count)
                        .map(|_| {
                            let m = match size {
                                Size::Small => rng.random_range(1..=vertices),
                                Size::Max => vertices,
                            };
                            let mut list = vec![m];
                            list.extend(flat(&christmas_tree(rng, m)));
                            list
                        })
                        .collect()
                })
                .collect()
        },
        // A case is one list per graph: [m, a, b, a, b, …].
        format: |cases| {
            let mut text = String::new();
            for case in cases {
                text.push_str(&format!("{}\n", case.len()));
                for graph in case {
                    let edges = &graph[1..];
                    text.push_str(&format!("{} {}\n", graph[0], edges.len() / 2));
                    pairs(edges, &mut text);
                }
            }
            text
        },
    },
    Problem {
        id: "hdu-3590",
        aliases: &[],
        title: "PP and QQ: rooted trees, misère (until the end)",
        answers: "`PP` / `QQ`, by the anti-SG rule over the trees that the accepted solutions use",
        nim: None,
        solve: pp_and_qq,
        generate: |rng, size| {
            let (tests, trees, vertices) = match size {
                Size::Small => (rng.random_range(1..=3), 3, 6),
                Size::Max => (MAX_TESTS, GRAPHS, VERTICES),
            };
            (0..tests)
                .map(|_| {
                    let count = match size {
                        Size::Small => rng.random_range(1..=trees),
                        Size::Max => trees,
                    };
                    (0..count)
                        .map(|_| {
                            let m = match size {
                                Size::Small => rng.random_range(1..=vertices),
                                Size::Max => vertices,
                            };
                            let mut list = vec![m];
                            list.extend(flat(&tree(rng, m, false)));
                            list
                        })
                        .collect()
                })
                .collect()
        },
        // A case is one list per tree: [m, a, b, a, b, …].
        format: |cases| {
            let mut text = String::new();
            for case in cases {
                text.push_str(&format!("{}\n", case.len()));
                for tree in case {
                    text.push_str(&format!("{}\n", tree[0]));
                    pairs(&tree[1..], &mut text);
                }
            }
            text
        },
    },
];

/// The numbers of `edges` two to a line.
fn pairs(numbers: &[u64], text: &mut String) {
    for pair in numbers.chunks(2) {
        text.push_str(&super::join(pair));
        text.push('\n');
    }
}

fn flat(edges: &[[u64; 2]]) -> Vec<u64> {
    edges.iter().flatten().copied().collect()
}

/// A random tree on vertices 1..=n rooted at 1 (a path 1-2-…-n if `path`), its other vertices
/// renamed, its edges shuffled and each written either way round.
fn tree(rng: &mut ChaCha8Rng, n: u64, path: bool) -> Vec<[u64; 2]> {
    let mut names: Vec<u64> = (2..=n).collect();
    names.shuffle(rng);
    let name = |v: u64| if v == 1 { 1 } else { names[v as usize - 2] };
    let mut edges: Vec<[u64; 2]> = (2..=n)
        .map(|v| {
            let parent = if path { v - 1 } else { rng.random_range(1..v) };
            let edge = [name(parent), name(v)];
            if rng.random_bool(0.5) {
                edge
            } else {
                [edge[1], edge[0]]
            }
        })
        .collect();
    edges.shuffle(rng);
    edges
}

/// A random graph of POJ 3710 on vertices 1..=m rooted at 1: stalks and polygons (mostly of 3
/// to 5 sides, sometimes 2: a repeated edge) each hanging by one vertex from what is built.
fn christmas_tree(rng: &mut ChaCha8Rng, m: u64) -> Vec<[u64; 2]> {
    let mut edges = Vec::new();
    let mut built = 1;
    while built < m {
        let at = rng.random_range(1..=built);
        let room = m - built;
        let sides = match rng.random_range(0..8) {
            0 => 2,
            1..=3 => rng.random_range(3..=5),
            _ => 1,
        };
        // A polygon of s sides adds s − 1 vertices; one side is a stalk.
        let new = (sides - 1).clamp(1, room);
        let mut previous = at;
        for v in built + 1..=built + new {
            edges.push([previous, v]);
            previous = v;
        }
        if sides > 1 && new == sides - 1 {
            edges.push([previous, at]);
        }
        built += new;
    }
    edges.shuffle(rng);
    edges
}

/// `count` edges between vertices 1..=`vertices` (checked even with `--no-limits`: vertex 1 is
/// the ground), as a drawing whose ground is vertex 1.
fn read_edges(input: &mut Input, vertices: u64, count: u64) -> anyhow::Result<Drawing> {
    let mut edges: Vec<Edge> = Vec::with_capacity(count.min(1 << 20) as usize);
    for _ in 0..count {
        let mut edge = [0u32; 2];
        for end in &mut edge {
            let v = input.read("a vertex", 1, vertices)?;
            if v == 0 || v > vertices || v > u64::from(u32::MAX) {
                bail!(
                    "{}: vertex {v} is not one of the graph's vertices 1..={vertices}",
                    input.last_place()
                );
            }
            *end = (v - 1) as u32;
        }
        edges.push(edge);
    }
    Ok(Drawing::new(edges))
}

fn tree_game(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, TREE_TESTS)?;
    for _ in 0..tests {
        let n = input.read("the number of vertices N", 1, TREE_VERTICES)?;
        let tree = read_edges(input, n, n.saturating_sub(1))?;
        let value = hackenbush::value(&tree);
        writeln!(out, "{}", if value.is_zero() { "Bob" } else { "Alice" })?;
    }
    Ok(())
}

fn christmas_game(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    while let Some(n) = input.read_or_end("the number of graphs N", 1, GRAPHS)? {
        let mut total = Nimber::ZERO;
        for _ in 0..n {
            let m = input.read("the number of vertices m", 1, VERTICES)?;
            let k = input.read("the number of edges k", 0, EDGES)?;
            total += hackenbush::value(&read_edges(input, m, k)?);
        }
        writeln!(out, "{}", if total.is_zero() { "Harry" } else { "Sally" })?;
    }
    Ok(())
}

/// The anti-SG rule over the trees, as the accepted solutions apply it: the first player wins
/// iff the XOR of the trees' values is not 0 and some tree is worth more than 1, or the XOR is 0
/// and no tree is worth more than 1. (The exact outcome of the game takes the root's branches
/// as the single games instead: see docs/contest.md.)
pub(crate) fn anti_sg(values: impl IntoIterator<Item = Nimber>) -> bool {
    let (mut total, mut big) = (Nimber::ZERO, false);
    for value in values {
        total += value;
        big |= value.value() > 1;
    }
    total.is_zero() != big
}

fn pp_and_qq(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    while let Some(n) = input.read_or_end("the number of trees N", 1, GRAPHS)? {
        let mut values = Vec::with_capacity(n.min(1 << 10) as usize);
        for _ in 0..n {
            let m = input.read("the number of vertices m", 1, VERTICES)?;
            values.push(hackenbush::value(&read_edges(
                input,
                m,
                m.saturating_sub(1),
            )?));
        }
        writeln!(out, "{}", if anti_sg(values) { "PP" } else { "QQ" })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Against a search of the game written from the statements: a position is the list of
    //! edges still standing (vertex 0 the root); a move deletes one and then every edge no
    //! longer connected to the root.
    use grundy::engine::Memo;
    use grundy::{Convention, Game, Outcome};

    use super::super::nim::tests::check;
    use super::*;

    type Edges = Vec<[u32; 2]>;

    struct DeleteAnEdge;

    /// The edges of `edges` connected to vertex 0.
    fn standing(edges: &[[u32; 2]]) -> Edges {
        let mut reached = vec![0u32];
        let mut kept = vec![false; edges.len()];
        while let Some(v) = reached.pop() {
            for (i, &[a, b]) in edges.iter().enumerate() {
                if !kept[i] && (a == v || b == v) {
                    kept[i] = true;
                    reached.extend([a, b]);
                }
            }
        }
        let mut left: Edges = (0..edges.len())
            .filter(|&i| kept[i])
            .map(|i| edges[i])
            .collect();
        left.sort_unstable();
        left
    }

    impl Game for DeleteAnEdge {
        type Position = Edges;
        fn options(&self, edges: &Edges, out: &mut Vec<Edges>) {
            for i in 0..edges.len() {
                let mut rest = edges.clone();
                rest.remove(i);
                out.push(standing(&rest));
            }
        }
    }

    /// A graph's edges with vertex 1 as 0, from a case's list `[m, a, b, a, b, …]` (from 1).
    fn graph(numbers: &[u64]) -> Edges {
        standing(
            &numbers
                .chunks(2)
                .map(|p| [p[0] as u32 - 1, p[1] as u32 - 1])
                .collect::<Vec<_>>(),
        )
    }

    /// Several graphs as one position, their roots merged into vertex 0.
    fn forest(graphs: &[Edges]) -> Edges {
        let mut all = Vec::new();
        let mut offset = 0;
        for g in graphs {
            let top = g.iter().flatten().max().copied().unwrap_or(0);
            let shift = |v: u32| if v == 0 { 0 } else { v + offset };
            all.extend(g.iter().map(|&[a, b]| [shift(a), shift(b)]));
            offset += top;
        }
        standing(&all)
    }

    fn value(memo: &mut Memo<Edges>, edges: &Edges) -> u64 {
        memo.grundy(&DeleteAnEdge, edges).unwrap().value()
    }

    #[test]
    fn hdu_3094_against_brute_force() {
        check("hdu-3094", |memo: &mut Memo<Edges>, cases| {
            cases
                .iter()
                .map(|case| match value(memo, &graph(&case[1])) {
                    0 => "Bob\n",
                    _ => "Alice\n",
                })
                .collect()
        });
    }

    #[test]
    fn poj_3710_against_brute_force() {
        check("poj-3710", |memo: &mut Memo<Edges>, cases| {
            cases
                .iter()
                .map(|case| {
                    // The graphs are played side by side: their sum.
                    let total = case.iter().fold(0, |x, g| x ^ value(memo, &graph(&g[1..])));
                    if total == 0 { "Harry\n" } else { "Sally\n" }
                })
                .collect()
        });
    }

    /// The root's branches of a tree: each edge at the root with all it holds.
    fn branches(tree: &Edges) -> Vec<Edges> {
        tree.iter()
            .filter(|e| e.contains(&0))
            .map(|&root_edge| {
                let others: Edges = tree.iter().copied().filter(|&e| e != root_edge).collect();
                // What the root edge holds: the edges reached from its far end without the root.
                let far = root_edge[0].max(root_edge[1]);
                let mut reached = vec![far];
                let mut held = vec![root_edge];
                let mut kept = vec![false; others.len()];
                while let Some(v) = reached.pop() {
                    for (i, &[a, b]) in others.iter().enumerate() {
                        if !kept[i] && a != 0 && b != 0 && (a == v || b == v) {
                            kept[i] = true;
                            held.push([a, b]);
                            reached.extend([a, b]);
                        }
                    }
                }
                held.sort_unstable();
                held
            })
            .collect()
    }

    #[test]
    fn hdu_3590_prints_the_anti_sg_rule_over_trees_and_differs_from_the_game_only_as_documented() {
        let differing = std::cell::Cell::new(0);
        check("hdu-3590", |memo: &mut Memo<Edges>, cases| {
            let mut expected = String::new();
            for case in cases {
                let trees: Vec<Edges> = case.iter().map(|t| graph(&t[1..])).collect();
                let values: Vec<u64> = trees.iter().map(|t| value(memo, t)).collect();
                let printed = anti_sg(values.iter().map(|&v| Nimber(v)));
                let wins = memo
                    .outcome(&DeleteAnEdge, &forest(&trees), Convention::Misere)
                    .unwrap()
                    == Outcome::N;
                // The accepted rule errs exactly where every tree is worth at most 1 and some
                // root branch is worth 2 or more.
                let big_branch = trees.iter().flat_map(branches).any(|b| value(memo, &b) > 1);
                let documented = values.iter().all(|&v| v <= 1) && big_branch;
                assert_eq!(printed != wins, documented, "{case:?}");
                differing.set(differing.get() + usize::from(documented));
                expected.push_str(if printed { "PP\n" } else { "QQ\n" });
            }
            expected
        });
        // The generated inputs do reach the cases where the rule errs.
        assert!(differing.get() > 5, "{}", differing.get());
    }

    #[test]
    fn hdu_3590_smallest_input_where_the_accepted_answer_is_not_the_games() {
        // Every forest of at most 3 edges in all is answered right; one tree whose root holds
        // two stalks of 2 edges (misère Nim 2 + 2, lost for the player to move) is not.
        let problem = crate::find("hdu-3590").unwrap();
        let mut memo = Memo::new();
        // Every rooted tree of at most 3 edges (each vertex after the root hangs from an earlier
        // one), then every forest of them with at most 3 edges in all.
        let mut trees: Vec<Vec<u64>> = vec![vec![1]];
        for m in 2..=4u64 {
            let mut parents: Vec<Vec<u64>> = vec![vec![]];
            for v in 2..=m {
                parents = parents
                    .iter()
                    .flat_map(|p| (1..v).map(move |q| [p.clone(), vec![q, v]].concat()))
                    .collect();
            }
            trees.extend(parents.into_iter().map(|p| [vec![m], p].concat()));
        }
        let edges = |t: &Vec<u64>| t[0] - 1;
        let mut forests: Vec<Vec<Vec<u64>>> = trees.iter().map(|t| vec![t.clone()]).collect();
        for _ in 0..2 {
            let longer: Vec<Vec<Vec<u64>>> = forests
                .iter()
                .flat_map(|f| {
                    trees
                        .iter()
                        .map(move |t| [f.clone(), vec![t.clone()]].concat())
                })
                .filter(|f| f.iter().map(edges).sum::<u64>() <= 3)
                .collect();
            forests.extend(longer);
        }
        for case in &forests {
            let trees: Vec<Edges> = case.iter().map(|t| graph(&t[1..])).collect();
            let values: Vec<Nimber> = trees.iter().map(|t| Nimber(value(&mut memo, t))).collect();
            let wins = memo
                .outcome(&DeleteAnEdge, &forest(&trees), Convention::Misere)
                .unwrap()
                == Outcome::N;
            assert_eq!(anti_sg(values), wins, "{case:?}");
        }
        let input = "1\n5\n1 2\n2 3\n1 4\n4 5\n";
        let answer = crate::solve_bytes(problem, input.as_bytes(), true).unwrap();
        assert_eq!(answer, b"PP\n");
        let tree = graph(&[1, 2, 2, 3, 1, 4, 4, 5]);
        assert_eq!(
            memo.outcome(&DeleteAnEdge, &tree, Convention::Misere),
            Ok(Outcome::P)
        );
    }

    #[test]
    fn vertices_outside_the_graph_are_errors_even_without_limits() {
        for limits in [true, false] {
            let err = crate::solve_bytes(
                crate::find("hdu-3094").unwrap(),
                b"1\n3\n1 2\n0 3\n",
                limits,
            )
            .unwrap_err()
            .to_string();
            assert!(err.starts_with("line 4, column 1: "), "{err}");
        }
        // A tree of no vertex (only with --no-limits) has no edge, not −1 of them.
        let problem = crate::find("hdu-3590").unwrap();
        assert_eq!(
            crate::solve_bytes(problem, b"1\n0\n", false).unwrap(),
            b"PP\n"
        );
    }
}
