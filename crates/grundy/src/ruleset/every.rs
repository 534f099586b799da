//! Every-SG play of a ruleset whose positions are sums of piles ([`Ruleset::summands`]): on each
//! turn the player makes a move in every pile that can move, and whoever makes the last move
//! wins. A pile that splits (Lasker's Nim, take-and-break codes) leaves piles that each must move
//! from then on.
//!
//! Theorem (Every-SG; see [`crate::every`]): give each pile its count (suspense) S, the number of
//! moves it lasts when the player who wins it delays its end and the one who loses it hurries;
//! piles played side by side last as long as the longest, so a position of several piles counts
//! the largest of theirs. The player to move wins iff the largest count is odd, by moving every
//! pile to an option of count S − 1. More generally, a move wins iff the largest count it leaves
//! is even; [`Every`] lists and counts those moves too.
//!
//! The counts are searched one single pile at a time, each once: piles of at most
//! √[`SEARCH_BUDGET`] stones ([`Ruleset::material`]) and at most [`SEARCH_BUDGET`] options listed
//! in all; past either the analysis is [`EngineError::TooLarge`].
//!
//! The registry plays a ruleset through [`Every`] when a front end asks for Every-SG play.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use super::{About, MoveError, Notation, Presentation, Ruleset, SEARCH_BUDGET, SetupError};
use crate::engine::EngineError;
use crate::every::{self, EveryStep};
use serde::Serialize;

use crate::{Analysis, AnalyzeOptions, Convention, Game, Lang, Move, Outcome};

/// How a move is written under Every-SG play.
pub const EVERY_NOTATION: Notation = Notation {
    en: "MOVE; MOVE; …",
    zh: "走法; 走法; …",
    meaning_en: "one move in every pile that can move, each written as in normal play, separated by semicolons",
    meaning_zh: "每个还能走的堆各走一步，每一步按普通规则的写法，用分号隔开",
    example: "1 1; 2 1",
};

/// A ruleset played under the Every-SG rule (see the module).
#[derive(Debug)]
pub struct Every<R: Ruleset> {
    rules: R,
    /// The counts of the piles met so far, kept from one analysis to the next (a game's
    /// positions, its JSON and its notes reach the same piles).
    counts: Mutex<Counts<R::Position>>,
}

impl<R: Ruleset> Every<R> {
    /// Every-SG play of `rules`, a ruleset whose positions are sums of piles.
    pub fn new(rules: R) -> Self {
        Every {
            rules,
            counts: Mutex::new(Counts {
                known: HashMap::new(),
            }),
        }
    }
}

/// The counts of the piles met so far, each computed once.
#[derive(Debug)]
struct Counts<P> {
    known: HashMap<P, u32>,
}

/// The count of a position whose options' counts are `options`: 0 at an end; from a won
/// position (an option of even count) one more than the largest even count, else one more than
/// the smallest count.
fn count_of(options: impl IntoIterator<Item = u32>) -> u32 {
    let (mut most_even, mut least) = (None::<u32>, None::<u32>);
    for c in options {
        if c % 2 == 0 {
            most_even = Some(most_even.map_or(c, |m| m.max(c)));
        }
        least = Some(least.map_or(c, |l| l.min(c)));
    }
    most_even.or(least).map_or(0, |c| c + 1)
}

/// A move of one pile and the count of what it leaves.
struct PileOption<M> {
    change: M,
    count: u32,
}

/// Each pile's count, and each pile's options with theirs.
type Survey<M> = (Vec<u32>, Vec<Vec<PileOption<M>>>);

/// A move under the Every-SG rule: a move in every pile that can move, the piles' own moves in
/// pile order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename = "every")]
pub struct EveryMove<M> {
    /// One move per pile.
    pub moves: Vec<M>,
}

impl<M: Move> Move for EveryMove<M> {
    fn describe(&self, lang: Lang) -> String {
        self.moves
            .iter()
            .map(|m| m.describe(lang))
            .collect::<Vec<_>>()
            .join(lang.pick("; ", "；"))
    }
}

impl<R: Presentation> Every<R> {
    /// The piles of `position`, each a one-pile position.
    fn piles(&self, position: &R::Position) -> Vec<R::Position> {
        self.rules
            .summands(position)
            .unwrap_or_else(|| vec![position.clone()])
    }

