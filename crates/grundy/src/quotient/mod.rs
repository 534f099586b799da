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
mod expansion;
mod genus;
mod incremental;
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
use incremental::{Elements, Extension, option_elements};
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
}

/// The default bound on the memory of the layered construction, in bytes.
pub const DEFAULT_MAX_MEMORY: usize = 1 << 30;

/// The quotient grew past the bound on its order, or its construction past the bound on memory.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the misère quotient of {code} for heaps up to {heap} {}", match memory {
    None => format!("has more than {max_order} elements"),
    Some(bytes) => format!("needs more than {} MiB to compute", bytes >> 20),
})]
pub struct TooLarge {
    /// The code.
    pub code: String,
    /// The largest heap of the quotient that could not be computed.
    pub heap: usize,
    /// The bound on the order.
    pub max_order: usize,
    /// The bound on memory, in bytes, if that is the one passed.
    pub memory: Option<usize>,
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
    pub fn options(&self, n: usize) -> Vec<Vec<u32>> {
        let mut options = Vec::new();
        self.rules.each_move(n, &mut |_, parts| {
            options.push(parts.iter().map(|&p| p as u32).collect());
        });
        options
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
    fn from_automaton(rules: &TakeAndBreak, automaton: &Automaton) -> Quotient {
        let heaps = std::iter::once(0)
            .chain((0..automaton.letters()).map(|letter| automaton.step(0, letter)))
            .collect();
        Quotient::with_heaps(rules, automaton, heaps)
    }

    /// Builds the monoid from the minimal automaton of the P-positions over letters that
    /// multiply by elements (not necessarily one letter a heap): the element of heap n is
    /// `heaps[n]`.
    fn with_heaps(rules: &TakeAndBreak, automaton: &Automaton, heaps: Vec<u32>) -> Quotient {
        let order = automaton.len();
        let letters = automaton.letters();
        // A word reaching each state: the product x·y is the state reached from x reading y's word.
        let mut words: Vec<Option<Vec<usize>>> = vec![None; order];
        words[0] = Some(Vec::new());
        let mut queue = vec![0u32];
        let mut i = 0;
        while i < queue.len() {
            let x = queue[i];
            for letter in 0..letters {
                let y = automaton.step(x, letter);
                if words[y as usize].is_none() {
                    let mut word = words[x as usize].clone().unwrap_or_default();
                    word.push(letter);
                    words[y as usize] = Some(word);
                    queue.push(y);
                }
            }
            i += 1;
        }
        let mut product = Vec::with_capacity(order * order);
        for x in 0..order as u32 {
            for word in &words {
                let word = word.as_deref().unwrap_or_default();
                product.push(word.iter().fold(x, |s, &letter| automaton.step(s, letter)));
            }
        }
        Quotient {
            rules: rules.clone(),
            order,
            product,
            p: (0..order as u32).map(|x| automaton.accepts(x)).collect(),
            heaps,
        }
    }

    /// The quotient for heaps up to 0: the empty position alone, an N-position.
    fn trivial(rules: &TakeAndBreak) -> Quotient {
        Quotient {
            rules: rules.clone(),
            order: 1,
            product: vec![Quotient::IDENTITY],
            p: vec![false],
            heaps: vec![Quotient::IDENTITY],
        }
    }

    /// The same quotient with its elements numbered as [`Quotient::from_automaton`] numbers
    /// them (breadth first from the identity, multiplying by the heaps in increasing order), so
    /// that a quotient has one form however it was computed.
    fn renumbered(&self) -> Quotient {
        let mut number = vec![u32::MAX; self.order];
        let mut elements = vec![Quotient::IDENTITY];
        number[Quotient::IDENTITY as usize] = 0;
        // Heaps of an element met before lead where the first such heap leads.
        let mut generators = Vec::new();
        let mut seen = vec![false; self.order];
        for &x in &self.heaps[1..] {
            if !seen[x as usize] {
                seen[x as usize] = true;
                generators.push(x);
            }
        }
        let mut i = 0;
        while i < elements.len() {
            for &g in &generators {
                let y = self.product(elements[i], g);
                if number[y as usize] == u32::MAX {
                    number[y as usize] = elements.len() as u32;
                    elements.push(y);
                }
            }
            i += 1;
        }
        let number = &number;
        let product = elements
            .iter()
            .flat_map(|&x| {
                elements
                    .iter()
                    .map(move |&y| number[self.product(x, y) as usize])
            })
            .collect();
        Quotient {
            rules: self.rules.clone(),
            order: self.order,
            product,
            p: elements.iter().map(|&x| self.p[x as usize]).collect(),
            heaps: self.heaps.iter().map(|&x| number[x as usize]).collect(),
        }
    }
}

/// The most sets the extension check keeps (see the `incremental` module) before it gives way to
/// the other constructions for the rest of the quotient's life, and the most the check of a
/// guessed quotient keeps (the `expansion` module).
const MAX_SETS: usize = 1 << 16;

/// The quotients of one game for heaps up to 1, 2, 3, …, heap by heap: the next heap's element
/// is sought in the quotient so far (the `incremental` module); when none fits, the quotient
/// having grown, a guess of it is checked (the `expansion` module) if the heap before left the
/// quotient as it was, and otherwise, or when no guess passes, it is computed afresh, layer by
/// layer (the `layers` module), which shares its work with the heaps before and is the cheaper
/// where quotients grow heap after heap.
pub struct Growth {
    rules: TakeAndBreak,
    layers: Layers,
    max_order: usize,
    max_memory: usize,
    /// The quotient for heaps up to the last heap added.
    current: Quotient,
    /// The elements of every heap's options in `current` (heap 0 first; `None`: no move).
    options: Vec<Option<Elements>>,
    /// The extension check of `current`, once built.
    extension: Option<Extension>,
    /// Whether the check may be built for `current` (not when it grew past [`MAX_SETS`]).
    extensible: bool,
    /// Whether the last heap added made the quotient grow.
    grew: bool,
}

impl Growth {
    /// Quotients of `rules`, each at most `max_order` elements, starting from heaps up to 0.
    pub fn new(rules: TakeAndBreak, max_order: usize) -> Growth {
        Growth::with_memory(rules, max_order, DEFAULT_MAX_MEMORY)
    }

