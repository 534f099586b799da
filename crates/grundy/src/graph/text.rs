//! The plain-text graph format.
//!
//! ```text
//! # A comment runs from '#' to the end of the line; blank lines are ignored.
//! 1 2              # an edge from node 1 to node 2
//! start a b        # edges start -> a and start -> b
//! a -> end         # an optional arrow (or a colon after the source: `a: end`)
//! end              # a name alone declares a node, e.g. one with no outgoing edge
//! ```
//!
//! Each line is a source node followed by the nodes it has edges to. Node names are integers or
//! words: any run of characters other than spaces, tabs and `#`. The simplest form, one edge
//! `FROM TO` per line, is accepted as it is. Nodes are numbered in the order their names first
//! appear.

use std::fmt;

use rustc_hash::FxHashMap;

use super::{Graph, GraphError};
use crate::parse::Place;

/// A graph whose nodes have the names the user gave them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedGraph {
    /// The graph; node i is `names[i]`.
    pub graph: Graph,
    /// The name of each node, in order of first appearance.
    pub names: Vec<String>,
}

impl NamedGraph {
    /// The node called `name`. A linear scan: meant for a few look-ups, such as tokens.
    pub fn node(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|n| n == name).map(|i| i as u32)
    }
}

impl fmt::Display for NamedGraph {
    /// The graph in the text format, which [`parse`] reads back to an equal graph: first every
    /// node alone on a line in order (`name:`, so node numbers survive), then each node with
    /// followers as `name: follower follower ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for name in &self.names {
            writeln!(f, "{name}:")?;
        }
        for (u, name) in self.names.iter().enumerate() {
            let followers = self.graph.followers(u as u32);
            if !followers.is_empty() {
                write!(f, "{name}:")?;
                for &v in followers {
                    write!(f, " {}", self.names[v as usize])?;
                }
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// What is wrong in a graph text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TextError {
    /// An arrow or colon with no source node before it.
    #[error("{place}: '{token}' needs a source node before it")]
    NoSource {
        /// The arrow or colon.
        token: String,
        /// Where it was.
        place: Place,
    },
    /// An arrow or colon that does not come right after the source node.
    #[error("{place}: '{token}' must come right after the source node (one line per source)")]
    MisplacedArrow {
        /// The arrow or colon.
        token: String,
        /// Where it was.
        place: Place,
    },
    /// Bytes that are not UTF-8.
    #[error("{place}: the text is not valid UTF-8")]
    NotUtf8 {
        /// Where the first bad byte was.
        place: Place,
    },
    /// No node at all.
    #[error("the graph has no nodes")]
    Empty,
    /// Too many nodes or edges.
    #[error(transparent)]
    Graph(#[from] GraphError),
    /// More nodes or edges than [`Bounds`] allow.
    #[error("{place}: the graph has more than {limit} {what}, the limit")]
    OverLimit {
        /// `"nodes"` or `"edges"`.
        what: &'static str,
        /// The limit.
        limit: usize,
        /// The name that passed it.
        place: Place,
    },
}

/// The most nodes and edges a graph text may have, so that a huge file is refused with a message
/// instead of filling the memory (about 40 bytes a node and 20 an edge while parsing and solving).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The most nodes.
    pub max_nodes: usize,
    /// The most edges.
    pub max_edges: usize,
}

impl Bounds {
    /// Ten million nodes and a hundred million edges: a few GB of memory.
    pub const DEFAULT: Bounds = Bounds {
        max_nodes: 10_000_000,
        max_edges: 100_000_000,
    };
}

/// Gives each distinct name a node number, in order of first appearance.
///
/// Names written as small integers (the common case, and the one of big generated graphs) are
/// looked up in a dense table indexed by their value; other names go through a hash map.
struct Interner<'a> {
    dense: Vec<u32>,
    /// Integer names below this use `dense`, the others `words`: [`DENSE_LIMIT`], or less for a
    /// short text, so that a file of a few bytes naming node 9999999 does not take 40 MB.
    dense_limit: u64,
    words: FxHashMap<&'a str, u32>,
    names: Vec<String>,
}

