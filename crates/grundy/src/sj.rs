//! Misère sums by the SJ theorem (anti-SG; Jia Zhihao, 2009): the player who makes the last move
//! loses, and the sum is decided from its components' Grundy values alone.
//!
//! Theorem: in a sum whose components have Grundy values g_i, with X = ⊕ g_i, the player to move
//! wins iff either some g_i > 1 and X ≠ 0, or every g_i ≤ 1 and X = 0.
//!
//! Hypothesis: Jia states the theorem for the game declared over once every component's value
//! is 0. That is misère play itself when every position of value 0 that is not an end has a move
//! to a position of value 1 (in particular when value 0 is only found at ends, as in Nim): a
//! player facing components all of value 0, some not ended, then wins by moving one of them to
//! value 1, as the declared end would give. So the hypothesis checked here is: **every position a
//! component can reach (itself included) whose value is 0 is an end or has a move to value 1.**
//! Under it the proof goes by induction on the sum: with two components above 1 and X = 0 every
//! move leaves one above 1 and X ≠ 0; with exactly one above 1 (so X ≠ 0) it moves to 0 or 1,
//! leaving an odd number of 1s; with all ≤ 1 a move from a 1 to 0 (or, all at 0, from a 0 to 1)
//! flips the parity of the 1s, and any other move leaves a value above 1 with X ≠ 0.
//! A component is one game whose positions are searched whole: a move that splits a heap in two
//! (Lasker's Nim) leaves one component, worth the XOR of the parts. Lasker's Nim fails the
//! hypothesis ((2, 2) is worth 0 and reaches only values 2 and 3), and there the theorem is
//! wrong (see the tests).
//!
//! The winning moves: a component i goes to value t_i, t_i = X_i (the XOR of the others) when
//! another component is above 1, t_i = X_i ⊕ 1 when none is ([`targets`]).

use serde::Serialize;

use crate::engine::{EngineError, Memo};
use crate::{Explain, Game, Lang, Nimber, Outcome};

/// How many components an explanation lists one by one.
pub const EXPLAINED_COMPONENTS: usize = 16;

/// What the theorem says about a sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Who wins under misère play, if the hypothesis holds.
    pub outcome: Outcome,
    /// X, the XOR of the values.
    pub total: Nimber,
    /// How many components are worth more than 1.
    pub above_one: usize,
}

/// The theorem's verdict on a sum with these values (meaningful where the hypothesis holds).
///
/// # Examples
/// ```
/// use grundy::{Nimber, Outcome, sj};
/// // Misère Nim: 1, 1 is won (take one, leave the last to the opponent); 2, 2 is lost.
/// assert_eq!(sj::decide(&[1, 1].map(Nimber)).outcome, Outcome::N);
/// assert_eq!(sj::decide(&[2, 2].map(Nimber)).outcome, Outcome::P);
/// assert_eq!(sj::decide(&[1].map(Nimber)).outcome, Outcome::P);
/// ```
pub fn decide(values: &[Nimber]) -> Verdict {
    let total = crate::sum::value(values.iter().copied());
    let above_one = values.iter().filter(|g| g.value() > 1).count();
    let wins = (above_one > 0) != total.is_zero();
    Verdict {
        outcome: if wins { Outcome::N } else { Outcome::P },
        total,
        above_one,
    }
}

/// Every component with the value it must be moved to for the sum to be lost for the opponent,
/// in order: t_i = X_i if another component is above 1, X_i ⊕ 1 if none is (X_i the XOR of the
/// others), left out where t_i is the component's own value (never an option's). Nothing for a
/// lost sum. A move of component i wins iff it reaches value t_i, which a component has when
/// t_i < g_i (the mex rule) and may have above.
///
/// # Examples
/// ```
/// use grundy::{Nimber, sj};
/// // 1, 3: move the 3 to 0 (leaving one 1), or the 1 up to 3 where a game allows it (X = 0
/// // with a value above 1).
/// assert_eq!(sj::targets(&[1, 3].map(Nimber)), vec![(0, Nimber(3)), (1, Nimber(0))]);
/// ```
pub fn targets(values: &[Nimber]) -> Vec<(usize, Nimber)> {
    let Verdict {
        total, above_one, ..
    } = decide(values);
    values
        .iter()
        .enumerate()
        .filter_map(|(i, &g)| {
            let others = total + g;
            let others_above = above_one - usize::from(g.value() > 1) > 0;
            let target = if others_above {
                others
            } else {
                others + Nimber(1)
            };
            (target != g).then_some((i, target))
        })
        .collect()
}

