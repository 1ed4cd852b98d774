//! The level editor in the window (PuzzleScript's `E`): the game's palette, click and drag to
//! paint, right-click to erase, resize, undo and redo inside the editor; the level checked
//! live by the game's own parser (its message, the cells it names outlined); Test plays it at
//! once and comes back with the edit history intact; Certify runs the solver on another
//! thread (progress, Cancel) and the par it finds goes with the level; Save as the game's own
//! format, Copy, and Add to My levels (one file per game in the app's data folder, in a
//! format that carries the par, listed in the level browser's pack switcher).
//!
//! The model is `crate::editor` (no egui); this module is its window. A game takes part by
//! one [`Editable`] impl naming its sketch.

use super::command::Command;
use super::{GameKind, TumbleApp, paint};
use crate::certify::{Bounds, Certify, Verdict};
use crate::editor::{
    Editor, Invalid, MazeSketch, ShubblesSketch, Sketch, SokobanSketch, StacksSketch, Tool, VexedSketch,
};
use crate::scene::Scene;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// A level being edited, whatever its game: what the window asks of an [`Editor`].
pub trait Pad: Send {
    fn tools(&self) -> &'static [Tool];
    fn resizable(&self) -> bool;
    fn title(&self) -> &str;
    fn set_title(&mut self, title: &str);
    /// (rows, columns).
    fn size(&self) -> (usize, usize);
    /// Paints `tool` on a stroke's cells (`None`: erases them), one undo step.
    fn stroke(&mut self, cells: &[(usize, usize)], tool: Option<char>) -> bool;
    fn resize(&mut self, rows: usize, cols: usize) -> bool;
    fn undo(&mut self) -> bool;
    fn redo(&mut self) -> bool;
    fn can_undo(&self) -> bool;
    fn can_redo(&self) -> bool;
    /// The level in the game's own format.
    fn text(&self) -> String;
    /// Whether the game's parser reads it, and if not, why and where.
    fn check(&self) -> Result<(), Invalid>;
    /// A note on how the level plays that its grid does not show (a Vexed board not at rest
    /// plays settled).
    fn note(&self) -> Option<String>;
    /// Puts the grid as the game reads it (one undo step).
    fn settle(&mut self) -> bool;
    /// The grid with a stroke in progress shown painted and `marked` cells outlined.
    fn scene(&self, stroke: &[(usize, usize)], tool: Option<char>, marked: &[(usize, usize)]) -> Scene;
    fn cell_at(&self, p: [f32; 2]) -> Option<(usize, usize)>;
    fn swatch(&self, glyph: char) -> Scene;
    /// The level to certify, when it is valid.
    fn certifier(&self) -> Option<Box<dyn Certify + Send>>;
    /// The file format `text` writes: its name and file extension.
    fn format(&self) -> (&'static str, &'static str);
    /// The level as an entry of a My levels file, with its par where the format keeps one;
    /// or why it cannot be one.
    fn entry(&self, par: Option<&Verdict>) -> Result<String, String>;
    /// The My levels file's name (one per game; Sokoban's mazes and XSB levels share one).
    fn pack_file(&self) -> &'static str;
    /// Which of its game's [`Editable::VARIANTS`] the level is.
    fn variant(&self) -> usize;
}

/// How a sketch's level becomes an entry of its game's My levels file.
pub trait Pack: Sketch {
    const FORMAT: (&'static str, &'static str);
    /// Which of the game's [`Editable::VARIANTS`] this sketch makes.
    const VARIANT: usize = 0;
    const PACK_FILE: &'static str;
    fn entry(game: &Self::Game, title: &str, par: Option<&Verdict>) -> Result<String, String>;
    fn note(_: &Self::Game, _: &crate::editor::Grid) -> Option<String> {
        None
    }
}

/// A title as one line without the separators a format uses.
fn one_line(title: &str, banned: &[char]) -> String {
    let t: String = title.chars().map(|c| if c.is_control() || banned.contains(&c) { ' ' } else { c }).collect();
    let t = t.trim();
    if t.is_empty() { "My level".to_string() } else { t.to_string() }
}

impl Pack for VexedSketch {
    const FORMAT: (&'static str, &'static str) = ("World Finals", "txt");
    const PACK_FILE: &'static str = "my-vexed.txt";
    /// An Android line, `title;board;par`: its par is a number, so a level needs one.
    fn entry(game: &Self::Game, title: &str, par: Option<&Verdict>) -> Result<String, String> {
        match par {
            Some(Verdict::Par { par, .. }) => {
                Ok(crate::vexed::format::android_line(&one_line(title, &[';']), game, *par) + "\n")
            }
            _ => Err("certify it first: a Vexed pack line (Android's) carries the par".into()),
        }
    }
    fn note(game: &Self::Game, grid: &crate::editor::Grid) -> Option<String> {
        let as_drawn = Self::grid(game);
        (as_drawn != *grid).then(|| "not at rest: it plays as the settled board (blocks fall, twins vanish)".into())
    }
}

