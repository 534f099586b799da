//! Where positions come from: the command line, or standard input when it has none; and the
//! limits on how much input is read.

use std::io::Read;
use std::os::fd::AsFd;
use std::path::Path;
use std::sync::OnceLock;

use anyhow::{Context, bail};
use grundy::parse::{self, ParseError};

/// How much input any command reads: set once from the global flags, before the command runs.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct Limits {
    /// The most bytes read from standard input or from an input file (a graph, a script).
    #[arg(long, global = true, value_name = "BYTES", default_value_t = Limits::DEFAULT.max_input)]
    pub max_input: u64,
    /// The most numbers in one position: piles, cells, stones or steps.
    #[arg(long, global = true, value_name = "N", default_value_t = Limits::DEFAULT.max_piles)]
    pub max_piles: usize,
}

impl Limits {
    /// 1 GiB of input and a hundred million piles: a few GB of memory at most.
    pub const DEFAULT: Limits = Limits {
        max_input: 1 << 30,
        max_piles: 100_000_000,
    };
}

static LIMITS: OnceLock<Limits> = OnceLock::new();

/// Sets the limits for the rest of the process (the first call wins).
pub fn set_limits(limits: Limits) {
    let _ = LIMITS.set(limits);
}

fn limits() -> Limits {
    LIMITS.get().copied().unwrap_or(Limits::DEFAULT)
}

/// The numbers given as arguments, or else every number on standard input; at most --max-piles.
pub fn numbers(args: &[String], what: &str) -> anyhow::Result<Vec<u64>> {
    let numbers = if args.is_empty() {
        let text = stdin_bytes()?;
        match parse::numbers_from_text(&text) {
            Err(ParseError::Empty) => {
                bail!("no {what}s given: pass them as arguments or on standard input")
            }
            other => other.with_context(|| format!("bad {what} on standard input"))?,
        }
    } else {
        parse::numbers_from_args(args).with_context(|| format!("bad {what}"))?
    };
    check_count(numbers.len(), what)?;
    Ok(numbers)
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

/// The number given to a flag (`--max 3`); the error names the flag and the token.
pub fn flag_number(flag: &str, text: &str) -> anyhow::Result<u64> {
    parse::parse_u64(text).map_err(|problem| anyhow::anyhow!("bad {flag}: '{text}' is {problem}"))
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

/// All of standard input as text.
pub fn stdin_text() -> anyhow::Result<String> {
    String::from_utf8(stdin_bytes()?).context("standard input is not UTF-8 text")
}