/// The result of checking the hypothesis on the positions of a sum's components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check<P> {
    /// Every position the components reach that is worth 0 is an end or reaches value 1.
    Holds {
        /// How many positions were checked.
        positions: usize,
    },
    /// The `positions`, reachable from component `component` (the first that reaches any), are
    /// worth 0, are not ends, and have no move to value 1.
    Fails {
        /// The component, from 0.
        component: usize,
        /// Every such position it reaches.
        positions: Vec<P>,
    },
}

/// Checks the hypothesis on every position the `components` reach, searching each whole in
/// `memo` (built with [`Memo::new`] or [`Memo::bounded`] without splitting). Every position the
/// table holds is checked, so give it a table used only for such checks on this ruleset.
/// Cost: the search of the components, and the options of each position of value 0 listed once
/// for each component that adds positions to the table.
///
/// # Errors
/// [`EngineError`] when the table is full, the search cancelled, or the table splits sums
/// ([`EngineError::NeedsWholePositions`]).
pub fn check<G: Game>(
    game: &G,
    components: &[G::Position],
    memo: &mut Memo<G::Position>,
) -> Result<Check<G::Position>, EngineError> {
    let mut checked = 0;
    let mut options = Vec::new();
    for (component, position) in components.iter().enumerate() {
        memo.info(game, position)?;
        if memo.len() == checked {
            continue;
        }
        let held: Vec<G::Position> = memo.positions().cloned().collect();
        let mut failing = Vec::new();
        for follower in held {
            if !memo.info(game, &follower)?.grundy.is_zero() {
                continue;
            }
            options.clear();
            game.options(&follower, &mut options);
            let mut reaches_one = options.is_empty();
            for option in &options {
                reaches_one |= memo.info(game, option)?.grundy == Nimber(1);
            }
            if !reaches_one {
                failing.push(follower);
            }
        }
        if !failing.is_empty() {
            return Ok(Check::Fails {
                component,
                positions: failing,
            });
        }
        checked = memo.len();
    }
    Ok(Check::Holds { positions: checked })
}

/// Why the hypothesis holds or fails, for the explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "hypothesis", rename_all = "snake_case")]
pub enum Hypothesis {
    /// The ruleset's only positions of value 0 are its ends (Nim), so the theorem's end is
    /// misère play's end.
    ZeroOnlyAtEnds,
    /// Checked by search on every position the components reach ([`check`]).
    Searched {
        /// How many positions were checked.
        positions: usize,
    },
    /// It fails: a position of value 0 with moves, none to value 1.
    Fails {
        /// The component it is reachable from, from 0.
        component: usize,
        /// The position, as written by the ruleset.
        position: String,
    },
}

impl<P> Check<P> {
    /// The hypothesis for the explanation, writing the failing positions with `write` and
    /// naming the shortest (the first in text order among those as short).
    pub fn hypothesis(&self, write: impl Fn(&P) -> String) -> Hypothesis {
        match self {
            &Check::Holds { positions } => Hypothesis::Searched { positions },
            Check::Fails {
                component,
                positions,
            } => Hypothesis::Fails {
                component: *component,
                position: positions
                    .iter()
                    .map(write)
                    .min_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)))
                    .expect("a failure has a position"),
            },
        }
    }
}

/// One step of the explanation of a misère sum by the SJ theorem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum SjStep {
    /// The theorem and its hypothesis.
    Theorem,
    /// Whether the hypothesis holds here, and why.
    Hypothesis(Hypothesis),
    /// The components' values.
    Values {
        /// The first components' values.
        values: Vec<u64>,
        /// Components not shown.
        omitted: usize,
    },
    /// Which of the two cases, and the verdict.
    Case {
        /// X.
        total: u64,
        /// How many values are above 1.
        above_one: usize,
    },
    /// A winning move: component `component` to value `target`.
    Target {
        /// The component, from 0.
        component: usize,
        /// Its value.
        value: u64,
        /// The value to move it to.
        target: u64,
        /// Whether another component stays above 1.
        others_above_one: bool,
    },
    /// For a lost sum: every move leaves the opponent a won sum.
    EveryMoveLoses {
        /// Whether some value is above 1 (then X = 0).
        above_one: bool,
    },
}

