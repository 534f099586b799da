//! `grundy script`: a game whose rules the user writes in Rhai.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use grundy::{Explain, Lang, Outcome};
use grundy_script::{Script, ScriptJson, ScriptLimits, Start, State};

use crate::report::{self, OutputArgs};

/// A game written by you: a Rhai script gives the rules, the engine finds values and winning moves.
///
/// The script defines `fn options(state)`, returning the array of states one move away; optionally
/// `fn components(state)`, splitting a state into independent games (their values combine by XOR,
/// Sprague–Grundy); `fn start()`, the states to analyse when none are given (an array or a range);
/// and `fn family(n)`, the state for parameter n (for `grundy explore`). States are integers,
/// booleans, strings, and arrays and maps of them. Theorem: the value of a state is the mex of its
/// options' values, and the player to move wins iff it is not 0; a winning move goes to value 0.
///
/// Examples in examples/scripts: `grundy script examples/scripts/take-1-2-4.rhai 10`,
/// `grundy script examples/scripts/lasker-nim.rhai '[2, 5, 7]'`,
/// `grundy script examples/scripts/queen.rhai '[3, 5]' --explain`.
#[derive(clap::Args)]
pub struct Args {
    /// The script file.
    file: PathBuf,
    /// States to analyse, written as in the script (`10`, `[3, 5]`, `#{piles: [3], cap: 2}`);
    /// by default those of `fn start()`.
    #[arg(allow_negative_numbers = true)]
    states: Vec<String>,
    /// The game may have cycles: list every reachable state and use the generalized
    /// Sprague–Grundy function (values may be ∞, outcomes may be D for a draw). Components are not
    /// used then.
    #[arg(long)]
    loopy: bool,
    #[command(flatten)]
    limits: LimitArgs,
    /// Print the states searched, the script operations used, the time and the states per second
    /// on standard error, and whether `options` ran compiled (and if not, why).
    #[arg(long)]
    stats: bool,
    /// Run every call in Rhai's interpreter. By default `options` and `components` are compiled
    /// to Rust closures when they use only the common subset of Rhai (integers, arrays, maps,
    /// loops, the usual operators; see `--stats`), which is several times faster and gives the
    /// same answers and errors.
    #[arg(long)]
    interpreted: bool,
    #[command(flatten)]
    output: OutputArgs,
}

/// How far a script may run: the flags shared by `grundy script` and `grundy explore` (global, so
/// that `grundy explore` takes them after its family too).
#[derive(clap::Args)]
pub struct LimitArgs {
    /// The step budget: script operations allowed in all, over every call.
    #[arg(long, global = true, default_value_t = ScriptLimits::DEFAULT_MAX_STEPS, value_name = "N", value_parser = crate::input::count::<u64>)]
    max_steps: u64,
    /// The most states the search may remember.
    #[arg(long, global = true, default_value_t = ScriptLimits::default().max_states, value_name = "N", value_parser = crate::input::count::<usize>)]
    max_states: usize,
    /// Wall-clock seconds the script may run (fractions allowed), counted from its start; a
    /// script still running then stops with an error.
    #[arg(long, global = true, value_name = "SECONDS", default_value = "60", value_parser = crate::input::seconds)]
    time_limit: Duration,
    #[command(flatten)]
    memory: MemoryArg,
}

/// The memory bound of a script, shared by `grundy script`, `explore` and `play script`.
#[derive(clap::Args)]
pub struct MemoryArg {
    /// The most memory, in MiB, the program may have in use while the script runs (script
    /// values, the states the search remembers, the input): past it the script stops with an
    /// error. Checked before every script operation, so it is passed by at most one operation's
    /// allocation (a few MiB: Rhai bounds each value).
    #[arg(long, global = true, value_name = "MIB", default_value_t = ScriptLimits::DEFAULT_MAX_MEMORY >> 20, value_parser = crate::input::count::<usize>)]
    max_memory: usize,
}

impl MemoryArg {
    /// The bound in bytes.
    pub fn bytes(&self) -> usize {
        self.max_memory.saturating_mul(1 << 20)
    }
}

// The default above is written out for clap; it must stay the library's.
const _: () = assert!(ScriptLimits::DEFAULT_TIME_LIMIT.as_secs() == 60);

impl LimitArgs {
    /// The limits to run a script under.
    pub fn limits(&self) -> ScriptLimits {
        ScriptLimits {
            max_steps: self.max_steps,
            max_states: self.max_states,
            time_limit: self.time_limit,
            max_memory: self.memory.bytes(),
        }
    }
}

/// Compiles the script at `path`; errors are prefixed with the file name.
pub fn load(path: &Path, limits: ScriptLimits) -> anyhow::Result<Script> {
    let source = String::from_utf8(crate::input::file_bytes(path, "the script")?)
        .with_context(|| format!("cannot read the script {}: not UTF-8 text", path.display()))?;
    Script::compile(&source, limits).with_context(|| path.display().to_string())
}

/// The stack of the thread that runs scripts (see [`grundy_script::STACK_SIZE`]).
const SCRIPT_STACK: usize = grundy_script::STACK_SIZE;

/// Runs `work` on a thread with [`SCRIPT_STACK`] bytes of stack.
pub fn on_script_stack<T: Send>(
    work: impl FnOnce() -> anyhow::Result<T> + Send,
) -> anyhow::Result<T> {
    on_script_stack_alongside(work, || Ok(()))
}

