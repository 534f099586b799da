//! Graphs with cycles: draws, and the generalized Sprague–Grundy function.
//!
//! One token: retrograde analysis from the terminal nodes ([`outcomes`]). A node with no move is
//! P; a node with a P follower is N; a node whose followers are all N is P; the nodes never
//! decided are D: both players can keep the game going for ever, and neither can force a win.
//!
//! Several tokens: the generalized Sprague–Grundy function γ of C. A. B. Smith (1966), computed by
//! the algorithm of A. S. Fraenkel and Y. Yesha (1986) in [`generalized_values`]. γ(u) is a
//! number, or ∞(K) where K is the set of finite values among u's followers. A node of finite value
//! g has a follower of each value below g and none of value g, and from any follower of infinite
//! value the opponent can come back to a node of value g. For a sum of tokens
//! ([`LoopyValue::sum`]): finite values add by XOR; ∞(K) plus a finite a is ∞(K ⊕ a); two infinite
//! values give ∞(∅). The sum is P when γ = 0, N when γ is a non-zero number or ∞(K) with 0 ∈ K,
//! and D otherwise.
//!
//! Cost: retrograde analysis is O(V + E); the generalized function makes one O(V + E) pass per
//! finite value, so O((m + 2)(V + E)) for a largest finite value m. Both need the reversed graph.

use serde::Serialize;

use super::Graph;
use crate::{Explain, Lang, Nimber, Outcome, sum};

/// A value of the generalized Sprague–Grundy function.
///
/// In JSON a finite value is a number and ∞(K) is `{"inf": [K...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A finite value: the node behaves like a Nim heap of this size.
    Finite(Nimber),
    /// ∞(K): the finite values K (ascending) among the followers.
    Infinite(Vec<Nimber>),
}

impl LoopyValue {
    /// Who wins a game of this value: P for 0, N for another number or ∞(K) with 0 in K, D else.
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(g) => Outcome::from_grundy(*g),
            LoopyValue::Infinite(k) if k.contains(&Nimber::ZERO) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::D,
        }
    }

    /// K of ∞(K), the finite values among the followers; `None` for a finite value.
    pub fn finite_options(&self) -> Option<&[Nimber]> {
        match self {
            LoopyValue::Finite(_) => None,
            LoopyValue::Infinite(k) => Some(k),
        }
    }

    /// The value of a sum of games (Smith): XOR of the finite values; ∞(K) with finite a gives
    /// ∞(K ⊕ a); two or more infinite values give ∞(∅).
    pub fn sum<'a>(values: impl IntoIterator<Item = &'a LoopyValue>) -> LoopyValue {
        let mut finite = Nimber::ZERO;
        let mut infinite: Option<&Vec<Nimber>> = None;
        let mut several = false;
        for v in values {
            match v {
                LoopyValue::Finite(g) => finite += *g,
                LoopyValue::Infinite(k) => {
                    several |= infinite.is_some();
                    infinite = Some(k);
                }
            }
        }
        match infinite {
            None => LoopyValue::Finite(finite),
            Some(_) if several => LoopyValue::Infinite(Vec::new()),
            Some(k) => {
                let mut shifted: Vec<Nimber> = k.iter().map(|&g| g + finite).collect();
                shifted.sort_unstable();
                LoopyValue::Infinite(shifted)
            }
        }
    }
}

impl Serialize for LoopyValue {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            LoopyValue::Finite(g) => serializer.serialize_u64(g.value()),
            LoopyValue::Infinite(k) => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("inf", k)?;
                map.end()
            }
        }
    }
}

impl std::fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoopyValue::Finite(g) => write!(f, "{}", g.value()),
            LoopyValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(|g| g.value().to_string()).collect();
                write!(f, "∞{{{}}}", k.join(","))
            }
        }
    }
}

const UNLABELED: u64 = u64::MAX;
const INFINITE: u64 = u64::MAX - 1;

/// The generalized Sprague–Grundy values of every node of a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values {
    raw: Vec<u64>,
}

impl Values {
    /// Values of an acyclic graph (all finite), as computed by [`super::acyclic_values`].
    pub fn from_finite(values: Vec<Nimber>) -> Values {
        Values {
            raw: values.into_iter().map(Nimber::value).collect(),
        }
    }

