//! Take-and-break games, played: a move is `PILE COUNT`, take COUNT tokens from pile PILE and
//! leave the rest as one pile (none if COUNT is all of it), or `PILE COUNT A B …`, take COUNT and
//! leave the rest as the piles A, B, … (which take the pile's place). The game's code is the
//! parameter `code`, as `grundy values` takes it (Kayles, 0.77, when left out); it says which
//! moves are allowed. Misère play is answered through the game's misère quotient (heaps up to
//! [`quotient::MAX_HEAP`]), or by the engine's search of the whole position when the quotient is
//! too large ([`quotient::analyze_misere`]).

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use crate::engine::EngineError;
use crate::explore::Exploration;
use crate::games::heaps::HeapComponent;
use crate::games::heaps::HeapStep;
use crate::games::octal::{self, HeapTooLarge, Octal, OctalComponent};
use crate::parse::Token;
use crate::quotient::{self, MisereStep, Quotient, TooLarge};
use crate::ruleset::{
    About, FromSetup, MoveError, Notation, ParamDoc, ParamRole, Presentation, Refusal, Ruleset,
    Setup, SetupError, TestPlan, Unit, index, malformed, move_numbers, positions_from,
    show_numbers,
};
use crate::values::{Sequence, TakeAndBreak};
use crate::{Analysis, AnalyzeOptions, Convention, Explain, Lang, Nimber, PileMove};
use serde::Serialize;

/// A take-and-break game as a [`crate::ruleset::Playable`] ruleset, its values computed as far
/// as the largest heap asked about (at most the parameter `max_heap`).
#[derive(Clone, Debug)]
pub struct OctalPlay {
    /// The rules, for the engine and the moves.
    game: Octal,
    /// The values computed so far, shared by clones; grown to the largest heap asked about.
    table: Arc<Mutex<Arc<Octal>>>,
    /// The code as it was given, sent back with every position.
    code: String,
    /// The largest heap normal play computes values to.
    max_heap: u64,
    convention: Convention,
    /// The bounds of misère play's quotient and search.
    misere_limits: quotient::Limits,
    /// The misère quotients built, by largest heap and bound on the order: setting up a position,
    /// analysing it, its note and its JSON field share one (clones share them too).
    quotients: Arc<Mutex<MisereQuotients>>,
    /// The last position misère play answered by search, its analysis listing every winning move
    /// and explaining: setting the position up searches it, analysing it reads this.
    searched: Arc<Mutex<Option<Searched>>>,
}

/// A position misère play answered by search, the bounds it was searched within, its analysis.
type Searched = (Vec<u64>, quotient::Limits, Analysis<MisereStep, PileMove>);

/// [`quotient::misere_quotient`]'s answers, by largest heap and bound on the order.
type MisereQuotients = HashMap<(u64, usize), Result<Arc<Quotient>, TooLarge>>;

/// A step of the explanation: the Sprague–Grundy one in normal play, the quotient's or the
/// search's in misère play (each serialised as it is).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum OctalStep {
    /// Normal play.
    Normal(HeapStep),
    /// Misère play.
    Misere(MisereStep),
}

impl Explain for OctalStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            OctalStep::Normal(step) => step.text(lang),
            OctalStep::Misere(step) => step.text(lang),
        }
    }
}

const CODE: ParamDoc = ParamDoc {
    name: "code",
    value_name: "CODE",
    default: Some(DEFAULT_CODE),
    role: ParamRole::Rule,
    positional: true,
    en: "the game's code, as grundy values takes it: 0.77 or kayles (Kayles, what the API plays when it is left out), 0.07 Dawson's Kayles, 0.137 Dawson's chess, 0.6 Officers, grundy (Grundy's game), a subtraction set 1,2,4",
    zh: "游戏代码，写法与 grundy values 相同：0.77 或 kayles（Kayles，API 不填时用它）、0.07 Dawson's Kayles、0.137 Dawson's chess、0.6 Officers、grundy（Grundy 游戏）、减法集合 1,2,4",
};

