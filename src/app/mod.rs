//! The desktop app (eframe): a level browser, the board drawn from the same scene as the
//! exporter, play with mouse and keys, the rule debugger, the solver on a background thread,
//! export, and progress that persists. Only this module imports eframe and egui.

pub mod paint;
pub mod play;
pub mod progress;
pub mod session;

use crate::anim::Pacing;
use crate::render::frames::{GifMode, export_gif, export_png};
use crate::shubbles;
use crate::sokoban;
use crate::vexed::{self, Board};
use play::{Gesture, Playable, StacksPlay};
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
}

impl<P: Playable> Level<P> {
    pub fn new(title: impl Into<String>, start: P, par: Option<usize>) -> Level<P> {
        let content = progress::content_hash(&start.key_text());
        Level { title: title.into(), start, par, content }
    }
}

/// One game's pack and the level being played.
pub struct Tab<P: Playable> {
    pub pack: String,
    pub levels: Vec<Level<P>>,
    pub index: usize,
    pub session: Session<P>,
}

impl<P: Playable + Clone> Tab<P> {
    fn new(pack: impl Into<String>, levels: Vec<Level<P>>) -> Self {
        let l = &levels[0];
        let session = Session::new(l.title.clone(), l.start.clone(), l.par);
        Tab { pack: pack.into(), levels, index: 0, session }
    }

    pub fn open(&mut self, index: usize) {
        if let Some(l) = self.levels.get(index) {
            self.session.cancel_solver();
            self.index = index;
            self.session = Session::new(l.title.clone(), l.start.clone(), l.par);
        }
    }
}

/// What to export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    GifSmooth,
    GifStepwise,
    Png,
}

pub const STORAGE_KEY: &str = "tumblebox-progress";

/// Runs `$body` with `$t` bound to the current game's tab (each arm has its own type).
macro_rules! on_tab {
    ($app:expr, $t:ident => $body:expr) => {
        match $app.kind {
            GameKind::Vexed => {
                let $t = &$app.vexed;
                $body
            }
            GameKind::Shubbles => {
                let $t = &$app.shubbles;
                $body
            }
            GameKind::Sokoban => {
                let $t = &$app.sokoban;
                $body
            }
            GameKind::Stacks => {
                let $t = &$app.stacks;
                $body
            }
        }
    };
    (mut $app:expr, $t:ident => $body:expr) => {
        match $app.kind {
            GameKind::Vexed => {
                let $t = &mut $app.vexed;
                $body
            }
            GameKind::Shubbles => {
                let $t = &mut $app.shubbles;
                $body
            }
            GameKind::Sokoban => {
                let $t = &mut $app.sokoban;
                $body
            }
            GameKind::Stacks => {
                let $t = &mut $app.stacks;
                $body
            }
        }
    };
}

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

pub struct TumbleApp {
    pub kind: GameKind,
    pub vexed: Tab<Board>,
    pub shubbles: Tab<shubbles::State>,
    pub sokoban: Tab<sokoban::scene::Game>,
    pub stacks: Tab<StacksPlay>,
    /// Animation speed multiplier (0.25 to 4).
    pub speed: f32,
    /// Skip animations.
    pub instant: bool,
    pub progress: Progress,
    /// The app's newest notice (files opened, exports, stored progress), and its tab.
    pub notice: Option<Notice>,
    dialogs: (mpsc::Sender<Dialog>, mpsc::Receiver<Dialog>),
    drag_start: Option<[f32; 2]>,
    /// The level changed by key: scroll the list to it.
    scroll_to_current: bool,
}

fn builtin_vexed() -> Vec<Level<Board>> {
    crate::levels::vexed().into_iter().map(|(title, b, par)| Level::new(title, b.settle().0, Some(par))).collect()
}

fn builtin_shubbles() -> Vec<Level<shubbles::State>> {
    crate::levels::shubbles().into_iter().map(|l| Level::new(l.title, l.state, l.par)).collect()
}

