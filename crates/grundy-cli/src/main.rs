//! The `grundy` command: parses arguments, reads input, calls the library, renders the result.
//! It holds no game logic.

mod commands;
mod input;
mod report;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
}

#[derive(Subcommand)]
enum Command {
    Nim(commands::nim::Args),
    Graph(commands::graph::Args),
    Script(commands::script::Args),
    Explore(commands::explore::Args),
}

fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    match cli.command {
        Command::Nim(args) => commands::nim::run(args, out),
        Command::Graph(args) => commands::graph::run(args, out),
        Command::Script(args) => commands::script::run(args, out),
        Command::Explore(args) => commands::explore::run(args, out),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = run(cli, &mut out).and_then(|()| out.flush().map_err(Into::into));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // Nothing half-written reaches stdout: output is buffered until the analysis is whole.
            drop(out.into_parts());
            eprintln!("grundy: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}
