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
    let mut text = Vec::new();
    std::io::stdin()
        .read_to_end(&mut text)
        .context("cannot read standard input")?;
    match parse::numbers_from_text(&text) {
        Err(ParseError::Empty) => {
            bail!("no {what}s given: pass them as arguments or on standard input")
        }
        other => Ok(other.with_context(|| format!("bad {what} on standard input"))?),
    }
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
