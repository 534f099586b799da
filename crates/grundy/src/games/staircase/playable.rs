//! Staircase Nim and the moving-right grid, played.
//!
//! Staircase: a move is `STEP COUNT`, carry COUNT stones from step STEP down one step (from step
//! 1 to the ground). Grid: a move is `CELL COUNT`, move COUNT stones from cell CELL to the next
//! cell (the last cell is the end, where stones stay). Both under normal play only.

use crate::engine::EngineError;
use crate::games::grid::{self, Grid};
use crate::games::staircase::{self, StairStep, Staircase};
use crate::ruleset::{
    About, Lists, MoveError, NoParameters, Notation, Presentation, Refusal, Ruleset, SetupError,
    TestPlan, Unit, amount, index, two_numbers,
};
use crate::{Analysis, AnalyzeOptions, Explain, Lang, PileMove};

/// A move of the grid that starts on its last cell (from 1), whose stones never move again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct EndCell(usize);

impl Explain for EndCell {
    fn text(&self, lang: Lang) -> String {
        let cell = self.0;
        match lang {
            Lang::En => format!("cell {cell} is the end of the strip: stones there do not move"),
            Lang::Zh => format!("第 {cell} 格是终点：那里的石子不能再移动"),
        }
    }
}

impl Refusal for EndCell {}

/// Staircase Nim as a [`Playable`] ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct StaircasePlay;

/// The moving-right grid as a [`Playable`] ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct GridPlay;

impl NoParameters for StaircasePlay {}

impl NoParameters for GridPlay {}

const STAIRCASE: Notation = Notation {
    en: "STEP COUNT",
    zh: "台阶号 数量",
    meaning_en: "carry COUNT stones from step STEP down one step (from step 1 to the ground), steps numbered from 1 at the bottom",
    meaning_zh: "把第「台阶号」级台阶上的「数量」个石子向下搬一级（第 1 级搬到地面），台阶从下往上从 1 编号",
    example: "2 1",
};

const GRID: Notation = Notation {
    en: "CELL COUNT",
    zh: "格号 数量",
    meaning_en: "move COUNT stones from cell CELL to the next cell on its right, cells numbered from 1; stones on the last cell stay",
    meaning_zh: "把第「格号」格的「数量」个石子移到右边相邻的一格，格子从 1 编号；最后一格的石子不再移动",
    example: "1 1",
};

/// Numbers separated by spaces.
/// The numbers, checked: at least one, and a total that fits in a `u64` (stones gather).
fn checked(
    values: Vec<u64>,
    what: &'static str,
    unit: &'static str,
) -> Result<Vec<u64>, SetupError> {
    if values.is_empty() {
        return Err(SetupError::Empty { what });
    }
    staircase::check_total(&values, unit).map_err(|e| SetupError::BadPosition {
        problem: e.to_string(),
    })?;
    Ok(values)
}

/// An upper bound on the engine's work for `stones` stones that move among `places` places and
/// then leave: at most C(stones + places, places) positions, each with at most `stones` options.
fn search_cost(stones: u128, places: usize) -> Option<u64> {
    let k = u128::try_from(places).unwrap_or(u128::MAX).min(stones);
    let n = stones.saturating_add(u128::try_from(places).unwrap_or(u128::MAX));
    // C(n, k) by the running product C(n − k + i, i), exact at every step.
    let mut positions: u128 = 1;
    for i in 1..=k {
        positions = match positions.checked_mul(n - k + i) {
            Some(p) if p / i <= u128::from(u64::MAX) => p / i,
            _ => return Some(u64::MAX),
        };
    }
    let cost = positions.saturating_mul(stones + 1);
    Some(u64::try_from(cost).unwrap_or(u64::MAX))
}

/// The stones and their distances to where they leave play: each single-stone move lowers
/// this by one, so it bounds the moves left.
fn weighted(values: impl Iterator<Item = (u64, u64)>) -> u128 {
    values
        .map(|(stones, distance)| u128::from(stones) * u128::from(distance))
        .sum()
}

