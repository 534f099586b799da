//! `grundy stress`: find an input on which the user's program disagrees with the judge.

use std::fmt;
use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use wait_timeout::ChildExt;

use crate::judge::{self, Case, Problem, Size};

/// Stress-test your solution: feed it random inputs and compare with the judge's answers.
///
/// Each run generates a small valid input (the same as `grundy gen ID --seed S` gives for that
/// run), runs COMMAND with it on standard input, and compares the output with the accepted one,
/// ignoring differences in white space as judges do. At the first difference it prints the input,
/// the expected and the received output, then shrinks the input (drops test cases and numbers,
/// lowers values) while the program still fails, and prints the smallest failing input found.
/// A time-out, a crash or a non-zero exit counts as a failure too. Exit status: 0 if every run
/// agreed, 1 if a failure was found, 2 on a usage error.
///
/// Example: `grundy stress luogu-p2197 --runs 500 -- ./my-solution`
#[derive(clap::Args)]
pub struct Args {
    /// The problem id or an alias.
    id: String,
    /// The random seed of the first run.
    #[arg(long, default_value_t = 1, value_parser = crate::input::count::<u64>)]
    seed: u64,
    /// How many random inputs to try.
    #[arg(long, default_value_t = 200, value_parser = crate::input::count::<u64>)]
    runs: u64,
    /// Time limit per run of your program, in milliseconds.
    #[arg(long, default_value_t = 2000, value_name = "MS", value_parser = crate::input::count::<u64>)]
    timeout: u64,
    /// Your program and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
}

/// How many runs of the user's program shrinking may spend.
const SHRINK_BUDGET: usize = 400;

/// A failure was found and reported on standard output.
#[derive(Debug)]
pub struct FoundFailure;

impl fmt::Display for FoundFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the program failed on an input (shown above)")
    }
}

impl std::error::Error for FoundFailure {}

/// What happened when the user's program ran on one input.
enum Verdict {
    Accepted,
    WrongAnswer(String),
    TimedOut,
    Crashed(ExitStatus, String),
}

impl Verdict {
    fn describe(&self) -> String {
        match self {
            Verdict::Accepted => "accepted".into(),
            Verdict::WrongAnswer(_) => "wrong answer".into(),
            Verdict::TimedOut => "time limit exceeded".into(),
            Verdict::Crashed(status, stderr) => {
                let tail = stderr
                    .lines()
                    .last()
                    .map(|l| format!(": {l}"))
                    .unwrap_or_default();
                format!("runtime error ({status}){tail}")
            }
        }
    }
}

struct Tester<'a> {
    problem: &'static Problem,
    command: &'a [String],
    timeout: Duration,
}

