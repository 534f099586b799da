//! Where positions come from: the command line, or standard input when it has none.

use std::io::Read;

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

/// The number given to a flag (`--max 3`); the error names the flag and the token.
pub fn flag_number(flag: &str, text: &str) -> anyhow::Result<u64> {
    parse::parse_u64(text).map_err(|problem| anyhow::anyhow!("bad {flag}: '{text}' is {problem}"))
}

/// All of standard input as text.
pub fn stdin_text() -> anyhow::Result<String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .context("cannot read standard input")?;
    Ok(text)
}