/// Integer names below this use the dense table (4 bytes per value up to the largest seen).
const DENSE_LIMIT: u64 = 1 << 24;
const ABSENT: u32 = u32::MAX;

/// The dense table's limit for a text of `len` bytes: at most 16 entries (64 bytes) per byte of
/// text. A file naming nodes 0 to n in order is at least n bytes long, so its names stay dense.
fn dense_limit(len: usize) -> u64 {
    (16 * len as u64 + 1024).min(DENSE_LIMIT)
}

impl<'a> Interner<'a> {
    fn id(&mut self, name: &'a str) -> Result<u32, GraphError> {
        let dense = small_integer(name.as_bytes()).filter(|&v| v < self.dense_limit);
        let slot = match dense {
            Some(v) => {
                let v = v as usize;
                if v >= self.dense.len() {
                    self.dense.resize((v + 1).max(2 * self.dense.len()), ABSENT);
                }
                if self.dense[v] != ABSENT {
                    return Ok(self.dense[v]);
                }
                Some(v)
            }
            None => {
                if let Some(&id) = self.words.get(name) {
                    return Ok(id);
                }
                None
            }
        };
        if self.names.len() >= super::MAX_INDEX {
            return Err(GraphError::TooLarge {
                nodes: self.names.len() + 1,
                edges: 0,
            });
        }
        let id = self.names.len() as u32;
        match slot {
            Some(v) => self.dense[v] = id,
            None => {
                self.words.insert(name, id);
            }
        }
        self.names.push(name.to_string());
        Ok(id)
    }
}

