//! Sums of games of different rulesets: heaps of Nim, Lasker's Nim, take at most half, a
//! subtraction game or a take-and-break game side by side; a move is a move in one of them.
//!
//! Sprague–Grundy: each component is worth the XOR of its heaps' values, the sum is worth the XOR
//! of all, and the winning moves take a heap of value g to value g ⊕ X ([`crate::games::heaps`]).
//!
//! The components are the registry's heap rulesets: those whose
//! [`crate::ruleset::Ruleset::heap_component`] gives a [`HeapComponent`] (nim, lasker, half,
//! subtraction, octal). Notation: each component is `GAME:PILES`, with GAME a registry name (`nim`,
//! `lasker`, `half`: the ruleset with its defaults), `sub{SET}` (the ruleset `subtraction` with
//! the set SET in the `--set` notation: `sub{1,2,4}`, `sub{all-but:1,2}`, `sub{1..3}`) or a
//! take-and-break code as `grundy values` takes it (the ruleset `octal` with that code: `kayles`,
//! `0.137`, `grundy`), and PILES one or more heaps separated by commas. Components are separated
//! by spaces and/or `+`: `nim:3 + lasker:7 + sub{1,2,4}:10`. Heaps are numbered from 1 across the
//! whole sum, in the order written. The other rulesets (Wythoff's game, Moore's Nim_k, …) are not
//! offered: their values have no closed form as heaps.

use std::collections::{BTreeMap, HashMap};

use crate::games::heaps::{self, HeapComponent, HeapRule, HeapStep, Unvalued, ValueReason};
use crate::games::lasker;
use crate::games::octal;
use crate::games::subtraction::{SetDescription, SetError, SubtractionSet};
use crate::parse::{NumberProblem, Token, parse_u64};
use crate::ruleset::{Setup, SetupError};
use crate::values::TakeAndBreak;
use crate::{Analysis, AnalyzeOptions, Lang, MoveList, Nimber, PileMove};

mod playable;

pub use playable::{SumPlay, SumRules};

/// Where a sum finds the rulesets its components name: the registry
/// ([`crate::registry::Registry`]), which lists the sum among its rulesets and hands itself to
/// it, so that this module does not import it.
pub trait Components {
    /// The rulesets' names.
    fn names(&self) -> &'static [&'static str];
    /// The heap component of the ruleset `setup` names; `None` for a ruleset that has none.
    ///
    /// # Errors
    /// [`SetupError`] for an unknown name or bad parameters.
    fn component(&self, setup: &Setup) -> Result<Option<Box<dyn HeapComponent>>, SetupError>;
}

/// A bad component, named with its number (from 1) and text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("component {index} {token}: {problem}")]
pub struct SumError {
    /// The component's number, from 1.
    pub index: usize,
    /// The component as typed.
    pub token: Token,
    /// What is wrong.
    pub problem: ComponentProblem,
}

/// What is wrong with a component.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ComponentProblem {
    /// No components at all.
    #[error("no components")]
    Empty,
    /// No `:` between the game and the piles.
    #[error("expected GAME:PILES, like nim:3, lasker:4,5, sub{{1,2,4}}:10 or kayles:5,7")]
    NoColon,
    /// A game name that is not known.
    #[error(
        "unknown game {name}; use {}, sub{{SET}} or a take-and-break code (kayles, 0.137)",
        heap_rulesets.join(", ")
    )]
    UnknownGame {
        /// The name as typed.
        name: Token,
        /// The registry's rulesets that are components ([`heap_rulesets`]).
        heap_rulesets: Vec<&'static str>,
    },
    /// `sub1:10`: the shell expanded `sub{1,2}:10` into several words.
    #[error(
        "unknown game {name}: did the shell expand braces? quote the component, like 'sub{{1,2,4}}:10'"
    )]
    ExpandedBraces {
        /// The name as typed.
        name: Token,
    },
    /// A game whose values have no closed form.
    #[error("{name} cannot be part of a sum here: its values have no closed form")]
    NotASum {
        /// The name.
        name: String,
    },
    /// `sub{…` without the closing brace.
    #[error("column {column}: '{{' is not closed")]
    Unclosed {
        /// Column of the `{`, from 1.
        column: usize,
    },
    /// A bad subtraction set.
    #[error("{0}")]
    Set(SetError),
    /// A bad pile.
    #[error("column {column}: {token} is {problem}")]
    BadPile {
        /// The pile as typed.
        token: Token,
        /// Its column, from 1.
        column: usize,
        /// What is wrong with it.
        problem: NumberProblem,
    },
    /// Nothing after the colon, or an empty pile between commas.
    #[error("column {column}: a pile is missing")]
    MissingPile {
        /// Where it should be, from 1.
        column: usize,
    },
    /// More different subtraction sets, or take-and-break codes, than the sum allows (each costs
    /// a table of values).
    #[error("more than {limit} different subtraction sets or take-and-break codes in one sum")]
    TooManySets {
        /// The most allowed.
        limit: usize,
    },
    /// A heap without a value: past a table, or too large for its value.
    #[error("{0}")]
    Unvalued(Unvalued),
    /// The registry refused the ruleset the component names.
    #[error("{0}")]
    Setup(SetupError),
}

