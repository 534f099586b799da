//! `grundy quotient`: the misère quotient of a take-and-break game, heap by heap.

use std::io::Write;

use anyhow::Context;
use grundy::Lang;
use grundy::games::octal;
use grundy::quotient::{self, Genus, GenusSearch, Presentation, Quotient, Report};
use grundy::values::TakeAndBreak;
use serde_json::json;

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
/// generate, and relations), the P-portion, and the element and Conway's genus g^{γ₀γ₁…} of every
/// heap (γₖ: the misère Grundy value of the heap beside k nim heaps of 2), marked tame when it is
/// the genus of a misère Nim position. --json adds the multiplication table.
///
/// Examples: `grundy quotient 0.75 --heaps 21`, `grundy quotient kayles --heaps 170`,
/// `grundy quotient 0.07 --heaps 40 --max-order 1000`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, as `grundy values` takes it: an octal or take-and-break code (0.77 Kayles, 0.07
    /// Dawson's Kayles, 0.137 Dawson's chess, 0.75, 4.7), a name (kayles, dawson, grundy) or a
    /// subtraction set (quoted: '{1,2,4}').
    code: String,
    /// The largest heap.
    #[arg(long, default_value_t = 30, value_name = "N", value_parser = crate::input::count::<usize>)]
    heaps: usize,
    /// Stop when the quotient has more elements than this (the work grows with it).
    #[arg(long, default_value_t = quotient::DEFAULT_MAX_ORDER, value_name = "M", value_parser = crate::input::count::<usize>)]
    max_order: usize,
    /// The most positions the genus search remembers (it stops at the first heap past it; 0
    /// computes no genus).
    #[arg(long, default_value_t = quotient::DEFAULT_GENUS_POSITIONS, value_name = "P", value_parser = crate::input::count::<usize>)]
    genus_positions: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let rules: TakeAndBreak = args.code.parse().context("bad game")?;
    if args.heaps == 0 {
        anyhow::bail!("--heaps 0: give the largest heap, at least 1");
    }
    let report = Report::compute(&rules, args.heaps, args.max_order);
    let Some(q) = &report.quotient else {
        let stopped = report.stopped.expect("a report without a quotient stopped");
        return Err(anyhow::Error::new(stopped).context("raise --max-order"));
    };
    let presentation = Presentation::of(q);
    let genus = genus(&rules, q.max_heap(), args.genus_positions);
    if args.json {
        write_json(&rules, &report, q, &presentation, &genus, out)
    } else {
        write_text(&rules, &report, q, &presentation, &genus, out)
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

fn relations(presentation: &Presentation) -> Vec<String> {
    presentation
        .relations
        .iter()
        .map(|(l, r)| format!("{} = {}", Presentation::show(l), Presentation::show(r)))
        .collect()
}

fn write_text(
    rules: &TakeAndBreak,
    report: &Report,
    q: &Quotient,
    presentation: &Presentation,
    genus: &[Genus],
    out: &mut dyn Write,
) -> anyhow::Result<()> {
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
        writeln!(out, "stopped: {stopped} (raise --max-order)")?;
    }
    if let Some(from) = report.stable_from() {
        writeln!(out, "unchanged from heap {from} to heap {}", q.max_heap())?;
    }
    match report.certificate() {
        Some(c) => writeln!(
            out,
            "certified: the heap map has period {} from heap {} on every heap up to {}, so by the {} \
             this is the quotient of the whole game",
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
    writeln!(out, "relations: {}", relations(presentation).join(", "))?;
    let p: Vec<String> = q
        .p_portion()
        .iter()
        .map(|&x| presentation.element(x))
        .collect();
    writeln!(out, "P-portion: {}", p.join(", "))?;
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

fn write_json(
    rules: &TakeAndBreak,
    report: &Report,
    q: &Quotient,
    presentation: &Presentation,
    genus: &[Genus],
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let order = q.order() as u32;
    let elements: Vec<String> = (0..order).map(|x| presentation.element(x)).collect();
    let table: Vec<Vec<u32>> = (0..order)
        .map(|x| (0..order).map(|y| q.product(x, y)).collect())
        .collect();
    let v = json!({
        "game": "quotient",
        "code": rules.to_string(),
        "title": octal::title(rules, Lang::En),
        "max_heap": q.max_heap(),
        "order": q.order(),
        "growth": report.steps,
        "stable_from": report.stable_from(),
        "certified": report.certificate().is_some(),
        "certificate": report.certificate().map(|c| json!({
            "theorem": quotient::THEOREM,
            "preperiod": c.preperiod,
            "period": c.period,
            "checked_to": c.checked_to,
        })),
        "stopped": report.stopped.as_ref().map(ToString::to_string),
        "generators": presentation.generators,
        "relations": relations(presentation),
        "elements": elements,
        "p_portion": q.p_portion(),
        "heaps": (0..=q.max_heap()).map(|n| q.heap(n)).collect::<Vec<_>>(),
        "table": table,
        "genus": (0..=q.max_heap()).map(|n| genus.get(n).map(|g| json!({
            "genus": g.to_string(),
            "normal": g.normal,
            "misere": g.misere,
            "tame": g.is_tame(),
        }))).collect::<Vec<_>>(),
    });
    serde_json::to_writer(&mut *out, &v)?;
    writeln!(out)?;
    Ok(())
}