/// The command line's help: the rules, the theorem, examples.
const STAIRCASE_HELP: &str = "Staircase Nim: carry stones down the steps; stones on the ground are out of play.\n\n\
Step i holds A_i stones (step 1 is next to the ground); a move carries at least one \
stone from a step down to the step below, and stones that reach the ground are out. Who \
cannot move loses.\n\n\
Theorem: the player to move wins iff the XOR x of the odd steps (1, 3, 5, ...) is \
non-zero. Even steps do not matter: stones carried from an even step onto an odd one are \
carried on down by the reply. A winning move turns one odd step a into a XOR x: down \
from it when that is smaller, or with stones brought onto it from the even step above \
when larger.\n\n\
Examples: `grundy staircase 2 9 3`, `grundy staircase --explain --lang zh 2 9 3`.";

impl Ruleset for StaircasePlay {
    const ABOUT: About = About {
        part: Unit::STEP,
        board: "stairs",
        test_plan: TestPlan {
            normal: Lists { len: 4, max: 6 },
            ..TestPlan::DEFAULT
        },
        ..About::new("staircase", STAIRCASE_HELP, STAIRCASE)
    };
    type Position = Vec<u64>;
    type Move = PileMove;
    type Step = StairStep;
    type Value = crate::Nimber;
    type Rules = Staircase;

    fn rules(&self) -> &Staircase {
        &Staircase
    }

    fn position(&self, numbers: Vec<u64>) -> Result<Vec<u64>, SetupError> {
        checked(numbers, "steps", "step")
    }

    fn legal_moves(&self, steps: &Vec<u64>, out: &mut Vec<PileMove>) {
        for (from, &stones) in steps.iter().enumerate() {
            out.extend((1..=stones).map(|count| PileMove::Carry {
                from,
                to: from.checked_sub(1),
                count,
            }));
        }
    }

    fn is_over(&self, steps: &Vec<u64>) -> bool {
        steps.iter().all(|&s| s == 0)
    }

    fn apply(&self, steps: &Vec<u64>, change: &PileMove) -> Vec<u64> {
        staircase::apply(steps, change)
    }

    fn analyze(
        &self,
        steps: &Vec<u64>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<StairStep, PileMove>, EngineError> {
        Ok(staircase::analyze(steps, options))
    }

    fn search_cost(&self, steps: &Vec<u64>) -> Option<u64> {
        let stones = steps.iter().map(|&s| u128::from(s)).sum();
        search_cost(stones, steps.len())
    }

    /// Each stone on step i has i moves left before the ground.
    fn material(&self, steps: &Vec<u64>) -> u128 {
        weighted(steps.iter().zip(1..).map(|(&s, d)| (s, d)))
    }

    /// One stone from the lowest step that has any.
    fn slow_move(&self, steps: &Vec<u64>) -> Option<PileMove> {
        let from = steps.iter().position(|&s| s > 0)?;
        Some(PileMove::Carry {
            from,
            to: from.checked_sub(1),
            count: 1,
        })
    }
}

impl Presentation for StaircasePlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("staircase Nim", "阶梯 Nim").to_string()
    }

    fn parse_move(&self, steps: &Vec<u64>, text: &str) -> Result<PileMove, MoveError> {
        let (step, count) = two_numbers(text, STAIRCASE)?;
        if self.is_over(steps) {
            return Err(MoveError::GameOver);
        }
        let from = index(Unit::STEP, step, steps.len())?;
        amount(Unit::STEP, from, steps[from], count)?;
        Ok(PileMove::Carry {
            from,
            to: from.checked_sub(1),
            count,
        })
    }

    fn write_move(&self, change: &PileMove) -> String {
        match *change {
            PileMove::Carry { from, count, .. } => format!("{} {count}", from + 1),
            ref other => unreachable!("staircase moves are carries, not {other:?}"),
        }
    }
}