    /// The value of `node` if it is finite.
    pub fn finite(&self, node: u32) -> Option<Nimber> {
        let raw = self.raw[node as usize];
        (raw != INFINITE).then_some(Nimber(raw))
    }

    /// The value of `node`; an infinite value lists the finite values of its followers.
    pub fn value(&self, graph: &Graph, node: u32) -> LoopyValue {
        match self.finite(node) {
            Some(g) => LoopyValue::Finite(g),
            None => {
                let mut k: Vec<Nimber> = graph
                    .followers(node)
                    .iter()
                    .filter_map(|&v| self.finite(v))
                    .collect();
                k.sort_unstable();
                k.dedup();
                LoopyValue::Infinite(k)
            }
        }
    }

    /// The outcome of a single token on `node`.
    pub fn outcome(&self, graph: &Graph, node: u32) -> Outcome {
        match self.finite(node) {
            Some(g) => Outcome::from_grundy(g),
            None if graph
                .followers(node)
                .iter()
                .any(|&v| self.finite(v) == Some(Nimber::ZERO)) =>
            {
                Outcome::N
            }
            None => Outcome::D,
        }
    }

    /// The largest finite value, if any node has one.
    pub fn max_finite(&self) -> Option<Nimber> {
        self.raw
            .iter()
            .filter(|&&r| r != INFINITE)
            .max()
            .map(|&r| Nimber(r))
    }

    /// Whether some node has an infinite value.
    pub fn any_infinite(&self) -> bool {
        self.raw.contains(&INFINITE)
    }
}

/// The values of every node of a graph: ordinary Sprague–Grundy values when it has no cycle,
/// generalized ones otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The value of each node.
    pub values: Values,
    /// Whether the graph has no cycle.
    pub acyclic: bool,
}

impl Solved {
    /// The values of `graph`'s nodes: [`super::acyclic_values`] (O(V + E)), or where it meets a
    /// cycle [`generalized_values`].
    pub fn new(graph: &Graph) -> Solved {
        match super::acyclic_values(graph) {
            Ok(values) => Solved {
                values: Values::from_finite(values),
                acyclic: true,
            },
            Err(_) => Solved {
                values: generalized_values(graph, &graph.reversed()),
                acyclic: false,
            },
        }
    }

    /// The explanation of tokens on `tokens` ([`explain`]); without tokens, how the values of
    /// the nodes are found ([`GraphStep::Legend`]). `name` gives a node's name as the user wrote it.
    pub fn explain(
        &self,
        graph: &Graph,
        tokens: &[u32],
        first_move: Option<&TokenMove>,
        name: &dyn Fn(u32) -> String,
    ) -> Vec<GraphStep> {
        if tokens.is_empty() {
            return vec![GraphStep::Legend {
                acyclic: self.acyclic,
            }];
        }
        explain(graph, &self.values, tokens, first_move, name)
    }
}

/// The outcome of a single token on each node, by retrograde analysis from the terminal nodes.
///
/// `reversed` is `graph.reversed()`. O(V + E) time, 5 bytes per node of working memory.
pub fn outcomes(graph: &Graph, reversed: &Graph) -> Vec<Outcome> {
    let nodes = graph.node_count();
    let mut outcome = vec![Outcome::D; nodes];
    // Followers not yet known to be N; a node reaching 0 is P.
    let mut open: Vec<u32> = (0..nodes as u32)
        .map(|u| graph.followers(u).len() as u32)
        .collect();
    let mut queue: Vec<u32> = (0..nodes as u32)
        .filter(|&u| open[u as usize] == 0)
        .collect();
    for &u in &queue {
        outcome[u as usize] = Outcome::P;
    }
    while let Some(u) = queue.pop() {
        let lost = outcome[u as usize] == Outcome::P;
        for &w in reversed.followers(u) {
            if outcome[w as usize] != Outcome::D {
                continue;
            }
            if lost {
                outcome[w as usize] = Outcome::N;
                queue.push(w);
            } else {
                open[w as usize] -= 1;
                if open[w as usize] == 0 {
                    outcome[w as usize] = Outcome::P;
                    queue.push(w);
                }
            }
        }
    }
    outcome
}

