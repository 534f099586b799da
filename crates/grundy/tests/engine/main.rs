//! The generic engine checked against the theory it rests on: the mex rule and sums.

mod components;
mod mex_property;
mod sums;

use grundy::Game;

/// A subtraction game on one heap with a fixed set, for tests.
pub struct Subtract(pub &'static [u64]);

impl Game for Subtract {
    type Position = u64;
    fn options(&self, n: &u64, out: &mut Vec<u64>) {
        out.extend(self.0.iter().filter(|&&s| s <= *n).map(|s| n - s));
    }
}

/// Split a heap into two non-empty heaps, or take any number: Lasker's Nim on a list of heaps,
/// written directly from the rules with no closed form.
pub struct TakeOrSplit;

impl Game for TakeOrSplit {
    type Position = Vec<u64>;
    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            for smaller in 0..h {
                let mut next = heaps.clone();
                next[i] = smaller;
                out.push(next);
            }
            for a in 1..=h / 2 {
                let mut next = heaps.clone();
                next[i] = a;
                next.push(h - a);
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}
