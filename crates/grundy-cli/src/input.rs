//! Where positions come from: the command line, or standard input when it has none; and the
//! limits on how much input is read.

use std::io::{IsTerminal, Read};
use std::os::fd::AsFd;
use std::path::Path;
use std::sync::OnceLock;

use anyhow::{Context, bail};
use grundy::parse::{self, NumberProblem, NumberReader, ParseError, Place, Shape, Token};
use grundy::registry;
use grundy::ruleset::Setup;

/// How much input any command reads: set once from the global flags, before the command runs.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct InputLimits {
    /// The most bytes read from standard input or from an input file (a graph, a script).
    #[arg(long, global = true, value_name = "BYTES", default_value_t = InputLimits::DEFAULT.max_input, value_parser = crate::input::count::<u64>)]
    pub max_input: u64,
    /// The most numbers in one position: piles, cells, stones or steps.
    #[arg(long, global = true, value_name = "N", default_value_t = InputLimits::DEFAULT.max_piles, value_parser = crate::input::count::<usize>)]
    pub max_piles: usize,
}

impl InputLimits {
    /// 1 GiB of input and a hundred million piles: a few GB of memory at most.
    pub const DEFAULT: InputLimits = InputLimits {
        max_input: 1 << 30,
        max_piles: 100_000_000,
    };
}

static LIMITS: OnceLock<InputLimits> = OnceLock::new();

/// Sets the limits for the rest of the process (the first call wins).
pub fn set_limits(limits: InputLimits) {
    let _ = LIMITS.set(limits);
}

fn limits() -> InputLimits {
    LIMITS.get().copied().unwrap_or(InputLimits::DEFAULT)
}

/// The numbers given as arguments, or else every number on standard input; at most --max-piles.
pub fn numbers(args: &[String], what: &str) -> anyhow::Result<Vec<u64>> {
    let numbers = if args.is_empty() {
        tell_when_typing(&format!("{what}s"));
        numbers_in(std::io::stdin().lock(), "standard input", what)?
    } else {
        parse::numbers_from_args(args).with_context(|| format!("bad {what}"))?
    };
    check_count(numbers.len(), what)?;
    Ok(numbers)
}

/// Every number `reader` holds (`source` names it in errors: "standard input", a file), at most
/// --max-input bytes.
fn numbers_in(reader: impl Read, source: &str, what: &str) -> anyhow::Result<Vec<u64>> {
    let limits = limits();
    let on = if source == "standard input" {
        "on"
    } else {
        "in"
    };
    match read_numbers(reader, BLOCK, limits) {
        Err(ReadError::Parse(ParseError::Empty)) => {
            bail!("no {what}s given: pass them as arguments or {on} {source}")
        }
        Err(ReadError::Parse(e)) => Err(e).with_context(|| format!("bad {what} {on} {source}")),
        Err(ReadError::Io(e)) => Err(e).with_context(|| format!("cannot read {source}")),
        Err(ReadError::TooLong) => bail!(
            "{source} is larger than {} bytes (raise --max-input)",
            limits.max_input
        ),
        Ok(numbers) => Ok(numbers),
    }
}

/// The parameters and numbers that the position's words stand for, when they are not plain
/// numbers: one word `@FILE`, or `-` for standard input (where `stdin` is free for it), is that
/// file's text, read in the ruleset's own format (Hackenbush's edge lines,
/// [`registry::read_text`]) or else as numbers; other words as the ruleset reads them
/// ([`registry::read_words`]). `None` when the words are numbers, or there are none.
pub fn read_position(
    setup: &Setup,
    words: &[String],
    stdin: bool,
) -> anyhow::Result<Option<(Setup, Vec<u64>)>> {
    let (source, bytes) = match words {
        [word] if word == "-" && stdin => ("standard input".to_string(), stdin_bytes()?),
        [word] if word == "-" => {
            bail!("a game reads its moves from standard input: give the position as @FILE")
        }
        [word] if word.starts_with('@') => {
            let path = Path::new(&word[1..]);
            let bytes = file_bytes(path, "the position")?;
            (path.display().to_string(), bytes)
        }
        _ => return Ok(registry::read_words(setup, words)?),
    };
    if let Some(read) = registry::read_text(setup, &bytes).with_context(|| source.clone())? {
        return Ok(Some(read));
    }
    let numbers = numbers_in(&bytes[..], &source, "number")?;
    check_count(numbers.len(), "number")?;
    Ok(Some((setup.clone(), numbers)))
}

