//! The desktop app (eframe): a level browser, the board drawn from the same scene as the
//! exporter, play with mouse and keys, the rule debugger, the solver on a background thread,
//! export, and progress that persists. Only this module imports eframe and egui.

pub mod command;
pub mod edit;
pub mod help;
pub mod paint;
pub mod play;
pub mod progress;
pub mod session;

use crate::anim::Pacing;
use crate::render::frames::{GifMode, export_gif, export_png};
use crate::shubbles;
use crate::sokoban;
use crate::vexed::{self, Board};
use play::{Playable, StacksPlay};
pub use progress::{LevelKey, Progress, Record};
use session::Session;
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};

/// The four games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    Vexed,
    Shubbles,
    Sokoban,
    Stacks,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [GameKind::Vexed, GameKind::Shubbles, GameKind::Sokoban, GameKind::Stacks];
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Vexed => "Vexed",
            GameKind::Shubbles => "Shubbles box",
            GameKind::Sokoban => "Pushing boxes",
            GameKind::Stacks => "Stacks",
        }
    }
    pub(crate) fn key(self) -> &'static str {
        match self {
            GameKind::Vexed => "vexed",
            GameKind::Shubbles => "shubbles",
            GameKind::Sokoban => "sokoban",
            GameKind::Stacks => "stacks",
        }
    }
    pub(crate) fn from_key(s: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.key() == s)
    }
}

/// A level as the browser lists it.
#[derive(Clone)]
pub struct Level<P> {
    pub title: String,
    pub start: P,
    pub par: Option<usize>,
    /// [`progress::content_hash`] of the start's text: with the game and the pack, what
    /// progress is stored under.
    pub content: u64,
    /// The par in words where a number says too little (pushing boxes: pushes and moves).
    pub par_text: Option<String>,
    /// What the level list says of it beside its title and par (a Sokoban level: its boxes).
    pub note: Option<String>,
}

impl<P: Playable> Level<P> {
    pub fn new(title: impl Into<String>, start: P, par: Option<usize>) -> Level<P> {
        let content = progress::content_hash(&start.key_text());
        Level { title: title.into(), start, par, content, par_text: None, note: None }
    }
}

/// One game's pack and the level being played.
pub struct Tab<P: Playable> {
    pub pack: String,
    pub levels: Vec<Level<P>>,
    pub index: usize,
    pub session: Session<P>,
    /// The session of the level just left (its content hash and save text), for the app to
    /// keep.
    left: Option<(u64, String)>,
}

impl<P: Playable + Clone> Tab<P> {
    fn new(pack: impl Into<String>, levels: Vec<Level<P>>) -> Self {
        let l = &levels[0];
        let session = Session::new(l.title.clone(), l.start.clone(), l.par);
        Tab { pack: pack.into(), levels, index: 0, session, left: None }
    }

    pub fn open(&mut self, index: usize) {
        if self.levels.get(index).is_some() {
            self.left = self.kept();
        }
        if let Some(l) = self.levels.get(index) {
            self.session.cancel_solver();
            self.index = index;
            self.session = Session::new(l.title.clone(), l.start.clone(), l.par);
        }
    }
}

impl<P: Playable + Clone> Tab<P> {
    /// The session on screen as a save, if anything was played (its level's content hash).
    fn kept(&self) -> Option<(u64, String)> {
        let l = self.levels.get(self.index)?;
        (!self.session.history.is_empty()).then(|| (l.content, self.session.to_save(&self.pack).write()))
    }
}

/// An export to run on another thread (see [`GameTab::export_job`]).
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

pub const STORAGE_KEY: &str = "tumblebox-progress";

