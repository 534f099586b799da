//! The `grundy` command: parses arguments, reads input, calls the library, renders the result.
//! It holds no game logic.

mod commands;
mod input;
mod output;
mod plot;
mod report;

use grundy_judge as judge;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser, Subcommand};
use grundy::parse::Token;

/// The system allocator, counting the bytes in use, so that a script can be held to
/// `--max-memory` (no limit is set on the allocator itself: an allocation never fails for it).
#[global_allocator]
static ALLOCATOR: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

/// Impartial games solved and explained: who wins, every winning move, and why.
///
/// Every impartial game is a Nim heap in disguise (Sprague–Grundy): a position is lost for the
/// player to move exactly when its Grundy value is 0, and a sum of games has the XOR of the values.
#[derive(Parser)]
#[command(
    name = "grundy",
    version,
    propagate_version = true,
    max_term_width = 100
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    limits: input::InputLimits,
}

#[derive(Subcommand)]
enum Command {
    #[command(flatten)]
    Ruleset(commands::ruleset::Analysis),
    Judge(commands::judge::Args),
    #[command(name = "gen")]
    Gen(commands::generate::Args),
    Stress(commands::stress::Args),
    Play(commands::play::Args),
    Serve(commands::serve::Args),
    Stones(commands::stones::Args),
    Quotient(commands::quotient::Args),
    Values(commands::values::Args),
    Graph(commands::graph::Args),
    Script(commands::script::Args),
    Explore(commands::explore::Args),
    Nimber(commands::nimber::Args),
}

fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    match cli.command {
        Command::Ruleset(args) => commands::ruleset::run(args, out),
        Command::Judge(args) => commands::judge::run(args, out),
        Command::Gen(args) => commands::generate::run(args, out),
        Command::Stress(args) => commands::stress::run(args, out),
        Command::Play(args) => commands::play::run(args, out),
        Command::Serve(args) => commands::serve::run(args, out),
        Command::Stones(args) => commands::stones::run(args, out),
        Command::Quotient(args) => commands::quotient::run(args, out),
        Command::Values(args) => commands::values::run(args, out),
        Command::Graph(args) => commands::graph::run(args, out),
        Command::Script(args) => commands::script::run(args, out),
        Command::Explore(args) => commands::explore::run(args, out),
        Command::Nimber(args) => commands::nimber::run(args, out),
    }
}

fn main() -> ExitCode {
    let cli = Cli::try_parse().unwrap_or_else(|e| refuse(usage_error(e)));
    input::set_limits(cli.limits);
    grundy_script::set_memory_meter(|| ALLOCATOR.allocated());
    let mut out = output::Stdout::new();
    let result = run(cli, &mut out).and_then(|()| out.flush().map_err(Into::into));
    // A failed write to standard output decides the outcome, whatever error it surfaced as.
    let stdout_failure = out.failure().map(|e| (e.kind(), e.to_string()));
    match (result, stdout_failure) {
        (Ok(()), _) => ExitCode::SUCCESS,
        // The reader went away (`grundy ... | head`): it has all it wanted.
        (Err(_), Some((io::ErrorKind::BrokenPipe, _))) => ExitCode::SUCCESS,
        (Err(_), Some((_, why))) => {
            out.discard();
            eprintln!("grundy: cannot write to standard output: {why}");
            ExitCode::from(2)
        }
        (Err(e), None) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        (Err(e), None) if e.is::<commands::stress::FoundFailure>() => {
            // The failure was reported on stdout; keep it.
            drop(out);
            eprintln!("grundy: {e}");
            ExitCode::from(1)
        }
        (Err(e), None) => {
            // Nothing half-written reaches stdout: output is buffered until the analysis is whole.
            out.discard();
            eprintln!("grundy: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Clap's error, made plainer: the nearest subcommand to a typo by edits, a long value cut
/// short, and a hint when the shell split a subtraction set in braces into words.
fn usage_error(mut e: clap::Error) -> clap::Error {
    // Clap's own suggestion ranks by similarity of letters (`nmi` -> `nimber`); the nearest by
    // edits (`nmi` -> `nim`, a swap) replaces it.
    if e.kind() == ErrorKind::InvalidSubcommand
        && let Some(ContextValue::String(typed)) = e.get(ContextKind::InvalidSubcommand)
        && let Some(nearest) = nearest_subcommand(typed)
    {
        e.insert(
            ContextKind::SuggestedSubcommand,
            ContextValue::Strings(vec![nearest]),
        );
    }
    if e.kind() == ErrorKind::InvalidSubcommand
        && std::env::args().nth(1).as_deref() == Some("play")
    {
        let games = grundy::registry::RULESETS.join(", ");
        e.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![format!("playable games: {games}, script").into()]),
        );
    }
    for kind in [
        ContextKind::InvalidValue,
        ContextKind::InvalidArg,
        ContextKind::InvalidSubcommand,
    ] {
        if let Some(ContextValue::String(text)) = e.get(kind)
            && !Token::new(text).is_whole()
        {
            // Clap quotes the value itself: the short form goes in without quotes.
            let short = Token::new(text).to_string().replacen('\'', "", 2);
            e.insert(kind, ContextValue::String(short));
        }
    }
    let args: Vec<String> = std::env::args().collect();
    if e.kind() == ErrorKind::UnknownArgument
        && args.iter().skip(1).any(|a| a == "values")
        && args
            .last()
            .is_some_and(|a| a.bytes().all(|b| b.is_ascii_digit()))
    {
        e.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![
                "a subtraction set in braces must be quoted, or the shell splits it into words: grundy values '{1,2,4}'"
                    .into(),
            ]),
        );
    }
    e
}

/// Prints help and the version as clap does; any other usage error on one line,
/// `grundy: <what is wrong>; <tip>`, and exits with 2.
fn refuse(e: clap::Error) -> ! {
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit()
    }
    let text = e.render().to_string();
    let mut line = String::new();
    for part in text.lines().map(str::trim).filter(|l| {
        !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more information")
    }) {
        let part = part.strip_prefix("error: ").unwrap_or(part);
        if !line.is_empty() {
            line.push_str(if line.ends_with(':') { " " } else { "; " });
        }
        line.push_str(part);
    }
    eprintln!("grundy: {line}");
    std::process::exit(2)
}

/// The subcommand nearest to `typed` (one or two letters changed, added, dropped or swapped).
fn nearest_subcommand(typed: &str) -> Option<String> {
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .map(|name| (strsim::damerau_levenshtein(typed, &name), name))
        .filter(|(distance, name)| *distance <= 2 && *distance < name.len())
        .min()
        .map(|(_, name)| name)
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}
