//! Where positions come from: the command line, or standard input when it has none.

use std::io::Read;
use std::os::fd::AsFd;

use anyhow::{Context, bail};
use grundy::parse::{self, ParseError};

/// The numbers given as arguments, or else every number on standard input.
pub fn numbers(args: &[String], what: &str) -> anyhow::Result<Vec<u64>> {
    if !args.is_empty() {
        return parse::numbers_from_args(args).with_context(|| format!("bad {what}"));
    }
    let text = stdin_bytes()?;
    match parse::numbers_from_text(&text) {
        Err(ParseError::Empty) => {
            bail!("no {what}s given: pass them as arguments or on standard input")
        }
        other => Ok(other.with_context(|| format!("bad {what} on standard input"))?),
    }
}

/// The number given to a flag (`--max 3`); the error names the flag and the token.
pub fn flag_number(flag: &str, text: &str) -> anyhow::Result<u64> {
    parse::parse_u64(text).map_err(|problem| anyhow::anyhow!("bad {flag}: '{text}' is {problem}"))
}

/// All of standard input. When it is a file, its size is known and the buffer is allocated once.
pub fn stdin_bytes() -> anyhow::Result<Vec<u8>> {
    let stdin = std::io::stdin();
    let mut file = std::fs::File::from(
        stdin
            .as_fd()
            .try_clone_to_owned()
            .context("cannot read standard input")?,
    );
    let mut text = Vec::new();
    file.read_to_end(&mut text)
        .context("cannot read standard input")?;
    Ok(text)
}

/// All of standard input as text.
pub fn stdin_text() -> anyhow::Result<String> {
    String::from_utf8(stdin_bytes()?).context("standard input is not UTF-8 text")
}