/// One component: the index of its ruleset in [`MixedSum::rulesets`], and its heaps. A position
/// of `grundy play sum` is a list of them ([`SumPlay`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Component {
    /// The index of its ruleset.
    pub ruleset: usize,
    /// The heaps.
    pub piles: Vec<u64>,
}

/// A validated sum: components, and the rulesets they use, each once (so each subtraction set's
/// and each take-and-break code's table is computed once).
#[derive(Debug)]
pub struct MixedSum {
    /// The components, in the order written.
    pub components: Vec<Component>,
    /// The rulesets, in the order first written, each with its values as far as its heaps need.
    pub rulesets: Vec<Box<dyn HeapComponent>>,
}

/// Two sums are equal when their components are, with rulesets of the same names.
impl PartialEq for MixedSum {
    fn eq(&self, other: &MixedSum) -> bool {
        self.components == other.components
            && self.rulesets.len() == other.rulesets.len()
            && self
                .rulesets
                .iter()
                .zip(&other.rulesets)
                .all(|(a, b)| a.name() == b.name())
    }
}

impl Eq for MixedSum {}

/// Splits the input into components: words separated by white space and/or `+` (not inside
/// braces, so `sub{1, 2}:5` is one component).
pub fn split_components<S: AsRef<str>>(input: &[S]) -> Vec<String> {
    input
        .iter()
        .flat_map(|text| component_words(text.as_ref()))
        .map(str::to_string)
        .collect()
}

/// The components of `text` one by one, as [`split_components`] finds them: a caller can stop
/// after as many as it takes.
pub fn component_words(text: &str) -> impl Iterator<Item = &str> + '_ {
    split_outside_braces(text, |c| c.is_whitespace() || c == '+').filter(|word| !word.is_empty())
}

/// The pieces of `text` between the characters `separates` accepts outside braces, empty pieces
/// included (`sub{1, 2}` is one piece however it is split).
fn split_outside_braces(
    text: &str,
    separates: impl Fn(char) -> bool,
) -> impl Iterator<Item = &str> {
    let mut depth = 0usize;
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        for (i, c) in current.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if depth == 0 && separates(c) {
                rest = Some(&current[i + c.len_utf8()..]);
                return Some(&current[..i]);
            }
        }
        rest = None;
        Some(current)
    })
}

impl MixedSum {
    /// Parses and validates components (one per string, see [`split_components`]); subtraction
    /// sets get their sequence computed with `limit` values at most.
    ///
    /// # Errors
    /// The first bad component, with what is wrong and where.
    ///
    /// # Examples
    /// ```
    /// use grundy::games::mixed::MixedSum;
    /// use grundy::games::subtraction::SubtractionSet;
    /// use grundy::registry::Registry;
    /// let tokens = ["nim:3", "lasker:7", "sub{1,2,4}:10", "half:11"];
    /// let sum = MixedSum::parse(&tokens, SubtractionSet::DEFAULT_LIMIT, &Registry).unwrap();
    /// // 3 XOR 8 XOR 1 XOR 1 = 11
    /// let values: Vec<u64> = sum.values().iter().map(|v| v.value()).collect();
    /// assert_eq!(values, vec![3, 8, 1, 1]);
    /// let err = MixedSum::parse(&["nim:3", "lasker:x"], 100, &Registry).unwrap_err();
    /// assert_eq!(err.to_string(), "component 2 'lasker:x': column 8: 'x' is not a whole number");
    /// ```
    pub fn parse<S: AsRef<str>>(
        tokens: &[S],
        limit: usize,
        registry: &dyn Components,
    ) -> Result<MixedSum, SumError> {
        Self::parse_bounded(tokens, limit, Self::DEFAULT_MAX_SETS, registry)
    }

    /// The default bound on the different subtraction sets and take-and-break codes of one sum:
    /// each set's table takes up to 48 MiB and a second of work ([`SubtractionSet::sequence`]),
    /// so 16 take at most 768 MiB and about 16 s; a code's table up to its largest heap (at most
    /// [`octal::DEFAULT_MAX_HEAP`]) takes a few MiB and seconds.
    pub const DEFAULT_MAX_SETS: usize = 16;