impl Tester<'_> {
    fn run(&self, input: &str) -> anyhow::Result<Verdict> {
        let expected = judge::solve_bytes(self.problem, input.as_bytes(), true)?;
        let mut child = Command::new(&self.command[0])
            .args(&self.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("cannot run '{}'", self.command[0]))?;
        let mut stdin = child.stdin.take().expect("piped");
        let input_bytes = input.as_bytes().to_vec();
        // Write and read on threads: a program that prints before reading all of its input
        // must not deadlock with us.
        let writer = std::thread::spawn(move || stdin.write_all(&input_bytes));
        let mut stdout = child.stdout.take().expect("piped");
        let reader = std::thread::spawn(move || {
            let mut buf = Vec::new();
            stdout.read_to_end(&mut buf).map(|_| buf)
        });
        let mut stderr = child.stderr.take().expect("piped");
        let err_reader = std::thread::spawn(move || {
            let mut buf = Vec::new();
            stderr.read_to_end(&mut buf).map(|_| buf)
        });
        let status = match child.wait_timeout(self.timeout)? {
            Some(status) => status,
            None => {
                child.kill().ok();
                child.wait()?;
                return Ok(Verdict::TimedOut);
            }
        };
        // The program may exit without reading its input: a broken pipe here is not our error.
        let _ = writer.join();
        let received = reader
            .join()
            .map_err(|_| anyhow::anyhow!("reader thread failed"))??;
        let stderr = err_reader
            .join()
            .map_err(|_| anyhow::anyhow!("reader thread failed"))??;
        if !status.success() {
            return Ok(Verdict::Crashed(
                status,
                String::from_utf8_lossy(&stderr).into_owned(),
            ));
        }
        let received = String::from_utf8_lossy(&received).into_owned();
        let expected = String::from_utf8_lossy(&expected);
        Ok(
            if expected
                .split_ascii_whitespace()
                .eq(received.split_ascii_whitespace())
            {
                Verdict::Accepted
            } else {
                Verdict::WrongAnswer(received)
            },
        )
    }

    /// Smaller variants of `cases`, largest cuts first.
    fn candidates(cases: &[Case]) -> Vec<Vec<Case>> {
        let mut out = Vec::new();
        for i in 0..cases.len() {
            if cases.len() > 1 {
                let mut c = cases.to_vec();
                c.remove(i);
                out.push(c);
            }
        }
        for (i, case) in cases.iter().enumerate() {
            for (l, list) in case.iter().enumerate() {
                for j in 0..list.len() {
                    let mut c = cases.to_vec();
                    c[i][l].remove(j);
                    out.push(c);
                }
            }
        }
        for (i, case) in cases.iter().enumerate() {
            for (l, list) in case.iter().enumerate() {
                for (j, &v) in list.iter().enumerate() {
                    for smaller in [0, v / 2, v.saturating_sub(1)] {
                        if smaller < v {
                            let mut c = cases.to_vec();
                            c[i][l][j] = smaller;
                            out.push(c);
                        }
                    }
                }
            }
        }
        out
    }

    /// Shrinks a failing input while the program still fails on it; returns the smallest one and
    /// how many runs it took.
    fn shrink(&self, mut cases: Vec<Case>) -> anyhow::Result<(Vec<Case>, usize)> {
        let mut runs = 0;
        'outer: while runs < SHRINK_BUDGET {
            for candidate in Self::candidates(&cases) {
                let input = (self.problem.format)(&candidate);
                // Only inputs the statement allows: the judge is the validator.
                if judge::solve_bytes(self.problem, input.as_bytes(), true).is_err() {
                    continue;
                }
                runs += 1;
                if !matches!(self.run(&input)?, Verdict::Accepted) {
                    cases = candidate;
                    continue 'outer;
                }
                if runs >= SHRINK_BUDGET {
                    break 'outer;
                }
            }
            break;
        }
        Ok((cases, runs))
    }
}

fn report(
    out: &mut dyn Write,
    input: &str,
    expected: &[u8],
    verdict: &Verdict,
) -> anyhow::Result<()> {
    writeln!(out, "--- input ---\n{}", input.trim_end())?;
    writeln!(
        out,
        "--- expected ---\n{}",
        String::from_utf8_lossy(expected).trim_end()
    )?;
    match verdict {
        Verdict::WrongAnswer(received) => {
            writeln!(out, "--- received ---\n{}", received.trim_end())?
        }
        other => writeln!(out, "--- received ---\n({})", other.describe())?,
    }
    Ok(())
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let problem = judge::find(&args.id)?;
    let tester = Tester {
        problem,
        command: &args.command,
        timeout: Duration::from_millis(args.timeout),
    };
    let progress = ProgressBar::new(args.runs);
    progress.set_style(
        ProgressStyle::with_template("{pos}/{len} runs {wide_bar} {elapsed}")
            .expect("a valid template"),
    );
    for run in 0..args.runs {
        let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
        rng.set_stream(run);
        let cases = (problem.generate)(&mut rng, Size::Small);
        let input = (problem.format)(&cases);
        let verdict = tester.run(&input)?;
        progress.inc(1);
        if matches!(verdict, Verdict::Accepted) {
            continue;
        }
        progress.finish_and_clear();
        writeln!(
            out,
            "run {} of {} (seed {}): {}",
            run + 1,
            args.runs,
            args.seed,
            verdict.describe()
        )?;
        report(
            out,
            &input,
            &judge::solve_bytes(problem, input.as_bytes(), true)?,
            &verdict,
        )?;
        let (smallest, runs) = tester.shrink(cases)?;
        let small_input = (problem.format)(&smallest);
        let small_verdict = tester.run(&small_input)?;
        writeln!(
            out,
            "\nsmallest failing input found ({runs} shrinking runs): {}",
            small_verdict.describe()
        )?;
        report(
            out,
            &small_input,
            &judge::solve_bytes(problem, small_input.as_bytes(), true)?,
            &small_verdict,
        )?;
        out.flush()?;
        return Err(FoundFailure.into());
    }
    progress.finish_and_clear();
    writeln!(
        out,
        "all {} runs agreed with the judge (seed {})",
        args.runs, args.seed
    )?;
    Ok(())
}
