//! Reading numbers from user input, with errors that name the token and where it was.

use std::fmt;

/// Where a token was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The n-th value on the command line, from 1.
    Arg(usize),
    /// A line and column of a text, both from 1.
    Line {
        /// Line number, from 1.
        line: usize,
        /// Column (byte offset in the line), from 1.
        column: usize,
    },
}

impl Place {
    /// The line and column (both from 1) of byte `at` of `text`; `at` may be the end of `text`.
    pub fn of_byte(text: &[u8], at: usize) -> Place {
        let before = &text[..at.min(text.len())];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        Place::Line {
            line: before.iter().filter(|&&b| b == b'\n').count() + 1,
            column: at - line_start + 1,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Arg(n) => write!(f, "value {n}"),
            Place::Line { line, column } => write!(f, "line {line}, column {column}"),
        }
    }
}

/// A token of the input as an error shows it, quoted: whole when short, otherwise its first
/// [`Token::SHOWN`] bytes and its length (`'7777777777777777…' (1000000000 digits)`), so that a
/// message stays one short line whatever was typed. Holds at most the bytes shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    shown: String,
    length: usize,
    digits: bool,
}

impl Token {
    /// The most bytes shown of a token (fewer when that would cut a character).
    pub const SHOWN: usize = 24;

    /// The token `text`.
    pub fn new(text: &str) -> Token {
        let digits = text.bytes().all(|b| b.is_ascii_digit());
        Token::from_start(text.as_bytes(), text.len(), digits)
    }

    /// A token known by its first bytes (all of them, or at least [`Token::SHOWN`]) and its
    /// whole `length` in bytes; `digits` says whether every byte is a digit.
    pub fn from_start(start: &[u8], length: usize, digits: bool) -> Token {
        let start = &start[..start.len().min(Self::SHOWN).min(length)];
        // Bad bytes show as U+FFFD, as they would in the whole token.
        let shown = String::from_utf8_lossy(uncut(start, length)).into_owned();
        Token {
            shown,
            length,
            digits,
        }
    }

    /// The shown text, without quotes (all of a short token).
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// Whether the whole token is shown.
    pub fn is_whole(&self) -> bool {
        self.length <= Self::SHOWN
    }
}

/// `start` without a character that the end of `start` cuts (the token being `length` bytes
/// long), so that what it shows is the start of what the whole token shows.
fn uncut(start: &[u8], length: usize) -> &[u8] {
    if start.len() >= length {
        return start;
    }
    // The last byte that is not a continuation byte (10xxxxxx), among the last four.
    let Some(back) =
        (1..=start.len().min(4)).find(|&back| start[start.len() - back] & 0xC0 != 0x80)
    else {
        return start;
    };
    let lead = start[start.len() - back];
    let needs = match lead {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    if needs > back {
        &start[..start.len() - back]
    } else {
        start
    }
}

/// `text` (a message from elsewhere, such as a script engine's) with every word longer than
/// [`Token::SHOWN`] bytes shown as a [`Token`]: cut short, with its length.
pub fn shorten_words(text: &str) -> String {
    if text
        .split_whitespace()
        .all(|word| word.len() <= Token::SHOWN)
    {
        return text.to_string();
    }
    let mut short = String::with_capacity(text.len().min(1024));
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        short.push_str(&rest[..start]);
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        if word.len() > Token::SHOWN {
            short.push_str(&Token::new(word).to_string());
        } else {
            short.push_str(word);
        }
        rest = &rest[end..];
    }
    short.push_str(rest);
    short
}

impl From<&str> for Token {
    fn from(text: &str) -> Token {
        Token::new(text)
    }
}

impl fmt::Display for Token {
    /// Quoted, control characters escaped (a line break typed into a move shows as `\n`), so
    /// that the message stays on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: String = self
            .shown
            .chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect();
        if self.is_whole() {
            write!(f, "'{shown}'")
        } else {
            let unit = if self.digits { "digits" } else { "bytes" };
            write!(f, "'{shown}…' ({} {unit})", self.length)
        }
    }
}

/// What is wrong with a token that should be a natural number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NumberProblem {
    /// Not made of digits.
    NotANumber,
    /// Starts with a minus sign.
    Negative,
    /// Has a decimal point.
    Decimal,
    /// Above 2^64 − 1.
    TooLarge,
}

impl fmt::Display for NumberProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberProblem::NotANumber => "not a whole number",
            NumberProblem::Negative => "negative; counts are 0 or more",
            NumberProblem::Decimal => "a decimal; counts are whole numbers",
            NumberProblem::TooLarge => "larger than 18446744073709551615 (2^64 - 1)",
        })
    }
}