/// The generalized Sprague–Grundy value of every node (Fraenkel and Yesha's algorithm).
///
/// Round i labels i every unlabeled node u that has no follower labeled i and whose unlabeled or
/// infinite followers all have a follower labeled i, until no more can be; then the unlabeled
/// nodes without a follower labeled i get ∞. Each round is a retrograde pass with counters.
/// `reversed` is `graph.reversed()`.
pub fn generalized_values(graph: &Graph, reversed: &Graph) -> Values {
    let nodes = graph.node_count();
    let mut raw = vec![UNLABELED; nodes];
    let mut has_i = vec![false; nodes];
    // For an unlabeled node: edges to unlabeled or infinite nodes that have no follower labeled i.
    let mut open = vec![0u32; nodes];
    let mut queue = Vec::new();
    let mut unlabeled: Vec<u32> = (0..nodes as u32).collect();
    let mut round = 0u64;
    while !unlabeled.is_empty() {
        for &u in &unlabeled {
            has_i[u as usize] = false;
        }
        for &u in &unlabeled {
            let count = graph
                .followers(u)
                .iter()
                .filter(|&&v| matches!(raw[v as usize], UNLABELED | INFINITE))
                .count();
            open[u as usize] = count as u32;
            if count == 0 {
                queue.push(u);
            }
        }
        // Infinite nodes are not relabeled, but whether they reach label i matters to their
        // predecessors: reset their marks too.
        for (u, &r) in raw.iter().enumerate() {
            if r == INFINITE {
                has_i[u] = false;
            }
        }
        while let Some(u) = queue.pop() {
            if raw[u as usize] != UNLABELED || has_i[u as usize] {
                continue;
            }
            raw[u as usize] = round;
            for &w in reversed.followers(u) {
                if has_i[w as usize] {
                    continue;
                }
                has_i[w as usize] = true;
                if !matches!(raw[w as usize], UNLABELED | INFINITE) {
                    continue;
                }
                for &x in reversed.followers(w) {
                    if raw[x as usize] == UNLABELED {
                        open[x as usize] -= 1;
                        if open[x as usize] == 0 && !has_i[x as usize] {
                            queue.push(x);
                        }
                    }
                }
            }
        }
        unlabeled.retain(|&u| {
            if raw[u as usize] != UNLABELED {
                false
            } else if has_i[u as usize] {
                true
            } else {
                raw[u as usize] = INFINITE;
                false
            }
        });
        round += 1;
    }
    Values { raw }
}

/// A move of one token along one edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct TokenMove {
    /// Which token (index into the token list, from 0).
    pub token: usize,
    /// The node it leaves.
    pub from: u32,
    /// The node it moves to.
    pub to: u32,
}

impl TokenMove {
    /// The tokens after this move from `tokens`.
    pub fn after(&self, tokens: &[u32]) -> Vec<u32> {
        let mut after = tokens.to_vec();
        after[self.token] = self.to;
        after
    }

    /// The move for people, in `lang`; `names[i]` is node i's name.
    pub fn describe(&self, names: &[String], lang: Lang) -> String {
        let (from, to) = (&names[self.from as usize], &names[self.to as usize]);
        lang.pick(
            format!("move token {} from {from} to {to}", self.token + 1),
            format!("把第 {} 个棋子从 {from} 走到 {to}", self.token + 1),
        )
    }
}

