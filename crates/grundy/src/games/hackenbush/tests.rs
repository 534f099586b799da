//! Against a search of the game over subsets of the edges, on every drawing of up to 7 edges
//! connected to the ground (loops and repeated edges included).

use super::*;
use crate::engine::Memo;
use crate::{Convention, Explain, Lang, Outcome};

/// The edges of `mask` that are still connected to the ground.
fn in_play(edges: &[[u32; 2]], mask: u32) -> u32 {
    let mut reached = 1u32; // vertex 0
    let mut kept = 0u32;
    loop {
        let before = kept;
        for (i, &[u, v]) in edges.iter().enumerate() {
            if mask >> i & 1 == 1 && (reached >> u & 1 == 1 || reached >> v & 1 == 1) {
                kept |= 1 << i;
                reached |= 1 << u | 1 << v;
            }
        }
        if kept == before {
            return kept;
        }
    }
}

/// The value of every subset of the edges (vertices below 32), by the rules alone: a cut
/// removes an edge and whatever is no longer connected to the ground; the value is the mex of
/// the options' values.
fn brute_values(edges: &[[u32; 2]]) -> Vec<u64> {
    let m = edges.len();
    let mut values = vec![0u64; 1 << m];
    for mask in 0..1u32 << m {
        let play = in_play(edges, mask);
        if play != mask {
            values[mask as usize] = values[play as usize];
            continue;
        }
        let mut seen = 0u64;
        for i in 0..m {
            if mask >> i & 1 == 1 {
                let next = in_play(edges, mask & !(1 << i));
                seen |= 1 << values[next as usize];
            }
        }
        values[mask as usize] = u64::from(seen.trailing_ones());
    }
    values
}

/// Every multiset of 1 to `max_edges` edges, each vertex (but the ground) connected to the
/// ground, up to renaming the other vertices: the edges are listed in increasing order as pairs
/// (a ≤ b) and a vertex first appears as the next number (every drawing is reached so by
/// numbering its vertices in breadth-first order from the ground).
fn all_drawings(max_edges: usize) -> Vec<Vec<[u32; 2]>> {
    let mut all = Vec::new();
    let mut layer: Vec<(Vec<[u32; 2]>, u32)> = vec![(Vec::new(), 0)];
    for _ in 0..max_edges {
        let mut next = Vec::new();
        for (edges, top) in &layer {
            let last = edges.last().copied().unwrap_or([0, 0]);
            for a in 0..=*top {
                for b in a..=*top + 1 {
                    if [a, b] < last {
                        continue;
                    }
                    let mut longer = edges.clone();
                    longer.push([a, b]);
                    next.push((longer, (*top).max(b)));
                }
            }
        }
        layer = next;
        all.extend(
            layer
                .iter()
                .filter(|(e, _)| in_play(e, (1 << e.len()) - 1) == (1 << e.len()) - 1)
                .map(|(e, _)| e.clone()),
        );
    }
    all
}

/// Checks value, outcome, winning cuts (with what falls) and the position after every cut.
fn check_against_brute_force(edges: &[[u32; 2]]) {
    let drawing = Drawing::new(edges.to_vec());
    let values = brute_values(edges);
    let full = (1u32 << edges.len()) - 1;
    let play = in_play(edges, full);
    assert_eq!(value(&drawing).value(), values[full as usize], "{drawing}");
    let analysis = analyze(
        &drawing,
        &AnalyzeOptions {
            max_moves: usize::MAX,
            explain: true,
        },
    );
    assert_eq!(analysis.unexamined, 0);
    let a = analysis.analysis;
    assert_eq!(a.value, Some(Nimber(values[full as usize])));
    assert_eq!(
        a.outcome,
        Outcome::from_grundy(Nimber(values[full as usize]))
    );
    let mut expected = Vec::new();
    for i in (0..edges.len()).filter(|&i| play >> i & 1 == 1) {
        let after = in_play(edges, play & !(1 << i));
        let fallen: Vec<usize> = (0..edges.len())
            .filter(|&j| j != i && play >> j & 1 == 1 && after >> j & 1 == 0)
            .collect();
        assert_eq!(falling(&drawing, i), fallen, "{drawing} cut {}", i + 1);
        let kept: Vec<[u32; 2]> = (0..edges.len())
            .filter(|&j| after >> j & 1 == 1)
            .map(|j| edges[j])
            .collect();
        assert_eq!(apply(&drawing, i).edges(), &kept[..]);
        if values[after as usize] == 0 {
            expected.push(Cut {
                edge: i,
                ends: edges[i],
                falls: fallen.len() as u64,
            });
        }
    }
    assert_eq!(a.winning_moves, expected, "{drawing}");
    assert_eq!(a.winning_move_count, expected.len() as u64);
    for step in &a.explanation {
        assert!(!step.text(Lang::En).is_empty() && !step.text(Lang::Zh).is_empty());
    }
    let total = a.explanation.iter().find_map(|s| match s {
        HackenbushStep::Total { value } => Some(*value),
        _ => None,
    });
    assert_eq!(total.unwrap_or(0), values[full as usize]);
}