fn sokoban_levels(mazes: Vec<sokoban::format::Maze>) -> Vec<Level<sokoban::scene::Game>> {
    mazes
        .into_iter()
        .enumerate()
        .map(|(i, m)| {
            let par = sokoban::solve::solve(&m).map(|s| s.moves.len());
            Level::new(format!("Maze {}", i + 1), sokoban::scene::Game { level: Arc::new(m.level), pos: m.start }, par)
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
            vexed: Tab::new("Built-in", builtin_vexed()),
            shubbles: Tab::new("Built-in", builtin_shubbles()),
            sokoban: Tab::new("Built-in", sokoban_levels(crate::levels::sokoban())),
            stacks: Tab::new("Built-in", stacks_levels(crate::levels::stacks())),
            speed: 1.0,
            instant: false,
            progress: Progress::default(),
            notice: None,
            dialogs: mpsc::channel(),
            drag_start: None,
            scroll_to_current: false,
        }
    }
}

impl TumbleApp {
    pub fn new(cc: &eframe::CreationContext<'_>) -> Self {
        let mut app = TumbleApp::default();
        if let Some(text) = cc.storage.and_then(|s| s.get_string(STORAGE_KEY)) {
            app.restore(&text);
        }
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
                if let Some((g, i)) = p.last {
                    self.kind = g;
                    on_tab!(mut self, t => t.open(i));
                }
                self.speed = p.speed;
                self.instant = p.instant;
                self.progress = p;
            }
            Err(e) => self.notify(e, None),
        }
    }

    /// The state shown now, as a scene (what the window paints and the PNG export writes).
    pub fn scene(&self) -> crate::scene::Scene {
        on_tab!(self, t => t.session.scene())
    }

    /// Exports the current game: the moves since the last restart as a GIF, or the current
    /// position as PNG. This is what the save dialog calls; tests call it directly.
    pub fn export_to(&self, path: &Path, kind: ExportKind) -> std::io::Result<()> {
        fn go<P: Playable>(s: &Session<P>, path: &Path, kind: ExportKind) -> std::io::Result<()> {
            let size = (480, 480);
            if kind == ExportKind::Png {
                return export_png(path, s.current(), size);
            }
            let (start, _, steps) = s.run();
            let mode = if kind == ExportKind::GifSmooth { GifMode::Smooth } else { GifMode::Stepwise };
            export_gif(path, &start, &steps, mode, Pacing::default(), size)
        }
        on_tab!(self, t => go(&t.session, path, kind))
    }

    /// Opens a level file of any supported kind and switches to it.
    pub fn open_file(&mut self, path: &Path) -> Result<(), String> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {name}: {e}"))?;
        let file = path.file_name().map_or(name.clone(), |f| f.to_string_lossy().to_string());
        let text = String::from_utf8_lossy(&crate::input::normalize(&bytes)).to_string();
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim_end();
        // Shubbles: lines of 29 characters of `.ox@` (optionally `;par;title`).
        if first.split(';').next().is_some_and(|s| s.len() == 29 && s.chars().all(|c| ".ox@".contains(c))) {
            let levels = crate::levels::parse_shubbles(&text).map_err(|e| format!("{name}: {e}"))?;
            let levels = levels.into_iter().map(|l| Level::new(l.title, l.state, l.par)).collect();
            self.shubbles = Tab::new(file, levels);
            self.kind = GameKind::Shubbles;
            return Ok(());
        }
        let kind = vexed::format::sniff(&bytes);
        if kind != vexed::format::FileKind::WorldFinals {
            let (_, levels) = vexed::format::parse_any(&bytes).map_err(|e| format!("{name}: {e}"))?;
            self.set_vexed(file, levels)?;
            return Ok(());
        }
        let text = crate::input::decode(&bytes).map_err(|e| format!("{name}: {e}"))?;
        let text = text.as_str();
        let mut errors = Vec::new();
        match sokoban::format::parse_judge(text) {
            Ok(mazes) if !mazes.is_empty() => {
                self.sokoban = Tab::new(file, sokoban_levels(mazes));
                self.kind = GameKind::Sokoban;
                return Ok(());
            }
            Ok(_) => errors.push("as UVa 589 mazes: no maze".to_string()),
            Err(e) => errors.push(format!("as UVa 589 mazes: {e}")),
        }
        match crate::stacks::format::parse_many(text, crate::stacks::Rule::CarryAbove) {
            Ok(games) if !games.is_empty() => {
                self.stacks = Tab::new(file, stacks_levels(games));
                self.kind = GameKind::Stacks;
                return Ok(());
            }
            Ok(_) => errors.push("as stacks boards: no board".to_string()),
            Err(e) => errors.push(format!("as stacks boards: {e}")),
        }
        match vexed::format::parse_any(&bytes) {
            Ok((_, levels)) if !levels.is_empty() => return self.set_vexed(file, levels),
            Ok(_) => errors.push("as World Finals Vexed: no puzzle".to_string()),
            Err(e) => errors.push(format!("as World Finals Vexed: {e}")),
        }
        Err(format!("cannot read {name}: {}", errors.join("; ")))
    }

    fn set_vexed(&mut self, file: String, levels: Vec<vexed::format::AnyLevel>) -> Result<(), String> {
        if levels.is_empty() {
            return Err(format!("{file}: no levels"));
        }
        let levels = levels.into_iter().map(|l| Level::new(l.title, l.board.settle().0, l.par)).collect();
        self.vexed = Tab::new(file, levels);
        self.kind = GameKind::Vexed;
        Ok(())
    }

    /// The key progress is stored under for level `index` of the current game's pack.
    pub fn level_key(&self, index: usize) -> Option<LevelKey> {
        let game = self.kind;
        on_tab!(self, t => t.levels.get(index).map(|l| LevelKey { game, pack: t.pack.clone(), content: l.content }))
    }

    /// Records a finished level: the player's best, or that the solver showed it. A stacks
    /// board is a simulation, not a puzzle: nothing to record.
    fn record(&mut self) {
        fn finished<P: Playable>(t: &Tab<P>) -> Option<(usize, bool)> {
            let s = &t.session;
            (s.current().solved() && !s.animating() && s.queue.is_empty() && s.moves() > 0)
                .then(|| (s.moves(), s.by_player()))
        }
        if self.kind == GameKind::Stacks {
            return;
        }
        let Some((n, mine)) = on_tab!(self, t => finished(t)) else { return };
        let Some(key) = self.level_key(self.index()) else { return };
        if mine {
            self.progress.record_solved(key, n);
        } else {
            self.progress.record_shown(key);
        }
    }

    fn index(&self) -> usize {
        on_tab!(self, t => t.index)
    }

    fn open_level(&mut self, i: usize) {
        on_tab!(mut self, t => t.open(i));
        self.progress.set_last(self.kind, self.index());
    }

    fn level_count(&self) -> usize {
        on_tab!(self, t => t.levels.len())
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
        let title = on_tab!(self, t => t.session.title.clone());
        let slug: String = title
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
            .collect::<String>()
            .split('-')
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        let ext = if kind == ExportKind::Png { "png" } else { "gif" };
        format!("tumblebox-{}-{slug}.{ext}", self.kind.key())
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
                        self.notify(format!("opened {}", p.display()), Some(self.kind));
                    }
                    // Shown wherever the player is looking.
                    Err(e) => self.notify(e, None),
                },
                Dialog::Save(p, kind) => {
                    let text = match self.export_to(&p, kind) {
                        Ok(()) => format!("exported {}", p.display()),
                        Err(e) => format!("export failed: {e}"),
                    };
                    self.notify(text, Some(self.kind));
                }
                Dialog::Unavailable(None) => self.notify(
                    "no file dialog on this system (it needs xdg-desktop-portal or zenity): drop a level file onto \
                     the window, or start `tumblebox FILE`",
                    None,
                ),
                Dialog::Unavailable(Some((name, kind))) => {
                    // No dialog to ask where: the home folder (or the working folder), said aloud.
                    let dir = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
                    let p = dir.join(name);
                    let text = match self.export_to(&p, kind) {
                        Ok(()) => format!("no file dialog on this system: exported to {}", p.display()),
                        Err(e) => {
                            format!("no file dialog on this system, and exporting to {} failed: {e}", p.display())
                        }
                    };
                    self.notify(text, Some(self.kind));
                }
            }
        }
    }

    /// One frame of the whole UI.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.handle_dropped(&ctx);
        self.handle_dialogs();
        self.global_keys(&ctx);
        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("File", |ui| {
                    if ui.button("Open…").clicked() {
                        self.pick_file(&ctx);
                        ui.close();
                    }
                    ui.separator();
                    for (label, kind) in [
                        ("Export smooth GIF…", ExportKind::GifSmooth),
                        ("Export GIF, one step per second…", ExportKind::GifStepwise),
                        ("Export PNG…", ExportKind::Png),
                    ] {
                        if ui.button(label).clicked() {
                            self.save_file(&ctx, kind);
                            ui.close();
                        }
                    }
                });
                ui.separator();
                for k in GameKind::ALL {
                    if ui.selectable_label(self.kind == k, k.name()).clicked() && self.kind != k {
                        self.kind = k;
                        self.progress.set_last(k, self.index());
                    }
                }
                ui.separator();
                ui.add(egui::Slider::new(&mut self.speed, 0.25..=4.0).logarithmic(true).suffix("×").text("speed"));
                ui.checkbox(&mut self.instant, "Instant");
            });
        });
        let mut shared = Shared {
            kind: self.kind,
            speed: self.speed,
            instant: self.instant,
            drag_start: &mut self.drag_start,
            progress: &self.progress,
            notice: &mut self.notice,
            buttons: &[],
            scroll_to_current: std::mem::take(&mut self.scroll_to_current),
        };
        let opened = match self.kind {
            GameKind::Vexed => game_ui(ui, &mut self.vexed, &mut shared),
            GameKind::Shubbles => {
                shared.buttons = &[
                    ("+ turn clockwise", egui::Key::Plus),
                    ("| half turn", egui::Key::Pipe),
                    ("- turn counter-clockwise", egui::Key::Minus),
                ];
                game_ui(ui, &mut self.shubbles, &mut shared)
            }
            GameKind::Sokoban => game_ui(ui, &mut self.sokoban, &mut shared),
            GameKind::Stacks => {
                shared.buttons = &[("Next piece (N)", egui::Key::N), ("Next turn (T)", egui::Key::T)];
                game_ui(ui, &mut self.stacks, &mut shared)
            }
        };
        if let Some(i) = opened {
            self.progress.set_last(self.kind, i);
        }
        self.record();
        self.progress.set_settings(self.speed, self.instant);
    }

    fn global_keys(&mut self, ctx: &egui::Context) {
        if ctx.text_edit_focused() {
            return;
        }
        // Tab moves the keyboard focus between buttons (and Space or Enter presses the focused
        // one), but a game key hands the keyboard back to the game: focus never traps it.
        let game_key = ctx.input(|i| {
            i.events.iter().any(|e| {
                matches!(e, egui::Event::Key { key, pressed: true, .. }
                    if !matches!(key, egui::Key::Tab | egui::Key::Enter | egui::Key::Space | egui::Key::Escape))
            })
        });
        if game_key && let Some(id) = ctx.memory(|m| m.focused()) {
            ctx.memory_mut(|m| m.surrender_focus(id));
        }
        let (next, prev) = ctx.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::NONE, egui::Key::PageDown),
                i.consume_key(egui::Modifiers::NONE, egui::Key::PageUp),
            )
        });
        let i = self.index();
        if next && i + 1 < self.level_count() {
            self.open_level(i + 1);
            self.scroll_to_current = true;
        }
        if prev && i > 0 {
            self.open_level(i - 1);
            self.scroll_to_current = true;
        }
    }
}

