//! Sums of games of different rulesets: Nim heaps, Lasker heaps, subtraction-game heaps and heaps
//! of take-and-break games side by side; a move is a move in one of them.
//!
//! Sprague–Grundy: each component is worth the XOR of its heaps' values, the sum is worth the XOR
//! of all, and the winning moves take a heap of value g to value g ⊕ X ([`crate::games::heaps`]).
//!
//! Notation: each component is `GAME:PILES`, with GAME one of `nim`, `lasker`, `sub{SET}` (SET
//! in the `--set` notation of `grundy subtraction`: `sub{1,2,4}`, `sub{all-but:1,2}`, `sub{1..3}`)
//! or a take-and-break code as `grundy values` takes it (`kayles`, `0.137`, `grundy`), and PILES
//! one or more heaps separated by commas. Components are separated by spaces and/or
//! `+`: `nim:3 + lasker:7 + sub{1,2,4}:10`. Heaps are numbered from 1 across the whole sum, in the
//! order written. Wythoff's game and Moore's Nim_k are not offered: their values have no closed
//! form.

use std::collections::HashMap;

use crate::games::heaps::{self, HeapRule, HeapStep, ValueReason};
use crate::games::lasker;
use crate::games::octal::{self, HeapTooLarge, Octal};
use crate::games::subtraction::{
    self, SetDescription, SetError, SubtractionSet, SubtractionValues,
};
use crate::parse::{NumberProblem, Token, parse_u64};
use crate::values::{Digit, TakeAndBreak};
use crate::{Analysis, AnalyzeOptions, Change, Lang, MoveList, Nimber};

mod playable;

pub use playable::{SumHeap, SumPlay, SumRules, components_of};

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
        "unknown game {name}; use nim, lasker, sub{{SET}} or a take-and-break code (kayles, 0.137)"
    )]
    UnknownGame {
        /// The name as typed.
        name: Token,
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
    /// A Lasker heap of 2^64 − 1.
    #[error("pile {stones} is too large for Lasker's Nim (its value 2^64 does not fit)")]
    LaskerTooLarge {
        /// The pile.
        stones: u64,
    },
    /// More different subtraction sets, or take-and-break codes, than the sum allows (each costs
    /// a table of values).
    #[error("more than {limit} different subtraction sets or take-and-break codes in one sum")]
    TooManySets {
        /// The most allowed.
        limit: usize,
    },
    /// A subtraction heap past the table of an unproved sequence.
    #[error("{0}")]
    BeyondTable(subtraction::BeyondTable),
    /// A take-and-break heap larger than its table may grow.
    #[error("{0}")]
    HeapTooLarge(HeapTooLarge),
}

/// The ruleset of a component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComponentGame {
    /// Nim: a heap of n is worth n.
    Nim,
    /// Lasker's Nim.
    Lasker,
    /// A subtraction game: the index of its sequence in [`MixedSum::sequences`].
    Subtraction(usize),
    /// A take-and-break game: the index of its values in [`MixedSum::octals`].
    Octal(usize),
}

/// One component: a ruleset and its heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// The ruleset.
    pub ruleset: ComponentGame,
    /// The heaps.
    pub piles: Vec<u64>,
}

/// A validated sum: components, and the value sequence of each subtraction set used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MixedSum {
    /// The components, in the order written.
    pub components: Vec<Component>,
    /// The sequences of the subtraction sets, each computed once.
    pub sequences: Vec<SubtractionValues>,
    /// The take-and-break games, each with its values as far as its largest heap.
    pub octals: Vec<Octal>,
}

/// Splits the input into components: words separated by white space and/or `+` (not inside
/// braces, so `sub{1, 2}:5` is one component).
pub fn split_components<S: AsRef<str>>(input: &[S]) -> Vec<String> {
    input
        .iter()
        .flat_map(|text| component_words(text.as_ref()))
        .collect()
}