impl Explain for SjStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            SjStep::Theorem => lang.pick(
                "Misère play (the last mover loses), by the SJ theorem (anti-SG, Jia Zhihao 2009): with X the XOR of the components' values, the player to move wins iff some value is above 1 and X ≠ 0, or every value is at most 1 and X = 0. It holds when every position of value 0 that is not an end has a move to value 1 (the theorem declares the game over when every value is 0; with that move, the player facing such a position wins as the declared end says).".to_string(),
                "反常规则（走最后一步的人输），用 SJ 定理（anti-SG，贾志豪 2009）：设 X 为各子游戏 SG 值的异或和，先手必胜当且仅当：某个 SG 值大于 1 且 X ≠ 0；或者所有 SG 值都不超过 1 且 X = 0。定理成立的条件：每个 SG 值为 0 但还能走的局面都能一步走到 SG 值为 1 的局面（定理规定所有 SG 值为 0 时游戏结束；有了这一步，面对这种局面的玩家正如规定所说获胜）。".to_string(),
            ),
            SjStep::Hypothesis(Hypothesis::ZeroOnlyAtEnds) => lang.pick(
                "Here only the ends are worth 0, so the condition holds and the theorem's end is the real end.".to_string(),
                "这里只有终止局面的 SG 值为 0，条件成立，定理规定的结束就是真正的结束。".to_string(),
            ),
            SjStep::Hypothesis(Hypothesis::Searched { positions }) => lang.pick(
                format!("The condition holds: checked on all {positions} positions the components can reach."),
                format!("条件成立：已在各子游戏能到达的全部 {positions} 个局面上逐一检查。"),
            ),
            SjStep::Hypothesis(Hypothesis::Fails { component, position }) => lang.pick(
                format!("The SJ theorem does not apply: component {} can reach {position}, worth 0, which has moves but none to value 1. The answer comes from a search of the whole position instead.", component + 1),
                format!("SJ 定理不适用：第 {} 个子游戏可以到达 {position}，其 SG 值为 0、还能走，却走不到 SG 值为 1 的局面。因此答案改由对整个局面的搜索得出。", component + 1),
            ),
            SjStep::Values { values, omitted } => {
                let mut list = values.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
                if *omitted > 0 {
                    list.push_str(&lang.pick(format!(", and {omitted} more"), format!("，另有 {omitted} 个")));
                }
                lang.pick(format!("The components' values: {list}."), format!("各子游戏的 SG 值：{list}。"))
            }
            SjStep::Case { total, above_one } => {
                let wins = (*above_one > 0) != (*total == 0);
                let case = match (*above_one > 0, lang) {
                    (true, Lang::En) => format!("{above_one} value(s) above 1, and X = {total}"),
                    (false, Lang::En) => format!("every value is at most 1, and X = {total}"),
                    (true, Lang::Zh) => format!("有 {above_one} 个 SG 值大于 1，X = {total}"),
                    (false, Lang::Zh) => format!("所有 SG 值都不超过 1，X = {total}"),
                };
                lang.pick(
                    format!("Case: {case}, so the player to move {}.", if wins { "wins (an N-position)" } else { "loses (a P-position)" }),
                    format!("情形：{case}，所以先手{}。", if wins { "必胜（必胜态）" } else { "必败（必败态）" }),
                )
            }
            SjStep::Target { component, value, target, others_above_one } => {
                let why = match (others_above_one, lang) {
                    (true, Lang::En) => "another value stays above 1, so X must become 0",
                    (false, Lang::En) => "then every value is at most 1 and the number of 1s is odd, X = 1",
                    (true, Lang::Zh) => "另有 SG 值大于 1 的子游戏，所以要让 X 变为 0",
                    (false, Lang::Zh) => "之后所有 SG 值都不超过 1，且 1 的个数为奇数，X = 1",
                };
                lang.pick(
                    format!("Move component {} from value {value} to value {target}: {why}, which is lost for the opponent.", component + 1),
                    format!("把第 {} 个子游戏从 SG 值 {value} 变为 {target}：{why}，对手必败。", component + 1),
                )
            }
            SjStep::EveryMoveLoses { above_one: true } => lang.pick(
                "Every move changes one value, so X becomes non-zero, and some value stays above 1 (there are at least two): the opponent wins.".to_string(),
                "每步只改变一个 SG 值，X 变为非 0，而且仍有 SG 值大于 1 的子游戏（至少有两个）：对手必胜。".to_string(),
            ),
            SjStep::EveryMoveLoses { above_one: false } => lang.pick(
                "Every move either turns a 1 into 0 or a 0 into 1 (X becomes 0 with every value at most 1), or makes a value above 1 with X ≠ 0: the opponent wins either way.".to_string(),
                "每步要么把一个 1 变成 0 或把一个 0 变成 1（X 变为 0，且所有 SG 值不超过 1），要么产生大于 1 的 SG 值且 X ≠ 0：对手都必胜。".to_string(),
            ),
        }
    }
}

