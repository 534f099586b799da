//! Driving a long computation: progress bar, checkpoints, Ctrl-C, memory check.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use grundy::values::{Sequence, checkpoint, memory};
use indicatif::{ProgressBar, ProgressStyle};

/// How to run.
pub struct Options {
    /// Where to save progress.
    pub checkpoint: Option<PathBuf>,
    /// How often.
    pub every: Duration,
    /// Stop as soon as a period is proved (`--find-period`).
    pub stop_at_proof: bool,
}

/// The longest code a checkpoint is allowed when its size is checked before it is read.
const CODE_ALLOWANCE: usize = 4096;

/// Refuses a checkpoint file of `bytes` bytes that is larger than any run within `max_mib` MiB
/// of memory (by default the memory available now) can have saved, before it is read: such a
/// run holds at most a value per 8 bytes of memory, each saved in at most 4 bytes, with a code
/// of at most [`CODE_ALLOWANCE`] bytes. Returns the largest size allowed.
pub fn check_checkpoint_size(path: &Path, bytes: u64, max_mib: Option<u64>) -> anyhow::Result<u64> {
    let memory = match max_mib {
        Some(max) => Some(max.saturating_mul(1 << 20)),
        None => memory::available_memory(),
    };
    let Some(memory) = memory else {
        return Ok(u64::MAX);
    };
    let values = usize::try_from(memory / Sequence::bytes_needed(1)).unwrap_or(usize::MAX);
    let largest = checkpoint::size(values, 4, CODE_ALLOWANCE);
    if bytes > largest {
        let within = match max_mib {
            Some(max) => format!("--max-memory {max}"),
            None => format!("the {} MiB of memory available", memory >> 20),
        };
        bail!(
            "the checkpoint {} is {bytes} bytes, more than a run within {within} can have saved ({largest} bytes at most): refused without reading it (raise --max-memory)",
            path.display()
        );
    }
    Ok(largest)
}

/// Refuses a run to `len` values that could need more than `max_mib` MiB of memory (by default
/// the memory available now), before it starts; says how much a big run needs.
pub fn check_memory(len: usize, max_mib: Option<u64>) -> anyhow::Result<()> {
    memory::check(len, max_mib, "--max-memory")?;
    let needed = Sequence::bytes_needed(len);
    if needed >= 64 << 20 {
        eprintln!(
            "grundy: {len} values need at most {} MiB of memory",
            needed.div_ceil(1 << 20)
        );
    }
    Ok(())
}

/// Computes `sequence` to `target` values (or to a proved period), saving checkpoints; returns
/// it with the time spent computing.
pub fn compute(
    mut sequence: Sequence,
    target: usize,
    options: &Options,
) -> anyhow::Result<(Sequence, Duration)> {
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let flag = Arc::clone(&interrupted);
        ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst))
            .context("cannot catch Ctrl-C")?;
    }
    let bar = progress_bar(target as u64, sequence.len() as u64);
    let start = Instant::now();
    let mut last_save = Instant::now();
    let mut step = 4096usize;
    while sequence.len() < target && !(options.stop_at_proof && sequence.proved_period().is_some())
    {
        let before = (sequence.len(), Instant::now());
        // --find-period looks for a proof at each power of two: stop at the first that has one.
        let next = if options.stop_at_proof {
            (sequence.len() + 1).next_power_of_two()
        } else {
            sequence.len().saturating_add(step)
        }
        .min(target);
        sequence.extend_to(next);
        // Aim at about a fifth of a second per step, so Ctrl-C and checkpoints stay prompt.
        let took = before.1.elapsed().as_secs_f64().max(1e-6);
        let rate = (sequence.len() - before.0) as f64 / took;
        step = ((rate * 0.2) as usize).clamp(1024, 1 << 24);
        if let Some(bar) = &bar {
            bar.set_position(sequence.len() as u64);
        }
        if interrupted.load(Ordering::SeqCst) {
            if let Some(bar) = &bar {
                bar.abandon();
            }
            let Some(path) = &options.checkpoint else {
                bail!(
                    "interrupted at n = {} (no --checkpoint given: nothing saved)",
                    sequence.len()
                );
            };
            save(path, &sequence)?;
            bail!(
                "interrupted at n = {}; progress saved in {} (continue with --resume {})",
                sequence.len(),
                path.display(),
                path.display()
            );
        }
        if let Some(path) = &options.checkpoint
            && last_save.elapsed() >= options.every
        {
            save(path, &sequence)?;
            last_save = Instant::now();
        }
    }
    if let Some(path) = &options.checkpoint {
        save(path, &sequence)?;
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok((sequence, start.elapsed()))
}

/// A progress bar on standard error when it is a terminal.
fn progress_bar(len: u64, done: u64) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} values, {per_sec}, {eta} left",
        )
        .ok()?,
    );
    bar.set_position(done);
    Some(bar)
}

/// Saves the checkpoint atomically: a crash leaves either the old checkpoint or the new one,
/// never half of one.
pub fn save(path: &Path, sequence: &Sequence) -> anyhow::Result<()> {
    crate::output::replace(path, &checkpoint::to_bytes(sequence))
}
