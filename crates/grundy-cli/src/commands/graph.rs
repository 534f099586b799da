//! `grundy graph`: tokens on a directed graph, acyclic or with cycles.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use grundy::graph::Graph;
use grundy::graph::loopy::{self, LoopyValue, Solved};
use grundy::graph::text::{self, Bounds, NamedGraph, TextError};
use grundy::json::GraphReport;
use grundy::parse::Token;
use grundy::{Lang, Outcome};

use crate::report::{self, OutputArgs};

/// A token game on a directed graph: a move slides one token along one edge; who cannot move loses.
///
/// The file lists edges, one source node per line followed by its targets (`FROM TO` is the
/// simplest form; `a -> b c`, `a: b c` and a lone name are accepted; `#` starts a comment). Node
/// names are integers or words.
///
/// Acyclic graph (Sprague–Grundy): a node's value is the mex of its followers' values; tokens on
/// several nodes are won for the player to move iff the XOR of their values is not 0. Graph with
/// cycles: one token is P, N or a draw D by retrograde analysis; several tokens are decided by the
/// generalized Sprague–Grundy function (Smith, Fraenkel): each value is a number or ∞(K), K the
/// finite values among the followers; numbers add by XOR, ∞(K) + a = ∞(K XOR a), ∞ + ∞ is a draw.
///
/// Examples: `grundy graph game.txt` (every node), `grundy graph game.txt a b` (tokens on a and b),
/// `grundy graph --dot game.txt | dot -Tsvg > game.svg`.
#[derive(clap::Args)]
pub struct Args {
    /// The graph file, or `-` for standard input.
    file: PathBuf,
    /// Nodes with a token on them (several tokens may share a node). Without tokens every node
    /// is listed with its value and outcome.
    tokens: Vec<String>,
    /// Print the graph for Graphviz: nodes coloured by outcome (P red, N green, D grey) and
    /// labelled with their values; token nodes drawn bold.
    #[arg(long, conflicts_with = "json")]
    dot: bool,
    /// Write the output to this file (replaced atomically: written beside it, then renamed)
    /// instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The most nodes the graph may have.
    #[arg(long, value_name = "N", default_value_t = Bounds::DEFAULT.max_nodes, value_parser = crate::input::count::<usize>)]
    max_nodes: usize,
    /// The most edges the graph may have.
    #[arg(long, value_name = "N", default_value_t = Bounds::DEFAULT.max_edges, value_parser = crate::input::count::<usize>)]
    max_edges: usize,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let source = args.file.display().to_string();
    let bounds = Bounds {
        max_nodes: args.max_nodes,
        max_edges: args.max_edges,
    };
    let named = read(&args.file, bounds).with_context(|| format!("bad graph {source}"))?;
    let tokens = args
        .tokens
        .iter()
        .enumerate()
        .map(|(i, t)| {
            named.node(t).with_context(|| {
                format!(
                    "token {}: no node named {} in {source}",
                    i + 1,
                    Token::new(t)
                )
            })
        })
        .collect::<anyhow::Result<Vec<u32>>>()?;
    let solved = Solved::new(&named.graph);
    let mut text = Vec::new();
    let render = Render {
        named: &named,
        solved: &solved,
        tokens: &tokens,
        lang: Lang::from(args.output.lang),
    };
    if args.dot {
        render.dot(&mut text)?;
    } else if args.output.json {
        render.json(&args.output, &mut text)?;
    } else {
        render.text(&args.output, &mut text)?;
    }
    match &args.out {
        Some(path) => crate::output::replace(path, &text),
        None => Ok(out.write_all(&text)?),
    }
}

fn read(path: &Path, bounds: Bounds) -> anyhow::Result<NamedGraph> {
    let bytes = if path.as_os_str() == "-" {
        crate::input::stdin_bytes()?
    } else {
        crate::input::file_bytes(path, "the graph")?
    };
    text::parse_within(&bytes, bounds).map_err(|e| match e {
        TextError::OverLimit { what, .. } => anyhow::anyhow!("{e} (raise --max-{what})"),
        e => e.into(),
    })
}

struct Render<'a> {
    named: &'a NamedGraph,
    solved: &'a Solved,
    tokens: &'a [u32],
    lang: Lang,
}