impl Pack for ShubblesSketch {
    const FORMAT: (&'static str, &'static str) = ("shubbles line", "txt");
    const PACK_FILE: &'static str = "my-shubbles.txt";
    /// `state;par;title`, or the state alone when no par is known.
    fn entry(game: &Self::Game, title: &str, par: Option<&Verdict>) -> Result<String, String> {
        Ok(match par {
            Some(Verdict::Par { par, .. }) => format!("{};{par};{}\n", game.text(), one_line(title, &[])),
            _ => format!("{}\n", game.text()),
        })
    }
}

/// A board's rows with a ring of wall around them when its edge is not all wall (a UVa 589
/// maze's edge is the grid's; XSB needs walls drawn).
fn walled(rows: &str) -> String {
    let grid = crate::editor::rectangle(rows, ' ');
    let (h, w) = (grid.len(), grid.first().map_or(0, Vec::len));
    let open = |r: usize, c: usize| !matches!(grid[r][c], '#' | ' ');
    let edge_open = (0..h).any(|r| (0..w).any(|c| (r == 0 || c == 0 || r + 1 == h || c + 1 == w) && open(r, c)));
    if !edge_open {
        return rows.to_string();
    }
    let ring = "#".repeat(w + 2);
    let mut out = format!("{ring}\n");
    for row in grid {
        out.push_str(&format!("#{}#\n", row.iter().collect::<String>()));
    }
    out + &ring + "\n"
}

/// XSB: the title as a `;` comment, the board, and the par as a `Par:` line.
fn xsb_entry(game: &crate::sokoban::scene::Game, title: &str, par: Option<&Verdict>) -> Result<String, String> {
    let maze = crate::sokoban::format::Maze { level: (*game.level).clone(), start: game.pos.clone() };
    let board = walled(&crate::sokoban::xsb::write_board(&maze));
    let mut s = format!("; {}\n\n{board}", one_line(title, &[]));
    if let Some(Verdict::Par { text, proven, .. }) = par {
        s.push_str(&format!("Par: {text}{}\n", if *proven { " (proven optimal)" } else { "" }));
    }
    s.push('\n');
    Ok(s)
}

impl Pack for SokobanSketch {
    const FORMAT: (&'static str, &'static str) = ("XSB", "xsb");
    const PACK_FILE: &'static str = "my-sokoban.xsb";
    fn entry(game: &Self::Game, title: &str, par: Option<&Verdict>) -> Result<String, String> {
        xsb_entry(game, title, par)
    }
}

/// Baekjoon's input; boards one after another, a blank line between (as stacks files are).
impl Pack for StacksSketch {
    const FORMAT: (&'static str, &'static str) = ("Baekjoon 17837 input", "txt");
    const PACK_FILE: &'static str = "my-stacks.txt";
    fn entry(game: &Self::Game, _: &str, _: Option<&Verdict>) -> Result<String, String> {
        Ok(crate::stacks::format::write(&game.game) + "\n")
    }
}

impl Pack for MazeSketch {
    const FORMAT: (&'static str, &'static str) = ("UVa 589", "in");
    const VARIANT: usize = 1;
    const PACK_FILE: &'static str = "my-sokoban.xsb";
    fn entry(game: &Self::Game, title: &str, par: Option<&Verdict>) -> Result<String, String> {
        xsb_entry(game, title, par)
    }
}