/// The code played when the parameter is left out: Kayles.
const DEFAULT_CODE: &str = "0.77";

const MAX_HEAP: ParamDoc = ParamDoc {
    name: "max_heap",
    value_name: "N",
    default: Some("2097152"),
    role: ParamRole::Bound,
    positional: false,
    en: "the largest heap accepted: values are computed up to the largest heap given (codes whose moves leave three heaps or more stop at 1024)",
    zh: "接受的最大堆：值只算到给出的最大堆（一步可留下三堆或更多的代码最多到 1024）",
};

const MAX_ORDER: ParamDoc = ParamDoc {
    name: "max_order",
    value_name: "M",
    default: Some("4096"),
    role: ParamRole::Bound,
    positional: false,
    en: "misère play: past this many elements of the quotient, answer by searching the whole position instead",
    zh: "反常规则：商的元素多于这个数时，改为搜索整个局面",
};

const MAX_POSITIONS: ParamDoc = ParamDoc {
    name: "max_positions",
    value_name: "P",
    default: Some("1000000"),
    role: ParamRole::Bound,
    positional: false,
    en: "misère play: the most positions that search may remember before refusing",
    zh: "反常规则：搜索最多记住的局面数，超过就拒绝",
};

/// What bounds misère play's answer: the quotient's order and the search's positions.
const MISERE_BOUNDS: &[ParamDoc] = &[MAX_ORDER, MAX_POSITIONS];

const NOTATION: Notation = Notation {
    en: "PILE COUNT, or PILE COUNT A B …",
    zh: "堆号 数量，或 堆号 数量 A B …",
    meaning_en: "take COUNT tokens from pile PILE and leave the rest as one pile, or as the piles A, B, … (non-empty, adding up to the rest), as the code allows; piles numbered from 1",
    meaning_zh: "从第「堆号」堆取走「数量」个，其余的留作一堆，或按代码允许分成 A、B…… 几堆（非空，总数等于剩下的个数）；堆号从 1 开始",
    example: "1 1 2 2",
};

impl FromSetup for OctalPlay {
    /// The game of the parameter `code` (Kayles without it), with its bounds.
    ///
    /// # Errors
    /// [`SetupError`] for a bad code or bound, or another parameter.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.only_params(&[CODE, MAX_HEAP, MAX_ORDER, MAX_POSITIONS])?;
        let code = setup.text_of(&CODE).unwrap_or(DEFAULT_CODE);
        let rules: TakeAndBreak = code.parse().map_err(|e| SetupError::BadParam {
            name: Token::new(CODE.name),
            problem: format!("{}: {e}", Token::new(code)),
        })?;
        let game = Octal::new(rules, &[], 0).expect("a table of heap 0 is within every bound");
        let count = |param: &ParamDoc| {
            let n = setup.number_of(param, 1)?;
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        };
        Ok(OctalPlay {
            table: Arc::new(Mutex::new(Arc::new(game.clone()))),
            game,
            code: code.to_string(),
            max_heap: setup.number_of(&MAX_HEAP, 0)?,
            convention: setup.convention(),
            misere_limits: quotient::Limits {
                max_order: count(&MAX_ORDER)?,
                max_positions: count(&MAX_POSITIONS)?,
            },
            quotients: Arc::default(),
            searched: Arc::default(),
        })
    }
}

impl OctalPlay {
    /// The values up to the largest of `piles`, computed once and shared.
    ///
    /// # Errors
    /// [`HeapTooLarge`] for a heap past the parameter `max_heap` (or past the bound of codes
    /// whose moves leave three heaps or more).
    fn table(&self, piles: &[u64]) -> Result<Arc<Octal>, HeapTooLarge> {
        let mut table = self.table.lock().expect("no panic while the lock is held");
        Arc::make_mut(&mut table).reach(piles, self.max_heap)?;
        Ok(Arc::clone(&table))
    }