    /// Each option of the one-pile position `pile`: its move and the piles it leaves.
    fn options_of(&self, pile: &R::Position) -> Vec<(R::Move, Vec<R::Position>)> {
        let mut moves = Vec::new();
        self.rules.legal_moves(pile, &mut moves);
        moves
            .into_iter()
            .map(|change| {
                let after = self.rules.apply(pile, &change);
                (change, self.piles(&after))
            })
            .collect()
    }

    /// The count of the one-pile position `pile`, searching the single piles it reaches depth
    /// first, the smallest first (so that a pile's options are mostly known when it is met), on a
    /// stack of its own. `work` counts the options listed, against [`SEARCH_BUDGET`].
    ///
    /// # Errors
    /// [`EngineError::TooLarge`] once the options listed pass [`SEARCH_BUDGET`].
    fn count(
        &self,
        pile: &R::Position,
        counts: &mut Counts<R::Position>,
        work: &mut u64,
    ) -> Result<u32, EngineError> {
        /// A pile being counted: the piles its options leave, option after option (option k
        /// leaves `reached[ends[k - 1]..ends[k]]`), their indices by increasing material, and
        /// how many of those are known.
        struct Frame<P> {
            pile: P,
            reached: Vec<P>,
            ends: Vec<usize>,
            smallest_first: Vec<usize>,
            known: usize,
        }
        let mut frame = |pile: R::Position| -> Result<Frame<R::Position>, EngineError> {
            let mut reached = Vec::new();
            let ends: Vec<usize> = self
                .options_of(&pile)
                .into_iter()
                .map(|(_, parts)| {
                    reached.extend(parts);
                    reached.len()
                })
                .collect();
            *work += ends.len() as u64 + 1;
            if *work > SEARCH_BUDGET {
                return Err(EngineError::TooLarge {
                    budget: SEARCH_BUDGET,
                });
            }
            let mut smallest_first: Vec<usize> = (0..reached.len()).collect();
            smallest_first.sort_by_key(|&i| self.rules.material(&reached[i]));
            Ok(Frame {
                pile,
                reached,
                ends,
                smallest_first,
                known: 0,
            })
        };
        if let Some(&c) = counts.known.get(pile) {
            return Ok(c);
        }
        let mut stack = vec![frame(pile.clone())?];
        while let Some(top) = stack.last_mut() {
            if let Some(next) = top.smallest_first[top.known..]
                .iter()
                .position(|&i| !counts.known.contains_key(&top.reached[i]))
            {
                top.known += next;
                let unknown = top.reached[top.smallest_first[top.known]].clone();
                stack.push(frame(unknown)?);
                continue;
            }
            let done = stack.pop().expect("the loop looked at the last frame");
            let mut start = 0;
            let c = count_of(done.ends.iter().map(|&end| {
                let most = most(&done.reached[start..end], counts);
                start = end;
                most
            }));
            counts.known.insert(done.pile, c);
        }
        Ok(counts.known[pile])
    }

    /// Each pile's count and its options with theirs.
    fn survey(&self, position: &R::Position) -> Result<Survey<R::Move>, EngineError> {
        let piles = self.piles(position);
        // A pile of n stones lists about n options, and so may each of the n piles below it.
        if piles.iter().any(|p| {
            self.rules
                .material(p)
                .saturating_mul(self.rules.material(p))
                > u128::from(SEARCH_BUDGET)
        }) {
            return Err(EngineError::TooLarge {
                budget: SEARCH_BUDGET,
            });
        }
        let mut work = 0;
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        if counts.known.len() > SEARCH_BUDGET as usize {
            counts.known.clear();
        }
        let counts = &mut *counts;
        let mut each = Vec::with_capacity(piles.len());
        let mut options = Vec::with_capacity(piles.len());
        for (i, pile) in piles.iter().enumerate() {
            each.push(self.count(pile, counts, &mut work)?);
            options.push(
                self.options_of(pile)
                    .into_iter()
                    .map(|(change, parts)| PileOption {
                        change: change.on_pile(i),
                        count: most(&parts, counts),
                    })
                    .collect(),
            );
        }
        Ok((each, options))
    }

    /// The move that counts every pile down by one: winning from a won position, the longest
    /// loss from a lost one. `None` when no pile can move.
    fn count_down(
        counts: &[u32],
        options: &[Vec<PileOption<R::Move>>],
    ) -> Option<EveryMove<R::Move>> {
        let moves: Vec<R::Move> = options
            .iter()
            .zip(counts)
            .filter(|(o, _)| !o.is_empty())
            .map(|(o, &c)| {
                o.iter()
                    .find(|o| o.count + 1 == c)
                    .expect("a pile's count is one more than some option's")
                    .change
                    .clone()
            })
            .collect();
        (!moves.is_empty()).then_some(EveryMove { moves })
    }
}