/// The components of `text` one by one, as [`split_components`] finds them: a caller can stop
/// after as many as it takes.
pub fn component_words(text: &str) -> impl Iterator<Item = String> + '_ {
    let mut chars = text.chars();
    std::iter::from_fn(move || {
        let mut word = String::new();
        let mut depth = 0usize;
        for c in chars.by_ref() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if depth == 0 && (c.is_whitespace() || c == '+') {
                if !word.is_empty() {
                    return Some(word);
                }
            } else {
                word.push(c);
            }
        }
        (!word.is_empty()).then_some(word)
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
    /// let sum = MixedSum::parse(&["nim:3", "lasker:7", "sub{1,2,4}:10"], SubtractionSet::DEFAULT_LIMIT).unwrap();
    /// // 3 XOR 8 XOR 1 = 10
    /// let values: Vec<u64> = sum.values().iter().map(|v| v.value()).collect();
    /// assert_eq!(values, vec![3, 8, 1]);
    /// let err = MixedSum::parse(&["nim:3", "lasker:x"], 100).unwrap_err();
    /// assert_eq!(err.to_string(), "component 2 'lasker:x': column 8: 'x' is not a whole number");
    /// ```
    pub fn parse<S: AsRef<str>>(tokens: &[S], limit: usize) -> Result<MixedSum, SumError> {
        Self::parse_bounded(tokens, limit, Self::DEFAULT_MAX_SETS)
    }

    /// The default bound on the different subtraction sets and take-and-break codes of one sum:
    /// each set's table takes up to 48 MiB and a second of work ([`SubtractionSet::sequence`]),
    /// so 16 take at most 768 MiB and about 16 s; a code's table up to its largest heap (at most
    /// [`octal::DEFAULT_MAX_HEAP`]) takes a few MiB and seconds.
    pub const DEFAULT_MAX_SETS: usize = 16;

    /// [`MixedSum::parse`] with at most `max_sets` different subtraction sets.
    ///
    /// # Errors
    /// As [`MixedSum::parse`], and [`ComponentProblem::TooManySets`] at the component that
    /// brings one set too many (before its table is computed).
    pub fn parse_bounded<S: AsRef<str>>(
        tokens: &[S],
        limit: usize,
        max_sets: usize,
    ) -> Result<MixedSum, SumError> {
        if tokens.is_empty() {
            return Err(SumError {
                index: 0,
                token: Token::new(""),
                problem: ComponentProblem::Empty,
            });
        }
        let mut sum = MixedSum {
            components: Vec::with_capacity(tokens.len()),
            sequences: Vec::new(),
            octals: Vec::new(),
        };
        let mut known: HashMap<SubtractionSet, usize> = HashMap::new();
        let mut known_codes: HashMap<Vec<Digit>, usize> = HashMap::new();
        for (i, token) in tokens.iter().enumerate() {
            let token = token.as_ref();
            let fail = |problem| SumError {
                index: i + 1,
                token: Token::new(token),
                problem,
            };
            let (ruleset, piles) = parse_component(token).map_err(fail)?;
            let ruleset = match ruleset {
                Parsed::Nim => ComponentGame::Nim,
                Parsed::Lasker => {
                    if let Some(&n) = piles.iter().find(|&&n| n > lasker::MAX_PILE) {
                        return Err(fail(ComponentProblem::LaskerTooLarge { stones: n }));
                    }
                    ComponentGame::Lasker
                }
                Parsed::Subtraction(set) => {
                    let next = sum.sequences.len();
                    if next + sum.octals.len() >= max_sets && !known.contains_key(&set) {
                        return Err(fail(ComponentProblem::TooManySets { limit: max_sets }));
                    }
                    let index = *known.entry(set.clone()).or_insert(next);
                    if index == next {
                        sum.sequences.push(set.sequence(limit));
                    }
                    let sequence = &sum.sequences[index];
                    if let Some(j) = piles.iter().position(|&n| sequence.value(n).is_none()) {
                        return Err(fail(ComponentProblem::BeyondTable(
                            subtraction::BeyondTable {
                                pile: j + 1,
                                stones: piles[j],
                                computed: sequence.table().len(),
                                set: set.to_string(),
                            },
                        )));
                    }
                    ComponentGame::Subtraction(index)
                }
                Parsed::Octal(rules) => {
                    let next = sum.octals.len();
                    if sum.sequences.len() + next >= max_sets
                        && !known_codes.contains_key(rules.digits())
                    {
                        return Err(fail(ComponentProblem::TooManySets { limit: max_sets }));
                    }
                    let index = *known_codes.entry(rules.digits().to_vec()).or_insert(next);
                    let reached = match sum.octals.get_mut(index) {
                        Some(game) => game.reach(&piles, octal::DEFAULT_MAX_HEAP),
                        None => Octal::new(rules, &piles, octal::DEFAULT_MAX_HEAP)
                            .map(|game| sum.octals.push(game)),
                    };
                    reached.map_err(|e| fail(ComponentProblem::HeapTooLarge(e)))?;
                    ComponentGame::Octal(index)
                }
            };
            sum.components.push(Component { ruleset, piles });
        }
        Ok(sum)
    }

    /// The name of a ruleset in the notation: `nim`, `lasker`, `sub{SET}`, a take-and-break
    /// game's name or code (`kayles`, `0.137`).
    pub fn name(&self, ruleset: &ComponentGame) -> String {
        match ruleset {
            ComponentGame::Nim => "nim".to_string(),
            ComponentGame::Lasker => "lasker".to_string(),
            ComponentGame::Subtraction(i) => format!("sub{{{}}}", self.sequences[*i].set()),
            ComponentGame::Octal(i) => {
                let rules = self.octals[*i].rules();
                rules
                    .name()
                    .map_or_else(|| rules.to_string(), str::to_string)
            }
        }
    }

    /// Each component in the notation, `GAME:PILES`.
    pub fn to_strings(&self) -> Vec<String> {
        self.components
            .iter()
            .map(|c| {
                let piles: Vec<String> = c.piles.iter().map(u64::to_string).collect();
                format!("{}:{}", self.name(&c.ruleset), piles.join(","))
            })
            .collect()
    }

    /// The fields an analysis's JSON adds for a sum: `components`, each with its `component` in
    /// the notation, its `game`, `piles` and `grundy` value.
    #[cfg(feature = "serde")]
    pub fn json_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        let components: Vec<serde_json::Value> = self
            .components
            .iter()
            .zip(self.to_strings())
            .zip(self.values())
            .map(|((c, text), value)| {
                serde_json::json!({
                    "component": text,
                    "game": self.name(&c.ruleset),
                    "piles": c.piles,
                    "grundy": value,
                })
            })
            .collect();
        vec![("components", serde_json::Value::Array(components))]
    }

    /// Each component's value: the XOR of its heaps' values.
    pub fn values(&self) -> Vec<Nimber> {
        self.components
            .iter()
            .map(|c| {
                c.piles
                    .iter()
                    .map(|&n| self.heap_value(&c.ruleset, n))
                    .sum()
            })
            .collect()
    }

    fn heap_value(&self, ruleset: &ComponentGame, n: u64) -> Nimber {
        match ruleset {
            ComponentGame::Nim => Nimber(n),
            ComponentGame::Lasker => lasker::value(n),
            ComponentGame::Subtraction(i) => self.sequences[*i]
                .value(n)
                .expect("parse checks every heap"),
            ComponentGame::Octal(i) => self.octals[*i].value(n),
        }
    }

    /// The heaps of all components in order, with the component of each.
    fn flat(&self) -> (Vec<u64>, Vec<usize>) {
        let mut piles = Vec::new();
        let mut owner = Vec::new();
        for (i, c) in self.components.iter().enumerate() {
            piles.extend(&c.piles);
            owner.extend(std::iter::repeat_n(i, c.piles.len()));
        }
        (piles, owner)
    }

    /// The game's name for people.
    pub fn title(lang: Lang) -> &'static str {
        lang.pick("sum of games", "游戏和")
    }

    /// Analyses the sum: outcome, value, every winning move (heap by heap across the sum, in
    /// each heap the order of its ruleset) and, if asked, the explanation.
    pub fn analyze(&self, options: &AnalyzeOptions) -> Analysis<HeapStep> {
        let (piles, owner) = self.flat();
        let mut intro = Vec::new();
        let mut seen = Vec::new();
        for c in &self.components {
            if !seen.contains(&&c.ruleset) {
                seen.push(&c.ruleset);
                intro.push(match c.ruleset {
                    ComponentGame::Nim => HeapStep::NimValues,
                    ComponentGame::Lasker => HeapStep::LaskerValues,
                    ComponentGame::Subtraction(i) => subtraction::intro(&self.sequences[i]),
                    ComponentGame::Octal(i) => self.octals[i].intro(),
                });
            }
        }
        heaps::analyze(&Heaps { sum: self, owner }, &piles, intro, options)
    }

    /// The sum after `change` (heaps numbered across the sum).
    pub fn apply(&self, change: &Change) -> MixedSum {
        let mut next = self.clone();
        let pile = match *change {
            Change::Take { pile, .. } | Change::Split { pile, .. } | Change::Break { pile, .. } => {
                pile
            }
            _ => return next,
        };
        let mut start = 0;
        for c in &mut next.components {
            if pile < start + c.piles.len() {
                let local = pile - start;
                c.piles = match change {
                    &Change::Take { to, .. } => {
                        c.piles[local] = to;
                        c.piles.clone()
                    }
                    &Change::Split { from, into, .. } => lasker::apply(
                        &c.piles,
                        &Change::Split {
                            pile: local,
                            from,
                            into,
                        },
                    ),
                    Change::Break { from, into, .. } => octal::apply(
                        &c.piles,
                        &Change::Break {
                            pile: local,
                            from: *from,
                            into: into.clone(),
                        },
                    ),
                    _ => unreachable!("matched above"),
                };
                break;
            }
            start += c.piles.len();
        }
        next
    }
}