    /// The misère analysis of `piles`, by the quotient or the search within their bounds.
    fn analyze_misere(
        &self,
        piles: &[u64],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<MisereStep, PileMove>, quotient::Unanswered> {
        let quotient = self.misere_quotient(piles);
        let quotient = quotient.as_ref().map(|q| &**q);
        let analyze = |options: &AnalyzeOptions| {
            quotient::analyze_misere_by(
                quotient,
                self.game.rules(),
                piles,
                self.misere_limits,
                options,
            )
            .map(|(analysis, _)| analysis)
        };
        if quotient.is_ok() {
            return analyze(options);
        }
        let mut searched = self
            .searched
            .lock()
            .expect("no panic while the lock is held");
        if let Some((position, limits, analysis)) = &*searched
            && position == piles
            && *limits == self.misere_limits
        {
            return Ok(analysis.clone().limited_to(options));
        }
        let full = analyze(&AnalyzeOptions {
            max_moves: usize::MAX,
            explain: true,
        })?;
        *searched = Some((piles.to_vec(), self.misere_limits, full.clone()));
        Ok(full.limited_to(options))
    }

    /// The quotient misère play answers `piles` by ([`quotient::misere_quotient`]), built once.
    fn misere_quotient(&self, piles: &[u64]) -> Result<Arc<Quotient>, TooLarge> {
        let key = (
            piles.iter().copied().max().unwrap_or(0),
            self.misere_limits.max_order,
        );
        let mut quotients = self
            .quotients
            .lock()
            .expect("no panic while the lock is held");
        quotients
            .entry(key)
            .or_insert_with(|| {
                quotient::misere_quotient(self.game.rules(), piles, self.misere_limits)
                    .map(Arc::new)
            })
            .clone()
    }

    /// Which way misère play answers `piles`.
    fn misere_method(&self, piles: &[u64]) -> quotient::Method {
        let quotient = self.misere_quotient(piles);
        quotient::Method::of(quotient.as_ref().map(|q| &**q), piles, self.misere_limits)
    }

    /// Whether pile `from` has a move that takes `taken` and leaves `left` (sorted).
    fn allows(&self, from: u64, taken: u64, left: &[u64]) -> bool {
        let mut found = false;
        self.game.each_move(from, &mut |k, heaps| {
            found |= k == taken && heaps == left;
        });
        found
    }
}

/// A move of a take-and-break game that its code does not allow: `taken` tokens from a pile of
/// `from`, leaving the piles `left` (smallest first).
#[derive(Clone, Debug, PartialEq, Eq)]
struct NotInCode {
    code: String,
    from: u64,
    taken: u64,
    left: Vec<u64>,
}

impl Explain for NotInCode {
    fn text(&self, lang: Lang) -> String {
        let NotInCode {
            code,
            from,
            taken,
            left,
        } = self;
        let parts: Vec<String> = left.iter().map(u64::to_string).collect();
        let no_move = lang.pick(
            format!(
                "the code {code} has no move that takes {taken} from a pile of {from} and leaves"
            ),
            format!("代码 {code} 没有这样的走法：从 {from} 个的堆取走 {taken} 个，"),
        );
        match (parts.split_last(), lang) {
            (None, Lang::En) => format!("{no_move} nothing"),
            (Some((last, [])), Lang::En) => format!("{no_move} {last}"),
            (Some((last, first)), Lang::En) => format!("{no_move} {} and {last}", first.join(", ")),
            (None, Lang::Zh) => format!("{no_move}什么也不剩"),
            (Some(_), Lang::Zh) => format!("{no_move}剩下 {}", parts.join("、")),
        }
    }
}

impl Refusal for NotInCode {}

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "Positions of take-and-break games: a row of heaps; a move takes tokens from one heap and \
may break what is left into several heaps, as the game's code says; who cannot move \
loses.\n\n\
Theorem (Sprague–Grundy): a heap of n is worth G(n), the mex over its moves of the XOR \
of the heaps each leaves; the position is worth the XOR of its heaps' values, and a \
winning move takes one heap to heaps worth G(n) XOR X. The values are computed once, up \
to the largest heap (at most --max-heap).\n\n\
With --misere (whoever moves last loses) the answer comes from the game's misère quotient \
for heaps up to the largest heap given (see `grundy quotient`): the position is lost for \
the player to move exactly when the product of its heaps' elements lies in the P-portion. \
When that quotient has more than --max-order elements, the engine searches the whole \
position instead (at most --max-positions positions); the output says which answered.\n\n\
Examples: `grundy octal kayles 5 7 10`, `grundy octal 0.07 --explain 9 14`, `grundy \
octal grundy --json 12 20`, `grundy octal kayles --misere --explain 3 5 8`.";

impl Ruleset for OctalPlay {
    const ABOUT: About = About {
        parameters: &[CODE, MAX_HEAP, MAX_ORDER, MAX_POSITIONS],
        conventions: &[Convention::Normal, Convention::Misere],
        test_plan: TestPlan {
            settings: &[
                ("code", "0.07"),
                ("code", "0.137"),
                ("code", "4.7"),
                ("code", "grundy"),
            ],
            ..TestPlan::DEFAULT
        },
        ..About::new("octal", HELP, NOTATION)
    };
    type Position = Vec<u64>;
    type Move = PileMove;
    type Step = OctalStep;
    type Value = crate::Nimber;
    type Rules = Octal;

