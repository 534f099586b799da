//! Take-and-break codes: the text a user types, read as a description, then validated into rules.
//!
//! # Grammar
//!
//! ```text
//! game      := name | code | set
//! name      := "grundy"                          Grundy's game, the code 4!.0
//!            | "kayles"                          Kayles, 0.77
//!            | "dawson"                          Dawson's Kayles, 0.07
//! code      := digit "." digit+                  the first digit is position 0, then 1, 2, 3, ...
//! digit     := symbol modifier?
//! symbol    := "0"-"9" | "A"-"V" | "a"-"v"       values 0..31 (base 32, as CGSuite writes them)
//!            | "&" decimal ";"                   any value, e.g. &64; (up to 2^63)
//! modifier  := "!"                               the heaps left must be pairwise unequal
//!            | "?"                               the heaps left must not all be equal
//!            | "="                               the heaps left must all be equal
//! set       := "{" numbers "}" | number "," numbers   a subtraction set: {4}, {1,2,4}, 1,2,4
//! ```
//!
//! The digit d_k at position k says what a move that removes k tokens from one heap may leave: bit
//! 2^j of d_k set means the rest may be left as exactly j non-empty heaps. So bit 1 lets the heap
//! be taken whole (k = n), bit 2 leaves one smaller heap, bit 4 splits the rest into two heaps, bit
//! 8 into three (hexadecimal digits), and so on. Octal codes use digits 0-7: `0.77` is Kayles,
//! `0.07` Dawson's Kayles, `0.137` Dawson's chess, `0.6` Officers. The digit before the point is
//! position 0, a move that removes nothing: it may only split (`4.7` lets a heap be split in two
//! without removing), so its bits 1 and 2 are refused. A subtraction set {a, b, c} is the code
//! with digit 3 at positions a, b, c: `{1,2,3}` is `0.333`.

use crate::parse::Token;
use std::fmt;

/// What the heaps left by a move must look like, beyond their number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// Any sizes.
    #[default]
    Any,
    /// Pairwise unequal (`!`).
    Unequal,
    /// Not all equal (`?`).
    NotAllEqual,
    /// All equal (`=`).
    AllEqual,
}

impl Constraint {
    fn symbol(self) -> &'static str {
        match self {
            Constraint::Any => "",
            Constraint::Unequal => "!",
            Constraint::NotAllEqual => "?",
            Constraint::AllEqual => "=",
        }
    }
}

/// One digit of a code: which numbers of heaps a move may leave, and how they must differ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Digit {
    /// Bit j set: the rest may be left as exactly j non-empty heaps.
    pub heaps: u64,
    /// The modifier.
    pub constraint: Constraint,
}

impl Digit {
    /// Whether the rest may be left as exactly `count` heaps.
    pub fn allows(self, count: u32) -> bool {
        count < 64 && self.heaps >> count & 1 == 1
    }

    /// The largest number of heaps this digit may leave (0 for the digit 0 too).
    pub fn max_heaps(self) -> u32 {
        63 - self.heaps.max(1).leading_zeros()
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SYMBOLS: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";
        if self.heaps < 32 {
            write!(f, "{}", SYMBOLS[self.heaps as usize] as char)?;
        } else {
            write!(f, "&{};", self.heaps)?;
        }
        f.write_str(self.constraint.symbol())
    }
}

/// A parsed but not yet validated code: the digits as typed, each with its column (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// The digits by position (0 is the digit before the point), with the column where each began.
    pub digits: Vec<(Digit, usize)>,
    /// The name the game was given by (`grundy`, `kayles`, `dawson`), if any.
    pub name: Option<&'static str>,
}

