//! Reading a contest input: numbers with the statement's limits, and errors that say the line,
//! the column and what was expected.

use anyhow::{anyhow, bail};
use grundy::parse::{NumberReader, ParseError, Place, Token};

/// A contest input being read.
pub struct Input<'a> {
    reader: NumberReader<'a>,
    limits: bool,
}

impl<'a> Input<'a> {
    /// Reads `bytes`; with `limits`, values outside the statement's ranges are errors.
    pub fn new(bytes: &'a [u8], limits: bool) -> Self {
        Input {
            reader: NumberReader::new(bytes),
            limits,
        }
    }

    /// Whether the statement's limits are checked (no `--no-limits`).
    pub fn limits(&self) -> bool {
        self.limits
    }

    /// The next number, which must be there and within `lo..=hi` (when limits are on).
    #[inline]
    pub fn read(&mut self, what: &str, lo: u64, hi: u64) -> anyhow::Result<u64> {
        match self.read_or_end(what, lo, hi)? {
            Some(v) => Ok(v),
            None => Err(self.missing(what)),
        }
    }

    /// The next number within `lo..=hi`, or `None` at the end of the input.
    #[inline]
    pub fn read_or_end(&mut self, what: &str, lo: u64, hi: u64) -> anyhow::Result<Option<u64>> {
        let value = self.reader.next_u64().map_err(|e| self.bad(e, what))?;
        if let Some(v) = value {
            self.check(what, v, lo, hi)?;
        }
        Ok(value)
    }

    /// The next whitespace-separated token as written (a string of digits whose leading zeros
    /// count, a row of a board), which must be there.
    pub fn read_word(&mut self, what: &str) -> anyhow::Result<&'a [u8]> {
        self.read_word_or_end().ok_or_else(|| self.missing(what))
    }

    /// The next whitespace-separated token as written, or `None` at the end of the input.
    pub fn read_word_or_end(&mut self) -> Option<&'a [u8]> {
        self.reader.next_word()
    }

    /// The error for the token just read by [`Input::read_word`]: where it is, what was
    /// expected and why it is not that.
    #[cold]
    pub fn bad_word(&self, word: &[u8], what: &str, why: &str) -> anyhow::Error {
        let token = Token::from_start(word, word.len(), word.iter().all(u8::is_ascii_digit));
        anyhow!(
            "{}: expected {what}, found {token} ({why})",
            self.reader.last_place()
        )
    }

    /// Where the last number read was.
    pub fn last_place(&self) -> grundy::parse::Place {
        self.reader.last_place()
    }

    /// Checks that the number just read lies in `lo..=hi` (when limits are on).
    #[inline]
    pub fn check(&self, what: &str, value: u64, lo: u64, hi: u64) -> anyhow::Result<()> {
        if self.limits && !(lo..=hi).contains(&value) {
            bail!(
                "{}: {what} {value} is out of range ({lo}..={hi})",
                self.reader.last_place()
            );
        }
        Ok(())
    }

    /// Exactly `count` numbers within `lo..=hi`, as an iterator that stops at the first error
    /// and leaves it in `error`. For the hot loops: no storage, one pass.
    pub fn stream<'s>(
        &'s mut self,
        count: u64,
        what: &'s str,
        (lo, hi): (u64, u64),
        error: &'s mut Option<anyhow::Error>,
    ) -> impl Iterator<Item = u64> + 's {
        (0..count).map_while(move |_| match self.read(what, lo, hi) {
            Ok(v) => Some(v),
            Err(e) => {
                error.get_or_insert(e);
                None
            }
        })
    }

    /// Exactly `count` numbers within `lo..=hi`.
    pub fn read_list(
        &mut self,
        count: u64,
        what: &str,
        lo: u64,
        hi: u64,
    ) -> anyhow::Result<Vec<u64>> {
        let mut list = Vec::with_capacity(count.min(1 << 20) as usize);
        for _ in 0..count {
            list.push(self.read(what, lo, hi)?);
        }
        Ok(list)
    }

    /// A mark at the current place, to name a number read after it in an error found only once
    /// the whole list is in (such as a repeated value).
    pub fn mark(&self) -> Mark<'a> {
        Mark(self.reader.clone())
    }

    /// Checks that nothing but white space is left.
    pub fn finish(&mut self) -> anyhow::Result<()> {
        match self.reader.next_u64() {
            Ok(None) => Ok(()),
            Ok(Some(v)) => bail!(
                "{}: unexpected '{v}' after the last test case",
                self.reader.last_place()
            ),
            Err(e) => Err(self.bad(e, "the end of the input")),
        }
    }

    #[cold]
    fn missing(&self, what: &str) -> anyhow::Error {
        let line = match self.reader.last_place() {
            Place::Line { line, .. } => line,
            Place::Arg(n) => n,
        };
        anyhow!("line {line}: expected {what}, found the end of the input")
    }

    #[cold]
    fn bad(&self, error: ParseError, what: &str) -> anyhow::Error {
        match error {
            ParseError::BadNumber {
                token,
                place,
                problem,
            } => {
                anyhow!("{place}: expected {what}, found {token} ({problem})")
            }
            other => anyhow!("{other}"),
        }
    }
}

/// A place in the input (see [`Input::mark`]).
pub struct Mark<'a>(NumberReader<'a>);

impl Mark<'_> {
    /// Line and column of the `nth` number (from 1) after the mark. Reads them again, so it is for
    /// errors only.
    #[cold]
    pub fn place(&self, nth: usize) -> Place {
        let mut reader = self.0.clone();
        for _ in 0..nth {
            // These numbers were read once already: they parse.
            let _ = reader.next_u64();
        }
        reader.last_place()
    }
}
