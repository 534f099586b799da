//! `grundy sum`: sums of components of different rulesets.

use std::io::Write;

use anyhow::{anyhow, bail};
use grundy::games::mixed::{self, ComponentProblem, MixedSum};
use grundy::games::subtraction::SubtractionSet;
use grundy::ruleset::Setup;
use grundy::{AnalyzeOptions, Convention, Lang};

use crate::commands::ruleset::registry_params;
use crate::report::{OutputArgs, Report};

/// A sum of games: heaps of the heap rulesets side by side (Nim, Lasker's Nim, take at most half,
/// subtraction games, take-and-break games); a move is a move in one component; who cannot move
/// loses.
///
/// Sprague–Grundy: each component is worth a nim-value, the sum is worth their XOR, and the
/// player to move loses iff it is 0; a winning move brings a pile of value g to value g XOR X.
/// Write each component as GAME:PILES, GAME a heap ruleset by its name (nim, lasker, half),
/// sub{SET} (the subtraction game of SET as in `grundy subtraction --set`) or a take-and-break
/// code as `grundy values` takes it (kayles, 0.137, grundy; heaps up to 2^21), PILES separated by
/// commas; separate components by spaces or +. The components are the rulesets played on heaps
/// whose values are known; the others (wythoff, moore, …) are refused. Quote sub{...}: the shell
/// would expand the braces. Piles are numbered from 1 across the whole sum.
///
/// --every: Every-SG. Count each heap's moves when its winner delays the end and its loser
/// hurries it (a count is odd exactly when the player to move wins that heap); the sum lasts as
/// long as its largest count, so the player to move wins iff the largest count is odd, and wins
/// by moving every heap to an option whose count is one less; more generally a move wins iff the
/// largest count it leaves is even. A heap that splits leaves heaps that each must move.
///
/// Limits: at most --max-components components, --max-piles heaps in all (the global flag), and
/// --max-sets different subtraction sets and codes (each needs a table of up to 2^21 values).
///
/// Or give the rulesets with --games and the heaps as the arguments, as `grundy play sum` does.
///
/// --misere: the player who makes the last move loses. Decided by the SJ theorem (anti-SG) when
/// every component meets its hypothesis (each position of value 0 that is not an end has a move
/// to value 1: Nim heaps do, Lasker heaps do not), otherwise by a search of the whole sum.
///
/// Examples: `grundy sum nim:3 lasker:7 'sub{1,2,4}:10'`, `grundy sum --games 'nim lasker' 3 7`,
/// `grundy sum 'nim:3,5 + sub{all-but:1}:9' --json`, `grundy sum kayles:5,7 0.137:9`, `grundy sum
/// nim:3 half:10,11`.
#[derive(clap::Args)]
pub struct Args {
    /// The components, like nim:3 lasker:7,2 'sub{1,2,4}:10'; read from standard input when none
    /// are given.
    components: Vec<String>,
    #[command(flatten)]
    params: Params,
    /// Misère play: the player who makes the last move loses (the SJ theorem where it applies,
    /// otherwise a search of the whole sum).
    #[arg(long)]
    misere: bool,
    /// Every-SG: on each turn the player moves in every heap that can move, and whoever makes
    /// the last move wins; decided by the heaps' counts (the winner delays, the loser hurries).
    #[arg(long, conflicts_with = "misere")]
    every: bool,
    /// The most components in the sum.
    #[arg(long, value_name = "N", default_value_t = MAX_COMPONENTS, value_parser = crate::input::count::<usize>)]
    max_components: usize,
    /// The most different subtraction sets and take-and-break codes in the sum.
    #[arg(long, value_name = "N", default_value_t = MixedSum::DEFAULT_MAX_SETS, value_parser = crate::input::count::<usize>)]
    max_sets: usize,
    #[command(flatten)]
    output: OutputArgs,
}

/// A million components take about 2 GB to analyse and report.
const MAX_COMPONENTS: usize = 1_000_000;

registry_params!(Params, "sum");

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let texts = match args.params.0.get("games") {
        Some(games) => {
            let heaps = crate::input::numbers(&args.components, "pile")?;
            grundy::games::mixed::components_of(games, heaps)?
        }
        None if args.components.is_empty() => {
            crate::input::tell_when_typing("components");
            vec![crate::input::stdin_text()?]
        }
        None => args.components.clone(),
    };
    if args.misere || args.every {
        let setup = Setup {
            game: "sum".to_string(),
            misere: args.misere,
            every: args.every,
            params: args.params.0.clone(),
        };
        return crate::commands::ruleset::analyse(&setup, &texts, &args.output, out);
    }
    // Split no further than one component past the bound.
    let tokens: Vec<String> = texts
        .iter()
        .flat_map(|text| mixed::component_words(text))
        .take(args.max_components.saturating_add(1))
        .collect();
    if tokens.is_empty() {
        bail!(
            "no components given: pass them as arguments (like nim:3 lasker:7) or on standard input"
        );
    }
    if tokens.len() > args.max_components {
        bail!(
            "too many components: more than {} (raise --max-components)",
            args.max_components
        );
    }
    let sum = MixedSum::parse_bounded(&tokens, SubtractionSet::DEFAULT_LIMIT, args.max_sets)
        .map_err(|e| match e.problem {
            ComponentProblem::TooManySets { .. } => anyhow!("{e} (raise --max-sets)"),
            _ => e.into(),
        })?;
    crate::input::check_count(sum.components.iter().map(|c| c.piles.len()).sum(), "heap")?;
    let options = AnalyzeOptions {
        max_moves: args.output.max_moves,
        explain: args.output.explain,
    };
    let analysis = sum.analyze(&options);
    let position = sum.to_strings();
    // Only JSON shows the components: a sum of many heaps does not build them for text.
    let fields = if args.output.json {
        sum.json_fields()
    } else {
        Vec::new()
    };
    let lang = Lang::from(args.output.lang);
    Report {
        game: "sum",
        title: MixedSum::title(lang),
        play: Convention::Normal,
        position: &position,
        components: sum.components.iter().map(|c| c.piles.len()).sum(),
        analysis: &analysis,
        after: &|change| sum.apply(change).to_strings(),
        show: &|parts: &Vec<String>| parts.join(" + "),
    }
    .write_with(&args.output, fields, &[], out)
}
