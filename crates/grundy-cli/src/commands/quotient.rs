//! `grundy quotient`: the misère quotient of a take-and-break game, heap by heap.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use anyhow::Context;
use grundy::Lang;
use grundy::games::octal;
use grundy::json::QuotientReport;
use grundy::quotient::{self, Bounds, Genus, GenusSearch, Presentation, Report, Step};
use grundy::values::TakeAndBreak;
use indicatif::{ProgressBar, ProgressStyle};

/// The misère quotient of a take-and-break game (Plambeck and Siegel): the commutative monoid of
/// all sums of heaps up to N, two positions being equal when no position added to both tells
/// them apart under misère play, with its P-portion. A position is lost for the player to move
/// exactly when the product of its heaps' elements lies in the P-portion.
///
/// The quotient is computed exactly for heaps up to 1, 2, …, N; the report gives its order after
/// each heap, where it stops changing (equal orders mean equal quotients), whether that is
/// certified for every heap size (the periodicity theorem for octal games: the heap map repeats
/// with period p from heap n0 on every heap up to 2·n0 + 2p + k − 1, k the most tokens a move
/// takes) or evidence only, a presentation (a generator for each heap the smaller ones do not
/// generate, and relations), the P-portion, and the element of every heap, with --genus its
/// Conway genus g^{γ₀γ₁…} (γₖ: the misère Grundy value of the heap beside k nim heaps of 2),
/// marked tame when it is the genus of a misère Nim position. --json adds the multiplication
/// table.
///
/// Without --heaps the game is solved: heap by heap until the periodicity theorem certifies the
/// quotient of the whole game, within --max-order, --max-heap and --time (a progress line on a
/// terminal).
///
/// Examples: `grundy quotient kayles`, `grundy quotient 0.75 --heaps 21 --genus`,
/// `grundy quotient 0.07 --heaps 40 --max-order 1000`, `grundy quotient 0.56 --time 10`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, as `grundy values` takes it: an octal or take-and-break code (0.77 Kayles, 0.07
    /// Dawson's Kayles, 0.137 Dawson's chess, 0.75, 4.7), a name (kayles, dawson, grundy) or a
    /// subtraction set (quoted: '{1,2,4}').
    code: String,
    /// The largest heap: the quotients for heaps up to 1, 2, …, N, all of them. Without it the
    /// game is solved (until the periodicity theorem certifies it).
    #[arg(long, value_name = "N", value_parser = crate::input::count::<usize>)]
    heaps: Option<usize>,
    /// Without --heaps: stop at this heap if nothing certified the quotient before.
    #[arg(long, default_value_t = 100_000, value_name = "N", conflicts_with = "heaps", value_parser = crate::input::count::<usize>)]
    max_heap: usize,
    /// Stop after this many seconds (fractions allowed), reporting the quotient for the heaps
    /// done; without --heaps 60 by default.
    #[arg(long, value_name = "SECONDS", value_parser = crate::input::seconds)]
    time: Option<Duration>,
    /// Stop when the quotient has more elements than this (the work and memory grow with it).
    #[arg(long, default_value_t = quotient::DEFAULT_MAX_ORDER, value_name = "M", value_parser = crate::input::count::<usize>)]
    max_order: usize,
    /// About the most memory, in MiB, the layered construction (used where the quotient grows
    /// and no guess of the grown quotient passes the exact check) may hold; the run stops past it.
    #[arg(long, default_value_t = quotient::DEFAULT_MAX_MEMORY >> 20, value_name = "MIB", value_parser = crate::input::count::<usize>)]
    max_memory: usize,
    /// Compute Conway's genus of every heap (by a search of the heap's positions, which can cost
    /// much more than the quotient).
    #[arg(long)]
    genus: bool,
    /// The most positions the genus search remembers (it stops at the first heap past it).
    #[arg(long, default_value_t = quotient::DEFAULT_GENUS_POSITIONS, value_name = "P", requires = "genus", value_parser = crate::input::count::<usize>)]
    genus_positions: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The time a solve runs for without --time.
const SOLVE_TIME: Duration = Duration::from_secs(60);

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let rules: TakeAndBreak = args.code.parse().context("bad game")?;
    if args.heaps == Some(0) {
        anyhow::bail!("--heaps 0: give the largest heap, at least 1");
    }
    let solving = args.heaps.is_none();
    let max_heap = args.heaps.unwrap_or(args.max_heap);
    let time = args.time.or(solving.then_some(SOLVE_TIME));
    let mut progress = Progress::new(max_heap, time);
    let bounds = Bounds {
        max_heap,
        max_order: args.max_order,
        max_memory: args.max_memory.saturating_mul(1 << 20),
    };
    let report = Report::run(&rules, bounds, solving, &mut |step| progress.step(step));
    progress.finish();
    let Some(q) = &report.quotient else {
        let stopped = report.stopped.expect("a report without a quotient stopped");
        let raise = match stopped.memory {
            None => "raise --max-order",
            Some(_) => "raise --max-memory",
        };
        return Err(anyhow::Error::new(stopped).context(raise));
    };
    let presentation = Presentation::of(q);
    let genus = match args.genus {
        true => genus(&rules, q.max_heap(), args.genus_positions),
        false => Vec::new(),
    };
    let run = QuotientReport {
        rules: &rules,
        report: &report,
        quotient: q,
        presentation: &presentation,
        genus: args.genus.then_some(genus.as_slice()),
        time,
    };
    if args.json {
        crate::report::write_json(out, &run)
    } else {
        write_text(&run, out)
    }
}