/// Runs `work` on a thread with [`SCRIPT_STACK`] bytes of stack while `meanwhile` runs on this
/// one (forwarding what `work` sends, for a game); `work`'s error comes first.
pub fn on_script_stack_alongside<T: Send>(
    work: impl FnOnce() -> anyhow::Result<T> + Send,
    meanwhile: impl FnOnce() -> anyhow::Result<()>,
) -> anyhow::Result<T> {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("script".into())
            .stack_size(SCRIPT_STACK)
            .spawn_scoped(scope, work)
            .context("cannot start the script thread")?;
        let here = meanwhile();
        let result = worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
        here?;
        Ok(result)
    })
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let text = on_script_stack(move || analyse(args))?;
    out.write_all(&text)?;
    Ok(())
}

/// The whole report, rendered.
fn analyse(args: Args) -> anyhow::Result<Vec<u8>> {
    let started = Instant::now();
    let limits = args.limits.limits();
    let name = args.file.display().to_string();
    let mut script = load(&args.file, limits)?;
    if args.interpreted {
        script.interpret_only();
    }
    let states = states(&script, &args.states).with_context(|| name.clone())?;
    let lang = Lang::from(args.output.lang);
    let mut text = Vec::new();
    if args.loopy {
        let analyses = script
            .analyze_loopy(&states)
            .with_context(|| name.clone())?;
        for a in &analyses {
            if args.output.json {
                report::write_json(
                    &mut text,
                    &ScriptJson::of_loopy(a, &name, args.output.max_moves, lang),
                )?;
                continue;
            }
            let value = lang.pick(format!(", value {}", a.value), format!("，值 {}", a.value));
            write_text(
                &mut text,
                &a.state,
                a.outcome,
                &value,
                &a.winning,
                &args.output,
                lang,
                &[] as &[grundy_script::ScriptStep],
            )?;
        }
    } else {
        for state in &states {
            let a = script
                .analyze(state, args.output.explain)
                .with_context(|| name.clone())?;
            if args.output.json {
                report::write_json(
                    &mut text,
                    &ScriptJson::of_state(&a, &name, args.output.max_moves, lang),
                )?;
                continue;
            }
            let value = lang.pick(
                format!(", Grundy value {}", a.value),
                format!("，SG 值 {}", a.value),
            );
            write_text(
                &mut text,
                &a.state,
                a.outcome,
                &value,
                &a.winning,
                &args.output,
                lang,
                &a.explanation,
            )?;
        }
    }
    if args.stats {
        let seconds = started.elapsed().as_secs_f64();
        let searched = script.states_searched();
        eprintln!(
            "{}",
            lang.pick(
                format!(
                    "{searched} states searched, {} script operations, {seconds:.3} s, {:.0} states/s",
                    script.steps_used(),
                    searched as f64 / seconds
                ),
                format!(
                    "搜索 {searched} 个状态，脚本操作 {} 次，{seconds:.3} 秒，每秒 {:.0} 个状态",
                    script.steps_used(),
                    searched as f64 / seconds
                ),
            )
        );
        let calls = script.compiled_calls();
        eprintln!(
            "{}",
            match script.interpreted_because() {
                None => lang.pick(
                    format!("options(): compiled ({calls} calls answered by the compiled code)"),
                    format!("options()：已编译（编译后的代码回答了 {calls} 次调用）"),
                ),
                Some(why) => lang.pick(
                    format!("options(): interpreted ({why})"),
                    format!("options()：解释执行（{why}）"),
                ),
            }
        );
    }
    Ok(text)
}

/// The states to analyse: from the command line, else from `fn start()`.
fn states(script: &Script, given: &[String]) -> anyhow::Result<Vec<State>> {
    if !given.is_empty() {
        return given
            .iter()
            .enumerate()
            .map(|(i, t)| Ok(script.parse_state(t, i + 1)?))
            .collect();
    }
    match script.start()? {
        Some(Start::States(states)) if !states.is_empty() => Ok(states),
        Some(Start::Range(from, to)) if from < to => Ok((from..to).map(State::Int).collect()),
        Some(_) => bail!("fn start() gives no state"),
        None => bail!("no states given: pass them as arguments or define fn start()"),
    }
}

/// The text of one analysed state: the verdict, the winning moves and, when asked for, why.
#[allow(clippy::too_many_arguments)]
fn write_text<S: Explain>(
    out: &mut Vec<u8>,
    state: &State,
    outcome: Outcome,
    value: &str,
    moves: &[(usize, State)],
    output: &OutputArgs,
    lang: Lang,
    explanation: &[S],
) -> anyhow::Result<()> {
    if !out.is_empty() {
        writeln!(out)?;
    }
    writeln!(out, "{}{state}", lang.pick("state: ", "状态："))?;
    let listed: Vec<(String, Option<String>)> = moves
        .iter()
        .take(output.max_moves)
        .map(|(i, s)| (grundy_script::describe_move(*i, s, lang), None))
        .collect();
    report::write_verdict(out, lang, outcome, value, &listed, moves.len() as u64)?;
    if output.explain && !explanation.is_empty() {
        report::write_why(out, lang, explanation)?;
    }
    Ok(())
}
