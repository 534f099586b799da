//! Where output goes: files replaced atomically, and standard output that remembers how it failed.

use std::fs::File;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

/// Replaces the file at `path` with what `fill` writes into the temporary path it is given: the
/// temporary file lies beside `path` (same directory, so the rename cannot cross file systems),
/// is flushed to disk, then renamed over `path`. Whatever fails — a full disk, a read-only
/// directory, `fill` itself — leaves the previous file at `path` untouched, and the temporary
/// file is removed. The temporary name keeps `path`'s extension, for writers that go by it.
///
/// # Errors
/// `cannot write PATH: why`, one line.
pub fn replace_with(
    path: &Path,
    fill: impl FnOnce(&Path) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let temporary = temporary_beside(path)?;
    let written = fill(&temporary).and_then(|()| {
        // The data must be on disk before the rename makes it the file: otherwise a crash just
        // after the rename could leave an empty or short file under the old name.
        File::open(&temporary)
            .and_then(|file| file.sync_all())
            .context("cannot flush it to disk")?;
        std::fs::rename(&temporary, path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            // Make the rename itself durable. Some systems cannot sync a directory: not an error.
            let _ = File::open(dir).and_then(|d| d.sync_all());
        }
        Ok(())
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written.with_context(|| format!("cannot write {}", path.display()))
}

/// Replaces the file at `path` with `bytes` (see [`replace_with`]).
///
/// # Errors
/// `cannot write PATH: why`, one line.
pub fn replace(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    replace_with(path, |temporary| {
        let mut file = File::create(temporary)?;
        file.write_all(bytes)?;
        Ok(())
    })
}

/// `dir/.grundy-PID-NAME` for `dir/NAME`.
fn temporary_beside(path: &Path) -> anyhow::Result<PathBuf> {
    let name = path
        .file_name()
        .with_context(|| format!("cannot write {}: not a file name", path.display()))?;
    let mut temporary = std::ffi::OsString::from(format!(".grundy-{}-", std::process::id()));
    temporary.push(name);
    Ok(path.with_file_name(temporary))
}

/// Standard output, buffered, remembering the first error a write met so that `main` can tell a
/// closed pipe (quiet success) or a full disk from the command's own errors, whatever type the
/// writer that met it wrapped it in (serde_json, for one, hides the `io::Error`).
pub struct Stdout {
    inner: BufWriter<StdoutLock<'static>>,
    failed: Option<io::Error>,
}

impl Stdout {
    /// Standard output with a 64 KiB buffer.
    pub fn new() -> Stdout {
        Stdout {
            inner: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            failed: None,
        }
    }

    /// The first error writing met, if any.
    pub fn failure(&self) -> Option<&io::Error> {
        self.failed.as_ref()
    }

    /// Drops what is still buffered, unwritten: after an error, no partial output.
    pub fn discard(self) {
        drop(self.inner.into_parts());
    }

    fn note<T>(&mut self, result: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &result
            && self.failed.is_none()
        {
            self.failed = Some(io::Error::new(e.kind(), e.to_string()));
        }
        result
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = self.inner.write(buf);
        self.note(result)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        let result = self.inner.write_all(buf);
        self.note(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.inner.flush();
        self.note(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replace_leaves_the_old_file_when_writing_fails() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        replace(&path, b"old").unwrap();
        let failed = replace_with(&path, |temporary| {
            std::fs::write(temporary, b"half")?;
            anyhow::bail!("disk full")
        });
        let message = format!("{:#}", failed.unwrap_err());
        assert!(message.starts_with("cannot write "), "{message}");
        assert!(message.ends_with("out.txt: disk full"), "{message}");
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        replace(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
    }

    #[test]
    fn the_temporary_file_keeps_the_extension() {
        let temporary = temporary_beside(Path::new("dir/plot.png")).unwrap();
        assert_eq!(temporary.parent(), Some(Path::new("dir")));
        assert_eq!(temporary.extension().unwrap(), "png");
    }
}
