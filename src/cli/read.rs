//! Inputs: a file named on the command line or standard input, read whole under the one
//! input convention (`tumblebox::input`), at most `input::MAX_INPUT` bytes; and the level file
//! `tumblebox FILE` opens, read by the one loader (a save replayed in full) before any window.

use super::status::Failure;
use std::path::{Path, PathBuf};
use tumblebox::input::{MAX_INPUT, read_capped};

/// An input's bytes and the name messages give it.
pub struct Input {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A file, or standard input when none is named.
pub fn read_input(file: &Option<PathBuf>) -> Result<Input, Failure> {
    match file {
        Some(p) => Ok(Input { name: p.display().to_string(), bytes: read_file(p)? }),
        None => {
            let bytes = read_capped(std::io::stdin().lock())
                .map_err(|e| Failure::bad(format!("standard input: cannot read: {e}")))?;
            Ok(Input { name: "standard input".to_string(), bytes })
        }
    }
}

/// A file's bytes (a FIFO or a device is read too: `/dev/stdin` is a judge's input), at most
/// [`MAX_INPUT`]; a folder is said to be one.
pub fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    let cannot = |why: String| Failure::bad(format!("{}: cannot read: {why}", path.display()));
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err(cannot("it is a folder, not a file".into())),
        Ok(m) if m.is_file() && m.len() > MAX_INPUT => {
            return Err(cannot(format!("it holds more than {} MiB, the most an input may hold", MAX_INPUT >> 20)));
        }
        _ => {}
    }
    read_capped(open_file(path)?).map_err(|e| cannot(e.to_string()))
}

/// A file opened to be read as a stream (a FIFO or a device too); a folder is said to be one.
/// The reader holds to the input convention and its cap ([`MAX_INPUT`]) itself.
pub fn open_file(path: &Path) -> Result<std::fs::File, Failure> {
    let cannot = |why: String| Failure::bad(format!("{}: cannot read: {why}", path.display()));
    if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(cannot("it is a folder, not a file".into()));
    }
    std::fs::File::open(path).map_err(|e| cannot(e.to_string()))
}

/// Reads a text file under the judges' input convention.
pub fn read_text(path: &Path) -> Result<(String, String), Failure> {
    let name = path.display().to_string();
    let text = tumblebox::input::decode(&read_file(path)?).map_err(|e| Failure::parse(&name, e))?;
    Ok((name, text))
}

/// `tumblebox FILE`: the file read by the one loader the window uses (a save replayed through
/// the rules, every move), so a file it cannot open is said here, on one line, before any
/// window opens.
pub fn level_file(path: &Path) -> Result<(), Failure> {
    let name = path.display().to_string();
    let bytes = tumblebox::input::read_level_file(path).map_err(|e| {
        let hint = if e == "no such file" { " (and not a command: see tumblebox --help)" } else { "" };
        Failure::bad(format!("{name}: {e}{hint}"))
    })?;
    tumblebox::loader::load(&bytes).map(|_| ()).map_err(|e| Failure::bad(format!("{name}: {e}")))
}
