//! `grundy coins`: coin sliding (Georgia and Bob).

use std::io::Write;

use anyhow::Context;
use grundy::games::coins;
use grundy::{Lang, Play};

use crate::report::{OutputArgs, Report};

/// Coin sliding (Georgia and Bob): slide a coin left, never onto or over another.
///
/// POJ 1704: coins stand on distinct cells 1, 2, 3, ... of a strip;
/// a move slides one coin left by at least one cell, never onto or over another coin and never
/// below cell 1. Who cannot move loses.
///
/// Theorem: sort the coins and count the free cells before each one (before the first: down to
/// cell 1). Read from the right, these gaps are staircase Nim: pairing the coins from the right,
/// the player to move wins iff the XOR of the gaps inside the pairs is non-zero.
///
/// Coins keep the order given; moves name them by that order. Examples: `grundy coins 1 5 6 7 9 12
/// 14 17`, `grundy coins --explain --lang zh 5 2`.
#[derive(clap::Args)]
pub struct Args {
    /// The coins' cells (distinct, from 1, in any order); read from standard input when none are
    /// given.
    #[arg(allow_negative_numbers = true)]
    cells: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let cells = crate::input::numbers(&args.cells, "cell")?;
    let analysis = coins::analyze(&cells, &args.output.analyze_options()).context("bad cell")?;
    Report {
        game: "coins",
        title: Lang::from(args.output.lang).pick("coin sliding", "硬币滑动（Georgia and Bob）"),
        play: Play::Normal,
        position: &cells,
        components: cells.len(),
        analysis: &analysis,
        after: &|change| coins::play(&cells, change),
        show: &crate::report::show_list,
    }
    .write(&args.output, out)
}
