//! `grundy wythoff`: Wythoff's game.

use std::io::Write;

use anyhow::bail;
use grundy::games::wythoff;
use grundy::{AnalyzeOptions, Play};

use crate::report::{OutputArgs, Report};

/// Wythoff's game: two piles; a move takes any number of stones from one pile, or the same
/// number from both; who cannot move loses.
///
/// Theorem (Wythoff): the player to move loses exactly at (⌊kφ⌋, ⌊kφ²⌋) and its mirror, for
/// k = 0, 1, 2, … (φ the golden ratio): (0,0), (1,2), (3,5), (4,7), (6,10), … — each pair takes the
/// smallest number not used yet and adds k. Computed with integers only, exact for every pile up
/// to 2^64−1. Winning moves (at most three) are listed as HDU 2177 prints them: the move on both
/// piles, then the move on the smaller pile, then on the larger.
///
/// Examples: `grundy wythoff 5 8`, `grundy wythoff --explain --lang zh 2 2`.
#[derive(clap::Args)]
pub struct Args {
    /// The two piles A B (natural numbers up to 2^64-1); read from standard input when not given.
    #[arg(allow_negative_numbers = true)]
    piles: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let numbers = crate::input::numbers(&args.piles, "pile")?;
    let piles: [u64; 2] = match numbers[..] {
        [a, b] => [a, b],
        _ => bail!(
            "Wythoff's game has exactly two piles, {} given",
            numbers.len()
        ),
    };
    let options = AnalyzeOptions {
        max_moves: args.output.max_moves,
        explain: args.output.explain,
    };
    let analysis = wythoff::analyze(&piles, &options);
    Report {
        game: "wythoff",
        title: "Wythoff",
        play: Play::Normal,
        position: &piles,
        components: 2,
        analysis: &analysis,
        after: &|change| wythoff::play(&piles, change),
        show: &|&[a, b]: &[u64; 2]| format!("{a} {b}"),
    }
    .write(&args.output, out)
}
