//! Pile lists: `parse::numbers_from_text` (standard input, contest inputs) and
//! `parse::numbers_from_args` (command-line values).
//!
//! Invariants: both readers agree with a plain reference (split on ASCII white space, each token
//! all digits and at most 2^64 − 1); an error names the first bad token and the line and column
//! where it starts; accepted numbers printed back read back equal.
#![no_main]

use grundy::parse::{self, ParseError, Place};
use libfuzzer_sys::fuzz_target;

/// The reference: each token's value, or the first bad token with its byte offset.
fn reference(bytes: &[u8]) -> Result<Vec<u64>, (usize, &[u8])> {
    let mut numbers = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() {
        if bytes[pos].is_ascii_whitespace() {
            pos += 1;
            continue;
        }
        let start = pos;
        while pos < bytes.len() && !bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        let token = &bytes[start..pos];
        let value = token
            .iter()
            .all(u8::is_ascii_digit)
            .then(|| std::str::from_utf8(token).ok()?.parse::<u64>().ok())
            .flatten();
        match value {
            Some(v) => numbers.push(v),
            None => return Err((start, token)),
        }
    }
    Ok(numbers)
}

fn line_and_column(bytes: &[u8], at: usize) -> Place {
    let before = &bytes[..at];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    Place::Line {
        line: before.iter().filter(|&&b| b == b'\n').count() + 1,
        column: at - line_start + 1,
    }
}

fuzz_target!(|bytes: &[u8]| {
    let got = parse::numbers_from_text(bytes);
    match (reference(bytes), &got) {
        (Ok(numbers), Ok(read)) => assert_eq!(&numbers, read),
        (Ok(numbers), Err(ParseError::Empty)) => assert!(numbers.is_empty()),
        (
            Err((at, token)),
            Err(ParseError::BadNumber {
                token: t, place, ..
            }),
        ) => {
            // The error shows the token's start (all of a short one).
            assert!(String::from_utf8_lossy(token).starts_with(t.shown()));
            assert_eq!(t.is_whole(), token.len() <= grundy::parse::Token::SHOWN);
            assert_eq!(*place, line_and_column(bytes, at));
        }
        (expected, got) => panic!("reference {expected:?}, reader {got:?}"),
    }
    if let Ok(numbers) = &got {
        let text = numbers
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" \n");
        assert_eq!(
            parse::numbers_from_text(text.as_bytes()).as_ref(),
            Ok(numbers)
        );
    }

    // The same tokens as command-line values (which cannot hold a non-UTF-8 byte).
    if let Ok(text) = std::str::from_utf8(bytes) {
        let args: Vec<&str> = text.split_ascii_whitespace().collect();
        match (parse::numbers_from_args(&args), got) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(ParseError::Empty), Err(ParseError::Empty)) => {}
            (
                Err(ParseError::BadNumber {
                    token: a,
                    problem: pa,
                    ..
                }),
                Err(ParseError::BadNumber {
                    token: b,
                    problem: pb,
                    ..
                }),
            ) => {
                assert_eq!((a, pa), (b, pb));
            }
            (a, b) => panic!("arguments {a:?}, text {b:?}"),
        }
    }
});