/// One game's tab as the app sees it, whatever the game (the role Tatham's `struct game`
/// plays for his midend): the app reaches a tab through [`Tabs::get`] and [`Tabs::get_mut`],
/// and everything else (panels, menus, commands, progress, export) is written once against
/// this trait. Adding a game is a `Playable` implementation, a field of [`Tabs`] and a line
/// in those two functions.
pub(crate) trait GameTab {
    fn index(&self) -> usize;
    fn level_count(&self) -> usize;
    /// Opens level `i` of the pack (a fresh session).
    fn open(&mut self, i: usize);
    fn pack(&self) -> &str;
    /// The content hash of level `i` (what its progress is stored under, with game and pack).
    fn content(&self, i: usize) -> Option<u64>;
    fn title(&self) -> &str;
    /// Moves since the last restart.
    fn moves(&self) -> usize;
    /// The timeline's selected range as moves since the last restart (from 1, inclusive), when
    /// it lies within them.
    fn selected_moves(&self) -> Option<(usize, usize)>;
    /// The scene on screen.
    fn scene(&self) -> crate::scene::Scene;
    /// Exports the moves since the last restart (GIF) or the position on screen (PNG).
    fn export(&self, path: &Path, kind: ExportKind) -> std::io::Result<()>;
    /// The game as a save file's text.
    fn save_text(&self) -> String;
    /// An export of the moves since the last restart (and the position on screen, for a PNG)
    /// as asked, to run on another thread: it renders, calls `tick(frames)` for every frame
    /// (returning `false` cancels, leaving no file) and commits the files.
    fn export_job(&self, req: crate::render::frames::Request) -> ExportJob;
    /// The animation a request would make: frames and seconds (or why it would be refused).
    fn export_plan(&self, req: &crate::render::frames::Request) -> Result<(usize, f32), String>;
    /// Replays a line of moves in the game's notation from the position on screen (a paste);
    /// the moves before a bad one stay made.
    fn replay(&mut self, moves: &str) -> Result<(), String>;
    /// The level and the moves since the last restart, as text in the game's own format (what
    /// Copy puts on the clipboard and Paste reads back).
    fn copy_text(&self) -> String;
    /// The same as a one-line game ID (Copy link).
    fn game_id(&self) -> String;
    /// Opens a save file: its level in this tab (the level of the pack on screen with the same
    /// content, or a one-level pack named `file`) with its whole history.
    fn load(&mut self, save: &crate::save::Save, file: &str) -> Result<(), crate::error::ParseError>;
    /// The level done: the moves and whether they were the player's own.
    fn finished(&self) -> Option<(usize, bool)>;
    /// The moves since the last restart as one line in the game's notation.
    fn solution_line(&self) -> String;
    /// Plays a line of moves from the level's start after a restart (a best solution):
    /// animated, or at once.
    fn play_line(&mut self, line: &str, animate: bool) -> Result<(), String>;
    /// A save file of the level on screen played by `line` from its start (the best run).
    fn line_save(&self, line: &str) -> Result<String, String>;
    /// A kept session's save, if its run at the cursor solves its level by the player's own
    /// moves: the level's content hash, the moves and their line (progress's migration).
    fn solved_by(&self, save: &crate::save::Save) -> Option<(u64, usize, String)>;
    /// A search runs.
    fn busy(&self) -> bool;
    fn can_undo(&self) -> bool;
    fn can_redo(&self) -> bool;
    fn undo(&mut self);
    fn redo(&mut self);
    fn restart(&mut self);
    /// Starts the solver (or the hint), unless one runs.
    fn solve(&mut self, hint_only: bool, repaint: Box<dyn Fn() + Send + 'static>);
    fn cancel(&mut self);
    /// A debugger command on the timeline: play or pause, a step or a move back or on, the
    /// start or the end.
    fn timeline(&mut self, c: command::Command, animate: bool);
    /// The session of a level just left, once (content hash, save text).
    fn take_left(&mut self) -> Option<(u64, String)>;
    /// The session on screen, if anything was played.
    fn kept(&self) -> Option<(u64, String)>;
    /// Nothing played yet on the level on screen.
    fn fresh(&self) -> bool;
    /// The tab's panels for one frame.
    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut ui::Shared<'_>) -> ui::Asked;
    /// The editor on the level on screen (its start), if the game has one.
    fn edit(&self) -> Option<Box<dyn edit::Pad>>;
    /// The editor on a blank level of about that size.
    fn edit_blank(&self, rows: usize, cols: usize, variant: usize) -> Option<Box<dyn edit::Pad>>;
    /// The kinds of blank level the game has ([`edit::Editable::VARIANTS`]).
    fn edit_variants(&self) -> &'static [&'static str];
    /// Plays a level's text as a pack of one (with its par): the tab as it was, to put back.
    fn test(
        &mut self,
        text: &str,
        title: &str,
        par: Option<usize>,
        par_text: Option<String>,
    ) -> Result<Box<dyn std::any::Any>, String>;
    /// Puts back the tab [`GameTab::test`] set aside.
    fn untest(&mut self, stash: Box<dyn std::any::Any>);
}

impl<P: Playable + Clone + edit::Editable> GameTab for Tab<P> {
    fn edit(&self) -> Option<Box<dyn edit::Pad>> {
        let title = self.levels.get(self.index).map_or("My level", |l| l.title.as_str());
        let title = if title.ends_with("(edited)") { title.to_string() } else { format!("{title} (edited)") };
        self.session.start.pad(&title)
    }

    fn edit_blank(&self, rows: usize, cols: usize, variant: usize) -> Option<Box<dyn edit::Pad>> {
        self.session.start.blank_pad("My level", rows, cols, variant)
    }

