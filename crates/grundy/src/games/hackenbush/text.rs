//! Reading a drawing: edge lines `u v` (a file or standard input), or the inline form
//! `0-1,1-2,2-2` for small ones.
//!
//! ```text
//! # a comment runs from '#' to the end of the line; blank lines are ignored
//! 0 1      # an edge from the ground (vertex 0) to vertex 1
//! 1 2
//! 2 2      # a loop at vertex 2
//! 1 2      # a second edge between 1 and 2
//! ```
//!
//! Vertices are numbers from 0 to 4294967295; 0 is the ground. Edges are numbered from 1 in the
//! order given, in messages and in moves.

use std::fmt;

use super::Drawing;
use crate::parse::{NumberProblem, Place, Token, parse_u64};

/// The most edges a drawing may have, so that a huge input is refused with a message instead
/// of filling the memory (about 150 bytes an edge while analysing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The most edges.
    pub max_edges: usize,
}

impl Bounds {
    /// A million edges: about 150 MB while analysing.
    pub const DEFAULT: Bounds = Bounds {
        max_edges: 1_000_000,
    };
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds::DEFAULT
    }
}

/// What is wrong in a drawing's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DrawingError {
    /// A vertex that is not a number.
    #[error("{place}: vertex {token} is {problem}")]
    BadVertex {
        /// The token.
        token: Token,
        /// Where it was.
        place: Place,
        /// What is wrong with it.
        problem: NumberProblem,
    },
    /// A vertex number above 4294967295.
    #[error("{place}: vertex {token} is larger than 4294967295")]
    VertexTooLarge {
        /// The token.
        token: Token,
        /// Where it was.
        place: Place,
    },
    /// A line with one vertex.
    #[error("{place}: the edge {token} needs a second vertex (one edge `u v` per line)")]
    MissingVertex {
        /// The vertex alone.
        token: Token,
        /// Where it was.
        place: Place,
    },
    /// A third token on an edge line.
    #[error("{place}: unexpected {token} after the edge's two vertices (one edge `u v` per line)")]
    ExtraToken {
        /// The token.
        token: Token,
        /// Where it was.
        place: Place,
    },
    /// An inline edge that is not `u-v`.
    #[error("{place}: {token} is not an edge u-v (edges are written 0-1,1-2,2-2)")]
    BadEdge {
        /// The token.
        token: Token,
        /// Where it was (the n-th edge of the inline form).
        place: Place,
    },
    /// More edges than [`Bounds`] allow.
    #[error("{place}: the drawing has more than {limit} edges, the limit")]
    TooManyEdges {
        /// The limit.
        limit: usize,
        /// Where the edge past it was.
        place: Place,
    },
}

/// Reads a vertex number.
fn vertex(token: &[u8], place: impl Fn() -> Place) -> Result<u32, DrawingError> {
    let shown = || Token::from_start(token, token.len(), token.iter().all(u8::is_ascii_digit));
    let text = std::str::from_utf8(token).map_err(|_| DrawingError::BadVertex {
        token: shown(),
        place: place(),
        problem: NumberProblem::NotANumber,
    })?;
    let n = parse_u64(text).map_err(|problem| DrawingError::BadVertex {
        token: shown(),
        place: place(),
        problem,
    })?;
    u32::try_from(n).map_err(|_| DrawingError::VertexTooLarge {
        token: shown(),
        place: place(),
    })
}

fn blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

impl Drawing {
    /// Reads edge lines `u v` (see the module's documentation).
    ///
    /// # Errors
    /// [`DrawingError`] naming the first bad token, its line and column.
    pub fn parse_lines(text: &[u8], bounds: Bounds) -> Result<Drawing, DrawingError> {
        let mut edges = Vec::new();
        for (number, line) in text.split(|&b| b == b'\n').enumerate() {
            let place = |offset: usize| Place::Line {
                line: number + 1,
                column: offset + 1,
            };
            let content = &line[..line.iter().position(|&b| b == b'#').unwrap_or(line.len())];
            let mut tokens = Vec::with_capacity(3);
            let mut at = 0;
            while tokens.len() < 3 {
                while at < content.len() && blank(content[at]) {
                    at += 1;
                }
                if at == content.len() {
                    break;
                }
                let end = content[at..]
                    .iter()
                    .position(|&b| blank(b))
                    .map_or(content.len(), |n| at + n);
                tokens.push((at, &content[at..end]));
                at = end;
            }
            let token = |t: &[u8]| Token::from_start(t, t.len(), t.iter().all(u8::is_ascii_digit));
            match tokens[..] {
                [] => continue,
                [(at, t)] => {
                    vertex(t, || place(at))?;
                    return Err(DrawingError::MissingVertex {
                        token: token(t),
                        place: place(at),
                    });
                }
                [(a, u), (b, v)] => {
                    let edge = [vertex(u, || place(a))?, vertex(v, || place(b))?];
                    if edges.len() == bounds.max_edges {
                        return Err(DrawingError::TooManyEdges {
                            limit: bounds.max_edges,
                            place: place(a),
                        });
                    }
                    edges.push(edge);
                }
                [.., (at, t)] => {
                    return Err(DrawingError::ExtraToken {
                        token: token(t),
                        place: place(at),
                    });
                }
            }
        }
        Ok(Drawing::new(edges))
    }

    /// Reads the inline form: edges `u-v` separated by commas or white space, `0-1,1-2,2-2`.
    /// An empty text is the empty drawing.
    ///
    /// # Errors
    /// [`DrawingError`] naming the first bad edge and its rank (`value 3` for the third edge).
    pub fn parse_inline(text: &str, bounds: Bounds) -> Result<Drawing, DrawingError> {
        let mut edges = Vec::new();
        let items = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|item| !item.is_empty());
        for (n, item) in items.enumerate() {
            let place = || Place::Arg(n + 1);
            let Some((u, v)) = item.split_once('-') else {
                return Err(DrawingError::BadEdge {
                    token: Token::new(item),
                    place: place(),
                });
            };
            let edge = [vertex(u.as_bytes(), place)?, vertex(v.as_bytes(), place)?];
            if edges.len() == bounds.max_edges {
                return Err(DrawingError::TooManyEdges {
                    limit: bounds.max_edges,
                    place: place(),
                });
            }
            edges.push(edge);
        }
        Ok(Drawing::new(edges))
    }

    /// The drawing as edge lines `u v`, which [`Drawing::parse_lines`] reads back.
    pub fn to_lines(&self) -> String {
        self.edges
            .iter()
            .map(|[u, v]| format!("{u} {v}\n"))
            .collect()
    }
}

/// The inline form, `0-1,1-2,2-2` (empty for no edge), which [`Drawing::parse_inline`] reads
/// back.
impl fmt::Display for Drawing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, [u, v]) in self.edges.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{u}-{v}")?;
        }
        Ok(())
    }
}
