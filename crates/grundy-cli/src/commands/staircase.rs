//! `grundy staircase`: staircase Nim.

use std::io::Write;

use anyhow::Context;
use grundy::games::staircase;
use grundy::{Lang, Play};

use crate::report::{OutputArgs, Report};

/// Staircase Nim: carry stones down the steps; stones on the ground are out of play.
///
/// Step i holds A_i stones (step 1 is next to the ground); a move carries at least
/// one stone from a step down to the step below, and stones that reach the ground are out. Who
/// cannot move loses.
///
/// Theorem: the player to move wins iff the XOR x of the odd steps (1, 3, 5, ...) is non-zero. Even
/// steps do not matter: stones carried from an even step onto an odd one are carried on down by
/// the reply. A winning move turns one odd step a into a XOR x: down from it when that is smaller,
/// or with stones brought onto it from the even step above when larger.
///
/// Examples: `grundy staircase 2 9 3`, `grundy staircase --explain --lang zh 2 9 3`.
#[derive(clap::Args)]
pub struct Args {
    /// Stones on steps 1, 2, 3, ... (natural numbers adding up to at most 2^64-1); read from
    /// standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    steps: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let steps = crate::input::numbers(&args.steps, "step")?;
    staircase::check_total(&steps, "step").context("bad step")?;
    let analysis = staircase::analyze(&steps, &args.output.analyze_options());
    Report {
        game: "staircase",
        title: Lang::from(args.output.lang).pick("staircase Nim", "阶梯 Nim"),
        play: Play::Normal,
        position: &steps,
        components: steps.len(),
        analysis: &analysis,
        after: &|change| staircase::play(&steps, change),
        show: &crate::report::show_list,
    }
    .write(&args.output, out)
}
