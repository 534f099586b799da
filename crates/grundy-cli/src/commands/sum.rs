//! `grundy sum`: sums of components of different rulesets.

use std::io::Write;

use grundy::games::mixed::{self, MixedSum};
use grundy::games::subtraction::SubtractionSet;
use grundy::{AnalyzeOptions, Lang, Play};
use serde_json::json;

use crate::report::{OutputArgs, Report};

/// A sum of games: Nim piles, Lasker piles and subtraction-game piles side by side; a move is a
/// move in one component; who cannot move loses.
///
/// Sprague–Grundy: each component is worth a nim-value, the sum is worth their XOR, and the
/// player to move loses iff it is 0; a winning move brings a pile of value g to value g XOR X.
/// Write each component as GAME:PILES, GAME one of nim, lasker, sub{SET} (SET as in `grundy
/// subtraction --set`), PILES separated by commas; separate components by spaces or +. Quote
/// sub{...}: the shell would expand the braces. Piles are numbered from 1 across the whole sum.
///
/// Examples: `grundy sum nim:3 lasker:7 'sub{1,2,4}:10'`,
/// `grundy sum 'nim:3,5 + sub{all-but:1}:9' --json`.
#[derive(clap::Args)]
pub struct Args {
    /// The components, like nim:3 lasker:7,2 'sub{1,2,4}:10'; read from standard input when none
    /// are given.
    components: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let tokens = if args.components.is_empty() {
        mixed::split_components(&[crate::input::stdin_text()?])
    } else {
        mixed::split_components(&args.components)
    };
    if tokens.is_empty() {
        anyhow::bail!(
            "no components given: pass them as arguments (like nim:3 lasker:7) or on standard input"
        );
    }
    let sum = MixedSum::parse(&tokens, SubtractionSet::DEFAULT_LIMIT)?;
    let options = AnalyzeOptions {
        max_moves: args.output.max_moves,
        explain: args.output.explain,
    };
    let analysis = sum.analyze(&options);
    let position = sum.to_strings();
    let components: Vec<serde_json::Value> = sum
        .components
        .iter()
        .zip(&position)
        .zip(sum.values())
        .map(|((c, text), value)| {
            json!({
                "component": text,
                "game": sum.name(&c.ruleset),
                "piles": c.piles,
                "grundy": value,
            })
        })
        .collect();
    let lang = Lang::from(args.output.lang);
    Report {
        game: "sum",
        title: lang.pick("sum", "游戏和"),
        play: Play::Normal,
        position: &position,
        components: sum.components.iter().map(|c| c.piles.len()).sum(),
        analysis: &analysis,
        after: &|change| sum.play(change).to_strings(),
        show: &|parts: &Vec<String>| parts.join(" + "),
    }
    .write_with(
        &args.output,
        vec![("components", json!(components))],
        &[],
        out,
    )
}