/// A malformed or invalid code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CodeError {
    /// Nothing was given.
    #[error(
        "empty game: give an octal code such as 0.77, 'grundy', or a subtraction set such as 1,2,4"
    )]
    Empty,
    /// A character the notation does not allow here.
    #[error("unexpected '{ch}' at column {column} of {code}: {expected}")]
    Unexpected {
        /// The whole text.
        code: Token,
        /// The character.
        ch: char,
        /// Its column, from 1.
        column: usize,
        /// What could stand there.
        expected: &'static str,
    },
    /// The text stopped where more was needed.
    #[error("{code} ends too early at column {column}: {expected}")]
    EndsEarly {
        /// The whole text.
        code: Token,
        /// The column after the last character.
        column: usize,
        /// What was needed.
        expected: &'static str,
    },
    /// A number (an `&N;` digit or a subtraction) that is too large or zero.
    #[error("bad number {token} at column {column} of {code}: {problem}")]
    BadNumber {
        /// The whole text.
        code: Token,
        /// The number as typed.
        token: Token,
        /// Its column, from 1.
        column: usize,
        /// What is wrong.
        problem: &'static str,
    },
    /// The digit before the point lets a move remove nothing and leave one heap or none.
    #[error(
        "digit '{digit}' at column {column} of {code}: position 0 removes nothing, so it may only split (digits 0, 4, 8, C, ...)"
    )]
    NothingRemoved {
        /// The whole text.
        code: Token,
        /// The digit.
        digit: String,
        /// Its column, from 1.
        column: usize,
    },
}

const DIGIT: &str = "a digit 0-9, A-V, or &N;";
const AFTER_DIGIT: &str = "a digit 0-9, A-V, &N; or a modifier ! ? =";

/// The games known by name: the name typed, the code, the title.
const NAMES: [(&str, &str, &str); 3] = [
    ("grundy", "4!.0", "Grundy's game"),
    ("kayles", "0.77", "Kayles"),
    ("dawson", "0.07", "Dawson's Kayles"),
];

impl Description {
    /// Reads `text` (surrounding spaces ignored) by the grammar in the [module docs](self).
    ///
    /// # Errors
    /// [`CodeError`] naming the first character that does not fit, with its column.
    pub fn parse(text: &str) -> Result<Description, CodeError> {
        let code = text.trim();
        if code.is_empty() {
            return Err(CodeError::Empty);
        }
        if let Some(&(name, digits, _)) = NAMES
            .iter()
            .find(|(name, ..)| code.eq_ignore_ascii_case(name))
        {
            let mut description = Description::parse(digits)?;
            description.name = Some(name);
            return Ok(description);
        }
        let offset = text.len() - text.trim_start().len();
        // Braces, or commas without a point, make a subtraction set; a lone number is a code
        // missing its point (write a one-move set as {4}).
        if code.starts_with('{') || (code.contains(',') && !code.contains('.')) {
            return parse_set(code, offset);
        }
        Reader {
            code,
            offset,
            chars: code.char_indices().peekable(),
        }
        .code()
    }

    /// Checks the rules the grammar cannot: position 0 may only split.
    ///
    /// # Errors
    /// [`CodeError::NothingRemoved`] for a leading digit with bit 1 or 2.
    pub fn validate(self) -> Result<TakeAndBreak, CodeError> {
        if let Some(&(digit, column)) = self.digits.first()
            && digit.heaps & 0b11 != 0
        {
            return Err(CodeError::NothingRemoved {
                code: Token::new(&self.to_string()),
                digit: digit.to_string(),
                column,
            });
        }
        let mut digits: Vec<Digit> = self.digits.into_iter().map(|(d, _)| d).collect();
        while digits.len() > 1 && digits.last().is_some_and(|d| d.heaps == 0) {
            digits.pop();
        }
        Ok(TakeAndBreak {
            digits,
            name: self.name,
        })
    }
}

impl fmt::Display for Description {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (digit, _)) in self.digits.iter().enumerate() {
            write!(f, "{digit}")?;
            if i == 0 {
                f.write_str(".")?;
            }
        }
        Ok(())
    }
}