enum Parsed {
    Nim,
    Lasker,
    Subtraction(SubtractionSet),
    Octal(TakeAndBreak),
}

/// Reads `GAME:PILES`.
fn parse_component(token: &str) -> Result<(Parsed, Vec<u64>), ComponentProblem> {
    let (ruleset, piles_at) = if let Some(rest) = token.strip_prefix("sub{") {
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
        (Parsed::Subtraction(set), after + 1)
    } else {
        let (name, _) = token.split_once(':').ok_or(ComponentProblem::NoColon)?;
        let ruleset = match name {
            "nim" => Parsed::Nim,
            "lasker" => Parsed::Lasker,
            "wythoff" | "moore" => {
                return Err(ComponentProblem::NotASum {
                    name: name.to_string(),
                });
            }
            _ if name.starts_with("sub")
                && name[3..].bytes().all(|b| b.is_ascii_digit() || b == b'.') =>
            {
                return Err(ComponentProblem::ExpandedBraces {
                    name: Token::new(name),
                });
            }
            _ => match name.parse::<TakeAndBreak>() {
                Ok(rules) => Parsed::Octal(rules),
                Err(_) => {
                    return Err(ComponentProblem::UnknownGame {
                        name: Token::new(name),
                    });
                }
            },
        };
        (ruleset, name.len() + 1)
    };
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
    Ok((ruleset, piles))
}

