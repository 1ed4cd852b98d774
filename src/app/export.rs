//! Export from the window: the export panel's choices and its request, the kinds of file the
//! window writes, and running an export on another thread (started, polled, named).

use super::TumbleApp;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc;

/// An export to run on another thread (see `GameTab::export_job`).
pub type ExportJob =
    Box<dyn FnOnce(&mut dyn FnMut(usize) -> bool) -> Result<(), crate::render::frames::ExportError> + Send + 'static>;

/// The export panel's choices (File › Export…).
#[derive(Debug, Clone, PartialEq)]
pub struct ExportPanel {
    pub open: bool,
    /// 0: GIF, 1: APNG, 2: PNG of the position on screen, 3: PNG strip of every step.
    pub format: usize,
    pub smooth: bool,
    pub size: usize,
    pub speed: f32,
    pub loops: u16,
    pub hold: f32,
    /// Moves from 1 (inclusive), of those since the last restart; 0: the whole run.
    pub from: usize,
    pub to: usize,
    pub caption: bool,
    /// The panel was just opened: its Export button takes the keyboard (Enter exports).
    pub focus: bool,
}

impl Default for ExportPanel {
    fn default() -> Self {
        ExportPanel {
            open: false,
            format: 0,
            smooth: true,
            size: 480,
            speed: 1.0,
            loops: 0,
            hold: 0.0,
            from: 0,
            to: 0,
            caption: false,
            focus: false,
        }
    }
}

impl ExportPanel {
    pub fn extension(&self) -> &'static str {
        match self.format {
            1..=3 => "png",
            _ => "gif",
        }
    }

    /// The request for a file at `path`.
    pub fn request(&self, path: Option<PathBuf>) -> crate::render::frames::Request {
        let mut r = crate::render::frames::Request {
            smooth: self.smooth && self.format != 3,
            size: self.size,
            speed: self.speed,
            loops: self.loops,
            hold: self.hold,
            from_move: (self.from > 0).then_some(self.from),
            to_move: (self.to > 0).then_some(self.to),
            caption: self.caption,
            max_frames: crate::render::frames::MAX_FRAMES,
            ..Default::default()
        };
        match self.format {
            1 => r.apng = path,
            2 => r.png = path,
            3 => r.strip = path,
            _ => r.gif = path,
        }
        r
    }
}

/// A refusal from the frame maker, in the window's words: the command line names its flags
/// (`--max-frames`, `--size`), the window names what the panel shows.
pub fn in_window_words(message: &str) -> String {
    let mut m = message.to_string();
    for (flag, words) in [
        ("--from-move ", "moves "),
        (" --to-move ", " to "),
        ("--max-frames ", "the limit of "),
        ("--size", "size"),
        ("--strip", "strip"),
        ("--gif", "GIF"),
        ("--apng", "APNG"),
        ("--png", "PNG"),
    ] {
        m = m.replace(flag, words);
    }
    m
}

/// What an export would make: its frames and seconds, or why it would be refused.
pub type ExportPlan = Result<(usize, f32), String>;

/// An export running on another thread.
pub struct RunningExport {
    pub path: PathBuf,
    pub frames: usize,
    pub done: Arc<std::sync::atomic::AtomicUsize>,
    pub cancel: Arc<std::sync::atomic::AtomicBool>,
    pub result: mpsc::Receiver<Result<(), crate::render::frames::ExportError>>,
}

/// What to export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    GifSmooth,
    GifStepwise,
    Png,
    /// What the export panel asks for (format, size, speed, range, loop, hold, captions).
    Panel,
    /// A save file (`.tumble`) of the game: the level and its whole history.
    Save,
    /// A save file of the best solution kept for the level on screen, alone.
    BestSave,
    /// The level being edited, in its game's own format.
    Level,
    /// The game's My levels pack (a copy of its file).
    MyLevels,
}

impl ExportKind {
    /// Writes a save file (not a picture).
    pub fn is_save(self) -> bool {
        matches!(self, ExportKind::Save | ExportKind::BestSave | ExportKind::Level | ExportKind::MyLevels)
    }
}

impl TumbleApp {
    /// Exports the current game: the moves since the last restart as a GIF, or the current
    /// position as PNG. This is what the save dialog calls; tests call it directly.
    pub fn export_to(&self, path: &Path, kind: ExportKind) -> std::io::Result<()> {
        if kind == ExportKind::Panel {
            // At once, on this thread (the window's Export button runs it on another).
            let job = self.tab().export_job(self.export.request(Some(path.to_path_buf())));
            return job(&mut |_| true).map_err(|e| std::io::Error::other(format!("{e:?}")));
        }
        if kind == ExportKind::Level {
            return self.save_level(path);
        }
        if kind == ExportKind::MyLevels {
            let from = self.my_pack(self.kind).ok_or_else(|| std::io::Error::other("no My levels pack yet"))?;
            let text = std::fs::read(from)?;
            return crate::render::export::write_atomic(path, |w| std::io::Write::write_all(w, &text));
        }
        if kind == ExportKind::BestSave {
            let line = self.best_line().ok_or_else(|| std::io::Error::other("no best solution is kept"))?;
            let text = self.tab().line_save(&line).map_err(std::io::Error::other)?;
            return crate::render::export::write_atomic(path, |w| std::io::Write::write_all(w, text.as_bytes()));
        }
        self.tab().export(path, kind)
    }