    fn edit_variants(&self) -> &'static [&'static str] {
        P::VARIANTS
    }

    fn test(
        &mut self,
        text: &str,
        title: &str,
        par: Option<usize>,
        par_text: Option<String>,
    ) -> Result<Box<dyn std::any::Any>, String> {
        let start = P::from_level(text, self.session.start.bottom_only().unwrap_or(false))
            .map_err(|e| format!("cannot test: {e}"))?;
        let mut level = Level::new(title, start, par);
        level.par_text = par_text;
        let tested = Tab::new("Testing", vec![level]);
        Ok(Box::new(std::mem::replace(self, tested)))
    }

    fn untest(&mut self, stash: Box<dyn std::any::Any>) {
        if let Ok(tab) = stash.downcast::<Tab<P>>() {
            self.session.cancel_solver();
            *self = *tab;
        }
    }

    fn index(&self) -> usize {
        self.index
    }
    fn level_count(&self) -> usize {
        self.levels.len()
    }
    fn open(&mut self, i: usize) {
        Tab::open(self, i)
    }
    fn pack(&self) -> &str {
        &self.pack
    }
    fn content(&self, i: usize) -> Option<u64> {
        self.levels.get(i).map(|l| l.content)
    }
    fn title(&self) -> &str {
        &self.session.title
    }
    fn moves(&self) -> usize {
        self.session.moves()
    }
    fn selected_moves(&self) -> Option<(usize, usize)> {
        let s = &self.session;
        let (a, b) = s.range?;
        let run_start = s.cursor - s.moves();
        (a >= run_start && b <= s.cursor && a < b).then(|| (a - run_start + 1, b - run_start))
    }
    fn scene(&self) -> crate::scene::Scene {
        self.session.scene()
    }
    fn export(&self, path: &Path, kind: ExportKind) -> std::io::Result<()> {
        let s = &self.session;
        let size = (480, 480);
        if kind == ExportKind::Save {
            let text = self.save_text();
            return crate::render::export::write_atomic(path, |w| std::io::Write::write_all(w, text.as_bytes()));
        }
        if kind == ExportKind::Png {
            return export_png(path, s.current(), size);
        }
        let (start, _, steps) = s.run();
        let mode = if kind == ExportKind::GifSmooth { GifMode::Smooth } else { GifMode::Stepwise };
        export_gif(path, &start, &steps, mode, Pacing::default(), size)
    }
    fn save_text(&self) -> String {
        self.session.to_save(&self.pack).write()
    }
    fn export_job(&self, req: crate::render::frames::Request) -> ExportJob {
        let (start, texts, steps) = self.session.run();
        let shown = self.session.current().clone();
        Box::new(move |tick| {
            let staged = crate::render::frames::stage_request(
                &req,
                &start,
                || steps.iter().map(|s| s.as_slice()),
                &shown,
                Pacing::default(),
                &|| texts.clone(),
                tick,
            )?;
            for f in staged {
                f.commit().map_err(|e| crate::render::frames::ExportError::Bad(format!("cannot write: {e}")))?;
            }
            Ok(())
        })
    }
    fn export_plan(&self, req: &crate::render::frames::Request) -> Result<(usize, f32), String> {
        let (start, _, steps) = self.session.run();
        let plan = req.plan(&start, || steps.iter().map(|s| s.as_slice()), Pacing::default()).map_err(|e| match e {
            crate::render::frames::ExportError::Limit(m) | crate::render::frames::ExportError::Bad(m) => m,
            crate::render::frames::ExportError::Cancelled => "cancelled".into(),
        })?;
        // Seconds: the frames' delays, as the file will hold them.
        let mut cs = 0u64;
        let moves = steps.iter().map(|s| s.as_slice()).skip(plan.skip).take(plan.take);
        let _ = crate::render::frames::walk(&plan.first, moves, plan.mode, plan.pacing, &mut |_, d| {
            cs += d as u64;
            Ok(())
        });
        Ok((plan.frames, cs as f32 / 100.0 + req.hold))
    }
    fn replay(&mut self, moves: &str) -> Result<(), String> {
        for (k, text) in P::split_moves(moves)?.iter().enumerate() {
            let here = self.session.current().clone();
            let mv = here.parse_move(text).map_err(|e| format!("move {} {text}: {e}", k + 1))?;
            self.session.make(&mv, true).map_err(|e| format!("move {} {text}: {e}", k + 1))?;
        }
        Ok(())
    }
    fn copy_text(&self) -> String {
        let (start, texts, _) = self.session.run();
        crate::save::copy_text(&start, &self.session.title, &texts)
    }
    fn game_id(&self) -> String {
        let (start, texts, _) = self.session.run();
        crate::save::GameId::of(&start, &self.session.title, &texts).to_string()
    }
    fn load(&mut self, save: &crate::save::Save, file: &str) -> Result<(), crate::error::ParseError> {
        let session = Session::<P>::from_save(save)?;
        let content = progress::content_hash(&session.start.key_text());
        match self.levels.iter().position(|l| l.content == content) {
            Some(i) if self.pack == save.pack => {
                self.open(i);
            }
            _ => {
                *self = Tab::new(file, vec![Level::new(save.title.clone(), session.start.clone(), save.par)]);
            }
        }
        self.session = session;
        Ok(())
    }
    fn finished(&self) -> Option<(usize, bool)> {
        let s = &self.session;
        (s.current().solved() && !s.animating() && s.queue.is_empty() && s.moves() > 0)
            .then(|| (s.moves(), s.by_player()))
    }
    fn solution_line(&self) -> String {
        let (start, texts, _) = self.session.run();
        crate::save::moves_line_of(&start, &self.session.title, &texts)
    }
    fn play_line(&mut self, line: &str, animate: bool) -> Result<(), String> {
        self.session.play_line(line, animate)
    }
    fn line_save(&self, line: &str) -> Result<String, String> {
        let l = self.levels.get(self.index).ok_or("no level")?;
        let mut s = Session::new(l.title.clone(), l.start.clone(), l.par);
        s.play_line(line, false)?;
        Ok(s.to_save(&self.pack).write())
    }
    fn solved_by(&self, save: &crate::save::Save) -> Option<(u64, usize, String)> {
        let s = Session::<P>::from_save(save).ok()?;
        if !(s.current().solved() && s.moves() > 0 && s.by_player()) {
            return None;
        }
        let (start, texts, _) = s.run();
        let content = progress::content_hash(&s.start.key_text());
        Some((content, texts.len(), crate::save::moves_line_of(&start, &s.title, &texts)))
    }
    fn busy(&self) -> bool {
        self.session.solver.is_some()
    }
    fn can_undo(&self) -> bool {
        self.session.cursor > 0
    }
    fn can_redo(&self) -> bool {
        self.session.cursor < self.session.history.len()
    }
    fn undo(&mut self) {
        self.session.undo()
    }
    fn redo(&mut self) {
        self.session.redo()
    }
    fn restart(&mut self) {
        self.session.restart()
    }
    fn solve(&mut self, hint_only: bool, repaint: Box<dyn Fn() + Send + 'static>) {
        if self.session.solver.is_none() {
            self.session.start_solver(hint_only, repaint);
        }
    }
    fn cancel(&mut self) {
        self.session.cancel_solver()
    }
    fn timeline(&mut self, c: command::Command, animate: bool) {
        use command::Command::*;
        let s = &mut self.session;
        match c {
            PlayPause if s.is_playing() => s.pause(),
            PlayPause => s.play(),
            StepBack => s.step_back(),
            StepForward => s.step_forward(),
            MoveBack => s.step_move_back(),
            MoveForward => s.step_move_forward(animate),
            TimelineStart => s.jump(0),
            TimelineEnd => s.jump(s.history.len()),
            _ => {}
        }
    }
    fn take_left(&mut self) -> Option<(u64, String)> {
        self.left.take()
    }
    fn kept(&self) -> Option<(u64, String)> {
        Tab::kept(self)
    }
    fn fresh(&self) -> bool {
        self.session.history.is_empty()
    }
    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut ui::Shared<'_>) -> ui::Asked {
        ui::game_ui(ui, self, shared)
    }
}

mod ui;