/// The heaps of a sum, each with its component's rule.
struct Heaps<'a> {
    sum: &'a MixedSum,
    owner: Vec<usize>,
}

impl Heaps<'_> {
    fn ruleset(&self, pile: usize) -> &ComponentGame {
        &self.sum.components[self.owner[pile]].ruleset
    }
}

impl HeapRule for Heaps<'_> {
    fn value(&self, pile: usize, n: u64) -> Nimber {
        self.sum.heap_value(self.ruleset(pile), n)
    }

    fn reason(&self, pile: usize, n: u64) -> ValueReason {
        match self.ruleset(pile) {
            ComponentGame::Nim => ValueReason::Nim,
            ComponentGame::Lasker => lasker::reason(n),
            ComponentGame::Subtraction(i) => self.sum.sequences[*i].reason(n),
            ComponentGame::Octal(_) => ValueReason::Table,
        }
    }

    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList) {
        match self.ruleset(pile) {
            ComponentGame::Nim => {
                if target.value() < n {
                    moves.push(Change::Take {
                        pile,
                        from: n,
                        to: target.value(),
                    });
                }
            }
            ComponentGame::Lasker => lasker::push_moves_to(pile, n, target, moves),
            ComponentGame::Subtraction(i) => {
                subtraction::push_moves_to(&self.sum.sequences[*i], pile, n, target, moves)
            }
            ComponentGame::Octal(i) => self.sum.octals[*i].moves_to(pile, n, target, moves),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Memo;
    use crate::games::lasker::Lasker;
    use crate::games::nim::Nim;
    use crate::games::subtraction::Subtraction;
    use crate::{Convention, Game};
    use rand::{Rng, SeedableRng};

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
            let sum = MixedSum::parse(&[text(names[0], &a), text(names[1], &b)], 1 << 16).unwrap();
            let analysis = sum.analyze(&options);
            let position = (a.clone(), b.clone());
            let values = sum.values();
            assert_eq!(analysis.grundy, Some(values[0] + values[1]));
            assert_eq!(
                analysis.grundy,
                Some(memo.grundy(&pair, &position).unwrap()),
                "{position:?}"
            );
            let mut closed: Vec<(Vec<u64>, Vec<u64>)> = analysis
                .winning_moves
                .iter()
                .map(|c| {
                    let after = sum.apply(c);
                    (
                        after.components[0].piles.clone(),
                        after.components[1].piles.clone(),
                    )
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
    }

    #[test]
    fn every_error_names_the_component() {
        let err = |tokens: &[&str]| MixedSum::parse(tokens, 1000).unwrap_err().to_string();
        assert_eq!(err(&[]), "component 0 '': no components");
        assert_eq!(
            err(&["nim3"]),
            "component 1 'nim3': expected GAME:PILES, like nim:3, lasker:4,5, sub{1,2,4}:10 or kayles:5,7"
        );
        assert_eq!(
            err(&["nim:1", "lsker:7"]),
            "component 2 'lsker:7': unknown game 'lsker'; use nim, lasker, sub{SET} or a take-and-break code (kayles, 0.137)"
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
            let bounded = MixedSum::parse_bounded(&tokens, 100, 1).unwrap_err();
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
        let sum = MixedSum::parse(
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
        assert_eq!(sum.sequences.len(), 2, "one sequence per distinct set");
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
        let again = MixedSum::parse(&sum.to_strings(), 1 << 12).unwrap();
        assert_eq!(again, sum);
    }

    #[test]
    fn take_and_break_components_share_one_table_per_code_and_break_in_place() {
        let sum = MixedSum::parse(&["kayles:5", "nim:2", "0.77:9,1"], 100).unwrap();
        assert_eq!(sum.octals.len(), 1, "one table per code");
        assert_eq!(sum.to_strings(), vec!["kayles:5", "nim:2", "kayles:9,1"]);
        let after = sum.apply(&Change::Break {
            pile: 2,
            from: 9,
            into: vec![3, 4],
        });
        assert_eq!(
            after.to_strings(),
            vec!["kayles:5", "nim:2", "kayles:3,4,1"]
        );
    }

    #[test]
    fn splits_insert_inside_their_component() {
        let sum = MixedSum::parse(&["lasker:7", "nim:2"], 100).unwrap();
        let after = sum.apply(&Change::Split {
            pile: 0,
            from: 7,
            into: [3, 4],
        });
        assert_eq!(after.to_strings(), vec!["lasker:3,4", "nim:2"]);
        let after = after.apply(&Change::Take {
            pile: 2,
            from: 2,
            to: 0,
        });
        assert_eq!(after.to_strings(), vec!["lasker:3,4", "nim:0"]);
    }
}
