//! Misère quotients of take-and-break games (Plambeck, "Taming the wild in impartial
//! combinatorial games", INTEGERS 5, 2005; Plambeck and Siegel, "Misère quotients for impartial
//! games", JCTA 115, 2008).
//!
//! Under misère play (whoever moves last loses) Grundy values no longer decide sums. What does:
//! call two positions G, H of a set A of positions (here: all sums of heaps of at most N)
//! equivalent when G + X and H + X have the same misère outcome for every X in A. The classes form
//! a commutative monoid, the *misère quotient* Q, with the P-portion P ⊂ Q (the classes of the
//! P-positions): a position is lost for the player to move exactly when the product of its heaps'
//! elements lies in P. Every such quotient has even order (Plambeck–Siegel).
//!
//! [`Quotient::of`] computes Q exactly (see the `layers` module for the method: the P-positions
//! as an automaton over heap sizes, built layer by layer, whose minimal form is Q); [`Growth`]
//! computes it heap by heap and reports where its order stops changing;
//! [`Quotient::certificate`] says when a theorem makes it the quotient of the whole game.
//! Beside it: Conway's genus of each heap ([`GenusSearch`]), and a misère position answered by
//! the engine's search when its quotient is too large ([`analyze_by_search`]); [`analyze_misere`]
//! answers one way or the other.

mod analysis;
mod automaton;
mod genus;
mod layers;
mod misere;
mod periodicity;
mod presentation;
mod search;

pub use analysis::QuotientStep;
pub use genus::{DEFAULT_GENUS_POSITIONS, Genus, GenusSearch, SearchFull};
pub use misere::{
    Limits, Method, MisereStep, Unanswered, analyze_misere, analyze_misere_by, misere_quotient,
};
pub use periodicity::{Certificate, THEOREM, applies_to};
pub use presentation::{Presentation, Word};
pub use search::{SearchStep, analyze_by_search};

use crate::values::TakeAndBreak;
use automaton::Automaton;
use layers::Layers;

/// The largest heap the front ends take for misère play (a heap of n has O(n) options in octal
/// games, O(n²) in games whose moves leave three heaps).
pub const MAX_HEAP: usize = 256;

/// The default bound on the order of a quotient.
pub const DEFAULT_MAX_ORDER: usize = 4096;

/// The default bound on the positions the search of a whole misère position remembers when the
/// quotient is past its bound.
pub const DEFAULT_SEARCH_POSITIONS: usize = 1_000_000;

/// The misère quotient of all sums of heaps of 1..=N under one take-and-break game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    rules: TakeAndBreak,
    order: usize,
    product: Vec<u32>,
    p: Vec<bool>,
    heaps: Vec<u32>,
    options: Vec<Vec<Vec<u32>>>,
}

/// The quotient grew past the bound on its order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the misère quotient of {code} for heaps up to {heap} has more than {max_order} elements")]
pub struct TooLarge {
    /// The code.
    pub code: String,
    /// The largest heap of the quotient that could not be computed.
    pub heap: usize,
    /// The bound.
    pub max_order: usize,
}

impl Quotient {
    /// The quotient of all sums of heaps up to `max_heap` under `rules`.
    ///
    /// # Errors
    /// [`TooLarge`] when the quotient has more than `max_order` elements (found as soon as an
    /// automaton met on the way proves it, see the `layers` module).
    pub fn of(
        rules: &TakeAndBreak,
        max_heap: usize,
        max_order: usize,
    ) -> Result<Quotient, TooLarge> {
        let mut growth = Growth::new(rules.clone(), max_order);
        growth.quotient(max_heap)
    }

    /// The rules.
    pub fn rules(&self) -> &TakeAndBreak {
        &self.rules
    }

    /// The largest heap.
    pub fn max_heap(&self) -> usize {
        self.heaps.len() - 1
    }

    /// How many elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The identity (the class of the empty position) is element 0.
    pub const IDENTITY: u32 = 0;

    /// The product of two elements.
    pub fn product(&self, x: u32, y: u32) -> u32 {
        self.product[x as usize * self.order + y as usize]
    }