#[test]
fn every_drawing_of_up_to_7_edges_against_a_search_of_the_subsets() {
    let drawings = all_drawings(7);
    // 2 drawings of one edge, 6 of two, …, 19021 of up to seven.
    assert_eq!(drawings.len(), 19021);
    for edges in &drawings {
        check_against_brute_force(edges);
    }
}

#[test]
fn edges_off_the_ground_are_not_in_play() {
    // Two parts off the ground, a loop on vertex 5 and a triangle, around a stalk and a cycle.
    let mut rng_state = 41u64;
    let mut next = |n: u32| {
        rng_state = rng_state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (rng_state >> 33) as u32 % n
    };
    for _ in 0..3000 {
        let m = 1 + next(9) as usize;
        let edges: Vec<[u32; 2]> = (0..m).map(|_| [next(6), next(6)]).collect();
        check_against_brute_force(&edges);
    }
}

#[test]
fn the_game_for_the_engine_agrees_with_the_subsets() {
    let mut memo = Memo::with_components();
    for edges in all_drawings(5) {
        let values = brute_values(&edges);
        let full = (1usize << edges.len()) - 1;
        let drawing = Drawing::new(edges);
        assert_eq!(
            memo.grundy(&Hackenbush, &drawing).unwrap().value(),
            values[full],
            "{drawing}"
        );
    }
    let d = Drawing::parse_inline("0-1,0-0,0-2,2-3,3-0", Bounds::DEFAULT).unwrap();
    let mut parts = Vec::new();
    assert!(Hackenbush.components(&d, &mut parts));
    let parts: Vec<String> = parts.iter().map(ToString::to_string).collect();
    assert_eq!(parts, ["0-1", "0-0", "0-2,2-3,3-0"]);
    assert_eq!(
        Hackenbush.outcome(&d, Convention::Normal).unwrap(),
        analyze(&d, &AnalyzeOptions::default()).analysis.outcome
    );
}

#[test]
fn a_cycle_at_the_ground_is_won_by_cutting_its_middle_edge() {
    // A cycle of n edges fuses into the ground as n loops; cutting edge i leaves stalks of i and
    // n − 1 − i edges, worth i XOR (n − 1 − i): 0 only for the middle edge when n is odd.
    for n in [1u32, 2, 3, 9, 10, 301, 2001] {
        let edges: Vec<[u32; 2]> = (0..n).map(|i| [i, (i + 1) % n]).collect();
        let d = Drawing::new(edges);
        let a = analyze(&d, &AnalyzeOptions::default());
        assert_eq!(a.analysis.value, Some(Nimber(u64::from(n % 2))));
        let cuts: Vec<usize> = a.analysis.winning_moves.iter().map(|c| c.edge).collect();
        let middle = if n % 2 == 1 {
            vec![(n / 2) as usize]
        } else {
            vec![]
        };
        assert_eq!(cuts, middle, "n = {n}");
    }
}

#[test]
fn the_budget_leaves_cuts_unexamined_and_says_so() {
    let n = 2001u32;
    let d = Drawing::new((0..n).map(|i| [i, (i + 1) % n]).collect());
    let options = AnalyzeOptions {
        max_moves: 10,
        explain: true,
    };
    let a = analyze_within(&d, &options, 10 * u64::from(n));
    assert!(a.unexamined > 0);
    assert!(
        a.analysis
            .explanation
            .iter()
            .any(|s| s.text(Lang::En).contains("may be incomplete"))
    );
}

