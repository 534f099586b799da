//! `grundy nim`: Nim and misère Nim.

use std::io::Write;

use grundy::games::nim;
use grundy::{AnalyzeOptions, Play};

use crate::report::{OutputArgs, Report};

/// Nim: take any number of stones from one pile; who cannot move loses.
///
/// Theorem (Bouton): the player to move loses exactly when the XOR of the piles is 0; the winning
/// move turns a pile p that has the highest set bit of the XOR x into p XOR x. With --misere (who
/// takes the last stone loses) the same holds until only piles of 0 and 1 would remain; then leave
/// an odd number of 1s.
///
/// Examples: `grundy nim 3 4 5`, `grundy nim --explain --lang zh 3 4 5`, `echo 1 2 3 | grundy nim --json`.
#[derive(clap::Args)]
pub struct Args {
    /// The piles (natural numbers up to 2^64-1); read from standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    piles: Vec<String>,
    /// Misère play: the player who takes the last stone loses.
    #[arg(long)]
    misere: bool,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let piles = crate::input::numbers(&args.piles, "pile")?;
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let options = AnalyzeOptions {
        max_moves: args.output.max_moves,
        explain: args.output.explain,
    };
    let analysis = nim::analyze(&piles, play, &options);
    Report {
        game: "nim",
        title: if args.misere { "misère Nim" } else { "Nim" },
        play,
        position: &piles,
        components: piles.len(),
        analysis: &analysis,
        after: &|change| nim::play(&piles, change),
        show: &crate::report::show_list,
    }
    .write(&args.output, out)
}
