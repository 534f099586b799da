//! `grundy explore`: the values of a family with one integer parameter, their period, and
//! conjectured formulas checked against them.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::ValueEnum;
use grundy::engine::Memo;
use grundy::explore::{self, Conjecture, Exploration};
use grundy::games::lasker::Lasker;
use grundy::games::nim::Nim;
use grundy::games::subtraction::SubtractionSet;
use grundy::json::ExploreReport;
use grundy::parse::Token;
use grundy::period::Certificate;
use grundy::values::{Sequence, TakeAndBreak};
use grundy::{Lang, Nimber};
use grundy_script::{Formula, ScriptLimits, Start};

use crate::commands::script::LimitArgs;
use crate::report::LangArg;

/// Explore a family of games with one parameter n: the values G(n), the P-positions, the period.
///
/// Families: `subtract SET` (a heap of n, a move removes one of the numbers of SET, written as
/// `grundy subtraction --set` takes it: `1,2,4`, `1..M`, `all-but:F`; the numbers may also be
/// separate words, `subtract 1 2 4`), `octal CODE` (a heap of n in the take-and-break
/// game CODE, as in `grundy values`: 0.77 Kayles, 0.07 Dawson's Kayles, 4.7, grundy), `lasker`
/// (one heap of n in Lasker's Nim), `nim P...` (Nim with piles P fixed and one more pile of n),
/// `script FILE` (the script's `fn family(n)`, or the state n itself).
///
/// A period G(n + p) = G(n), or an arithmetic one G(n + p) = G(n) + s, is reported with its
/// evidence (from which n, and how many times it repeats in the values). It is proved where a
/// theorem applies: a finite subtraction set S, when a window of max(S) values repeats; an
/// all-but set excluding F, when a window of 2·max(F) + 1 values repeats with the saltus; an
/// octal code (Guy–Smith periodicity theorem), when G(n + p) = G(n) for n0 <= n < 2·n0 + p + t
/// (t: the most tokens a move removes). Otherwise the period is only seen, and may fail later.
///
/// --check tests a conjectured formula, a Rhai expression in n, on every n of the range and prints
/// the first counterexample: an integer is a conjectured Grundy value (`n % 3`,
/// `if n % 4 == 3 { n + 1 } else { n }`), a boolean says whether the player to move wins
/// (`n % 3 != 0`).
///
/// Examples: `grundy explore subtract 1,2,4 --check "n % 3"`,
/// `grundy explore octal 0.77 --upto 200 --plot kayles.svg`, `grundy explore lasker --to 60`,
/// `grundy explore script examples/scripts/lasker-nim.rhai --to 40`, `grundy explore nim 5 --json`.
#[derive(clap::Args)]
pub struct Args {
    /// The family.
    #[arg(value_enum)]
    family: Family,
    /// The family's arguments: the subtraction set, the code, the fixed Nim piles, or the script
    /// file.
    #[arg(allow_negative_numbers = true)]
    arguments: Vec<String>,
    /// The first n shown and checked (values are always computed from 0, for the period).
    #[arg(long, default_value_t = 0, value_name = "N", value_parser = crate::input::count::<u64>)]
    from: u64,
    /// The end of the range (exclusive); by default the script's `fn start()` range, else 100.
    #[arg(long, value_name = "N", value_parser = crate::input::count::<u64>)]
    to: Option<u64>,
    /// The last n of the range (inclusive, as in `grundy values`): --upto 200 is --to 201.
    #[arg(long, value_name = "N", conflicts_with = "to", value_parser = crate::input::count::<u64>)]
    upto: Option<u64>,
    /// A conjectured formula in n to check on every n of the range.
    #[arg(long, value_name = "EXPR")]
    check: Option<String>,
    /// Draw G(n) against n (n from 0 to the end of the range), the period shaded, to FILE.svg or
    /// FILE.png.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Print one JSON object: values, p_positions, period, check.
    #[arg(long)]
    json: bool,
    /// Language of text output.
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
}