/// A message of the app's own (not a game's), with when it was said and the tab it is about
/// (`None`: wherever the player is).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub seq: u64,
    pub tab: Option<GameKind>,
}

/// Messages from dialog threads.
enum Dialog {
    Open(PathBuf),
    Save(PathBuf, ExportKind),
    /// No file dialog could be shown (for a save: the file name and what to export).
    Unavailable(Option<(String, ExportKind)>),
}

/// A dialog that came back empty this fast was never shown: nobody cancels a real one in a
/// fifth of a second. (rfd says only "nothing picked" when neither the desktop portal nor
/// zenity is there.)
fn no_dialog(asked: std::time::Instant) -> bool {
    asked.elapsed() < std::time::Duration::from_millis(200)
}

/// The four games' tabs.
pub struct Tabs {
    pub vexed: Tab<Board>,
    pub shubbles: Tab<shubbles::State>,
    pub sokoban: Tab<sokoban::scene::Game>,
    pub stacks: Tab<StacksPlay>,
}

impl Tabs {
    /// A game's tab's move count since the last restart and its level's title (for tests).
    pub fn get_title(&self, kind: GameKind) -> (usize, String) {
        let t = self.get(kind);
        (t.moves(), t.title().to_string())
    }

    /// A game's tab. With [`Tabs::get_mut`], the only place that switches on the game: the
    /// rest of the app is written against [`GameTab`].
    pub(crate) fn get(&self, kind: GameKind) -> &dyn GameTab {
        match kind {
            GameKind::Vexed => &self.vexed,
            GameKind::Shubbles => &self.shubbles,
            GameKind::Sokoban => &self.sokoban,
            GameKind::Stacks => &self.stacks,
        }
    }

    pub(crate) fn get_mut(&mut self, kind: GameKind) -> &mut dyn GameTab {
        match kind {
            GameKind::Vexed => &mut self.vexed,
            GameKind::Shubbles => &mut self.shubbles,
            GameKind::Sokoban => &mut self.sokoban,
            GameKind::Stacks => &mut self.stacks,
        }
    }
}

pub struct TumbleApp {
    pub kind: GameKind,
    pub tabs: Tabs,
    /// Animation speed multiplier (0.25 to 4).
    pub speed: f32,
    /// Skip animations.
    pub instant: bool,
    /// The side panels hidden (View › Level list, View › Rule debugger): room for the board in
    /// a small window.
    pub hide_levels: bool,
    pub hide_debugger: bool,
    pub progress: Progress,
    /// The app's newest notice (files opened, exports, stored progress), and its tab.
    pub notice: Option<Notice>,
    dialogs: (mpsc::Sender<Dialog>, mpsc::Receiver<Dialog>),
    drag_start: Option<[f32; 2]>,
    /// The level changed by key: scroll the list to it.
    scroll_to_current: bool,
    /// The help window is open.
    pub help_open: bool,
    /// The command palette, when open: what is typed and the highlighted line.
    pub palette: Option<(String, usize)>,
    /// The last session of every level played (key: game, pack, content), newest last, as
    /// save files: reopening a level offers to continue it.
    pub sessions: Vec<(String, String)>,
    /// The level on screen when the last frame ended (to notice a level opened).
    shown: Option<String>,
    /// A kept session the player may continue (its key), offered above the board.
    pub offer: Option<String>,
    /// The kept sessions changed since they were stored.
    sessions_dirty: bool,
    /// The export panel's choices.
    pub export: ExportPanel,
    /// The export running in the background, if any.
    pub running: Option<RunningExport>,
    /// The export panel's last plan (frames, seconds) and what it was for.
    plan_cache: Option<(String, ExportPlan)>,
    /// The level editor, when it is open (`E`).
    pub edit: Option<edit::EditMode>,
    /// Where My levels are kept (one file per game); `None`: nowhere (no data folder).
    pub my_levels: Option<PathBuf>,
    /// How far the editor's Certify may go.
    pub certify_bounds: crate::certify::Bounds,
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
fn slug(title: &str) -> String {
    slug_by(title, '-')
}

/// The name of the pack of levels made in the editor.
pub const MY_LEVELS: &str = "My levels";

/// How many levels' last sessions are kept.
pub const KEPT_SESSIONS: usize = 200;

/// The storage key of the kept sessions.
pub const SESSIONS_KEY: &str = "tumblebox-sessions";

fn builtin_vexed() -> Vec<Level<Board>> {
    crate::levels::vexed().into_iter().map(|(title, b, par)| Level::new(title, b.settle().0, Some(par))).collect()
}

fn builtin_shubbles() -> Vec<Level<shubbles::State>> {
    crate::levels::shubbles().into_iter().map(|l| Level::new(l.title, l.state, l.par)).collect()
}

/// Sokoban levels of an XSB collection: no par until a solver certifies one.
fn xsb_levels(levels: Vec<sokoban::xsb::XsbLevel>) -> Vec<Level<sokoban::scene::Game>> {
    levels
        .into_iter()
        .map(|l| {
            let boxes = l.maze.start.boxes.len();
            // A `Par:` line (the editor's certified par): its moves are the session's par.
            let moves = l.par.as_deref().and_then(|p| {
                let words: Vec<&str> = p.split([' ', ',']).filter(|w| !w.is_empty()).collect();
                words.windows(2).find(|w| w[1] == "moves").and_then(|w| w[0].parse().ok())
            });
            let mut level = Level::new(l.title, sokoban::scene::Game::new(l.maze, true), moves);
            level.par_text = l.par;
            level.note = Some(format!("{boxes} box{}", if boxes == 1 { "" } else { "es" }));
            level
        })
        .collect()
}

fn sokoban_levels(mazes: Vec<sokoban::format::Maze>) -> Vec<Level<sokoban::scene::Game>> {
    mazes
        .into_iter()
        .enumerate()
        .map(|(i, m)| {
            let sol = sokoban::solve::solve(&m);
            let par = sol.as_ref().map(|s| s.moves.len());
            let game = sokoban::scene::Game::new(m, false);
            let mut l = Level::new(format!("Maze {}", i + 1), game, par);
            l.par_text = Some(match sol {
                Some(s) => format!("{} pushes, {} moves", s.pushes, s.moves.len()),
                None => "impossible".into(),
            });
            l
        })
        .collect()
}

fn stacks_levels(games: Vec<crate::stacks::Game>) -> Vec<Level<StacksPlay>> {
    games
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            let end = g.ending_turn(1000);
            let title = match end {
                Some(t) => format!("Board {} (ends in turn {t})", i + 1),
                None => format!("Board {} (never ends: -1)", i + 1),
            };
            Level::new(title, StacksPlay { game: g, next: 0, turn: 1 }, None)
        })
        .collect()
}

