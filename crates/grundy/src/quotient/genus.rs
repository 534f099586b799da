//! Conway's genus of a heap (On Numbers and Games, ch. 12; Winning Ways, ch. 13).
//!
//! The misère Grundy value G⁻ of a game is 1 when it has no move and otherwise the mex of its
//! options' values. The genus of G is g^{γ₀γ₁γ₂…}: g its normal-play Grundy value and γₖ the
//! misère Grundy value of G plus k nim heaps of 2. The γₖ end by alternating between g and g ⊕ 2,
//! and the genus is written up to where that alternation begins (`0^120`: γ = 1, 2, 0, 2, 0, …).
//!
//! A genus is *tame* when it is the genus of a misère Nim position: 0^120 and 1^031 (heaps of at
//! most 1), 0^02 and 1^13, and g^{g, g⊕2} for g ≥ 2.
//!
//! The values come from a search of the heap's positions beside the nim heaps (a position is its
//! sorted heaps and how many nim heaps of 2 and of 1 it has), from the code's rules; the search
//! shares its table between heaps and stops at a bound on its size.

use std::fmt;

use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::values::TakeAndBreak;

/// The genus of a game: its normal-play value and the misère values γ₀, γ₁, … as far as they are
/// written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Genus {
    /// g: the normal-play Grundy value.
    pub normal: u32,
    /// γ₀ … γₘ: after γₘ the values alternate γₘ₋₁, γₘ, γₘ₋₁, … ({γₘ₋₁, γₘ} = {g, g ⊕ 2}).
    pub misere: Vec<u32>,
}

impl Genus {
    /// Whether this is the genus of a misère Nim position.
    pub fn is_tame(&self) -> bool {
        let g = self.normal;
        match (g, self.misere.as_slice()) {
            (0, [1, 2, 0] | [0, 2]) | (1, [0, 3, 1] | [1, 3]) => true,
            (2.., [g0, g1]) => *g0 == g && *g1 == g ^ 2,
            _ => false,
        }
    }
}

impl fmt::Display for Genus {
    /// `0^120`; values past 9 in parentheses (`8^(10)8`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        for &v in &self.misere {
            if v < 10 {
                write!(f, "{v}")?;
            } else {
                write!(f, "({v})")?;
            }
        }
        Ok(())
    }
}

/// How many positions the genus search may remember by default.
pub const DEFAULT_GENUS_POSITIONS: usize = 1 << 20;

/// A position of the genus search: the game's heaps (sorted) and the counts of nim heaps of 2
/// and of 1 beside them.
type Position = (Vec<u32>, u32, u32);

/// The genus of heaps of one game, computed by search from the rules.
pub struct GenusSearch {
    options: Vec<Vec<Vec<u32>>>,
    normal: Vec<u32>,
    misere: FxHashMap<Position, u32>,
    max_positions: usize,
}

/// The search remembered as many positions as it may.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchFull;

impl GenusSearch {
    /// A search for heaps up to `max_heap` under `rules`, remembering at most `max_positions`.
    pub fn new(rules: &TakeAndBreak, max_heap: usize, max_positions: usize) -> GenusSearch {
        let options: Vec<Vec<Vec<u32>>> = (0..=max_heap)
            .map(|n| {
                let mut options = Vec::new();
                rules.each_move(n, &mut |_, parts| {
                    options.push(parts.iter().map(|&p| p as u32).collect());
                });
                options
            })
            .collect();
        let mut normal: Vec<u32> = Vec::with_capacity(max_heap + 1);
        for heap_options in &options {
            let values: Vec<u32> = heap_options
                .iter()
                .map(|parts| parts.iter().fold(0, |x, &p| x ^ normal[p as usize]))
                .collect();
            normal.push(crate::nimber::mex(values.iter().map(|&v| v as u64)) as u32);
        }
        GenusSearch {
            options,
            normal,
            misere: FxHashMap::default(),
            max_positions,
        }
    }

    /// The genus of a heap of `n` (at most the `max_heap` given to [`GenusSearch::new`]).
    ///
    /// # Errors
    /// [`SearchFull`] when the search would remember more positions than allowed.
    pub fn genus(&mut self, n: usize) -> Result<Genus, SearchFull> {
        let g = self.normal[n];
        let heaps = if n == 0 { Vec::new() } else { vec![n as u32] };
        let mut misere: Vec<u32> = Vec::new();
        // Written up to the first pair {g, g ⊕ 2} from which the values alternate; two more
        // terms are computed to see the alternation go on.
        let mut begins = None;
        for k in 0.. {
            misere.push(self.value(&(heaps.clone(), k as u32, 0))?);
            match begins {
                Some(_) if misere[k] != misere[k - 2] => begins = None,
                Some(m) if k == m + 2 => {
                    misere.truncate(m + 1);
                    return Ok(Genus { normal: g, misere });
                }
                Some(_) => {}
                None => {}
            }
            if begins.is_none() && k >= 1 {
                let pair = (misere[k - 1], misere[k]);
                if pair == (g, g ^ 2) || pair == (g ^ 2, g) {
                    begins = Some(k);
                }
            }
        }
        unreachable!("the loop returns")
    }

    /// The misère Grundy value of a position.
    fn value(&mut self, position: &Position) -> Result<u32, SearchFull> {
        if let Some(&v) = self.misere.get(position) {
            return Ok(v);
        }
        let (heaps, twos, ones) = position;
        let mut next: Vec<Position> = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            for option in &self.options[h as usize] {
                let mut after = heaps.clone();
                after.remove(i);
                after.extend_from_slice(option);
                after.sort_unstable();
                next.push((after, *twos, *ones));
            }
        }
        if *twos > 0 {
            next.push((heaps.clone(), twos - 1, ones + 1));
            next.push((heaps.clone(), twos - 1, *ones));
        }
        if *ones > 0 {
            next.push((heaps.clone(), *twos, ones - 1));
        }
        let values = next
            .iter()
            .map(|p| self.value(p))
            .collect::<Result<Vec<u32>, SearchFull>>()?;
        let v = if values.is_empty() {
            1
        } else {
            crate::nimber::mex(values.iter().map(|&v| u64::from(v))) as u32
        };
        if self.misere.len() >= self.max_positions {
            return Err(SearchFull);
        }
        self.misere.insert(position.clone(), v);
        Ok(v)
    }
}
