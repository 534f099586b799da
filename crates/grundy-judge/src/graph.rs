//! A problem played with tokens on a directed acyclic graph.

use std::io::Write;

use grundy::graph::{self, Graph};
use grundy::{Outcome, sum};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{Case, Input, Problem, Size, join};

pub const PROBLEMS: &[Problem] = &[Problem {
    id: "hdu-1524",
    aliases: &["poj-2425"],
    title: "A Chess Game: tokens on a DAG",
    answers: "`WIN` / `LOSE`",
    nim: None,
    solve: chess_on_a_dag,
    generate,
    format,
}];

/// A case is `[[n], followers of 0, …, followers of n − 1, query, …]`.
fn format(cases: &[Case]) -> String {
    let mut text = String::new();
    for case in cases {
        let n = case[0][0] as usize;
        text.push_str(&format!("{n}\n"));
        for list in &case[1..] {
            text.push_str(&format!("{} {}\n", list.len(), join(list)).replace(" \n", "\n"));
        }
        text.push_str("0\n");
    }
    text
}

fn generate(rng: &mut ChaCha8Rng, size: Size) -> Vec<Case> {
    let (tests, max_nodes, max_degree) = match size {
        Size::Small => (rng.random_range(1..=2), 7, 3),
        Size::Max => (3, 1000, 10),
    };
    (0..tests)
        .map(|_| {
            let n = rng.random_range(1..=max_nodes);
            let mut case: Case = vec![vec![n]];
            // Edges only go to larger indices, so the graph is acyclic.
            for u in 0..n {
                let degree = rng.random_range(0..=max_degree.min(n - 1 - u));
                let mut followers: Vec<u64> = (u + 1..n).collect();
                for i in 0..degree as usize {
                    let j = rng.random_range(i..followers.len());
                    followers.swap(i, j);
                }
                followers.truncate(degree as usize);
                case.push(followers);
            }
            let queries = if size == Size::Max {
                100
            } else {
                rng.random_range(1..=3)
            };
            for _ in 0..queries {
                let m = rng.random_range(1..=if size == Size::Max { 10 } else { 3 });
                case.push((0..m).map(|_| rng.random_range(0..n)).collect());
            }
            case
        })
        .collect()
}

fn chess_on_a_dag(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    // Test cases until the end of the input.
    while let Some(n) = input.read_or_end("the number of positions N", 1, 1000)? {
        let mut lists = Vec::with_capacity(n.min(1 << 20) as usize);
        for _ in 0..n {
            let degree = input.read("an out-degree X_i", 0, n - 1)?;
            let followers = input.read_list(degree, "a target position", 0, n - 1)?;
            lists.push(followers.iter().map(|&v| v as usize).collect::<Vec<_>>());
        }
        let graph = Graph::from_adjacency(&lists)?;
        let values = graph::acyclic_values(&graph).map_err(|cycle| {
            anyhow::anyhow!(
                "{}: {cycle} (0-based); the statement promises an acyclic graph",
                input.last_place()
            )
        })?;
        loop {
            let m = input.read("the number of tokens M (0 ends the test case)", 0, 10)?;
            if m == 0 {
                break;
            }
            let mark = input.mark();
            let tokens = input.read_list(m, "a token's position", 0, n.saturating_sub(1))?;
            // Checked even with --no-limits: a token off the graph has no value to look up.
            if let Some(i) = tokens.iter().position(|&t| t >= n) {
                anyhow::bail!(
                    "{}: a token's position {} is not one of the graph's {n} positions",
                    mark.place(i + 1),
                    tokens[i]
                );
            }
            let total = sum::value(tokens.iter().map(|&t| values[t as usize]));
            writeln!(
                out,
                "{}",
                if Outcome::from_grundy(total) == Outcome::N {
                    "WIN"
                } else {
                    "LOSE"
                }
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Against a search of the whole game written from the statement: the position is the graph
    //! and the tokens; a move slides one token along one edge.
    use grundy::Game;
    use grundy::engine::Memo;

    use super::super::nim::tests::check;
    use super::*;

    /// The followers of every node, and the token positions (sorted).
    type Position = (Vec<Vec<u64>>, Vec<u64>);

    struct SlideOneToken;

    impl Game for SlideOneToken {
        type Position = Position;
        fn options(&self, (graph, tokens): &Position, out: &mut Vec<Position>) {
            for (i, &t) in tokens.iter().enumerate() {
                for &next in &graph[t as usize] {
                    let mut moved = tokens.clone();
                    moved[i] = next;
                    moved.sort_unstable();
                    out.push((graph.clone(), moved));
                }
            }
        }
    }

    #[test]
    fn a_token_off_the_graph_is_an_error_even_without_limits() {
        let problem = crate::find("hdu-1524").unwrap();
        // Found by the fuzz target `judge`: position 22 of a 5-position graph, and a token on a
        // graph of no positions, used to index past the values.
        for limits in [true, false] {
            let err = crate::solve_bytes(problem, b"2\n1 1\n0\n2 0 22\n0\n", limits)
                .unwrap_err()
                .to_string();
            assert!(err.starts_with("line 4, column 5: "), "{err}");
            assert!(err.contains("22"), "{err}");
        }
        let err = crate::solve_bytes(problem, b"0\n1 0\n0\n", false).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 3: a token's position 0 is not one of the graph's 0 positions"
        );
    }

    #[test]
    fn hdu_1524_against_brute_force() {
        check("hdu-1524", |memo: &mut Memo<Position>, cases| {
            let mut expected = String::new();
            for case in cases {
                let n = case[0][0] as usize;
                let graph: Vec<Vec<u64>> = case[1..=n].to_vec();
                for query in &case[n + 1..] {
                    let mut tokens = query.clone();
                    tokens.sort_unstable();
                    let wins = memo
                        .outcome(
                            &SlideOneToken,
                            &(graph.clone(), tokens),
                            grundy::Convention::Normal,
                        )
                        .unwrap()
                        == Outcome::N;
                    expected.push_str(if wins { "WIN\n" } else { "LOSE\n" });
                }
            }
            expected
        });
    }
}
