//! Subtraction sets as written (`1,2,4`, `all-but:1,2`, `1..3`) and as validated rulesets.
//!
//! Parsing is in two stages, as for every ruleset description: [`SetDescription::parse`] reads
//! the text into numbers with their columns (syntax errors: garbage, a bad number, an empty
//! element), and [`SetDescription::validate`] checks the meaning (an empty set, a 0, a repeated
//! number, a misplaced range). Every error names the token and its column (from 1).

use std::fmt;

use crate::parse::{NumberProblem, Token, parse_u64};

mod sequence;

pub use sequence::SubtractionValues;

/// The word that starts a complement: `all-but:1,2` is every positive number except 1 and 2.
pub const ALL_BUT: &str = "all-but:";

/// What is wrong with a subtraction set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetError {
    /// No number at all.
    #[error("the subtraction set is empty: give numbers like 1,2,4")]
    Empty,
    /// A token that is not a number.
    #[error("column {column}: {token} is {problem}")]
    BadNumber {
        /// The token as typed.
        token: Token,
        /// Its column, from 1.
        column: usize,
        /// What is wrong with it.
        problem: NumberProblem,
    },
    /// Two commas in a row, or a comma at an end.
    #[error("column {column}: a number is missing between commas")]
    MissingNumber {
        /// Where the number should be, from 1.
        column: usize,
    },
    /// 0 in the set: a move must take at least one stone.
    #[error("column {column}: '0' is not allowed, a move takes at least one stone")]
    Zero {
        /// Its column, from 1.
        column: usize,
    },
    /// A number given twice.
    #[error("column {column}: '{value}' repeats the {value} at column {first}")]
    Duplicate {
        /// The number.
        value: u64,
        /// Where it is repeated, from 1.
        column: usize,
        /// Where it was first, from 1.
        first: usize,
    },
    /// A range other than a whole set `1..M`.
    #[error(
        "column {column}: {token}: a range must be the whole set and start at 1 (1..M, take 1 to M)"
    )]
    BadRange {
        /// The range as typed.
        token: Token,
        /// Its column, from 1.
        column: usize,
    },
}

/// One number or range of a description, where it was typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    /// The number, or the start of a range.
    pub first: u64,
    /// The end of a range `first..last`; `None` for a number.
    pub last: Option<u64>,
    /// The column of its first character, from 1.
    pub column: usize,
    /// The text as typed.
    pub token: String,
}

/// A subtraction set as typed, before validation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetDescription {
    /// `all-but:` was given: the set is every positive number except the elements.
    pub all_but: bool,
    /// The elements in the order typed.
    pub elements: Vec<Element>,
}

impl SetDescription {
    /// Reads `text`; columns in errors are counted from `offset + 1` (for a set inside a longer
    /// token, pass the index of its first character).
    ///
    /// # Errors
    /// [`SetError::BadNumber`] or [`SetError::MissingNumber`].
    pub fn parse(text: &str, offset: usize) -> Result<SetDescription, SetError> {
        let (all_but, body, start) = match text.strip_prefix(ALL_BUT) {
            Some(rest) => (true, rest, ALL_BUT.len()),
            None => (false, text, 0),
        };
        let mut elements = Vec::new();
        if body.trim().is_empty() {
            return Ok(SetDescription { all_but, elements });
        }
        // Columns are counted piece by piece (from each piece's start, not the text's: a long
        // set would be quadratic).
        let mut piece_column = char_column(text, start);
        for piece in body.split(',') {
            let trimmed = piece.trim();
            let lead = piece.len() - piece.trim_start().len();
            let column = offset + piece_column + piece[..lead].chars().count();
            piece_column += piece.chars().count() + 1;
            if trimmed.is_empty() {
                return Err(SetError::MissingNumber { column });
            }
            let number = |token: &str| {
                parse_u64(token).map_err(|problem| SetError::BadNumber {
                    token: Token::new(trimmed),
                    column,
                    problem,
                })
            };
            let (first, last) = match trimmed.split_once("..") {
                Some((a, b)) => (number(a)?, Some(number(b)?)),
                None => (number(trimmed)?, None),
            };
            elements.push(Element {
                first,
                last,
                column,
                token: trimmed.to_string(),
            });
        }
        Ok(SetDescription { all_but, elements })
    }