impl Default for TumbleApp {
    fn default() -> Self {
        TumbleApp {
            kind: GameKind::Vexed,
            tabs: Tabs {
                vexed: Tab::new("Built-in", builtin_vexed()),
                shubbles: Tab::new("Built-in", builtin_shubbles()),
                sokoban: Tab::new("Built-in", sokoban_levels(crate::levels::sokoban())),
                stacks: Tab::new("Built-in", stacks_levels(crate::levels::stacks())),
            },
            speed: 1.0,
            instant: false,
            hide_levels: false,
            hide_debugger: false,
            progress: Progress::default(),
            notice: None,
            dialogs: mpsc::channel(),
            drag_start: None,
            scroll_to_current: false,
            help_open: false,
            palette: None,
            sessions: Vec::new(),
            shown: None,
            offer: None,
            sessions_dirty: false,
            export: ExportPanel::default(),
            running: None,
            plan_cache: None,
            edit: None,
            my_levels: None,
            certify_bounds: crate::certify::Bounds::default(),
        }
    }
}

impl TumbleApp {
    pub fn new(cc: &eframe::CreationContext<'_>) -> Self {
        let mut app = TumbleApp {
            my_levels: eframe::storage_dir("tumblebox").map(|d| d.join("my-levels")),
            ..TumbleApp::default()
        };
        if let Some(text) = cc.storage.and_then(|s| s.get_string(STORAGE_KEY)) {
            app.restore(&text);
        }
        if let Some(text) = cc.storage.and_then(|s| s.get_string(SESSIONS_KEY)) {
            app.restore_sessions(&text);
        }
        app.adopt_sessions();
        app
    }

    /// Says something in the status bar (the newest message wins).
    pub fn notify(&mut self, text: impl Into<String>, tab: Option<GameKind>) {
        self.notice = Some(Notice { text: text.into(), seq: session::next_seq(), tab });
    }

    /// Restores saved progress; a damaged store is ignored with a message.
    pub fn restore(&mut self, text: &str) {
        match Progress::from_text(text) {
            Ok(p) => {
                self.speed = p.speed;
                self.instant = p.instant;
                self.progress = p;
                // Each game's pack as it was left; a file that is gone is forgotten, said aloud.
                for (g, file) in self.progress.packs.clone() {
                    if let Err(e) = self.open_file(&file) {
                        self.progress.forget_file(&file);
                        self.notify(format!("{e} (it was {}'s pack; the built-in levels are back)", g.name()), None);
                    }
                }
                self.kind = GameKind::Vexed;
                if let Some((g, i)) = self.progress.last {
                    self.kind = g;
                    self.tab_mut().open(i);
                }
                self.progress.take_dirty();
            }
            Err(e) => self.notify(e, None),
        }
    }

    fn session_key(&self, kind: GameKind, content: u64) -> String {
        format!("{}|{}|{content:016x}", kind.key(), self.tabs.get(kind).pack())
    }

    /// Keeps a level's last session (newest last, at most [`KEPT_SESSIONS`]).
    fn keep(&mut self, kind: GameKind, content: u64, text: String) {
        let key = self.session_key(kind, content);
        self.sessions.retain(|(k, _)| *k != key);
        self.sessions.push((key, text));
        let over = self.sessions.len().saturating_sub(KEPT_SESSIONS);
        self.sessions.drain(..over);
        self.sessions_dirty = true;
    }

    /// Keeps every tab's session on screen (before a tab is replaced, and on exit).
    pub fn keep_all(&mut self) {
        for kind in GameKind::ALL {
            if let Some((content, text)) = self.tabs.get(kind).kept() {
                self.keep(kind, content, text);
            }
        }
    }

    /// Once a frame: keeps the sessions of levels just left, and offers to continue a level
    /// just opened that was played before.
    pub fn follow_sessions(&mut self) {
        for kind in GameKind::ALL {
            if let Some((content, text)) = self.tabs.get_mut(kind).take_left() {
                self.keep(kind, content, text);
            }
        }
        let t = self.tab();
        let now = t.content(t.index()).map(|c| self.session_key(self.kind, c));
        if now != self.shown {
            self.shown = now.clone();
            self.offer = now.filter(|k| self.tab().fresh() && self.sessions.iter().any(|(s, _)| s == k));
        }
        if self.offer.is_some() && (!self.tab().fresh() || self.offer != self.shown) {
            self.offer = None;
        }
    }

    /// Continues the offered session: the level with its whole history.
    pub fn continue_offered(&mut self) {
        let Some(key) = self.offer.take() else { return };
        let Some((_, text)) = self.sessions.iter().find(|(k, _)| *k == key).cloned() else { return };
        let kind = self.kind;
        let pack = self.tab().pack().to_string();
        let result = crate::save::Save::parse(&text).map_err(|e| e.to_string()).and_then(|mut save| {
            save.pack = pack.clone();
            self.tabs.get_mut(kind).load(&save, &pack).map_err(|e| e.to_string())
        });
        if let Err(e) = result {
            self.notify(format!("the kept game could not be continued: {e}"), Some(kind));
        }
    }