/// Refuses `count` numbers in one position (`what`s: "pile", "heap") past --max-piles.
pub fn check_count(count: usize, what: &str) -> anyhow::Result<()> {
    let max = limits().max_piles;
    if count > max {
        bail!("too many {what}s: {count} given, at most {max} (raise --max-piles)");
    }
    Ok(())
}

/// All of `file`, refused once it passes --max-input bytes; `what` names it in errors. When the
/// file's size is known (a regular file), the buffer is allocated once.
fn read_bounded(file: std::fs::File, what: &str) -> anyhow::Result<Vec<u8>> {
    let max = limits().max_input;
    let known = file.metadata().map_or(0, |m| m.len());
    let mut bytes = Vec::with_capacity(usize::try_from(known.min(max) + 1).unwrap_or(0));
    file.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {what}"))?;
    if bytes.len() as u64 > max {
        bail!("{what} is larger than {max} bytes (raise --max-input)");
    }
    Ok(bytes)
}

/// All of the file at `path`, at most --max-input bytes; `what` ("the script") names it in errors.
pub fn file_bytes(path: &Path, what: &str) -> anyhow::Result<Vec<u8>> {
    let what = format!("{what} {}", path.display());
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {what}"))?;
    read_bounded(file, &what)
}

/// An unsigned integer type a numeric flag takes.
pub trait Count: TryFrom<u64> + Clone + Send + Sync + 'static {
    /// Its largest value.
    const MAX: u64;
}

impl Count for u16 {
    const MAX: u64 = u16::MAX as u64;
}

impl Count for u32 {
    const MAX: u64 = u32::MAX as u64;
}

impl Count for u64 {
    const MAX: u64 = u64::MAX;
}

impl Count for usize {
    const MAX: u64 = usize::MAX as u64;
}

/// Reads a numeric flag's value (clap's value parser for every numeric flag), saying in words
/// what is wrong: "larger than 65535", "negative; counts are 0 or more".
pub fn count<T: Count>(text: &str) -> Result<T, String> {
    let value = parse::parse_u64(text).map_err(|problem| problem.to_string())?;
    T::try_from(value).map_err(|_| format!("larger than {}, the most it takes", T::MAX))
}

/// When standard input is a terminal, says on standard error that `what` ("piles") are read from
/// it and how to end, so that a command waiting for input does not look stuck.
pub fn tell_when_typing(what: &str) {
    if std::io::stdin().is_terminal() {
        eprintln!(
            "grundy: reading {what} from standard input; end with Ctrl-D (Ctrl-Z then Enter on Windows), or pass them as arguments"
        );
    }
}

/// Bytes read from standard input at a time.
const BLOCK: usize = 1 << 16;

/// A token longer than this is not kept whole while it is read: no number needs more digits,
/// except with leading zeros, which [`LongToken`] reads one digit at a time.
const LONGEST: usize = 64;

/// Why [`read_numbers`] stopped.
#[derive(Debug)]
enum ReadError {
    Parse(ParseError),
    Io(std::io::Error),
    /// More than --max-input bytes.
    TooLong,
}