/// The count of several piles side by side: the largest (0 for none).
fn most<P: Eq + std::hash::Hash>(parts: &[P], counts: &Counts<P>) -> u32 {
    parts.iter().map(|p| counts.known[p]).max().unwrap_or(0)
}

/// The winning moves of a position whose movable piles have `options`: every choice of one
/// option per pile whose largest count is even. Returns how many there are (saturating) and
/// the first `list` of them, `first` before the others.
fn winning_choices<M: Move>(
    options: &[&Vec<PileOption<M>>],
    first: &EveryMove<M>,
    list: usize,
) -> (u64, Vec<EveryMove<M>>) {
    let largest = options
        .iter()
        .flat_map(|o| o.iter().map(|o| o.count))
        .max()
        .unwrap_or(0);
    let at_most = |m: u32| -> u128 {
        options
            .iter()
            .map(|o| o.iter().filter(|o| o.count <= m).count() as u128)
            .fold(1u128, u128::saturating_mul)
    };
    let mut count = 0u128;
    let mut listed = vec![first.clone()];
    for m in (0..=largest).step_by(2) {
        let below = if m == 0 { 0 } else { at_most(m - 1) };
        count = count.saturating_add(at_most(m) - below);
        if listed.len() < list {
            choices_with_largest(options, m, first, list, &mut listed);
        }
    }
    listed.truncate(list);
    (u64::try_from(count).unwrap_or(u64::MAX), listed)
}

/// Pushes onto `listed` (up to `list` moves) the choices of one option per pile whose largest
/// count is exactly `m`, other than `first`.
fn choices_with_largest<M: Move>(
    options: &[&Vec<PileOption<M>>],
    m: u32,
    first: &EveryMove<M>,
    list: usize,
    listed: &mut Vec<EveryMove<M>>,
) {
    // Whether some pile from index i on has an option of count m.
    let mut reaches = vec![false; options.len() + 1];
    for i in (0..options.len()).rev() {
        reaches[i] = reaches[i + 1] || options[i].iter().any(|o| o.count == m);
    }
    let mut chosen: Vec<M> = Vec::with_capacity(options.len());
    fn walk<M: Move>(
        options: &[&Vec<PileOption<M>>],
        m: u32,
        reaches: &[bool],
        hit: bool,
        chosen: &mut Vec<M>,
        out: (&EveryMove<M>, usize, &mut Vec<EveryMove<M>>),
    ) {
        let (first, list, listed) = out;
        let i = chosen.len();
        if listed.len() >= list || (!hit && !reaches[i]) {
            return;
        }
        if i == options.len() {
            let change = EveryMove {
                moves: chosen.clone(),
            };
            if change != *first {
                listed.push(change);
            }
            return;
        }
        for o in options[i].iter().filter(|o| o.count <= m) {
            chosen.push(o.change.clone());
            walk(
                options,
                m,
                reaches,
                hit || o.count == m,
                chosen,
                (first, list, &mut *listed),
            );
            chosen.pop();
        }
    }
    walk(
        options,
        m,
        &reaches,
        false,
        &mut chosen,
        (first, list, listed),
    );
}

/// The rules of the Every-SG game, for the engine: an option moves every pile that can move.
impl<R: Presentation> Game for Every<R> {
    type Position = R::Position;

    fn options(&self, position: &R::Position, out: &mut Vec<R::Position>) {
        let mut moves = Vec::new();
        self.legal_moves(position, &mut moves);
        out.extend(moves.iter().map(|m| self.apply(position, m)));
    }
}

impl<R: Presentation> Ruleset for Every<R> {
    const ABOUT: About = About {
        notation: EVERY_NOTATION,
        conventions: &[Convention::Normal],
        ..R::ABOUT
    };
    type Position = R::Position;
    type Move = EveryMove<R::Move>;
    type Step = EveryStep;
    type Value = crate::Nimber;
    type Rules = Self;

    super::as_wrapped!(Ruleset);