/// A bad number in the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A token that is not a natural number.
    #[error("{place}: {token} is {problem}")]
    BadNumber {
        /// The token as typed.
        token: Token,
        /// Where it was.
        place: Place,
        /// What is wrong with it.
        problem: NumberProblem,
    },
    /// No numbers at all.
    #[error("no numbers in the input")]
    Empty,
}

/// Parses one natural number that fits in 64 bits.
///
/// # Errors
/// The [`NumberProblem`] with the token.
pub fn parse_u64(token: &str) -> Result<u64, NumberProblem> {
    let bytes = token.as_bytes();
    let mut shape = Shape::default();
    shape.feed(bytes);
    if let Some(problem) = shape.problem() {
        return Err(problem);
    }
    bytes.iter().try_fold(0u64, |acc, &b| {
        acc.checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(b - b'0')))
            .ok_or(NumberProblem::TooLarge)
    })
}

/// What a token is made of, learnt a piece at a time, so that a token too long to keep can still
/// be named and classified once it ends.
#[derive(Clone, Copy, Debug, Default)]
pub struct Shape {
    length: usize,
    minus_first: bool,
    points: usize,
    digits: usize,
}

impl Shape {
    /// Takes in the next bytes of the token.
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.length == 0 {
            self.minus_first = bytes.first() == Some(&b'-');
        }
        self.length += bytes.len();
        for &b in bytes {
            self.points += usize::from(b == b'.');
            self.digits += usize::from(b.is_ascii_digit());
        }
    }

    /// The length in bytes so far.
    pub fn len(&self) -> usize {
        self.length
    }

    /// Whether nothing was fed yet.
    pub fn is_empty(&self) -> bool {
        self.length == 0
    }

    /// Whether every byte is a digit (and there is one).
    pub fn all_digits(&self) -> bool {
        self.length > 0 && self.digits == self.length
    }

    /// What keeps the token from being a number, or `None` when it is all digits (a number, or
    /// [`NumberProblem::TooLarge`] when it has too many of them).
    pub fn problem(&self) -> Option<NumberProblem> {
        if self.minus_first && self.length > 1 {
            Some(NumberProblem::Negative)
        } else if self.all_digits() {
            None
        } else if self.points == 1 && self.digits > 0 && self.digits + 1 == self.length {
            Some(NumberProblem::Decimal)
        } else {
            Some(NumberProblem::NotANumber)
        }
    }

    /// The problem of a token known to be bad: [`NumberProblem::TooLarge`] when it is all digits.
    pub fn bad(&self) -> NumberProblem {
        self.problem().unwrap_or(NumberProblem::TooLarge)
    }
}

/// Parses command-line values as natural numbers; values are numbered from 1 in errors.
///
/// # Errors
/// The first bad value, or [`ParseError::Empty`] if there are none.
pub fn numbers_from_args<S: AsRef<str>>(args: &[S]) -> Result<Vec<u64>, ParseError> {
    if args.is_empty() {
        return Err(ParseError::Empty);
    }
    args.iter()
        .enumerate()
        .map(|(i, a)| {
            parse_u64(a.as_ref()).map_err(|problem| ParseError::BadNumber {
                token: Token::new(a.as_ref()),
                place: Place::Arg(i + 1),
                problem,
            })
        })
        .collect()
}

/// A fast reader of whitespace-separated natural numbers from a byte buffer.
///
/// The hot loop is a digit loop with an overflow check; line and column are only worked out
/// when a token is bad, so reading costs about as much as hand-written C.
#[derive(Clone, Debug)]
pub struct NumberReader<'a> {
    bytes: &'a [u8],
    pos: usize,
    start: usize,
}