impl<S: Pack + Send> Pad for Editor<S>
where
    S::Game: Certify + Send + 'static,
{
    fn tools(&self) -> &'static [Tool] {
        S::TOOLS
    }
    fn resizable(&self) -> bool {
        S::RESIZABLE
    }
    fn title(&self) -> &str {
        &self.title
    }
    fn set_title(&mut self, title: &str) {
        self.title = title.to_string();
    }
    fn size(&self) -> (usize, usize) {
        (self.rows(), self.cols())
    }
    fn stroke(&mut self, cells: &[(usize, usize)], tool: Option<char>) -> bool {
        match tool {
            Some(t) => self.paint(cells, t),
            None => self.erase(cells),
        }
    }
    fn resize(&mut self, rows: usize, cols: usize) -> bool {
        Editor::resize(self, rows, cols)
    }
    fn undo(&mut self) -> bool {
        Editor::undo(self)
    }
    fn redo(&mut self) -> bool {
        Editor::redo(self)
    }
    fn can_undo(&self) -> bool {
        Editor::can_undo(self)
    }
    fn can_redo(&self) -> bool {
        Editor::can_redo(self)
    }
    fn text(&self) -> String {
        Editor::text(self)
    }
    fn check(&self) -> Result<(), Invalid> {
        self.validate().map(|_| ())
    }
    fn note(&self) -> Option<String> {
        S::note(&self.validate().ok()?, self.grid())
    }
    fn settle(&mut self) -> bool {
        Editor::settle(self)
    }
    fn scene(&self, stroke: &[(usize, usize)], tool: Option<char>, marked: &[(usize, usize)]) -> Scene {
        self.scene_with(stroke, tool, marked)
    }
    fn cell_at(&self, p: [f32; 2]) -> Option<(usize, usize)> {
        Editor::cell_at(self, p)
    }
    fn swatch(&self, glyph: char) -> Scene {
        crate::editor::swatch::<S>(glyph)
    }
    fn certifier(&self) -> Option<Box<dyn Certify + Send>> {
        self.validate().ok().map(|g| Box::new(g) as Box<dyn Certify + Send>)
    }
    fn format(&self) -> (&'static str, &'static str) {
        S::FORMAT
    }
    fn entry(&self, par: Option<&Verdict>) -> Result<String, String> {
        let game = self.validate().map_err(|e| format!("the level is not valid: {}", e.error))?;
        S::entry(&game, &self.title, par)
    }
    fn pack_file(&self) -> &'static str {
        S::PACK_FILE
    }
    fn variant(&self) -> usize {
        S::VARIANT
    }
}

/// A game whose levels can be edited: its editor on a level, and on a blank one.
pub trait Editable {
    /// The kinds of level a blank one can be, when there are several (Sokoban: XSB or a
    /// UVa 589 maze); `blank_pad`'s `variant` is an index into them.
    const VARIANTS: &'static [&'static str] = &[];
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>>;
    /// A blank level of about that size (the shubbles box has one size, stacks boards are
    /// square).
    fn blank_pad(&self, title: &str, rows: usize, cols: usize, variant: usize) -> Option<Box<dyn Pad>>;
}

impl Editable for crate::stacks::play::StacksPlay {
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<StacksSketch>::of(title, self)))
    }
    fn blank_pad(&self, title: &str, rows: usize, cols: usize, _: usize) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<StacksSketch>::blank(title, rows, cols)))
    }
}

impl Editable for crate::vexed::Board {
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<VexedSketch>::of(title, self)))
    }
    fn blank_pad(&self, title: &str, rows: usize, cols: usize, _: usize) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<VexedSketch>::blank(title, rows, cols)))
    }
}

impl Editable for crate::shubbles::State {
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<ShubblesSketch>::of(title, self)))
    }
    fn blank_pad(&self, title: &str, rows: usize, cols: usize, _: usize) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<ShubblesSketch>::blank(title, rows, cols)))
    }
}

/// An XSB level is edited as XSB, a UVa 589 maze as a maze (`S`, `B`, `T`).
impl Editable for crate::sokoban::scene::Game {
    const VARIANTS: &'static [&'static str] = &["Sokoban (XSB)", "UVa 589 maze"];
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>> {
        Some(if self.xsb {
            Box::new(Editor::<SokobanSketch>::of(title, self))
        } else {
            Box::new(Editor::<MazeSketch>::of(title, self))
        })
    }
    fn blank_pad(&self, title: &str, rows: usize, cols: usize, variant: usize) -> Option<Box<dyn Pad>> {
        Some(if variant == 0 {
            Box::new(Editor::<SokobanSketch>::blank(title, rows, cols))
        } else {
            Box::new(Editor::<MazeSketch>::blank(title, rows, cols))
        })
    }
}

/// A certification running on another thread.
pub struct Certifying {
    pub cancel: Arc<AtomicBool>,
    /// Positions searched so far.
    pub progress: Arc<std::sync::atomic::AtomicUsize>,
    result: mpsc::Receiver<Verdict>,
    pub started: Instant,
    pub limit: Duration,
    /// The text of the level being certified.
    text: String,
}