    fn rules(&self) -> &Self {
        self
    }
    fn every(&self) -> bool {
        true
    }
    /// The ruleset's position, which must be a sum of piles.
    fn position(&self, numbers: Vec<u64>) -> Result<R::Position, SetupError> {
        let position = self.rules.position(numbers)?;
        if self.rules.summands(&position).is_none() {
            return Err(SetupError::NotASum {
                game: R::ABOUT.name.to_string(),
            });
        }
        Ok(position)
    }
    /// Every choice of one move in each pile that can move.
    fn legal_moves(&self, position: &R::Position, out: &mut Vec<Self::Move>) {
        let mut choices: Vec<Vec<R::Move>> = vec![Vec::new()];
        for (i, pile) in self.piles(position).iter().enumerate() {
            let mut moves = Vec::new();
            self.rules.legal_moves(pile, &mut moves);
            if moves.is_empty() {
                continue;
            }
            choices = choices
                .iter()
                .flat_map(|chosen| {
                    moves.iter().map(move |m| {
                        let mut longer = chosen.clone();
                        longer.push(m.clone().on_pile(i));
                        longer
                    })
                })
                .collect();
        }
        out.extend(
            choices
                .into_iter()
                .filter(|moves| !moves.is_empty())
                .map(|moves| EveryMove { moves }),
        );
    }
    /// The moves of the piles one after another, the last pile first (a pile that splits
    /// renumbers only the piles after it).
    fn apply(&self, position: &R::Position, change: &Self::Move) -> R::Position {
        change
            .moves
            .iter()
            .rev()
            .fold(position.clone(), |p, m| self.rules.apply(&p, m))
    }
    fn analyze(
        &self,
        position: &R::Position,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<EveryStep, Self::Move>, EngineError> {
        let (counts, pile_options) = self.survey(position)?;
        let outcome = every::outcome(counts.iter().copied());
        let (winning_move_count, winning_moves) = match Self::count_down(&counts, &pile_options) {
            Some(first) if outcome == Outcome::N => {
                let movable: Vec<&Vec<PileOption<R::Move>>> =
                    pile_options.iter().filter(|o| !o.is_empty()).collect();
                winning_choices(&movable, &first, options.max_moves)
            }
            _ => (0, Vec::new()),
        };
        Ok(Analysis {
            outcome,
            value: None,
            winning_moves,
            winning_move_count,
            explanation: if options.explain {
                every::explanation(&counts, outcome)
            } else {
                Vec::new()
            },
        })
    }
    /// The product of the piles' own bounds: the positions reached, times the moves that
    /// combine one option of each pile.
    fn search_cost(&self, position: &R::Position) -> Option<u64> {
        self.piles(position).iter().try_fold(1u64, |cost, pile| {
            Some(cost.saturating_mul(self.rules.search_cost(pile)?.max(1)))
        })
    }
    /// Every pile counted down by one: the longest loss.
    fn slow_move(&self, position: &R::Position) -> Option<Self::Move> {
        let (counts, options) = self.survey(position).ok()?;
        Self::count_down(&counts, &options)
    }
}

impl<R: Presentation> Presentation for Every<R> {
    super::as_wrapped!(Presentation);

