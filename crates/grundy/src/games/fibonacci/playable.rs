//! k-multiple dynamic subtraction, played: a position is typed `PILE [CAP]` (the cap left out:
//! the pile less one, the first move), a move is `TAKE`, the stones taken, 1 to the cap. k is
//! the parameter `k` (2 when left out: Fibonacci Nim). Normal play; misère play through the
//! engine's search.

use std::collections::BTreeMap;

use crate::engine::EngineError;
use crate::games::fibonacci::{CappedPile, FibStep, Fibonacci, MAX_K, TakeCapped};
use crate::parse::Token;
use crate::ruleset::{
    About, FromSetup, Lists, MoveError, Notation, Numbered, ParamDoc, ParamRole, Presentation,
    Refusal, Ruleset, Setup, SetupError, TestPlan, Unit, malformed, move_numbers,
};
use crate::{Analysis, AnalyzeOptions, Explain, Lang};

/// k when the parameter is left out: Fibonacci Nim.
const DEFAULT_K: &str = "2";

const K: ParamDoc = ParamDoc {
    name: "k",
    value_name: "K",
    default: Some(DEFAULT_K),
    role: ParamRole::Rule,
    positional: false,
    en: "a move takes at most K times the previous take, K from 1 to 65536 (2 when left out: Fibonacci Nim)",
    zh: "每步至多取上一步的 K 倍，K 为 1 到 65536（不填则为 2：斐波那契取石子）",
};

const NOTATION: Notation = Notation {
    en: "TAKE",
    zh: "数量",
    meaning_en: "take TAKE stones, 1 to the cap: on the first move the pile less one, later at most k times the previous take",
    meaning_zh: "取走「数量」个石子，1 到上限：第一步至多取总数减一，之后至多取上一步的 k 倍",
    example: "2",
};

/// The one pile, typed with its cap.
const PILE: Unit = Unit {
    typed: Some(
        "PILE [CAP]: the pile and the most the next move may take (left out: the pile less one, the first move), natural numbers up to 2^64-1",
    ),
    ..Unit::PILE
};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "k-multiple dynamic subtraction (Fibonacci Nim for k = 2): one pile; the \
first move takes 1 to n - 1 stones, every later move at least one and at most K times the \
previous take.\n\n\
Who cannot move loses. A position is the pile and the cap, PILE [CAP] (JSON: [pile, cap]); the \
cap left out is the pile less one (the first move); a move taking t leaves the cap \
min(K·t, pile left).\n\n\
Theorem (Schwenk for K = 2; 曹钦翔, 2009, for any K): let a_0 = 1 and a_{i+1} = b_i + 1, b_i the \
largest pile that terms up to a_i sum to when each term used is more than K times the next \
(K = 2: the Fibonacci numbers 1, 2, 3, 5, 8, ...; K = 1: the powers of 2). Write the pile greedily \
as a sum of terms (Zeckendorf's representation for K = 2). The player to move wins iff its \
smallest term is at most the cap: take it, and the opponent cannot take the next term, which is \
more than K times it. The first player loses exactly on the terms. Every winning take is listed: \
a sum t of the last terms whose term above is more than K·t, or the whole pile. Piles up to \
2^64-1; the sequence is generated up to the pile, at most about 34·K terms.\n\n\
Examples: `grundy fibonacci 20`, `grundy fibonacci --explain 13`, `grundy fibonacci --k 3 12 4`, \
`grundy play fibonacci 30`.";

/// k-multiple dynamic subtraction as a [`crate::ruleset::Playable`] ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct FibonacciPlay {
    rules: Fibonacci,
}

impl FromSetup for FibonacciPlay {
    /// The game with k from the parameter `k` (2 without it).
    ///
    /// # Errors
    /// [`SetupError::BadParam`] for a `k` that is not a number from 1 to [`MAX_K`], or another
    /// parameter.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.only_params(&[K])?;
        let k = setup
            .positive_of(&K, "a move takes at least one stone, so k is at least 1")?
            .expect("k has a default");
        let rules = Fibonacci::new(k).ok_or_else(|| SetupError::BadParam {
            name: Token::new(K.name),
            problem: format!(
                "'{k}' is more than {MAX_K}, the largest k (the sequence would have too many terms below 2^64)"
            ),
        })?;
        Ok(FibonacciPlay { rules })
    }
}

/// The numbers `[pile, cap]`: one pile, with its cap.
impl Numbered for CappedPile {
    fn numbers(&self) -> Vec<u64> {
        vec![self.pile, self.cap]
    }
    fn count(&self) -> usize {
        1
    }
    fn stones(&self) -> u128 {
        u128::from(self.pile)
    }
}

/// Why a typed take is refused by the rules of this game (the cap and an empty take have
/// [`MoveError`]'s own words).
#[derive(Clone, Copy, Debug)]
enum TakeRefusal {
    /// The whole pile, above the cap.
    WholePile { pile: u64, cap: u64 },
}