/// Every number in `source`, read `block` bytes at a time: memory holds the numbers and one
/// block, and a token too long to be a number is measured, not kept. Stops early, with the
/// numbers so far, once there are more than --max-piles of them.
fn read_numbers(
    mut source: impl Read,
    block: usize,
    limits: InputLimits,
) -> Result<Vec<u64>, ReadError> {
    let mut numbers = Vec::new();
    let mut buffer: Vec<u8> = Vec::with_capacity(block + LONGEST);
    // Where `buffer[0]` is in the whole input.
    let mut at = Spot { line: 1, column: 1 };
    let mut long: Option<LongToken> = None;
    let mut total = 0u64;
    loop {
        let kept = buffer.len();
        buffer.resize(kept + block, 0);
        let read = loop {
            match source.read(&mut buffer[kept..]) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                other => break other.map_err(ReadError::Io)?,
            }
        };
        buffer.truncate(kept + read);
        total += read as u64;
        if total > limits.max_input {
            return Err(ReadError::TooLong);
        }
        let end = read == 0;
        let mut from = 0;
        if let Some(token) = &mut long {
            let stop = buffer
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(buffer.len());
            token.feed(&buffer[..stop]);
            at.column += stop;
            if stop == buffer.len() && !end {
                buffer.clear();
                continue;
            }
            let token = long.take().expect("a long token is being read");
            numbers.push(token.finish().map_err(ReadError::Parse)?);
            from = stop;
        }
        // Only whole tokens are read now: the last one may go on in the next block.
        let cut = if end {
            buffer.len()
        } else {
            buffer[from..]
                .iter()
                .rposition(u8::is_ascii_whitespace)
                .map_or(from, |i| from + i + 1)
        };
        let whole = &buffer[from..cut];
        let mut reader = NumberReader::new(whole);
        while let Some(n) = reader
            .next_u64()
            .map_err(|e| ReadError::Parse(at.shift(e)))?
        {
            numbers.push(n);
        }
        at.advance(whole);
        if end || numbers.len() > limits.max_piles {
            break;
        }
        if buffer.len() - cut > LONGEST {
            long = Some(LongToken::new(&buffer[cut..], at.place()));
            at.column += buffer.len() - cut;
            buffer.clear();
        } else {
            buffer.drain(..cut);
        }
    }
    if numbers.is_empty() {
        return Err(ReadError::Parse(ParseError::Empty));
    }
    Ok(numbers)
}

/// A line and column (from 1) in the whole input.
#[derive(Clone, Copy)]
struct Spot {
    line: usize,
    column: usize,
}

impl Spot {
    fn place(self) -> Place {
        Place::Line {
            line: self.line,
            column: self.column,
        }
    }

    /// Moves past `bytes`.
    fn advance(&mut self, bytes: &[u8]) {
        match bytes.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                self.line += bytes.iter().filter(|&&b| b == b'\n').count();
                self.column = bytes.len() - last;
            }
            None => self.column += bytes.len(),
        }
    }

    /// `error`, found in a block that starts here, with its place in the whole input.
    fn shift(self, error: ParseError) -> ParseError {
        match error {
            ParseError::BadNumber {
                token,
                place: Place::Line { line, column },
                problem,
            } => ParseError::BadNumber {
                token,
                place: Place::Line {
                    line: self.line + line - 1,
                    column: if line == 1 {
                        self.column + column - 1
                    } else {
                        column
                    },
                },
                problem,
            },
            other => other,
        }
    }
}

/// A token longer than [`LONGEST`], read piece by piece: its first bytes, its shape and its value
/// (leading zeros make any length a number).
struct LongToken {
    start: Vec<u8>,
    shape: Shape,
    value: Option<u64>,
    place: Place,
}

impl LongToken {
    fn new(bytes: &[u8], place: Place) -> LongToken {
        let mut token = LongToken {
            start: Vec::with_capacity(Token::SHOWN),
            shape: Shape::default(),
            value: Some(0),
            place,
        };
        token.feed(bytes);
        token
    }