    fn title(&self, lang: Lang) -> String {
        let title = self.rules.title(lang);
        lang.pick(
            format!("Every-SG {title}"),
            format!("Every-SG 规则的{title}"),
        )
    }
    /// One move of the ruleset for each pile that can move, separated by `;`, in any order.
    fn parse_move(&self, position: &R::Position, text: &str) -> Result<Self::Move, MoveError> {
        if self.rules.is_over(position) {
            return Err(MoveError::GameOver);
        }
        let mut moves = Vec::new();
        for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            let change = self.rules.parse_move(position, part)?;
            let pile = change
                .pile()
                .expect("a move of a sum of piles names its pile");
            if moves.iter().any(|m: &R::Move| m.pile() == Some(pile)) {
                return Err(MoveError::NotEvery {
                    pile: pile + 1,
                    twice: true,
                });
            }
            moves.push(change);
        }
        if moves.is_empty() {
            return Err(super::malformed(text, EVERY_NOTATION));
        }
        let mut open = Vec::new();
        for (i, pile) in self.piles(position).iter().enumerate() {
            open.clear();
            self.rules.legal_moves(pile, &mut open);
            if !open.is_empty() && !moves.iter().any(|m| m.pile() == Some(i)) {
                return Err(MoveError::NotEvery {
                    pile: i + 1,
                    twice: false,
                });
            }
        }
        moves.sort_by_key(R::Move::pile);
        Ok(EveryMove { moves })
    }
    fn write_move(&self, change: &Self::Move) -> String {
        change
            .moves
            .iter()
            .map(|m| self.rules.write_move(m))
            .collect::<Vec<_>>()
            .join("; ")
    }
    /// Each pile's count.
    fn notes(
        &self,
        position: &R::Position,
        _analysis: &Analysis<EveryStep, Self::Move>,
        lang: Lang,
    ) -> Vec<String> {
        let Ok((counts, _)) = self.survey(position) else {
            return Vec::new();
        };
        let counts: Vec<String> = counts.iter().map(u32::to_string).collect();
        vec![lang.pick(
            format!("counts of the piles: {}", counts.join(", ")),
            format!("各堆的步数：{}", counts.join("、")),
        )]
    }
    /// `every` (true) and each pile's `counts`.
    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        position: &R::Position,
        _analysis: &Analysis<EveryStep, Self::Move>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        let counts: Vec<u32> = self
            .survey(position)
            .map(|(counts, _)| counts)
            .unwrap_or_default();
        vec![
            ("every", serde_json::Value::Bool(true)),
            ("counts", serde_json::json!(counts)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{Visitor, with_ruleset};
    use crate::ruleset::{Playable, Setup};

    /// What the tests read of an Every-SG analysis: the outcome, the count of winning moves,
    /// the first `max_moves` of them as written, and the notes.
    type Read = (Outcome, u64, Vec<String>, Vec<String>);

    /// The analysis of `numbers` under Every-SG play of `game` with `params`.
    fn analysis(
        game: &str,
        params: &[(&str, &str)],
        numbers: &[u64],
        max_moves: usize,
    ) -> Result<Read, EngineError> {
        struct Analyse<'a>(&'a [u64], usize);
        impl Visitor for Analyse<'_> {
            type Output = Result<Read, EngineError>;
            fn visit<G: Playable>(self, game: G) -> Self::Output {
                assert!(game.every());
                let position = game.position(self.0.to_vec()).unwrap();
                let options = AnalyzeOptions {
                    max_moves: self.1,
                    explain: false,
                };
                let analysis = game.analyze(&position, &options)?;
                let moves = analysis
                    .winning_moves
                    .iter()
                    .map(|m| game.write_move(m))
                    .collect();
                let notes = game.notes(&position, &analysis, Lang::En);
                Ok((analysis.outcome, analysis.winning_move_count, moves, notes))
            }
        }
        let setup = Setup {
            game: game.to_string(),
            every: true,
            params: params
                .iter()
                .map(|&(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..Setup::default()
        };
        with_ruleset(&setup, Analyse(numbers, max_moves)).unwrap()
    }

    #[test]
    fn a_pile_as_deep_as_the_budget_allows_is_counted() {
        // Taking one stone at a time, a pile of n lasts n moves: won iff n is odd. The search
        // of a pile of 3001 is 3001 levels deep, within the budget ((n + 1)² steps).
        let n = 3001;
        let (outcome, count, moves, notes) =
            analysis("subtraction", &[("set", "1")], &[n, 4], 10).unwrap();
        assert_eq!(outcome, Outcome::N);
        assert_eq!((count, moves), (1, vec!["1 1; 2 1".to_string()]));
        assert_eq!(notes, vec![format!("counts of the piles: {n}, 4")]);
    }

    #[test]
    fn the_textbook_move_comes_first_and_the_count_covers_every_choice() {
        // Nim piles have count 1 (won) or 0: emptying every pile wins, and so does any choice
        // that leaves counts 0, i.e. empties every pile: one move however many piles.
        let (outcome, count, moves, _) = analysis("nim", &[], &[3, 5, 0, 2], 5).unwrap();
        assert_eq!(outcome, Outcome::N);
        assert_eq!((count, moves), (1, vec!["1 3; 2 5; 4 2".to_string()]));
        // Taking 1 or 2, heaps 0 to 4 have counts 0, 1, 1, 2, 3. From heaps 4 and 3 the largest
        // count left must be even: heap 4 goes to 3 (count 2), heap 3 to either option (count 1).
        let (outcome, count, moves, notes) =
            analysis("subtraction", &[("set", "1,2")], &[4, 3], 10).unwrap();
        assert_eq!(notes, vec!["counts of the piles: 3, 2".to_string()]);
        assert_eq!(outcome, Outcome::N);
        assert_eq!(count, 2);
        // The textbook move first: heap 3 to its first option of count 1.
        assert_eq!(moves, vec!["1 1; 2 1".to_string(), "1 1; 2 2".to_string()]);
    }

    #[test]
    fn past_the_budget_the_analysis_is_refused_in_one_line() {
        let refused = analysis("nim", &[], &[1 << 20], 1).unwrap_err();
        assert!(matches!(refused, EngineError::TooLarge { .. }));
        assert!(!refused.to_string().contains('\n'));
    }
}
