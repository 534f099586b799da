//! `grundy octal`: positions of take-and-break games (Kayles, Dawson's Kayles, Grundy's game, …).

use std::io::Write;

use anyhow::Context;
use grundy::games::octal::{self, Octal};
use grundy::quotient::{self, MisereStep};
use grundy::values::TakeAndBreak;
use grundy::{Analysis, AnalyzeOptions, Convention, Lang};

use crate::commands::ruleset::registry_params;
use crate::report::{OutputArgs, Report};

/// Positions of take-and-break games: a row of heaps; a move takes tokens from one heap and may
/// break what is left into several heaps, as the game's code says; who cannot move loses.
///
/// Theorem (Sprague–Grundy): a heap of n is worth G(n), the mex over its moves of the XOR of the
/// heaps each leaves; the position is worth the XOR of its heaps' values, and a winning move takes
/// one heap to heaps worth G(n) XOR X. The values are computed once, up to the largest heap.
///
/// With --misere (whoever moves last loses), the answer comes from the game's misère quotient for
/// heaps up to the largest heap given (see `grundy quotient`): the position is lost for the player
/// to move exactly when the product of its heaps' elements lies in the P-portion. When that
/// quotient has more than --max-order elements, the engine searches the whole position instead
/// (at most --max-positions positions); the output says which answered.
///
/// Examples: `grundy octal kayles 5 7 10`, `grundy octal 0.07 --explain 9 14`,
/// `grundy octal grundy --json 12 20`, `grundy octal kayles --misere --explain 3 5 8`.
#[derive(clap::Args)]
pub struct Args {
    /// The game (CODE): its code as `grundy values` takes it.
    #[command(flatten)]
    params: Params,
    /// The heaps (natural numbers); read from standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    heaps: Vec<String>,
    /// The largest heap accepted (the values are computed up to the largest heap given; codes
    /// whose moves leave three heaps or more stop at 1024).
    #[arg(long, default_value_t = octal::DEFAULT_MAX_HEAP, value_name = "N")]
    max_heap: u64,
    /// Misère play: the player who makes the last move loses (heaps up to 256).
    #[arg(long)]
    misere: bool,
    /// With --misere: past this many elements of the quotient, answer by searching the whole
    /// position instead.
    #[arg(long, default_value_t = quotient::DEFAULT_MAX_ORDER, value_name = "M", requires = "misere", value_parser = crate::input::count::<usize>)]
    max_order: usize,
    /// With --misere: the most positions that search may remember before refusing.
    #[arg(long, default_value_t = quotient::DEFAULT_SEARCH_POSITIONS, value_name = "P", requires = "misere", value_parser = crate::input::count::<usize>)]
    max_positions: usize,
    #[command(flatten)]
    output: OutputArgs,
}

registry_params!(Params, "octal");

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let code = args.params.0.get("code").map_or("", String::as_str);
    let rules: TakeAndBreak = code.parse().context("bad game")?;
    let heaps = crate::input::numbers(&args.heaps, "heap")?;
    if args.misere {
        return run_misere(&args, rules, &heaps, out);
    }
    let game = Octal::new(rules, &heaps, args.max_heap).map_err(|e| {
        if e.direct {
            anyhow::Error::new(e)
        } else {
            anyhow::anyhow!("{e} (raise --max-heap)")
        }
    })?;
    let options = AnalyzeOptions {
        max_moves: args.output.max_moves,
        explain: args.output.explain,
    };
    let analysis = game.analyze(&heaps, &options);
    let title = game.title(Lang::from(args.output.lang));
    Report {
        game: "octal",
        title: &title,
        play: Convention::Normal,
        position: &heaps,
        components: heaps.len(),
        analysis: &analysis,
        after: &|change| octal::apply(&heaps, change),
        show: &crate::report::show_list,
    }
    .write(&args.output, out)
}

fn run_misere(
    args: &Args,
    rules: TakeAndBreak,
    heaps: &[u64],
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let limit = args.max_heap.min(quotient::MAX_HEAP as u64);
    if let Some(i) = heaps.iter().position(|&n| n > limit) {
        anyhow::bail!(
            "heap {} ({}) is larger than {limit}, the largest heap misère play takes",
            i + 1,
            heaps[i]
        );
    }
    let limits = quotient::Limits {
        max_order: args.max_order,
        max_positions: args.max_positions,
    };
    let (analysis, method) =
        quotient::analyze_misere(&rules, heaps, limits, &args.output.analyze_options())
            .map_err(|e| anyhow::anyhow!("{e} (raise --max-order or --max-positions)"))?;
    write_misere(args, &rules, heaps, &analysis, method, out)
}

/// The report of a misère position, with the method that answered (`quotient` or `search`) as
/// a JSON field and a note line.
fn write_misere(
    args: &Args,
    rules: &TakeAndBreak,
    heaps: &[u64],
    analysis: &Analysis<MisereStep>,
    method: quotient::Method,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let note = method.note(Lang::from(args.output.lang));
    let title = octal::play_title(rules, Convention::Misere, Lang::from(args.output.lang));
    Report {
        game: "octal",
        title: &title,
        play: Convention::Misere,
        position: &heaps.to_vec(),
        components: heaps.len(),
        analysis,
        after: &|change| octal::apply(heaps, change),
        show: &crate::report::show_list,
    }
    .write_with(
        &args.output,
        octal::misere_json_fields(method),
        &[note],
        out,
    )
}
