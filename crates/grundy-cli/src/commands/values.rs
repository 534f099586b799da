//! `grundy values`: the Grundy value sequence of a take-and-break game, its period, statistics
//! and plot, with checkpoints for long runs.

mod run;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, bail};
use grundy::json::{RARE_LISTED, ValuesReport};
use grundy::period::Certificate;
use grundy::values::{Found, Sequence, Stats, TakeAndBreak, checkpoint};

/// Grundy values G(0..N) of a heap game given by a take-and-break code, and their period.
///
/// GAME is an octal code (0.77 Kayles, 0.07 Dawson's Kayles, 0.137, 0.6 Officers, 4.7), a code with
/// larger digits and modifiers (0.F, 4!.0), `grundy` (Grundy's game: split a heap into two unequal
/// heaps; = 4!.0), or a subtraction set ({1,2,4} or 1,2,4 = the code 0.3303).
///
/// Code: the digit d_k at position k (the digit before the point is position 0) says what a move
/// removing k tokens from one heap may leave: bit 1 = nothing (the heap taken whole), bit 2 = one
/// heap, bit 4 = two heaps, bit 8 = three, ... Digits 0-9, A-V (base 32) or &N; for any N; after a
/// digit, ! = the heaps left must be unequal, ? = not all equal, = = all equal.
///
/// Theorem (Guy and Smith, octal periodicity): with t the largest number of tokens a move removes,
/// if G(n + p) = G(n) for n0 ≤ n < 2·n0 + p + t, the sequence is periodic from n0 with period p
/// (for moves that leave up to h heaps: h·n0 + (h − 1)·p + t; subtraction games: n0 + t). No
/// theorem covers the modifiers, so Grundy's game's periods are evidence only.
///
/// Examples: `grundy values 0.77 --upto 100`, `grundy values 0.16 --find-period --limit 600000`,
/// `grundy values grundy --upto 2097152 --stats --plot g.svg`,
/// `grundy values 0.6 --upto 16777216 --checkpoint run.ckpt` (then `--resume run.ckpt`).
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("saving").multiple(true)))]
pub struct Args {
    /// The game: an octal or take-and-break code, `grundy`, or a subtraction set.
    #[arg(required_unless_present = "resume")]
    game: Option<String>,
    /// Compute G(0), ..., G(N).
    #[arg(long, value_name = "N", conflicts_with = "find_period", value_parser = crate::input::count::<u64>)]
    upto: Option<u64>,
    /// Compute until a period is proved, or until --limit values (then say so). Values are
    /// checked for a period whenever their number reaches a power of two. Text output gives the
    /// period only (the values with --list); --json also gives the values.
    #[arg(long)]
    find_period: bool,
    /// With --find-period: the most values to compute.
    #[arg(long, value_name = "N", default_value_t = 1 << 20, requires = "find_period", value_parser = crate::input::count::<u64>)]
    limit: u64,
    /// Also report the largest value and where it first occurs, how often each value occurs,
    /// the rare values and their positions under the mask in use, and the computing rate.
    #[arg(long)]
    stats: bool,
    /// Draw G(n) against n, the period shaded, to FILE.svg or FILE.png.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Save progress to FILE every few seconds and on Ctrl-C (written atomically, with a checksum).
    /// FILE must not exist yet (a run already saved there is continued with --resume FILE).
    #[arg(long, value_name = "FILE", group = "saving")]
    checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 5.0,
        requires = "saving"
    )]
    checkpoint_every: f64,
    /// Continue the run saved in FILE (GAME, if given, must be the same game), saving progress
    /// back to FILE (or to --checkpoint). A damaged checkpoint is refused, never used.
    #[arg(long, value_name = "FILE", group = "saving")]
    resume: Option<PathBuf>,
    /// The most memory the run may need, in MiB (G(0..N) needs up to 8·(N + 1) bytes: the values
    /// at their widest and the engine's list of rare positions). By default, the memory available
    /// when the run starts. A run that could need more is refused before it starts.
    #[arg(long, value_name = "MIB", value_parser = crate::input::count::<u64>)]
    max_memory: Option<u64>,
    /// Print one JSON object: game, values, period, stats.
    #[arg(long)]
    json: bool,
    /// Text output: list every value, in rows after the period and the statistics, and up to
    /// 1000 rare positions. Without it, the values are listed only when there are at most 300
    /// (and not with --find-period), and the first 50 rare positions.
    #[arg(long, conflicts_with = "json")]
    list: bool,
}

/// Default length without --upto or --find-period: G(0..100).
const DEFAULT_UPTO: u64 = 100;

/// The most values text output lists without --list (30 rows of 10).
const LISTED_UNASKED: usize = 300;

