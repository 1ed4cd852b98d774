//! Outputs: standard output (checked for a caller that closed it, written at the end or, for
//! traces and certify, line by line), and files: every output a command names is checked
//! before the work starts ([`check_outputs`]: what it is, its folder, two outputs naming one
//! file, an output over an input), then staged under a temporary name and committed with the
//! others at the end.

use super::flags::{ExportArgs, Images};
use super::status::Failure;
use std::io::Write;
use std::path::{Path, PathBuf};
use tumblebox::anim::{Animate, Pacing};
use tumblebox::render::export::{Staged, real_target};
use tumblebox::render::frames::{ExportError, Request, stage_request};
use tumblebox::save::Replay;

static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Run first thing: notes whether standard output was closed by the caller (`>&-`). Rust's
/// runtime reopens a closed standard descriptor on `/dev/null` (read-write) before `main`,
/// so that no file takes its number, and writes then vanish without an error; a `/dev/null`
/// opened read-write on descriptor 1 is that case (a shell's `> /dev/null` opens it
/// write-only), and is reported as an error instead of losing the answer.
pub fn guard_standard_streams() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: fstat and F_GETFL only read descriptor 1's state into a local.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        let stat_ok = unsafe { libc::fstat(1, &mut st) } == 0;
        let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
        let dev_null = stat_ok && (st.st_mode & libc::S_IFMT) == libc::S_IFCHR && st.st_rdev == libc::makedev(1, 3);
        if flags == -1 || (dev_null && flags & libc::O_ACCMODE == libc::O_RDWR) {
            STDOUT_CLOSED.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

fn closed() -> Failure {
    Failure::bad("cannot write the answer: standard output is closed")
}

/// Writes a command's answer to standard output, all at once.
pub fn emit(out: &str) -> Result<(), Failure> {
    if out.is_empty() {
        return Ok(());
    }
    if STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(closed());
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(out.as_bytes())
        .and_then(|_| stdout.flush())
        .map_err(|e| Failure::bad(format!("cannot write the answer: {e}")))
}

/// Standard output written line by line as the answer is made (traces, certify): buffered,
/// each failure an error (a closed pipe, a full disk).
pub struct Lines {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    /// Flush after every line (certify: each level's line as it is decided).
    eager: bool,
}

impl Lines {
    pub fn new(eager: bool) -> Result<Lines, Failure> {
        if STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(closed());
        }
        Ok(Lines { out: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock()), eager })
    }

    pub fn line(&mut self, text: &str) -> Result<(), Failure> {
        let fail = |e: std::io::Error| Failure::bad(format!("cannot write the answer: {e}"));
        self.out.write_all(text.as_bytes()).map_err(fail)?;
        self.out.write_all(b"\n").map_err(fail)?;
        if self.eager {
            self.out.flush().map_err(fail)?;
        }
        Ok(())
    }

    pub fn finish(mut self) -> Result<(), Failure> {
        self.out.flush().map_err(|e| Failure::bad(format!("cannot write the answer: {e}")))
    }
}

/// Where a path really is, for telling two names of one file apart: its device and inode
/// when it exists, otherwise its folder's canonical path and its name.
#[derive(PartialEq, Eq)]
enum Identity {
    Inode(u64, u64),
    Absent(PathBuf),
}

fn identity(path: &Path) -> Option<Identity> {
    #[cfg(unix)]
    if let Ok(m) = std::fs::metadata(path) {
        use std::os::unix::fs::MetadataExt;
        return Some(Identity::Inode(m.dev(), m.ino()));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    Some(Identity::Absent(std::fs::canonicalize(dir).ok()?.join(path.file_name()?)))
}

/// An export's files (`--png`, `--gif`, `--apng`, `--strip`, `--save`), checked before any work
/// against each other and the level file.
pub fn check_export_outputs(args: &ExportArgs) -> Result<(), Failure> {
    let images = args.images();
    let mut outs: Vec<(&str, &Path)> = images.outputs();
    if let Some(p) = &args.save {
        outs.push(("--save", p));
    }
    check_outputs(&outs, &[&args.file])
}

/// Checks, before any work, every file a command will write (`(flag, path)`), against each
/// other and against the files it reads: each must be absent or a regular file (a link is
/// followed), in a folder that exists and can be written; no two may name one file; none may
/// be an input. A failure is one line naming the flag, exit status 2.
pub fn check_outputs(outputs: &[(&str, &Path)], inputs: &[&Path]) -> Result<(), Failure> {
    let mut seen: Vec<(&str, &Path, Identity)> = Vec::new();
    for &(flag, path) in outputs {
        let say = |why: String| Failure::bad(format!("{flag} {}: {why}: nothing written", path.display()));
        let target = real_target(path).map_err(|e| say(e.to_string()))?;
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        match std::fs::metadata(&dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return Err(say(format!("{} is not a folder", dir.display()))),
            Err(_) => return Err(say(format!("there is no folder {}", dir.display()))),
        }
        if !writable(&dir) {
            return Err(say(format!("the folder {} cannot be written", dir.display())));
        }
        let Some(id) = identity(&target) else { continue };
        for &input in inputs {
            if identity(input).is_some_and(|i| i == id) {
                return Err(say(format!("it is the input {}: refusing to replace it", input.display())));
            }
        }
        if let Some((other, p, _)) = seen.iter().find(|(_, _, i)| *i == id) {
            return Err(say(format!("{other} {} names the same file", p.display())));
        }
        seen.push((flag, path, id));
    }
    Ok(())
}

/// Whether this process may create files in `dir`.
fn writable(dir: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let Ok(c) = std::ffi::CString::new(dir.as_os_str().as_bytes()) else { return false };
        // SAFETY: access only reads the NUL-terminated path.
        unsafe { libc::access(c.as_ptr(), libc::W_OK | libc::X_OK) == 0 }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        true
    }
}