/// A subtraction set: numbers separated by commas (spaces allowed), in braces or not.
fn parse_set(code: &str, offset: usize) -> Result<Description, CodeError> {
    let bad = |ch: char, at: usize, expected| CodeError::Unexpected {
        code: Token::new(code),
        ch,
        column: offset + at + 1,
        expected,
    };
    let (body, start) = match code.strip_prefix('{') {
        Some(rest) => match rest.strip_suffix('}') {
            Some(body) => (body, 1),
            None => {
                return Err(CodeError::EndsEarly {
                    code: Token::new(code),
                    column: offset + code.len() + 1,
                    expected: "'}' to close the subtraction set",
                });
            }
        },
        None => (code, 0),
    };
    let mut moves = Vec::new();
    let mut at = start;
    for token in body.split(',') {
        let trimmed = token.trim();
        let lead = token.len() - token.trim_start().len();
        let column = offset + at + lead + 1;
        if trimmed.is_empty() {
            return Err(match body[at - start..].chars().next() {
                Some(ch) => bad(ch, at + lead, "a subtraction (a positive whole number)"),
                None => CodeError::EndsEarly {
                    code: Token::new(code),
                    column: offset + code.len() + 1,
                    expected: "a subtraction after ','",
                },
            });
        }
        if let Some((i, ch)) = trimmed.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
            return Err(bad(ch, at + lead + i, "a digit of a subtraction"));
        }
        let number_error = |problem| CodeError::BadNumber {
            code: Token::new(code),
            token: Token::new(trimmed),
            column,
            problem,
        };
        let k: usize = trimmed.parse().map_err(|_| number_error("too large"))?;
        if k == 0 {
            return Err(number_error("a move must take at least one token"));
        }
        if k > 1 << 20 {
            return Err(number_error("subtractions above 1048576 are not supported"));
        }
        moves.push((k, column));
        at += token.len() + 1;
    }
    let max = moves.iter().map(|&(k, _)| k).max().unwrap_or(0);
    let mut digits = vec![(Digit::default(), offset + 1); max + 1];
    for (k, column) in moves {
        digits[k] = (
            Digit {
                heaps: 0b11,
                constraint: Constraint::Any,
            },
            column,
        );
    }
    Ok(Description { digits, name: None })
}

struct Reader<'a> {
    code: &'a str,
    offset: usize,
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
}

impl Reader<'_> {
    fn column(&self, at: usize) -> usize {
        self.offset + at + 1
    }

    fn unexpected(&self, ch: char, at: usize, expected: &'static str) -> CodeError {
        CodeError::Unexpected {
            code: Token::new(self.code),
            ch,
            column: self.column(at),
            expected,
        }
    }

    fn ends_early(&self, expected: &'static str) -> CodeError {
        CodeError::EndsEarly {
            code: Token::new(self.code),
            column: self.column(self.code.len()),
            expected,
        }
    }

    fn code(mut self) -> Result<Description, CodeError> {
        let mut digits = vec![self.digit()?.ok_or_else(|| self.ends_early(DIGIT))?];
        match self.chars.next() {
            Some((_, '.')) => {}
            Some((at, ch)) => return Err(self.unexpected(ch, at, "'.' after the first digit")),
            None => return Err(self.ends_early("'.' and the digits after it (as in 0.77)")),
        }
        while let Some(digit) = self.digit()? {
            digits.push(digit);
        }
        if digits.len() == 1 {
            return Err(self.ends_early("at least one digit after the point (as in 0.77)"));
        }
        Ok(Description { digits, name: None })
    }

    /// The next digit with its modifier, `None` at the end of the text.
    fn digit(&mut self) -> Result<Option<(Digit, usize)>, CodeError> {
        let Some(&(at, ch)) = self.chars.peek() else {
            return Ok(None);
        };
        let heaps = match ch {
            '0'..='9' => ch as u64 - '0' as u64,
            'A'..='V' => ch as u64 - 'A' as u64 + 10,
            'a'..='v' => ch as u64 - 'a' as u64 + 10,
            '&' => {
                self.chars.next();
                return self.wide_digit(at).map(Some);
            }
            _ => {
                let expected = if at == 0 { DIGIT } else { AFTER_DIGIT };
                return Err(self.unexpected(ch, at, expected));
            }
        };
        self.chars.next();
        let constraint = self.modifier();
        Ok(Some((Digit { heaps, constraint }, self.column(at))))
    }

    fn modifier(&mut self) -> Constraint {
        let constraint = match self.chars.peek() {
            Some((_, '!')) => Constraint::Unequal,
            Some((_, '?')) => Constraint::NotAllEqual,
            Some((_, '=')) => Constraint::AllEqual,
            _ => return Constraint::Any,
        };
        self.chars.next();
        constraint
    }

    /// `&N;` after the `&` at `at`.
    fn wide_digit(&mut self, at: usize) -> Result<(Digit, usize), CodeError> {
        let start = at + 1;
        let mut end = start;
        loop {
            match self.chars.next() {
                Some((_, c)) if c.is_ascii_digit() => end += 1,
                Some((_, ';')) => break,
                Some((i, c)) => return Err(self.unexpected(c, i, "a decimal digit or ';' in &N;")),
                None => return Err(self.ends_early("';' to close &N;")),
            }
        }
        let token = &self.code[start..end];
        let problem = match token.parse::<u64>() {
            Err(_) if token.is_empty() => Some("&; needs a number"),
            Err(_) => Some("too large (at most 2^63)"),
            Ok(v) if v > 1 << 63 => Some("too large (at most 2^63)"),
            Ok(_) => None,
        };
        if let Some(problem) = problem {
            return Err(CodeError::BadNumber {
                code: Token::new(self.code),
                token: Token::new(&format!("&{token};")),
                column: self.column(at),
                problem,
            });
        }
        let heaps = token.parse().unwrap_or(0);
        let constraint = self.modifier();
        Ok((Digit { heaps, constraint }, self.column(at)))
    }
}