    /// Checks the description and builds the ruleset.
    ///
    /// # Errors
    /// [`SetError::Empty`], [`SetError::Zero`], [`SetError::Duplicate`] or [`SetError::BadRange`].
    pub fn validate(self) -> Result<SubtractionSet, SetError> {
        if self.elements.is_empty() {
            return Err(SetError::Empty);
        }
        if let Some(range) = self.elements.iter().find(|e| e.last.is_some()) {
            return match (self.all_but, self.elements.len(), range.first, range.last) {
                (false, 1, 1, Some(max)) if max >= 1 => SubtractionSet::up_to(max),
                _ => Err(SetError::BadRange {
                    token: Token::new(&range.token),
                    column: range.column,
                }),
            };
        }
        // The first element in the order typed that is 0 or repeats an earlier one is the error;
        // sorted by value (then order), each repeat follows its first occurrence: O(n log n).
        let zero = self.elements.iter().position(|e| e.first == 0);
        let mut order: Vec<usize> = (0..self.elements.len()).collect();
        order.sort_unstable_by_key(|&i| (self.elements[i].first, i));
        let repeat = order
            .windows(2)
            .filter(|w| self.elements[w[0]].first == self.elements[w[1]].first)
            .min_by_key(|w| w[1]);
        match (zero, repeat) {
            (Some(z), r) if r.is_none_or(|w| z < w[1]) => {
                return Err(SetError::Zero {
                    column: self.elements[z].column,
                });
            }
            (_, Some(w)) => {
                // The value's first occurrence: the first of its run in the sorted order.
                let first = order
                    .iter()
                    .find(|&&i| self.elements[i].first == self.elements[w[1]].first)
                    .map_or(w[0], |&i| i);
                return Err(SetError::Duplicate {
                    value: self.elements[w[1]].first,
                    column: self.elements[w[1]].column,
                    first: self.elements[first].column,
                });
            }
            _ => {}
        }
        let numbers: Vec<u64> = order.iter().map(|&i| self.elements[i].first).collect();
        Ok(SubtractionSet {
            rule: if self.all_but {
                Rule::AllBut(numbers)
            } else {
                Rule::Finite(numbers)
            },
        })
    }
}

/// The column (from 1, in characters) of byte `at` of `text`.
fn char_column(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].chars().count() + 1
}

/// A validated subtraction set: a move takes s stones from one heap, for an s in the set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionSet {
    rule: Rule,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Rule {
    /// The listed numbers, increasing, none 0.
    Finite(Vec<u64>),
    /// Every positive number except the listed ones (increasing, none 0, at least one).
    AllBut(Vec<u64>),
    /// 1 to M, M ≥ 1 (the Bash game).
    UpTo(u64),
}

impl SubtractionSet {
    /// Parses and validates a set in the `--set` notation: `1,2,4`, `all-but:1,2` or `1..M`.
    ///
    /// # Errors
    /// A [`SetError`] naming the bad token and its column.
    ///
    /// # Examples
    /// ```
    /// use grundy::games::subtraction::SubtractionSet;
    /// let set = SubtractionSet::parse("4, 1,2").unwrap();
    /// assert_eq!(set.to_string(), "1,2,4");
    /// let err = SubtractionSet::parse("1,2,2").unwrap_err();
    /// assert_eq!(err.to_string(), "column 5: '2' repeats the 2 at column 3");
    /// ```
    pub fn parse(text: &str) -> Result<SubtractionSet, SetError> {
        SetDescription::parse(text, 0)?.validate()
    }

    /// The finite set of `numbers`.
    ///
    /// # Errors
    /// As [`SetDescription::validate`] (columns are positions in the list, from 1).
    pub fn finite(numbers: &[u64]) -> Result<SubtractionSet, SetError> {
        Self::from_numbers(numbers, false)
    }

    /// Every positive number except `excluded`.
    ///
    /// # Errors
    /// As [`SetDescription::validate`] (columns are positions in the list, from 1).
    pub fn all_but(excluded: &[u64]) -> Result<SubtractionSet, SetError> {
        Self::from_numbers(excluded, true)
    }

    /// Take 1 to `max` (the Bash game).
    ///
    /// # Errors
    /// [`SetError::Zero`] if `max` is 0.
    pub fn up_to(max: u64) -> Result<SubtractionSet, SetError> {
        if max == 0 {
            return Err(SetError::Zero { column: 1 });
        }
        Ok(SubtractionSet {
            rule: Rule::UpTo(max),
        })
    }

    fn from_numbers(numbers: &[u64], all_but: bool) -> Result<SubtractionSet, SetError> {
        SetDescription {
            all_but,
            elements: numbers
                .iter()
                .enumerate()
                .map(|(i, &n)| Element {
                    first: n,
                    last: None,
                    column: i + 1,
                    token: n.to_string(),
                })
                .collect(),
        }
        .validate()
    }

    pub(crate) fn rule(&self) -> &Rule {
        &self.rule
    }