/// The most rare positions text output lists without --list (5 rows); with it, as many as
/// --json gives.
const RARE_UNASKED: usize = 50;

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let (target, stop_at_proof) = if args.find_period {
        (args.limit, true)
    } else {
        (args.upto.unwrap_or(DEFAULT_UPTO).saturating_add(1), false)
    };
    let target = usize::try_from(target)
        .ok()
        .filter(|&t| t < u32::MAX as usize)
        .context("the length is too large: at most 4294967294 values")?;
    run::check_memory(target, args.max_memory)?;
    let sequence = start(&args)?;
    let options = run::Options {
        checkpoint: args.checkpoint.clone().or_else(|| args.resume.clone()),
        every: Duration::from_secs_f64(args.checkpoint_every.max(0.1)),
        stop_at_proof,
    };
    let (sequence, elapsed) = run::compute(sequence, target, &options)?;
    let len = if stop_at_proof {
        sequence.len()
    } else {
        target.min(sequence.len())
    };
    let found = sequence.period_in(len);
    if let Some(path) = &args.plot {
        let title = format!("G(n) of {}, n = 0..{}", sequence.rules(), len - 1);
        let values = &sequence.values().to_vec()[..len];
        crate::plot::draw(path, &title, values, found.map(|f| f.period))?;
    }
    let report = Report {
        game: args.game.as_deref().unwrap_or(""),
        sequence: &sequence,
        len,
        period: found,
        seconds: elapsed.as_secs_f64(),
        find_period: args.find_period,
        limit_reached: args.find_period && found.is_none_or(|p| !p.period.proved),
    };
    if args.json {
        report.json(out)
    } else {
        let list = args.list || (!args.find_period && len <= LISTED_UNASKED);
        report.text(out, args.stats, list)
    }
}

/// The sequence to continue: from a checkpoint, or new.
fn start(args: &Args) -> anyhow::Result<Sequence> {
    let rules = match &args.game {
        Some(game) => Some(game.parse::<TakeAndBreak>().context("bad game")?),
        None => None,
    };
    if let Some(path) = &args.checkpoint {
        // Saving over another run's checkpoint would lose it.
        if args.resume.as_ref() != Some(path) && path.exists() {
            bail!(
                "--checkpoint {}: the file exists; continue the run saved there with --resume {}, or remove it",
                path.display(),
                path.display()
            );
        }
    }
    let Some(path) = &args.resume else {
        return Ok(Sequence::new(
            rules.expect("clap requires GAME without --resume"),
        ));
    };
    let bytes = read_checkpoint(path, args.max_memory)?;
    let sequence = checkpoint::from_bytes(&bytes).with_context(|| {
        format!(
            "cannot resume from {} (refused, not used; remove it to start over)",
            path.display()
        )
    })?;
    if let Some(rules) = rules
        && rules.digits() != sequence.rules().digits()
    {
        bail!(
            "cannot resume from {}: it holds the game {}, not {}",
            path.display(),
            sequence.rules(),
            rules
        );
    }
    Ok(sequence)
}

/// The bytes of the checkpoint at `path`, its size checked against the run's memory bound
/// before anything is read.
fn read_checkpoint(path: &Path, max_mib: Option<u64>) -> anyhow::Result<Vec<u8>> {
    let cannot = || format!("cannot read checkpoint {}", path.display());
    let file = std::fs::File::open(path).with_context(cannot)?;
    let size = file.metadata().with_context(cannot)?.len();
    let largest = run::check_checkpoint_size(path, size, max_mib)?;
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    // The file may grow after its size was read: never read more than the bound (one byte
    // more, which the checksum then refuses).
    file.take(largest.saturating_add(1))
        .read_to_end(&mut bytes)
        .with_context(cannot)?;
    Ok(bytes)
}

struct Report<'a> {
    game: &'a str,
    sequence: &'a Sequence,
    len: usize,
    period: Option<Found>,
    seconds: f64,
    find_period: bool,
    limit_reached: bool,
}