    fn convention(&self) -> Convention {
        self.convention
    }

    fn rules(&self) -> &Octal {
        &self.game
    }

    fn heap_component(&self) -> Option<Box<dyn HeapComponent>> {
        Some(Box::new(OctalComponent::new(
            self.game.clone(),
            self.max_heap,
        )))
    }

    /// Heaps up to the parameter `max_heap`; in misère play up to [`quotient::MAX_HEAP`],
    /// answered within the bounds `max_order` and `max_positions`.
    fn position(&self, piles: Vec<u64>) -> Result<Vec<u64>, SetupError> {
        if piles.is_empty() {
            return Err(SetupError::Empty { what: "heaps" });
        }
        if self.convention == Convention::Misere {
            let limit = self.max_heap.min(quotient::MAX_HEAP as u64);
            if let Some(i) = piles.iter().position(|&n| n > limit) {
                return Err(SetupError::BadPosition {
                    problem: format!(
                        "heap {} ({}) is larger than {limit}, the largest heap misère play takes",
                        i + 1,
                        piles[i]
                    ),
                });
            }
            self.analyze_misere(&piles, &AnalyzeOptions::default())
                .map_err(|e| SetupError::PastLimit {
                    problem: e.to_string(),
                    raise: MISERE_BOUNDS,
                })?;
            return Ok(piles);
        }
        match self.table(&piles) {
            Ok(_) => Ok(piles),
            Err(e) if e.direct => Err(SetupError::BadPosition {
                problem: e.to_string(),
            }),
            Err(e) => Err(SetupError::PastLimit {
                problem: e.to_string(),
                raise: &[MAX_HEAP],
            }),
        }
    }

    fn settings(&self) -> BTreeMap<String, String> {
        BTreeMap::from([(CODE.name.to_string(), self.code.clone())])
    }

    fn legal_moves(&self, piles: &Vec<u64>, out: &mut Vec<PileMove>) {
        for (pile, &from) in piles.iter().enumerate() {
            self.game.each_move(from, &mut |_, heaps| {
                out.push(octal::change(pile, from, heaps))
            });
        }
    }

    fn is_over(&self, piles: &Vec<u64>) -> bool {
        let mut any = false;
        for &from in piles {
            self.game.each_move(from, &mut |_, _| any = true);
        }
        !any
    }

