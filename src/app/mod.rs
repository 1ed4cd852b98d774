//! The desktop app (eframe): a level browser, the board drawn from the same scene as the
//! exporter, play with mouse and keys, the rule debugger, the solver on a background thread,
//! export, and progress that persists. Only this module imports eframe and egui.

pub mod paint;
pub mod play;
pub mod session;

use crate::anim::Pacing;
use crate::render::frames::{GifMode, export_gif, export_png};
use crate::shubbles;
use crate::sokoban;
use crate::vexed::{self, Board};
use play::{Gesture, Playable, StacksPlay};
use session::Session;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};

/// The four games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    fn key(self) -> &'static str {
        match self {
            GameKind::Vexed => "vexed",
            GameKind::Shubbles => "shubbles",
            GameKind::Sokoban => "sokoban",
            GameKind::Stacks => "stacks",
        }
    }
    fn from_key(s: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.key() == s)
    }
}

/// A level as the browser lists it.
#[derive(Clone)]
pub struct Level<P> {
    pub title: String,
    pub start: P,
    pub par: Option<usize>,
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

    fn open(&mut self, index: usize) {
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

/// Solved levels and best move counts, by game and level title; plus the last level open.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    pub best: HashMap<(GameKind, String), usize>,
    pub last: Option<(GameKind, usize)>,
}

pub const STORAGE_KEY: &str = "tumblebox-progress";

impl Progress {
    /// One line per fact: `best\tgame\tcount\ttitle`, `last\tgame\tindex`.
    pub fn to_text(&self) -> String {
        let mut lines: Vec<String> =
            self.best.iter().map(|((g, t), n)| format!("best\t{}\t{n}\t{t}", g.key())).collect();
        lines.sort();
        if let Some((g, i)) = self.last {
            lines.push(format!("last\t{}\t{i}", g.key()));
        }
        lines.join("\n")
    }