    /// Whether taking `x` stones is a move (whatever the heap size).
    pub fn allows(&self, x: u64) -> bool {
        match &self.rule {
            Rule::Finite(s) => s.binary_search(&x).is_ok(),
            Rule::AllBut(f) => x > 0 && f.binary_search(&x).is_err(),
            Rule::UpTo(max) => (1..=*max).contains(&x),
        }
    }

    /// Every number of stones that may be taken from a heap of `n`, increasing.
    ///
    /// Up to n numbers for an all-but set or a large Bash game: meant for small heaps (the engine).
    pub fn moves_from(&self, n: u64) -> impl Iterator<Item = u64> + '_ {
        let finite = match &self.rule {
            Rule::Finite(s) => Some(s.iter().copied().take_while(move |&x| x <= n)),
            _ => None,
        };
        let all = match &self.rule {
            Rule::Finite(_) => None,
            _ => Some((1..=n).filter(|&x| self.allows(x))),
        };
        finite
            .into_iter()
            .flatten()
            .chain(all.into_iter().flatten())
    }
}

impl fmt::Display for SubtractionSet {
    /// The `--set` notation: `1,2,4`, `all-but:1,2` or `1..M`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |numbers: &[u64]| {
            numbers
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        match &self.rule {
            Rule::Finite(s) => f.write_str(&list(s)),
            Rule::AllBut(x) => write!(f, "{ALL_BUT}{}", list(x)),
            Rule::UpTo(max) => write!(f, "1..{max}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        SubtractionSet::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn the_three_notations() {
        let set = SubtractionSet::parse("1,2,4").unwrap();
        assert_eq!(set.rule(), &Rule::Finite(vec![1, 2, 4]));
        let set = SubtractionSet::parse(" 7 , 3").unwrap();
        assert_eq!(set.to_string(), "3,7");
        let set = SubtractionSet::parse("all-but:2,1").unwrap();
        assert_eq!(set.rule(), &Rule::AllBut(vec![1, 2]));
        assert_eq!(set.to_string(), "all-but:1,2");
        assert_eq!(SubtractionSet::parse("1..3"), SubtractionSet::up_to(3));
        for text in ["1,2,4", "all-but:1,2", "1..3", "18446744073709551615"] {
            assert_eq!(SubtractionSet::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn every_error_names_the_token_and_its_column() {
        assert_eq!(
            err(""),
            "the subtraction set is empty: give numbers like 1,2,4"
        );
        assert_eq!(
            err("all-but:"),
            "the subtraction set is empty: give numbers like 1,2,4"
        );
        assert_eq!(
            err("1,0,3"),
            "column 3: '0' is not allowed, a move takes at least one stone"
        );
        assert_eq!(err("1,2,x"), "column 5: 'x' is not a whole number");
        assert_eq!(
            err("1, -2"),
            "column 4: '-2' is negative; counts are 0 or more"
        );
        assert_eq!(
            err("1,2.5"),
            "column 3: '2.5' is a decimal; counts are whole numbers"
        );
        assert_eq!(err("1,,2"), "column 3: a number is missing between commas");
        assert_eq!(err("1,2,"), "column 5: a number is missing between commas");
        assert_eq!(
            err("all-but:1,1"),
            "column 11: '1' repeats the 1 at column 9"
        );
        assert!(err("2..5").starts_with("column 1: '2..5': a range must"));
        assert!(err("1,1..3").starts_with("column 3: '1..3'"));
        assert!(err("all-but:1..3").starts_with("column 9: '1..3'"));
        assert_eq!(err("1..x"), "column 1: '1..x' is not a whole number");
        assert_eq!(
            err("1..0"),
            "column 1: '1..0': a range must be the whole set and start at 1 (1..M, take 1 to M)"
        );
        assert_eq!(err("all:1"), "column 1: 'all:1' is not a whole number");
    }

    #[test]
    fn columns_count_from_an_offset_inside_a_longer_token() {
        let e = SetDescription::parse("1,y", 4).unwrap_err();
        assert_eq!(e.to_string(), "column 7: 'y' is not a whole number");
    }

    #[test]
    fn moves_from_lists_the_legal_subtractions() {
        let fin = SubtractionSet::finite(&[4, 1, 2]).unwrap();
        assert_eq!(fin.moves_from(3).collect::<Vec<_>>(), vec![1, 2]);
        let all_but = SubtractionSet::all_but(&[2]).unwrap();
        assert_eq!(all_but.moves_from(4).collect::<Vec<_>>(), vec![1, 3, 4]);
        let bash = SubtractionSet::up_to(3).unwrap();
        assert_eq!(bash.moves_from(2).collect::<Vec<_>>(), vec![1, 2]);
        assert!(!fin.allows(3) && all_but.allows(5) && !all_but.allows(0));
    }
}
