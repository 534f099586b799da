//! `grundy moore`: Moore's Nim_k.

use std::io::Write;

use anyhow::bail;
use grundy::games::moore;
use grundy::{AnalyzeOptions, Convention, Lang};
use serde_json::json;

use crate::input::flag_number;
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
    /// K: the most piles one move may take from (at least 1).
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    k: Option<String>,
    /// The piles (natural numbers up to 2^64-1); read from standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    piles: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let Some(k) = &args.k else {
        bail!("no K: give the most piles a move may take from with --k, like --k 2");
    };
    let k = flag_number("--k", k)?;
    if k == 0 {
        bail!("bad --k: '0': a move takes from at least one pile, so K is at least 1");
    }
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
        vec![lang.pick(
            format!(
                "(at least {} winning moves: the search over them stopped at its budget, so not all are counted)",
                analysis.winning_move_count
            ),
            format!(
                "（至少 {} 种必胜走法：搜索达到预算上限而停止，未能全部计数）",
                analysis.winning_move_count
            ),
        )]
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
        vec![
            ("k", json!(k)),
            ("winning_move_count_exact", json!(exact_count)),
        ],
        &notes,
        out,
    )
}