/// The families the explorer knows.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Family {
    /// A subtraction game on one heap of n.
    Subtract,
    /// A take-and-break (octal) game on one heap of n.
    Octal,
    /// Lasker's Nim on one heap of n.
    Lasker,
    /// Nim with fixed piles and one more pile of n.
    Nim,
    /// A script: its `fn family(n)`, or the state n.
    Script,
}

/// The end of the range without --to, --upto or a script's range.
const DEFAULT_TO: u64 = 100;

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let text = crate::commands::script::on_script_stack(move || {
        let mut text = Vec::new();
        explore(&args, &mut text)?;
        Ok(text)
    })?;
    out.write_all(&text)?;
    Ok(())
}

fn explore(args: &Args, out: &mut Vec<u8>) -> anyhow::Result<()> {
    let lang = Lang::from(args.lang);
    let limits = args.limits.limits();
    let ((title, title_zh), exploration, range) = family_values(args, limits)?;
    let (from, to) = range;
    if from >= to {
        bail!("the range {from}..{to} is empty");
    }
    let check = match &args.check {
        Some(text) => {
            let formula = Formula::compile(text, limits)
                .with_context(|| format!("--check {}", Token::new(text)))?;
            let result = exploration
                .check(from, |n| formula.eval(n as i64))
                .with_context(|| format!("--check {}", Token::new(text)))?;
            Some((text.as_str(), result))
        }
        None => None,
    };
    let p_positions = exploration.p_positions(from);
    if let Some(path) = &args.plot {
        let plot_title = format!("G(n) of {title}, n = 0..{}", to - 1);
        let values: Vec<u64> = exploration.values.iter().map(|g| g.value()).collect();
        crate::plot::draw(path, &plot_title, &values, exploration.period)?;
    }
    if args.json {
        let report = ExploreReport {
            family: &title,
            exploration: &exploration,
            from,
            to,
            check,
        };
        return crate::report::write_json(out, &report);
    }
    writeln!(
        out,
        "{}{}, n = {from}..{to}",
        lang.pick("explore: ", "探索："),
        lang.pick(&title, &title_zh)
    )?;
    writeln!(out, "G(n):")?;
    for row in (from..to).collect::<Vec<_>>().chunks(10) {
        let cells: Vec<String> = row
            .iter()
            .map(|&n| format!("{:>3}", exploration.values[n as usize].value()))
            .collect();
        writeln!(out, "{:>8}: {}", row[0], cells.join(" "))?;
    }
    const SHOWN: usize = 40;
    let shown: Vec<String> = p_positions.iter().take(SHOWN).map(u64::to_string).collect();
    writeln!(
        out,
        "{} ({}): {}{}",
        lang.pick("P-positions, G(n) = 0", "P 态（G(n) = 0）"),
        p_positions.len(),
        shown.join(" "),
        if p_positions.len() > SHOWN {
            " ..."
        } else {
            ""
        }
    )?;
    writeln!(out, "{}", period_text(&exploration, lang))?;
    if let Some((formula, result)) = check {
        writeln!(out, "{}", check_text(formula, result, from, to, lang))?;
    }
    Ok(())
}

/// Each n of the range is at least one position in the search table: a range longer than the
/// table may hold is refused before anything is computed or allocated.
fn check_range(to: u64, limits: ScriptLimits) -> anyhow::Result<()> {
    if to > limits.max_states as u64 {
        bail!(
            "the range 0..{to} has more values than --max-states {} allows (raise it)",
            limits.max_states
        );
    }
    Ok(())
}

/// A family's title in English and in Chinese.
type Title = (String, String);