    /// Quotients of `rules`, each at most `max_order` elements, the layered construction holding
    /// at most about `max_memory` bytes.
    pub fn with_memory(rules: TakeAndBreak, max_order: usize, max_memory: usize) -> Growth {
        Growth {
            current: Quotient::trivial(&rules),
            rules,
            layers: Layers::new(max_order, max_memory),
            max_order,
            max_memory,
            options: vec![None],
            extension: None,
            extensible: true,
            grew: false,
        }
    }

    /// The largest heap added so far.
    pub fn max_heap(&self) -> usize {
        self.current.max_heap()
    }

    /// Adds the next heap, and returns the order and P-portion after it.
    ///
    /// # Errors
    /// [`TooLarge`] when the quotient grows past `max_order` elements (the growth then stays
    /// at the heap before).
    pub fn next_heap(&mut self) -> Result<Step, TooLarge> {
        let heap = self.max_heap() + 1;
        let options = option_elements(&self.current, heap);
        let max_order = self.max_order;
        let too_large = |rules: &TakeAndBreak, memory| TooLarge {
            code: rules.to_string(),
            heap,
            max_order,
            memory,
        };
        let Some(last) = options else {
            // A heap without a move changes nothing: it is the identity.
            self.current.heaps.push(Quotient::IDENTITY);
            self.options.push(None);
            self.grew = false;
            return Ok(self.step());
        };
        if let Some(x) = self.extended(&last) {
            self.current.heaps.push(x);
            self.options.push(Some(last));
            self.grew = false;
            return Ok(self.step());
        }
        let guessed = match self.grew {
            true => None,
            false => expansion::expand(&self.current, &self.options, &last, MAX_SETS),
        };
        if let Some((q, options)) = guessed {
            if q.order() > self.max_order {
                return Err(too_large(&self.rules, None));
            }
            self.current = q;
            self.options = options;
            self.extension = None;
            self.extensible = true;
        } else {
            let automaton = self
                .layers
                .add_heaps(&self.rules, heap)
                .and_then(|()| self.layers.p_positions(heap))
                .map_err(|e| {
                    too_large(
                        &self.rules,
                        match e {
                            automaton::TooLarge::Order => None,
                            automaton::TooLarge::Memory => Some(self.max_memory),
                        },
                    )
                })?;
            if automaton.len() > self.max_order {
                return Err(too_large(&self.rules, None));
            }
            self.current = Quotient::from_automaton(&self.rules, &automaton);
            self.options = (0..=heap)
                .map(|n| option_elements(&self.current, n))
                .collect();
            self.extension = None;
            self.extensible = true;
        }
        self.grew = true;
        Ok(self.step())
    }