/// A validated take-and-break ruleset: `digit(k)` says what a move removing k tokens may leave.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeAndBreak {
    digits: Vec<Digit>,
    name: Option<&'static str>,
}

impl std::str::FromStr for TakeAndBreak {
    type Err = CodeError;

    /// Parses and validates a code (see the [grammar](self)).
    fn from_str(text: &str) -> Result<TakeAndBreak, CodeError> {
        Description::parse(text)?.validate()
    }
}

impl TakeAndBreak {
    /// The digit for moves that remove `k` tokens (0 past the last digit).
    pub fn digit(&self, k: usize) -> Digit {
        self.digits.get(k).copied().unwrap_or_default()
    }

    /// The digits by position, position 0 first, without trailing zeros.
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }

    /// The largest number of tokens a move removes (t in the periodicity theorems).
    pub fn max_removed(&self) -> usize {
        self.digits.len() - 1
    }

    /// The largest number of heaps a move may leave.
    pub fn max_heaps(&self) -> u32 {
        self.digits.iter().map(|d| d.max_heaps()).max().unwrap_or(0)
    }

    /// Whether this is a subtraction game: every non-zero digit is 3 (take k from a heap of at
    /// least k, leaving one heap or none).
    pub fn is_subtraction(&self) -> bool {
        self.digits
            .iter()
            .all(|d| d.heaps == 0 || (d.heaps == 3 && d.constraint == Constraint::Any))
    }

    /// The subtraction set, if this is a subtraction game.
    pub fn subtraction_set(&self) -> Option<Vec<usize>> {
        self.is_subtraction().then(|| {
            (1..self.digits.len())
                .filter(|&k| self.digits[k].heaps != 0)
                .collect()
        })
    }

    /// The name the game was given by, if any (`grundy`).
    pub fn name(&self) -> Option<&'static str> {
        self.name
    }

    /// The game's title if it is one of the games known by name (`Kayles` for 0.77 however it
    /// was written).
    pub fn title(&self) -> Option<&'static str> {
        let code = self.to_string();
        NAMES
            .iter()
            .find(|(_, digits, _)| *digits == code)
            .map(|&(.., title)| title)
    }

    /// Calls `visit` with every move of a heap of `n`: the tokens removed and the heaps left
    /// (non-empty, non-decreasing; none when the heap is taken whole), in order of tokens removed,
    /// then of the number of heaps, then of the heaps.
    pub fn each_move(&self, n: usize, visit: &mut dyn FnMut(usize, &[usize])) {
        for (k, digit) in self.digits.iter().enumerate().take(n + 1) {
            for count in 0..=digit.max_heaps() {
                if !digit.allows(count) {
                    continue;
                }
                if count == 0 {
                    if k == n {
                        visit(k, &[]);
                    }
                    continue;
                }
                each_partition(n - k, count as usize, digit.constraint, &mut |parts| {
                    visit(k, parts)
                });
            }
        }
    }

    /// Whether some move leaves two or more heaps under a modifier (`!`, `?`, `=`).
    pub fn has_constrained_splits(&self) -> bool {
        self.digits
            .iter()
            .any(|d| d.max_heaps() >= 2 && d.constraint != Constraint::Any)
    }
}

