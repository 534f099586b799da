//! `grundy explore`: the values of a family with one integer parameter, their period, and
//! conjectured formulas checked against them.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::ValueEnum;
use grundy::engine::Memo;
use grundy::explore::{self, Conjecture, Exploration};
use grundy::games::nim::Nim;
use grundy::period::Certificate;
use grundy::{Game, Lang, Nimber};
use grundy_script::{Formula, Limits, Start};
use serde_json::json;

use crate::report::LangArg;

/// Explore a family of games with one parameter n: the values G(n), the P-positions, the period.
///
/// Families: `script FILE` (the script's `fn family(n)`, or the state n itself), `subtract S...`
/// (a heap of n, a move removes one of the numbers S), `nim P...` (Nim with piles P fixed and one
/// more pile of n). A period G(n + p) = G(n), or an arithmetic one G(n + p) = G(n) + s, is
/// reported with its evidence (how many times it repeats); it is proved where a theorem applies
/// (subtraction games: a window of max(S) values repeating proves it), otherwise it is only seen.
///
/// --check tests a conjectured formula, a Rhai expression in n, on every n of the range and prints
/// the first counterexample: an integer is a conjectured Grundy value (`n % 3`,
/// `if n % 4 == 3 { n + 1 } else { n }`), a boolean says whether the player to move wins
/// (`n % 3 != 0`).
///
/// Examples: `grundy explore subtract 1 2 4 --check "n % 3"`,
/// `grundy explore script examples/scripts/lasker-nim.rhai --to 40`, `grundy explore nim 5 --json`.
#[derive(clap::Args)]
pub struct Args {
    /// The family.
    #[arg(value_enum)]
    family: Family,
    /// The family's arguments: the script file, the subtraction set, or the fixed Nim piles.
    #[arg(allow_negative_numbers = true)]
    arguments: Vec<String>,
    /// The first n shown and checked (values are always computed from 0, for the period).
    #[arg(long, default_value_t = 0, value_name = "N")]
    from: u64,
    /// The end of the range (exclusive); by default the script's `fn start()` range, else 100.
    #[arg(long, value_name = "N")]
    to: Option<u64>,
    /// A conjectured formula in n to check on every n of the range.
    #[arg(long, value_name = "EXPR")]
    check: Option<String>,
    /// The step budget of the script and the formula (script operations).
    #[arg(long, default_value_t = Limits::DEFAULT_MAX_STEPS, value_name = "N")]
    max_steps: u64,
    /// The most positions the search may remember.
    #[arg(long, default_value_t = Limits::default().max_states, value_name = "N")]
    max_states: usize,
    /// Print one JSON object: values, p_positions, period, check.
    #[arg(long)]
    json: bool,
    /// Language of text output.
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
    // MERGE (issue 5): `--plot FILE` goes here, handing `exploration.values` to the plotting
    // module of `grundy values`; and an `octal CODE` family computed by its sequence engine with
    // `Certificate::TakeAndBreak { heaps, max }` (see `family_values` below).
}

/// The families the explorer knows.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Family {
    /// A script: its `fn family(n)`, or the state n.
    Script,
    /// A subtraction game on one heap of n.
    Subtract,
    /// Nim with fixed piles and one more pile of n.
    Nim,
}

/// A subtraction game, for the explorer only.
// MERGE (issue 3): replace by the subtraction ruleset of `grundy::games` once it is merged.
struct Subtraction(Vec<u64>);