    fn feed(&mut self, bytes: &[u8]) {
        let room = Token::SHOWN - self.start.len();
        self.start.extend(&bytes[..room.min(bytes.len())]);
        self.shape.feed(bytes);
        self.value = self.value.and_then(|value| {
            bytes.iter().try_fold(value, |v, &b| {
                let digit = b.checked_sub(b'0').filter(|&d| d <= 9)?;
                v.checked_mul(10)?.checked_add(u64::from(digit))
            })
        });
    }

    fn finish(self) -> Result<u64, ParseError> {
        match (self.shape.problem(), self.value) {
            (None, Some(value)) => Ok(value),
            (problem, _) => Err(ParseError::BadNumber {
                token: Token::from_start(&self.start, self.shape.len(), self.shape.all_digits()),
                place: self.place,
                problem: problem.unwrap_or(NumberProblem::TooLarge),
            }),
        }
    }
}

/// All of standard input, at most --max-input bytes.
pub fn stdin_bytes() -> anyhow::Result<Vec<u8>> {
    let stdin = std::io::stdin();
    let file = std::fs::File::from(
        stdin
            .as_fd()
            .try_clone_to_owned()
            .context("cannot read standard input")?,
    );
    read_bounded(file, "standard input")
}

/// A positive number of seconds; beyond what a clock can count, no limit.
pub fn seconds(text: &str) -> Result<std::time::Duration, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if s.is_nan() || s <= 0.0 {
        return Err(format!("'{text}': the time limit must be positive"));
    }
    Ok(std::time::Duration::try_from_secs_f64(s).unwrap_or(std::time::Duration::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reading a block at a time gives what reading the whole text at once gives: the same
    /// numbers, or the same error at the same place, whatever the block size.
    #[test]
    fn blocks_read_what_the_whole_text_reads() {
        let long_zeros = format!("{}12", "0".repeat(200));
        let long_digits = "7".repeat(200);
        let long_word = format!("12{}", "x".repeat(150));
        let texts = [
            "1 2 3".to_string(),
            " 10\n20\t30 \n".to_string(),
            "1 2\n3 4x 5\n".to_string(),
            "18446744073709551615 18446744073709551616".to_string(),
            format!("5\n {long_zeros} 6"),
            format!("5\n {long_digits}\n6"),
            format!("5 6\n\n  {long_word} 6"),
            long_digits.clone(),
            "-3 1".to_string(),
            "   \n ".to_string(),
            "1.5".to_string(),
        ];
        let limits = InputLimits::DEFAULT;
        for text in &texts {
            let whole = parse::numbers_from_text(text.as_bytes());
            for block in [1, 2, 3, 7, 64, 65, 100, 1 << 16] {
                let blocks = read_numbers(text.as_bytes(), block, limits).map_err(|e| match e {
                    ReadError::Parse(e) => e,
                    other => panic!("{other:?}"),
                });
                assert_eq!(blocks, whole, "{text:?} in blocks of {block}");
            }
        }
    }

    #[test]
    fn a_long_token_is_named_short_with_its_length() {
        let text = format!("1 2\n 3 {}", "7".repeat(5_000_000));
        let err = read_numbers(text.as_bytes(), BLOCK, InputLimits::DEFAULT).unwrap_err();
        let ReadError::Parse(err) = err else {
            panic!("{err:?}")
        };
        assert_eq!(
            err.to_string(),
            "line 2, column 4: '777777777777777777777777…' (5000000 digits) is larger than 18446744073709551615 (2^64 - 1)"
        );
    }

    #[test]
    fn input_past_the_limit_is_refused() {
        let limits = InputLimits {
            max_input: 10,
            max_piles: 100,
        };
        assert!(matches!(
            read_numbers(&b"1 2 3 4 5 6"[..], 4, limits),
            Err(ReadError::TooLong)
        ));
        assert_eq!(
            read_numbers(&b"1 2 3 4 5"[..], 4, limits).unwrap(),
            [1, 2, 3, 4, 5]
        );
    }
}
