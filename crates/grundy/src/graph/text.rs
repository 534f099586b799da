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
}

/// Line and column (from 1) of byte `at` of `text`.
fn place(text: &[u8], at: usize) -> Place {
    let before = &text[..at];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    Place::Line {
        line: before.iter().filter(|&&b| b == b'\n').count() + 1,
        column: at - line_start + 1,
    }
}

/// Parses the text format.
///
/// Cost: one pass, one hash look-up per name; about 1 s for 10^7 edges.
///
/// # Errors
/// [`TextError`] naming the line and column of the first problem.
pub fn parse(text: &[u8]) -> Result<NamedGraph, TextError> {
    let text_str = std::str::from_utf8(text).map_err(|e| TextError::NotUtf8 {
        place: place(text, e.valid_up_to()),
    })?;
    let mut ids: FxHashMap<&str, u32> = FxHashMap::default();
    let mut names: Vec<String> = Vec::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut offset = 0;
    for line in text_str.split_inclusive('\n') {
        let line_start = offset;
        offset += line.len();
        let content = match line.find('#') {
            Some(i) => &line[..i],
            None => line,
        };
        let mut source: Option<u32> = None;
        // Whether an arrow is still allowed: right after the source, before any target.
        let mut arrow_allowed = true;
        let mut rest = content;
        while let Some(start) = rest.find(|c: char| !matches!(c, ' ' | '\t' | '\r' | '\n')) {
            let end = rest[start..]
                .find([' ', '\t', '\r', '\n'])
                .map_or(rest.len(), |e| start + e);
            let token = &rest[start..end];
            let at = line_start + (content.len() - rest.len()) + start;
            rest = &rest[end..];
            let (name, colon) = match token.strip_suffix(':') {
                Some(n) if !n.is_empty() => (n, true),
                _ => (token, false),
            };
            if name == "->" || name == ":" {
                if source.is_none() {
                    return Err(TextError::NoSource {
                        token: name.to_string(),
                        place: place(text, at),
                    });
                }
                if !arrow_allowed {
                    return Err(TextError::MisplacedArrow {
                        token: name.to_string(),
                        place: place(text, at),
                    });
                }
                arrow_allowed = false;
                continue;
            }
            let next = names.len() as u32;
            let id = *ids.entry(name).or_insert(next);
            if id == next {
                if names.len() >= super::MAX_INDEX {
                    return Err(GraphError::TooLarge {
                        nodes: names.len() + 1,
                        edges: edges.len(),
                    }
                    .into());
                }
                names.push(name.to_string());
            }
            match source {
                None => source = Some(id),
                Some(from) => {
                    edges.push((from, id));
                    arrow_allowed = false;
                }
            }
            if colon {
                if !arrow_allowed {
                    return Err(TextError::MisplacedArrow {
                        token: ":".to_string(),
                        place: place(text, at + name.len()),
                    });
                }
                arrow_allowed = false;
            }
        }
    }
    if names.is_empty() {
        return Err(TextError::Empty);
    }
    let graph = Graph::from_edges(names.len(), &edges)?;
    Ok(NamedGraph { graph, names })
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