impl fmt::Display for TakeAndBreak {
    /// The code in canonical form (`4!.0`, `0.77`, `0.&64;`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, digit) in self.digits.iter().enumerate() {
            write!(f, "{digit}")?;
            if i == 0 {
                f.write_str(".")?;
            }
        }
        if self.digits.len() == 1 {
            f.write_str("0")?;
        }
        Ok(())
    }
}

/// Calls `visit` with every non-decreasing list of `count` positive parts adding up to `total` that
/// meets `constraint`: the heaps a move may leave.
pub(crate) fn each_partition(
    total: usize,
    count: usize,
    constraint: Constraint,
    visit: &mut dyn FnMut(&[usize]),
) {
    partitions(total, count, 1, &mut Vec::new(), &mut |parts| {
        if fits(constraint, parts) {
            visit(parts);
        }
    });
}

/// Calls `visit` with every non-decreasing list of `count` parts, each at least `min`, adding up to
/// `total` (appended to `parts`).
fn partitions(
    total: usize,
    count: usize,
    min: usize,
    parts: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]),
) {
    if count == 1 {
        if total >= min {
            parts.push(total);
            visit(parts);
            parts.pop();
        }
        return;
    }
    let mut part = min;
    while part * count <= total {
        parts.push(part);
        partitions(total - part, count - 1, part, parts, visit);
        parts.pop();
        part += 1;
    }
}

