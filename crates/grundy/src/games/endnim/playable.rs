//! End-Nim, played: a position is the piles in a row (empty piles are out of the row), a move is
//! `PILE COUNT`, COUNT stones from pile PILE, which must be the leftmost or the rightmost
//! non-empty pile. Normal play; misère play through the engine's search.

use crate::engine::EngineError;
use crate::games::endnim::{self, EndNim, EndStep, MAX_PILES};
use crate::ruleset::{
    About, Lists, MoveError, NoParameters, Notation, Presentation, Refusal, Ruleset, SetupError,
    TestPlan, Unit, amount, index, some_piles, two_numbers, write_take,
};
use crate::{Analysis, AnalyzeOptions, Explain, Lang, PileMove};

const NOTATION: Notation = Notation {
    en: "PILE COUNT",
    zh: "堆号 数量",
    meaning_en: "take COUNT stones from pile PILE, the leftmost or the rightmost non-empty pile, piles numbered from 1",
    meaning_zh: "从第「堆号」堆取走「数量」个石子，该堆须是最左或最右的非空堆，堆号从 1 开始",
    example: "1 2",
};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "End-Nim: piles of stones in a row; a move takes any positive number of \
stones from the leftmost or the rightmost non-empty pile (an emptied pile leaves the row, so its \
neighbour becomes the end). Who cannot move loses.\n\n\
Theorem (Albert and Nowakowski, 2001; ZJOI 2009, Luogu P2599): for a row s let L(s) be the one \
x >= 0 such that the row x, s is lost, and R(s) the one y such that s, y is lost. L(a) = R(a) = a, \
and adding a pile x on the right of s, with L = L(s), R = R(s): L(s, x) = 0 if x = R, x - 1 if \
R < x <= L, x + 1 if L <= x < R, x otherwise; R(x, s) is the mirror image. The row a_1 ... a_n is \
lost iff a_1 = L(a_2 ... a_n). The winning moves: leave L(a_2 ... a_n) on the left end when it is \
less than a_1, or R(a_1 ... a_{n-1}) on the right end when it is less than a_n. O(n^2) for n \
piles, at most 10000 non-empty piles; piles up to 2^64-1. Empty piles typed are out of the row.\n\n\
Examples: `grundy endnim 3 1 9 4`, `grundy endnim --explain 1 2 3`, `grundy play endnim 3 1 9 5`.";

/// End-Nim as a [`crate::ruleset::Playable`] ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct EndNimPlay;

impl NoParameters for EndNimPlay {}

/// Why a typed take is refused by the rules of End-Nim: its pile is not an end of the row.
#[derive(Clone, Copy, Debug)]
enum EndRefusal {
    /// A non-empty pile between the two ends.
    NotAtEnd {
        /// The pile asked for, from 1.
        pile: usize,
        /// The left end, from 1.
        left: usize,
        /// The right end, from 1.
        right: usize,
    },
    /// An empty pile: it has left the row.
    Empty {
        /// The pile asked for, from 1.
        pile: usize,
        /// The left end, from 1.
        left: usize,
        /// The right end, from 1.
        right: usize,
    },
}

impl EndRefusal {
    /// The ends that may be taken from, in English and Chinese.
    fn ends(left: usize, right: usize) -> (String, String) {
        if left == right {
            (
                format!("take from pile {left}, the only pile left"),
                format!("只能从第 {left} 堆取，它是仅剩的一堆"),
            )
        } else {
            (
                format!("take from pile {left} or pile {right}"),
                format!("请从第 {left} 堆或第 {right} 堆取"),
            )
        }
    }
}

impl Explain for EndRefusal {
    fn text(&self, lang: Lang) -> String {
        match *self {
            EndRefusal::NotAtEnd { pile, left, right } => {
                let (en, zh) = EndRefusal::ends(left, right);
                lang.pick(
                    format!("pile {pile} is not at an end of the row: {en}"),
                    format!("第 {pile} 堆不在这一行的两端：{zh}"),
                )
            }
            EndRefusal::Empty { pile, left, right } => {
                let (en, zh) = EndRefusal::ends(left, right);
                lang.pick(
                    format!("pile {pile} is empty and has left the row: {en}"),
                    format!("第 {pile} 堆已取空，离开了这一行：{zh}"),
                )
            }
        }
    }
}

impl Refusal for EndRefusal {}

impl Ruleset for EndNimPlay {
    const ABOUT: About = About {
        test_plan: TestPlan {
            normal: Lists { len: 5, max: 5 },
            misere: Lists { len: 4, max: 4 },
            settings: &[],
        },
        ..About::new("endnim", HELP, NOTATION)
    };
    type Position = Vec<u64>;
    type Move = PileMove;
    type Step = EndStep;
    type Value = crate::Nimber;
    type Rules = EndNim;

    fn rules(&self) -> &EndNim {
        &EndNim
    }