impl<'a> NumberReader<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        NumberReader {
            bytes,
            pos: 0,
            start: 0,
        }
    }

    /// The next number, or `None` at the end of the input.
    ///
    /// # Errors
    /// [`ParseError::BadNumber`] with the token's line and column.
    #[inline]
    pub fn next_u64(&mut self) -> Result<Option<u64>, ParseError> {
        let bytes = self.bytes;
        let mut pos = self.pos;
        while pos < bytes.len() && bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if pos == bytes.len() {
            self.pos = pos;
            return Ok(None);
        }
        let start = pos;
        self.start = start;
        // The first up to eight digits at once when eight bytes are there (SWAR), then one by one.
        // Up to 19 digits cannot overflow a u64, so the loop does no overflow check; a 20-digit
        // token is re-read with checks, and a longer one is too large.
        let mut value: u64 = 0;
        if let Some(chunk) = bytes.get(pos..pos + 8) {
            let (digits, parsed) =
                eight_digits(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
            value = parsed;
            pos += digits;
        }
        while pos < bytes.len() {
            let d = bytes[pos].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            value = value.wrapping_mul(10).wrapping_add(u64::from(d));
            pos += 1;
        }
        let digits = pos - start;
        if digits >= 20 {
            match std::str::from_utf8(&bytes[start..pos]).ok().map(parse_u64) {
                Some(Ok(v)) => value = v,
                _ => return Err(self.bad_token(start)),
            }
        }
        if digits == 0 || (pos < bytes.len() && !bytes[pos].is_ascii_whitespace()) {
            return Err(self.bad_token(start));
        }
        self.pos = pos;
        Ok(Some(value))
    }

    /// The next whitespace-separated token as it is written (for inputs that are not numbers:
    /// strings of digits whose leading zeros count, rows of a board), or `None` at the end of the
    /// input. [`NumberReader::last_place`] then names where it starts.
    pub fn next_word(&mut self) -> Option<&'a [u8]> {
        let bytes = self.bytes;
        let start = self.pos
            + bytes[self.pos..]
                .iter()
                .position(|b| !b.is_ascii_whitespace())?;
        let end = bytes[start..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(bytes.len(), |i| start + i);
        self.start = start;
        self.pos = end;
        Some(&bytes[start..end])
    }

    /// Line and column (from 1) of the reader's position, or of byte `at`.
    pub fn place_of(&self, at: usize) -> Place {
        Place::of_byte(self.bytes, at)
    }

    /// Line and column of the last token read (the end of the input does not count as one).
    pub fn last_place(&self) -> Place {
        self.place_of(self.start)
    }

    #[cold]
    fn bad_token(&self, start: usize) -> ParseError {
        let end = self.bytes[start..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(self.bytes.len(), |i| start + i);
        let token = &self.bytes[start..end];
        let mut shape = Shape::default();
        shape.feed(token);
        ParseError::BadNumber {
            token: Token::from_start(token, token.len(), shape.all_digits()),
            place: self.place_of(start),
            problem: shape.bad(),
        }
    }
}

/// The number of leading ASCII digits in eight bytes (first byte lowest) and their value.
#[inline]
fn eight_digits(chunk: u64) -> (usize, u64) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Per byte: zero iff the byte is a digit (high nibble 3, low nibble at most 9). No carry
    // crosses a byte: low nibble + 6 is at most 21.
    let not_digit = ((chunk & (0xF0 * ONES)) ^ (0x30 * ONES))
        | (((chunk & (0x0F * ONES)) + 6 * ONES) & (0x10 * ONES));
    // Per byte: high bit set iff the byte is non-zero ((y & 0x7F) + 0x7F never carries).
    let flags = ((((not_digit & (0x7F * ONES)) + 0x7F * ONES) | not_digit) & (0x80 * ONES))
        .trailing_zeros();
    let digits = (flags / 8) as usize;
    if digits == 0 {
        return (0, 0);
    }
    // Keep the digits' values, moved up so the missing ones are leading zeros, and combine pairs,
    // then pairs of pairs, then the two halves.
    let mut v = (chunk.wrapping_sub(0x30 * ONES)) << (8 * (8 - digits));
    v = (v.wrapping_mul(10) + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
    v = v.wrapping_mul(10_000) + (v >> 32);
    (digits, v & 0xFFFF_FFFF)
}

/// Reads every number in `text`.
///
/// # Errors
/// The first bad token, or [`ParseError::Empty`] if there is no number.
pub fn numbers_from_text(text: &[u8]) -> Result<Vec<u64>, ParseError> {
    let mut reader = NumberReader::new(text);
    let mut numbers = Vec::new();
    while let Some(n) = reader.next_u64()? {
        numbers.push(n);
    }
    if numbers.is_empty() {
        return Err(ParseError::Empty);
    }
    Ok(numbers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_come_as_written_with_their_place() {
        let mut reader = NumberReader::new(b"  007\n#.#\t 12 \n\n");
        assert_eq!(reader.next_word(), Some(&b"007"[..]));
        assert_eq!(reader.last_place(), Place::Line { line: 1, column: 3 });
        assert_eq!(reader.next_word(), Some(&b"#.#"[..]));
        assert_eq!(reader.next_u64(), Ok(Some(12)));
        assert_eq!(reader.last_place(), Place::Line { line: 2, column: 6 });
        assert_eq!(reader.next_word(), None);
        assert_eq!(reader.next_u64(), Ok(None));
    }

    #[test]
    fn each_kind_of_bad_token_is_named() {
        assert_eq!(parse_u64("-3"), Err(NumberProblem::Negative));
        assert_eq!(parse_u64("3.5"), Err(NumberProblem::Decimal));
        assert_eq!(parse_u64("x1"), Err(NumberProblem::NotANumber));
        assert_eq!(
            parse_u64("18446744073709551616"),
            Err(NumberProblem::TooLarge)
        );
        assert_eq!(parse_u64("18446744073709551615"), Ok(u64::MAX));
    }

    #[test]
    fn a_token_with_a_line_break_is_shown_on_one_line() {
        assert_eq!(Token::new("H\n2,4\t").to_string(), "'H\\n2,4\\t'");
    }

    #[test]
    fn a_long_token_is_shown_cut_short_with_its_length() {
        let digits = "7".repeat(3_000_000);
        let err = numbers_from_args(&["1", digits.as_str()]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "value 2: '777777777777777777777777…' (3000000 digits) is larger than 18446744073709551615 (2^64 - 1)"
        );
        let text = format!("1 2\n{}x 3", "ab".repeat(1_500_000));
        let err = numbers_from_text(text.as_bytes()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 1: 'abababababababababababab…' (3000001 bytes) is not a whole number"
        );
        assert_eq!(
            shorten_words(&format!("Variable not found: {} (here)", "x".repeat(100))),
            "Variable not found: 'xxxxxxxxxxxxxxxxxxxxxxxx…' (100 bytes) (here)"
        );
        assert_eq!(shorten_words(" short\twords "), " short\twords ");
        // A number near the limit is shown whole; a character is never cut in two.
        assert_eq!(
            Token::new("18446744073709551616").to_string(),
            "'18446744073709551616'"
        );
        let wide = "堆".repeat(20);
        assert_eq!(
            Token::new(&wide).to_string(),
            "'堆堆堆堆堆堆堆堆…' (60 bytes)"
        );
    }

    /// Found by the `piles` fuzz target: a token with a bad byte early and a three-byte
    /// character cut by the 24-byte limit showed U+FFFD for the cut character.
    #[test]
    fn a_cut_character_is_left_out_after_bad_bytes_too() {
        let mut token = vec![0xe2, b'0', b'%'];
        token.extend([0; 19]);
        token.extend([0xe8, 0xa4, 0xa4, b'!']);
        let token_shown = Token::from_start(&token, token.len(), false);
        let whole = String::from_utf8_lossy(&token);
        assert!(whole.starts_with(token_shown.shown()), "{token_shown:?}");
        assert_eq!(token_shown.shown().chars().count(), 22);
        // Every cut of a token of every kind of character shows the start of the whole.
        let text = "a堆€😀\u{80}x".repeat(4);
        for length in 1..text.len() {
            let shown = Token::from_start(&text.as_bytes()[..length], text.len(), false);
            assert!(text.starts_with(shown.shown()), "{length}: {shown:?}");
        }
    }

    #[test]
    fn reader_reports_line_and_column() {
        let err = numbers_from_text(b"1 2\n3 4x 5\n").unwrap_err();
        assert_eq!(
            err,
            ParseError::BadNumber {
                token: "4x".into(),
                place: Place::Line { line: 2, column: 3 },
                problem: NumberProblem::NotANumber
            }
        );
        assert_eq!(numbers_from_text(b"  \n"), Err(ParseError::Empty));
        assert_eq!(numbers_from_text(b"7\r\n8\t9").unwrap(), vec![7, 8, 9]);
    }

    #[test]
    fn eight_digits_at_once_counts_and_reads_them() {
        for text in [
            "12345678",
            "1234567 ",
            "0000000x",
            "9\n      ",
            " 1234567",
            "87654321",
            "00000001",
            "1-------",
        ] {
            let digits = text.bytes().take_while(u8::is_ascii_digit).count();
            let value = text[..digits].parse().unwrap_or(0);
            assert_eq!(
                eight_digits(u64::from_le_bytes(text.as_bytes().try_into().unwrap())),
                (digits, value),
                "{text:?}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn eight_digits_matches_a_plain_loop(bytes: [u8; 8]) {
            let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            let value = bytes[..digits].iter().fold(0u64, |v, b| v * 10 + u64::from(b - b'0'));
            proptest::prop_assert_eq!(eight_digits(u64::from_le_bytes(bytes)), (digits, value));
        }

        #[test]
        fn reader_reads_what_a_tokenizer_reads(tokens in proptest::collection::vec("[0-9]{1,22}|[0-9]{0,3}[x.-][0-9]{0,3}", 1..8), seps in proptest::collection::vec("[ \n\t]{1,3}", 8)) {
            let text: String = tokens.iter().zip(&seps).map(|(t, s)| format!("{t}{s}")).collect();
            let expected: Result<Vec<u64>, ()> = tokens.iter().map(|t| parse_u64(t).map_err(|_| ())).collect();
            proptest::prop_assert_eq!(numbers_from_text(text.as_bytes()).map_err(|_| ()), expected);
        }
    }

    proptest::proptest! {
        #[test]
        fn reader_round_trips(values: Vec<u64>) {
            let text = values.iter().map(u64::to_string).collect::<Vec<_>>().join("\n ");
            let mut reader = NumberReader::new(text.as_bytes());
            let mut back = Vec::new();
            while let Some(v) = reader.next_u64().unwrap() { back.push(v); }
            proptest::prop_assert_eq!(back, values);
        }
    }
}