/// The bound on time, and a progress line on standard error when it is a terminal.
struct Progress {
    start: Instant,
    time: Option<Duration>,
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new(max_heap: usize, time: Option<Duration>) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(max_heap as u64);
            if let Ok(style) = ProgressStyle::with_template("heap {pos}: {msg}, {elapsed}") {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            start: Instant::now(),
            time,
            bar,
        }
    }

    /// Shows the step; whether there is time for another.
    fn step(&mut self, step: &Step) -> bool {
        if let Some(bar) = &self.bar {
            bar.set_position(step.heap as u64);
            bar.set_message(format!(
                "order {}, P-portion {}",
                step.order, step.p_portion
            ));
        }
        self.time.is_none_or(|t| self.start.elapsed() < t)
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The genus of heaps 0, 1, 2, … as far as the search's bound allows.
fn genus(rules: &TakeAndBreak, max_heap: usize, max_positions: usize) -> Vec<Genus> {
    let mut search = GenusSearch::new(rules, max_heap, max_positions);
    (0..=max_heap).map_while(|n| search.genus(n).ok()).collect()
}

fn generators(presentation: &Presentation) -> Vec<String> {
    presentation
        .generators
        .iter()
        .enumerate()
        .map(|(i, heap)| format!("{} = heap {heap}", Presentation::name(i)))
        .collect()
}

fn write_text(run: &QuotientReport, out: &mut dyn Write) -> anyhow::Result<()> {
    let QuotientReport {
        rules,
        report,
        quotient: q,
        presentation,
        ..
    } = run;
    writeln!(out, "misère quotient of {}", octal::title(rules, Lang::En))?;
    let mut changes = Vec::new();
    let mut previous = 0;
    for step in &report.steps {
        if step.order != previous {
            changes.push(format!("{}: {}", step.heap, step.order));
            previous = step.order;
        }
    }
    writeln!(
        out,
        "order by largest heap (where it changes): {}",
        changes.join(", ")
    )?;
    if let Some(stopped) = &report.stopped {
        let raise = match stopped.memory {
            None => "--max-order",
            Some(_) => "--max-memory",
        };
        writeln!(out, "stopped: {stopped} (raise {raise})")?;
    }
    if let Some(line) = run.interrupted() {
        writeln!(out, "{line}")?;
    }
    if let Some(from) = report.stable_from() {
        writeln!(out, "unchanged from heap {from} to heap {}", q.max_heap())?;
    }
    match report.certificate() {
        Some(c) => writeln!(
            out,
            "certified at heap {}: the heap map has period {} from heap {} on every heap up to {}, \
             so by the {} this is the quotient of the whole game",
            q.max_heap(),
            c.period,
            c.preperiod,
            c.checked_to,
            quotient::THEOREM
        )?,
        None if quotient::applies_to(rules) => writeln!(
            out,
            "evidence only: the heap map does not yet meet the periodicity theorem's hypothesis \
             (period p from heap n0 up to heap 2·n0 + 2p + {} − 1)",
            rules.max_removed()
        )?,
        None => writeln!(
            out,
            "evidence only: no theorem is checked for this game (the periodicity theorem is for \
             octal games)"
        )?,
    }
    writeln!(
        out,
        "heaps up to {}: order {}, P-portion of {}",
        q.max_heap(),
        q.order(),
        q.p_portion().len()
    )?;
    writeln!(out, "generators: {}", generators(presentation).join(", "))?;
    writeln!(
        out,
        "relations: {}",
        presentation.written_relations().join(", ")
    )?;
    let p: Vec<String> = q
        .p_portion()
        .iter()
        .map(|&x| presentation.element(x))
        .collect();
    writeln!(out, "P-portion: {}", p.join(", "))?;
    let genus = run.genus.unwrap_or_default();
    if let Some(genus) = run.genus {
        let computed = genus.len().saturating_sub(1).min(q.max_heap());
        let tame: Vec<String> = (1..=computed)
            .filter(|&n| genus[n].is_tame())
            .map(|n| n.to_string())
            .collect();
        if genus.len() <= 1 {
            writeln!(
                out,
                "genus not computed (the search's bound, --genus-positions, is too small)"
            )?;
        } else {
            writeln!(
                out,
                "genus (Conway) computed for heaps up to {computed}{}; tame (the genus of a misère Nim position): {}",
                if computed < q.max_heap() {
                    " (the search's bound stops it there)"
                } else {
                    ""
                },
                if tame.is_empty() {
                    "none".to_string()
                } else {
                    tame.join(", ")
                }
            )?;
        }
        writeln!(out, "heaps (element, genus):")?;
    } else {
        writeln!(out, "heaps (element):")?;
    }
    let words: Vec<String> = (1..=q.max_heap())
        .map(|n| presentation.element(q.heap(n)))
        .collect();
    let width = words.iter().map(|w| w.chars().count()).max().unwrap_or(0);
    for (n, word) in (1..).zip(&words) {
        match genus.get(n) {
            Some(g) => writeln!(
                out,
                "  {n:>4}  {word:<width$}  {g}{}",
                if g.is_tame() { "  tame" } else { "" }
            )?,
            None => writeln!(out, "  {n:>4}  {word}")?,
        }
    }
    Ok(())
}