    /// [`MixedSum::parse`] with at most `max_sets` different subtraction sets and take-and-break
    /// codes (the rulesets with a table, [`HeapComponent::has_table`]).
    ///
    /// # Errors
    /// As [`MixedSum::parse`], and [`ComponentProblem::TooManySets`] at the component that
    /// brings one set too many (before its table is computed).
    pub fn parse_bounded<S: AsRef<str>>(
        tokens: &[S],
        limit: usize,
        max_sets: usize,
        registry: &dyn Components,
    ) -> Result<MixedSum, SumError> {
        let mut sum = Self::read(tokens, max_sets, registry)?;
        prepare(&sum.components, &mut sum.rulesets, limit, |i| {
            tokens[i].as_ref().to_string()
        })?;
        Ok(sum)
    }

    /// Reads components (one per string) with at most `max_sets` different subtraction sets
    /// and take-and-break codes, computing no table yet.
    ///
    /// Each game as written is looked up in `registry` once, and each ruleset kept once (by
    /// [`HeapComponent::rules_key`]).
    ///
    /// # Errors
    /// The first bad component, with what is wrong and where; [`ComponentProblem::TooManySets`]
    /// at the component that brings one set too many.
    pub fn read<S: AsRef<str>>(
        tokens: &[S],
        max_sets: usize,
        registry: &dyn Components,
    ) -> Result<MixedSum, SumError> {
        if tokens.is_empty() {
            return Err(SumError {
                index: 0,
                token: Token::new(""),
                problem: ComponentProblem::Empty,
            });
        }
        let mut components = Vec::with_capacity(tokens.len());
        let mut rulesets: Vec<Box<dyn HeapComponent>> = Vec::new();
        // The ruleset of each game as written, and of each ruleset's key.
        let mut written: HashMap<String, usize> = HashMap::new();
        let mut keys: HashMap<String, usize> = HashMap::new();
        let mut tables = 0;
        for (i, token) in tokens.iter().enumerate() {
            let token = token.as_ref();
            let fail = |problem| SumError {
                index: i + 1,
                token: Token::new(token),
                problem,
            };
            let (game, piles_at) = split_game(token).map_err(fail)?;
            let known = match written.get(game.text) {
                Some(&index) => Ok(index),
                None => Err(game.component(registry).map_err(fail)?),
            };
            let piles = parse_piles(token, piles_at).map_err(fail)?;
            let index = match known {
                Ok(index) => index,
                Err(component) => {
                    let key = component.rules_key();
                    let index = match keys.get(&key) {
                        Some(&index) => index,
                        None => {
                            if component.has_table() {
                                if tables >= max_sets {
                                    return Err(fail(ComponentProblem::TooManySets {
                                        limit: max_sets,
                                    }));
                                }
                                tables += 1;
                            }
                            keys.insert(key, rulesets.len());
                            rulesets.push(component);
                            rulesets.len() - 1
                        }
                    };
                    written.insert(game.text.to_string(), index);
                    index
                }
            };
            components.push(Component {
                ruleset: index,
                piles,
            });
        }
        Ok(MixedSum {
            components,
            rulesets,
        })
    }

    /// Each component in the notation, `GAME:PILES`.
    pub fn to_strings(&self) -> Vec<String> {
        self.parts().texts()
    }

    /// Each of `components` (of this sum's rulesets) in the notation, `GAME:PILES`.
    pub fn texts(&self, components: &[Component]) -> Vec<String> {
        Parts {
            components,
            rulesets: &self.rulesets,
        }
        .texts()
    }

    /// The fields an analysis's JSON adds for a sum: `components`, each with its `component` in
    /// the notation, its `game`, `piles` and `grundy` value.
    #[cfg(feature = "serde")]
    pub fn json_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        self.parts().json_fields()
    }

    /// Each component's value: the XOR of its heaps' values.
    pub fn values(&self) -> Vec<Nimber> {
        self.parts().values()
    }

    /// The game's name for people.
    pub fn title(lang: Lang) -> &'static str {
        lang.pick("sum of games", "游戏和")
    }

    /// Analyses the sum: outcome, value, every winning move (heap by heap across the sum, in
    /// each heap the order of its ruleset) and, if asked, the explanation: each ruleset's
    /// theorem, in the order first written, then the heaps' values.
    pub fn analyze(&self, options: &AnalyzeOptions) -> Analysis<HeapStep, PileMove> {
        self.parts().analyze(options)
    }

    fn parts(&self) -> Parts<'_> {
        Parts {
            components: &self.components,
            rulesets: &self.rulesets,
        }
    }
}