impl Explain for TakeRefusal {
    fn text(&self, lang: Lang) -> String {
        let TakeRefusal::WholePile { pile, cap } = *self;
        lang.pick(
            format!(
                "you cannot take the whole pile of {pile}: this move takes at most {cap} (the first move at most the pile less one, a later one at most k times the previous take)"
            ),
            format!(
                "不能把 {pile} 个石子全部取走：本步至多取 {cap} 个（第一步至多取总数减一，之后至多取上一步的 k 倍）"
            ),
        )
    }
}

impl Refusal for TakeRefusal {}

impl Ruleset for FibonacciPlay {
    const ABOUT: About = About {
        parameters: &[K],
        part: PILE,
        board: "fibonacci",
        test_plan: TestPlan {
            normal: Lists { len: 2, max: 16 },
            misere: Lists { len: 2, max: 10 },
            settings: &[("k", "1"), ("k", "3"), ("k", "4"), ("k", "7")],
        },
        ..About::new("fibonacci", HELP, NOTATION)
    };
    type Position = CappedPile;
    type Move = TakeCapped;
    type Step = FibStep;
    type Value = crate::Nimber;
    type Rules = Fibonacci;

    fn rules(&self) -> &Fibonacci {
        &self.rules
    }

    fn settings(&self) -> BTreeMap<String, String> {
        BTreeMap::from([(K.name.to_string(), self.rules.k().to_string())])
    }

    /// `[pile]` before the first move (the cap the pile less one), or `[pile, cap]`; a cap above
    /// the pile is the pile.
    fn position(&self, numbers: Vec<u64>) -> Result<CappedPile, SetupError> {
        match numbers[..] {
            [] => Err(SetupError::Empty { what: "pile" }),
            [pile] => Ok(CappedPile::first_move(pile)),
            [pile, cap] => Ok(CappedPile::new(pile, cap)),
            _ => Err(SetupError::BadPosition {
                problem: format!(
                    "a position is PILE [CAP], one pile and its cap, not {} numbers",
                    numbers.len()
                ),
            }),
        }
    }

    fn legal_moves(&self, position: &CappedPile, out: &mut Vec<TakeCapped>) {
        out.extend((1..=position.cap.min(position.pile)).map(|t| self.rules.take(position, t)));
    }

    fn is_over(&self, position: &CappedPile) -> bool {
        position.pile == 0 || position.cap == 0
    }

    fn apply(&self, _position: &CappedPile, change: &TakeCapped) -> CappedPile {
        CappedPile {
            pile: change.to,
            cap: change.cap,
        }
    }

    fn analyze(
        &self,
        position: &CappedPile,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<FibStep, TakeCapped>, EngineError> {
        Ok(self.rules.analyze(position, options))
    }

    /// Every position reached has its cap at most its pile m ≤ n and at most m options: the sum
    /// over m ≤ n of 0 + 1 + … + m, n(n + 1)(n + 2)/6 (saturating).
    fn search_cost(&self, position: &CappedPile) -> Option<u64> {
        let n = u128::from(position.pile);
        let cost = n
            .checked_mul(n + 1)
            .and_then(|c| c.checked_mul(n + 2))
            .map(|c| c / 6);
        Some(cost.map_or(u64::MAX, |c| u64::try_from(c).unwrap_or(u64::MAX)))
    }

    fn material(&self, position: &CappedPile) -> u128 {
        u128::from(position.pile)
    }

    /// One stone: the opponent may then take at most k.
    fn slow_move(&self, position: &CappedPile) -> Option<TakeCapped> {
        (!self.is_over(position)).then(|| self.rules.take(position, 1))
    }
}

impl Presentation for FibonacciPlay {
    fn title(&self, lang: Lang) -> String {
        match (self.rules.k(), lang) {
            (2, Lang::En) => "Fibonacci Nim (k = 2)".to_string(),
            (2, Lang::Zh) => "斐波那契取石子（k = 2）".to_string(),
            (k, Lang::En) => format!("k-multiple dynamic subtraction (k = {k})"),
            (k, Lang::Zh) => format!("k 倍动态减法（k = {k}）"),
        }
    }

    fn show(&self, position: &CappedPile, lang: Lang) -> String {
        let CappedPile { pile, cap } = *position;
        match lang {
            Lang::En => format!("{pile} (cap {cap})"),
            Lang::Zh => format!("{pile}（本步至多取 {cap} 个）"),
        }
    }

    fn parse_move(&self, position: &CappedPile, text: &str) -> Result<TakeCapped, MoveError> {
        let [take] = move_numbers(text, NOTATION)?[..] else {
            return Err(malformed(text, NOTATION));
        };
        if self.is_over(position) {
            return Err(MoveError::GameOver);
        }
        let CappedPile { pile, cap } = *position;
        if take == 0 {
            return Err(MoveError::TakesNothing);
        }
        if take == pile && pile > cap {
            return Err(TakeRefusal::WholePile { pile, cap }.into());
        }
        if take > cap {
            return Err(MoveError::OverCap { cap, asked: take });
        }
        Ok(self.rules.take(position, take))
    }

    fn write_move(&self, change: &TakeCapped) -> String {
        change.taken().to_string()
    }

    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        position: &CappedPile,
        _analysis: &Analysis<FibStep, TakeCapped>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        vec![
            ("k", self.rules.k().into()),
            (
                "representation",
                self.rules.representation(position.pile).into(),
            ),
        ]
    }
}