    fn apply(&self, piles: &Vec<u64>, change: &PileMove) -> Vec<u64> {
        octal::apply(piles, change)
    }

    fn analyze(
        &self,
        piles: &Vec<u64>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<OctalStep, PileMove>, EngineError> {
        let analysis = match self.convention {
            // The explanation says how far the values were computed: as far as the largest
            // heap, not as far as the table shared by the positions of a game.
            Convention::Normal if options.explain => {
                Octal::new(self.game.rules().clone(), piles, self.max_heap)
                    .expect("position checked the heaps against max_heap")
                    .analyze(piles, options)
                    .map_steps(OctalStep::Normal)
            }
            Convention::Normal => self
                .table(piles)
                .expect("position checked the heaps against max_heap")
                .analyze(piles, options)
                .map_steps(OctalStep::Normal),
            // `position` checked that one of the two ways answers.
            Convention::Misere => self
                .analyze_misere(piles, options)
                .map_err(|e| EngineError::TableFull {
                    limit: e.max_positions,
                })?
                .map_steps(OctalStep::Misere),
        };
        Ok(analysis)
    }

    /// One heap of n: the code's values, their period proved by the Guy–Smith periodicity
    /// theorem; beside fixed heaps, each position analysed.
    fn family(&self, fixed: &[u64], to: u64) -> Result<Exploration, SetupError> {
        if !fixed.is_empty() || self.convention != Convention::Normal {
            return crate::ruleset::analysed(self, fixed, to);
        }
        let mut sequence = Sequence::new(self.game.rules().clone());
        sequence.extend_to(usize::try_from(to).unwrap_or(usize::MAX));
        let values = sequence
            .values()
            .iter()
            .take(usize::try_from(to).unwrap_or(usize::MAX))
            .map(|g| Nimber(u64::from(g)))
            .collect();
        Ok(Exploration::new(values, sequence.certificate()))
    }

    /// The piles evolve independently: ∏ (positions a pile can become, see [`positions_from`])
    /// positions, each with at most (stones + 1)^h options when moves leave at most h ≥ 2 piles (a
    /// pile of n has n + 1 counts to take, and at most (n + 1)^(h − 1) ways to leave the rest).
    fn search_cost(&self, piles: &Vec<u64>) -> Option<u64> {
        let positions = piles.iter().try_fold(1u128, |product, &p| {
            product
                .checked_mul(positions_from(p)?)
                .filter(|&n| n <= u128::from(u64::MAX))
        });
        let options = (self.material(piles) + 1).pow(self.game.rules().max_heaps().max(2));
        let cost = positions.map_or(u128::MAX, |n| n.saturating_mul(options));
        Some(u64::try_from(cost).unwrap_or(u64::MAX))
    }

    /// A move that takes the fewest tokens, from the first pile that has one.
    fn slow_move(&self, piles: &Vec<u64>) -> Option<PileMove> {
        let mut slowest: Option<(u64, PileMove)> = None;
        for (pile, &from) in piles.iter().enumerate() {
            self.game.each_move(from, &mut |taken, heaps| {
                if slowest.as_ref().is_none_or(|(fewest, _)| taken < *fewest) {
                    slowest = Some((taken, octal::change(pile, from, heaps)));
                }
            });
        }
        slowest.map(|(_, change)| change)
    }
}

impl Presentation for OctalPlay {
    fn title(&self, lang: Lang) -> String {
        octal::play_title(self.game.rules(), self.convention, lang)
    }