/// From here on the process keeps up to 64 MB of freed memory for its next allocations and
/// takes blocks of up to 32 MB from it, instead of handing each freed block of a few hundred
/// kilobytes back to the system and faulting it in again: an animation's export frees and takes
/// such blocks at every frame (a third of its page faults, docs/measured.md). Only when a GIF
/// or APNG is written: the solvers' memory would grow by it (9 % on a 2 M-state Sokoban
/// search), and the window keeps the C library's defaults, its process living on after an
/// export.
fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets two of the C library's allocator parameters (it takes the
    // allocator's locks; any thread may call it at any time).
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
    }
}

/// Stages the requested files for a start state, its moves (an iterator made afresh for
/// each pass: the moves are counted, then rendered, never all held) and the state shown in
/// the PNG. `names` gives the moves' notation (asked only for captions). The GIF shows
/// `--from-move`..`--to-move` at `--speed`, loops `--loop` times and holds its last frame
/// `--hold` seconds longer. An animation longer than --max-frames is refused before anything
/// is drawn.
pub fn stage_images<S, I>(
    images: &Images,
    start: &S,
    moves: impl Fn() -> I,
    shown: &S,
    pacing: Pacing,
    names: &dyn Fn() -> Vec<String>,
) -> Result<Vec<Staged>, Failure>
where
    S: Animate,
    I: IntoIterator,
    I::Item: AsRef<[S::Step]>,
{
    if images.gif.is_some() || images.apng.is_some() {
        keep_freed_memory();
    }
    let look = images.look;
    let req = Request {
        png: images.png.clone(),
        gif: images.gif.clone(),
        apng: images.apng.clone(),
        strip: images.strip.clone(),
        smooth: look.smooth,
        size: look.size as usize,
        speed: look.speed,
        loops: look.loops,
        hold: look.hold,
        from_move: look.from_move.map(|a| a as usize),
        to_move: look.to_move.map(|b| b as usize),
        caption: look.caption,
        max_frames: look.max_frames as usize,
    };
    stage_request(&req, start, moves, shown, pacing, names, &mut |_| true).map_err(|e| match e {
        ExportError::Limit(m) => Failure::limit(m),
        ExportError::Bad(m) => Failure::bad(m),
        ExportError::Cancelled => Failure::bad("cancelled".to_string()),
    })
}

/// A file's name without its folders (what a save calls the pack).
pub fn file_name(p: &Path) -> String {
    p.file_name().map_or_else(|| p.display().to_string(), |f| f.to_string_lossy().to_string())
}

/// What a `--save` holds: the level's title, its pack (the file's name), its par, and whether
/// the moves are the solver's.
pub struct SaveAs<'a> {
    pub path: &'a Path,
    pub title: &'a str,
    pub pack: String,
    pub par: Option<usize>,
    /// The moves are not the player's own (the solver found them).
    pub given: bool,
}

/// Stages a save file of a level and its moves (`--save`): the moves replayed through the rules
/// as the window would, so the file opens there with this history.
pub fn stage_save<R: Replay + Clone>(to: &SaveAs, start: &R, moves: &[R::Move]) -> Result<Staged, Failure> {
    let texts = tumblebox::save::texts_of(start, moves)
        .map_err(|e| Failure::bad(format!("--save {}: {e}", to.path.display())))?;
    let history: Vec<_> = texts
        .into_iter()
        .map(|text| tumblebox::save::Entry::Move { text: text.into(), given: to.given, group: 0, line: 0 })
        .collect();
    let save = tumblebox::save::Save {
        game: R::GAME.to_string(),
        title: to.title.to_string(),
        pack: to.pack.clone(),
        par: to.par,
        bottom_only: start.bottom_only() == Some(true),
        level: start.level_text(to.title),
        level_line: 0,
        cursor: history.len(),
        history,
        found: Vec::new(),
        snapshots: Vec::new(),
    };
    let text = save.write();
    tumblebox::render::export::stage(to.path, |w| w.write_all(text.as_bytes()))
        .map_err(|e| Failure::bad(format!("{}: cannot write: {e}", to.path.display())))
}

/// Prints a trace as it is made: text lines, or JSON objects one a line.
pub fn trace_lines<S: tumblebox::trace::Traced, T: AsRef<[S::Step]>>(
    start: &S,
    moves: impl IntoIterator<Item = tumblebox::trace::TracedMove<T>>,
    json: bool,
) -> Result<(), Failure> {
    let mut out = Lines::new(false)?;
    let mut failed = None;
    tumblebox::trace::trace_each(start, moves, &mut |obj, text| {
        let line = if json { serde_json::Value::Object(obj).to_string() } else { text };
        match out.line(&line) {
            Ok(()) => true,
            Err(f) => {
                failed = Some(f);
                false
            }
        }
    });
    if let Some(f) = failed {
        return Err(f);
    }
    out.finish()
}