/// Components and the rulesets they index, borrowed: what the analysis reads. A [`MixedSum`]
/// owns both; `grundy play sum` ([`SumPlay`]) keeps its rulesets apart from its positions.
#[derive(Clone, Copy)]
struct Parts<'a> {
    components: &'a [Component],
    rulesets: &'a [Box<dyn HeapComponent>],
}

impl Parts<'_> {
    /// The rulesets' names in the notation.
    fn names(self) -> Vec<String> {
        self.rulesets.iter().map(|r| r.name()).collect()
    }

    /// Each component in the notation, `GAME:PILES`.
    fn texts(self) -> Vec<String> {
        texts(&self.names(), self.components)
    }

    /// As [`MixedSum::json_fields`].
    #[cfg(feature = "serde")]
    fn json_fields(self) -> Vec<(&'static str, serde_json::Value)> {
        let names = self.names();
        let components: Vec<serde_json::Value> = self
            .components
            .iter()
            .zip(texts(&names, self.components))
            .zip(self.values())
            .map(|((c, text), value)| {
                serde_json::json!({
                    "component": text,
                    "game": names[c.ruleset],
                    "piles": c.piles,
                    "grundy": value,
                })
            })
            .collect();
        vec![("components", serde_json::Value::Array(components))]
    }

    /// Each component's value: the XOR of its heaps' values.
    fn values(self) -> Vec<Nimber> {
        self.components
            .iter()
            .map(|c| {
                let rules = &self.rulesets[c.ruleset];
                c.piles.iter().map(|&n| rules.value(n)).sum()
            })
            .collect()
    }

    /// As [`MixedSum::analyze`].
    fn analyze(self, options: &AnalyzeOptions) -> Analysis<HeapStep, PileMove> {
        let mut piles = Vec::new();
        let mut rules = Vec::new();
        for c in self.components {
            piles.extend(&c.piles);
            rules.extend(std::iter::repeat_n(c.ruleset, c.piles.len()));
        }
        let intro = self.rulesets.iter().map(|r| r.intro()).collect();
        let heaps = Heaps {
            rulesets: self.rulesets,
            rules,
        };
        heaps::analyze(&heaps, &piles, intro, options)
    }
}

/// The components after `change` (heaps numbered across the sum): a heap split or broken leaves
/// its heaps in its own component, in its place.
pub fn apply(components: &[Component], change: &PileMove) -> Vec<Component> {
    let mut next = components.to_vec();
    let (PileMove::Take { pile, .. } | PileMove::Split { pile, .. } | PileMove::Break { pile, .. }) =
        *change
    else {
        unreachable!("a sum's moves are takes, splits and breaks, not {change:?}")
    };
    let (index, local) = locate(components, pile);
    let c = &mut next[index];
    c.piles = match change {
        &PileMove::Take { to, .. } => {
            c.piles[local] = to;
            std::mem::take(&mut c.piles)
        }
        &PileMove::Split { from, into, .. } => lasker::apply(
            &c.piles,
            &PileMove::Split {
                pile: local,
                from,
                into,
            },
        ),
        PileMove::Break { from, into, .. } => octal::apply(
            &c.piles,
            &PileMove::Break {
                pile: local,
                from: *from,
                into: into.clone(),
            },
        ),
        _ => unreachable!("matched above"),
    };
    next
}

/// The component that holds heap `pile` (numbered across the sum), and the heap's place in it.
fn locate(components: &[Component], pile: usize) -> (usize, usize) {
    let mut start = 0;
    for (index, c) in components.iter().enumerate() {
        if pile < start + c.piles.len() {
            return (index, pile - start);
        }
        start += c.piles.len();
    }
    panic!("heap {pile} is past the sum's {start} heaps")
}

/// Makes every heap of `components` valued by its ruleset in `rulesets`: computes each ruleset's
/// table (at most `limit` values of a subtraction set) as far as its heaps need; component `i`
/// is named `token(i)` in errors.
fn prepare(
    components: &[Component],
    rulesets: &mut [Box<dyn HeapComponent>],
    limit: usize,
    token: impl Fn(usize) -> String,
) -> Result<(), SumError> {
    for (i, c) in components.iter().enumerate() {
        rulesets[c.ruleset]
            .prepare(&c.piles, limit)
            .map_err(|problem| SumError {
                index: i + 1,
                token: Token::new(&token(i)),
                problem: ComponentProblem::Unvalued(problem),
            })?;
    }
    Ok(())
}

/// Each of `components` in the notation, `GAME:PILES`, its ruleset named by `names`.
fn texts<S: AsRef<str>>(names: &[S], components: &[Component]) -> Vec<String> {
    components
        .iter()
        .map(|c| text(names[c.ruleset].as_ref(), &c.piles))
        .collect()
}