    /// Reads stored progress; a damaged store gives an error (the caller starts afresh).
    pub fn from_text(text: &str) -> Result<Progress, String> {
        let mut p = Progress::default();
        for (i, line) in text.lines().enumerate() {
            let f: Vec<&str> = line.split('\t').collect();
            let bad = || format!("saved progress is damaged at line {}; starting afresh", i + 1);
            match f.as_slice() {
                ["best", g, n, t] => {
                    let g = GameKind::from_key(g).ok_or_else(bad)?;
                    p.best.insert((g, t.to_string()), n.parse().map_err(|_| bad())?);
                }
                ["last", g, i] => {
                    p.last = Some((GameKind::from_key(g).ok_or_else(bad)?, i.parse().map_err(|_| bad())?))
                }
                [""] => {}
                _ => return Err(bad()),
            }
        }
        Ok(p)
    }
}

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

/// Messages from dialog threads.
enum Dialog {
    Open(PathBuf),
    Save(PathBuf, ExportKind),
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
    pub notice: Option<String>,
    dialogs: (mpsc::Sender<Dialog>, mpsc::Receiver<Dialog>),
    drag_start: Option<[f32; 2]>,
}

fn builtin_vexed() -> Vec<Level<Board>> {
    crate::levels::vexed()
        .into_iter()
        .map(|(title, b, par)| Level { title, start: b.settle().0, par: Some(par) })
        .collect()
}

fn builtin_shubbles() -> Vec<Level<shubbles::State>> {
    crate::levels::shubbles().into_iter().map(|l| Level { title: l.title, start: l.state, par: l.par }).collect()
}

fn sokoban_levels(mazes: Vec<sokoban::format::Maze>) -> Vec<Level<sokoban::scene::Game>> {
    mazes
        .into_iter()
        .enumerate()
        .map(|(i, m)| {
            let par = sokoban::solve::solve(&m).map(|s| s.moves.len());
            Level {
                title: format!("Maze {}", i + 1),
                start: sokoban::scene::Game { level: Arc::new(m.level), pos: m.start },
                par,
            }
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
            Level { title, start: StacksPlay { game: g, next: 0, turn: 1 }, par: None }
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

    /// Restores saved progress; a damaged store is ignored with a message.
    pub fn restore(&mut self, text: &str) {
        match Progress::from_text(text) {
            Ok(p) => {
                if let Some((g, i)) = p.last {
                    self.kind = g;
                    on_tab!(mut self, t => t.open(i));
                }
                self.progress = p;
            }
            Err(e) => self.notice = Some(e),
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
            let levels = levels.into_iter().map(|l| Level { title: l.title, start: l.state, par: l.par }).collect();
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
        let levels =
            levels.into_iter().map(|l| Level { title: l.title, start: l.board.settle().0, par: l.par }).collect();
        self.vexed = Tab::new(file, levels);
        self.kind = GameKind::Vexed;
        Ok(())
    }

    /// Records a solved level (best move count).
    fn record(&mut self) {
        fn solved<P: Playable>(t: &Tab<P>) -> Option<(String, usize)> {
            let s = &t.session;
            (s.current().solved() && !s.animating() && s.queue.is_empty() && s.moves() > 0)
                .then(|| (s.title.clone(), s.moves()))
        }
        let r = on_tab!(self, t => solved(t));
        if let Some((title, n)) = r {
            let e = self.progress.best.entry((self.kind, title)).or_insert(n);
            *e = (*e).min(n);
        }
    }

    fn index(&self) -> usize {
        on_tab!(self, t => t.index)
    }

    fn open_level(&mut self, i: usize) {
        on_tab!(mut self, t => t.open(i));
        self.progress.last = Some((self.kind, self.index()));
    }

    fn level_count(&self) -> usize {
        on_tab!(self, t => t.levels.len())
    }

    fn pick_file(&self, ctx: &egui::Context) {
        let tx = self.dialogs.0.clone();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            if let Some(p) = rfd::FileDialog::new().set_title("Open levels").pick_file() {
                let _ = tx.send(Dialog::Open(p));
                ctx.request_repaint();
            }
        });
    }

    fn save_file(&self, ctx: &egui::Context, kind: ExportKind) {
        let tx = self.dialogs.0.clone();
        let ctx = ctx.clone();
        let name = if kind == ExportKind::Png { "tumblebox.png" } else { "tumblebox.gif" };
        std::thread::spawn(move || {
            // `None` is "cancelled" (or no dialog available): nothing to do.
            if let Some(p) = rfd::FileDialog::new().set_file_name(name).save_file() {
                let _ = tx.send(Dialog::Save(p, kind));
                ctx.request_repaint();
            }
        });
    }

    fn handle_dialogs(&mut self) {
        while let Ok(d) = self.dialogs.1.try_recv() {
            match d {
                Dialog::Open(p) => {
                    self.notice = Some(match self.open_file(&p) {
                        Ok(()) => {
                            self.progress.last = Some((self.kind, 0));
                            format!("opened {}", p.display())
                        }
                        Err(e) => e,
                    })
                }
                Dialog::Save(p, kind) => {
                    self.notice = Some(match self.export_to(&p, kind) {
                        Ok(()) => format!("exported {}", p.display()),
                        Err(e) => format!("export failed: {e}"),
                    })
                }
            }
        }
    }

    /// One frame of the whole UI.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
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
                        self.progress.last = Some((k, self.index()));
                    }
                }
                ui.separator();
                ui.add(egui::Slider::new(&mut self.speed, 0.25..=4.0).logarithmic(true).suffix("×").text("speed"));
                ui.checkbox(&mut self.instant, "Instant");
            });
        });
        let kind = self.kind;
        let (speed, instant) = (self.speed, self.instant);
        let drag = &mut self.drag_start;
        let progress = &self.progress;
        let notice = &mut self.notice;
        match kind {
            GameKind::Vexed => game_ui(ui, kind, &mut self.vexed, speed, instant, drag, progress, notice, &[]),
            GameKind::Shubbles => {
                let buttons: &[(&str, egui::Key)] = &[
                    ("+ turn clockwise", egui::Key::Plus),
                    ("| half turn", egui::Key::Pipe),
                    ("- turn counter-clockwise", egui::Key::Minus),
                ];
                game_ui(ui, kind, &mut self.shubbles, speed, instant, drag, progress, notice, buttons)
            }
            GameKind::Sokoban => game_ui(ui, kind, &mut self.sokoban, speed, instant, drag, progress, notice, &[]),
            GameKind::Stacks => {
                let buttons: &[(&str, egui::Key)] =
                    &[("Next piece (N)", egui::Key::N), ("Next turn (T)", egui::Key::T)];
                game_ui(ui, kind, &mut self.stacks, speed, instant, drag, progress, notice, buttons)
            }
        }
        self.record();
    }

    fn global_keys(&mut self, ctx: &egui::Context) {
        if ctx.egui_wants_keyboard_input() {
            return;
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
        }
        if prev && i > 0 {
            self.open_level(i - 1);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn game_ui<P: Playable + Clone>(
    ui: &mut egui::Ui,
    kind: GameKind,
    tab: &mut Tab<P>,
    speed: f32,
    instant: bool,
    drag_start: &mut Option<[f32; 2]>,
    progress: &Progress,
    notice: &mut Option<String>,
    buttons: &[(&str, egui::Key)],
) {
    let ctx = ui.ctx().clone();
    tab.session.poll_solver(instant);
    // Advance time first, so every panel of this frame shows the same moment.
    let dt = ctx.input(|i| i.stable_dt).min(0.1);
    let moving = tab.session.tick(if instant { 1e6 } else { dt * speed }, instant);
    // Keys: undo / redo / restart, then the game's own.
    if !ctx.egui_wants_keyboard_input() {
        let events = ctx.input(|i| i.events.clone());
        for e in events {
            if let egui::Event::Key { key, pressed: true, modifiers, .. } = e {
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
            if s.current().solved() {
                ui.colored_label(egui::Color32::from_rgb(0x2e, 0x8b, 0x57), "solved");
            }
            if let Some(m) = s.message.as_ref().or(notice.as_ref()) {
                ui.separator();
                ui.label(m);
            }
        });
    });
    let mut open = None;
    egui::Panel::left("levels").default_size(220.0).resizable(true).show(ui, |ui| {
        ui.heading(kind.name());
        ui.label(format!("{} · {} levels (PageUp / PageDown)", tab.pack, tab.levels.len()));
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (i, l) in tab.levels.iter().enumerate() {
                let best = progress.best.get(&(kind, l.title.clone()));
                let mut text = l.title.clone();
                if best.is_some() {
                    text.push_str("  [solved]");
                }
                if let Some(b) = best {
                    text.push_str(&format!("  best {b}"));
                }
                if let Some(p) = l.par {
                    text.push_str(&format!("  par {p}"));
                }
                if ui.selectable_label(i == tab.index, text).clicked() {
                    open = Some(i);
                }
            }
        });
    });
    if let Some(i) = open {
        tab.open(i);
        *notice = None;
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
        if let (Some(i), Some(p)) = (tab.session.step_at(), tab.session.playback.as_ref())
            && (p.paused || p.time < p.timeline.total)
            && let Some((seg, _)) = p.timeline.at(p.time)
            && let Some((_, _, steps)) = tab.session.last_move()
            && let Some(step) = steps.get(i)
        {
            paint::outline(&painter, &view, &seg.state.touched(step));
        }
        if let Some(sel) = tab.session.selected {
            let x = 0.25 + sel.col as f32;
            let y = 0.25 + sel.row as f32;
            if kind == GameKind::Vexed {
                paint::outline(&painter, &view, &[[[x, y], [x + 1.0, y], [x + 1.0, y + 1.0], [x, y + 1.0]]]);
            }
        }
        if response.drag_started()
            && let Some(p) = ui.input(|i| i.pointer.press_origin()).or(response.interact_pointer_pos())
        {
            *drag_start = Some(view.to_scene(p));
        }
        if response.drag_stopped()
            && let (Some(from), Some(p)) = (drag_start.take(), response.interact_pointer_pos())
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
                    }
                    Some(p) => p.paused = true,
                    None => {
                        s.seek_step(0);
                        if let Some(p) = &mut s.playback {
                            p.time = 0.0;
                            p.paused = false;
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
            }
        }
        if let Some(i) = seek {
            s.seek_step(i);
        }
    });
}

impl eframe::App for TumbleApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
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
