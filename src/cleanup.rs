//! What tumblebox leaves behind when it is stopped: every temporary file and work folder it is
//! writing is registered here while it exists, so that a Ctrl-C or SIGTERM (the binary's
//! signal thread calls [`remove_all`]) removes them before the process exits. Leftovers of
//! processes that died without that chance (SIGKILL, a power cut) are recognised by their
//! names, which carry the writer's process id, and removed once that process is gone
//! ([`remove_stale`]).
//!
//! Shared ground: depends on nothing in the crate but the rest of the ground (`grid`,
//! `scene`, `anim`, `error`, `input`, `cleanup`); every game may use it (a test checks).

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

struct Entry {
    id: u64,
    path: PathBuf,
    dir: bool,
}

static PENDING: Mutex<Vec<Entry>> = Mutex::new(Vec::new());
static NEXT: AtomicU64 = AtomicU64::new(1);

fn pending() -> std::sync::MutexGuard<'static, Vec<Entry>> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// A registered temporary file or folder. Dropping it only forgets the registration: its owner
/// removes or renames the path itself (see [`Registered::finish`]).
#[derive(Debug)]
pub struct Registered {
    id: u64,
}

impl Registered {
    /// Runs `f` (a rename, or a removal) while no signal can remove the path, then forgets it.
    pub fn finish<T>(self, f: impl FnOnce() -> T) -> T {
        let mut list = pending();
        let out = f();
        list.retain(|e| e.id != self.id);
        drop(list);
        std::mem::forget(self);
        out
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        pending().retain(|e| e.id != self.id);
    }
}

fn register(path: &Path, dir: bool) -> Registered {
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    pending().push(Entry { id, path: path.to_path_buf(), dir });
    Registered { id }
}

/// Registers a temporary file, to be removed if the process is interrupted.
pub fn register_file(path: &Path) -> Registered {
    register(path, false)
}

/// Registers a work folder, to be removed (with its contents) if the process is interrupted.
pub fn register_dir(path: &Path) -> Registered {
    register(path, true)
}

/// Removes everything registered. For the signal handler: it keeps the lock, so no rename
/// can follow; the process is expected to exit right after.
pub fn remove_all() {
    let mut list = pending();
    for e in list.drain(..) {
        let _ = if e.dir { std::fs::remove_dir_all(&e.path) } else { std::fs::remove_file(&e.path) };
    }
    std::mem::forget(list);
}

/// Whether a process with this id is running (on Unix; elsewhere every process counts as
/// running, so nothing is ever removed as stale).
pub fn alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        if pid == 0 || pid > i32::MAX as u32 {
            return false;
        }
        // Signal 0 checks existence only. EPERM: it exists but belongs to someone else.
        let r = unsafe { libc::kill(pid as libc::pid_t, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// The name of a temporary file beside `name`, for this process: `.NAME.PID.tmp`.
pub fn temp_name(name: &str) -> String {
    format!(".{name}.{}.tmp", std::process::id())
}

/// The writer's process id in a name tumblebox gives its temporary things: `.NAME.PID.tmp`
/// (for a target `NAME`), or `tumblebox-sweep-PID-N` (a sweep's work folder).
fn owner(entry: &str, target: Option<&str>) -> Option<u32> {
    let digits = match target {
        Some(t) => entry.strip_prefix('.')?.strip_prefix(t)?.strip_prefix('.')?.strip_suffix(".tmp")?,
        None => entry.strip_prefix("tumblebox-sweep-")?.split('-').next()?,
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Removes, in `dir`, what dead tumblebox processes left: temporary files for the target
/// `target` (`.TARGET.PID.tmp`) when a target is given, else sweep work folders
/// (`tumblebox-sweep-PID-N` holding the marker file [`WORK_MARKER`]). Returns how many.
pub fn remove_stale(dir: &Path, target: Option<&str>) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name.to_str().and_then(|n| owner(n, target)) else { continue };
        if pid == std::process::id() || alive(pid) {
            continue;
        }
        let Ok(meta) = std::fs::symlink_metadata(e.path()) else { continue };
        let ok = match target {
            Some(_) if meta.is_file() => std::fs::remove_file(e.path()).is_ok(),
            None if meta.is_dir() && e.path().join(WORK_MARKER).is_file() => std::fs::remove_dir_all(e.path()).is_ok(),
            _ => false,
        };
        removed += ok as usize;
    }
    removed
}

/// The file that marks a folder as a tumblebox work folder (so that only those are removed).
pub const WORK_MARKER: &str = "tumblebox-work";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owners_are_read_from_names() {
        assert_eq!(owner(".out.gif.123.tmp", Some("out.gif")), Some(123));
        assert_eq!(owner(".out.gif.12a.tmp", Some("out.gif")), None);
        assert_eq!(owner(".other.gif.123.tmp", Some("out.gif")), None);
        assert_eq!(owner("tumblebox-sweep-77-1234", None), Some(77));
        assert_eq!(owner("tumblebox-sweep--1", None), None);
        assert_eq!(owner("notes.txt", None), None);
    }

    #[test]
    fn this_process_is_alive() {
        assert!(alive(std::process::id()));
        assert!(!alive(0));
    }
}
