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
    /// The game and session the range was chosen on: another level's moves start as a whole.
    pub range_of: Option<(crate::games::GameKind, u64)>,
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
            range_of: None,
        }
    }
}

impl ExportPanel {
    /// The settings kept across restarts (not the range, which belongs to a game), one line:
    /// `format smooth size speed loops hold caption`.
    pub fn settings_text(&self) -> String {
        format!(
            "{} {} {} {} {} {} {}",
            self.format, self.smooth as u8, self.size, self.speed, self.loops, self.hold, self.caption as u8
        )
    }

    /// Takes back what [`ExportPanel::settings_text`] wrote; a damaged line changes nothing.
    pub fn restore_settings(&mut self, text: &str) {
        let w: Vec<&str> = text.split_whitespace().collect();
        let [format, smooth, size, speed, loops, hold, caption] = w[..] else { return };
        let (Ok(format), Ok(size), Ok(speed), Ok(loops), Ok(hold)) = (
            format.parse::<usize>(),
            size.parse::<usize>(),
            speed.parse::<f32>(),
            loops.parse::<u16>(),
            hold.parse::<f32>(),
        ) else {
            return;
        };
        if format > 3
            || !(16..=4096).contains(&size)
            || !(0.1..=10.0).contains(&speed)
            || !(0.0..=600.0).contains(&hold)
        {
            return;
        }
        (self.format, self.size, self.speed, self.loops, self.hold) = (format, size, speed, loops, hold);
        self.smooth = smooth == "1";
        self.caption = caption == "1";
    }

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
        // The panel says it before anything is tried.
        (": nothing written", ""),
    ] {
        m = m.replace(flag, words);
    }
    m
}

/// The size a file would have, measured by writing real frames: (bytes, whether every frame
/// was written, so the figure is exact rather than scaled from a sample).
pub type SizeEstimate = Result<(u64, bool), String>;

/// At most this many pixels are drawn to measure a size (a few hundred frames at 480 px, two
/// at 4096): the rest is scaled from them.
const SAMPLE_PIXELS: usize = 48_000_000;

/// A size being measured on another thread, or measured: for which panel state (its key).
pub struct Estimating {
    pub key: String,
    pub result: Option<SizeEstimate>,
    rx: Option<mpsc::Receiver<SizeEstimate>>,
    /// Set when this estimate is replaced: a web page's worker for it is ended.
    stop: Arc<std::sync::atomic::AtomicBool>,
}