/// Whether non-decreasing `parts` meet the modifier.
fn fits(constraint: Constraint, parts: &[usize]) -> bool {
    let all_equal = parts.first() == parts.last();
    match constraint {
        Constraint::Any => true,
        Constraint::Unequal => parts.windows(2).all(|w| w[0] != w[1]),
        Constraint::NotAllEqual => parts.len() < 2 || !all_equal,
        Constraint::AllEqual => all_equal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(code: &str) -> TakeAndBreak {
        code.parse().unwrap()
    }

    #[test]
    fn octal_digits_by_position() {
        let kayles = rules("0.77");
        assert_eq!(kayles.max_removed(), 2);
        assert_eq!(kayles.digit(1).heaps, 7);
        assert_eq!(kayles.max_heaps(), 2);
        assert_eq!(rules("4.7").digit(0).heaps, 4);
        assert_eq!(rules("0.1777").max_removed(), 4);
        assert_eq!(rules("0.160").to_string(), "0.16");
    }

    #[test]
    fn larger_digits_and_modifiers() {
        let g = rules("grundy");
        assert_eq!(g.to_string(), "4!.0");
        assert_eq!(g.digit(0).constraint, Constraint::Unequal);
        assert_eq!(g.name(), Some("grundy"));
        assert_eq!(rules("Kayles").to_string(), "0.77");
        assert_eq!(rules("dawson").name(), Some("dawson"));
        assert_eq!(rules("0.770").title(), Some("Kayles"));
        assert_eq!(rules("4!.0").title(), Some("Grundy's game"));
        assert_eq!(rules("0.137").title(), None);
        assert_eq!(rules("0.F").digit(1).heaps, 15);
        assert_eq!(rules("0.f").max_heaps(), 3);
        assert_eq!(rules("0.&64;").digit(1).heaps, 64);
        assert_eq!(rules("0.&64;").to_string(), "0.&64;");
        assert_eq!(rules("0.V?").digit(1).constraint, Constraint::NotAllEqual);
        assert_eq!(rules("8=.1").digit(0).constraint, Constraint::AllEqual);
    }

    #[test]
    fn subtraction_sets_are_digit_3() {
        for text in ["{1,2,3}", "1,2,3", " { 1, 2, 3 } ", "3,2,1"] {
            assert_eq!(rules(text).to_string(), "0.333", "{text}");
        }
        assert_eq!(rules("{2,5}").subtraction_set(), Some(vec![2, 5]));
        assert_eq!(rules("{4}").to_string(), "0.0003");
        assert!(rules("0.33").is_subtraction());
        assert!(!rules("0.77").is_subtraction());
    }

    #[test]
    fn malformed_codes_name_the_character_and_column() {
        let cases: &[(&str, &str)] = &[
            ("0.7x7", "'x' at column 4"),
            ("0.", "column 3"),
            ("077", "'7' at column 2"),
            ("0", "column 2"),
            ("4", "'.'"),
            ("", "empty"),
            ("  ", "empty"),
            ("0.7!!", "'!' at column 5"),
            ("!.7", "'!' at column 1"),
            ("0.&12", "';'"),
            ("0.&;", "&; needs a number"),
            ("0.&99999999999999999999;", "too large"),
            ("0.W", "'W' at column 3"),
            ("0..7", "'.' at column 3"),
            ("7.0", "digit '7' at column 1"),
            ("2.4", "position 0"),
            ("{1,,2}", "column 4"),
            ("{1,2", "'}'"),
            ("1,0", "at least one token"),
            ("{1,a}", "'a' at column 4"),
            ("kayle", "'a' at column 2"),
            ("xyz", "'x' at column 1"),
        ];
        for (text, needle) in cases {
            let err = text.parse::<TakeAndBreak>().unwrap_err().to_string();
            assert!(err.contains(needle), "{text:?}: {err:?} lacks {needle:?}");
            assert!(!err.contains('\n'));
        }
    }

    #[test]
    fn a_long_code_is_named_short() {
        let code = format!("0.{}x", "7".repeat(1_000_000));
        let err = code.parse::<TakeAndBreak>().unwrap_err().to_string();
        assert!(err.len() < 200, "{} bytes", err.len());
        assert!(err.contains("'x' at column 1000003"), "{err}");
        assert!(err.contains("(1000003 bytes)"), "{err}");
        let set = format!("1,{}", "9".repeat(1_000_000));
        let err = set.parse::<TakeAndBreak>().unwrap_err().to_string();
        assert!(err.len() < 200 && err.contains("(1000000 digits)"), "{err}");
    }

    #[test]
    fn display_round_trips() {
        for code in [
            "0.77", "4!.0", "0.137", "0.&100;!", "C.3F?", "0.0003", "4.7",
        ] {
            assert_eq!(rules(&rules(code).to_string()), rules(code), "{code}");
        }
    }

    #[test]
    fn partitions_are_counted_right() {
        // Partitions of 10 into 3 parts: 8 of them.
        let mut count = 0;
        partitions(10, 3, 1, &mut Vec::new(), &mut |_| count += 1);
        assert_eq!(count, 8);
        assert!(fits(Constraint::Unequal, &[1, 2, 7]));
        assert!(!fits(Constraint::Unequal, &[1, 1, 8]));
        assert!(fits(Constraint::NotAllEqual, &[1, 1, 8]));
        assert!(!fits(Constraint::NotAllEqual, &[3, 3, 3]));
        assert!(fits(Constraint::AllEqual, &[3, 3, 3]));
    }
}