    /// The kept sessions as text (what is stored).
    pub fn sessions_text(&self) -> String {
        let map: serde_json::Map<String, serde_json::Value> =
            self.sessions.iter().map(|(k, v)| (k.clone(), v.clone().into())).collect();
        serde_json::Value::Object(map).to_string()
    }

    /// Restores kept sessions; a damaged store is ignored.
    pub fn restore_sessions(&mut self, text: &str) {
        if let Ok(serde_json::Value::Object(map)) = serde_json::from_str(text) {
            self.sessions = map.into_iter().filter_map(|(k, v)| v.as_str().map(|s| (k, s.to_string()))).collect();
        }
    }

    /// Migration from a store that kept only the best's length: every kept session that
    /// solved its level by the player's own moves gives that level's best its moves (or is
    /// the best, when shorter). Returns how many bests it filled in.
    pub fn adopt_sessions(&mut self) -> usize {
        let mut taken = 0;
        for (key, text) in &self.sessions {
            let mut parts = key.splitn(3, '|');
            let (Some(game), Some(pack), Some(content)) = (parts.next(), parts.next(), parts.next()) else { continue };
            let (Some(kind), Ok(content)) = (GameKind::from_key(game), u64::from_str_radix(content, 16)) else {
                continue;
            };
            if kind == GameKind::Stacks {
                continue;
            }
            let Ok(save) = crate::save::Save::parse(text) else { continue };
            let Some((c, n, line)) = self.tabs.get(kind).solved_by(&save) else { continue };
            if c == content {
                let key = LevelKey { game: kind, pack: pack.to_string(), content };
                taken += self.progress.adopt(key, n, line) as usize;
            }
        }
        taken
    }

    /// The best solution kept for the level on screen.
    pub fn best_line(&self) -> Option<String> {
        let key = self.level_key(self.index())?;
        self.progress.best_solution(&key).map(str::to_string)
    }

    /// Replay my best / Export my best / Save my best: the best solution kept for the level on
    /// screen, played after a restart (animated, or at once for an export), or written as a
    /// save of its own.
    pub fn use_best(&mut self, what: command::Command, ctx: Option<&egui::Context>) {
        use command::Command;
        let Some(line) = self.best_line() else {
            self.notify("no best solution of this level is kept yet: solve it first", Some(self.kind));
            return;
        };
        let result = match what {
            Command::ReplayBest => {
                let animate = !self.instant;
                self.tab_mut().play_line(&line, animate)
            }
            Command::ExportBest => self.tab_mut().play_line(&line, false).map(|()| {
                self.export.open = true;
                (self.export.from, self.export.to) = (0, 0);
            }),
            _ => self.tab().line_save(&line).map(|_| {
                if let Some(ctx) = ctx {
                    self.save_file(ctx, ExportKind::BestSave);
                }
            }),
        };
        if let Err(e) = result {
            self.notify(format!("the kept best no longer replays: {e}"), Some(self.kind));
        }
    }

    /// The current game as a one-line game ID (what Copy link copies).
    pub fn game_id(&self) -> String {
        self.tab().game_id()
    }

    /// What the commands may do now (their enabled-when).
    pub fn allowed(&self) -> command::Allowed {
        let t = self.tab();
        if let Some(e) = self.edit.as_ref().filter(|e| e.testing.is_none()) {
            // The editor's own undo and redo; its certification is what Cancel stops.
            return command::Allowed {
                back: e.pad.can_undo(),
                ahead: e.pad.can_redo(),
                busy: e.certifying.is_some(),
                editing: true,
                my_levels: self.my_pack(self.kind).is_some(),
                ..Default::default()
            };
        }
        command::Allowed {
            editing: self.edit.is_some(),
            my_levels: self.my_pack(self.kind).is_some(),
            back: t.can_undo(),
            ahead: t.can_redo(),
            busy: t.busy(),
            next_level: t.index() + 1 < t.level_count(),
            previous_level: t.index() > 0,
            puzzle: self.kind != GameKind::Stacks,
            best: self.best_line().is_some(),
        }
    }

    /// The current game's tab.
    pub(crate) fn tab(&self) -> &dyn GameTab {
        self.tabs.get(self.kind)
    }

    pub(crate) fn tab_mut(&mut self) -> &mut dyn GameTab {
        self.tabs.get_mut(self.kind)
    }

    /// The state shown now, as a scene (what the window paints and the PNG export writes).
    pub fn scene(&self) -> crate::scene::Scene {
        if let Some(e) = self.edit.as_ref().filter(|e| e.testing.is_none()) {
            let marked = e.pad.check().err().map(|i| i.cells).unwrap_or_default();
            return e.pad.scene(&[], None, &marked);
        }
        self.tab().scene()
    }

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

    /// Opens a level file of any supported kind and switches to it.
    pub fn open_file(&mut self, path: &Path) -> Result<(), String> {
        let name = path.display().to_string();
        self.leave_editor_for(&name)?;
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {name}: {e}"))?;
        let mine = self.my_levels.as_deref().is_some_and(|d| path.parent() == Some(d));
        let file = match path.file_name() {
            _ if mine => MY_LEVELS.to_string(),
            Some(f) => f.to_string_lossy().to_string(),
            None => name.clone(),
        };
        self.open_bytes(&name, file, &bytes)
    }

    /// Another level is about to replace the tab the editor came from: the editor closes first,
    /// asking once when its level has changes not kept.
    fn leave_editor_for(&mut self, name: &str) -> Result<(), String> {
        if self.edit.is_some() {
            if !self.may_drop() {
                return Err(format!(
                    "{name} not opened: the level being edited has changes not kept (open it again to drop them)"
                ));
            }
            self.stop_editing();
        }
        Ok(())
    }

