//! `grundy judge`: a contest problem's exact input and output.

use std::io::Write;

use crate::judge;

/// Solve a contest problem: read its input format on standard input, print the accepted output.
///
/// The problems are the classic Nim-family problems of Luogu, POJ, HDU, Nowcoder and the ICPC
/// (Nanchang 2026); `--list` shows their ids, titles and answer words. Malformed input (too few numbers, a non-number, a
/// value outside the statement's limits) is a one-line error with the line and what was expected,
/// exit status 2, and nothing on standard output.
///
/// Example: `printf '3\n3 6 9\n' | grundy judge luogu-p1247`
#[derive(clap::Args)]
pub struct Args {
    /// The problem id or an alias (e.g. luogu-p1247, poj-1704, hdu-3032).
    #[arg(required_unless_present = "list")]
    id: Option<String>,
    /// List the problems: id, aliases, title and answer words.
    #[arg(long)]
    list: bool,
    /// Accept values beyond the statement's limits (the format is still checked).
    #[arg(long)]
    no_limits: bool,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let Some(id) = args.id.filter(|_| !args.list) else {
        for p in judge::problems() {
            let aliases = if p.aliases.is_empty() {
                String::new()
            } else {
                format!(" (also {})", p.aliases.join(", "))
            };
            writeln!(
                out,
                "{:<16} {}{aliases} — answers: {}",
                p.id, p.title, p.answers
            )?;
        }
        return Ok(());
    };
    let problem = judge::find(&id)?;
    crate::input::tell_when_typing("the problem's input");
    let text = crate::input::stdin_bytes()?;
    // The whole answer is built before anything is written, so bad input prints nothing.
    let answer = judge::solve_bytes(problem, &text, !args.no_limits)?;
    out.write_all(&answer)?;
    Ok(())
}
