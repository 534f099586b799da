//! `grundy subtraction`: subtraction games (a finite set, all-but sets, take 1..M).

use std::io::Write;

use anyhow::{Context, bail};
use grundy::games::subtraction::{self, SubtractionSet, SubtractionValues};
use grundy::{AnalyzeOptions, Convention, Lang};
use serde_json::json;

use crate::commands::ruleset::{self, registry_params};
use crate::input::flag_number;
use crate::report::{OutputArgs, Report};

/// The most values `--sequence` prints.
const MAX_SEQUENCE: u64 = 10_000_000;

/// Subtraction games: a move takes s stones from one pile, for an s in the set S; who cannot move
/// loses.
///
/// A pile of n is worth G(n) = mex{G(n − s) : s in S, s ≤ n}, and several piles are a sum: the
/// player to move loses iff the XOR of the values is 0 (Sprague–Grundy). For a finite set whose
/// largest element is s, G(n) depends only on the s values before n, so two equal windows of s
/// values p apart prove the period p: piles up to 2^64−1 are answered from n mod p. Take 1..M (the
/// Bash game, --max M) is worth n mod (M+1). An all-but set (every positive number except a
/// finite F) has arithmetic-periodic values, G(n+p) = G(n) + saltus, proved from two equal windows
/// of 2·max(F)+1 values.
///
/// Examples: `grundy subtraction --set 1,2,4 10 11`, `grundy subtraction --max 3 4` (LeetCode
/// 292), `grundy subtraction --set 2,5 --sequence 30`, `grundy subtraction --set all-but:1,2
/// --sequence 40`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    params: Params,
    /// Take 1 to M stones (the Bash game; the same as --set 1..M).
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    max: Option<String>,
    /// Print the first N values G(0), …, G(N−1) with the period marked, instead of analysing
    /// piles.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    sequence: Option<String>,
    /// The piles (natural numbers up to 2^64-1); read from standard input when none are given.
    #[arg(allow_negative_numbers = true)]
    piles: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

registry_params!(Params, "subtraction");

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let set = match (args.params.0.get("set"), &args.max) {
        (Some(text), None) => SubtractionSet::parse(text).context("bad --set")?,
        (None, Some(max)) => SubtractionSet::up_to(flag_number("--max", max)?)
            .map_err(|_| anyhow::anyhow!("bad --max: '0': a move takes at least one stone"))?,
        (Some(_), Some(_)) => bail!("give the set once: --set or --max, not both"),
        // The registry's default, as `grundy play subtraction` has it.
        (None, None) => SubtractionSet::parse(ruleset::default_of("subtraction", "set"))?,
    };
    if args.sequence.is_some() && !args.piles.is_empty() {
        bail!("--sequence prints the values of the set; it takes no piles");
    }
    let sequence = set.sequence(SubtractionSet::DEFAULT_LIMIT);
    if let Some(count) = &args.sequence {
        let count = flag_number("--sequence", count)?;
        if count > MAX_SEQUENCE {
            bail!("bad --sequence: '{count}' is more than the {MAX_SEQUENCE} values it prints");
        }
        return print_sequence(&sequence, count, &args.output, out);
    }
    write_piles(
        "subtraction",
        &set,
        &sequence,
        &args.piles,
        &args.output,
        out,
    )
}

/// Analyses piles of the subtraction game of `set` and writes the report (shared with
/// `grundy stones nim`, LeetCode 292, which is the set 1..M under another name).
pub fn write_piles(
    game: &str,
    set: &SubtractionSet,
    sequence: &SubtractionValues,
    piles: &[String],
    output: &OutputArgs,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let piles = crate::input::numbers(piles, "pile")?;
    let options = AnalyzeOptions {
        max_moves: output.max_moves,
        explain: output.explain,
    };
    let analysis = subtraction::analyze(sequence, &piles, &options)?;
    let title = subtraction::title(set, Lang::from(output.lang));
    Report {
        game,
        title: &title,
        play: Convention::Normal,
        position: &piles,
        components: piles.len(),
        analysis: &analysis,
        after: &|change| subtraction::apply(&piles, change),
        show: &crate::report::show_list,
    }
    .write_with(output, subtraction::json_fields(sequence), &[], out)
}

/// The first `count` values, with a bar before the periodic part and before each period.
fn print_sequence(
    sequence: &SubtractionValues,
    count: u64,
    output: &OutputArgs,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let values = (0..count)
        .map(|n| {
            sequence.value(n).map(|v| v.value()).with_context(|| {
                format!(
                    "bad --sequence: only the first {} values are known, the period of {} is not proved",
                    sequence.table().len(),
                    sequence.set()
                )
            })
        })
        .collect::<anyhow::Result<Vec<u64>>>()?;
    let period = sequence.period();
    if output.json {
        let v = json!({
            "game": "subtraction",
            "set": sequence.set().to_string(),
            "values": values,
            "period": period,
            "computed": sequence.table().len(),
        });
        serde_json::to_writer(&mut *out, &v)?;
        writeln!(out)?;
        return Ok(());
    }
    let lang = Lang::from(output.lang);
    let set = sequence.set();
    let head = match period {
        Some(p) => {
            let saltus = if p.saltus > 0 {
                lang.pick(
                    format!(
                        ", saltus {} (G(n + {}) = G(n) + {})",
                        p.saltus, p.period, p.saltus
                    ),
                    format!(
                        "，跳跃 {}（G(n + {}) = G(n) + {}）",
                        p.saltus, p.period, p.saltus
                    ),
                )
            } else {
                String::new()
            };
            let why = match (p.proved, set.window()) {
                (true, Some(w)) => lang.pick(
                    format!(
                        "proved: G(n) depends only on the {w} values before n, and they repeat"
                    ),
                    format!("已证明：G(n) 只取决于前 {w} 个值，而它们重复出现"),
                ),
                (true, None) => lang.pick(
                    "proved: G(n) = n mod (M + 1)".to_string(),
                    "已证明：G(n) = n mod (M + 1)".to_string(),
                ),
                (false, _) => lang.pick(
                    format!(
                        "seen in the first {} values, not proved",
                        sequence.table().len()
                    ),
                    format!("在前 {} 个值中观察到，未证明", sequence.table().len()),
                ),
            };
            lang.pick(
                format!(
                    "subtraction set {set}: period {}, preperiod {}{saltus}; {why}",
                    p.period, p.preperiod
                ),
                format!(
                    "减法集合 {set}：周期 {}，前周期 {}{saltus}；{why}",
                    p.period, p.preperiod
                ),
            )
        }
        None => lang.pick(
            format!(
                "subtraction set {set}: no period in the first {} values",
                sequence.table().len()
            ),
            format!(
                "减法集合 {set}：前 {} 个值中没有周期",
                sequence.table().len()
            ),
        ),
    };
    writeln!(out, "{head}")?;
    let mut line = format!("G(0..{count}):");
    for (n, v) in values.iter().enumerate() {
        let starts_period =
            period.is_some_and(|p| n >= p.preperiod && (n - p.preperiod) % p.period == 0 && n > 0);
        line.push_str(if starts_period { " | " } else { " " });
        line.push_str(&v.to_string());
    }
    writeln!(out, "{line}")?;
    Ok(())
}