/// The editor's state in the window.
pub struct EditMode {
    pub kind: GameKind,
    pub pad: Box<dyn Pad>,
    /// The palette's glyph painted by the left button.
    pub tool: char,
    /// The cells of the stroke being dragged, and whether it erases.
    pub stroke: Vec<(usize, usize)>,
    pub erasing: bool,
    /// While the level is tested: the game's tab as it was before (put back on return).
    pub testing: Option<Box<dyn std::any::Any>>,
    pub certifying: Option<Certifying>,
    /// The last verdict and the level text it is about (stale once the level changes).
    pub verdict: Option<(String, Verdict)>,
    /// The size asked for a new blank level, and its kind (an index into the game's
    /// [`Editable::VARIANTS`]).
    pub blank_size: (usize, usize),
    pub blank_variant: usize,
    /// The level's text when it was opened, saved or added to My levels: whether there are
    /// changes to lose.
    pub kept: String,
    /// Dropping unkept changes was asked once (asking again drops them).
    pub asked_to_drop: bool,
}

impl EditMode {
    pub fn new(kind: GameKind, pad: Box<dyn Pad>) -> Self {
        let tool = pad.tools().first().map_or(' ', |t| t.glyph);
        let blank_size = pad.size();
        let kept = pad.text();
        let blank_variant = pad.variant();
        EditMode {
            blank_variant,
            kept,
            asked_to_drop: false,
            kind,
            pad,
            tool,
            stroke: Vec::new(),
            erasing: false,
            testing: None,
            certifying: None,
            verdict: None,
            blank_size,
        }
    }

    /// Whether the level has changes that are not kept anywhere.
    pub fn unkept(&self) -> bool {
        self.pad.text() != self.kept
    }

    /// The verdict on the level as it is now (none once it was changed).
    pub fn verdict(&self) -> Option<&Verdict> {
        let text = self.pad.text();
        self.verdict.as_ref().filter(|(t, _)| *t == text).map(|(_, v)| v)
    }