    /// A file name for exporting the current level: `tumblebox-GAME-LEVEL.gif`.
    pub(super) fn export_name(&self, kind: ExportKind) -> String {
        let name = slug(self.tab().title());
        let ext = match kind {
            ExportKind::Png => "png",
            ExportKind::Save => "tumble",
            ExportKind::BestSave => return format!("tumblebox-{}-{name}-best.tumble", self.kind.key()),
            ExportKind::MyLevels => {
                let file = self.my_pack(self.kind);
                let ext = file.as_ref().and_then(|f| f.extension()).map_or("txt".into(), |e| e.to_string_lossy());
                return format!("my-{}-levels.{ext}", self.kind.key());
            }
            ExportKind::Level => {
                let (title, ext) = self.edit.as_ref().map_or(("level", "txt"), |e| (e.pad.title(), e.pad.format().1));
                return format!("{}.{ext}", slug(title));
            }
            ExportKind::Panel => self.export.extension(),
            _ => "gif",
        };
        format!("tumblebox-{}-{name}.{ext}", self.kind.key())
    }

    /// Starts the export panel's export to `path` on another thread: the window goes on (the
    /// board animates, moves can be made); progress and Cancel show in the panel.
    pub fn start_export(&mut self, path: PathBuf) {
        if self.running.is_some() {
            self.notify("an export is already running", Some(self.kind));
            return;
        }
        let req = self.export.request(Some(path.clone()));
        let frames = if self.export.format == 2 { 1 } else { self.tab().export_plan(&req).map_or(0, |p| p.0) };
        let job = self.tab().export_job(req);
        // The previous export's "exported …" is not this one's.
        self.notify(format!("exporting to {}…", path.display()), Some(self.kind));
        let done = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let cancel = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let (d, c) = (done.clone(), cancel.clone());
        std::thread::spawn(move || {
            let r = job(&mut |n| {
                d.store(n, std::sync::atomic::Ordering::Relaxed);
                !c.load(std::sync::atomic::Ordering::Relaxed)
            });
            let _ = tx.send(r);
        });
        self.running = Some(RunningExport { path, frames, done, cancel, result: rx });
    }

    /// Collects a finished export: says where it went, or why it did not.
    pub fn poll_export(&mut self) {
        let Some(r) = &self.running else { return };
        let Ok(result) = r.result.try_recv() else { return };
        let path = r.path.display().to_string();
        self.running = None;
        let text = match result {
            Ok(()) => format!("exported {path}"),
            Err(crate::render::frames::ExportError::Cancelled) => format!("export cancelled: {path} was not written"),
            Err(crate::render::frames::ExportError::Limit(m) | crate::render::frames::ExportError::Bad(m)) => {
                format!("export failed: {m}")
            }
        };
        self.notify(text, Some(self.kind));
    }

    /// Cancels a running export and waits (at most ten seconds) for its thread to remove the
    /// staged file: what quitting does, so no partial file is left beside the target.
    pub fn finish_export_for_quit(&mut self) {
        let Some(r) = self.running.take() else { return };
        r.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        let _ = r.result.recv_timeout(std::time::Duration::from_secs(10));
    }

    /// No file dialog could be shown: for Open, say so and what to do instead; for an export,
    /// write it to `to` (a default place) and say where.
    pub fn no_dialog(&mut self, export: Option<(PathBuf, ExportKind)>) {
        match export {
            None => self.notify(
                "no file dialog on this system (it needs xdg-desktop-portal or zenity): drop a level file onto the \
                 window, or start `tumblebox FILE`",
                None,
            ),
            Some((p, ExportKind::Panel)) => {
                self.notify(format!("no file dialog on this system: exporting to {}", p.display()), Some(self.kind));
                self.start_export(p);
            }
            Some((p, kind)) => {
                let did = if kind.is_save() { "saved" } else { "exported" };
                let text = match self.export_to(&p, kind) {
                    Ok(()) => format!("no file dialog on this system: {did} to {}", p.display()),
                    Err(e) => format!("no file dialog on this system, and exporting to {} failed: {e}", p.display()),
                };
                self.notify(text, Some(self.kind));
            }
        }
    }

    /// A file name for exporting the current level (what a save dialog proposes).
    pub fn default_export_name(&self, kind: ExportKind) -> String {
        self.export_name(kind)
    }
}

/// A title as a name's part: lower-case letters and digits, words joined by `sep`.
pub(crate) fn slug_by(title: &str, sep: char) -> String {
    title
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { sep })
        .collect::<String>()
        .split(sep)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(&sep.to_string())
}

/// A title as a file name's part (words joined by `-`).
pub(super) fn slug(title: &str) -> String {
    slug_by(title, '-')
}