    /// Opens text pasted from the clipboard: a game ID, a save, anything File › Open reads, or
    /// a level followed by one line of moves (what Copy puts there), whose moves are replayed.
    pub fn paste(&mut self, text: &str) -> Result<(), String> {
        self.leave_editor_for("pasted text")?;
        let text = text.trim();
        if let Some(id) = crate::save::GameId::parse(text) {
            let id = id.map_err(|e| format!("pasted game ID: {e}"))?;
            return self.open_with_moves("pasted", &id.level, &id.moves);
        }
        // An XSB level and a LURD (or run-length) solution after it: the moves line would
        // read as a comment, so it is taken apart first.
        let lines: Vec<&str> = text.lines().collect();
        if let Some((last, rest)) = lines.split_last()
            && !rest.is_empty()
            && last.chars().any(|c| "lurdLURD".contains(c))
            && last.chars().all(|c| "lurdLURD0123456789() ".contains(c))
            && rest.iter().any(|l| sokoban::xsb::is_board_row(l))
        {
            let level = rest.join("\n") + "\n";
            if self.open_bytes("pasted text", "Pasted".to_string(), level.as_bytes()).is_ok()
                && self.kind == GameKind::Sokoban
            {
                return self.tab_mut().replay(last).map_err(|e| format!("pasted text: the level is open, but {e}"));
            }
        }
        let bytes = text.as_bytes();
        let whole = self.open_bytes("pasted text", "Pasted".to_string(), bytes);
        if whole.is_ok() {
            return whole;
        }
        // A level and its moves: the last line holds the moves.
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() >= 2 {
            let level = lines[..lines.len() - 1].join("\n") + "\n";
            let moves = lines[lines.len() - 1];
            if self.open_bytes("pasted text", "Pasted".to_string(), level.as_bytes()).is_ok() {
                // The level is open; moves that do not replay stop there, and say why.
                return self.tab_mut().replay(moves).map_err(|e| format!("pasted text: the level is open, but {e}"));
            }
        }
        whole
    }

    /// Opens a level's text and replays a line of moves on it.
    fn open_with_moves(&mut self, name: &str, level: &str, moves: &str) -> Result<(), String> {
        self.open_bytes(name, "Pasted".to_string(), level.as_bytes())?;
        self.tab_mut().replay(moves).map_err(|e| format!("{name}: the level is open, but {e}"))
    }

    /// Opens whatever `bytes` hold (`loader::load` decides which game and format).
    fn open_bytes(&mut self, name: &str, file: String, bytes: &[u8]) -> Result<(), String> {
        // Another level replaces the tab the editor came from: the editor closes first (asking
        // once when its level has changes not kept).
        if self.edit.is_some() {
            if !self.may_drop() {
                return Err(format!(
                    "{name} not opened: the level being edited has changes not kept (open it again to drop them)"
                ));
            }
            self.stop_editing();
        }
        self.keep_all();
        let loaded = crate::loader::load(bytes).map_err(|e| format!("{name}: {e}"))?;
        let kind = GameKind::from_key(loaded.game()).ok_or_else(|| format!("{name}: line 2: a game"))?;
        match loaded {
            crate::loader::Loaded::Save(save) => {
                self.tabs.get_mut(kind).load(&save, &file).map_err(|e| format!("{name}: {e}"))?;
            }
            crate::loader::Loaded::Vexed(_, levels) => return self.set_vexed(file, levels),
            crate::loader::Loaded::Shubbles(levels) => {
                let levels = levels.into_iter().map(|l| Level::new(l.title, l.state, l.par)).collect();
                self.tabs.shubbles = Tab::new(file, levels);
            }
            crate::loader::Loaded::Mazes(mazes) => self.tabs.sokoban = Tab::new(file, sokoban_levels(mazes)),
            crate::loader::Loaded::Xsb(levels) => self.tabs.sokoban = Tab::new(file, xsb_levels(levels)),
            crate::loader::Loaded::Stacks(games) => self.tabs.stacks = Tab::new(file, stacks_levels(games)),
        }
        self.kind = kind;
        Ok(())
    }

    fn set_vexed(&mut self, file: String, levels: Vec<vexed::format::AnyLevel>) -> Result<(), String> {
        if levels.is_empty() {
            return Err(format!("{file}: no levels"));
        }
        let levels = levels.into_iter().map(|l| Level::new(l.title, l.board.settle().0, l.par)).collect();
        self.tabs.vexed = Tab::new(file, levels);
        self.kind = GameKind::Vexed;
        Ok(())
    }

    /// Switches the current game to another pack: the built-in levels (`None`) or a file.
    pub fn switch_pack(&mut self, pack: Option<PathBuf>) {
        self.keep_all();
        match pack {
            None => {
                let kind = self.kind;
                match kind {
                    GameKind::Vexed => self.tabs.vexed = Tab::new("Built-in", builtin_vexed()),
                    GameKind::Shubbles => self.tabs.shubbles = Tab::new("Built-in", builtin_shubbles()),
                    GameKind::Sokoban => {
                        self.tabs.sokoban = Tab::new("Built-in", sokoban_levels(crate::levels::sokoban()))
                    }
                    GameKind::Stacks => self.tabs.stacks = Tab::new("Built-in", stacks_levels(crate::levels::stacks())),
                }
                self.progress.set_pack(kind, None);
                self.progress.set_last(kind, 0);
            }
            Some(p) => {
                let _ = self.dialogs.0.send(Dialog::Open(p));
            }
        }
    }

