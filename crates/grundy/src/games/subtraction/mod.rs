//! Subtraction games: a move takes s stones from one heap, for an s in a fixed set S.
//!
//! A heap of n is worth G(n) = mex{G(n − s) : s ∈ S, s ≤ n}, and a position of several heaps is
//! their sum ([`crate::games::heaps`]). Three kinds of set, in the `--set` notation:
//!
//! - a finite set `1,2,4`: the values are periodic from some n0 (Golomb); G(n) depends only on the
//!   s = max S values before it, so two equal windows of s values p apart prove the period p;
//! - the Bash game `1..M` (take 1 to M): G(n) = n mod (M + 1), no table needed;
//! - an all-but set `all-but:1,2` (every positive number except a finite F, f = max F): the
//!   values are arithmetic-periodic, G(n + p) = G(n) + s from some n0 (A. Siegel proved it for
//!   every F); here a period found in the data is proved by two equal windows of 2f + 1 values
//!   (see [`crate::period::Certificate::AllBut`]).
//!
//! Huge heaps (up to 2^64 − 1) use the proved period, never a table of n entries. The winning
//! moves of a heap of value g that must go to value t are every s with G(n − s) = t, by
//! increasing s.

mod set;

pub use set::{ALL_BUT, Element, SetDescription, SetError, SubtractionSet, SubtractionValues};

use crate::games::heaps::{self, HeapComponent, HeapRule, HeapStep, Unvalued, ValueReason};
use crate::ruleset::{MoveError, Refusal, TakeRule, each_take};
use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, MoveList, Nimber, PileMove};

mod playable;

pub use playable::SubtractionPlay;

/// The subtraction game of a set, as a [`Game`] for the engine: a position is the list of heaps.
#[derive(Clone, Debug)]
pub struct Subtraction {
    /// The set.
    pub set: SubtractionSet,
}

impl Game for Subtraction {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &n) in piles.iter().enumerate() {
            for x in self.set.moves_from(n) {
                let mut next = piles.clone();
                next[i] = n - x;
                out.push(next);
            }
        }
    }

    fn components(&self, piles: &Vec<u64>, parts: &mut Vec<Vec<u64>>) -> bool {
        crate::engine::one_heap_each(piles, parts)
    }
}

/// A move takes s stones from one pile, s in the set.
impl TakeRule for Subtraction {
    fn takes(&self, from: u64) -> impl Iterator<Item = u64> {
        self.set.moves_from(from)
    }

    /// [`NotInSet`] for a count the set does not hold.
    fn refusal(&self, _from: u64, count: u64) -> Option<MoveError> {
        (!self.set.allows(count)).then(|| {
            NotInSet {
                asked: count,
                set: self.set.to_string(),
            }
            .into()
        })
    }
}

/// A count of stones the subtraction set (in the `--set` notation) does not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
struct NotInSet {
    asked: u64,
    set: String,
}

impl Explain for NotInSet {
    fn text(&self, lang: Lang) -> String {
        let NotInSet { asked, set } = self;
        match lang {
            Lang::En => format!("the set {set} does not allow taking {asked}"),
            Lang::Zh => format!("集合 {set} 不允许取走 {asked} 个石子"),
        }
    }
}

impl Refusal for NotInSet {}

/// A heap whose value is past the table while the period is not proved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "pile {pile} ({stones} stones) is past the {computed} values computed for the set {set}, whose period is not proved"
)]
pub struct BeyondTable {
    /// The pile, numbered from 1.
    pub pile: usize,
    /// Its stones.
    pub stones: u64,
    /// How many values were computed.
    pub computed: usize,
    /// The set.
    pub set: String,
}

/// One heap rule: every pile plays the same set.
struct SameSet<'a>(&'a SubtractionValues);

impl HeapRule for SameSet<'_> {
    fn value(&self, _pile: usize, n: u64) -> Nimber {
        self.0.value(n).expect("analyze checks every pile first")
    }

    fn reason(&self, _pile: usize, n: u64) -> ValueReason {
        self.0.reason(n)
    }

    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>) {
        push_moves_to(self.0, pile, n, target, moves);
    }
}

/// The heaps of a subtraction set in a sum of rulesets (`sub{SET}` in `grundy sum`): the set's
/// values are computed once, by the first [`HeapComponent::prepare`], as
/// [`SubtractionSet::sequence`] computes them.
#[derive(Clone, Debug)]
pub struct SubtractionComponent {
    rules: Subtraction,
    /// The values, once prepared.
    sequence: Option<SubtractionValues>,
}

impl SubtractionComponent {
    /// The heaps of `set`, their values not computed yet.
    pub fn new(set: SubtractionSet) -> SubtractionComponent {
        SubtractionComponent {
            rules: Subtraction { set },
            sequence: None,
        }
    }