/// The explanation of a misère sum with these values under `hypothesis`: the theorem, why it
/// applies or not, and where it applies the values, the case and a winning move's target (the
/// first component whose target is below its value, which surely has one).
pub fn explanation(values: &[Nimber], hypothesis: Hypothesis) -> Vec<SjStep> {
    let applies = !matches!(hypothesis, Hypothesis::Fails { .. });
    let mut steps = vec![SjStep::Theorem, SjStep::Hypothesis(hypothesis)];
    if !applies {
        return steps;
    }
    let shown = values.len().min(EXPLAINED_COMPONENTS);
    let verdict = decide(values);
    steps.push(SjStep::Values {
        values: values[..shown].iter().map(|g| g.value()).collect(),
        omitted: values.len() - shown,
    });
    steps.push(SjStep::Case {
        total: verdict.total.value(),
        above_one: verdict.above_one,
    });
    let down = targets(values)
        .into_iter()
        .find(|&(i, target)| target < values[i]);
    match (verdict.outcome, down) {
        (Outcome::N, Some((component, target))) => steps.push(SjStep::Target {
            component,
            value: values[component].value(),
            target: target.value(),
            others_above_one: verdict.above_one > usize::from(values[component].value() > 1),
        }),
        _ => steps.push(SjStep::EveryMoveLoses {
            above_one: verdict.above_one > 0,
        }),
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Convention;
    use crate::games::lasker::Lasker;
    use crate::testing::Take;

    /// The sum of components of one game: a move is a move in one component.
    struct Sum<'a, G>(&'a G);

    impl<G: Game> Game for Sum<'_, G> {
        type Position = Vec<G::Position>;
        fn options(&self, sum: &Vec<G::Position>, out: &mut Vec<Vec<G::Position>>) {
            for (i, component) in sum.iter().enumerate() {
                let mut options = Vec::new();
                self.0.options(component, &mut options);
                out.extend(options.into_iter().map(|o| {
                    let mut next = sum.clone();
                    next[i] = o;
                    next
                }));
            }
        }
    }

    /// Counts of sums where the hypothesis held and failed, and where, failing, the theorem
    /// was wrong.
    #[derive(Debug, Default)]
    struct Tally {
        held: usize,
        failed: usize,
        wrong: usize,
    }

    /// Every sum of the `components`: the theorem's outcome and winning moves against the
    /// engine's misère search wherever the hypothesis holds.
    fn compare<G: Game>(game: &G, sums: &[Vec<G::Position>]) -> Tally
    where
        G::Position: std::fmt::Debug,
    {
        let mut values = Memo::new();
        let mut misere = Memo::new();
        let sum = Sum(game);
        let mut tally = Tally::default();
        for components in sums {
            let check = check(game, components, &mut Memo::new()).unwrap();
            let g: Vec<Nimber> = components
                .iter()
                .map(|c| values.grundy(game, c).unwrap())
                .collect();
            let expected = misere
                .outcome(&sum, components, Convention::Misere)
                .unwrap();
            if let Check::Fails { .. } = check {
                tally.failed += 1;
                tally.wrong += usize::from(decide(&g).outcome != expected);
                continue;
            }
            tally.held += 1;
            assert_eq!(decide(&g).outcome, expected, "{components:?} values {g:?}");
            // The winning moves: a component moved to an option of its target value.
            let mut by_theorem = Vec::new();
            for (i, target) in targets(&g) {
                let mut options = Vec::new();
                game.options(&components[i], &mut options);
                for option in options {
                    if values.grundy(game, &option).unwrap() == target {
                        let mut next = components.clone();
                        next[i] = option;
                        by_theorem.push(next);
                    }
                }
            }
            let mut searched = misere
                .winning_moves(&sum, components, Convention::Misere)
                .unwrap();
            by_theorem.sort_by_key(|p| format!("{p:?}"));
            searched.sort_by_key(|p| format!("{p:?}"));
            assert_eq!(by_theorem, searched, "{components:?} values {g:?}");
        }
        tally
    }

    /// Every list of 1 to 3 heaps up to `max`.
    fn heaps(max: u64) -> Vec<Vec<u64>> {
        crate::testing::all_lists(3, max)
    }

    #[test]
    fn nim_and_subtraction_games_agree_with_the_misere_search_where_it_holds() {
        for set in [&[][..], &[1, 2], &[2, 3], &[1, 3, 4], &[2], &[1, 4]] {
            let tally = compare(&Take(set), &heaps(9));
            assert!(tally.held > 100, "{set:?}: {tally:?}");
            assert_eq!(tally.wrong, 0, "{set:?}: {tally:?}");
            if set.is_empty() {
                // Nim: value 0 only at the end.
                assert_eq!(tally.failed, 0);
            }
        }
    }

    /// Lasker's Nim, each option's heaps sorted (a component is a multiset of heaps).
    struct SortedLasker;

    impl Game for SortedLasker {
        type Position = Vec<u64>;
        fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            let start = out.len();
            Lasker.options(heaps, out);
            for option in &mut out[start..] {
                option.sort_unstable();
            }
        }
    }

    #[test]
    fn lasker_fails_the_hypothesis_and_there_the_theorem_is_wrong() {
        // Sums of one or two components, each one or two heaps up to 4.
        let components: Vec<Vec<u64>> = crate::testing::all_lists(2, 4)
            .into_iter()
            .filter(|c| c.is_sorted())
            .collect();
        let mut sums: Vec<Vec<Vec<u64>>> = components.iter().map(|c| vec![c.clone()]).collect();
        for a in &components {
            sums.extend(components.iter().map(|b| vec![a.clone(), b.clone()]));
        }
        let tally = compare(&SortedLasker, &sums);
        assert!(tally.held > 0 && tally.wrong > 0, "{tally:?}");
        // (2, 2) alone: every value at most 1 and X = 0 would be a win, but each move leaves
        // the opponent a misère win.
        assert_eq!(decide(&[Nimber(0)]).outcome, Outcome::N);
        assert_eq!(
            Memo::new().outcome(&SortedLasker, &vec![2, 2], Convention::Misere),
            Ok(Outcome::P)
        );
        // The smallest failing component: a heap of 4 reaches (2, 2), worth 0, whose moves
        // reach values 2 and 3 only.
        let fails = |n: u64| check(&SortedLasker, &[vec![n]], &mut Memo::new());
        assert_eq!(
            (0..4)
                .map(fails)
                .filter(|c| matches!(c, Ok(Check::Fails { .. })))
                .count(),
            0
        );
        assert_eq!(
            fails(4),
            Ok(Check::Fails {
                component: 0,
                positions: vec![vec![2, 2]]
            })
        );
    }

    #[test]
    fn explanations_in_both_languages() {
        let steps = explanation(&[1, 3].map(Nimber), Hypothesis::ZeroOnlyAtEnds);
        let en: Vec<String> = steps.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = steps.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(en[3].contains("1 value(s) above 1, and X = 2"), "{en:?}");
        assert!(
            en[4].contains("component 2 from value 3 to value 0"),
            "{en:?}"
        );
        assert!(zh[3].contains("先手必胜"), "{zh:?}");
        let steps = explanation(&[1, 1, 1].map(Nimber), Hypothesis::ZeroOnlyAtEnds);
        assert_eq!(
            steps.last(),
            Some(&SjStep::EveryMoveLoses { above_one: false })
        );
        let steps = explanation(
            &[Nimber(3)],
            Hypothesis::Fails {
                component: 0,
                position: "2 2".into(),
            },
        );
        assert_eq!(steps.len(), 2);
        assert!(steps[1].text(Lang::En).contains("does not apply"));
        assert!(steps[1].text(Lang::Zh).contains("不适用"));
    }
}
