//! The misère P-positions of all sums of heaps 1..=N as an automaton, computed exactly, layer by
//! layer.
//!
//! Fix the number m of heaps of the largest size j. The positions e + m·H_j (e made of smaller
//! heaps) form layer m, and whether e + m·H_j is a misère P-position depends on e through three
//! things only: whether a move in the heaps above j wins from it (the set `win`, given by the
//! caller), whether a move of one H_j wins (e + o + (m − 1)·H_j a P-position for an option o of
//! H_j: read off layer m − 1), and the moves inside e, which stay in layer m. So layer m is the
//! same problem one heap size down, with the winning exits
//! `win_m = win(· + m·H_j) ∪ {e : some option o of H_j has e + o in layer m − 1}`. Layer m is a
//! function of (the state `win` is in after m heaps of j, layer m − 1): once that pair repeats,
//! the layers repeat, so finitely many layers describe all m. A position is a P-position when no
//! exit wins, it has a move (in e, in an H_j, or in a heap above j: `any`), and no move in e
//! reaches a P-position of its layer.
//!
//! Every layer is a minimal automaton, and the same subproblem (same exits, same `any`) is solved
//! once. Nothing is guessed: the automaton returned for heaps 1..=N decides every position, and
//! its minimal form is the misère quotient Q.
//!
//! Size: every set met (a layer, a set of exits) is a union of classes of Q shifted by one
//! element, so its minimal automaton has at most |Q| states, and so has the product of two of
//! them as far as positions reach it; the automaton assembled from T layers reaches at most T·|Q|
//! states. So a bound on |Q| bounds every automaton, and passing it proves |Q| larger; the
//! number of distinct subproblems is not bounded by it.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::automaton::{Automaton, TooLarge};
use crate::values::TakeAndBreak;

/// Solves the layered problems of one game, remembering each subproblem solved.
pub(crate) struct Layers {
    /// `options[n]`: every option of a heap of n, as the heaps it leaves (sizes from 1).
    options: Vec<Vec<Vec<u32>>>,
    /// Solved subproblems: the exits, and the answer without and with a move elsewhere.
    solved: FxHashMap<Automaton, [Option<Rc<Automaton>>; 2]>,
    /// The bound on the order of the quotient.
    max_order: usize,
    /// The bytes the solved subproblems hold, and the most they may.
    bytes: usize,
    max_bytes: usize,
}

impl Layers {
    /// A solver that knows no heap yet, for quotients of at most `max_order` elements, whose
    /// solved subproblems hold at most about `max_bytes` bytes.
    pub(crate) fn new(max_order: usize, max_bytes: usize) -> Layers {
        Layers {
            options: vec![Vec::new()],
            solved: FxHashMap::default(),
            max_order,
            bytes: 0,
            max_bytes,
        }
    }

    /// Lists the options of every heap up to `max_heap` under `rules`.
    ///
    /// # Errors
    /// [`TooLarge::Memory`] when the lists pass the bound on memory.
    pub(crate) fn add_heaps(
        &mut self,
        rules: &TakeAndBreak,
        max_heap: usize,
    ) -> Result<(), TooLarge> {
        for n in self.options.len()..=max_heap {
            let mut options: Vec<Vec<u32>> = Vec::new();
            rules.each_move(n, &mut |_, parts| {
                options.push(parts.iter().map(|&p| p as u32).collect());
            });
            self.bytes += options
                .iter()
                .map(|o| std::mem::size_of::<Vec<u32>>() + 4 * o.len())
                .sum::<usize>();
            if self.bytes > self.max_bytes {
                return Err(TooLarge::Memory);
            }
            self.options.push(options);
        }
        Ok(())
    }

    /// The automaton of the misère P-positions of all sums of heaps 1..=`largest`.
    pub(crate) fn p_positions(&mut self, largest: usize) -> Result<Rc<Automaton>, TooLarge> {
        self.solve(&Automaton::constant(largest, false), false)
    }