/// The value of a name written as a canonical integer (no leading zero) below [`DENSE_LIMIT`].
fn small_integer(bytes: &[u8]) -> Option<u64> {
    if bytes.is_empty() || bytes.len() > 8 || (bytes[0] == b'0' && bytes.len() > 1) {
        return None;
    }
    let mut v = 0u64;
    for &b in bytes {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v * 10 + u64::from(d);
    }
    (v < DENSE_LIMIT).then_some(v)
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// Parses the text format, within [`Bounds::DEFAULT`].
///
/// # Errors
/// [`TextError`] naming the line and column of the first problem.
pub fn parse(text: &[u8]) -> Result<NamedGraph, TextError> {
    parse_within(text, Bounds::DEFAULT)
}

/// Parses the text format; a graph with more nodes or edges than `bounds` is an error.
///
/// Cost: one pass over the bytes and one look-up per name (an array access for integer names
/// below 2^24); the edges are kept as pairs until the compressed graph is built.
///
/// # Errors
/// [`TextError`] naming the line and column of the first problem.
pub fn parse_within(text: &[u8], bounds: Bounds) -> Result<NamedGraph, TextError> {
    let over = |what, limit, at| TextError::OverLimit {
        what,
        limit,
        place: Place::of_byte(text, at),
    };
    let text_str = std::str::from_utf8(text).map_err(|e| TextError::NotUtf8 {
        place: Place::of_byte(text, e.valid_up_to()),
    })?;
    let mut interner = Interner {
        dense: Vec::new(),
        dense_limit: dense_limit(text.len()),
        words: FxHashMap::default(),
        names: Vec::new(),
    };
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut pos = 0;
    let len = text.len();
    while pos < len {
        let mut source: Option<u32> = None;
        // Whether an arrow is still allowed: right after the source, before any target.
        let mut arrow_allowed = true;
        loop {
            while pos < len && is_blank(text[pos]) {
                pos += 1;
            }
            if pos >= len || text[pos] == b'\n' || text[pos] == b'#' {
                break;
            }
            let at = pos;
            while pos < len && !is_blank(text[pos]) && text[pos] != b'\n' && text[pos] != b'#' {
                pos += 1;
            }
            // The delimiters are ASCII, so these are character boundaries.
            let token = &text_str[at..pos];
            let (name, colon) = match token.strip_suffix(':') {
                Some(n) if !n.is_empty() => (n, true),
                _ => (token, false),
            };
            if name == "->" || name == ":" {
                if source.is_none() {
                    return Err(TextError::NoSource {
                        token: name.to_string(),
                        place: Place::of_byte(text, at),
                    });
                }
                if !arrow_allowed {
                    return Err(TextError::MisplacedArrow {
                        token: name.to_string(),
                        place: Place::of_byte(text, at),
                    });
                }
                arrow_allowed = false;
                continue;
            }
            let id = interner.id(name)?;
            if interner.names.len() > bounds.max_nodes {
                return Err(over("nodes", bounds.max_nodes, at));
            }
            match source {
                None => source = Some(id),
                Some(from) => {
                    if edges.len() >= bounds.max_edges {
                        return Err(over("edges", bounds.max_edges, at));
                    }
                    edges.push((from, id));
                    arrow_allowed = false;
                }
            }
            if colon {
                if !arrow_allowed {
                    return Err(TextError::MisplacedArrow {
                        token: ":".to_string(),
                        place: Place::of_byte(text, at + name.len()),
                    });
                }
                arrow_allowed = false;
            }
        }
        // Skip a comment and the end of the line.
        while pos < len && text[pos] != b'\n' {
            pos += 1;
        }
        pos += 1;
    }
    if interner.names.is_empty() {
        return Err(TextError::Empty);
    }
    let graph = Graph::from_edges(interner.names.len(), &edges)?;
    Ok(NamedGraph {
        graph,
        names: interner.names,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_hold_at_their_edge_and_refuse_past_it() {
        let text = b"a b\nb c\nc a\n";
        let exact = Bounds {
            max_nodes: 3,
            max_edges: 3,
        };
        assert_eq!(parse_within(text, exact).unwrap().graph.edge_count(), 3);
        let fewer_edges = Bounds {
            max_edges: 2,
            ..exact
        };
        assert_eq!(
            parse_within(text, fewer_edges).unwrap_err().to_string(),
            "line 3, column 3: the graph has more than 2 edges, the limit"
        );
        let fewer_nodes = Bounds {
            max_nodes: 2,
            ..exact
        };
        assert_eq!(
            parse_within(text, fewer_nodes).unwrap_err().to_string(),
            "line 2, column 3: the graph has more than 2 nodes, the limit"
        );
    }

    fn edges(g: &NamedGraph) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for u in 0..g.graph.node_count() as u32 {
            for &v in g.graph.followers(u) {
                out.push((g.names[u as usize].clone(), g.names[v as usize].clone()));
            }
        }
        out
    }

    #[test]
    fn large_integer_names_in_a_short_text_are_the_same_nodes_as_in_a_long_one() {
        // In the short text 9999999 is past the dense table's limit (a word); padded with a
        // comment to 1 MB it is below it (dense): the graph must not depend on which.
        let short = "9999999 5\n5 9999999\n5 12\n".to_string();
        assert!(9_999_999 >= dense_limit(short.len()));
        let long = format!("{short}#{}\n", "x".repeat(1 << 20));
        assert!(9_999_999 < dense_limit(long.len()));
        let (a, b) = (
            parse(short.as_bytes()).unwrap(),
            parse(long.as_bytes()).unwrap(),
        );
        assert_eq!(a, b);
        assert_eq!(a.names, ["9999999", "5", "12"]);
        assert_eq!(a.node("9999999"), Some(0));
        assert_eq!(a.graph.edge_count(), 3);
    }

    #[test]
    fn the_simplest_form_is_one_edge_per_line() {
        let g = parse(b"1 2\n2 3\n0 1\n").unwrap();
        assert_eq!(g.names, ["1", "2", "3", "0"]);
        assert_eq!(
            edges(&g),
            [("1", "2"), ("2", "3"), ("0", "1")].map(|(a, b)| (a.to_string(), b.to_string()))
        );
        assert_eq!(g.node("0"), Some(3));
        assert_eq!(g.node("9"), None);
    }

    #[test]
    fn words_arrows_colons_comments_and_lone_nodes() {
        let text = "# a game\nstart a b   # two edges\r\na -> end\nb: end a\n\n  end\nlonely\n";
        let g = parse(text.as_bytes()).unwrap();
        assert_eq!(g.names, ["start", "a", "b", "end", "lonely"]);
        let pairs: Vec<String> = edges(&g).iter().map(|(a, b)| format!("{a}>{b}")).collect();
        assert_eq!(pairs, ["start>a", "start>b", "a>end", "b>end", "b>a"]);
        assert_eq!(g.graph.followers(4), &[] as &[u32]);
    }

    #[test]
    fn errors_name_the_line_and_column() {
        assert_eq!(
            parse(b"a b\n  -> c\n").unwrap_err().to_string(),
            "line 2, column 3: '->' needs a source node before it"
        );
        assert_eq!(
            parse(b"a -> b -> c").unwrap_err().to_string(),
            "line 1, column 8: '->' must come right after the source node (one line per source)"
        );
        assert_eq!(
            parse(b"a: b c:").unwrap_err().to_string(),
            "line 1, column 7: ':' must come right after the source node (one line per source)"
        );
        assert_eq!(
            parse(b"a b\nc \xff d").unwrap_err().to_string(),
            "line 2, column 3: the text is not valid UTF-8"
        );
        assert_eq!(parse(b"# nothing\n\n").unwrap_err(), TextError::Empty);
    }

    #[test]
    fn integer_and_word_names_are_distinct_nodes() {
        // "7" and "07" are different names; a large number goes through the word table.
        let g = parse(b"7 07\n99999999999 7\n07 99999999999\n").unwrap();
        assert_eq!(g.names, ["7", "07", "99999999999"]);
        assert_eq!(g.graph.followers(2), &[0]);
        assert_eq!(g.graph.followers(1), &[2]);
    }

    #[test]
    fn a_graph_prints_back_to_the_same_graph() {
        let text = "b a\nc\nx:: b c\nb -> b\n";
        let g = parse(text.as_bytes()).unwrap();
        assert_eq!(g.names, ["b", "a", "c", "x:"]);
        assert_eq!(parse(g.to_string().as_bytes()).unwrap(), g);
    }

    proptest::proptest! {
        #[test]
        fn edge_lists_round_trip(edges in proptest::collection::vec((0u32..30, 0u32..30), 1..80)) {
            let text: String = edges.iter().map(|(a, b)| format!("{a} {b}\n")).collect();
            let g = parse(text.as_bytes()).unwrap();
            let back: Vec<(u32, u32)> = (0..g.graph.node_count() as u32)
                .flat_map(|u| g.graph.followers(u).iter().map(move |&v| (u, v)))
                .map(|(u, v)| (g.names[u as usize].parse().unwrap(), g.names[v as usize].parse().unwrap()))
                .collect();
            let mut expected = edges.clone();
            // The graph groups edges by source (in order of first appearance), keeping their order.
            let order: Vec<u32> = g.names.iter().map(|n| n.parse().unwrap()).collect();
            expected.sort_by_key(|&(a, _)| order.iter().position(|&o| o == a));
            proptest::prop_assert_eq!(back, expected);
        }

        #[test]
        fn any_bytes_parse_or_fail_without_panicking(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)) {
            let _ = parse(&bytes);
        }

        #[test]
        fn arrows_and_words_never_panic(text in "[a-c0-2 :>#\n-]{0,60}") {
            let _ = parse(text.as_bytes());
        }
    }
}
