//! Every-SG sums of heaps (`grundy sum --every`): on each turn the player moves in every heap
//! that can move, by its own rules, and whoever makes the last move wins.
//!
//! Theorem (Every-SG; see [`crate::every`]): count each heap's moves when its winner delays the
//! end and its loser hurries it; the sum lasts as long as its largest count, so the player to move
//! wins iff the largest count is odd, and wins by moving every heap to an option whose count is
//! one less.

use super::{SumHeap, SumPlay};
use crate::engine::EngineError;
use crate::every::{EveryAnalysis, EverySg};
use crate::ruleset::{Ruleset, SEARCH_BUDGET};

impl SumPlay {
    /// The Every-SG analysis of `position`, each heap a component searched whole (a heap that
    /// splits stays one component, its parts moving together).
    ///
    /// # Errors
    /// [`EngineError::TooLarge`] when a heap's search would pass [`SEARCH_BUDGET`] steps.
    pub fn analyze_every(
        &self,
        position: &[SumHeap],
        explain: bool,
    ) -> Result<EveryAnalysis<Vec<SumHeap>>, EngineError> {
        let heaps: Vec<Vec<SumHeap>> = position.iter().map(|&h| vec![h]).collect();
        let cost = heaps
            .iter()
            .map(|h| self.search_cost(h).unwrap_or(u64::MAX))
            .max()
            .unwrap_or(0);
        if cost > SEARCH_BUDGET {
            return Err(EngineError::TooLarge {
                budget: SEARCH_BUDGET,
            });
        }
        let mut table = EverySg::new(usize::try_from(SEARCH_BUDGET).unwrap_or(usize::MAX));
        table.analyze(self.rules(), &heaps, explain)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashMap};

    use super::*;
    use crate::ruleset::{FromSetup, Setup};
    use crate::{Game, Outcome};

    /// The options of one heap (its parts together).
    fn heap_moves(game: &SumPlay, heap: &Vec<SumHeap>) -> Vec<Vec<SumHeap>> {
        let mut out = Vec::new();
        game.rules().options(heap, &mut out);
        out
    }

    /// Whether the player to move wins the Every-SG sum `heaps` (each a component), by the rule
    /// itself: some choice of one option per component that can move leaves a lost sum.
    fn wins(
        game: &SumPlay,
        heaps: &[Vec<SumHeap>],
        memo: &mut HashMap<Vec<Vec<SumHeap>>, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(heaps) {
            return w;
        }
        let options: Vec<Vec<Vec<SumHeap>>> = heaps.iter().map(|h| heap_moves(game, h)).collect();
        let movable: Vec<usize> = (0..heaps.len())
            .filter(|&i| !options[i].is_empty())
            .collect();
        let mut result = false;
        if !movable.is_empty() {
            // Every combination of one option per movable component.
            let mut choice = vec![0usize; movable.len()];
            'all: loop {
                let mut next = heaps.to_vec();
                for (k, &i) in movable.iter().enumerate() {
                    next[i] = options[i][choice[k]].clone();
                }
                if !wins(game, &next, memo) {
                    result = true;
                    break;
                }
                for k in 0..movable.len() {
                    choice[k] += 1;
                    if choice[k] < options[movable[k]].len() {
                        continue 'all;
                    }
                    choice[k] = 0;
                }
                break;
            }
        }
        memo.insert(heaps.to_vec(), result);
        result
    }

    #[test]
    fn every_sg_sums_are_won_as_the_rule_says_on_all_small_sums() {
        for games in ["nim lasker", "sub{1,2} kayles", "0.07 nim"] {
            let game = SumPlay::from_setup(&Setup {
                game: "sum".to_string(),
                misere: false,
                params: BTreeMap::from([("games".to_string(), games.to_string())]),
            })
            .unwrap();
            let mut memo = HashMap::new();
            for a in 0..7 {
                for b in 0..7 {
                    let position = game.position(vec![a, b]).unwrap();
                    let analysis = game.analyze_every(&position, false).unwrap();
                    let heaps: Vec<Vec<SumHeap>> = position.iter().map(|&h| vec![h]).collect();
                    let expected = wins(&game, &heaps, &mut memo);
                    assert_eq!(analysis.outcome == Outcome::N, expected, "{games} {a} {b}");
                    // The move leaves a lost sum for the opponent when the sum is won.
                    if expected {
                        let next: Vec<Vec<SumHeap>> = analysis
                            .reply
                            .iter()
                            .zip(&heaps)
                            .map(|(r, h)| r.clone().unwrap_or_else(|| h.clone()))
                            .collect();
                        assert!(!wins(&game, &next, &mut memo), "{games} {a} {b}");
                    }
                }
            }
        }
    }
}