/// A component in the notation: `name:PILES`.
fn text(name: &str, piles: &[u64]) -> String {
    let piles: Vec<String> = piles.iter().map(u64::to_string).collect();
    format!("{name}:{}", piles.join(","))
}

/// A game as written in a component, before its piles.
struct Written<'a> {
    /// The text, as typed (`sub{ 4,1, 2}`, `kayles`).
    text: &'a str,
    /// The set of `sub{SET}`.
    set: Option<SubtractionSet>,
}

impl Written<'_> {
    /// The component the registry gives for the game: `sub{SET}` is the ruleset `subtraction`
    /// with the parameter `set`, a registry name that ruleset with its defaults, a take-and-break
    /// code the ruleset `octal` with the parameter `code`.
    fn component(
        &self,
        registry: &dyn Components,
    ) -> Result<Box<dyn HeapComponent>, ComponentProblem> {
        let name = self.text;
        let (ruleset, param) = match &self.set {
            Some(set) => ("subtraction", Some(("set", set.to_string()))),
            None if registry.names().contains(&name) => (name, None),
            None if name.starts_with("sub")
                && name[3..].bytes().all(|b| b.is_ascii_digit() || b == b'.') =>
            {
                return Err(ComponentProblem::ExpandedBraces {
                    name: Token::new(name),
                });
            }
            None if name.parse::<TakeAndBreak>().is_ok() => {
                ("octal", Some(("code", name.to_string())))
            }
            None => {
                return Err(ComponentProblem::UnknownGame {
                    name: Token::new(name),
                    heap_rulesets: heap_rulesets(registry),
                });
            }
        };
        let setup = Setup {
            game: ruleset.to_string(),
            misere: false,
            every: false,
            params: param
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect::<BTreeMap<_, _>>(),
        };
        registry
            .component(&setup)
            .map_err(ComponentProblem::Setup)?
            .ok_or_else(|| ComponentProblem::NotASum {
                name: name.to_string(),
            })
    }
}

/// The rulesets of `registry` that are components of a sum (each with its defaults), in its
/// order.
pub fn heap_rulesets(registry: &dyn Components) -> Vec<&'static str> {
    registry
        .names()
        .iter()
        .copied()
        .filter(|&name| {
            let setup = Setup {
                game: name.to_string(),
                ..Setup::default()
            };
            matches!(registry.component(&setup), Ok(Some(_)))
        })
        .collect()
}

/// Reads the game of `GAME:PILES`, and where its piles begin.
fn split_game(token: &str) -> Result<(Written<'_>, usize), ComponentProblem> {
    if let Some(rest) = token.strip_prefix("sub{") {
        let close = rest
            .find('}')
            .ok_or(ComponentProblem::Unclosed { column: 4 })?;
        let set = SetDescription::parse(&rest[..close], 4)
            .and_then(SetDescription::validate)
            .map_err(ComponentProblem::Set)?;
        let after = 4 + close + 1;
        if !token[after..].starts_with(':') {
            return Err(ComponentProblem::NoColon);
        }
        let text = &token[..after];
        Ok((
            Written {
                text,
                set: Some(set),
            },
            after + 1,
        ))
    } else {
        let (name, _) = token.split_once(':').ok_or(ComponentProblem::NoColon)?;
        Ok((
            Written {
                text: name,
                set: None,
            },
            name.len() + 1,
        ))
    }
}

/// Reads the piles of `GAME:PILES`, which begin at byte `piles_at`.
fn parse_piles(token: &str, piles_at: usize) -> Result<Vec<u64>, ComponentProblem> {
    let mut piles = Vec::new();
    // Counted piece by piece: recounting from the start for each pile was quadratic.
    let mut next = token[..piles_at].chars().count() + 1;
    for piece in token[piles_at..].split(',') {
        let column = next;
        next += piece.chars().count() + 1;
        if piece.is_empty() {
            return Err(ComponentProblem::MissingPile { column });
        }
        piles.push(
            parse_u64(piece).map_err(|problem| ComponentProblem::BadPile {
                token: Token::new(piece),
                column,
                problem,
            })?,
        );
    }
    Ok(piles)
}

/// The heaps of a sum, each with its ruleset.
struct Heaps<'a> {
    rulesets: &'a [Box<dyn HeapComponent>],
    /// The index of each heap's ruleset.
    rules: Vec<usize>,
}

impl Heaps<'_> {
    fn ruleset(&self, pile: usize) -> &dyn HeapComponent {
        &*self.rulesets[self.rules[pile]]
    }
}