    fn parse_move(&self, piles: &Vec<u64>, text: &str) -> Result<PileMove, MoveError> {
        let numbers = move_numbers(text, NOTATION)?;
        let [number, taken, ref parts @ ..] = numbers[..] else {
            return Err(malformed(text, NOTATION));
        };
        if self.is_over(piles) {
            return Err(MoveError::GameOver);
        }
        let pile = index(Unit::PILE, number, piles.len())?;
        let from = piles[pile];
        if taken > from {
            return Err(MoveError::TooMany {
                unit: Unit::PILE,
                place: pile + 1,
                has: from,
                asked: taken,
            });
        }
        let mut left = match parts {
            [] if taken == from => Vec::new(),
            [] => vec![from - taken],
            parts => parts.to_vec(),
        };
        left.sort_unstable();
        if !self.allows(from, taken, &left) {
            return Err(NotInCode {
                code: self.game.rules().to_string(),
                from,
                taken,
                left,
            }
            .into());
        }
        Ok(octal::change(pile, from, &left))
    }

    fn write_move(&self, change: &PileMove) -> String {
        match change {
            &PileMove::Take { pile, from, to } => format!("{} {}", pile + 1, from - to),
            PileMove::Break { pile, from, into } => {
                let taken = from - into.iter().sum::<u64>();
                format!("{} {taken} {}", pile + 1, show_numbers(into))
            }
            other => unreachable!("take-and-break moves are takes and breaks, not {other:?}"),
        }
    }

    /// Misère play's line saying which way answered, the quotient or the search.
    fn notes(
        &self,
        piles: &Vec<u64>,
        _analysis: &Analysis<OctalStep, PileMove>,
        lang: Lang,
    ) -> Vec<String> {
        match self.convention {
            Convention::Normal => Vec::new(),
            Convention::Misere => vec![self.misere_method(piles).note(lang)],
        }
    }

    /// Misère play's `method`: `quotient` or `search`, whichever answered.
    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        piles: &Vec<u64>,
        _analysis: &Analysis<OctalStep, PileMove>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        match self.convention {
            Convention::Normal => Vec::new(),
            Convention::Misere => {
                vec![(
                    "method",
                    serde_json::json!(self.misere_method(piles).name()),
                )]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Explain;
    use crate::testing::all_lists;
    use crate::testing::check_playable;
    use crate::testing::check_refusals;

    fn play(code: &str) -> OctalPlay {
        played(code, false)
    }

    fn played(code: &str, misere: bool) -> OctalPlay {
        OctalPlay::from_setup(&Setup {
            game: "octal".to_string(),
            misere,
            every: false,
            params: BTreeMap::from([("code".to_string(), code.to_string())]),
        })
        .unwrap()
    }

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        // Every position within the computer's search budget, so that it plays by remoteness.
        let mut positions = all_lists(2, 4);
        positions.extend(all_lists(3, 2).into_iter().filter(|p| p.len() == 3));
        for code in ["0.77", "0.07", "0.137", "grundy", "4.7"] {
            check_playable(&play(code), &positions, 6);
        }
        check_playable(&play("0.F"), &all_lists(2, 3), 6);
    }

    /// Past the quotient's bound the search answers misère play: the same outcomes and winning
    /// moves as the quotient's, the explanation saying it searched, and the computer's moves
    /// legal and winning where it can win.
    #[test]
    fn misere_play_past_the_quotients_bound_is_answered_by_search() {
        let by_quotient = played("0.07", true);
        let mut by_search = by_quotient.clone();
        // Dawson's Kayles has 6 elements for heaps up to 4 to 9.
        by_search.misere_limits.max_order = 4;
        let options = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: true,
        };
        // The quotient answers those without a heap of 4, the search the others, all of them
        // within the computer's search budget.
        let positions = all_lists(2, 4);
        for piles in &positions {
            let piles = by_search.position(piles.clone()).unwrap();
            // Setting up a position past the bound searched it, and analysing it reads that
            // search, listing as many moves as asked.
            let kept = by_search.searched.lock().unwrap().clone();
            assert_eq!(kept.is_some_and(|(p, ..)| p == piles), piles.contains(&4));
            let one = AnalyzeOptions {
                max_moves: 1,
                explain: false,
            };
            let (fresh, _) = quotient::analyze_misere(
                by_search.game.rules(),
                &piles,
                by_search.misere_limits,
                &one,
            )
            .unwrap();
            let read = by_search.analyze(&piles, &one).unwrap();
            assert_eq!(read.winning_moves, fresh.winning_moves, "{piles:?}");
            assert_eq!(
                read.winning_move_count, fresh.winning_move_count,
                "{piles:?}"
            );
            assert!(read.explanation.is_empty());
            let searched = by_search.analyze(&piles, &options).unwrap();
            let quotient = by_quotient.analyze(&piles, &options).unwrap();
            assert_eq!(searched.outcome, quotient.outcome, "{piles:?}");
            assert_eq!(searched.winning_moves, quotient.winning_moves, "{piles:?}");
            assert_eq!(
                searched.explanation[0].text(Lang::En).contains("searched"),
                piles.contains(&4),
                "{piles:?}"
            );
            let method = if piles.contains(&4) {
                "search"
            } else {
                "quotient"
            };
            assert_eq!(
                by_search.json_fields(&piles, &searched),
                [("method", serde_json::json!(method))],
                "{piles:?}"
            );
        }
        check_playable(&by_quotient, &positions, 3);
        check_playable(&by_search, &positions, 3);
        by_search.misere_limits.max_positions = 10;
        let refused = by_search.position(vec![13, 12, 11]).unwrap_err();
        assert!(
            refused.to_string().contains("more than 10 positions"),
            "{refused}"
        );
    }