    /// Whether `x` is in the P-portion.
    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// The elements of the P-portion, in increasing order.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order as u32).filter(|&x| self.is_p(x)).collect()
    }

    /// The element of a heap of `n` (`n` at most [`Quotient::max_heap`]; the empty heap is the
    /// identity).
    pub fn heap(&self, n: usize) -> u32 {
        self.heaps[n]
    }

    /// The options of a heap of `n`, as the heaps each leaves.
    pub fn options(&self, n: usize) -> &[Vec<u32>] {
        &self.options[n]
    }

    /// The element of a position, or `None` if a heap is larger than [`Quotient::max_heap`].
    pub fn element(&self, heaps: &[u64]) -> Option<u32> {
        heaps.iter().try_fold(Self::IDENTITY, |x, &n| {
            let n = usize::try_from(n).ok().filter(|&n| n <= self.max_heap())?;
            Some(self.product(x, self.heaps[n]))
        })
    }

    /// The element of the heaps `parts` (each at most [`Quotient::max_heap`]).
    pub fn element_of_parts(&self, parts: &[u32]) -> u32 {
        parts.iter().fold(Self::IDENTITY, |x, &n| {
            self.product(x, self.heaps[n as usize])
        })
    }

    /// Builds the monoid from the minimal automaton of the P-positions: its states are the
    /// elements, reading a heap multiplies by the heap's element.
    fn from_automaton(
        rules: &TakeAndBreak,
        automaton: &Automaton,
        options: &[Vec<Vec<u32>>],
    ) -> Quotient {
        let order = automaton.len();
        let letters = automaton.letters();
        // A word reaching each state: the product x·y is the state reached from x reading y's word.
        let mut words: Vec<Option<Vec<u32>>> = vec![None; order];
        words[0] = Some(Vec::new());
        let mut queue = vec![0u32];
        let mut i = 0;
        while i < queue.len() {
            let x = queue[i];
            for letter in 0..letters {
                let y = automaton.step(x, letter);
                if words[y as usize].is_none() {
                    let mut word = words[x as usize].clone().unwrap_or_default();
                    word.push(letter as u32 + 1);
                    words[y as usize] = Some(word);
                    queue.push(y);
                }
            }
            i += 1;
        }
        let mut product = Vec::with_capacity(order * order);
        for x in 0..order as u32 {
            for word in &words {
                product.push(automaton.read(x, word.as_deref().unwrap_or_default()));
            }
        }
        let heaps = std::iter::once(0)
            .chain((0..letters).map(|letter| automaton.step(0, letter)))
            .collect();
        Quotient {
            rules: rules.clone(),
            order,
            product,
            p: (0..order as u32).map(|x| automaton.accepts(x)).collect(),
            heaps,
            options: options[..=letters].to_vec(),
        }
    }
}

/// The quotients of one game for heaps up to 1, 2, 3, …, sharing the work between them.
pub struct Growth {
    rules: TakeAndBreak,
    layers: Layers,
    max_order: usize,
}

impl Growth {
    /// Quotients of `rules`, each at most `max_order` elements.
    pub fn new(rules: TakeAndBreak, max_order: usize) -> Growth {
        Growth {
            rules,
            layers: Layers::new(max_order),
            max_order,
        }
    }

    /// The quotient for heaps up to `max_heap`.
    ///
    /// # Errors
    /// As [`Quotient::of`].
    pub fn quotient(&mut self, max_heap: usize) -> Result<Quotient, TooLarge> {
        self.layers.add_heaps(&self.rules, max_heap);
        let too_large = || TooLarge {
            code: self.rules.to_string(),
            heap: max_heap,
            max_order: self.max_order,
        };
        let automaton = self.layers.p_positions(max_heap).map_err(|_| too_large())?;
        if automaton.len() > self.max_order {
            return Err(too_large());
        }
        Ok(Quotient::from_automaton(
            &self.rules,
            &automaton,
            self.layers.options(),
        ))
    }
}

/// The quotient's order after each heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Step {
    /// The largest heap.
    pub heap: usize,
    /// The order of the quotient for heaps up to `heap`.
    pub order: usize,
    /// The size of its P-portion.
    pub p_portion: usize,
}

/// The quotients for heaps up to 1, 2, …, N, as far as the bound on their order allows.
#[derive(Clone, Debug)]
pub struct Report {
    /// The order after each heap.
    pub steps: Vec<Step>,
    /// The last quotient computed (`None` if not even the first fits).
    pub quotient: Option<Quotient>,
    /// Why the computation stopped before N, if it did.
    pub stopped: Option<TooLarge>,
}

impl Report {
    /// The quotients of `rules` for heaps up to 1, 2, …, `max_heap`, each at most `max_order`
    /// elements; stops at the first that is larger.
    pub fn compute(rules: &TakeAndBreak, max_heap: usize, max_order: usize) -> Report {
        let mut growth = Growth::new(rules.clone(), max_order);
        let mut report = Report {
            steps: Vec::new(),
            quotient: None,
            stopped: None,
        };
        for heap in 1..=max_heap {
            match growth.quotient(heap) {
                Ok(q) => {
                    report.steps.push(Step {
                        heap,
                        order: q.order(),
                        p_portion: q.p_portion().len(),
                    });
                    report.quotient = Some(q);
                }
                Err(e) => {
                    report.stopped = Some(e);
                    break;
                }
            }
        }
        report
    }

    /// The first heap from which the order no longer changes, up to the last heap computed. Equal
    /// orders mean equal quotients: the smaller heaps already generate the whole quotient (it maps
    /// onto the previous one), and the new heap is one of its elements. Whether it stays so past
    /// the last heap computed is evidence, not proof.
    pub fn stable_from(&self) -> Option<usize> {
        let last = self.steps.last()?;
        let first = self
            .steps
            .iter()
            .rev()
            .take_while(|s| s.order == last.order)
            .last()?;
        Some(first.heap)
    }

    /// The certificate that the last quotient is the quotient of the whole game, where the
    /// periodicity theorem gives one (see [`Quotient::certificate`]).
    pub fn certificate(&self) -> Option<Certificate> {
        self.quotient.as_ref()?.certificate()
    }
}

#[cfg(test)]
mod tests;