impl Drop for Estimating {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// "1.2 MB", "340 KB", "812 bytes".
pub fn bytes_text(b: u64) -> String {
    match b {
        0..1_000 => format!("{b} bytes"),
        1_000..1_000_000 => format!("{:.0} KB", b as f64 / 1e3),
        _ => format!("{:.1} MB", b as f64 / 1e6),
    }
}

/// What an export would make: its frames and seconds, or why it would be refused.
pub type ExportPlan = Result<(usize, f32), String>;

/// An export running on another thread.
pub struct RunningExport {
    /// What is exported, in words ("a GIF of Vexed · New Haven, 32 moves").
    pub what: String,
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
    /// The level and its library as text (Sokoban: a SOK file).
    Library,
    /// Everything the store keeps, as a progress file.
    Progress,
}

impl ExportKind {
    /// Writes a save file (not a picture).
    pub fn is_save(self) -> bool {
        matches!(
            self,
            ExportKind::Save
                | ExportKind::BestSave
                | ExportKind::Level
                | ExportKind::MyLevels
                | ExportKind::Library
                | ExportKind::Progress
        )
    }
}

impl TumbleApp {
    /// Exports the current game: the moves since the last restart as a GIF, or the current
    /// position as PNG. This is what the save dialog calls; tests call it directly.
    pub fn export_to(&self, path: &Path, kind: ExportKind) -> std::io::Result<()> {
        if kind == ExportKind::Panel {
            // At once, on this thread (the window's Export button runs it on another).
            let job = self.tab().export_job(self.export.panel.request(Some(path.to_path_buf())));
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
        if kind == ExportKind::Save {
            let text = self.save_with_library().write();
            return crate::render::export::write_atomic(path, |w| std::io::Write::write_all(w, text.as_bytes()));
        }
        if kind == ExportKind::Library {
            let text = self.library_text();
            return crate::render::export::write_atomic(path, |w| std::io::Write::write_all(w, text.as_bytes()));
        }
        if kind == ExportKind::Progress {
            let text = self.store.export_text();
            return crate::render::export::write_atomic(path, |w| std::io::Write::write_all(w, text.as_bytes()));
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
        let name = slug(self.tab().status().title);
        let ext = match kind {
            ExportKind::Png => "png",
            ExportKind::Save => "tumble",
            ExportKind::BestSave => return format!("tumblebox-{}-{name}-best.tumble", self.kind.key()),
            ExportKind::Progress => return "tumblebox-progress.txt".to_string(),
            ExportKind::Library => {
                return format!(
                    "tumblebox-{}-{name}-solutions.{}",
                    self.kind.key(),
                    self.tab().facts().library_extension
                );
            }
            ExportKind::MyLevels => {
                let file = self.my_pack(self.kind);
                let ext = file.as_ref().and_then(|f| f.extension()).map_or("txt".into(), |e| e.to_string_lossy());
                return format!("my-{}-levels.{ext}", self.kind.key());
            }
            ExportKind::Level => {
                let (title, ext) =
                    self.editor.mode.as_ref().map_or(("level", "txt"), |e| (e.pad.title(), e.pad.format().1));
                return format!("{}.{ext}", slug(title));
            }
            ExportKind::Panel => self.export.panel.extension(),
            _ => "gif",
        };
        format!("tumblebox-{}-{name}.{ext}", self.kind.key())
    }

    /// Starts the export panel's export to `path` on another thread: the window goes on (the
    /// board animates, moves can be made); progress and Cancel show in the panel.
    pub fn start_export(&mut self, path: PathBuf) {
        let req = self.export.panel.request(Some(path.clone()));
        let frames = if self.export.panel.format == 2 { 1 } else { self.tab().export_plan(&req).map_or(0, |p| p.0) };
        self.start_request(path, req, frames);
    }

    /// Starts an export as asked by `req` (`frames`: what its progress counts to).
    pub(super) fn start_request(&mut self, path: PathBuf, req: crate::render::frames::Request, frames: usize) {
        if self.export.running.is_some() {
            self.notify("an export is already running", Some(self.kind));
            return;
        }
        // The previous export's "exported …" is not this one's.
        self.notify(format!("exporting to {}…", path.display()), Some(self.kind));
        let what = {
            let (s, format) = (
                self.tab().status(),
                if req.gif.is_some() {
                    "a GIF"
                } else if req.apng.is_some() {
                    "an APNG"
                } else if req.strip.is_some() {
                    "a PNG strip"
                } else {
                    "a PNG"
                },
            );
            format!("{format} of {} · {}, {frames} frames", self.kind.name(), s.title)
        };
        let done = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let cancel = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let (d, c) = (done.clone(), cancel.clone());
        let wake = self.ctx.clone();
        let repaint = move || {
            // The window says "exported …" at once, not at the next move of the pointer.
            if let Some(ctx) = &wake {
                ctx.request_repaint();
            }
        };
        // A web page: in a worker, its files coming back as downloads.
        #[cfg(target_arch = "wasm32")]
        if let Some(request) = self.tab().export_request(&req, false) {
            let finished: Box<dyn FnOnce(Result<String, String>)> = Box::new(move |r| {
                let r = match r {
                    Ok(text) => crate::app::work::result_of(&text).map(|_| ()),
                    Err(e) if e == "cancelled" => Err(crate::render::frames::ExportError::Cancelled),
                    Err(e) => Err(crate::render::frames::ExportError::Bad(e)),
                };
                let _ = tx.send(r);
            });
            crate::app::web::elsewhere(
                request,
                c,
                Box::new(move |n| d.store(n, std::sync::atomic::Ordering::Relaxed)),
                finished,
                repaint,
            );
            self.export.running = Some(RunningExport { what, path, frames, done, cancel, result: rx });
            return;
        }
        let job = self.tab().export_job(req);
        crate::app::work::spawn(move || {
            let r = job(&mut |n| {
                d.store(n, std::sync::atomic::Ordering::Relaxed);
                !c.load(std::sync::atomic::Ordering::Relaxed)
            });
            let _ = tx.send(r);
            repaint();
        });
        self.export.running = Some(RunningExport { what, path, frames, done, cancel, result: rx });
    }

    /// Collects a finished export: says where it went, or why it did not.
    pub fn poll_export(&mut self) {
        let Some(r) = &self.export.running else { return };
        let Ok(result) = r.result.try_recv() else { return };
        let path = r.path.display().to_string();
        self.export.running = None;
        let text = match result {
            Ok(()) => format!("exported {path}"),
            Err(crate::render::frames::ExportError::Cancelled) => format!("export cancelled: {path} was not written"),
            Err(crate::render::frames::ExportError::Limit(m) | crate::render::frames::ExportError::Bad(m)) => {
                format!("export failed: {m}")
            }
        };
        self.notify(text, Some(self.kind));
    }

    /// The size the panel's export would have: measured on another thread by writing the
    /// real file to a temporary folder (the whole of it when it is small, else its first moves,
    /// scaled by frames), for the panel state `key`. `None` while it is measured.
    pub fn size_estimate(&mut self, key: &str, frames: usize) -> Option<SizeEstimate> {
        if self.export.estimating.as_ref().is_none_or(|e| e.key != key) {
            self.export.estimating = Some(self.measure(key, frames));
        }
        let e = self.export.estimating.as_mut()?;
        if e.result.is_none()
            && let Some(rx) = &e.rx
            && let Ok(r) = rx.try_recv()
        {
            e.result = Some(r);
            e.rx = None;
        }
        e.result.clone()
    }

    fn measure(&self, key: &str, frames: usize) -> Estimating {
        static SEQ: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("measure.{}", self.export.panel.extension());
        // A web page has no folders: its worker is given the file's name alone.
        #[cfg(target_arch = "wasm32")]
        let path = PathBuf::from(format!("{n}-{name}"));
        #[cfg(not(target_arch = "wasm32"))]
        let dir = std::env::temp_dir().join(format!("tumblebox-size-{}-{n}", std::process::id()));
        #[cfg(not(target_arch = "wasm32"))]
        let path = dir.join(name);
        let mut req = self.export.panel.request(Some(path.clone()));
        // A sample of the moves when the whole would draw too much: the first ones of the range.
        let per = (self.export.panel.size * self.export.panel.size).max(1);
        let most = (SAMPLE_PIXELS / per).clamp(2, 400);
        let moves = self.tab().status().line_moves;
        let (a, b) = match (req.from_move, req.to_move) {
            (Some(a), Some(b)) => (a, b),
            _ => (1, moves),
        };
        let mut sample = frames;
        if self.export.panel.format != 2 && frames > most && b >= a {
            let k = ((b - a + 1) * most / frames).max(1);
            req.from_move = Some(a);
            req.to_move = Some(a + k - 1);
            sample = self.tab().export_plan(&req).map_or(0, |p| p.0);
        }
        let whole = sample >= frames;
        let (tx, rx) = mpsc::channel();
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let scale = move |bytes: u64| {
            if whole || sample == 0 {
                (bytes, true)
            } else {
                ((bytes as f64 * frames as f64 / sample as f64) as u64, false)
            }
        };
        #[cfg(target_arch = "wasm32")]
        self.measure_elsewhere(&req, scale, tx, stop.clone());
        #[cfg(not(target_arch = "wasm32"))]
        self.measure_here(req, dir, path, scale, tx);
        Estimating { key: key.to_string(), result: None, rx: Some(rx), stop }
    }

    /// Writes the file the request asks for into `dir` on another thread, and sends its size.
    #[cfg(not(target_arch = "wasm32"))]
    fn measure_here(
        &self,
        req: crate::render::frames::Request,
        dir: PathBuf,
        path: PathBuf,
        scale: impl Fn(u64) -> (u64, bool) + Send + 'static,
        tx: mpsc::Sender<SizeEstimate>,
    ) {
        let job = self.tab().export_job(req);
        let wake = self.ctx.clone();
        std::thread::spawn(move || {
            let r = (|| {
                std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
                let _guard = crate::cleanup::register_dir(&dir);
                let written = job(&mut |_| true).map_err(|e| format!("{e:?}"));
                let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
                let _ = std::fs::remove_dir_all(&dir);
                written?;
                if let Some(ctx) = &wake {
                    ctx.request_repaint();
                }
                Ok(scale(bytes))
            })();
            let _ = tx.send(r);
        });
    }

    /// A web page: the size measured in a worker (no file written), ended when `stop` is set.
    #[cfg(target_arch = "wasm32")]
    fn measure_elsewhere(
        &self,
        req: &crate::render::frames::Request,
        scale: impl Fn(u64) -> (u64, bool) + 'static,
        tx: mpsc::Sender<SizeEstimate>,
        stop: Arc<std::sync::atomic::AtomicBool>,
    ) {
        let done: Box<dyn FnOnce(Result<String, String>)> = Box::new(move |r| {
            let r = r
                .and_then(|t| crate::app::work::result_of(&t).map_err(|e| format!("{e:?}")))
                .map(|v| scale(v["bytes"].as_u64().unwrap_or(0)));
            let _ = tx.send(r);
        });
        let Some(request) = self.tab().export_request(req, true) else {
            return done(Err("not measured on a web page".into()));
        };
        let wake = self.ctx.clone();
        crate::app::web::elsewhere(request, stop, Box::new(|_| {}), done, move || {
            if let Some(ctx) = &wake {
                ctx.request_repaint();
            }
        });
    }

    /// Cancels a running export and waits (at most ten seconds) for its thread to remove the
    /// staged file: what quitting does, so no partial file is left beside the target.
    pub fn finish_export_for_quit(&mut self) {
        let Some(r) = self.export.running.take() else { return };
        r.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        // A web page has no staged file (and no clock for a timed wait in std).
        #[cfg(not(target_arch = "wasm32"))]
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
                let (did, doing) = if kind.is_save() { ("saved", "saving") } else { ("exported", "exporting") };
                let text = match self.export_to(&p, kind) {
                    Ok(()) => format!("no file dialog on this system: {did} to {}", p.display()),
                    Err(e) => format!("no file dialog on this system, and {doing} to {} failed: {e}", p.display()),
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
