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
//!
//! One file per game (`vexed`, `shubbles`, `sokoban`, `stacks`) holds its `Editable` and its
//! sketches' `Pack`s; `panel` is the editor's part of the window (the app's state and its
//! panels); this file the traits and the editor's state.

#[cfg(test)]
mod lights;
mod panel;
mod shubbles;
mod sokoban;
mod stacks;
mod vexed;

pub(crate) use panel::edit_ui;

use super::GameKind;
use crate::certify::{Bounds, Certify, Verdict};
use crate::clock::Instant;
use crate::editor::{Editor, Invalid, Sketch, Tool};
use crate::scene::Scene;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// A level being edited, whatever its game: what the window asks of an [`Editor`].
pub trait Pad: Send {
    fn tools(&self) -> &'static [Tool];
    fn resizable(&self) -> bool;
    /// The board is always square: one size field, not rows and columns.
    fn square(&self) -> bool;
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
    /// The level without its title: what a certificate is about (a new title keeps the par).
    fn board_text(&self) -> String;
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
    /// A cell's name as the game's messages give it (the certifier's among them).
    fn cell_name(&self, cell: (usize, usize)) -> String;
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
pub(crate) fn one_line(title: &str, banned: &[char]) -> String {
    let t: String = title.chars().map(|c| if c.is_control() || banned.contains(&c) { ' ' } else { c }).collect();
    let t = t.trim();
    if t.is_empty() { "My level".to_string() } else { t.to_string() }
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
    fn square(&self) -> bool {
        S::SQUARE
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
    fn board_text(&self) -> String {
        S::text(self.grid(), "")
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
    fn cell_name(&self, cell: (usize, usize)) -> String {
        S::cell_name(cell.0, cell.1)
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
        let game = self.validate().map_err(|e| format!("the level is not valid: {e}"))?;
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
    /// The game's My levels file in the data folder (its sketches' [`Pack::PACK_FILE`]).
    const PACK_FILE: &'static str;
    /// Whether My levels' entries carry a title to rename (stacks boards have none).
    const TITLED: bool = true;
    /// The entries of a My levels file's text, each with its line end(s), told apart by the
    /// shape the editor writes: a line each, unless the game's entries are blocks.
    fn mine_entries(text: &str) -> Vec<String> {
        text.lines().filter(|l| !l.trim().is_empty()).map(|l| format!("{l}\n")).collect()
    }
    /// An entry renamed: the title in the place its format keeps it.
    fn mine_renamed(entry: &str, title: &str) -> Result<String, String>;
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>>;
    /// A blank level of about that size (the shubbles box has one size, stacks boards are
    /// square).
    fn blank_pad(&self, title: &str, rows: usize, cols: usize, variant: usize) -> Option<Box<dyn Pad>>;
}

/// Something the editor does with a game's type, chosen by its kind ([`visit`]).
pub trait VisitEditable {
    type Out;
    fn visit<E: Editable + crate::app::play::Playable>(self) -> Self::Out;
}

macro_rules! declare_visit {
    ($($(#[$attr:meta])* $kind:ident $field:ident = $key:literal, $name:literal, $ty:ty;)*) => {
        /// Does `v` with a game's type (the editor's dispatch on a game's kind).
        pub fn visit<V: VisitEditable>(kind: GameKind, v: V) -> V::Out {
            match kind {
                $($(#[$attr])* GameKind::$kind => v.visit::<$ty>(),)*
            }
        }
    };
}

crate::each_game!(declare_visit);

/// A certification running on another thread.
pub struct Certifying {
    pub cancel: Arc<AtomicBool>,
    /// Positions searched so far.
    pub progress: Arc<crate::meter::Meter>,
    result: mpsc::Receiver<Verdict>,
    pub started: Instant,
    pub limit: Duration,
    /// The level being certified, without its title.
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
    /// The level's text as last seen, and when it last changed (a message sequence number):
    /// what was said before a change is stale.
    seen: String,
    pub changed: u64,
}

impl EditMode {
    /// Notes a change of the level (a stroke, an undo, a resize…): the words said before it
    /// go stale, and a second ask to drop the changes is needed again.
    pub fn note_changes(&mut self) {
        let text = self.pad.text();
        if text != self.seen {
            self.seen = text;
            self.changed = crate::app::session::next_seq();
            self.asked_to_drop = false;
        }
    }

    pub fn new(kind: GameKind, pad: Box<dyn Pad>) -> Self {
        let tool = pad.tools().first().map_or(' ', |t| t.glyph);
        let blank_size = pad.size();
        let kept = pad.text();
        let blank_variant = pad.variant();
        EditMode {
            blank_variant,
            seen: kept.clone(),
            changed: 0,
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

    /// The verdict on the level as it is now (none once its board was changed; a new title
    /// keeps it).
    pub fn verdict(&self) -> Option<&Verdict> {
        let text = self.pad.board_text();
        self.verdict.as_ref().filter(|(t, _)| *t == text).map(|(_, v)| v)
    }

    /// Starts certifying the level on another thread (nothing when it is invalid or a
    /// certification runs).
    pub fn certify(&mut self, bounds: Bounds, repaint: Box<dyn Fn() + Send>) -> Result<(), String> {
        if self.certifying.is_some() {
            return Err("a certification is running".into());
        }
        let Some(job) = self.pad.certifier() else {
            let why = self.pad.check().err().map_or(String::new(), |e| e.to_string());
            return Err(format!("the level is not valid: {why}"));
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let progress = Arc::new(crate::meter::Meter::new());
        let (flag, count) = (cancel.clone(), progress.clone());
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::spawn(move || {
            let _ = tx.send(job.certify(bounds, &flag, &count));
            repaint();
        });
        // A web page: in a worker, from the level's text (Cancel ends it).
        #[cfg(target_arch = "wasm32")]
        {
            drop(job);
            let request = crate::app::work::certify_request(&self.pad.text(), bounds);
            let done: Box<dyn FnOnce(Result<String, String>)> =
                Box::new(move |r| drop(tx.send(crate::app::work::verdict_of(r))));
            crate::app::web::elsewhere(
                request,
                flag,
                Box::new(move |n| count.store(n, std::sync::atomic::Ordering::Relaxed)),
                done,
                repaint,
            );
        }
        self.certifying = Some(Certifying {
            cancel,
            progress,
            result: rx,
            started: Instant::now(),
            limit: bounds.time,
            text: self.pad.board_text(),
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
    // The same entry (level, title and par) twice is one entry: Add again changes nothing.
    if holds_entry(&text, entry) {
        return Err(std::io::Error::new(std::io::ErrorKind::AlreadyExists, "this level is already in My levels"));
    }
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(entry);
    crate::render::export::write_atomic(&path, |w| std::io::Write::write_all(w, text.as_bytes()))?;
    Ok(path)
}

/// Whether a pack's text holds `entry` whole, starting at a line's start.
fn holds_entry(text: &str, entry: &str) -> bool {
    let entry = entry.trim_end_matches('\n');
    !entry.is_empty()
        && text.match_indices(entry).any(|(i, _)| {
            let starts_line = i == 0 || text[..i].ends_with('\n');
            let after = &text[i + entry.len()..];
            starts_line && (after.is_empty() || after.starts_with('\n'))
        })
}

pub mod mine;

#[cfg(test)]
mod tests;