    fn sequence(&self) -> &SubtractionValues {
        self.sequence
            .as_ref()
            .expect("a sum prepares a component before it values a heap")
    }
}

impl HeapComponent for SubtractionComponent {
    fn name(&self) -> String {
        format!("sub{{{}}}", self.rules.set)
    }

    fn has_table(&self) -> bool {
        true
    }

    /// Computes the set's values (at most `limit`) the first time.
    ///
    /// # Errors
    /// [`BeyondTable`] for a heap past the table of an unproved period.
    fn prepare(&mut self, piles: &[u64], limit: usize) -> Result<(), Unvalued> {
        let sequence = self
            .sequence
            .get_or_insert_with(|| self.rules.set.sequence(limit));
        match piles.iter().position(|&n| sequence.value(n).is_none()) {
            Some(j) => Err(Unvalued(
                BeyondTable {
                    pile: j + 1,
                    stones: piles[j],
                    computed: sequence.table().len(),
                    set: self.rules.set.to_string(),
                }
                .to_string(),
            )),
            None => Ok(()),
        }
    }

    fn intro(&self) -> HeapStep {
        intro(self.sequence())
    }

    fn value(&self, n: u64) -> Nimber {
        self.sequence().value(n).expect("prepare checks every heap")
    }

    fn reason(&self, n: u64) -> ValueReason {
        self.sequence().reason(n)
    }

    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>) {
        push_moves_to(self.sequence(), pile, n, target, moves);
    }

    /// By increasing number taken.
    fn each_move(&self, pile: usize, n: u64, visit: &mut dyn FnMut(PileMove)) {
        each_take(&self.rules, pile, n, visit);
    }
}

/// Pushes every subtraction that leaves heap `pile` (n stones) with value `target`, by
/// increasing number taken.
pub fn push_moves_to(
    sequence: &SubtractionValues,
    pile: usize,
    n: u64,
    target: Nimber,
    moves: &mut MoveList<PileMove>,
) {
    sequence.for_each_subtraction_to(n, target, |x| {
        moves.push(PileMove::Take {
            pile,
            from: n,
            to: n - x,
        })
    });
}

/// The explanation's first step: the set's values and period.
pub fn intro(sequence: &SubtractionValues) -> HeapStep {
    match sequence.set().rule() {
        set::Rule::UpTo(max) => HeapStep::BashValues { max: *max },
        _ => HeapStep::SubtractionValues {
            set: sequence.set().to_string(),
            period: sequence.period(),
            computed: sequence.table().len() as u64,
            window: sequence.set().window(),
        },
    }
}

/// The fields an analysis's JSON adds for a subtraction game: the `set` and its `period` (null
/// when none is known).
#[cfg(feature = "serde")]
pub fn json_fields(sequence: &SubtractionValues) -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("set", serde_json::json!(sequence.set().to_string())),
        ("period", serde_json::json!(sequence.period())),
    ]
}

/// The game's name for people, with its set.
pub fn title(set: &SubtractionSet, lang: Lang) -> String {
    lang.pick(
        format!("subtraction game {{{set}}}"),
        format!("减法游戏 {{{set}}}"),
    )
}

/// Analyses a position of heaps under the sequence's set: outcome, value, every winning move
/// (first the piles whose target g ⊕ x is below their value g, then the piles that must rise to
/// it; pile by pile within each group, then by increasing number taken) and, if asked, the
/// explanation, whose example is the first of these moves.
///
/// # Errors
/// [`BeyondTable`] for the first heap whose value is unknown (past the table, period not proved).
///
/// # Examples
/// ```
/// use grundy::games::subtraction::{self, SubtractionSet};
/// use grundy::{AnalyzeOptions, Outcome};
/// let sequence = SubtractionSet::parse("1..3").unwrap().sequence(SubtractionSet::DEFAULT_LIMIT);
/// // LeetCode 292: a heap of 4 with take 1-3 is lost for the player to move.
/// let a = subtraction::analyze(&sequence, &[4], &AnalyzeOptions::default()).unwrap();
/// assert_eq!(a.outcome, Outcome::P);
/// ```
pub fn analyze(
    sequence: &SubtractionValues,
    piles: &[u64],
    options: &AnalyzeOptions,
) -> Result<Analysis<HeapStep, PileMove>, BeyondTable> {
    if let Some((i, &n)) = piles
        .iter()
        .enumerate()
        .find(|&(_, &n)| sequence.value(n).is_none())
    {
        return Err(BeyondTable {
            pile: i + 1,
            stones: n,
            computed: sequence.table().len(),
            set: sequence.set().to_string(),
        });
    }
    Ok(heaps::analyze(
        &SameSet(sequence),
        piles,
        vec![intro(sequence)],
        options,
    ))
}

#[cfg(test)]
mod tests;
