//! `grundy gen`: random valid inputs for a contest problem.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::judge::{self, Size};

/// Generate random valid inputs for a contest problem, in its exact format.
///
/// The same seed gives the same input on every machine. `--size small` gives few, small values
/// (good for debugging and for finding a failing case by hand); `--size max` gives inputs at the
/// statement's limits (good for timing). With `--count N` and `--out DIR`, writes DIR/ID-001.in
/// … together with the accepted answers DIR/ID-001.ans.
#[derive(clap::Args)]
pub struct Args {
    /// The problem id or an alias.
    id: String,
    /// The random seed.
    #[arg(long, default_value_t = 1, value_parser = crate::input::count::<u64>)]
    seed: u64,
    /// Small inputs or inputs at the statement's limits.
    #[arg(long, value_enum, default_value = "small")]
    size: Size,
    /// How many inputs (more than one needs --out).
    #[arg(long, default_value_t = 1, value_parser = crate::input::count::<u32>)]
    count: u32,
    /// A folder to write the inputs and their answers into.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The input number `index` (from 0) for `seed`: each index has its own stream, so input 7 is
/// the same whatever the count.
pub fn generate(problem: &judge::Problem, seed: u64, index: u64, size: Size) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    (problem.format)(&(problem.generate)(&mut rng, size))
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let problem = judge::find(&args.id)?;
    let Some(dir) = args.out else {
        if args.count != 1 {
            bail!(
                "--count {} needs --out DIR to write the inputs into",
                args.count
            );
        }
        out.write_all(generate(problem, args.seed, 0, args.size).as_bytes())?;
        return Ok(());
    };
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for i in 0..args.count {
        let input = generate(problem, args.seed, u64::from(i), args.size);
        let answer = judge::solve_bytes(problem, input.as_bytes(), true)?;
        let stem = dir.join(format!("{}-{:03}", problem.id, i + 1));
        crate::output::replace(&stem.with_extension("in"), input.as_bytes())?;
        crate::output::replace(&stem.with_extension("ans"), &answer)?;
    }
    writeln!(
        out,
        "wrote {} inputs and answers to {}",
        args.count,
        dir.display()
    )?;
    Ok(())
}
