//! A presentation of a quotient: generators (the heaps whose elements the smaller heaps do not
//! generate), a normal form for every element, and the relations that rewrite any product of
//! generators to its normal form.

use rustc_hash::FxHashMap;
use serde::Serialize;

use super::Quotient;

/// A product of generators: `exponents[i]` is the power of generator i.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Word {
    /// The power of each generator, in the order of the generators.
    pub exponents: Vec<u32>,
}

/// Generators, normal forms and relations of a quotient.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Presentation {
    /// The heap each generator is the element of, smallest first (generator 0 is `a`).
    pub generators: Vec<usize>,
    /// The normal form of each element: its least word, comparing the power of the last
    /// generator first, then the one before, and so on.
    pub normal_forms: Vec<Word>,
    /// Relations `left = right`: the least words that are not normal forms, with their normal
    /// forms, in the order of the words. Rewriting by them takes any word to its normal form.
    pub relations: Vec<(Word, Word)>,
}

impl Presentation {
    /// The presentation of `quotient`.
    pub fn of(quotient: &Quotient) -> Presentation {
        let order = quotient.order();
        let mut generators = Vec::new();
        // Elements in increasing order of their normal forms, and each one's form.
        let mut sorted: Vec<u32> = vec![Quotient::IDENTITY];
        let mut forms: Vec<Option<Vec<u32>>> = vec![None; order];
        forms[Quotient::IDENTITY as usize] = Some(Vec::new());
        for n in 1..=quotient.max_heap() {
            let g = quotient.heap(n);
            if forms[g as usize].is_some() {
                continue;
            }
            generators.push(n);
            for form in forms.iter_mut().flatten() {
                form.push(0);
            }
            // The elements with the fewest factors g come first, then by the rest of the form.
            let before = sorted.clone();
            let mut power = 1;
            loop {
                let mut added = false;
                for &y in &before {
                    let x = (0..power).fold(y, |x, _| quotient.product(x, g));
                    if forms[x as usize].is_none() {
                        let mut form = forms[y as usize].clone().unwrap_or_default();
                        *form.last_mut().expect("a generator was added") = power;
                        forms[x as usize] = Some(form);
                        sorted.push(x);
                        added = true;
                    }
                }
                if !added {
                    break;
                }
                power += 1;
            }
        }
        let normal_forms: Vec<Word> = forms
            .into_iter()
            .map(|f| Word {
                exponents: f.unwrap_or_default(),
            })
            .collect();
        let element_of: FxHashMap<&Word, u32> = normal_forms
            .iter()
            .enumerate()
            .map(|(x, w)| (w, x as u32))
            .collect();
        let mut relations = Vec::new();
        for &x in &sorted {
            for (i, &heap) in generators.iter().enumerate() {
                let mut word = normal_forms[x as usize].clone();
                word.exponents[i] += 1;
                if element_of.contains_key(&word) {
                    continue;
                }
                // Least: every word one generator shorter is a normal form.
                let least = (0..generators.len()).all(|j| {
                    let mut shorter = word.clone();
                    shorter.exponents[j] == 0 || {
                        shorter.exponents[j] -= 1;
                        element_of.contains_key(&shorter)
                    }
                });
                if least {
                    let value = quotient.product(x, quotient.heap(heap));
                    relations.push((word, normal_forms[value as usize].clone()));
                }
            }
        }
        // Relations of earlier generators first, as the words are ordered.
        relations.sort_by(|(a, _), (b, _)| a.exponents.iter().rev().cmp(b.exponents.iter().rev()));
        relations.dedup();
        Presentation {
            generators,
            normal_forms,
            relations,
        }
    }

    /// The name of generator `i`: `a`, `b`, …, `z`, then `a1`, `b1`, ….
    pub fn name(i: usize) -> String {
        let letter = (b'a' + (i % 26) as u8) as char;
        match i / 26 {
            0 => letter.to_string(),
            round => format!("{letter}{round}"),
        }
    }

    /// A word written out: `a²bc³`, or `1` for the empty word.
    pub fn show(word: &Word) -> String {
        let mut text = String::new();
        for (i, &e) in word.exponents.iter().enumerate() {
            if e == 0 {
                continue;
            }
            text += &Presentation::name(i);
            if e > 1 {
                text += &superscript(e);
            }
        }
        if text.is_empty() {
            text.push('1');
        }
        text
    }

    /// Each relation written out, `left = right` (`b³ = b`).
    pub fn written_relations(&self) -> Vec<String> {
        self.relations
            .iter()
            .map(|(l, r)| format!("{} = {}", Presentation::show(l), Presentation::show(r)))
            .collect()
    }

    /// The normal form of element `x`, written out.
    pub fn element(&self, x: u32) -> String {
        Presentation::show(&self.normal_forms[x as usize])
    }
}

fn superscript(n: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .bytes()
        .map(|b| DIGITS[(b - b'0') as usize])
        .collect()
}
