//! The JSON of tokens on a directed graph: `grundy graph --json`.

use serde::Serialize;
use serde::ser::SerializeSeq;

use super::{LoopyGrundy, MOVE_POSITION_LIMIT, StepJson};
use crate::graph::loopy::{self, LoopyValue, Solved, TokenMove};
use crate::graph::text::NamedGraph;
use crate::{Lang, Nimber, Outcome};

/// What the JSON of a graph, and of tokens on it, is made of.
pub struct GraphReport<'a> {
    /// The graph, its nodes named as the user named them.
    pub named: &'a NamedGraph,
    /// The values of its nodes.
    pub solved: &'a Solved,
    /// The nodes with a token on them (several tokens may share a node); none: the graph alone.
    pub tokens: &'a [u32],
    /// The most winning moves listed (`winning_move_count` is always whole).
    pub max_moves: usize,
    /// Whether to add the explanation.
    pub explain: bool,
    /// The language of the moves' descriptions and the explanation.
    pub lang: Lang,
}

/// The JSON object: `game` (`"graph"`), `node_count`, `edge_count`, `acyclic`; with tokens,
/// `position` (the tokens' nodes), `outcome`, `grundy` (a number, or `"inf"` with
/// `finite_options`), `winning_moves` (each `change`: `kind` `"token"`, `token`, `from`, `to`;
/// `description`; `position` for at most [`MOVE_POSITION_LIMIT`] tokens) and
/// `winning_move_count`; `explanation` when asked for; then `nodes` (each `node`, `outcome`,
/// `grundy`, and `finite_options` where infinite), written node by node. A node is a number where
/// its name is written as one, else a string.
impl Serialize for GraphReport<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let graph = &self.named.graph;
        let analysis = (!self.tokens.is_empty())
            .then(|| loopy::winning_moves(graph, &self.solved.values, self.tokens));
        let first = analysis.as_ref().and_then(|(_, moves)| moves.first());
        let steps = self.explain.then(|| {
            let name = |node: u32| self.name(node).to_string();
            self.solved.explain(graph, self.tokens, first, &name)
        });
        GraphJson {
            game: "graph",
            node_count: graph.node_count(),
            edge_count: graph.edge_count(),
            acyclic: self.solved.acyclic,
            tokens: analysis
                .as_ref()
                .map(|(total, moves)| self.tokens_json(total, moves)),
            explanation: steps
                .as_deref()
                .map(|steps| StepJson::all(steps, self.lang)),
            nodes: Nodes(self),
        }
        .serialize(serializer)
    }
}

#[derive(Serialize)]
struct GraphJson<'r> {
    game: &'static str,
    node_count: usize,
    edge_count: usize,
    acyclic: bool,
    #[serde(flatten)]
    tokens: Option<TokensJson<'r>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<Vec<StepJson<'r, loopy::GraphStep>>>,
    nodes: Nodes<'r>,
}

/// The fields of the tokens' analysis.
#[derive(Serialize)]
struct TokensJson<'a> {
    position: Vec<Name<'a>>,
    outcome: Outcome,
    grundy: LoopyGrundy<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    finite_options: Option<&'a [Nimber]>,
    winning_moves: Vec<TokenMoveJson<'a>>,
    winning_move_count: usize,
}

#[derive(Serialize)]
struct TokenMoveJson<'a> {
    change: ChangeJson<'a>,
    description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<Vec<Name<'a>>>,
}

#[derive(Serialize)]
struct ChangeJson<'a> {
    kind: &'static str,
    token: usize,
    from: Name<'a>,
    to: Name<'a>,
}

/// A node's name in JSON: a number if it is written as one, else a string.
#[derive(Serialize)]
#[serde(untagged)]
enum Name<'a> {
    Number(u64),
    Text(&'a str),
}

impl<'a> Name<'a> {
    fn of(name: &'a str) -> Name<'a> {
        match crate::parse::parse_u64(name) {
            Ok(n) if n.to_string() == name => Name::Number(n),
            _ => Name::Text(name),
        }
    }
}

/// One item of the `nodes` list.
#[derive(Serialize)]
struct NodeJson<'a> {
    node: Name<'a>,
    outcome: Outcome,
    grundy: LoopyGrundy<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    finite_options: Option<&'a [Nimber]>,
}

/// Every node, serialised one by one as the list is written (no tree of a million objects).
struct Nodes<'r>(&'r GraphReport<'r>);

impl Serialize for Nodes<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let report = self.0;
        let graph = &report.named.graph;
        let values = &report.solved.values;
        let count = graph.node_count();
        let mut seq = serializer.serialize_seq(Some(count))?;
        for u in 0..count as u32 {
            let value = values.value(graph, u);
            seq.serialize_element(&NodeJson {
                node: Name::of(report.name(u)),
                outcome: values.outcome(graph, u),
                grundy: LoopyGrundy(&value),
                finite_options: value.finite_options(),
            })?;
        }
        seq.end()
    }
}

impl<'a> GraphReport<'a> {
    fn name(&self, node: u32) -> &'a str {
        &self.named.names[node as usize]
    }

    fn names(&self, tokens: &[u32]) -> Vec<Name<'a>> {
        tokens.iter().map(|&t| Name::of(self.name(t))).collect()
    }

    fn tokens_json<'r>(&'r self, total: &'r LoopyValue, moves: &[TokenMove]) -> TokensJson<'r> {
        let with_positions = self.tokens.len() <= MOVE_POSITION_LIMIT;
        TokensJson {
            position: self.names(self.tokens),
            outcome: total.outcome(),
            grundy: LoopyGrundy(total),
            finite_options: total.finite_options(),
            winning_moves: moves
                .iter()
                .take(self.max_moves)
                .map(|m| TokenMoveJson {
                    change: ChangeJson {
                        kind: "token",
                        token: m.token,
                        from: Name::of(self.name(m.from)),
                        to: Name::of(self.name(m.to)),
                    },
                    description: m.describe(&self.named.names, self.lang),
                    position: with_positions.then(|| self.names(&m.after(self.tokens))),
                })
                .collect(),
            winning_move_count: moves.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::text;

    #[test]
    fn tokens_on_a_graph_with_cycles_give_inf_with_finite_options_and_number_names() {
        let named = text::parse(b"u -> t v\nv w\nw v\nt\n7 u\n").unwrap();
        let solved = Solved::new(&named.graph);
        let report = GraphReport {
            named: &named,
            solved: &solved,
            tokens: &[0, 4],
            max_moves: 10,
            explain: false,
            lang: Lang::Zh,
        };
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            concat!(
                r#"{"game":"graph","node_count":5,"edge_count":5,"acyclic":false,"position":["u",7],"#,
                r#""outcome":"N","grundy":"inf","finite_options":[0],"winning_moves":[{"change":"#,
                r#"{"kind":"token","token":0,"from":"u","to":"t"},"description":"把第 1 个棋子从 u 走到 t","#,
                r#""position":["t",7]}],"winning_move_count":1,"nodes":[{"node":"u","outcome":"N","#,
                r#""grundy":"inf","finite_options":[0]},{"node":"t","outcome":"P","grundy":0},"#,
                r#"{"node":"v","outcome":"D","grundy":"inf","finite_options":[]},{"node":"w","#,
                r#""outcome":"D","grundy":"inf","finite_options":[]},{"node":7,"outcome":"P","grundy":0}]}"#
            )
        );
    }
}
