//! Analyses of script states: value, components, winning moves and the explanation; loopy
//! games through their graph.

use grundy::graph::Graph;
use grundy::graph::loopy::{self, LoopyValue};
use grundy::{Explain, Lang, Nimber, Outcome, sum};
use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::error::ScriptError;
use crate::script::Script;
use crate::state::State;

impl Script {
    /// Depth-first search for a cycle through the same dependencies as the engine's (components
    /// of a sum, else options), bounded by the table limit.
    pub(crate) fn find_cycle(&self, root: &State) -> Option<Vec<State>> {
        let mut open: FxHashMap<State, bool> = FxHashMap::default();
        let mut stack: Vec<(State, Vec<State>, usize)> = Vec::new();
        let deps = |s: &State| -> Option<Vec<State>> {
            match self.components_of(s) {
                Ok(Some(parts)) => Some(parts),
                Ok(None) => self.options_of(s).map_err(|e| self.fail(e)).ok(),
                Err(e) => {
                    self.fail(e);
                    None
                }
            }
        };
        open.insert(root.clone(), true);
        stack.push((root.clone(), deps(root)?, 0));
        while let Some((_, children, next)) = stack.last_mut() {
            if open.len() > self.limits.max_states {
                return None;
            }
            let Some(child) = children.get(*next).cloned() else {
                let (done, ..) = stack.pop()?;
                open.insert(done, false);
                continue;
            };
            *next += 1;
            match open.get(&child) {
                Some(true) => {
                    let from = stack.iter().position(|(s, ..)| *s == child)?;
                    let mut cycle: Vec<State> =
                        stack[from..].iter().map(|(s, ..)| s.clone()).collect();
                    cycle.push(child);
                    return Some(cycle);
                }
                Some(false) => {}
                None => {
                    open.insert(child.clone(), true);
                    let grand = deps(&child)?;
                    stack.push((child, grand, 0));
                }
            }
        }
        None
    }

    /// Analyses `state`: its value, its components, and every winning move (the options of value
    /// 0, found by the engine through the options of the whole state).
    ///
    /// # Errors
    /// A script error, a cycle, or a full table.
    pub fn analyze(&self, state: &State, explain: bool) -> Result<StateAnalysis, ScriptError> {
        let value = self.grundy(state)?;
        let options = self.options_of(state)?;
        let mut option_values = Vec::with_capacity(options.len());
        for option in &options {
            option_values.push(self.grundy(option)?);
        }
        let components = match self.components_of(state)? {
            Some(parts) => {
                let mut valued = Vec::with_capacity(parts.len());
                for part in parts {
                    let g = self.grundy(&part)?;
                    valued.push((part, g));
                }
                valued
            }
            None => Vec::new(),
        };
        let winning: Vec<(usize, State)> = options
            .iter()
            .zip(&option_values)
            .enumerate()
            .filter(|(_, (_, g))| g.is_zero())
            .map(|(i, (o, _))| (i, o.clone()))
            .collect();
        let explanation = if explain {
            explain_state(value, &components, &option_values, winning.first())
        } else {
            Vec::new()
        };
        Ok(StateAnalysis {
            state: state.clone(),
            value,
            outcome: Outcome::from_grundy(value),
            option_count: options.len(),
            components,
            winning,
            explanation,
        })
    }

    /// Analyses states of a game that may have cycles: every state reachable from `states` is
    /// listed (up to the table bound) as a graph, whose generalized Sprague–Grundy values give
    /// value and outcome (P, N or D). Components are not used: whole states are searched.
    ///
    /// # Errors
    /// A script error or a full table.
    pub fn analyze_loopy(&self, states: &[State]) -> Result<Vec<LoopyAnalysis>, ScriptError> {
        let mut ids: FxHashMap<State, u32> = FxHashMap::default();
        let mut all: Vec<State> = Vec::new();
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut intern = |s: &State, all: &mut Vec<State>| -> Result<u32, ScriptError> {
            if let Some(&id) = ids.get(s) {
                return Ok(id);
            }
            if all.len() >= self.limits.max_states {
                return Err(ScriptError::TableFull {
                    limit: self.limits.max_states,
                });
            }
            let id = all.len() as u32;
            ids.insert(s.clone(), id);
            all.push(s.clone());
            Ok(id)
        };
        let roots: Vec<u32> = states
            .iter()
            .map(|s| intern(s, &mut all))
            .collect::<Result<_, _>>()?;
        let mut next = 0;
        while next < all.len() {
            let state = all[next].clone();
            for option in self.options_of(&state)? {
                let to = intern(&option, &mut all)?;
                edges.push((next as u32, to));
            }
            next += 1;
        }
        let graph = Graph::from_edges(all.len(), &edges).map_err(|_| ScriptError::TableFull {
            limit: self.limits.max_states,
        })?;
        let values = loopy::generalized_values(&graph, &graph.reversed());
        Ok(roots
            .iter()
            .map(|&root| {
                let winning = graph
                    .followers(root)
                    .iter()
                    .enumerate()
                    .filter(|&(_, &v)| values.finite(v) == Some(Nimber::ZERO))
                    .map(|(i, &v)| (i, all[v as usize].clone()))
                    .collect();
                LoopyAnalysis {
                    state: all[root as usize].clone(),
                    value: values.value(&graph, root),
                    outcome: values.outcome(&graph, root),
                    option_count: graph.followers(root).len(),
                    winning,
                    reachable: all.len(),
                }
            })
            .collect())
    }
}

