//! Cooperative cancellation of long computations: a flag another thread may raise, and an
//! optional deadline. The engine ([`crate::engine::Memo`]) and the value sequences
//! ([`crate::values::Sequence::extend_to_within`]) look at it every few thousand steps and stop
//! with an error, so a server can bound the time a request takes and free its worker.
//!
//! # Examples
//! ```
//! use std::time::{Duration, Instant};
//! use grundy::Cancel;
//! let cancel = Cancel::new();
//! assert!(cancel.check().is_ok());
//! cancel.cancel();
//! assert!(cancel.check().is_err());
//! let late = Cancel::new().with_deadline(Instant::now() - Duration::from_millis(1));
//! assert!(late.check().is_err());
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A cancellation token: clones share the flag, so any of them may cancel the others.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

/// Why a computation stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Cancelled {
    /// The flag was raised.
    #[error("the computation was cancelled")]
    Flag,
    /// The deadline passed.
    #[error("the computation ran past its deadline")]
    Deadline,
}

impl Cancel {
    /// A token that never stops anything until [`Cancel::cancel`] is called.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// The same token, also stopping at `deadline`.
    pub fn with_deadline(self, deadline: Instant) -> Cancel {
        Cancel {
            deadline: Some(deadline),
            ..self
        }
    }

    /// The deadline, if the token has one (for work that keeps its own clock, such as a
    /// script's time limit).
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Raises the flag: every computation watching this token (or a clone) stops at its next
    /// check.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// `Ok` while the computation may go on.
    ///
    /// # Errors
    /// [`Cancelled`] once the flag is raised or the deadline has passed.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.flag.load(Ordering::Relaxed) {
            return Err(Cancelled::Flag);
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Err(Cancelled::Deadline),
            _ => Ok(()),
        }
    }
}
