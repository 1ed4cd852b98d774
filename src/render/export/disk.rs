//! Files out on a desktop: staged under a temporary name beside the target, then renamed.

use crate::cleanup::{self, Registered};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// What a file's content is written into before it is committed.
pub type Sink = BufWriter<File>;

/// Where a write to `path` really goes: `path` itself, or the regular file a symbolic link at
/// `path` names. Errors for anything that is not a regular file.
pub fn real_target(path: &Path) -> io::Result<PathBuf> {
    let refuse = |what: &str| {
        io::Error::new(io::ErrorKind::InvalidInput, format!("it is {what}, not a regular file: refusing to replace it"))
    };
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(path.to_path_buf()),
        Err(e) => Err(e),
        Ok(m) if m.is_file() => Ok(path.to_path_buf()),
        Ok(m) if m.file_type().is_symlink() => {
            let real = std::fs::canonicalize(path).map_err(|_| refuse("a symbolic link to nothing"))?;
            match std::fs::metadata(&real) {
                Ok(m) if m.is_file() => Ok(real),
                Ok(m) => Err(refuse(&format!("a symbolic link to {}", crate::input::kind_of(&m)))),
                Err(_) => Err(refuse("a symbolic link to nothing")),
            }
        }
        Ok(m) => Err(refuse(crate::input::kind_of(&m))),
    }
}

/// A file written in full under a temporary name beside its target, waiting to be renamed.
/// Dropping it without [`Staged::commit`] removes the temporary file.
#[derive(Debug)]
pub struct Staged {
    tmp: PathBuf,
    target: PathBuf,
    guard: Option<Registered>,
}

impl Staged {
    /// The size of what is written, in bytes.
    pub fn size(&self) -> u64 {
        std::fs::metadata(&self.tmp).map_or(0, |m| m.len())
    }

    /// Renames the temporary file over the target (checked again: it must still be absent or
    /// a regular file).
    pub fn commit(mut self) -> io::Result<()> {
        let target = real_target(&self.target)?;
        let guard = self.guard.take().expect("not yet committed");
        let tmp = self.tmp.clone();
        let r = guard.finish(|| std::fs::rename(&tmp, &target));
        if r.is_err() {
            let _ = std::fs::remove_file(&self.tmp);
        }
        r
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some(g) = self.guard.take() {
            g.finish(|| std::fs::remove_file(&self.tmp).ok());
        }
    }
}

/// Writes `path`'s future content to a temporary file beside it (removed on any error, and on
/// Ctrl-C or SIGTERM), with the permissions of the file it will replace, if any. Leftover temporary files of dead tumblebox processes for the same
/// target are removed first.
pub fn stage(path: &Path, write: impl FnOnce(&mut Sink) -> io::Result<()>) -> io::Result<Staged> {
    let target = real_target(path)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the target is not a file name"))?
        .to_string_lossy()
        .to_string();
    cleanup::remove_stale(&dir, Some(&name));
    let tmp = dir.join(cleanup::temp_name(&name));
    let guard = cleanup::register_file(&tmp);
    let _ = std::fs::remove_file(&tmp); // our own leftover from an earlier, failed attempt
    let mut staged = Staged { tmp: tmp.clone(), target: path.to_path_buf(), guard: Some(guard) };
    let result = (|| {
        // Readable too: a GIF moves its own tail back when its colour table is cut ([`super::Shrink`]).
        let file = std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&tmp)?;
        // A file replaced keeps its permissions (the rename would otherwise give it the new
        // file's).
        if let Ok(m) = std::fs::metadata(&target) {
            file.set_permissions(m.permissions())?;
        }
        let mut w = BufWriter::new(file);
        write(&mut w)?;
        w.flush()?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()
    })();
    match result {
        Ok(()) => Ok(staged),
        Err(e) => {
            if let Some(g) = staged.guard.take() {
                g.finish(|| std::fs::remove_file(&tmp).ok());
            }
            Err(e)
        }
    }
}
