//! The readers of typed moves that the rulesets share.

use super::{MoveError, Notation};
use crate::parse::{Token, parse_u64};

/// Reads a move written as two whole numbers, separated by spaces or a comma.
///
/// # Errors
/// [`MoveError::Malformed`] for anything else.
pub(crate) fn two_numbers(text: &str, notation: Notation) -> Result<(u64, u64), MoveError> {
    match move_numbers(text, notation)?[..] {
        [a, b] => Ok((a, b)),
        _ => Err(malformed(text, notation)),
    }
}

/// Reads a move written as whole numbers, separated by spaces or commas.
///
/// # Errors
/// [`MoveError::Malformed`] for anything else.
pub(crate) fn move_numbers(text: &str, notation: Notation) -> Result<Vec<u64>, MoveError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(parse_u64)
        .collect::<Result<Vec<u64>, _>>()
        .map_err(|_| malformed(text, notation))
}

/// The refusal of `text`, which does not have the ruleset's form.
pub(crate) fn malformed(text: &str, notation: Notation) -> MoveError {
    MoveError::Malformed {
        input: Token::new(text.trim()),
        notation,
    }
}

/// Reads a move written as `keyword` followed by `count` whole numbers (`both 2`, `split 1 3`),
/// the keyword in any case: `None` when the text does not start with the keyword.
///
/// # Errors
/// [`MoveError::Malformed`] when the keyword is followed by anything else.
pub(crate) fn keyword_numbers(
    text: &str,
    keyword: &str,
    count: usize,
    notation: Notation,
) -> Result<Option<Vec<u64>>, MoveError> {
    let mut tokens = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty());
    if !tokens
        .next()
        .is_some_and(|t| t.eq_ignore_ascii_case(keyword))
    {
        return Ok(None);
    }
    let numbers: Result<Vec<u64>, _> = tokens.map(parse_u64).collect();
    match numbers {
        Ok(numbers) if numbers.len() == count => Ok(Some(numbers)),
        _ => Err(malformed(text, notation)),
    }
}
