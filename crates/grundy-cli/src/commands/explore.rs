//! `grundy explore`: the values of a family with one integer parameter, their period, and
//! conjectured formulas checked against them.

use std::io::Write;
use std::path::PathBuf;

use std::collections::BTreeMap;

use anyhow::{Context, bail};
use clap::error::ErrorKind;
use clap::{Arg, ArgMatches, Command, FromArgMatches, Subcommand};
use grundy::explore::{self, Conjecture, Exploration};
use grundy::games::subtraction::SubtractionSet;
use grundy::json::ExploreReport;
use grundy::parse::Token;
use grundy::period::Certificate;
use grundy::registry;
use grundy::ruleset::Setup;
use grundy::{Lang, Nimber};
use grundy_script::{Formula, ScriptLimits, Start};

use crate::commands::script::LimitArgs;
use crate::report::LangArg;

/// Explore a family of games with one parameter n: the values G(n), the P-positions, the period.
///
/// Families: every ruleset of `grundy`, its position being the numbers FIXED… and then n, with the
/// ruleset's parameters as in `grundy RULESET` (`lasker`: a heap of n in Lasker's Nim; `nim 5`:
/// Nim with a pile of 5 and a pile of n; `octal 0.77`: a heap of n in Kayles; `subtraction --set
/// 1,2,4`; `turning ruler`: one heads coin at place n; `wythoff 3`). Also `subtract SET`, the same
/// as `subtraction --set SET` (the numbers of SET may be separate words: `subtract 1 2 4`), and
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
/// `grundy explore turning mock --to 64`, `grundy explore script
/// examples/scripts/lasker-nim.rhai --to 40`, `grundy explore nim 5 --json`.
#[derive(clap::Args)]
#[command(subcommand_value_name = "FAMILY", subcommand_help_heading = "Families")]
pub struct Args {
    #[command(subcommand)]
    family: Family,
    /// The first n shown and checked (values are always computed from 0, for the period).
    #[arg(long, global = true, default_value_t = 0, value_name = "N", value_parser = crate::input::count::<u64>)]
    from: u64,
    /// The end of the range (exclusive); by default the script's `fn start()` range, else 100.
    #[arg(long, global = true, value_name = "N", value_parser = crate::input::count::<u64>)]
    to: Option<u64>,
    /// The last n of the range (inclusive, as in `grundy values`): --upto 200 is --to 201.
    #[arg(long, global = true, value_name = "N", conflicts_with = "to", value_parser = crate::input::count::<u64>)]
    upto: Option<u64>,
    /// A conjectured formula in n to check on every n of the range.
    #[arg(long, global = true, value_name = "EXPR")]
    check: Option<String>,
    /// Draw G(n) against n (n from 0 to the end of the range), the period shaded, to FILE.svg or
    /// FILE.png.
    #[arg(long, global = true, value_name = "FILE")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Print one JSON object: values, p_positions, period, check.
    #[arg(long, global = true)]
    json: bool,
    /// Language of text output.
    #[arg(long, global = true, value_enum, default_value = "en")]
    lang: LangArg,
}

/// A family to explore: a ruleset's positions, a subtraction set's heaps, or a script's family.
enum Family {
    /// A ruleset of the registry, its parameters, and the numbers of the position before n.
    Ruleset { setup: Setup, fixed: Vec<String> },
    /// `subtract SET`: a heap of n under the subtraction set, its numbers as words.
    Subtract { set: Vec<String> },
    /// A script: its `fn family(n)`, or the state n.
    Script { file: String },
}

impl FromArgMatches for Family {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let (name, sub) = matches
            .subcommand()
            .ok_or_else(|| clap::Error::new(ErrorKind::MissingSubcommand))?;
        let words = |id: &str| -> Vec<String> {
            sub.get_many::<String>(id)
                .map(|w| w.cloned().collect())
                .unwrap_or_default()
        };
        Ok(match name {
            "subtract" => Family::Subtract { set: words("set") },
            "script" => Family::Script {
                file: words("file").concat(),
            },
            _ => {
                let (setup, fixed) = crate::commands::ruleset::family_chosen(name, sub);
                Family::Ruleset { setup, fixed }
            }
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Family::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for Family {
    fn augment_subcommands(command: Command) -> Command {
        command
            .subcommands(
                registry::RULESETS
                    .iter()
                    .map(|&name| crate::commands::ruleset::family_command(name)),
            )
            .subcommand(
                Command::new("subtract")
                    .about("A heap of n under a subtraction set: the same as subtraction --set SET")
                    .arg(
                        Arg::new("set")
                            .value_name("SET")
                            .num_args(1..)
                            .required(true)
                            .help("The set as --set takes it (1,2,4; 1..M; all-but:F), or its numbers as words."),
                    ),
            )
            .subcommand(
                Command::new("script")
                    .about("A script's family: its fn family(n), or the state n")
                    .arg(
                        Arg::new("file")
                            .value_name("FILE")
                            .required(true)
                            .help("The script file."),
                    ),
            )
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        Family::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        registry::RULESETS.contains(&name) || ["subtract", "script"].contains(&name)
    }
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
    let (setup, fixed) = match &args.family {
        Family::Ruleset { setup, fixed } => {
            let fixed = if fixed.is_empty() {
                Vec::new()
            } else {
                grundy::parse::numbers_from_args(fixed).context("bad number")?
            };
            (setup.clone(), fixed)
        }
        Family::Subtract { set } => {
            let text = set.join(",");
            SubtractionSet::parse(&text)
                .with_context(|| format!("bad subtraction set {}", Token::new(&text)))?;
            let setup = Setup {
                game: "subtraction".to_string(),
                params: BTreeMap::from([("set".to_string(), text)]),
                ..Setup::default()
            };
            (setup, Vec::new())
        }
        Family::Script { file } => return script_family(file, asked, limits, args.from),
    };
    let to = within(asked.unwrap_or(DEFAULT_TO))?;
    let (exploration, [title, title_zh]) = registry::explore(&setup, &fixed, to)?;
    Ok(((title, title_zh), exploration, range(to)))
}

/// The family of the script `file`: the values of its `fn family(n)` (or the state n).
fn script_family(
    file: &str,
    asked: Option<u64>,
    limits: ScriptLimits,
    from: u64,
) -> anyhow::Result<(Title, Exploration, (u64, u64))> {
    let path = PathBuf::from(file);
    let script = crate::commands::script::load(&path, limits)?;
    let to = match (asked, script.start().with_context(|| file.to_string())?) {
        (Some(to), _) => to,
        (None, Some(Start::Range(_, end))) if end > 0 => end as u64,
        _ => DEFAULT_TO,
    };
    check_range(to, limits)?;
    let mut values = Vec::with_capacity(to as usize);
    for n in 0..to {
        let n = i64::try_from(n).context("n is above 2^63 - 1")?;
        let state = script.family(n).with_context(|| file.to_string())?;
        values.push(script.grundy(&state).with_context(|| file.to_string())?);
    }
    let title = (format!("script {file}"), format!("脚本 {file}"));
    Ok((
        title,
        Exploration::new(values, Certificate::None),
        (from, to),
    ))
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