#[test]
fn long_paths_and_large_graphs_need_no_recursion() {
    let n = 300_000u32;
    let path = Drawing::new((0..n).map(|i| [i, i + 1]).collect());
    let a = analyze(&path, &AnalyzeOptions::default());
    assert_eq!(a.analysis.value, Some(Nimber(u64::from(n))));
    // Cutting the first edge empties the drawing.
    assert_eq!(a.analysis.winning_move_count, 1);
    assert_eq!(
        a.analysis.winning_moves,
        [Cut {
            edge: 0,
            ends: [0, 1],
            falls: u64::from(n) - 1
        }]
    );
}

#[test]
fn errors_name_the_token_and_its_place() {
    let lines = |t: &str| {
        Drawing::parse_lines(t.as_bytes(), Bounds::DEFAULT)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        lines("0 1\n1 x2\n"),
        "line 2, column 3: vertex 'x2' is not a whole number"
    );
    assert_eq!(
        lines("# c\n0 1 2\n"),
        "line 2, column 5: unexpected '2' after the edge's two vertices (one edge `u v` per line)"
    );
    assert_eq!(
        lines("0 1\n  7  # a\n"),
        "line 2, column 3: the edge '7' needs a second vertex (one edge `u v` per line)"
    );
    assert_eq!(
        lines("0 4294967296\n"),
        "line 1, column 3: vertex '4294967296' is larger than 4294967295"
    );
    assert!(lines("0 -1\n").contains("negative"));
    let small = Bounds { max_edges: 2 };
    assert_eq!(
        Drawing::parse_lines(b"0 1\n1 2\n\n2 3\n", small)
            .unwrap_err()
            .to_string(),
        "line 4, column 1: the drawing has more than 2 edges, the limit"
    );
    let inline = |t: &str| {
        Drawing::parse_inline(t, Bounds::DEFAULT)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        inline("0-1,1_2"),
        "value 2: '1_2' is not an edge u-v (edges are written 0-1,1-2,2-2)"
    );
    assert_eq!(
        inline("0-1, 1-a"),
        "value 2: vertex 'a' is not a whole number"
    );
    let d = Drawing::parse_lines(b"0 1 # stalk\n\n1\t1\r\n", Bounds::DEFAULT).unwrap();
    assert_eq!(d.to_string(), "0-1,1-1");
    assert_eq!(
        Drawing::parse_inline(&d.to_string(), Bounds::DEFAULT).unwrap(),
        d
    );
    assert_eq!(
        Drawing::parse_lines(d.to_lines().as_bytes(), Bounds::DEFAULT).unwrap(),
        d
    );
    assert_eq!(
        Drawing::parse_inline("", Bounds::DEFAULT).unwrap(),
        Drawing::default()
    );
}

#[test]
fn the_explanation_shows_the_fusion_and_the_colon_principle_on_the_drawing() {
    // The doc example: a triangle on the ground (edges 1-3) and a stalk 1-3-4 (edges 4, 5).
    let d = Drawing::parse_inline("0-1,1-2,2-0,1-3,3-4,7-8", Bounds::DEFAULT).unwrap();
    let a = analyze(
        &d,
        &AnalyzeOptions {
            max_moves: 10,
            explain: true,
        },
    )
    .analysis;
    let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
    let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
    let all = en.join("\n");
    assert!(all.contains("Edge 6 is not connected"), "{all}");
    assert!(
        all.contains("A winning move: cut edge 5 (3-4). It is a bridge holding nothing"),
        "{all}"
    );
    assert!(
        all.contains("Vertices the ground, 1, 2 are joined by cycles"),
        "{all}"
    );
    assert!(
        all.contains("edges 1, 2, 3 become 3 loops, worth 1"),
        "{all}"
    );
    assert!(all.contains("At vertex 3: edge 5 (3-4) holds a part worth 0, so its branch is worth 1. So vertex 3 is worth 1."), "{all}");
    assert!(all.contains("1 XOR 2 = 3"), "{all}");
    assert!(
        all.contains("worth 3 ≠ 0: the player to move wins"),
        "{all}"
    );
    assert!(zh.join("\n").contains("合并成一个顶点"), "{zh:?}");
    assert!(zh.join("\n").contains("所以顶点 3 的值为 1。"), "{zh:?}");
}

#[test]
fn hash_collisions_only_cost_time() {
    // Every edge labelled alike: the equal-hash groups are checked and, when they are not one
    // class of 2-edge cuts, their cuts are decided by decomposing the part again.
    super::fusion::COLLIDE.with(|c| c.set(true));
    for edges in all_drawings(6) {
        check_against_brute_force(&edges);
    }
    super::fusion::COLLIDE.with(|c| c.set(false));
}