/// The command line's help: the rules, the theorem, examples.
const GRID_HELP: &str = "Moving-right grid: carry stones one cell to the right; the last cell keeps them.\n\n\
Cell i holds A_i stones; a move carries at least one stone from a cell i < n to cell \
i+1; stones on the last cell n stay there. Who cannot move loses.\n\n\
Theorem: this is staircase Nim counted from the end (cell n is the ground, cell n-1 step \
1, cell n-2 step 2, ...): the player to move wins iff A(n-1) XOR A(n-3) XOR ... is \
non-zero.\n\n\
Examples: `grundy grid 5 2 7`, `grundy grid --explain 1 2 3 4`.";

impl Ruleset for GridPlay {
    const ABOUT: About = About {
        part: Unit::CELL,
        board: "grid",
        test_plan: TestPlan {
            normal: Lists { len: 4, max: 6 },
            ..TestPlan::DEFAULT
        },
        ..About::new("grid", GRID_HELP, GRID)
    };
    type Position = Vec<u64>;
    type Move = PileMove;
    type Step = StairStep;
    type Value = crate::Nimber;
    type Rules = Grid;

    fn rules(&self) -> &Grid {
        &Grid
    }

    fn position(&self, numbers: Vec<u64>) -> Result<Vec<u64>, SetupError> {
        checked(numbers, "cells", "cell")
    }

    fn legal_moves(&self, cells: &Vec<u64>, out: &mut Vec<PileMove>) {
        let movable = cells.len().saturating_sub(1);
        for (from, &stones) in cells[..movable].iter().enumerate() {
            out.extend((1..=stones).map(|count| PileMove::Carry {
                from,
                to: Some(from + 1),
                count,
            }));
        }
    }

    fn is_over(&self, cells: &Vec<u64>) -> bool {
        cells.iter().rev().skip(1).all(|&c| c == 0)
    }

    fn apply(&self, cells: &Vec<u64>, change: &PileMove) -> Vec<u64> {
        grid::apply(cells, change)
    }

