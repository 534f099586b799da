//! `grundy lasker`: Lasker's Nim.

use std::io::Write;

use grundy::games::lasker;
use grundy::{AnalyzeOptions, Play};

use crate::report::{OutputArgs, Report};

/// Lasker's Nim: a move takes stones from one pile, or splits a pile into two non-empty piles;
/// who cannot move loses (HDU 3032 "Nim or not Nim?").
///
/// Theorem: a pile of n is worth g(n): g(4m+1) = 4m+1, g(4m+2) = 4m+2, g(4m+3) = 4m+4,
/// g(4m+4) = 4m+3; the player to move loses iff the XOR of the values is 0. Every winning take and
/// split is found (splits are counted exactly even when there are 2^60 of them, and listed by
/// increasing smaller part up to --max-moves); a split's second part is written after the first.
///
/// Examples: `grundy lasker 2 2 3`, `grundy lasker --explain 3 3`, `grundy lasker --json 7`.
#[derive(clap::Args)]
pub struct Args {
    /// The piles (natural numbers up to 2^64-2); read from standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    piles: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let piles = crate::input::numbers(&args.piles, "pile")?;
    let options = AnalyzeOptions {
        max_moves: args.output.max_moves,
        explain: args.output.explain,
    };
    let analysis = lasker::analyze(&piles, &options)?;
    Report {
        game: "lasker",
        title: "Lasker's Nim",
        play: Play::Normal,
        position: &piles,
        components: piles.len(),
        analysis: &analysis,
        after: &|change| lasker::play(&piles, change),
        show: &crate::report::show_list,
    }
    .write(&args.output, out)
}