impl Game for Subtraction {
    type Position = u64;
    fn options(&self, n: &u64, out: &mut Vec<u64>) {
        out.extend(self.0.iter().filter(|&&s| s <= *n).map(|s| n - s));
    }
}

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
    let limits = Limits {
        max_steps: args.max_steps,
        max_states: args.max_states,
    };
    let (title, exploration, range) = family_values(args, limits)?;
    let (from, to) = range;
    if from >= to {
        bail!("the range {from}..{to} is empty");
    }
    let check = match &args.check {
        Some(text) => {
            let formula = Formula::compile(text, args.max_steps)
                .with_context(|| format!("--check '{text}'"))?;
            let result = exploration
                .check(from, |n| formula.eval(n as i64))
                .with_context(|| format!("--check '{text}'"))?;
            Some((text.as_str(), result))
        }
        None => None,
    };
    let p_positions = exploration.p_positions(from);
    if args.json {
        let values: Vec<u64> = exploration.values[from as usize..]
            .iter()
            .map(|g| g.value())
            .collect();
        let mut v = json!({
            "game": "explore",
            "family": title,
            "from": from,
            "to": to,
            "values": values,
            "p_positions": p_positions,
            "period": exploration.period,
            "certificate": certificate_name(exploration.certificate),
        });
        if exploration.period.is_some() {
            v["period"]["periods_seen"] = json!(exploration.periods_seen());
            v["period"]["needed_for_proof"] = json!(exploration.needed_for_proof());
        }
        if let Some((formula, result)) = &check {
            v["check"] = json!({
                "formula": formula,
                "holds": result.is_none(),
                "counterexample": result,
            });
        }
        serde_json::to_writer(&mut *out, &v)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{}{title}, n = {from}..{to}",
        lang.pick("explore: ", "探索：")
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
fn check_range(to: u64, limits: Limits) -> anyhow::Result<()> {
    if to > limits.max_states as u64 {
        bail!(
            "the range 0..{to} has more values than --max-states {} allows (raise it)",
            limits.max_states
        );
    }
    Ok(())
}

/// The family's title, its values from 0 with the certificate that applies, and the range shown.
fn family_values(args: &Args, limits: Limits) -> anyhow::Result<(String, Exploration, (u64, u64))> {
    let default_to = 100;
    if let Some(to) = args.to {
        check_range(to, limits)?;
    }
    match args.family {
        Family::Script => {
            let [file] = args.arguments.as_slice() else {
                bail!("explore script takes one script file");
            };
            let path = PathBuf::from(file);
            let script = crate::commands::script::load(&path, limits)?;
            let to = match (args.to, script.start().with_context(|| file.clone())?) {
                (Some(to), _) => to,
                (None, Some(Start::Range(_, end))) if end > 0 => end as u64,
                _ => default_to,
            };
            check_range(to, limits)?;
            let mut values = Vec::with_capacity(to as usize);
            for n in 0..to {
                let n = i64::try_from(n).context("n is above 2^63 - 1")?;
                let state = script.family(n).with_context(|| file.clone())?;
                values.push(script.grundy(&state).with_context(|| file.clone())?);
            }
            let title = format!("script {file}");
            Ok((
                title,
                Exploration::new(values, Certificate::None),
                (args.from, to),
            ))
        }
        Family::Subtract => {
            let mut set =
                grundy::parse::numbers_from_args(&args.arguments).context("bad subtraction set")?;
            set.sort_unstable();
            set.dedup();
            if set.first() == Some(&0) {
                bail!("bad subtraction set: 0 is not a move");
            }
            let to = args.to.unwrap_or(default_to);
            let max = *set.last().unwrap_or(&0);
            let values = explore::family_values(
                &Subtraction(set.clone()),
                |n| n,
                to,
                &mut Memo::bounded(limits.max_states, false),
            )?;
            let certificate = Certificate::Window {
                max: usize::try_from(max).unwrap_or(usize::MAX),
            };
            let list: Vec<String> = set.iter().map(u64::to_string).collect();
            let title = format!("subtraction set {{{}}}", list.join(", "));
            Ok((
                title,
                Exploration::new(values, certificate),
                (args.from, to),
            ))
        }
        Family::Nim => {
            let piles = if args.arguments.is_empty() {
                Vec::new()
            } else {
                grundy::parse::numbers_from_args(&args.arguments).context("bad pile")?
            };
            let to = args.to.unwrap_or(default_to);
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
            let title = format!("Nim with piles [{}] and a pile of n", list.join(", "));
            Ok((
                title,
                Exploration::new(values, Certificate::None),
                (args.from, to),
            ))
        }
    }
}

fn certificate_name(c: Certificate) -> &'static str {
    match c {
        Certificate::Window { .. } => "window",
        Certificate::AllBut { .. } => "all-but window",
        Certificate::TakeAndBreak { .. } => "take-and-break",
        Certificate::None => "none",
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
        (true, _, _) => lang.pick(
            "proved by the octal periodicity theorem".to_string(),
            "由八进制游戏周期定理证明".to_string(),
        ),
        (false, Some(needed), _) => lang.pick(
            format!("not yet proved: the proof needs values up to n = {} (--to {needed})", needed - 1),
            format!("尚未证明：证明需要计算到 n = {}（--to {needed}）", needed - 1),
        ),
        (false, None, _) => lang.pick(
            "evidence only: no periodicity theorem applies to this family".to_string(),
            "仅为观察：没有适用于这个游戏族的周期定理".to_string(),
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
