//! Graph files (`grundy graph FILE`), the plain-text format of `graph::text`.
//!
//! Invariants: a parsed graph prints (`Display`) to a text that parses back to an equal graph
//! (same names, same node numbers, same edges in order); the values of an acyclic graph follow
//! the mex rule at every node; a cycle reported is a cycle of the graph; the loopy outcomes are
//! consistent at every node (N has a P follower, P has only N followers, D has no P follower and
//! a D one).
#![no_main]

use grundy::graph::{self, loopy, text};
use grundy::{Nimber, Outcome, mex};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(named) = text::parse(bytes) else {
        return;
    };
    let printed = named.to_string();
    let back = text::parse(printed.as_bytes()).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
    assert_eq!(back, named, "{printed:?}");

    let g = &named.graph;
    let nodes = g.node_count() as u32;
    match graph::acyclic_values(g) {
        Ok(values) => {
            for u in 0..nodes {
                let options = g.followers(u).iter().map(|&v| values[v as usize].value());
                assert_eq!(
                    values[u as usize],
                    Nimber(mex(options)),
                    "node {u} of {printed:?}"
                );
            }
        }
        Err(cycle) => {
            assert!(cycle.cycle.len() >= 2, "{cycle:?}");
            assert_eq!(cycle.cycle.first(), Some(&cycle.node));
            assert_eq!(cycle.cycle.last(), Some(&cycle.node));
            for pair in cycle.cycle.windows(2) {
                assert!(
                    g.followers(pair[0]).contains(&pair[1]),
                    "{cycle:?} in {printed:?}"
                );
            }
        }
    }
    let outcomes = loopy::outcomes(g, &g.reversed());
    for u in 0..nodes {
        let of = |o| g.followers(u).iter().any(|&v| outcomes[v as usize] == o);
        let consistent = match outcomes[u as usize] {
            Outcome::N => of(Outcome::P),
            Outcome::P => g
                .followers(u)
                .iter()
                .all(|&v| outcomes[v as usize] == Outcome::N),
            Outcome::D => !of(Outcome::P) && of(Outcome::D),
            // A game graph is impartial: Left-wins and Right-wins never arise.
            Outcome::L | Outcome::R => false,
        };
        assert!(
            consistent,
            "node {u} is {:?} in {printed:?}",
            outcomes[u as usize]
        );
    }
});
