//! Files out on a web page: there is no file system, so a file "written" is its bytes, and
//! committing it hands them to the page, which offers them as a download under the file's
//! name (`take_downloads`, drained by the window each frame). Nothing is half-written: a file
//! is handed over only when its whole content is there.

use std::io::{self, Cursor};
use std::path::Path;
use std::sync::Mutex;

/// What a file's content is written into before it is committed (seekable: the GIF writer
/// fills its palette in at the end).
pub type Sink = Cursor<Vec<u8>>;

static DOWNLOADS: Mutex<Vec<(String, Vec<u8>)>> = Mutex::new(Vec::new());

/// A file written in full, waiting to be handed to the page.
#[derive(Debug)]
pub struct Staged {
    name: String,
    bytes: Vec<u8>,
}

impl Staged {
    /// The size of what is written, in bytes.
    pub fn size(&self) -> u64 {
        self.bytes.len() as u64
    }

    pub fn commit(self) -> io::Result<()> {
        DOWNLOADS.lock().unwrap_or_else(|e| e.into_inner()).push((self.name, self.bytes));
        Ok(())
    }
}

pub fn stage(path: &Path, write: impl FnOnce(&mut Sink) -> io::Result<()>) -> io::Result<Staged> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the target is not a file name"))?
        .to_string_lossy()
        .to_string();
    let mut sink = Cursor::new(Vec::new());
    write(&mut sink)?;
    Ok(Staged { name, bytes: sink.into_inner() })
}

/// Hands a whole file to the page (one a worker wrote).
pub fn push_download(name: String, bytes: Vec<u8>) {
    DOWNLOADS.lock().unwrap_or_else(|e| e.into_inner()).push((name, bytes));
}

/// The files committed since the last call: (file name, content).
pub fn take_downloads() -> Vec<(String, Vec<u8>)> {
    std::mem::take(&mut *DOWNLOADS.lock().unwrap_or_else(|e| e.into_inner()))
}