impl Render<'_> {
    fn graph(&self) -> &Graph {
        &self.named.graph
    }

    fn name(&self, node: u32) -> &str {
        &self.named.names[node as usize]
    }

    fn value(&self, node: u32) -> LoopyValue {
        self.solved.values.value(self.graph(), node)
    }

    fn outcome(&self, node: u32) -> Outcome {
        self.solved.values.outcome(self.graph(), node)
    }

    fn json(&self, output: &OutputArgs, out: &mut dyn Write) -> anyhow::Result<()> {
        let report = GraphReport {
            named: self.named,
            solved: self.solved,
            tokens: self.tokens,
            max_moves: output.max_moves,
            explain: output.explain,
            lang: self.lang,
        };
        report::write_json(out, &report)
    }

    fn text(&self, output: &OutputArgs, out: &mut dyn Write) -> anyhow::Result<()> {
        let lang = self.lang;
        let graph = self.graph();
        let shape = match (self.solved.acyclic, lang) {
            (true, Lang::En) => "acyclic",
            (false, Lang::En) => "has cycles",
            (true, Lang::Zh) => "无环",
            (false, Lang::Zh) => "有环",
        };
        writeln!(
            out,
            "{}",
            lang.pick(
                format!(
                    "graph: {}, {}, {shape}",
                    grundy::count_en(graph.node_count() as u64, "node", "nodes"),
                    grundy::count_en(graph.edge_count() as u64, "edge", "edges")
                ),
                format!(
                    "图：{} 个结点，{} 条边，{shape}",
                    graph.node_count(),
                    graph.edge_count()
                ),
            )
        )?;
        let mut first = None;
        if self.tokens.is_empty() {
            self.table(out)?;
        } else {
            let (total, moves) = loopy::winning_moves(graph, &self.solved.values, self.tokens);
            first = moves.first().copied();
            let shown: Vec<&str> = self.tokens.iter().map(|&t| self.name(t)).collect();
            writeln!(
                out,
                "{}{}",
                lang.pick("tokens on: ", "棋子位置："),
                shown.join(" ")
            )?;
            let listed: Vec<(String, Option<String>)> = moves
                .iter()
                .take(output.max_moves)
                .map(|m| {
                    let after: Vec<&str> =
                        m.after(self.tokens).iter().map(|&t| self.name(t)).collect();
                    (m.describe(&self.named.names, lang), Some(after.join(" ")))
                })
                .collect();
            let value = lang.pick(format!(", value {total}"), format!("，值 {total}"));
            report::write_verdict(
                out,
                lang,
                total.outcome(),
                &value,
                &listed,
                moves.len() as u64,
            )?;
        }
        if output.explain {
            let name = |node: u32| self.name(node).to_string();
            let steps = self
                .solved
                .explain(graph, self.tokens, first.as_ref(), &name);
            report::write_why(out, lang, &steps)?;
        }
        Ok(())
    }

    /// Every node with its value and outcome, then how many nodes have each outcome.
    fn table(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let lang = self.lang;
        let graph = self.graph();
        let width = self
            .named
            .names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(0)
            .clamp(4, 24);
        writeln!(
            out,
            "{:width$}  {:8}  {}",
            lang.pick("node", "结点"),
            lang.pick("value", "值"),
            lang.pick("outcome", "结果")
        )?;
        let mut counts = [0usize; 3];
        for u in 0..graph.node_count() as u32 {
            let outcome = self.outcome(u);
            counts[outcome as usize] += 1;
            writeln!(
                out,
                "{:width$}  {:8}  {:?}",
                self.name(u),
                self.value(u).to_string(),
                outcome
            )?;
        }
        let [p, n, d] = counts;
        writeln!(
            out,
            "{}",
            lang.pick(
                format!("P (first player loses): {p}, N (first player wins): {n}, D (draw): {d}"),
                format!("P（先手必败）：{p}，N（先手必胜）：{n}，D（平局）：{d}"),
            )
        )?;
        Ok(())
    }

    fn dot(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let graph = self.graph();
        let escape = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
        let quote = |s: &str| format!("\"{}\"", escape(s));
        writeln!(out, "digraph grundy {{")?;
        writeln!(
            out,
            "  node [style=filled, fontname=\"Helvetica\"];\n  // P: the player to move loses (red); N: wins (green); D: draw (grey)"
        )?;
        for u in 0..graph.node_count() as u32 {
            let colour = match self.outcome(u) {
                Outcome::P => "#f4a6a6",
                Outcome::N => "#a6dba0",
                Outcome::D | Outcome::L | Outcome::R => "#d0d0d0",
            };
            let bold = if self.tokens.contains(&u) {
                ", penwidth=3"
            } else {
                ""
            };
            writeln!(
                out,
                "  {} [label=\"{}\\n{}\", fillcolor=\"{colour}\"{bold}];",
                quote(self.name(u)),
                escape(self.name(u)),
                self.value(u)
            )?;
        }
        for u in 0..graph.node_count() as u32 {
            for &v in graph.followers(u) {
                writeln!(out, "  {} -> {};", quote(self.name(u)), quote(self.name(v)))?;
            }
        }
        writeln!(out, "}}")?;
        Ok(())
    }
}