    /// Switches the stacks level between Baekjoon 17837's rule and 17780's (only the bottom
    /// piece of a stack moves): the level starts again under the rule chosen.
    pub fn set_bottom_only(&mut self, on: bool) {
        let rule = if on { crate::stacks::Rule::BottomOnly } else { crate::stacks::Rule::CarryAbove };
        let t = &mut self.tabs.stacks;
        let l = &mut t.levels[t.index];
        l.start.game.rule = rule;
        let end = l.start.game.ending_turn(1000);
        let base = l.title.split(" (").next().unwrap_or("").to_string();
        l.title = match end {
            Some(e) => format!("{base} (ends in turn {e})"),
            None => format!("{base} (never ends: -1)"),
        };
        l.content = progress::content_hash(&l.start.key_text());
        let i = t.index;
        t.open(i);
    }

    /// The key progress is stored under for level `index` of the current game's pack.
    pub fn level_key(&self, index: usize) -> Option<LevelKey> {
        let game = self.kind;
        let t = self.tab();
        t.content(index).map(|content| LevelKey { game, pack: t.pack().to_string(), content })
    }

    /// Records a finished level: the player's best, or that the solver showed it. A stacks
    /// board is a simulation, not a puzzle: nothing to record.
    fn record(&mut self) {
        // A level being tested from the editor is nobody's progress yet.
        if self.kind == GameKind::Stacks || self.edit.as_ref().is_some_and(|e| e.testing.is_some()) {
            return;
        }
        let Some((n, mine)) = self.tab().finished() else { return };
        let Some(key) = self.level_key(self.index()) else { return };
        if mine {
            let line = self.tab().solution_line();
            self.progress.record_solved(key, n, Some(line));
        } else {
            self.progress.record_shown(key);
        }
    }

    fn index(&self) -> usize {
        self.tab().index()
    }

    fn open_level(&mut self, i: usize) {
        self.tab_mut().open(i);
        self.progress.set_last(self.kind, self.index());
    }

    fn level_count(&self) -> usize {
        self.tab().level_count()
    }

    fn pick_file(&self, ctx: &egui::Context) {
        let tx = self.dialogs.0.clone();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let asked = std::time::Instant::now();
            let picked = rfd::FileDialog::new().set_title("Open levels").pick_file();
            let _ = tx.send(match picked {
                Some(p) => Dialog::Open(p),
                None if no_dialog(asked) => Dialog::Unavailable(None),
                None => return,
            });
            ctx.request_repaint();
        });
    }

    fn save_file(&self, ctx: &egui::Context, kind: ExportKind) {
        let tx = self.dialogs.0.clone();
        let ctx = ctx.clone();
        let name = self.export_name(kind);
        std::thread::spawn(move || {
            let asked = std::time::Instant::now();
            let picked = rfd::FileDialog::new().set_file_name(&name).save_file();
            let _ = tx.send(match picked {
                Some(p) => Dialog::Save(p, kind),
                None if no_dialog(asked) => Dialog::Unavailable(Some((name, kind))),
                // Cancelled: nothing to do.
                None => return,
            });
            ctx.request_repaint();
        });
    }

    /// A file name for exporting the current level: `tumblebox-GAME-LEVEL.gif`.
    fn export_name(&self, kind: ExportKind) -> String {
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

    /// Opens every file dropped onto the window (the way to open one without a file dialog).
    fn handle_dropped(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).collect());
        for p in dropped {
            let _ = self.dialogs.0.send(Dialog::Open(p));
        }
    }

    fn handle_dialogs(&mut self) {
        while let Ok(d) = self.dialogs.1.try_recv() {
            match d {
                Dialog::Open(p) => match self.open_file(&p) {
                    Ok(()) => {
                        self.progress.set_last(self.kind, 0);
                        let full = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
                        self.progress.set_pack(self.kind, Some(full));
                        self.notify(format!("opened {}", p.display()), Some(self.kind));
                    }
                    // Shown wherever the player is looking.
                    Err(e) => self.notify(e, None),
                },
                Dialog::Save(p, ExportKind::Panel) => self.start_export(p),
                Dialog::Save(p, kind) => {
                    let done = if kind.is_save() { "saved" } else { "exported" };
                    let text = match self.export_to(&p, kind) {
                        Ok(()) if kind == ExportKind::Level => {
                            if let Some(e) = &mut self.edit {
                                e.kept = e.pad.text();
                            }
                            format!("{done} {}", p.display())
                        }
                        Ok(()) => format!("{done} {}", p.display()),
                        Err(e) => format!("{} failed: {e}", if kind.is_save() { "save" } else { "export" }),
                    };
                    self.notify(text, Some(self.kind));
                }
                Dialog::Unavailable(None) => self.no_dialog(None),
                Dialog::Unavailable(Some((name, kind))) => {
                    // No dialog to ask where: the home folder (or the working folder).
                    let dir = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
                    self.no_dialog(Some((dir.join(name), kind)));
                }
            }
        }
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

impl eframe::App for TumbleApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.show(ui);
        // Saved at once on every change that matters (a solve, the level, a setting), not only
        // every 30 s: a SIGTERM must not lose a solve.
        if self.progress.take_dirty()
            && let Some(storage) = frame.storage_mut()
        {
            storage.set_string(STORAGE_KEY, self.progress.to_text());
            storage.flush();
        }
        if std::mem::take(&mut self.sessions_dirty)
            && let Some(storage) = frame.storage_mut()
        {
            storage.set_string(SESSIONS_KEY, self.sessions_text());
            storage.flush();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        storage.set_string(STORAGE_KEY, self.progress.to_text());
        self.keep_all();
        storage.set_string(SESSIONS_KEY, self.sessions_text());
    }
}

/// Opens the window; `open`, if given, is a level file opened at once (as File › Open does).
pub fn run(open: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_inner_size([1200.0, 760.0]).with_title("tumblebox"),
        ..Default::default()
    };
    eframe::run_native(
        "tumblebox",
        options,
        Box::new(move |cc| {
            let app = TumbleApp::new(cc);
            if let Some(p) = open {
                let _ = app.dialogs.0.send(Dialog::Open(p));
            }
            Ok(Box::new(app))
        }),
    )
}