/// What every game's panels share in one frame.
struct Shared<'a> {
    kind: GameKind,
    speed: f32,
    instant: bool,
    drag_start: &'a mut Option<[f32; 2]>,
    progress: &'a Progress,
    notice: &'a mut Option<Notice>,
    /// The game's buttons, each doing what its key does.
    buttons: &'a [(&'a str, egui::Key)],
    /// Scroll the level list to the current level (it changed by key).
    scroll_to_current: bool,
}

/// One game's panels for one frame; returns the level picked from the list, if any.
fn game_ui<P: Playable + Clone>(ui: &mut egui::Ui, tab: &mut Tab<P>, shared: &mut Shared<'_>) -> Option<usize> {
    let (kind, speed, instant, buttons) = (shared.kind, shared.speed, shared.instant, shared.buttons);
    let progress = shared.progress;
    let ctx = ui.ctx().clone();
    tab.session.poll_solver(instant);
    // Advance time first, so every panel of this frame shows the same moment. Animation
    // follows the clock: a slow renderer shows fewer frames of a move, not a slower move
    // (capped at a second, so a stall does not skip a whole animation).
    let dt = ctx.input(|i| i.stable_dt).min(1.0);
    let moving = tab.session.tick(if instant { 1e6 } else { dt * speed }, instant);
    // Keys: undo / redo / restart, then the game's own.
    if !ctx.text_edit_focused() {
        let events = ctx.input(|i| i.events.clone());
        for e in events {
            match e {
                egui::Event::Key { key, pressed: true, modifiers, .. } => {
                    if modifiers.command && key == egui::Key::Z && !modifiers.shift {
                        tab.session.undo();
                    } else if modifiers.command && (key == egui::Key::Y || (key == egui::Key::Z && modifiers.shift)) {
                        tab.session.redo();
                    } else if key == egui::Key::R && !modifiers.command {
                        tab.session.restart();
                    } else if !modifiers.command {
                        tab.session.gesture(Gesture::Key(key), instant);
                    }
                }
                egui::Event::Text(t) => {
                    for c in t.chars() {
                        tab.session.gesture(Gesture::Text(c), instant);
                    }
                }
                _ => {}
            }
        }
    }
    let s = &tab.session;
    egui::Panel::bottom("status").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(format!("{} · {}", tab.pack, s.title));
            ui.separator();
            ui.label(format!("moves: {}", s.moves()));
            if let Some(p) = s.par {
                ui.label(format!("par: {p}"));
            }
            if let Some(st) = s.current().status() {
                ui.label(st);
            } else if s.current().solved() {
                ui.colored_label(egui::Color32::from_rgb(0x2e, 0x8b, 0x57), s.current().done_text());
            }
            // One place for messages: the newest of this game's and the app's (unless the
            // app's belongs to another game's tab).
            let app_note = shared.notice.as_ref().filter(|n| n.tab.is_none_or(|t| t == kind));
            let shown = match (s.message.as_ref(), app_note) {
                (Some(_), Some(n)) if n.seq > s.message_seq => Some(&n.text),
                (Some(m), _) => Some(m),
                (None, n) => n.map(|n| &n.text),
            };
            if let Some(m) = shown {
                ui.separator();
                ui.label(m);
            }
        });
    });
    let mut open = None;
    egui::Panel::left("levels").default_size(220.0).resizable(true).show(ui, |ui| {
        ui.heading(kind.name());
        let n = tab.levels.len();
        let noun = if n == 1 { "level" } else { "levels" };
        if kind == GameKind::Stacks {
            ui.label(format!("{} · {n} {} (PageUp / PageDown)", tab.pack, if n == 1 { "board" } else { "boards" }));
        } else {
            let solved = progress.solved_in(kind, &tab.pack);
            ui.label(format!("{} · {solved} / {n} {noun} solved (PageUp / PageDown)", tab.pack));
        }
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (i, l) in tab.levels.iter().enumerate() {
                let key = LevelKey { game: kind, pack: tab.pack.clone(), content: l.content };
                let rec = progress.get(&key).copied().unwrap_or_default();
                let mut text = l.title.clone();
                match rec.best {
                    Some(b) => text.push_str(&format!("  [solved] best {b}")),
                    None if rec.shown => text.push_str("  [shown by the solver]"),
                    None => {}
                }
                if let Some(p) = l.par {
                    text.push_str(&format!("  par {p}"));
                }
                let r = ui.selectable_label(i == tab.index, text);
                if i == tab.index && shared.scroll_to_current {
                    r.scroll_to_me(None);
                }
                if r.clicked() {
                    open = Some(i);
                }
            }
        });
    });
    if let Some(i) = open {
        tab.open(i);
        *shared.notice = None;
    }
    debugger_ui(ui, &mut tab.session);
    egui::CentralPanel::default_margins().show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            let s = &mut tab.session;
            if ui.add_enabled(s.cursor > 0, egui::Button::new("Undo")).clicked() {
                s.undo();
            }
            if ui.add_enabled(s.cursor < s.history.len(), egui::Button::new("Redo")).clicked() {
                s.redo();
            }
            if ui.add_enabled(s.cursor > 0, egui::Button::new("Restart (R)")).clicked() {
                s.restart();
            }
            ui.separator();
            // Buttons do what their keys do.
            for (label, key) in buttons {
                if ui.button(*label).clicked() {
                    s.gesture(Gesture::Key(*key), instant);
                }
            }
            if s.solver.is_some() {
                ui.spinner();
                let n = s.solver.as_ref().map_or(0, |j| j.progress.load(std::sync::atomic::Ordering::Relaxed));
                ui.label(format!("{n} states"));
                if ui.button("Cancel").clicked() {
                    s.cancel_solver();
                }
            } else {
                let repaint = {
                    let c = ctx.clone();
                    move || c.request_repaint()
                };
                if ui.button(P::solve_label()).clicked() {
                    s.start_solver(false, repaint.clone());
                }
                if ui.button("Hint").clicked() {
                    s.start_solver(true, repaint);
                }
            }
        });
        let size = ui.available_size();
        let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "board"));
        let scene = tab.session.scene();
        let painter = ui.painter_at(rect);
        let view = paint::paint(&painter, rect, &scene);
        // The debugger's highlight: the cells the current step touches.
        if let Some((state, step)) = tab.session.shown_step() {
            paint::outline(&painter, &view, &state.touched(step));
        }
        // The selection (Vexed's chosen block), drawn apart from the highlight: a dashed ring
        // in the selection colour, while no animation plays.
        if let Some(sel) = tab.session.selected
            && kind == GameKind::Vexed
            && !tab.session.animating()
        {
            let x = 0.25 + sel.col as f32;
            let y = 0.25 + sel.row as f32;
            paint::selection(&painter, &view, &[[x, y], [x + 1.0, y], [x + 1.0, y + 1.0], [x, y + 1.0]]);
        }
        if response.drag_started()
            && let Some(p) = ui.input(|i| i.pointer.press_origin()).or(response.interact_pointer_pos())
        {
            *shared.drag_start = Some(view.to_scene(p));
        }
        if response.drag_stopped()
            && let (Some(from), Some(p)) = (shared.drag_start.take(), response.interact_pointer_pos())
        {
            tab.session.gesture(Gesture::Drag { from, to: view.to_scene(p) }, instant);
        } else if response.clicked()
            && let Some(p) = response.interact_pointer_pos()
        {
            tab.session.gesture(Gesture::Click(view.to_scene(p)), instant);
        }
    });
    if moving || tab.session.animating() {
        ctx.request_repaint();
    } else if tab.session.solver.is_some() {
        ctx.request_repaint_after(std::time::Duration::from_millis(200));
    }
    open
}