/// The family's title, its values from 0 with the certificate that
/// applies, and the range shown.
fn family_values(
    args: &Args,
    limits: ScriptLimits,
) -> anyhow::Result<(Title, Exploration, (u64, u64))> {
    let asked = args.to.or(args.upto.map(|n| n.saturating_add(1)));
    let within = |to: u64| -> anyhow::Result<u64> { check_range(to, limits).map(|()| to) };
    let range = |to| (args.from, to);
    match args.family {
        Family::Subtract => {
            let text = args.arguments.join(",");
            let set = SubtractionSet::parse(&text)
                .with_context(|| format!("bad subtraction set {}", Token::new(&text)))?;
            let to = within(asked.unwrap_or(DEFAULT_TO))?;
            let values = set.values(to as usize).into_iter().map(Nimber).collect();
            let exploration = Exploration::new(values, set.certificate());
            let title = (format!("subtraction set {set}"), format!("减法集合 {set}"));
            Ok((title, exploration, range(to)))
        }
        Family::Octal => {
            let [code] = args.arguments.as_slice() else {
                bail!("explore octal takes one code, such as 0.77");
            };
            let rules: TakeAndBreak = code.parse().context("bad code")?;
            let to = within(asked.unwrap_or(DEFAULT_TO))?;
            let title = match rules.name() {
                Some(name) => (
                    format!("{name} (code {rules})"),
                    format!("{name}（代码 {rules}）"),
                ),
                None => (format!("octal code {rules}"), format!("代码 {rules}")),
            };
            let mut sequence = Sequence::new(rules);
            sequence.extend_to(to as usize);
            let values = sequence
                .values()
                .iter()
                .take(to as usize)
                .map(|g| Nimber(u64::from(g)))
                .collect();
            let exploration = Exploration::new(values, sequence.certificate());
            Ok((title, exploration, range(to)))
        }
        Family::Lasker => {
            if !args.arguments.is_empty() {
                bail!("explore lasker takes no arguments (n is the heap)");
            }
            let to = within(asked.unwrap_or(DEFAULT_TO))?;
            let values = explore::family_values(
                &Lasker,
                |n| vec![n],
                to,
                &mut Memo::bounded(limits.max_states, true),
            )?;
            let title = (
                "Lasker's Nim, one heap of n".to_string(),
                "Lasker Nim，一堆 n 个".to_string(),
            );
            Ok((
                title,
                Exploration::new(values, Certificate::None),
                range(to),
            ))
        }
        Family::Nim => {
            let piles = if args.arguments.is_empty() {
                Vec::new()
            } else {
                grundy::parse::numbers_from_args(&args.arguments).context("bad pile")?
            };
            let to = within(asked.unwrap_or(DEFAULT_TO))?;
            let position = |n| {
                let mut p = piles.clone();
                p.push(n);
                p
            };
            let values = explore::family_values(
                &Nim,
                position,
                to,
                &mut Memo::bounded(limits.max_states, true),
            )?;
            let list: Vec<String> = piles.iter().map(u64::to_string).collect();
            let title = (
                format!("Nim with piles [{}] and a pile of n", list.join(", ")),
                format!("Nim：固定各堆 [{}]，再加一堆 n 个", list.join(", ")),
            );
            Ok((
                title,
                Exploration::new(values, Certificate::None),
                range(to),
            ))
        }
        Family::Script => {
            let [file] = args.arguments.as_slice() else {
                bail!("explore script takes one script file");
            };
            let path = PathBuf::from(file);
            let script = crate::commands::script::load(&path, limits)?;
            let to = match (asked, script.start().with_context(|| file.clone())?) {
                (Some(to), _) => to,
                (None, Some(Start::Range(_, end))) if end > 0 => end as u64,
                _ => DEFAULT_TO,
            };
            let to = within(to)?;
            let mut values = Vec::with_capacity(to as usize);
            for n in 0..to {
                let n = i64::try_from(n).context("n is above 2^63 - 1")?;
                let state = script.family(n).with_context(|| file.clone())?;
                values.push(script.grundy(&state).with_context(|| file.clone())?);
            }
            let title = (format!("script {file}"), format!("脚本 {file}"));
            Ok((
                title,
                Exploration::new(values, Certificate::None),
                range(to),
            ))
        }
    }
}