/// The value of tokens on `tokens` and every winning move (to a sum of value 0), in token order
/// and then edge order.
///
/// A finite sum X ≠ 0 is won by moving a token of finite value g to a follower of value g ⊕ X
/// ([`sum::targets`]: in a graph a follower can have a larger value than its node); ∞(K) with
/// 0 ∈ K by moving the one infinite token to a follower whose value is the XOR a of the others.
pub fn winning_moves(
    graph: &Graph,
    values: &Values,
    tokens: &[u32],
) -> (LoopyValue, Vec<TokenMove>) {
    let each: Vec<LoopyValue> = tokens.iter().map(|&t| values.value(graph, t)).collect();
    let total = LoopyValue::sum(&each);
    let mut targets: Vec<(usize, Nimber)> = Vec::new();
    let infinite: Vec<usize> = (0..tokens.len())
        .filter(|&i| matches!(each[i], LoopyValue::Infinite(_)))
        .collect();
    match infinite.as_slice() {
        [] => targets.extend(sum::targets(
            tokens.iter().map(|&t| values.finite(t).unwrap_or_default()),
        )),
        &[i] => {
            let others = (0..tokens.len())
                .filter(|&j| j != i)
                .filter_map(|j| values.finite(tokens[j]))
                .sum();
            targets.push((i, others));
        }
        _ => {}
    }
    let mut moves = Vec::new();
    for (i, target) in targets {
        for &to in graph.followers(tokens[i]) {
            if values.finite(to) == Some(target) {
                moves.push(TokenMove {
                    token: i,
                    from: tokens[i],
                    to,
                });
            }
        }
    }
    (total, moves)
}

/// One step of the explanation of tokens on a graph. Nodes are named as the user named them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
#[non_exhaustive]
pub enum GraphStep {
    /// A node has no follower: the token on it cannot move.
    Terminal {
        /// The node.
        node: String,
    },
    /// The value of the token on a node.
    TokenValue {
        /// The node.
        node: String,
        /// Its value.
        value: LoopyValue,
    },
    /// Every value is finite: the sum is their XOR.
    FiniteSum {
        /// The XOR.
        total: Nimber,
    },
    /// A move that brings the sum to 0.
    Move {
        /// The node the token leaves.
        from: String,
        /// Its value.
        from_value: LoopyValue,
        /// The node it moves to.
        to: String,
        /// The value there.
        to_value: Nimber,
    },
    /// A P-position of finite value 0: why every move loses.
    ZeroSum,
    /// Exactly one token has an infinite value ∞(K); the others XOR to `others`.
    OneInfinite {
        /// The node of the infinite token.
        node: String,
        /// Its finite follower values K.
        options: Vec<Nimber>,
        /// XOR of the other tokens' values.
        others: Nimber,
    },
    /// Two or more tokens have infinite values.
    SeveralInfinite {
        /// How many.
        count: usize,
    },
    /// How the values of all nodes are found.
    Legend {
        /// Whether the graph has no cycle.
        acyclic: bool,
    },
}

/// The explanation of tokens on `tokens`: their values, the sum, and the first winning move.
/// `name` gives a node's name as the user wrote it.
pub fn explain(
    graph: &Graph,
    values: &Values,
    tokens: &[u32],
    first_move: Option<&TokenMove>,
    name: &dyn Fn(u32) -> String,
) -> Vec<GraphStep> {
    const SHOWN: usize = 16;
    let mut steps = Vec::new();
    for &t in tokens.iter().take(SHOWN) {
        steps.push(if graph.followers(t).is_empty() {
            GraphStep::Terminal { node: name(t) }
        } else {
            GraphStep::TokenValue {
                node: name(t),
                value: values.value(graph, t),
            }
        });
    }
    let infinite: Vec<u32> = tokens
        .iter()
        .copied()
        .filter(|&t| values.finite(t).is_none())
        .collect();
    match infinite.as_slice() {
        [] => {
            let total = tokens.iter().filter_map(|&t| values.finite(t)).sum();
            steps.push(GraphStep::FiniteSum { total });
            if total.is_zero() {
                steps.push(GraphStep::ZeroSum);
            }
        }
        &[node] => {
            let others = tokens.iter().filter_map(|&t| values.finite(t)).sum();
            let LoopyValue::Infinite(options) = values.value(graph, node) else {
                unreachable!("the node was chosen for its infinite value")
            };
            steps.push(GraphStep::OneInfinite {
                node: name(node),
                options,
                others,
            });
        }
        several => steps.push(GraphStep::SeveralInfinite {
            count: several.len(),
        }),
    }
    if let Some(m) = first_move {
        steps.push(GraphStep::Move {
            from: name(m.from),
            from_value: values.value(graph, m.from),
            to: name(m.to),
            to_value: values.finite(m.to).unwrap_or_default(),
        });
    }
    steps
}

