//! `grundy moore`: Moore's Nim_k.

use std::io::Write;

use grundy::games::moore::{self, MoorePlay};
use grundy::play::{Playable, Setup};
use grundy::{AnalyzeOptions, Convention, Lang};

use crate::commands::ruleset::registry_params;
use crate::report::{OutputArgs, Report};

/// Moore's Nim_k: a move takes stones from at least one and at most K piles; who cannot move
/// loses. K = 1 is Nim.
///
/// Theorem (Moore, 1910): the player to move loses iff, in every binary digit column, the number
/// of piles with a 1 is a multiple of K+1. Winning moves are built column by column from the top.
/// All of them are listed (up to --max-moves) and counted when the search over them ends within
/// its budget (a few dozen piles, up to about 10^5 winning moves); past it the moves found so far
/// are listed (at least one) and the count is a lower bound (JSON: winning_move_count_exact).
///
/// Examples: `grundy moore --k 2 1 1 1`, `grundy moore --k 2 --explain 4 4 1`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    params: Params,
    /// The piles (natural numbers up to 2^64-1); read from standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    piles: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

registry_params!(Params, "moore");

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    // The game of `grundy play moore` with these parameters: the same K, default and refusals.
    let game = MoorePlay::new(&Setup {
        game: "moore".to_string(),
        misere: false,
        params: args.params.0,
    })?;
    let k = game.rules().k;
    let piles = crate::input::numbers(&args.piles, "pile")?;
    let options = AnalyzeOptions {
        max_moves: args.output.max_moves,
        explain: args.output.explain,
    };
    let moore::MooreAnalysis {
        analysis,
        exact_count,
    } = moore::analyze(&piles, k, &options);
    let lang = Lang::from(args.output.lang);
    let title = moore::title(k, lang);
    let notes = if exact_count {
        Vec::new()
    } else {
        vec![moore::inexact_count_note(analysis.winning_move_count, lang)]
    };
    Report {
        game: "moore",
        title: &title,
        play: Convention::Normal,
        position: &piles,
        components: piles.len(),
        analysis: &analysis,
        after: &|change| moore::apply(&piles, change),
        show: &crate::report::show_list,
    }
    .write_with(
        &args.output,
        moore::json_fields(k, exact_count),
        &notes,
        out,
    )
}
