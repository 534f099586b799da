//! `grundy grid`: stones moving right along a strip of cells.

use std::io::Write;

use anyhow::Context;
use grundy::games::grid;
use grundy::{Lang, Play};

use crate::report::{OutputArgs, Report};

/// Moving-right grid: carry stones one cell to the right; the last cell keeps them.
///
/// Cell i holds A_i stones; a move carries at least one stone from a cell i < n
/// to cell i+1; stones on the last cell n stay there. Who cannot move loses.
///
/// Theorem: this is staircase Nim counted from the end (cell n is the ground, cell n-1 step 1,
/// cell n-2 step 2, ...): the player to move wins iff A(n-1) XOR A(n-3) XOR ... is non-zero.
///
/// Examples: `grundy grid 5 2 7`, `grundy grid --explain 1 2 3 4`.
#[derive(clap::Args)]
pub struct Args {
    /// Stones on cells 1, 2, ..., n (natural numbers adding up to at most 2^64-1); read from
    /// standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    cells: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let cells = crate::input::numbers(&args.cells, "cell")?;
    grid::check_total(&cells).context("bad cell")?;
    let analysis = grid::analyze(&cells, &args.output.analyze_options());
    Report {
        game: "grid",
        title: Lang::from(args.output.lang).pick("moving-right grid", "向右移动的石子"),
        play: Play::Normal,
        position: &cells,
        components: cells.len(),
        analysis: &analysis,
        after: &|change| grid::play(&cells, change),
        show: &crate::report::show_list,
    }
    .write(&args.output, out)
}