    /// Starts certifying the level on another thread (nothing when it is invalid or a
    /// certification runs).
    pub fn certify(&mut self, bounds: Bounds, repaint: Box<dyn Fn() + Send>) -> Result<(), String> {
        if self.certifying.is_some() {
            return Err("a certification is running".into());
        }
        let Some(job) = self.pad.certifier() else {
            let why = self.pad.check().err().map_or(String::new(), |e| e.error.to_string());
            return Err(format!("the level is not valid: {why}"));
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let progress = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (flag, count) = (cancel.clone(), progress.clone());
        std::thread::spawn(move || {
            let _ = tx.send(job.certify(bounds, &flag, &count));
            repaint();
        });
        self.certifying = Some(Certifying {
            cancel,
            progress,
            result: rx,
            started: Instant::now(),
            limit: bounds.time,
            text: self.pad.text(),
        });
        Ok(())
    }

    /// Takes a finished certification's verdict; whether one arrived.
    pub fn poll(&mut self) -> bool {
        let Some(c) = &self.certifying else { return false };
        match c.result.try_recv() {
            Ok(v) => {
                let text = c.text.clone();
                self.certifying = None;
                self.verdict = Some((text, v));
                true
            }
            Err(mpsc::TryRecvError::Empty) => false,
            Err(mpsc::TryRecvError::Disconnected) => {
                self.certifying = None;
                true
            }
        }
    }

    pub fn cancel(&mut self) {
        if let Some(c) = &self.certifying {
            c.cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// The par a verdict gives a level (moves for the session, words for the list).
pub fn verdict_par(v: Option<&Verdict>) -> (Option<usize>, Option<String>) {
    match v {
        Some(Verdict::Par { moves, text, proven, .. }) => {
            (Some(*moves), Some(if *proven { text.clone() } else { format!("{text} (not proven)") }))
        }
        _ => (None, None),
    }
}

/// Adds `entry` to the My levels file `name` in `dir` (made if missing), atomically; the file
/// it makes.
pub fn add_to_pack(dir: &Path, name: &str, entry: &str) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(name);
    let mut text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(entry);
    crate::render::export::write_atomic(&path, |w| std::io::Write::write_all(w, text.as_bytes()))?;
    Ok(path)
}

impl TumbleApp {
    /// Opens the editor on the level on screen, or on a blank level of `blank` size.
    pub fn start_editing(&mut self, blank: Option<(usize, usize, usize)>) -> Result<(), String> {
        if self.edit.as_ref().is_some_and(|e| e.testing.is_some()) {
            self.end_test();
        }
        let pad = match blank {
            None => self.tab().edit(),
            Some((r, c, v)) => self.tab().edit_blank(r, c, v),
        };
        let pad = pad.ok_or_else(|| format!("{} has no level editor yet", self.kind.name()))?;
        self.edit = Some(EditMode::new(self.kind, pad));
        // What was said about the last level is not about this one.
        self.notice = None;
        Ok(())
    }

    /// Whether the level being edited may be dropped: nothing unkept, or asked twice (the
    /// first time says what would be lost).
    pub fn may_drop(&mut self) -> bool {
        let Some(e) = &mut self.edit else { return true };
        if !e.unkept() || e.asked_to_drop {
            return true;
        }
        e.asked_to_drop = true;
        let kind = e.kind;
        self.notify(
            "the level has changes not kept: do it again to drop them (Add to My levels or Save level as keeps them)",
            Some(kind),
        );
        false
    }

    /// Leaves the editor (its level is dropped; a test in progress ends first).
    pub fn stop_editing(&mut self) {
        self.end_test();
        if let Some(e) = &mut self.edit {
            e.cancel();
        }
        self.edit = None;
    }

    /// Plays the level being edited in its game's tab (the tab's pack is put aside).
    pub fn test_level(&mut self) -> Result<(), String> {
        let Some(e) = &self.edit else { return Err("nothing is being edited".into()) };
        if e.testing.is_some() {
            return Ok(());
        }
        if let Err(inv) = e.pad.check() {
            return Err(format!("cannot test: {}", inv.error));
        }
        let (text, title, kind) = (e.pad.text(), e.pad.title().to_string(), e.kind);
        let (par, par_text) = verdict_par(e.verdict());
        self.keep_all();
        let stash = self.tabs.get_mut(kind).test(&text, &title, par, par_text)?;
        self.kind = kind;
        if let Some(e) = &mut self.edit {
            e.testing = Some(stash);
        }
        Ok(())
    }

    /// Back from a test to the editor: the game's tab as it was.
    pub fn end_test(&mut self) {
        let Some(e) = &mut self.edit else { return };
        let Some(stash) = e.testing.take() else { return };
        let kind = e.kind;
        self.tabs.get_mut(kind).untest(stash);
        self.kind = kind;
    }

    /// Whether the editor is on screen (editing, not testing).
    pub fn editing(&self) -> bool {
        self.edit.as_ref().is_some_and(|e| e.testing.is_none())
    }

    /// Adds the level being edited to its game's My levels file (with its certified par).
    pub fn add_to_my_levels(&mut self) -> Result<PathBuf, String> {
        let dir = self.my_levels.clone().ok_or("no folder to keep My levels in (no data folder)")?;
        let e = self.edit.as_ref().ok_or("nothing is being edited")?;
        let entry = e.pad.entry(e.verdict())?;
        let path =
            add_to_pack(&dir, e.pad.pack_file(), &entry).map_err(|err| format!("cannot write My levels: {err}"))?;
        if let Some(e) = &mut self.edit {
            e.kept = e.pad.text();
        }
        Ok(path)
    }

    /// Writes the level being edited to `path` in its game's own format.
    pub fn save_level(&self, path: &Path) -> std::io::Result<()> {
        let e = self.edit.as_ref().ok_or_else(|| std::io::Error::other("nothing is being edited"))?;
        if let Err(inv) = e.pad.check() {
            return Err(std::io::Error::other(format!("the level is not valid: {}", inv.error)));
        }
        let text = e.pad.text();
        crate::render::export::write_atomic(path, |w| std::io::Write::write_all(w, text.as_bytes()))
    }

    /// The My levels files there are, per game.
    pub fn my_pack(&self, kind: GameKind) -> Option<PathBuf> {
        let file = match kind {
            GameKind::Vexed => VexedSketch::PACK_FILE,
            GameKind::Shubbles => ShubblesSketch::PACK_FILE,
            GameKind::Sokoban => SokobanSketch::PACK_FILE,
            GameKind::Stacks => StacksSketch::PACK_FILE,
        };
        let p = self.my_levels.as_ref()?.join(file);
        p.is_file().then_some(p)
    }

    /// Runs an editor command (those the editor answers itself); whether it was one.
    pub(crate) fn run_edit(&mut self, c: Command, ctx: &egui::Context) -> bool {
        let editing = self.editing();
        match c {
            Command::LeaveEditor => {
                if self.may_drop() {
                    self.stop_editing();
                }
            }
            Command::NewLevel => {
                let (r, c) = self.edit.as_ref().map_or((8, 10), |e| e.blank_size);
                let v = self.edit.as_ref().map_or(0, |e| e.blank_variant);
                if self.may_drop()
                    && let Err(err) = self.start_editing(Some((r, c, v)))
                {
                    self.notify(err, Some(self.kind));
                }
            }
            // As PuzzleScript's E: into the editor, and then between editing and playing.
            Command::Edit if self.edit.is_none() => {
                if let Err(err) = self.start_editing(None) {
                    self.notify(err, Some(self.kind));
                }
            }
            Command::Edit | Command::TestLevel => {
                let r = if self.edit.as_ref().is_some_and(|e| e.testing.is_some()) {
                    self.end_test();
                    Ok(())
                } else {
                    self.test_level()
                };
                if let Err(err) = r {
                    self.notify(err, Some(self.kind));
                }
            }
            Command::CertifyLevel => {
                let ctx = ctx.clone();
                let r = match &mut self.edit {
                    Some(e) => e.certify(self.certify_bounds, Box::new(move || ctx.request_repaint())),
                    None => Err("nothing is being edited".into()),
                };
                if let Err(err) = r {
                    self.notify(err, Some(self.kind));
                }
            }
            Command::AddToMyLevels => {
                let r = self.add_to_my_levels();
                let text = match r {
                    Ok(p) => format!("added to My levels ({})", p.display()),
                    Err(err) => err,
                };
                self.notify(text, Some(self.kind));
            }
            Command::SaveLevel => self.save_file(ctx, super::ExportKind::Level),
            Command::SaveMyLevels => self.save_file(ctx, super::ExportKind::MyLevels),
            Command::Undo if editing => {
                if let Some(e) = &mut self.edit {
                    e.pad.undo();
                }
            }
            Command::Redo if editing => {
                if let Some(e) = &mut self.edit {
                    e.pad.redo();
                }
            }
            Command::Cancel if editing => {
                if let Some(e) = &mut self.edit {
                    e.cancel();
                }
            }
            Command::Copy if editing => {
                if let Some(e) = &self.edit {
                    ctx.copy_text(e.pad.text());
                    let what = format!("copied the level {} ({})", e.pad.title(), e.pad.format().0);
                    self.notify(what, Some(self.kind));
                }
            }
            _ => return false,
        }
        true
    }
}

/// The editor's panels for one frame (in place of the game's).
pub(crate) fn edit_ui(app: &mut TumbleApp, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
    let ctx = ui.ctx().clone();
    let notice = app.notice.as_ref().filter(|n| n.tab.is_none_or(|t| t == app.kind)).map(|n| n.text.clone());
    let app_variants = app.edit.as_ref().map_or(&[][..], |e| app.tabs.get(e.kind).edit_variants());
    let max_turns = app.certify_bounds.max_turns;
    let Some(e) = &mut app.edit else { return };
    e.poll();
    let check = e.pad.check();
    let marked: Vec<(usize, usize)> = check.as_ref().err().map(|i| i.cells.clone()).unwrap_or_default();
    egui::Panel::bottom("status").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(format!("Editing · {} · {}", e.kind.name(), e.pad.title()));
            ui.separator();
            let (r, c) = e.pad.size();
            ui.label(format!("{r} × {c}"));
            if let Some(n) = notice {
                ui.separator();
                ui.label(n);
            }
        });
    });
    egui::Panel::left("palette").default_size(200.0).resizable(false).show(ui, |ui| {
        ui.heading("Palette");
        ui.small("left button paints, right button erases; drag for many cells");
        for (i, t) in e.pad.tools().iter().enumerate() {
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(egui::vec2(24.0, 24.0), egui::Sense::hover());
                paint::paint(&ui.painter_at(rect), rect, &e.pad.swatch(t.glyph));
                // The first nine have digit keys.
                let label = match i {
                    0..9 => format!("{}  {}  ({})", t.glyph, t.name, i + 1),
                    _ => format!("{}  {}", t.glyph, t.name),
                };
                if ui.selectable_label(e.tool == t.glyph, label).clicked() {
                    e.tool = t.glyph;
                }
            });
        }
        ui.separator();
        ui.label("Title");
        let mut title = e.pad.title().to_string();
        if ui.add(egui::TextEdit::singleline(&mut title).desired_width(170.0)).changed() {
            e.pad.set_title(&title);
        }
        if e.pad.resizable() {
            ui.separator();
            let (mut r, mut c) = e.pad.size();
            let changed = ui
                .horizontal(|ui| {
                    ui.label("rows");
                    let a = ui.add(egui::DragValue::new(&mut r).range(1..=crate::editor::MAX_SIDE)).changed();
                    ui.label("columns");
                    a | ui.add(egui::DragValue::new(&mut c).range(1..=crate::editor::MAX_SIDE)).changed()
                })
                .inner;
            if changed {
                e.pad.resize(r, c);
                e.blank_size = e.pad.size();
            }
        }
        ui.separator();
        let variants = app_variants;
        if variants.len() > 1 {
            for (i, v) in variants.iter().enumerate() {
                ui.radio_value(&mut e.blank_variant, i, *v);
            }
        }
        let (r, c) = e.blank_size;
        let label = match e.pad.resizable() {
            true => format!("{} ({r} × {c})", Command::NewLevel.label()),
            false => Command::NewLevel.label().to_string(),
        };
        if ui.button(label).on_hover_text(Command::NewLevel.info().tooltip).clicked() {
            commands.push(Command::NewLevel);
        }
    });
    // Digit keys pick palette entries.
    if !ctx.text_edit_focused() {
        let n = e.pad.tools().len();
        for (k, key) in [egui::Key::Num1, egui::Key::Num2, egui::Key::Num3, egui::Key::Num4, egui::Key::Num5]
            .into_iter()
            .chain([egui::Key::Num6, egui::Key::Num7, egui::Key::Num8, egui::Key::Num9])
            .enumerate()
        {
            if k < n && ctx.input(|i| i.key_pressed(key)) {
                e.tool = e.pad.tools()[k].glyph;
            }
        }
    }
    egui::CentralPanel::default_margins().show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            let b = |ui: &mut egui::Ui, c: Command, on: bool, commands: &mut Vec<Command>| {
                let tip = match c.shortcut_text(ui.ctx()) {
                    Some(s) => format!("{} ({s})", c.info().tooltip),
                    None => c.info().tooltip.to_string(),
                };
                if ui.add_enabled(on, egui::Button::new(c.label())).on_hover_text(tip).clicked() {
                    commands.push(c);
                }
            };
            let valid = check.is_ok();
            b(ui, Command::Undo, e.pad.can_undo(), commands);
            b(ui, Command::Redo, e.pad.can_redo(), commands);
            ui.separator();
            b(ui, Command::TestLevel, valid, commands);
            if let Some(c) = &e.certifying {
                ui.spinner();
                let n = c.progress.load(Ordering::Relaxed);
                if n > 0 {
                    ui.label(format!("{n} positions"));
                }
                let t = c.started.elapsed().as_secs_f32();
                ui.add(
                    egui::ProgressBar::new((t / c.limit.as_secs_f32()).min(1.0))
                        .desired_width(120.0)
                        .text(format!("{t:.1} s of {:.0} s", c.limit.as_secs_f32())),
                );
                b(ui, Command::Cancel, true, commands);
            } else {
                b(ui, Command::CertifyLevel, valid, commands);
            }
            ui.separator();
            b(ui, Command::SaveLevel, valid, commands);
            // Copy, in the editor: the level alone.
            if ui.button("Copy level").on_hover_text("The level as text in its game's own format (Ctrl+C)").clicked() {
                commands.push(Command::Copy);
            }
            b(ui, Command::AddToMyLevels, valid, commands);
            ui.separator();
            b(ui, Command::LeaveEditor, true, commands);
        });
        match &check {
            Ok(()) => {
                let green = egui::Color32::from_rgb(0x2e, 0x8b, 0x57);
                let words = match e.verdict() {
                    Some(v) => v.words(max_turns),
                    None => "valid: Test plays it, Certify finds its par".into(),
                };
                let colour = match e.verdict() {
                    Some(Verdict::Unsolvable(_)) => egui::Color32::from_rgb(0xd9, 0x2b, 0x2b),
                    Some(Verdict::Stopped(_)) => ui.visuals().warn_fg_color,
                    _ => green,
                };
                ui.colored_label(colour, words);
                if let Some(n) = e.pad.note() {
                    ui.horizontal(|ui| {
                        ui.label(n);
                        if ui.button("Settle").on_hover_text("Show the board as it plays (one undo step)").clicked() {
                            e.pad.settle();
                        }
                    });
                }
            }
            Err(inv) => {
                let red = egui::Color32::from_rgb(0xd9, 0x2b, 0x2b);
                ui.colored_label(red, format!("cannot be played or saved: {}", inv.error));
            }
        }
        let size = ui.available_size();
        let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "editor grid"));
        let tool = if e.erasing { None } else { Some(e.tool) };
        let scene = e.pad.scene(&e.stroke, tool, &marked);
        let view = paint::paint(&ui.painter_at(rect), rect, &scene);
        // A stroke: a click paints one cell; a drag paints every cell the pointer crosses,
        // from where it was pressed, as one undo step when it is let go. The right button
        // erases.
        let cell_of =
            |p: Option<egui::Pos2>| p.filter(|p| rect.contains(*p)).and_then(|p| e.pad.cell_at(view.to_scene(p)));
        let over = cell_of(ctx.input(|i| i.pointer.interact_pos().or(i.pointer.hover_pos())));
        if response.clicked() || response.secondary_clicked() {
            if let Some(cell) = over {
                let tool = if response.secondary_clicked() { None } else { Some(e.tool) };
                e.pad.stroke(&[cell], tool);
                e.asked_to_drop = false;
            }
        } else if response.dragged() {
            if e.stroke.is_empty() {
                e.erasing = response.dragged_by(egui::PointerButton::Secondary);
                if let Some(start) = cell_of(ctx.input(|i| i.pointer.press_origin())) {
                    e.stroke.push(start);
                }
            }
            // Every cell on the way since the last frame, however fast the pointer moved.
            let (pos, delta) = ctx.input(|i| (i.pointer.interact_pos(), i.pointer.delta()));
            if let Some(pos) = pos {
                let steps = (delta.length() / (view.scale * 0.25)).ceil().max(1.0) as usize;
                for k in 0..=steps {
                    let p = pos - delta * (1.0 - k as f32 / steps as f32);
                    if let Some(cell) = cell_of(Some(p))
                        && !e.stroke.contains(&cell)
                    {
                        e.stroke.push(cell);
                    }
                }
            }
        }
        if !response.dragged() && !e.stroke.is_empty() {
            let cells = std::mem::take(&mut e.stroke);
            let tool = if e.erasing { None } else { Some(e.tool) };
            e.pad.stroke(&cells, tool);
            e.asked_to_drop = false;
        }
        if let Some(cell) = over {
            response.on_hover_text_at_pointer(format!("row {}, column {}", cell.0 + 1, cell.1 + 1));
        }
    });
    if e.certifying.is_some() {
        ctx.request_repaint_after(Duration::from_millis(100));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_certified_sokoban_par_gives_the_session_its_moves_and_the_list_its_pushes_and_moves() {
        // The pushing-boxes sample maze 1 by hand: the box goes right three times.
        let maze = crate::sokoban::format::parse_judge("1 5\nSB..T\n0 0\n").unwrap().remove(0);
        let game = crate::sokoban::scene::Game::new(maze, false);
        let v = game.certify(Bounds::default(), &AtomicBool::new(false), &std::sync::atomic::AtomicUsize::new(0));
        assert_eq!(verdict_par(Some(&v)), (Some(3), Some("3 pushes, 3 moves".to_string())));
        let ed = Editor::<MazeSketch>::of("t", &game);
        assert_eq!(
            Pad::entry(&ed, Some(&v)).unwrap(),
            "; t\n\n#######\n#@$--.#\n#######\nPar: 3 pushes, 3 moves (proven optimal)\n\n"
        );
        // And the XSB parser reads that par back.
        let back = crate::sokoban::xsb::parse_any(&Pad::entry(&ed, Some(&v)).unwrap()).unwrap();
        assert_eq!(back[0].par.as_deref(), Some("3 pushes, 3 moves (proven optimal)"));
    }

    #[test]
    fn a_certification_runs_on_its_own_thread_and_cancel_stops_it() {
        // An open 14 × 14 room with eight boxes: more than a moment's search for the exact
        // push-optimal solver.
        let mut rows = vec!["#".repeat(16)];
        for r in 0..14 {
            let mut row: Vec<char> = std::iter::repeat_n('-', 14).collect();
            if r % 3 == 1 {
                for c in [3, 6, 9, 12] {
                    row[c] = if r < 7 { '$' } else { '.' };
                }
            }
            rows.push(format!("#{}#", row.iter().collect::<String>()));
        }
        rows.push("#".repeat(16));
        rows[14].replace_range(1..2, "@");
        let game = <crate::sokoban::scene::Game as crate::save::Replay>::from_level(&(rows.join("\n") + "\n"), false)
            .expect("a room");
        let mut e = EditMode::new(GameKind::Sokoban, Box::new(Editor::<SokobanSketch>::of("t", &game)));
        let bounds = Bounds { time: Duration::from_secs(60), ..Bounds::default() };
        e.certify(bounds, Box::new(|| {})).unwrap();
        assert!(e.certify(bounds, Box::new(|| {})).is_err(), "one at a time");
        std::thread::sleep(Duration::from_millis(200));
        e.cancel();
        let started = Instant::now();
        while !e.poll() {
            assert!(started.elapsed() < Duration::from_secs(10), "cancel was not heard");
            std::thread::sleep(Duration::from_millis(10));
        }
        match e.verdict() {
            Some(Verdict::Stopped(why)) => assert!(why.starts_with("cancel"), "{why}"),
            v => panic!("{v:?}"),
        }
    }
}