fn debugger_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>) {
    egui::Panel::right("debugger").default_size(300.0).resizable(true).show(ui, |ui| {
        ui.heading("Rule debugger");
        let Some((before, text, steps)) = s.last_move() else {
            ui.label("Make a move: its physical steps are listed here, in order.");
            return;
        };
        let (text, descriptions): (String, Vec<String>) =
            (text.clone(), steps.iter().map(|st| before.describe(st)).collect());
        let n = descriptions.len();
        ui.label(format!("Move {text}: {n} step{}", if n == 1 { "" } else { "s" }));
        let at = s.step_at();
        let mut seek = None;
        egui::ScrollArea::vertical().max_height(ui.available_height() - 90.0).show(ui, |ui| {
            for (i, d) in descriptions.iter().enumerate() {
                if ui.selectable_label(at == Some(i), format!("{}. {d}", i + 1)).clicked() {
                    seek = Some(i);
                }
            }
        });
        ui.separator();
        let n = descriptions.len();
        ui.horizontal(|ui| {
            if ui.button("< step").clicked() {
                seek = Some(at.unwrap_or(n).saturating_sub(1));
            }
            let paused = s.playback.as_ref().is_none_or(|p| p.paused || p.time >= p.timeline.total);
            if ui.button(if paused { "play" } else { "pause" }).clicked() {
                match &mut s.playback {
                    Some(p) if paused => {
                        if p.time >= p.timeline.total {
                            p.time = 0.0;
                        }
                        p.paused = false;
                        p.focus = None;
                    }
                    Some(p) => p.paused = true,
                    None => {
                        s.seek_step(0);
                        if let Some(p) = &mut s.playback {
                            p.time = 0.0;
                            p.paused = false;
                            p.focus = None;
                        }
                    }
                }
            }
            if ui.button("step >").clicked() {
                seek = Some(at.map_or(0, |a| (a + 1).min(n - 1)));
            }
        });
        if let Some(p) = &mut s.playback {
            let total = p.timeline.total;
            if ui.add(egui::Slider::new(&mut p.time, 0.0..=total).text("time (s)")).changed() {
                p.paused = true;
                p.focus = None;
            }
        }
        if let Some(i) = seek {
            s.seek_step(i);
        }
    });
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
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        storage.set_string(STORAGE_KEY, self.progress.to_text());
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