    #[test]
    fn the_count_of_positions_bounds_what_the_rules_reach() {
        use crate::Game;
        use std::collections::HashSet;
        for code in ["0.77", "4.7", "0.F"] {
            let game = play(code);
            for n in 0..=9 {
                let mut seen = HashSet::from([vec![n]]);
                let mut open = vec![vec![n]];
                let mut options = Vec::new();
                while let Some(p) = open.pop() {
                    options.clear();
                    game.rules().options(&p, &mut options);
                    for o in options.drain(..) {
                        if seen.insert(o.clone()) {
                            open.push(o);
                        }
                    }
                }
                assert!(
                    positions_from(n).unwrap() >= seen.len() as u128,
                    "{code} {n}"
                );
            }
        }
    }

    #[test]
    fn breaks_are_typed_in_any_order_and_bad_moves_get_one_line_reasons() {
        let kayles = play("kayles");
        let piles = vec![5, 1];
        let change = kayles.parse_move(&piles, "1 1 3 1").unwrap();
        assert_eq!(kayles.apply(&piles, &change), [1, 3, 1]);
        assert_eq!(kayles.write_move(&change), "1 1 1 3");
        let cases = [
            (
                "1",
                "'1' is not a move: write PILE COUNT, or PILE COUNT A B …",
            ),
            ("3 1", "there is no pile 3"),
            ("1 6", "pile 1 has 5 stones; you cannot take 6"),
            (
                "1 3",
                "the code 0.77 has no move that takes 3 from a pile of 5 and leaves 2",
            ),
            (
                "1 1 2 1",
                "the code 0.77 has no move that takes 1 from a pile of 5 and leaves 1 and 2",
            ),
        ];
        check_refusals(&kayles, &piles, &cases);
        let past = kayles
            .position(vec![octal::DEFAULT_MAX_HEAP + 1])
            .unwrap_err();
        assert!(past.to_string().ends_with("(raise --max-heap)"), "{past}");
        assert_eq!(kayles.resume(&piles).params["code"], "kayles");
    }

    #[test]
    fn the_bounds_default_to_the_library_s() {
        let kayles = play("kayles");
        assert_eq!(kayles.max_heap, octal::DEFAULT_MAX_HEAP);
        assert_eq!(kayles.misere_limits, quotient::Limits::default());
    }
}
