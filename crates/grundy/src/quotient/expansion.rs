//! The quotient for heaps up to n when heap n makes it grow, guessed and then checked exactly
//! (the method of Plambeck and Siegel's MisereSolver).
//!
//! Let Q be the quotient for heaps up to n − 1, Φ its heap map. The guess is built on the monoid
//! M = Q × C, C = ⟨a | a^(i+p) = a^i⟩ a cyclic monoid, each heap h < n mapped to (Φ(h), 1) and
//! heap n to (1, a). Its P-portion is read off positions: every element of M that positions reach
//! is the element of a least position in the colex order (the numbers of the largest heaps
//! compared first), the options of a position come before it in that order (a move replaces a
//! heap by smaller ones), and an element is put in the P-portion when its least position has a
//! move and none to an element put there. M with that P-portion, cut down to the elements
//! positions reach and to classes of elements no element tells apart (its minimal automaton), is
//! the guess R. R is the quotient for heaps up to n exactly when it decides every position as the
//! game does (the check of the `incremental` module): any two elements of R are then told apart
//! by a position, so two positions are equivalent exactly when R gives them one element.
//!
//! Q × C covers the quotient for heaps up to n when adding heap n splits no class of Q and C is
//! large enough for the powers of heap n; the guess is tried with C of 4, 8 and 16 elements, and
//! when none decides every position the caller computes the quotient afresh.

use super::Quotient;
use super::automaton::{Automaton, TooLarge};
use super::incremental::{Elements, decides_every_position};

/// The cyclic monoids tried, as (i, p): a^(i+p) = a^i.
const CYCLES: [(u32, u32); 3] = [(2, 2), (4, 4), (8, 8)];

/// The quotient for heaps up to n and its heaps' options, from `q` (heaps up to n − 1), the
/// options of its heaps (`options`, heap 0 first, as elements of `q`), and the options of heap n
/// (`last`, as elements of `q`), if a guess decides every position (the check keeping at most
/// `max_sets` sets).
pub(crate) fn expand(
    q: &Quotient,
    options: &[Option<Elements>],
    last: &Elements,
    max_sets: usize,
) -> Option<(Quotient, Vec<Option<Elements>>)> {
    CYCLES.iter().find_map(|&(index, period)| {
        let guess = Guess::new(q, options, last, index, period);
        let (r, options) = guess.reduced(q, options, last).ok()?;
        decides_every_position(&r, &options, max_sets)
            .unwrap_or(false)
            .then_some((r, options))
    })
}

/// Q × C with the P-portion read off the least positions.
struct Guess {
    /// |C| = i + p.
    cycle: u32,
    index: u32,
    period: u32,
    /// The heaps that are the least of their element among the heaps with a move, as
    /// (heap, element of M, elements of M of its options); heap n last.
    generators: Vec<(usize, u32, Vec<u32>)>,
    /// `mark[x]`: whether x is a P-element, once its least position is met.
    mark: Vec<Option<bool>>,
    /// Q's product.
    q_order: u32,
    q_product: Vec<u32>,
}

impl Guess {
    fn new(
        q: &Quotient,
        options: &[Option<Elements>],
        last: &Elements,
        index: u32,
        period: u32,
    ) -> Guess {
        let cycle = index + period;
        let mut seen = vec![false; q.order()];
        let mut generators = Vec::new();
        for (n, t) in options.iter().enumerate() {
            let x = q.heap(n);
            if let Some(t) = t
                && !seen[x as usize]
            {
                seen[x as usize] = true;
                generators.push((n, x * cycle, t.iter().map(|t| t * cycle).collect()));
            }
        }
        generators.push((options.len(), 1, last.iter().map(|t| t * cycle).collect()));
        let order = q.order() as u32;
        let mut guess = Guess {
            cycle,
            index,
            period,
            generators,
            mark: vec![None; (order * cycle) as usize],
            q_order: order,
            q_product: (0..order)
                .flat_map(|x| (0..order).map(move |y| q.product(x, y)))
                .collect(),
        };
        let all = guess.generators.len();
        guess.visit(all, Quotient::IDENTITY, &Elements::empty(guess.mark.len()));
        guess
    }

    fn product(&self, x: u32, y: u32) -> u32 {
        let (a, k) = (x / self.cycle, x % self.cycle);
        let (b, l) = (y / self.cycle, y % self.cycle);
        let mut s = k + l;
        if s >= self.cycle {
            s = self.index + (s - self.index) % self.period;
        }
        self.q_product[(a * self.q_order + b) as usize] * self.cycle + s
    }

    /// Marks the least positions among `z`'s position (whose options have the elements
    /// `options`) plus heaps of the first `depth` generators, in colex order: the numbers of
    /// generator `depth − 1` in increasing order, for each the rest.
    fn visit(&mut self, depth: usize, z: u32, options: &Elements) {
        if depth == 0 {
            debug_assert!(options.iter().all(|t| self.mark[t as usize].is_some()));
            let p =
                !options.is_empty() && options.iter().all(|t| self.mark[t as usize] == Some(false));
            self.mark[z as usize] = Some(p);
            return;
        }
        self.visit(depth - 1, z, options);
        let (mut z, mut options) = (z, options.clone());
        let g = self.generators[depth - 1].1;
        loop {
            let next = self.product(z, g);
            if self.mark[next as usize].is_some() {
                break;
            }
            let mut moved = Elements::empty(self.mark.len());
            for t in options.iter() {
                moved.insert(self.product(t, g));
            }
            for &t in &self.generators[depth - 1].2 {
                moved.insert(self.product(z, t));
            }
            z = next;
            options = moved;
            self.visit(depth - 1, z, &options);
        }
    }

    /// R, and its heaps' options: the minimal automaton of the P-portion over the generators,
    /// as a quotient of the heaps up to n.
    fn reduced(
        &self,
        q: &Quotient,
        options: &[Option<Elements>],
        last: &Elements,
    ) -> Result<(Quotient, Vec<Option<Elements>>), TooLarge> {
        let letters = self.generators.len();
        let automaton = Automaton::explore(
            letters,
            Quotient::IDENTITY,
            |&x, letter| self.product(x, self.generators[letter].1),
            |&x| self.mark[x as usize] == Some(true),
            self.mark.len(),
        )?;
        // The state of each element of Q (times 1 in C), found breadth first along Q's
        // generators.
        let mut state = vec![u32::MAX; q.order()];
        state[Quotient::IDENTITY as usize] = 0;
        let mut queue = vec![Quotient::IDENTITY];
        let mut i = 0;
        while i < queue.len() {
            let x = queue[i];
            for (letter, generator) in self.generators[..letters - 1].iter().enumerate() {
                let y = q.product(x, generator.1 / self.cycle);
                if state[y as usize] == u32::MAX {
                    state[y as usize] = automaton.step(state[x as usize], letter);
                    queue.push(y);
                }
            }
            i += 1;
        }
        let order = automaton.len();
        let map = |t: &Elements| {
            let mut mapped = Elements::empty(order);
            for x in t.iter() {
                mapped.insert(state[x as usize]);
            }
            mapped
        };
        let mut heaps: Vec<u32> = (0..options.len())
            .map(|n| state[q.heap(n) as usize])
            .collect();
        heaps.push(automaton.step(0, letters - 1));
        let mut mapped: Vec<Option<Elements>> =
            options.iter().map(|t| t.as_ref().map(map)).collect();
        mapped.push(Some(map(last)));
        Ok((Quotient::with_heaps(q.rules(), &automaton, heaps), mapped))
    }
}