impl HeapRule for Heaps<'_> {
    fn value(&self, pile: usize, n: u64) -> Nimber {
        self.ruleset(pile).value(n)
    }

    fn reason(&self, pile: usize, n: u64) -> ValueReason {
        self.ruleset(pile).reason(n)
    }

    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>) {
        self.ruleset(pile).moves_to(pile, n, target, moves);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Memo;
    use crate::games::half::Half;
    use crate::games::lasker::Lasker;
    use crate::games::nim::Nim;
    use crate::games::octal::Octal;
    use crate::games::subtraction::Subtraction;
    use crate::registry::{self, Registry};
    use crate::{Convention, Game};
    use rand::{Rng, SeedableRng};

    /// The sum `tokens` with the registry's rulesets.
    fn parse<S: AsRef<str>>(tokens: &[S], limit: usize) -> Result<MixedSum, SumError> {
        MixedSum::parse(tokens, limit, &Registry)
    }

    /// The sum of two games, searched whole by the engine (no splitting into components).
    struct Pair<A, B>(A, B);

    impl<A: Game, B: Game> Game for Pair<A, B> {
        type Position = (A::Position, B::Position);

        fn options(&self, (a, b): &Self::Position, out: &mut Vec<Self::Position>) {
            let mut left = Vec::new();
            self.0.options(a, &mut left);
            out.extend(left.into_iter().map(|x| (x, b.clone())));
            let mut right = Vec::new();
            self.1.options(b, &mut right);
            out.extend(right.into_iter().map(|y| (a.clone(), y)));
        }
    }

    /// 150 random positions of one or two heaps of at most `stones` on each side.
    fn check_pair<A: Game<Position = Vec<u64>>, B: Game<Position = Vec<u64>>>(
        pair: Pair<A, B>,
        names: [&str; 2],
        stones: u64,
        seed: u64,
    ) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut memo = Memo::new();
        let options = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: true,
        };
        for _ in 0..150 {
            let mut heaps = || -> Vec<u64> {
                (0..rng.random_range(1..=2))
                    .map(|_| rng.random_range(0..=stones))
                    .collect()
            };
            let (a, b) = (heaps(), heaps());
            let text = |name: &str, piles: &[u64]| {
                format!(
                    "{name}:{}",
                    piles
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                )
            };
            let sum = parse(&[text(names[0], &a), text(names[1], &b)], 1 << 16).unwrap();
            let analysis = sum.analyze(&options);
            let position = (a.clone(), b.clone());
            let values = sum.values();
            assert_eq!(analysis.value, Some(values[0] + values[1]));
            assert_eq!(
                analysis.value,
                Some(memo.grundy(&pair, &position).unwrap()),
                "{position:?}"
            );
            let mut closed: Vec<(Vec<u64>, Vec<u64>)> = analysis
                .winning_moves
                .iter()
                .map(|c| {
                    let after = apply(&sum.components, c);
                    (after[0].piles.clone(), after[1].piles.clone())
                })
                .collect();
            let mut engine = memo
                .winning_moves(&pair, &position, Convention::Normal)
                .unwrap();
            closed.sort();
            engine.sort();
            assert_eq!(closed, engine, "{names:?} {position:?}");
            assert_eq!(analysis.winning_move_count, engine.len() as u64);
        }
    }

    #[test]
    fn sums_of_two_rulesets_match_the_engine_on_random_positions() {
        let set = |text: &str| Subtraction {
            set: SubtractionSet::parse(text).unwrap(),
        };
        // Lasker positions are searched whole, splits and all: keep them small.
        check_pair(Pair(Nim, Lasker), ["nim", "lasker"], 4, 1);
        check_pair(Pair(Lasker, set("1,2,4")), ["lasker", "sub{1,2,4}"], 4, 2);
        check_pair(
            Pair(set("2,5"), set("all-but:1,2")),
            ["sub{2,5}", "sub{all-but:1,2}"],
            9,
            3,
        );
        check_pair(Pair(Nim, set("1..3")), ["nim", "sub{1..3}"], 9, 4);
        let code = |text: &str| Octal::new(text.parse().unwrap(), &[12], 12).unwrap();
        check_pair(Pair(code("0.77"), Nim), ["kayles", "nim"], 8, 5);
        check_pair(
            Pair(code("0.137"), code("grundy")),
            ["0.137", "grundy"],
            9,
            6,
        );
        // Take at most half: its values up and down (an odd heap may rise).
        check_pair(Pair(Half, Nim), ["half", "nim"], 12, 7);
        check_pair(Pair(Lasker, Half), ["lasker", "half"], 4, 8);
        check_pair(Pair(Half, set("2,5")), ["half", "sub{2,5}"], 12, 9);
    }

    #[test]
    fn every_error_names_the_component() {
        let err = |tokens: &[&str]| parse(tokens, 1000).unwrap_err().to_string();
        assert_eq!(err(&[]), "component 0 '': no components");
        assert_eq!(
            err(&["nim3"]),
            "component 1 'nim3': expected GAME:PILES, like nim:3, lasker:4,5, sub{1,2,4}:10 or kayles:5,7"
        );
        assert_eq!(
            err(&["nim:1", "lsker:7"]),
            "component 2 'lsker:7': unknown game 'lsker'; use nim, subtraction, lasker, half, octal, sub{SET} or a take-and-break code (kayles, 0.137)"
        );
        assert!(err(&["sub1:10", "sub2:10"]).contains("did the shell expand braces?"));
        assert!(err(&["wythoff:3,5"]).contains("no closed form"));
        assert_eq!(
            err(&["sub{1,2:4"]),
            "component 1 'sub{1,2:4': column 4: '{' is not closed"
        );
        assert_eq!(
            err(&["sub{1,0}:4"]),
            "component 1 'sub{1,0}:4': column 7: '0' is not allowed, a move takes at least one stone"
        );
        assert_eq!(
            err(&["sub{1,2}4"]),
            "component 1 'sub{1,2}4': expected GAME:PILES, like nim:3, lasker:4,5, sub{1,2,4}:10 or kayles:5,7"
        );
        assert_eq!(
            err(&["nim:"]),
            "component 1 'nim:': column 5: a pile is missing"
        );
        assert_eq!(
            err(&["nim:3,,4"]),
            "component 1 'nim:3,,4': column 7: a pile is missing"
        );
        assert_eq!(
            err(&["sub{1,2}:4,-1"]),
            "component 1 'sub{1,2}:4,-1': column 12: '-1' is negative; counts are 0 or more"
        );
        assert!(err(&["lasker:18446744073709551615"]).contains("too large"));
        // Sets and codes share one bound, whichever comes first.
        for tokens in [["kayles:3", "sub{1,2}:3"], ["sub{1,2}:3", "kayles:3"]] {
            let bounded = MixedSum::parse_bounded(&tokens, 100, 1, &Registry).unwrap_err();
            assert!(
                bounded.to_string().contains("more than 1 different"),
                "{bounded}"
            );
        }
        assert_eq!(
            err(&["kayles:3000000"]),
            "component 1 'kayles:3000000': heap 1 (3000000) is larger than 2097152, the largest heap for 0.77"
        );
    }

    #[test]
    fn notation_round_trips() {
        let tokens =
            split_components(&["nim:3 + lasker:7,1", "+sub{ 4,1, 2}:10", "sub{all-but:1}:5"]);
        assert_eq!(
            tokens,
            vec!["nim:3", "lasker:7,1", "sub{ 4,1, 2}:10", "sub{all-but:1}:5"]
        );
        let sum = parse(
            &[
                "nim:3",
                "lasker:7,1",
                "sub{4,1,2}:10",
                "sub{1,2,4}:2",
                "sub{all-but:1}:5",
            ],
            1 << 12,
        )
        .unwrap();
        // nim, lasker, sub{1,2,4} and sub{all-but:1}: one sequence per distinct set.
        assert_eq!(sum.rulesets.len(), 4, "one ruleset per distinct set");
        assert_eq!(sum.components[2].ruleset, sum.components[3].ruleset);
        assert_eq!(
            sum.to_strings(),
            vec![
                "nim:3",
                "lasker:7,1",
                "sub{1,2,4}:10",
                "sub{1,2,4}:2",
                "sub{all-but:1}:5"
            ]
        );
        let again = parse(&sum.to_strings(), 1 << 12).unwrap();
        assert_eq!(again, sum);
    }

    #[test]
    fn take_and_break_components_share_one_table_per_code_and_break_in_place() {
        let sum = parse(&["kayles:5", "nim:2", "0.77:9,1"], 100).unwrap();
        // kayles and nim: one table per code.
        assert_eq!(sum.rulesets.len(), 2, "one table per code");
        assert_eq!(sum.components[0].ruleset, sum.components[2].ruleset);
        assert_eq!(sum.to_strings(), vec!["kayles:5", "nim:2", "kayles:9,1"]);
        let after = apply(
            &sum.components,
            &PileMove::Break {
                pile: 2,
                from: 9,
                into: vec![3, 4],
            },
        );
        assert_eq!(sum.texts(&after), vec!["kayles:5", "nim:2", "kayles:3,4,1"]);
    }

    #[test]
    fn splits_insert_inside_their_component() {
        let sum = parse(&["lasker:7", "nim:2"], 100).unwrap();
        let after = apply(
            &sum.components,
            &PileMove::Split {
                pile: 0,
                from: 7,
                into: [3, 4],
            },
        );
        assert_eq!(sum.texts(&after), vec!["lasker:3,4", "nim:2"]);
        let after = apply(
            &after,
            &PileMove::Take {
                pile: 2,
                from: 2,
                to: 0,
            },
        );
        assert_eq!(sum.texts(&after), vec!["lasker:3,4", "nim:0"]);
    }

    #[test]
    fn every_registry_ruleset_is_a_component_or_refused_as_not_a_sum() {
        let mut components = 0;
        for &name in registry::RULESETS {
            match parse(&[format!("{name}:3,4")], 1000) {
                Ok(sum) => {
                    components += 1;
                    // Its name reads back as the same ruleset, and its heaps have values.
                    let again = parse(&sum.to_strings(), 1000).unwrap();
                    assert_eq!(again, sum, "{name}");
                    assert_eq!(sum.values().len(), 1, "{name}");
                    let analysis = sum.analyze(&AnalyzeOptions::default());
                    assert_eq!(analysis.value, Some(sum.values()[0]), "{name}");
                }
                Err(e) => assert_eq!(
                    e.problem,
                    ComponentProblem::NotASum {
                        name: name.to_string()
                    },
                    "{name}"
                ),
            }
        }
        // nim, lasker, half, subtraction (its default set) and octal (its default code).
        assert!(components >= 5, "{components} heap rulesets");
        for name in ["nim", "lasker", "half"] {
            let sum = parse(&[format!("{name}:3")], 1000).unwrap();
            assert_eq!(sum.to_strings(), vec![format!("{name}:3")]);
        }
        let defaults = parse(&["subtraction:3", "octal:4"], 1000).unwrap();
        assert_eq!(defaults.to_strings(), vec!["sub{1,3,4}:3", "0.77:4"]);
    }

    #[test]
    fn half_heaps_explain_their_values_in_both_languages() {
        let sum = parse(&["nim:3", "half:10,11"], 1000).unwrap();
        let values: Vec<u64> = sum.values().iter().map(|v| v.value()).collect();
        assert_eq!(values, vec![3, 5 ^ 1]);
        let analysis = sum.analyze(&AnalyzeOptions {
            max_moves: 10,
            explain: true,
        });
        assert_eq!(analysis.explanation[1], HeapStep::HalfValues);
        let text = |lang| -> Vec<String> {
            analysis
                .explanation
                .iter()
                .map(|s| crate::Explain::text(s, lang))
                .collect()
        };
        let (en, zh) = (text(Lang::En), text(Lang::Zh));
        assert!(en[1].contains("G(2k+1) = G(k)"), "{en:?}");
        assert!(en[2].contains("10 is even: G(10) = 10/2 = 5"), "{en:?}");
        assert!(
            en[2].contains("strip its 2 trailing 1-bits (G(2k+1) = G(k)), G(11) = G(2) = 2/2 = 1"),
            "{en:?}"
        );
        assert!(zh[1].contains("每次至多取一半"), "{zh:?}");
        assert!(zh[2].contains("去掉二进制末尾的 2 个 1"), "{zh:?}");
    }

    #[test]
    fn rulesets_written_differently_share_one_ruleset_and_one_table() {
        // The default set of `subtraction` is 1,3,4; `octal`'s default code is 0.77.
        let sum = parse(
            &[
                "subtraction:3",
                "sub{4,3,1}:2",
                "kayles:5",
                "0.77:6",
                "octal:7",
            ],
            1000,
        )
        .unwrap();
        assert_eq!(sum.rulesets.len(), 2, "{:?}", sum.to_strings());
        assert_eq!(
            sum.to_strings(),
            vec![
                "sub{1,3,4}:3",
                "sub{1,3,4}:2",
                "kayles:5",
                "kayles:6",
                "kayles:7"
            ]
        );
        // So they count once against the bound on tables.
        assert!(
            MixedSum::parse_bounded(&["sub{1,3,4}:1", "subtraction:2"], 100, 1, &Registry).is_ok()
        );
        assert!(
            MixedSum::parse_bounded(
                &["0.77:1", "kayles:2", "nim:3", "half:4"],
                100,
                1,
                &Registry
            )
            .is_ok()
        );
        let err = MixedSum::parse_bounded(&["half:1", "kayles:2", "sub{1}:3"], 100, 1, &Registry)
            .unwrap_err();
        assert_eq!(err.index, 3);
        assert_eq!(err.problem, ComponentProblem::TooManySets { limit: 1 });
    }
}