/// The analysis of one state of a finite script game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateAnalysis {
    /// The state.
    pub state: State,
    /// Its Grundy value.
    pub value: Nimber,
    /// P or N.
    pub outcome: Outcome,
    /// How many options it has.
    pub option_count: usize,
    /// Its components with their values, if the script splits it.
    pub components: Vec<(State, Nimber)>,
    /// Every winning move: the index among the options and the state it leads to.
    pub winning: Vec<(usize, State)>,
    /// The explanation, if asked for.
    pub explanation: Vec<ScriptStep>,
}

/// The analysis of one state of a game that may have cycles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyAnalysis {
    /// The state.
    pub state: State,
    /// Its generalized Sprague–Grundy value.
    pub value: LoopyValue,
    /// P, N or D.
    pub outcome: Outcome,
    /// How many options it has.
    pub option_count: usize,
    /// Every winning move (to a state of value 0): option index and state.
    pub winning: Vec<(usize, State)>,
    /// How many states were reachable.
    pub reachable: usize,
}

/// One step of the explanation of a script state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
#[non_exhaustive]
pub enum ScriptStep {
    /// The state splits into components whose values XOR to `total`.
    Components {
        /// Each component (as written) with its value.
        parts: Vec<(String, u64)>,
        /// The XOR.
        total: u64,
    },
    /// In a sum of value X ≠ 0, component `component` (value `value`) wins by moving to a
    /// position of value `target` = value ⊕ X, if it has such an option.
    Target {
        /// The component, from 0.
        component: usize,
        /// Its value.
        value: u64,
        /// The value it must move to.
        target: u64,
    },
    /// The value is the mex of the options' values.
    Mex {
        /// The distinct values of the options, ascending (at most 32 shown).
        values: Vec<u64>,
        /// The mex.
        value: u64,
    },
    /// The first winning move.
    Winning {
        /// The state it leads to.
        to: String,
    },
    /// No option has value 0.
    Lost,
}

pub(crate) fn explain_state(
    value: Nimber,
    components: &[(State, Nimber)],
    option_values: &[Nimber],
    first: Option<&(usize, State)>,
) -> Vec<ScriptStep> {
    let mut steps = Vec::new();
    if components.is_empty() {
        let mut values: Vec<u64> = option_values.iter().map(|g| g.value()).collect();
        values.sort_unstable();
        values.dedup();
        values.truncate(32);
        steps.push(ScriptStep::Mex {
            values,
            value: value.value(),
        });
    } else {
        steps.push(ScriptStep::Components {
            parts: components
                .iter()
                .map(|(s, g)| (s.to_string(), g.value()))
                .collect(),
            total: value.value(),
        });
        // Every component may hold a winning move, not only those whose target is below their
        // value: options can rise above a component's value.
        for (component, target) in sum::targets(components.iter().map(|(_, g)| *g)) {
            steps.push(ScriptStep::Target {
                component,
                value: components[component].1.value(),
                target: target.value(),
            });
        }
    }
    steps.push(match first {
        Some((_, to)) => ScriptStep::Winning { to: to.to_string() },
        None => ScriptStep::Lost,
    });
    steps
}

impl Explain for ScriptStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            ScriptStep::Components { parts, total } => {
                let list: Vec<String> = parts.iter().map(|(s, g)| format!("{s} (value {g})")).collect();
                let list_zh: Vec<String> = parts.iter().map(|(s, g)| format!("{s}（值 {g}）")).collect();
                lang.pick(
                    format!("components(state) splits it into independent games: {}. Their values XOR to {total}.", list.join(", ")),
                    format!("components(state) 把它分成互不影响的子游戏：{}。它们的值异或为 {total}。", list_zh.join("、")),
                )
            }
            ScriptStep::Target { component, value, target } => lang.pick(
                format!("Component {} (value {value}) wins by moving to a position of value {value} XOR total = {target}, if it has one.", component + 1),
                format!("第 {} 个子游戏（值 {value}）若能走到值为 {value} 异或总和 = {target} 的局面，就是必胜走法。", component + 1),
            ),
            ScriptStep::Mex { values, value } => {
                let list: Vec<String> = values.iter().map(u64::to_string).collect();
                lang.pick(
                    format!("The options have values {{{}}}; the smallest number missing (the mex) is {value}.", list.join(", ")),
                    format!("各个后继局面的值为 {{{}}}；不在其中的最小自然数（mex）是 {value}。", list.join(", ")),
                )
            }
            ScriptStep::Winning { to } => lang.pick(
                format!("Move to {to}, a position of value 0: the opponent then loses."),
                format!("走到 {to}，一个值为 0 的局面：对手必败。"),
            ),
            ScriptStep::Lost => lang.pick(
                "No option has value 0: every move hands the opponent a winning position.".to_string(),
                "没有值为 0 的后继：无论怎么走，对手都处于必胜态。".to_string(),
            ),
        }
    }
}