fn set(k: &[Nimber]) -> String {
    let k: Vec<String> = k.iter().map(|g| g.value().to_string()).collect();
    format!("{{{}}}", k.join(", "))
}

impl Explain for GraphStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            GraphStep::Terminal { node } => lang.pick(
                format!("Node {node} has no outgoing edge: a token there cannot move (value 0)."),
                format!("结点 {node} 没有出边：上面的棋子不能再走（SG 值 0）。"),
            ),
            GraphStep::TokenValue { node, value } => match value {
                LoopyValue::Finite(g) => lang.pick(
                    format!("A token on {node} has value {}: the mex of its followers' values.", g.value()),
                    format!("结点 {node} 上的棋子 SG 值为 {}：它的后继结点值的 mex。", g.value()),
                ),
                LoopyValue::Infinite(k) => lang.pick(
                    format!(
                        "A token on {node} has value ∞{}: from it play can go on for ever; {} are the finite values among its followers.",
                        set(k),
                        set(k)
                    ),
                    format!(
                        "结点 {node} 上的棋子值为 ∞{}：从这里游戏可以永远进行下去；{} 是它的后继中出现的有限值。",
                        set(k),
                        set(k)
                    ),
                ),
            },
            GraphStep::FiniteSum { total } => lang.pick(
                format!(
                    "Every token has a finite value, so the tokens add like Nim heaps: the XOR is {}. {}",
                    total.value(),
                    if total.is_zero() { "0: the player to move loses." } else { "Not 0: the player to move wins." }
                ),
                format!(
                    "所有棋子的值都有限，像 Nim 堆一样相加：异或和为 {}。{}",
                    total.value(),
                    if total.is_zero() { "为 0：先手必败。" } else { "不为 0：先手必胜。" }
                ),
            ),
            GraphStep::Move { from, from_value, to, to_value } => lang.pick(
                format!(
                    "Move the token on {from} (value {from_value}) to {to} (value {}): the sum becomes 0 and the opponent faces a lost position.",
                    to_value.value()
                ),
                format!(
                    "把 {from}（值 {from_value}）上的棋子走到 {to}（值 {}）：总和变为 0，对手面对必败态。",
                    to_value.value()
                ),
            ),
            GraphStep::ZeroSum => lang.pick(
                "A move changes one token's finite value, which makes the XOR non-zero, or sends it to a node of value ∞(K); K then contains the value it left, so the opponent moves it back to that value and the XOR is 0 again. The opponent always answers, so the player to move loses.".to_string(),
                "一步棋要么改变一个棋子的有限值，使异或和不为 0；要么把它走到值为 ∞(K) 的结点，而 K 中含有它原来的值，对手可以把它走回这个值，异或和又变为 0。对手总能应对，所以先手必败。".to_string(),
            ),
            GraphStep::OneInfinite { node, options, others } => {
                let shifted: Vec<Nimber> = options.iter().map(|&g| g + *others).collect();
                let wins = options.contains(others);
                lang.pick(
                    format!(
                        "One token (on {node}) has an infinite value ∞{}, the others XOR to {}: the sum is ∞ with finite options {}. {}",
                        set(options),
                        others.value(),
                        set(&shifted),
                        if wins {
                            format!("The token on {node} can move to a node of value {}, which makes the sum 0: the player to move wins.", others.value())
                        } else {
                            format!("No follower of {node} has value {}, so no move makes the sum 0; the player to move keeps the token on infinite nodes and the game is a draw.", others.value())
                        }
                    ),
                    format!(
                        "只有一个棋子（在 {node}）的值为无穷 ∞{}，其余棋子的异或和为 {}：总和为 ∞，有限后继值为 {}。{}",
                        set(options),
                        others.value(),
                        set(&shifted),
                        if wins {
                            format!("{node} 上的棋子可以走到值为 {} 的结点，使总和为 0：先手必胜。", others.value())
                        } else {
                            format!("{node} 的后继中没有值为 {} 的结点，任何一步都不能使总和为 0；先手让这个棋子留在无穷值的结点上，结果是平局。", others.value())
                        }
                    ),
                )
            }
            GraphStep::Legend { acyclic: true } => lang.pick(
                "The graph has no cycle, so every game ends. A node with no outgoing edge has value 0; any other node has the mex (smallest number not present) of its followers' values, taken from the sinks backwards. Value 0 means the player to move loses (P); any other value wins (N), by moving to a follower of value 0.".to_string(),
                "图中没有环，所以每局游戏都会结束。没有出边的结点 SG 值为 0；其余结点的值是它所有后继值的 mex（最小的未出现的自然数），从汇点倒推。值为 0 表示先手必败（P），其余先手必胜（N）：走到值为 0 的后继即可。".to_string(),
            ),
            GraphStep::Legend { acyclic: false } => lang.pick(
                "The graph has cycles, so a game can go on for ever. One token: a node with no move is lost (P); a node with a move to a P node is won (N); a node whose moves all lead to N nodes is P; the nodes left undecided are draws (D), where both players can avoid losing for ever. For several tokens each node has a generalized Sprague-Grundy value (Smith, Fraenkel): a number as in a finite game, or ∞ with the set of finite values among its followers; these values add like Nim heaps, ∞ plus a number shifts the set, and two ∞ make a draw.".to_string(),
                "图中有环，游戏可能永远进行下去。单个棋子：不能走的结点先手必败（P）；能走到 P 结点的结点先手必胜（N）；所有走法都到 N 结点的结点为 P；剩下无法确定的结点是平局（D），双方都可以永远不输。多个棋子时，每个结点有广义 SG 值（Smith、Fraenkel）：与有限游戏一样的数，或 ∞ 加上它的后继中出现的有限值集合；这些值像 Nim 堆一样相加，∞ 加一个数会平移这个集合，两个 ∞ 相加是平局。".to_string(),
            ),
            GraphStep::SeveralInfinite { count } => lang.pick(
                format!("{count} tokens have infinite values: the sum is ∞ with no finite option, a draw. Neither player can force a win; each can keep the game going for ever."),
                format!("有 {count} 个棋子的值为无穷：总和为没有有限后继值的 ∞，是平局。双方都无法强制取胜，都可以让游戏永远进行下去。"),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::acyclic_values;
    use super::super::tests::random_graph;
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Outcomes by the definition, iterated to a fixed point: P when every follower is N, N when
    /// some follower is P; what never settles is D.
    fn fixed_point_outcomes(graph: &Graph) -> Vec<Outcome> {
        let n = graph.node_count();
        let mut outcome = vec![Outcome::D; n];
        loop {
            let mut changed = false;
            for u in 0..n as u32 {
                if outcome[u as usize] != Outcome::D {
                    continue;
                }
                let f = graph.followers(u);
                let next = if f.iter().any(|&v| outcome[v as usize] == Outcome::P) {
                    Outcome::N
                } else if f.iter().all(|&v| outcome[v as usize] == Outcome::N) {
                    Outcome::P
                } else {
                    continue;
                };
                outcome[u as usize] = next;
                changed = true;
            }
            if !changed {
                return outcome;
            }
        }
    }

    /// The sum of two tokens as an explicit graph on pairs of nodes: move exactly one token.
    fn product(graph: &Graph) -> Graph {
        let n = graph.node_count() as u32;
        let mut edges = Vec::new();
        for a in 0..n {
            for b in 0..n {
                for &a2 in graph.followers(a) {
                    edges.push((a * n + b, a2 * n + b));
                }
                for &b2 in graph.followers(b) {
                    edges.push((a * n + b, a * n + b2));
                }
            }
        }
        Graph::from_edges((n * n) as usize, &edges).unwrap()
    }

    #[test]
    fn retrograde_outcomes_match_the_fixed_point_on_random_graphs() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        for _ in 0..500 {
            let nodes = rng.random_range(1..30);
            let edges = rng.random_range(0..nodes * 3);
            let g = random_graph(&mut rng, nodes, edges, false);
            let r = g.reversed();
            let expected = fixed_point_outcomes(&g);
            assert_eq!(outcomes(&g, &r), expected);
            // The generalized function gives the same outcome for one token.
            let values = generalized_values(&g, &r);
            let from_values: Vec<Outcome> =
                (0..nodes as u32).map(|u| values.outcome(&g, u)).collect();
            assert_eq!(from_values, expected);
        }
    }

    #[test]
    fn sums_of_two_tokens_match_a_search_of_the_product_graph() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1966);
        let mut draws = 0;
        for _ in 0..300 {
            let nodes = rng.random_range(1..12);
            let edges = rng.random_range(0..nodes * 3);
            let g = random_graph(&mut rng, nodes, edges, false);
            let values = generalized_values(&g, &g.reversed());
            let p = product(&g);
            let truth = outcomes(&p, &p.reversed());
            let n = nodes as u32;
            for a in 0..n {
                for b in 0..n {
                    let (total, moves) = winning_moves(&g, &values, &[a, b]);
                    let expected = truth[(a * n + b) as usize];
                    assert_eq!(total.outcome(), expected, "{g:?} tokens {a} {b}");
                    draws += usize::from(expected == Outcome::D);
                    // The winning moves are exactly the moves to P-positions of the sum.
                    let mut by_rule: Vec<u32> = moves
                        .iter()
                        .map(|m| {
                            if m.token == 0 {
                                m.to * n + b
                            } else {
                                a * n + m.to
                            }
                        })
                        .collect();
                    let mut by_search: Vec<u32> = p
                        .followers(a * n + b)
                        .iter()
                        .copied()
                        .filter(|&q| truth[q as usize] == Outcome::P)
                        .collect();
                    by_rule.sort_unstable();
                    by_search.sort_unstable();
                    assert_eq!(by_rule, by_search, "{g:?} tokens {a} {b}");
                }
            }
        }
        assert!(
            draws > 100,
            "the random graphs must exercise draws ({draws})"
        );
    }

    #[test]
    fn acyclic_graphs_have_the_ordinary_values() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for _ in 0..200 {
            let nodes = rng.random_range(1..40);
            let edges = rng.random_range(0..nodes * 4);
            let g = random_graph(&mut rng, nodes, edges, true);
            let ordinary = Values::from_finite(acyclic_values(&g).unwrap());
            assert_eq!(generalized_values(&g, &g.reversed()), ordinary);
        }
    }

    #[test]
    fn a_two_cycle_with_an_exit() {
        // a <-> b, b -> c (terminal). c = 0; b can reach 0 so b = 1; a's only follower is b (1),
        // a = 0 (then b must be able to come back to 0: b -> c). All finite.
        let g = Graph::from_adjacency(&[vec![1], vec![0, 2], vec![]]).unwrap();
        let v = generalized_values(&g, &g.reversed());
        assert_eq!(
            (0..3).map(|u| v.value(&g, u)).collect::<Vec<_>>(),
            [0, 1, 0].map(|g| LoopyValue::Finite(Nimber(g)))
        );
        // A pure 2-cycle is a draw, ∞(∅).
        let g = Graph::from_adjacency(&[vec![1], vec![0]]).unwrap();
        let v = generalized_values(&g, &g.reversed());
        assert_eq!(v.value(&g, 0), LoopyValue::Infinite(vec![]));
        assert_eq!(v.outcome(&g, 0), Outcome::D);
    }

    #[test]
    fn sum_rule() {
        let inf = |k: &[u64]| LoopyValue::Infinite(k.iter().map(|&g| Nimber(g)).collect());
        let fin = |g| LoopyValue::Finite(Nimber(g));
        assert_eq!(LoopyValue::sum(&[fin(3), fin(5)]), fin(6));
        assert_eq!(LoopyValue::sum(&[inf(&[0, 2]), fin(2)]), inf(&[0, 2]));
        assert_eq!(LoopyValue::sum(&[inf(&[1, 3]), fin(1)]), inf(&[0, 2]));
        assert_eq!(LoopyValue::sum(&[inf(&[0]), inf(&[0])]), inf(&[]));
        assert_eq!(inf(&[0, 2]).outcome(), Outcome::N);
        assert_eq!(inf(&[1]).outcome(), Outcome::D);
        assert_eq!(inf(&[1, 2]).to_string(), "∞{1,2}");
    }
}
