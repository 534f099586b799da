//! Finite automata over heap sizes that read a position heap by heap, in any order: the languages
//! they recognise are sets of positions, so the order of the letters never matters. The minimal
//! automaton of such a language is its syntactic monoid (a state is a class of positions that no
//! position added to them tells apart), which is why the quotient is one.

use std::hash::{Hash, Hasher};

use rustc_hash::FxHashMap;

/// A deterministic automaton: letter `i` is a heap of `i + 1`, state 0 is the start (the empty
/// position).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Automaton {
    letters: usize,
    next: Vec<u32>,
    accept: Vec<bool>,
}

impl Automaton {
    /// The automaton with one state, accepting everything or nothing.
    pub(crate) fn constant(letters: usize, accept: bool) -> Automaton {
        Automaton {
            letters,
            next: vec![0; letters],
            accept: vec![accept],
        }
    }

    /// Builds the part reachable from `start` of an automaton given by its transition and
    /// acceptance functions, then minimises it.
    pub(crate) fn explore<S: Clone + Eq + std::hash::Hash>(
        letters: usize,
        start: S,
        mut step: impl FnMut(&S, usize) -> S,
        mut accept: impl FnMut(&S) -> bool,
        limit: usize,
    ) -> Result<Automaton, TooLarge> {
        let mut ids: FxHashMap<S, u32> = FxHashMap::default();
        let mut states = vec![start.clone()];
        ids.insert(start, 0);
        let mut next = Vec::new();
        let mut i = 0;
        while i < states.len() {
            for letter in 0..letters {
                let to = step(&states[i], letter);
                let id = match ids.get(&to) {
                    Some(&id) => id,
                    None => {
                        if states.len() >= limit {
                            return Err(TooLarge::Order);
                        }
                        let id = states.len() as u32;
                        ids.insert(to.clone(), id);
                        states.push(to);
                        id
                    }
                };
                next.push(id);
            }
            i += 1;
        }
        let accept = states.iter().map(&mut accept).collect();
        Ok(Automaton {
            letters,
            next,
            accept,
        }
        .minimal())
    }

    /// How many letters (heap sizes 1..=letters).
    pub(crate) fn letters(&self) -> usize {
        self.letters
    }

    /// The bytes it holds, about.
    pub(crate) fn bytes(&self) -> usize {
        self.next.len() * 4 + self.accept.len() + std::mem::size_of::<Automaton>()
    }

    /// How many states.
    pub(crate) fn len(&self) -> usize {
        self.accept.len()
    }

    /// The state after reading a heap of `letter + 1` in `state`.
    pub(crate) fn step(&self, state: u32, letter: usize) -> u32 {
        self.next[state as usize * self.letters + letter]
    }

    /// The state after reading `heaps` (sizes from 1) in `state`.
    pub(crate) fn read(&self, state: u32, heaps: &[u32]) -> u32 {
        heaps
            .iter()
            .fold(state, |s, &h| self.step(s, h as usize - 1))
    }

    /// Whether `state` accepts.
    pub(crate) fn accepts(&self, state: u32) -> bool {
        self.accept[state as usize]
    }

    /// The minimal automaton of the same language, its states numbered in breadth-first order
    /// from the start (letters in increasing order), so that two automata of one language are
    /// equal. Unreachable states are assumed absent (every constructor builds only reachable ones).
    fn minimal(&self) -> Automaton {
        let n = self.len();
        // Moore's refinement: split classes by the classes their letters lead to until stable.
        // A state's signature is its class and its successors' classes; states are grouped by a
        // hash of it, and compared in full with the first state of each group.
        let mut class: Vec<u32> = self.accept.iter().map(|&a| u32::from(a)).collect();
        let mut count = class.iter().collect::<rustc_hash::FxHashSet<_>>().len();
        let successors = |s: usize| &self.next[s * self.letters..(s + 1) * self.letters];
        loop {
            let same = |class: &[u32], s: usize, r: usize| {
                class[s] == class[r]
                    && successors(s)
                        .iter()
                        .zip(successors(r))
                        .all(|(&a, &b)| class[a as usize] == class[b as usize])
            };
            let mut groups: FxHashMap<u64, Vec<(u32, usize)>> = FxHashMap::default();
            let mut refined = Vec::with_capacity(n);
            let mut refined_count = 0u32;
            for s in 0..n {
                let mut hasher = rustc_hash::FxHasher::default();
                class[s].hash(&mut hasher);
                for &t in successors(s) {
                    class[t as usize].hash(&mut hasher);
                }
                let group = groups.entry(hasher.finish()).or_default();
                let id = match group.iter().find(|&&(_, r)| same(&class, s, r)) {
                    Some(&(id, _)) => id,
                    None => {
                        group.push((refined_count, s));
                        refined_count += 1;
                        refined_count - 1
                    }
                };
                refined.push(id);
            }
            let refined_count = refined_count as usize;
            class = refined;
            if refined_count == count {
                break;
            }
            count = refined_count;
        }
        // Renumber the classes breadth first from the start's class.
        let mut order = vec![u32::MAX; count];
        let mut representative = Vec::with_capacity(count);
        order[class[0] as usize] = 0;
        representative.push(0usize);
        let mut i = 0;
        while i < representative.len() {
            let s = representative[i];
            for letter in 0..self.letters {
                let t = self.next[s * self.letters + letter] as usize;
                if order[class[t] as usize] == u32::MAX {
                    order[class[t] as usize] = representative.len() as u32;
                    representative.push(t);
                }
            }
            i += 1;
        }
        let mut next = Vec::with_capacity(count * self.letters);
        for &s in &representative {
            next.extend(
                self.next[s * self.letters..(s + 1) * self.letters]
                    .iter()
                    .map(|&t| order[class[t as usize] as usize]),
            );
        }
        Automaton {
            letters: self.letters,
            next,
            accept: representative.iter().map(|&s| self.accept[s]).collect(),
        }
    }
}

/// A construction grew past its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TooLarge {
    /// An automaton past the limit on states (the quotient's order).
    Order,
    /// The subproblems solved past the bound on memory.
    Memory,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_automata_of_one_language_are_equal() {
        // Positions of heaps of 1 and 2 with an even number of 1s, counted modulo 2 and 4.
        let mod2 = Automaton::explore(
            2,
            0u32,
            |&s, l| if l == 0 { (s + 1) % 2 } else { s },
            |&s| s == 0,
            100,
        )
        .unwrap();
        let mod4 = Automaton::explore(
            2,
            0u32,
            |&s, l| if l == 0 { (s + 1) % 4 } else { s },
            |&s| s % 2 == 0,
            100,
        )
        .unwrap();
        assert_eq!(mod2, mod4);
        assert_eq!(mod2.len(), 2);
        assert!(Automaton::explore(1, 0u32, |&s, _| s + 1, |_| true, 10).is_err());
    }
}
