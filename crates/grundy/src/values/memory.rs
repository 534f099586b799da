//! Whether a run of values fits in memory, checked before it starts: G(0..N) may need up to
//! [`Sequence::bytes_needed`] bytes, and a run that could need more than its bound (by default
//! the memory available when it starts) is refused with a one-line reason.

use super::Sequence;

/// A run refused before it starts because it could need more memory than it may have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TooMuchMemory {
    /// More than the bound set by the setting `setting` (`--max-memory`), in MiB.
    #[error(
        "{len} values need up to {needed_mib} MiB of memory, more than {setting} {max_mib}: ask for fewer or raise it"
    )]
    OverBound {
        /// How many values were asked for.
        len: usize,
        /// The most memory they may need, in MiB (rounded up).
        needed_mib: u64,
        /// The name of the setting that bounds the memory, as the front end writes it.
        setting: &'static str,
        /// Its value, in MiB.
        max_mib: u64,
    },
    /// More than the memory available (no bound set).
    #[error(
        "{len} values need up to {needed_mib} MiB but only {available_mib} MiB of memory is available: ask for fewer (or set {setting})"
    )]
    OverAvailable {
        /// How many values were asked for.
        len: usize,
        /// The most memory they may need, in MiB (rounded up).
        needed_mib: u64,
        /// The memory available, in MiB (rounded down).
        available_mib: u64,
        /// The name of the setting that bounds the memory, as the front end writes it.
        setting: &'static str,
    },
}

/// Refuses a run to `len` values that could need more than `max_mib` MiB of memory, or, without
/// a bound, more than the memory available now ([`available_memory`]; no check where it cannot
/// be read). `setting` names the bound in the message (`--max-memory`, `max_memory`).
///
/// # Errors
/// [`TooMuchMemory`] saying how much the run needs and what it may have.
///
/// # Examples
/// ```
/// use grundy::values::memory::check;
/// assert!(check(131_071, Some(1), "--max-memory").is_ok());
/// let refused = check(131_073, Some(1), "--max-memory").unwrap_err();
/// assert_eq!(
///     refused.to_string(),
///     "131073 values need up to 2 MiB of memory, more than --max-memory 1: ask for fewer or raise it"
/// );
/// ```
pub fn check(len: usize, max_mib: Option<u64>, setting: &'static str) -> Result<(), TooMuchMemory> {
    let needed = Sequence::bytes_needed(len);
    let needed_mib = needed.div_ceil(1 << 20);
    match max_mib {
        Some(max_mib) if needed > max_mib.saturating_mul(1 << 20) => {
            Err(TooMuchMemory::OverBound {
                len,
                needed_mib,
                setting,
                max_mib,
            })
        }
        Some(_) => Ok(()),
        None => match available_memory() {
            Some(available) if needed > available => Err(TooMuchMemory::OverAvailable {
                len,
                needed_mib,
                available_mib: available >> 20,
                setting,
            }),
            _ => Ok(()),
        },
    }
}

/// The memory available now, in bytes: `MemAvailable` of `/proc/meminfo` (None where it cannot
/// be read). The one thing the library reads from the system, so that every front end bounds a
/// run the same way.
pub fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