    /// The order and P-portion for heaps up to the last heap added.
    fn step(&self) -> Step {
        Step {
            heap: self.max_heap(),
            order: self.current.order(),
            p_portion: self.current.p.iter().filter(|&&p| p).count(),
        }
    }

    /// The element of the next heap, which has a move, its options being `options`, if the
    /// quotient does not grow with it, by the extension check.
    fn extended(&mut self, options: &Elements) -> Option<u32> {
        if self.extension.is_none() && self.extensible {
            self.extension = Extension::new(&self.current, &self.options, MAX_SETS).ok();
            self.extensible = self.extension.is_some();
        }
        let extension = self.extension.as_mut()?;
        let (x, winning) = extension.element(&self.current, options)?;
        if extension.add(&self.current, x, winning).is_err() {
            self.extension = None;
            self.extensible = false;
        }
        Some(x)
    }

    /// The quotient for heaps up to the last heap added.
    pub fn current(&self) -> Quotient {
        self.current.renumbered()
    }

    /// The quotient for heaps up to `max_heap`, adding heaps up to it (or computed afresh if
    /// it is below the heaps added).
    ///
    /// # Errors
    /// As [`Quotient::of`].
    pub fn quotient(&mut self, max_heap: usize) -> Result<Quotient, TooLarge> {
        if max_heap < self.max_heap() {
            return Growth::with_memory(self.rules.clone(), self.max_order, self.max_memory)
                .quotient(max_heap);
        }
        while self.max_heap() < max_heap {
            self.next_heap()?;
        }
        Ok(self.current())
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

/// How far [`Report::run`] may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The largest heap.
    pub max_heap: usize,
    /// The most elements a quotient may have.
    pub max_order: usize,
    /// About the most bytes the layered construction may hold.
    pub max_memory: usize,
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
    /// Whether it was stopped from outside (a time bound) before N.
    pub interrupted: bool,
}

impl Report {
    /// The quotients of `rules` for heaps up to 1, 2, …, `max_heap`, each at most `max_order`
    /// elements; stops at the first that is larger.
    pub fn compute(rules: &TakeAndBreak, max_heap: usize, max_order: usize) -> Report {
        let bounds = Bounds {
            max_heap,
            max_order,
            max_memory: DEFAULT_MAX_MEMORY,
        };
        Report::run(rules, bounds, false, &mut |_| true)
    }

    /// The quotients of `rules` for heaps up to 1, 2, …, within `bounds` (stopping at the first
    /// past them), up to the first heap where the periodicity theorem certifies the quotient of
    /// the whole game when `until_certified`, or until `go_on`, told each step, says no.
    pub fn run(
        rules: &TakeAndBreak,
        bounds: Bounds,
        until_certified: bool,
        go_on: &mut dyn FnMut(&Step) -> bool,
    ) -> Report {
        let Bounds {
            max_heap,
            max_order,
            max_memory,
        } = bounds;
        let mut growth = Growth::with_memory(rules.clone(), max_order, max_memory);
        let mut watch = until_certified.then(|| periodicity::Watch::new(rules));
        let mut report = Report {
            steps: Vec::new(),
            quotient: None,
            stopped: None,
            interrupted: false,
        };
        while growth.max_heap() < max_heap {
            match growth.next_heap() {
                Ok(step) => {
                    report.steps.push(step);
                    if !go_on(&step) {
                        report.interrupted = step.heap < max_heap;
                        break;
                    }
                    if let Some(watch) = &mut watch
                        && watch.certifies(&growth.current.heaps)
                    {
                        break;
                    }
                }
                Err(e) => {
                    report.stopped = Some(e);
                    break;
                }
            }
        }
        report.quotient = (growth.max_heap() > 0).then(|| growth.current());
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