    /// The P-positions among sums of heaps 1..=`win.letters()` when the positions `win` accepts
    /// have a winning move elsewhere, and every position has a move elsewhere if `any`.
    fn solve(&mut self, win: &Automaton, any: bool) -> Result<Rc<Automaton>, TooLarge> {
        if let Some(done) = self
            .solved
            .get(win)
            .and_then(|s| s[usize::from(any)].clone())
        {
            return Ok(done);
        }
        let j = win.letters();
        let answer = if j == 0 {
            Rc::new(Automaton::constant(0, any && !win.accepts(0)))
        } else {
            self.by_layers(win, any)?
        };
        self.bytes += win.bytes() + answer.bytes();
        if self.bytes > self.max_bytes {
            return Err(TooLarge::Memory);
        }
        self.solved.entry(win.clone()).or_default()[usize::from(any)] = Some(answer.clone());
        Ok(answer)
    }

    fn by_layers(&mut self, win: &Automaton, any: bool) -> Result<Rc<Automaton>, TooLarge> {
        let j = win.letters();
        let heap_moves = !self.options[j].is_empty();
        // The distinct layers, and which one each m is.
        let mut distinct: Vec<Rc<Automaton>> = Vec::new();
        let mut exits: Vec<Vec<bool>> = Vec::new();
        let mut layer_of: Vec<usize> = Vec::new();
        let mut seen: FxHashMap<(u32, Option<usize>, bool), usize> = FxHashMap::default();
        let mut state = 0u32;
        let restart = loop {
            let m = layer_of.len();
            let below = layer_of.last().copied();
            let any_m = any || (m >= 1 && heap_moves);
            if let Some(&earlier) = seen.get(&(state, below, any_m)) {
                break earlier;
            }
            seen.insert((state, below, any_m), m);
            let exits_m = match below {
                None => Automaton::explore(
                    j - 1,
                    state,
                    |&w, l| win.step(w, l),
                    |&w| win.accepts(w),
                    self.max_order,
                )?,
                Some(b) => {
                    let (layer, exit) = (&distinct[b], &exits[b]);
                    Automaton::explore(
                        j - 1,
                        (state, 0u32),
                        |&(w, x), l| (win.step(w, l), layer.step(x, l)),
                        |&(w, x)| win.accepts(w) || exit[x as usize],
                        self.max_order,
                    )?
                }
            };
            let layer = self.solve(&exits_m, any_m)?;
            let id = match distinct.iter().position(|d| **d == *layer) {
                Some(id) => id,
                None => {
                    exits.push(self.exits(j, &layer));
                    distinct.push(layer);
                    distinct.len() - 1
                }
            };
            layer_of.push(id);
            state = win.step(state, j - 1);
        };
        // A position: which layer (m, folded into the repeating part) and, for every distinct
        // layer, the state its smaller heaps reach there.
        let start = (0usize, vec![0u32; distinct.len()]);
        let answer = Automaton::explore(
            j,
            start,
            |(m, states), letter| {
                if letter == j - 1 {
                    let next = if m + 1 == layer_of.len() {
                        restart
                    } else {
                        m + 1
                    };
                    (next, states.clone())
                } else {
                    let moved = states
                        .iter()
                        .zip(&distinct)
                        .map(|(&x, layer)| layer.step(x, letter))
                        .collect();
                    (*m, moved)
                }
            },
            |(m, states)| {
                let id = layer_of[*m];
                distinct[id].accepts(states[id])
            },
            layer_of.len().saturating_mul(self.max_order),
        )?;
        if answer.len() > self.max_order {
            return Err(TooLarge::Order);
        }
        Ok(Rc::new(answer))
    }

    /// For each state of `layer` (positions of heaps below j), whether one move of a heap of j
    /// leads into `layer`'s accepted positions.
    fn exits(&self, j: usize, layer: &Automaton) -> Vec<bool> {
        (0..layer.len() as u32)
            .map(|x| {
                self.options[j]
                    .iter()
                    .any(|option| layer.accepts(layer.read(x, option)))
            })
            .collect()
    }
}