    fn analyze(
        &self,
        cells: &Vec<u64>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<StairStep, PileMove>, EngineError> {
        Ok(grid::analyze(cells, options))
    }

    /// The last cell only gathers stones: the others are a staircase of n − 1 steps.
    fn search_cost(&self, cells: &Vec<u64>) -> Option<u64> {
        let movable = cells.len().saturating_sub(1);
        let stones = cells[..movable].iter().map(|&s| u128::from(s)).sum();
        search_cost(stones, movable)
    }

    /// Each stone on cell i of n has n − i moves left before the end.
    fn material(&self, cells: &Vec<u64>) -> u128 {
        let n = cells.len() as u64;
        weighted(cells.iter().zip(1..).map(|(&s, i)| (s, n - i)))
    }

    /// One stone from the cell nearest the end that has any (the end itself excluded).
    fn slow_move(&self, cells: &Vec<u64>) -> Option<PileMove> {
        let movable = cells.len().saturating_sub(1);
        let from = cells[..movable].iter().rposition(|&s| s > 0)?;
        Some(PileMove::Carry {
            from,
            to: Some(from + 1),
            count: 1,
        })
    }
}

impl Presentation for GridPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("moving-right grid", "向右移动的石子").to_string()
    }

    fn parse_move(&self, cells: &Vec<u64>, text: &str) -> Result<PileMove, MoveError> {
        let (cell, count) = two_numbers(text, GRID)?;
        if self.is_over(cells) {
            return Err(MoveError::GameOver);
        }
        let from = index(Unit::CELL, cell, cells.len())?;
        if from + 1 == cells.len() {
            return Err(EndCell(from + 1).into());
        }
        amount(Unit::CELL, from, cells[from], count)?;
        Ok(PileMove::Carry {
            from,
            to: Some(from + 1),
            count,
        })
    }

    fn write_move(&self, change: &PileMove) -> String {
        match *change {
            PileMove::Carry { from, count, .. } => format!("{} {count}", from + 1),
            ref other => unreachable!("grid moves are carries, not {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Explain;
    use crate::ruleset::{FromSetup, Setup};
    use crate::testing::all_lists;
    use crate::testing::check_playable;

    fn setup(game: &str) -> Setup {
        Setup {
            game: game.to_string(),
            ..Setup::default()
        }
    }

    #[test]
    fn staircase_moves_and_the_computer_match_the_rules_exhaustively() {
        let game = StaircasePlay::from_setup(&setup("staircase")).unwrap();
        let positions: Vec<Vec<u64>> = all_lists(3, 5)
            .into_iter()
            .chain(all_lists(4, 3).into_iter().filter(|p| p.len() == 4))
            .chain(all_lists(5, 2).into_iter().filter(|p| p.len() == 5))
            .collect();
        check_playable(&game, &positions, 5);
    }

    #[test]
    fn grid_moves_and_the_computer_match_the_rules_exhaustively() {
        let game = GridPlay::from_setup(&setup("grid")).unwrap();
        let positions: Vec<Vec<u64>> = all_lists(4, 4)
            .into_iter()
            .chain(all_lists(5, 3).into_iter().filter(|p| p.len() == 5))
            .collect();
        check_playable(&game, &positions, 5);
    }

    #[test]
    fn search_cost_bounds_the_positions_the_engine_meets() {
        // C(S + n, n) distributions times S + 1 options; the engine's table never holds more.
        for steps in all_lists(3, 3) {
            let mut memo = crate::engine::Memo::new();
            memo.grundy(&Staircase, &steps).unwrap();
            let stones: u64 = steps.iter().sum();
            let cost = StaircasePlay.search_cost(&steps).unwrap();
            assert!(memo.len() as u64 * (stones + 1) <= cost, "{steps:?}");
        }
        assert_eq!(search_cost(0, 5), Some(1));
        assert_eq!(search_cost(3, 2), Some(10 * 4));
        assert_eq!(search_cost(u128::from(u64::MAX), 3), Some(u64::MAX));
        assert_eq!(search_cost(1 << 20, 10_000), Some(u64::MAX));
    }

    #[test]
    fn bad_moves_get_one_line_reasons() {
        let steps = vec![3, 0, 2];
        let cases = [
            ("2", "'2' is not a move: write STEP COUNT"),
            ("4 1", "there is no step 4: the steps are numbered 1 to 3"),
            ("2 1", "step 2 has 0 stones; you cannot move 1"),
            ("3 0", "at least one stone"),
        ];
        for (text, reason) in cases {
            let err = StaircasePlay.parse_move(&steps, text).unwrap_err();
            assert!(err.to_string().contains(reason), "{text}: {err}");
            assert!(
                err.text(Lang::Zh).contains("台阶") || text == "3 0",
                "{text}"
            );
        }
        assert_eq!(
            StaircasePlay.parse_move(&steps, "1 3"),
            Ok(PileMove::Carry {
                from: 0,
                to: None,
                count: 3
            })
        );
        let cells = vec![1, 2, 5];
        let err = GridPlay.parse_move(&cells, "3 1").unwrap_err();
        assert_eq!(
            err.to_string(),
            "cell 3 is the end of the strip: stones there do not move"
        );
        assert!(err.text(Lang::Zh).contains("终点"));
        assert_eq!(
            GridPlay.parse_move(&vec![0, 0, 9], "1 1"),
            Err(MoveError::GameOver)
        );
    }

    #[test]
    fn setups_refuse_parameters_and_overflowing_totals() {
        let mut with_k = setup("grid");
        with_k.params.insert("k".into(), "1".into());
        assert!(GridPlay::from_setup(&with_k).is_err());
        let err = StaircasePlay
            .position(vec![1, u64::MAX])
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("bad position: value 2"), "{err}");
        assert_eq!(
            GridPlay.position(vec![]),
            Err(SetupError::Empty { what: "cells" })
        );
    }
}