fn period_text(e: &Exploration, lang: Lang) -> String {
    let Some(p) = e.period else {
        return lang
            .pick(
                "no period in these values (try a larger --to)",
                "这些值中没有发现周期（可以增大 --to）",
            )
            .to_string();
    };
    let law = if p.saltus == 0 {
        format!("G(n + {}) = G(n)", p.period)
    } else {
        format!("G(n + {}) = G(n) + {}", p.period, p.saltus)
    };
    let seen = e.periods_seen();
    let status = match (p.proved, e.needed_for_proof(), e.certificate) {
        (true, _, Certificate::Window { max }) => lang.pick(
            format!("proved: G(n) depends only on the {max} values before it, and a window of {max} values repeats"),
            format!("已证明：G(n) 只依赖于前 {max} 个值，而长度为 {max} 的窗口已经重复"),
        ),
        (true, _, Certificate::AllBut { largest_excluded: f }) => {
            let w = 2 * f + 1;
            lang.pick(
                format!("proved: for an all-but set, G(n) follows from the {w} values before it in a way that commutes with adding {}, and a window of {w} values repeats with that saltus", p.saltus),
                format!("已证明：对 all-but 集合，G(n) 由前 {w} 个值决定，且与整体加 {} 相容，而长度为 {w} 的窗口已按此增量重复", p.saltus),
            )
        }
        (true, needed, _) => {
            let upto = needed.unwrap_or(e.values.len()) - 1;
            lang.pick(
                format!("proved by the periodicity theorem for take-and-break games (Guy and Smith): the values agree up to n = {upto}, as far as it asks"),
                format!("由取子–分堆游戏的周期定理（Guy 与 Smith）证明：数值一直吻合到定理要求的 n = {upto}"),
            )
        }
        (false, Some(needed), _) => lang.pick(
            format!("not yet proved: the proof needs values up to n = {} (--to {needed})", needed - 1),
            format!("尚未证明：证明需要计算到 n = {}（--to {needed}）", needed - 1),
        ),
        (false, None, Certificate::None) => lang.pick(
            "evidence only: no periodicity theorem applies to this family".to_string(),
            "仅为观察：没有适用于这个游戏族的周期定理".to_string(),
        ),
        (false, None, _) => lang.pick(
            "evidence only: this family's periodicity theorem proves plain periods, not one with a saltus".to_string(),
            "仅为观察：这个游戏族的周期定理只能证明普通周期，不能证明带增量的周期".to_string(),
        ),
    };
    lang.pick(
        format!(
            "period: {law} for every n >= {} (preperiod {}, seen {seen} times); {status}",
            p.preperiod, p.preperiod
        ),
        format!(
            "周期：当 n >= {} 时 {law}（预周期 {}，重复 {seen} 次）；{status}",
            p.preperiod, p.preperiod
        ),
    )
}

fn check_text(
    formula: &str,
    result: Option<explore::Counterexample>,
    from: u64,
    to: u64,
    lang: Lang,
) -> String {
    let Some(c) = result else {
        return lang.pick(
            format!("check `{formula}`: holds for every n in {from}..{to}"),
            format!("检验 `{formula}`：对 {from}..{to} 中的每个 n 都成立"),
        );
    };
    let g = c.value.value();
    let outcome = |g: Nimber| {
        if g.is_zero() {
            lang.pick("P-position", "必败态")
        } else {
            lang.pick("N-position", "必胜态")
        }
    };
    match c.claimed {
        Conjecture::Value(v) => lang.pick(
            format!(
                "check `{formula}`: fails at n = {}: the formula gives {v}, but G({}) = {g}",
                c.n, c.n
            ),
            format!(
                "检验 `{formula}`：在 n = {} 处不成立：公式给出 {v}，而 G({}) = {g}",
                c.n, c.n
            ),
        ),
        Conjecture::Wins(w) => {
            let said = if w {
                lang.pick("the player to move wins", "先手必胜")
            } else {
                lang.pick("the player to move loses", "先手必败")
            };
            lang.pick(
                format!("check `{formula}`: fails at n = {}: the formula says {said}, but G({}) = {g} ({})", c.n, c.n, outcome(c.value)),
                format!("检验 `{formula}`：在 n = {} 处不成立：公式说{said}，而 G({}) = {g}（{}）", c.n, c.n, outcome(c.value)),
            )
        }
    }
}