impl Report<'_> {
    fn game(&self) -> String {
        if self.game.is_empty() {
            self.sequence.rules().to_string()
        } else {
            self.game.to_string()
        }
    }

    fn json(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let report = ValuesReport {
            game: self.game,
            sequence: self.sequence,
            len: self.len,
            period: self.period,
            seconds: self.seconds,
            limit_reached: self.find_period.then_some(self.limit_reached),
        };
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
        Ok(())
    }

    fn stats(&self) -> Stats {
        Stats::of_first(self.sequence.values(), self.len)
    }

    fn rate(&self) -> Option<f64> {
        (self.seconds > 0.0).then(|| self.len as f64 / self.seconds)
    }

    /// The answer first (period, statistics), then the values in rows if `list`, else how to
    /// see them.
    fn text(&self, out: &mut dyn Write, with_stats: bool, list: bool) -> anyhow::Result<()> {
        let rules = self.sequence.rules();
        writeln!(
            out,
            "{} (code {rules}): G(0..{})",
            self.game(),
            self.len - 1
        )?;
        match (&self.period, self.find_period) {
            (Some(f), _) => {
                let p = f.period;
                let kind = if p.saltus > 0 {
                    format!("arithmetic period {} with saltus {}", p.period, p.saltus)
                } else {
                    format!("period {}", p.period)
                };
                let proof = match f.theorem {
                    Some(theorem) => format!("proved by the {theorem}"),
                    None if self.sequence.certificate() == Certificate::None || p.saltus > 0 => {
                        "seen in the values; no theorem here proves it".to_string()
                    }
                    None => "seen in the values, not yet proved: compute more".to_string(),
                };
                writeln!(out, "{kind} from n = {} ({proof})", p.preperiod)?;
            }
            (None, _) => writeln!(out, "no period in G(0..{})", self.len - 1)?,
        }
        if self.find_period && self.limit_reached {
            writeln!(
                out,
                "limit reached: {} values computed without a proved period (raise --limit)",
                self.len
            )?;
        }
        if with_stats {
            self.text_stats(out, if list { RARE_LISTED } else { RARE_UNASKED })?;
        }
        if list {
            self.rows(out)?;
        } else {
            writeln!(
                out,
                "values not listed ({} of them): add --list, or --json",
                self.len
            )?;
        }
        Ok(())
    }

    /// The values in rows; with a period p ≤ 40 the rows are p wide, aligned on the periodic part,
    /// whose first row is marked.
    fn rows(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let values = self.sequence.values();
        let width = Stats::of(values).max.0.to_string().len();
        let index_width = (self.len - 1).to_string().len();
        let (row, offset, start) = match self.period {
            Some(f) if f.period.period <= 40 && f.period.saltus == 0 => {
                // Rows of a multiple of p, at least 8 wide, starting where the period starts.
                let row = f.period.period * 8usize.div_ceil(f.period.period);
                (row, f.period.preperiod % row, Some(f.period.preperiod))
            }
            _ => (10, 0, None),
        };
        let mut n = 0;
        while n < self.len {
            let end = if n < offset { offset } else { n + row }.min(self.len);
            write!(out, "{n:>index_width$}:")?;
            for m in n..end {
                let mark = if Some(m) == start { '|' } else { ' ' };
                write!(out, "{mark}{:>width$}", values.get(m))?;
            }
            if start.is_some_and(|s| (n..end).contains(&s)) {
                write!(out, "   <- periodic from here")?;
            }
            writeln!(out)?;
            n = end;
        }
        Ok(())
    }

    /// The statistics, the first `most` rare positions among them.
    fn text_stats(&self, out: &mut dyn Write, most: usize) -> anyhow::Result<()> {
        let stats = self.stats();
        writeln!(
            out,
            "largest value {}, first at n = {}",
            stats.max.0, stats.max.1
        )?;
        writeln!(out, "how often each value occurs (value: count):")?;
        let cells: Vec<String> = stats
            .counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(v, c)| format!("{v}: {c}"))
            .collect();
        for line in cells.chunks(8) {
            writeln!(out, "  {}", line.join(", "))?;
        }
        match self.sequence.rare() {
            Some((mask, rare)) => {
                let rare: Vec<u32> = rare
                    .iter()
                    .copied()
                    .take_while(|&n| (n as usize) < self.len)
                    .collect();
                writeln!(
                    out,
                    "mask {mask} ({mask:#b}): {} rare positions ({:.3}%: popcount(G(n) & mask) even, n >= 1)",
                    rare.len(),
                    100.0 * rare.len() as f64 / self.len.max(2).saturating_sub(1) as f64
                )?;
                let listed: Vec<String> = rare
                    .iter()
                    .take(most)
                    .map(|&n| format!("{n}:{}", self.sequence.values().get(n as usize)))
                    .collect();
                if !listed.is_empty() {
                    let more = if rare.len() > listed.len() {
                        format!(" (first {} of {})", listed.len(), rare.len())
                    } else {
                        String::new()
                    };
                    writeln!(out, "rare positions n:G(n){more}:")?;
                    for line in listed.chunks(10) {
                        writeln!(out, "  {}", line.join(" "))?;
                    }
                }
            }
            None => writeln!(
                out,
                "method: direct enumeration (moves leave three heaps or more)"
            )?,
        }
        match self.rate() {
            Some(rate) => writeln!(
                out,
                "computed in {:.2} s: {} values/s",
                self.seconds,
                human(rate)
            )?,
            None => writeln!(out, "computed instantly (from the checkpoint)")?,
        }
        Ok(())
    }
}

/// 1234567.0 -> "1.23M".
fn human(rate: f64) -> String {
    match rate {
        r if r >= 1e6 => format!("{:.2}M", r / 1e6),
        r if r >= 1e3 => format!("{:.1}k", r / 1e3),
        r => format!("{r:.0}"),
    }
}