    /// Any piles, one at least, of which at most [`MAX_PILES`] are non-empty.
    fn position(&self, numbers: Vec<u64>) -> Result<Vec<u64>, SetupError> {
        let piles = some_piles(numbers)?;
        let count = piles.iter().filter(|&&p| p > 0).count();
        if count > MAX_PILES {
            return Err(SetupError::BadPosition {
                problem: format!(
                    "{count} non-empty piles: End-Nim's analysis takes at most {MAX_PILES} (its work grows as the square of the piles)"
                ),
            });
        }
        Ok(piles)
    }

    /// The left end pile, the fewest stones first, then the right end pile.
    fn legal_moves(&self, piles: &Vec<u64>, out: &mut Vec<PileMove>) {
        let Some((left, right)) = endnim::ends(piles) else {
            return;
        };
        let both = [left, right];
        let ends = if left == right { &both[..1] } else { &both[..] };
        for &pile in ends {
            let from = piles[pile];
            out.extend((0..from).rev().map(|to| PileMove::Take { pile, from, to }));
        }
    }

    fn is_over(&self, piles: &Vec<u64>) -> bool {
        endnim::ends(piles).is_none()
    }

    fn apply(&self, piles: &Vec<u64>, change: &PileMove) -> Vec<u64> {
        crate::games::nim::apply(piles, change)
    }

    fn analyze(
        &self,
        piles: &Vec<u64>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<EndStep, PileMove>, EngineError> {
        Ok(EndNim.analyze(piles, options))
    }

    /// Every position reached keeps the non-empty piles b_i … b_j of a segment of the row, the
    /// inner ones as they are and the two ends at 1 to b_i and 1 to b_j (one pile: 1 to b_i),
    /// with as many options as the stones of its ends; or no pile. The work is then
    /// Σ_i T(b_i) + Σ_{i<j} (b_j·T(b_i) + b_i·T(b_j)), T(b) = b(b + 1)/2 (saturating).
    fn search_cost(&self, piles: &Vec<u64>) -> Option<u64> {
        let t = |b: u128| b.checked_mul(b + 1).map(|c| c / 2);
        let mut work: Option<u128> = Some(0);
        // Σ_{i<j} b_i and Σ_{i<j} T(b_i) over the piles before j.
        let (mut stones, mut triangles) = (Some(0u128), Some(0u128));
        for b in piles.iter().filter(|&&p| p > 0).map(|&p| u128::from(p)) {
            let tb = t(b);
            work = (|| {
                let pairs = b
                    .checked_mul(triangles?)?
                    .checked_add(stones?.checked_mul(tb?)?)?;
                work?.checked_add(tb?)?.checked_add(pairs)
            })();
            stones = stones.and_then(|s| s.checked_add(b));
            triangles = (|| triangles?.checked_add(tb?))();
        }
        Some(work.map_or(u64::MAX, |w| u64::try_from(w).unwrap_or(u64::MAX)))
    }

    /// One stone from the larger end pile (the left one on a tie).
    fn slow_move(&self, piles: &Vec<u64>) -> Option<PileMove> {
        let (left, right) = endnim::ends(piles)?;
        let pile = if piles[right] > piles[left] {
            right
        } else {
            left
        };
        let from = piles[pile];
        Some(PileMove::Take {
            pile,
            from,
            to: from - 1,
        })
    }
}

impl Presentation for EndNimPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("End-Nim", "两端取石子").to_string()
    }

    /// # Errors
    /// [`MoveError::Malformed`] for another form, [`MoveError::GameOver`] when every pile is
    /// empty, [`MoveError::NoSuch`], [`MoveError::TakesNothing`], a pile not at an end of the
    /// row (in its own words), [`MoveError::TooMany`].
    fn parse_move(&self, piles: &Vec<u64>, text: &str) -> Result<PileMove, MoveError> {
        let (number, count) = two_numbers(text, NOTATION)?;
        let Some((left, right)) = endnim::ends(piles) else {
            return Err(MoveError::GameOver);
        };
        let pile = index(Unit::PILE, number, piles.len())?;
        if count == 0 {
            return Err(MoveError::TakesNothing);
        }
        let (l, r) = (left + 1, right + 1);
        if piles[pile] == 0 {
            return Err(EndRefusal::Empty {
                pile: pile + 1,
                left: l,
                right: r,
            }
            .into());
        }
        if pile != left && pile != right {
            return Err(EndRefusal::NotAtEnd {
                pile: pile + 1,
                left: l,
                right: r,
            }
            .into());
        }
        let from = piles[pile];
        amount(Unit::PILE, pile, from, count)?;
        Ok(PileMove::Take {
            pile,
            from,
            to: from - count,
        })
    }

    fn write_move(&self, change: &PileMove) -> String {
        write_take(change)
    }

    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        piles: &Vec<u64>,
        _analysis: &Analysis<EndStep, PileMove>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        let row: Vec<u64> = piles.iter().copied().filter(|&p| p > 0).collect();
        let (left, right) = match row.len() {
            0 => (serde_json::Value::Null, serde_json::Value::Null),
            m => (
                endnim::complements(&row[1..]).0.into(),
                endnim::complements(&row[..m - 1]).1.into(),
            ),
        };
        vec![("left_complement", left), ("right_complement", right)]
    }
}
