//! The window's panels, one frame at a time: the menu bar, the level list with its pack
//! switcher, the status bar, the toolbar and the board, the rule debugger, the help. Actions
//! come from the command table (`command.rs`) whether they are menu items, buttons or keys, and
//! are carried out in one place ([`TumbleApp::run`]).

use super::command::Command;
use super::play::{Gesture, Overlay, Playable};
use super::session::Session;
use super::{GameKind, LevelKey, Notice, Progress, Tab, TumbleApp, help, paint};

/// What a game's panels asked for this frame.
#[derive(Default)]
pub(crate) struct Asked {
    commands: Vec<Command>,
    /// A level picked from the list.
    level: Option<usize>,
    /// A pack picked from the switcher (`None` inside: the built-in levels).
    pack: Option<Option<std::path::PathBuf>>,
    /// The stacks rule switched (only the bottom piece moves, Baekjoon 17780).
    bottom_only: Option<bool>,
}

/// What every game's panels share in one frame.
pub(crate) struct Shared<'a> {
    kind: GameKind,
    speed: &'a mut f32,
    instant: bool,
    numbers: bool,
    /// Mark dead squares (View › Dead squares).
    dead: bool,
    drag_start: &'a mut Option<[f32; 2]>,
    progress: &'a Progress,
    notice: &'a Option<Notice>,
    /// Scroll the level list to the current level (it changed by key).
    scroll_to_current: bool,
    /// The side panels shown (View › Level list, View › Rule debugger).
    levels: bool,
    debugger: bool,
    /// A modal window (the palette) has the keyboard.
    modal: bool,
    /// This game's My levels file, when there is one.
    my_pack: Option<std::path::PathBuf>,
}

/// A menu entry or button for a command: its label, shortcut and tooltip from the table.
fn command_button(ui: &mut egui::Ui, c: Command, enabled: bool, asked: &mut Vec<Command>) {
    let info = c.info();
    let mut b = egui::Button::new(info.label);
    if let Some(s) = c.shortcut_text(ui.ctx()) {
        b = b.shortcut_text(s);
    }
    if ui.add_enabled(enabled, b).on_hover_text(info.tooltip).clicked() {
        asked.push(c);
        ui.close();
    }
}

/// A toolbar button for a command: the label only, the shortcut in the tooltip.
fn tool_button(ui: &mut egui::Ui, c: Command, enabled: bool, asked: &mut Vec<Command>) {
    let info = c.info();
    let tip = match c.shortcut_text(ui.ctx()) {
        Some(s) => format!("{} ({s})", info.tooltip),
        None => info.tooltip.to_string(),
    };
    if ui.add_enabled(enabled, egui::Button::new(info.label)).on_hover_text(tip).clicked() {
        asked.push(c);
    }
}

fn toggle(ui: &mut egui::Ui, c: Command, on: bool, asked: &mut Vec<Command>) {
    let mut v = on;
    if ui.checkbox(&mut v, c.label()).on_hover_text(c.info().tooltip).changed() {
        asked.push(c);
        ui.close();
    }
}

impl TumbleApp {
    /// One frame of the whole UI.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        ctx.set_visuals(if self.progress.dark { egui::Visuals::dark() } else { egui::Visuals::light() });
        self.handle_dropped(&ctx);
        self.handle_dialogs();
        let mut commands = Vec::new();
        // The palette is modal: its keys are its own (Escape closes it).
        let modal = self.palette.is_some();
        if modal && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
            self.palette = None;
        }
        let mut pasted = None;
        if !ctx.text_edit_focused() && !modal {
            commands = Command::pressed(&ctx);
            // The clipboard's keys arrive as events of their own (the platform reads the
            // clipboard for a paste).
            for e in ctx.input(|i| i.events.clone()) {
                match e {
                    egui::Event::Copy => commands.push(Command::Copy),
                    egui::Event::Paste(t) => pasted = Some(t),
                    _ => {}
                }
            }
            if ctx.input(|i| i.events.iter().any(|e| matches!(e, egui::Event::Text(t) if t == "?"))) {
                commands.push(Command::Help);
            }
            self.release_focus(&ctx);
        }
        self.menu_bar(ui, &mut commands);
        self.follow_sessions();
        if self.offer.is_some() && !self.editing() {
            let title = self.tab().title().to_string();
            let mut go = None;
            egui::Panel::top("offer").show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(format!("You played {title} before: its last game was kept."));
                    if ui
                        .button("Continue")
                        .on_hover_text("That game, with its whole history (undo goes back)")
                        .clicked()
                    {
                        go = Some(true);
                    }
                    if ui
                        .button("Start over")
                        .on_hover_text("A fresh start (the kept game stays until you play)")
                        .clicked()
                    {
                        go = Some(false);
                    }
                });
            });
            match go {
                Some(true) => self.continue_offered(),
                Some(false) => self.offer = None,
                None => {}
            }
        }
        if self.editing() {
            let mut asked = Vec::new();
            super::edit::edit_ui(self, ui, &mut asked);
            commands.extend(asked);
            for c in commands {
                self.run(c, &ctx);
            }
            self.help_window(&ctx);
            self.palette_window(&ctx);
            return;
        }
        if let Some(e) = self.edit.as_ref().filter(|e| e.testing.is_some()) {
            let title = e.pad.title().to_string();
            egui::Panel::top("testing").show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(format!("Testing {title}: play it; the editor keeps its history."));
                    if ui.button("Back to editor").on_hover_text(Command::TestLevel.info().tooltip).clicked() {
                        commands.push(Command::TestLevel);
                    }
                });
            });
        }
        let my_pack = self.my_pack(self.kind);
        let mut shared = Shared {
            kind: self.kind,
            speed: &mut self.speed,
            instant: self.instant,
            numbers: self.progress.numbers,
            dead: self.progress.dead,
            drag_start: &mut self.drag_start,
            progress: &self.progress,
            notice: &self.notice,
            scroll_to_current: std::mem::take(&mut self.scroll_to_current),
            modal,
            levels: !self.hide_levels,
            debugger: !self.hide_debugger,
            my_pack,
        };
        let asked = self.tabs.get_mut(self.kind).ui(ui, &mut shared);
        commands.extend(asked.commands);
        if let Some(i) = asked.level {
            self.progress.set_last(self.kind, i);
            self.notice = None;
        }
        if let Some(pack) = asked.pack {
            self.switch_pack(pack);
        }
        if let Some(on) = asked.bottom_only {
            self.set_bottom_only(on);
        }
        for c in commands {
            self.run(c, &ctx);
        }
        if let Some(t) = pasted {
            match self.paste(&t) {
                Ok(()) => {
                    let what = format!("opened what was pasted: {}", self.tab().title());
                    self.notify(what, Some(self.kind));
                }
                Err(e) => self.notify(e, Some(self.kind)),
            }
        }
        self.help_window(&ctx);
        self.palette_window(&ctx);
        self.export_window(&ctx);
        self.record();
        self.progress.set_settings(self.speed, self.instant);
    }

    /// Tab moves the keyboard focus between buttons (Space or Enter presses the focused one),
    /// but a game key hands the keyboard back to the game: focus never traps it.
    fn release_focus(&self, ctx: &egui::Context) {
        let game_key = ctx.input(|i| {
            i.events.iter().any(|e| {
                matches!(e, egui::Event::Key { key, pressed: true, .. }
                    if !matches!(key, egui::Key::Tab | egui::Key::Enter | egui::Key::Space | egui::Key::Escape))
            })
        });
        if game_key && let Some(id) = ctx.memory(|m| m.focused()) {
            ctx.memory_mut(|m| m.surrender_focus(id));
        }
    }

    fn menu_bar(&mut self, ui: &mut egui::Ui, asked: &mut Vec<Command>) {
        let allowed = self.allowed();
        let item =
            |ui: &mut egui::Ui, c: Command, asked: &mut Vec<Command>| command_button(ui, c, c.enabled(&allowed), asked);
        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("File", |ui| {
                    item(ui, Command::Open, asked);
                    item(ui, Command::Save, asked);
                    ui.separator();
                    for c in [Command::Copy, Command::CopyLink, Command::Paste] {
                        item(ui, c, asked);
                    }
                    let recent: Vec<(GameKind, std::path::PathBuf)> = self.progress.recent.clone();
                    ui.add_enabled_ui(!recent.is_empty(), |ui| {
                        ui.menu_button("Open recent", |ui| {
                            for (g, p) in recent {
                                let name =
                                    p.file_name().map_or(p.display().to_string(), |f| f.to_string_lossy().to_string());
                                if ui
                                    .button(format!("{name}  ({})", g.name()))
                                    .on_hover_text(p.display().to_string())
                                    .clicked()
                                {
                                    let _ = self.dialogs.0.send(super::Dialog::Open(p));
                                    ui.close();
                                }
                            }
                        });
                    });
                    ui.separator();
                    item(ui, Command::Export, asked);
                });
                ui.menu_button("Game", |ui| {
                    for c in [Command::Undo, Command::Redo, Command::Restart] {
                        item(ui, c, asked);
                    }
                    ui.separator();
                    for c in [Command::Solve, Command::Hint, Command::Cancel] {
                        item(ui, c, asked);
                    }
                    ui.separator();
                    for c in [Command::ReplayBest, Command::ExportBest, Command::SaveBest] {
                        item(ui, c, asked);
                    }
                    ui.separator();
                    for c in [Command::NextLevel, Command::PreviousLevel, Command::NextUnsolved] {
                        item(ui, c, asked);
                    }
                });
                ui.menu_button("Level", |ui| {
                    for c in [Command::Edit, Command::NewLevel] {
                        item(ui, c, asked);
                    }
                    ui.separator();
                    for c in [
                        Command::TestLevel,
                        Command::CertifyLevel,
                        Command::SaveLevel,
                        Command::AddToMyLevels,
                        Command::LeaveEditor,
                    ] {
                        item(ui, c, asked);
                    }
                    ui.separator();
                    {
                        let c = Command::SaveMyLevels;
                        item(ui, c, asked);
                    }
                });
                ui.menu_button("Debug", |ui| {
                    for c in Command::TIMELINE {
                        item(ui, c, asked);
                    }
                });
                ui.menu_button("View", |ui| {
                    toggle(ui, Command::DarkTheme, self.progress.dark, asked);
                    toggle(ui, Command::Instant, self.instant, asked);
                    toggle(ui, Command::CellNumbers, self.progress.numbers, asked);
                    toggle(ui, Command::DeadSquares, self.progress.dead, asked);
                    ui.separator();
                    toggle(ui, Command::LevelsPanel, !self.hide_levels, asked);
                    toggle(ui, Command::DebuggerPanel, !self.hide_debugger, asked);
                });
                ui.menu_button("Help", |ui| {
                    item(ui, Command::Help, asked);
                    item(ui, Command::Palette, asked);
                });
                ui.separator();
                for k in GameKind::ALL {
                    if ui.selectable_label(self.kind == k, k.name()).clicked() && self.kind != k && self.may_drop() {
                        // Another game: the editor (of this one) closes.
                        self.stop_editing();
                        self.kind = k;
                        self.progress.set_last(k, self.index());
                    }
                }
                ui.separator();
                ui.checkbox(&mut self.instant, "Instant").on_hover_text(Command::Instant.info().tooltip);
            });
        });
    }

    /// Carries out a command, from whichever menu, button or key it came.
    pub fn run(&mut self, c: Command, ctx: &egui::Context) {
        let repaint = {
            let ctx = ctx.clone();
            move || ctx.request_repaint()
        };
        if self.run_edit(c, ctx) {
            return;
        }
        let i = self.index();
        match c {
            Command::Edit
            | Command::SaveMyLevels
            | Command::LeaveEditor
            | Command::NewLevel
            | Command::TestLevel
            | Command::CertifyLevel
            | Command::SaveLevel
            | Command::AddToMyLevels => {}
            Command::Open => self.pick_file(ctx),
            Command::Export => self.export.open = !self.export.open,
            Command::ReplayBest | Command::ExportBest | Command::SaveBest => self.use_best(c, Some(ctx)),
            Command::Save => self.save_file(ctx, super::ExportKind::Save),
            Command::Copy => {
                ctx.copy_text(self.tab().copy_text());
                let what = format!("copied {} and its moves", self.tab().title());
                self.notify(what, Some(self.kind));
            }
            Command::CopyLink => {
                ctx.copy_text(self.game_id());
                self.notify("copied the game ID: Paste (Ctrl+V) opens it", Some(self.kind));
            }
            Command::Paste => ctx.send_viewport_cmd(egui::ViewportCommand::RequestPaste),
            Command::Undo => self.tab_mut().undo(),
            Command::Redo => self.tab_mut().redo(),
            Command::Restart => self.tab_mut().restart(),
            Command::Solve => self.tab_mut().solve(false, Box::new(repaint)),
            Command::Hint => self.tab_mut().solve(true, Box::new(repaint)),
            Command::Cancel => self.tab_mut().cancel(),
            Command::NextLevel if i + 1 < self.level_count() => {
                self.open_level(i + 1);
                self.scroll_to_current = true;
            }
            Command::PreviousLevel if i > 0 => {
                self.open_level(i - 1);
                self.scroll_to_current = true;
            }
            Command::NextUnsolved => match self.next_unsolved() {
                Some(j) => {
                    self.open_level(j);
                    self.scroll_to_current = true;
                }
                None => self.notify("every level of this pack is solved", Some(self.kind)),
            },
            Command::NextLevel | Command::PreviousLevel => {}
            Command::Help => self.help_open = !self.help_open,
            Command::DarkTheme => self.progress.set_dark(!self.progress.dark),
            Command::Instant => self.instant = !self.instant,
            Command::CellNumbers => self.progress.set_numbers(!self.progress.numbers),
            Command::DeadSquares => self.progress.set_dead(!self.progress.dead),
            Command::LevelsPanel => self.hide_levels = !self.hide_levels,
            Command::DebuggerPanel => self.hide_debugger = !self.hide_debugger,
            Command::Palette => {
                self.palette = if self.palette.is_some() { None } else { Some((String::new(), 0)) };
            }
            Command::PlayPause
            | Command::StepBack
            | Command::StepForward
            | Command::MoveBack
            | Command::MoveForward
            | Command::TimelineStart
            | Command::TimelineEnd => {
                let animate = !self.instant;
                self.tab_mut().timeline(c, animate)
            }
        }
    }

    /// The first level after the current one (wrapping round) the player has not solved.
    pub fn next_unsolved(&self) -> Option<usize> {
        let n = self.level_count();
        let i = self.index();
        (1..=n)
            .map(|d| (i + d) % n)
            .find(|&j| self.level_key(j).is_some_and(|k| self.progress.get(&k).and_then(|r| r.best).is_none()))
    }

    /// The export panel: format, size, speed, the range of moves, loop, hold, captions; the
    /// frames, duration and an estimate of the size before writing; then the export runs on
    /// another thread with a progress bar and Cancel while the window goes on.
    fn export_window(&mut self, ctx: &egui::Context) {
        self.poll_export();
        if self.running.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        if !self.export.open && self.running.is_none() {
            return;
        }
        let n = self.tab().moves();
        let selected = self.tab().selected_moves();
        let mut open = true;
        let mut go = false;
        let mut cancel = false;
        let req = self.export.request(Some(std::path::PathBuf::from("x")));
        let key = format!("{:?}|{:?}|{}|{}|{n}", req, self.kind, self.tab().title(), self.tab().index());
        if self.plan_cache.as_ref().is_none_or(|(k, _)| *k != key) {
            let plan = if self.export.format == 2 { Ok((1, 0.0)) } else { self.tab().export_plan(&req) };
            self.plan_cache = Some((key, plan));
        }
        let plan = self.plan_cache.as_ref().map(|(_, p)| p.clone()).unwrap_or(Ok((0, 0.0)));
        let running = self.running.as_ref().map(|r| (r.done.load(std::sync::atomic::Ordering::Relaxed), r.frames));
        let e = &mut self.export;
        egui::Window::new("Export")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_pos([330.0, 90.0])
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label("format:");
                    ui.radio_value(&mut e.format, 0, "GIF");
                    ui.radio_value(&mut e.format, 1, "APNG");
                    ui.radio_value(&mut e.format, 2, "PNG of the position on screen");
                    ui.radio_value(&mut e.format, 3, "PNG strip of every step");
                });
                ui.horizontal(|ui| {
                    let l = ui.label("size (pixels):");
                    ui.add(egui::DragValue::new(&mut e.size).range(16..=4096)).labelled_by(l.id);
                });
                if e.format != 2 {
                    if e.format != 3 {
                        ui.checkbox(&mut e.smooth, "smooth (20 fps); otherwise one step per second");
                    }
                    ui.add(egui::Slider::new(&mut e.speed, 0.1..=10.0).logarithmic(true).suffix("×").text("speed"));
                    let mut some = e.from > 0 || e.to > 0;
                    ui.horizontal(|ui| {
                        if ui.checkbox(&mut some, "only moves").changed() {
                            (e.from, e.to) = if some { (1, n.max(1)) } else { (0, 0) };
                        }
                        if some {
                            let a = ui.label("from");
                            ui.add(egui::DragValue::new(&mut e.from).range(1..=n.max(1))).labelled_by(a.id);
                            let b = ui.label("to");
                            let lo = e.from;
                            ui.add(egui::DragValue::new(&mut e.to).range(lo..=n.max(1))).labelled_by(b.id);
                            ui.label(format!("of {n}"));
                        } else {
                            ui.weak(format!("all {n} since the last restart"));
                        }
                        if let Some((a, b)) = selected
                            && ui
                                .small_button("the timeline's selection")
                                .on_hover_text("The range selected on the timeline (Shift+click)")
                                .clicked()
                        {
                            (e.from, e.to) = (a, b);
                        }
                    });
                    ui.horizontal(|ui| {
                        let l = ui.label("loop:");
                        ui.add(egui::DragValue::new(&mut e.loops).range(0..=1000)).labelled_by(l.id);
                        ui.weak(if e.loops == 0 { "forever" } else { "more times after the first" });
                    });
                    ui.horizontal(|ui| {
                        let l = ui.label("hold the last frame:");
                        ui.add(egui::DragValue::new(&mut e.hold).range(0.0..=600.0).speed(0.1).suffix(" s"))
                            .labelled_by(l.id);
                    });
                    ui.checkbox(&mut e.caption, "captions: the move and the move counter under the board");
                }
                ui.separator();
                match &plan {
                    Ok((frames, secs)) if e.format != 2 => {
                        // Measured on the built-in levels: about 0.002 bytes a pixel a frame for
                        // GIF (only changed rectangles are stored), 0.02 for APNG.
                        let per = if e.format == 1 { 0.02 } else { 0.002 };
                        let bytes = (*frames as f64 * (e.size * e.size) as f64 * per).max(1000.0);
                        ui.label(format!("{frames} frames, {secs:.1} s, about {:.0} KB", bytes / 1000.0));
                    }
                    Ok(_) => {
                        ui.label(format!("one picture, {0} x {0}", e.size));
                    }
                    Err(m) => {
                        ui.colored_label(egui::Color32::from_rgb(0xd9, 0x2b, 0x2b), m);
                    }
                }
                if let Some((done, frames)) = running {
                    let f = if frames == 0 { 0.0 } else { done as f32 / frames as f32 };
                    ui.add(egui::ProgressBar::new(f).text(format!("exporting: {done} / {frames} frames")));
                    if ui.button("Cancel export").clicked() {
                        cancel = true;
                    }
                } else if ui.add_enabled(plan.is_ok(), egui::Button::new("Export to a file…")).clicked() {
                    go = true;
                }
            });
        self.export.open = open;
        if cancel && let Some(r) = &self.running {
            r.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        if go {
            self.save_file(ctx, super::ExportKind::Panel);
        }
    }

    /// The command palette: every command of the table, found by typing, run with Enter or
    /// a click; one greyed out cannot be used now.
    fn palette_window(&mut self, ctx: &egui::Context) {
        let Some((mut query, mut sel)) = self.palette.take() else { return };
        let allowed = self.allowed();
        let mut open = true;
        let mut run = None;
        egui::Window::new("Command palette")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
            .default_width(420.0)
            .show(ctx, |ui| {
                let edit = ui.add(
                    egui::TextEdit::singleline(&mut query).hint_text("type to find a command").desired_width(400.0),
                );
                edit.request_focus();
                let found = Command::matching(&query);
                let (up, down, enter) = ui.input(|i| {
                    (
                        i.key_pressed(egui::Key::ArrowUp),
                        i.key_pressed(egui::Key::ArrowDown),
                        i.key_pressed(egui::Key::Enter),
                    )
                });
                if edit.changed() {
                    sel = 0;
                }
                if down {
                    sel = (sel + 1).min(found.len().saturating_sub(1));
                }
                if up {
                    sel = sel.saturating_sub(1);
                }
                if enter
                    && let Some(&c) = found.get(sel)
                    && c.enabled(&allowed)
                {
                    run = Some(c);
                }
                if found.is_empty() {
                    ui.weak("no command has those words");
                }
                for (k, &c) in found.iter().enumerate() {
                    let info = c.info();
                    let mut text = info.label.to_string();
                    if let Some(sc) = c.shortcut_text(ctx) {
                        text.push_str(&format!("   {sc}"));
                    }
                    let r = ui
                        .add_enabled(c.enabled(&allowed), egui::Button::selectable(k == sel, text))
                        .on_hover_text(info.tooltip);
                    if r.clicked() {
                        run = Some(c);
                    }
                }
            });
        if let Some(c) = run {
            if c != Command::Palette {
                self.run(c, ctx);
            }
        } else if open {
            self.palette = Some((query, sel));
        }
    }

    fn help_window(&mut self, ctx: &egui::Context) {
        if !self.help_open {
            return;
        }
        let h = help::help(self.kind);
        let mut open = true;
        egui::Window::new(format!("How to play: {}", self.kind.name()))
            .open(&mut open)
            .default_width(480.0)
            .default_height(620.0)
            .default_pos([240.0, 40.0])
            .collapsible(false)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                    for (head, text) in h.sections {
                        ui.strong(*head);
                        ui.label(*text);
                        ui.add_space(6.0);
                    }
                    ui.strong("Keys");
                    egui::Grid::new("keys").num_columns(2).striped(true).show(ui, |ui| {
                        for (k, what) in h.keys {
                            ui.monospace(*k);
                            ui.label(*what);
                            ui.end_row();
                        }
                        for c in Command::ALL {
                            if let Some(s) = c.shortcut_text(ctx) {
                                ui.monospace(s);
                                ui.label(c.label().trim_end_matches('…'));
                                ui.end_row();
                            }
                        }
                        ui.monospace("?");
                        ui.label("this help");
                        ui.end_row();
                    });
                });
            });
        self.help_open = open;
    }
}

/// One game's panels for one frame.
pub(crate) fn game_ui<P: Playable + Clone>(ui: &mut egui::Ui, tab: &mut Tab<P>, shared: &mut Shared<'_>) -> Asked {
    let (kind, speed, instant, buttons) = (shared.kind, *shared.speed, shared.instant, P::buttons());
    let mut asked = Asked::default();
    let ctx = ui.ctx().clone();
    tab.session.poll_solver(instant);
    // Advance time first, so every panel of this frame shows the same moment. Animation
    // follows the clock: a slow renderer shows fewer frames of a move, not a slower move
    // (capped at a second, so a stall does not skip a whole animation).
    let dt = ctx.input(|i| i.stable_dt).min(1.0);
    let moving = tab.session.tick(if instant { 1e6 } else { dt * speed }, instant);
    // The game's own keys and typed notation (the commands' keys were consumed already).
    if !ctx.text_edit_focused() && !shared.modal {
        let events = ctx.input(|i| i.events.clone());
        for e in events {
            match e {
                egui::Event::Key { key, pressed: true, modifiers, .. } if !modifiers.command => {
                    tab.session.gesture(Gesture::Key(key), instant);
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
    status_bar(ui, tab, shared);
    if shared.levels {
        level_list(ui, tab, shared, &mut asked);
    }
    if shared.debugger {
        debugger_ui(ui, &mut tab.session, shared.speed);
    }
    egui::CentralPanel::default_margins().show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            let s = &mut tab.session;
            tool_button(ui, Command::Undo, s.cursor > 0, &mut asked.commands);
            tool_button(ui, Command::Redo, s.cursor < s.history.len(), &mut asked.commands);
            tool_button(ui, Command::Restart, s.cursor > 0, &mut asked.commands);
            ui.separator();
            // Buttons do what their keys do.
            for (label, key) in buttons {
                if ui.button(*label).clicked() {
                    s.gesture(Gesture::Key(*key), instant);
                }
            }
            if let Some(on) = s.start.bottom_only() {
                let mut v = on;
                if ui
                    .checkbox(&mut v, "only the bottom piece moves (17780)")
                    .on_hover_text(
                        "Baekjoon 17780's rule: a piece that is not at the bottom of its stack skips its move",
                    )
                    .changed()
                {
                    asked.bottom_only = Some(v);
                }
            }
            ui.separator();
            if let Some(j) = &s.solver {
                ui.spinner();
                let n = j.progress.load(std::sync::atomic::Ordering::Relaxed);
                ui.label(format!("{n} states"));
                tool_button(ui, Command::Cancel, true, &mut asked.commands);
            } else {
                let info = Command::Solve.info();
                if ui.button(P::solve_label()).on_hover_text(info.tooltip).clicked() {
                    asked.commands.push(Command::Solve);
                }
                tool_button(ui, Command::Hint, true, &mut asked.commands);
            }
            ui.separator();
            tool_button(ui, Command::Edit, true, &mut asked.commands);
        });
        completion(ui, tab, kind, &mut asked);
        board(ui, tab, shared);
    });
    if moving || tab.session.animating() {
        ctx.request_repaint();
    } else if tab.session.solver.is_some() {
        ctx.request_repaint_after(std::time::Duration::from_millis(200));
    }
    if let Some(i) = asked.level {
        tab.open(i);
    }
    asked
}

/// The credit a pack's levels carry wherever they are shown.
fn credit(pack: &str) -> Option<&'static str> {
    let p = pack.to_lowercase();
    (p.contains("microban") || p.contains("sasquatch")).then_some("Microban / Sasquatch by David W. Skinner")
}

fn status_bar<P: Playable>(ui: &mut egui::Ui, tab: &Tab<P>, shared: &Shared<'_>) {
    let s = &tab.session;
    egui::Panel::bottom("status").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(format!("{} · {}", tab.pack, s.title));
            // The level list carries the credit; with it hidden, the status bar does.
            if let Some(c) = credit(&tab.pack).filter(|_| !shared.levels) {
                ui.small(c);
            }
            ui.separator();
            if P::counts_pushes() {
                // UVa 589's own criteria: pushes first, then moves.
                let (_, _, steps) = s.run();
                let pushes = steps.iter().filter(|st| st.iter().any(P::is_push)).count();
                ui.label(format!("pushes: {pushes} · moves: {}", s.moves()));
            } else {
                ui.label(format!("moves: {}", s.moves()));
            }
            if let Some(p) = tab.levels.get(tab.index).and_then(|l| l.par_text.clone()) {
                ui.label(format!("par: {p}"));
            } else if let Some(p) = s.par {
                ui.label(format!("par: {p}"));
            }
            let failed = s.last_move().and_then(|(before, _, steps)| {
                let i = steps.iter().position(P::is_failure)?;
                Some(before.records(steps).swap_remove(i).text)
            });
            if let Some(f) = failed {
                ui.colored_label(
                    egui::Color32::from_rgb(0xd9, 0x2b, 0x2b),
                    format!("{f}: the attempt fails (undo to go on)"),
                );
            } else if let Some(st) = s.current().status() {
                ui.label(st);
            } else if s.current().solved() {
                ui.colored_label(egui::Color32::from_rgb(0x2e, 0x8b, 0x57), s.current().done_text());
            }
            // One place for messages: the newest of this game's and the app's (unless the
            // app's belongs to another game's tab).
            let app_note = shared.notice.as_ref().filter(|n| n.tab.is_none_or(|t| t == shared.kind));
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
}

fn level_list<P: Playable>(ui: &mut egui::Ui, tab: &Tab<P>, shared: &Shared<'_>, asked: &mut Asked) {
    let (kind, progress) = (shared.kind, shared.progress);
    egui::Panel::left("levels").default_size(250.0).resizable(true).show(ui, |ui| {
        ui.heading(kind.name());
        // The pack switcher: the built-in levels and this game's recent files.
        let recent: Vec<&std::path::PathBuf> =
            progress.recent.iter().filter(|(g, _)| *g == kind).map(|(_, p)| p).collect();
        egui::ComboBox::from_label("pack").selected_text(tab.pack.clone()).width(170.0).show_ui(ui, |ui| {
            if ui.selectable_label(tab.pack == "Built-in", "Built-in").clicked() {
                asked.pack = Some(None);
            }
            if let Some(p) = &shared.my_pack
                && ui
                    .selectable_label(tab.pack == super::MY_LEVELS, super::MY_LEVELS)
                    .on_hover_text(format!("The levels you made in the editor ({})", p.display()))
                    .clicked()
            {
                asked.pack = Some(Some(p.clone()));
            }
            for p in recent {
                let name = p.file_name().map_or(p.display().to_string(), |f| f.to_string_lossy().to_string());
                if ui.selectable_label(tab.pack == name, name).on_hover_text(p.display().to_string()).clicked() {
                    asked.pack = Some(Some(p.clone()));
                }
            }
        });
        let n = tab.levels.len();
        if kind == GameKind::Stacks {
            ui.label(format!("{n} {} (PageUp / PageDown)", if n == 1 { "board" } else { "boards" }));
        } else {
            let solved = progress.solved_in(kind, &tab.pack);
            ui.label(format!("{solved} / {n} solved (PageUp / PageDown)"));
        }
        if let Some(c) = credit(&tab.pack) {
            ui.small(c);
        }
        egui::ScrollArea::vertical().show(ui, |ui| {
            // One line a level: long ones are cut (the whole text is the tooltip).
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            for (i, l) in tab.levels.iter().enumerate() {
                let key = LevelKey { game: kind, pack: tab.pack.clone(), content: l.content };
                let rec = progress.get(&key).cloned().unwrap_or_default();
                let mut text = l.title.clone();
                if let Some(p) = &l.par_text {
                    text.push_str(&format!("  par {p}"));
                } else if let Some(p) = l.par {
                    text.push_str(&format!("  par {p}"));
                }
                if let Some(n) = &l.note {
                    text.push_str(&format!("  ({n})"));
                }
                match rec.best {
                    Some(b) => text.push_str(&format!("  [solved] best {b}")),
                    None if rec.shown => text.push_str("  [shown by the solver]"),
                    None => {}
                }
                let r = ui.selectable_label(i == tab.index, &text).on_hover_text(&text);
                if i == tab.index && shared.scroll_to_current {
                    r.scroll_to_me(None);
                }
                if r.clicked() {
                    asked.level = Some(i);
                }
            }
        });
    });
}

/// The moment a level is done: a banner over the board with what happened and where next.
fn completion<P: Playable>(ui: &mut egui::Ui, tab: &Tab<P>, kind: GameKind, asked: &mut Asked) {
    let s = &tab.session;
    if !(s.current().solved() && s.moves() > 0 && !s.animating() && s.queue.is_empty()) {
        return;
    }
    let text = if kind == GameKind::Stacks {
        s.current().done_text()
    } else if s.by_player() {
        let par = match s.par {
            Some(p) if s.moves() < p => format!(", {} under par {p}!", p - s.moves()),
            Some(p) if s.moves() == p => format!(", par {p}: optimal"),
            Some(p) => format!(" (par {p})"),
            None => String::new(),
        };
        format!("Solved in {} moves{par}", s.moves())
    } else {
        format!("The solver's solution: {} moves (not counted as yours)", s.moves())
    };
    let green = egui::Color32::from_rgb(0x2e, 0x8b, 0x57);
    egui::Frame::new().fill(green).inner_margin(8.0).corner_radius(6.0).show(ui, |ui| {
        // Wrapped, so the buttons stay on screen beside a long message in a narrow window.
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(text).strong().color(egui::Color32::WHITE).size(17.0));
            ui.add_space(12.0);
            tool_button(ui, Command::NextLevel, tab.index + 1 < tab.levels.len(), &mut asked.commands);
            if kind != GameKind::Stacks {
                tool_button(ui, Command::NextUnsolved, true, &mut asked.commands);
            }
        });
    });
}

fn board<P: Playable>(ui: &mut egui::Ui, tab: &mut Tab<P>, shared: &mut Shared<'_>) {
    let (kind, instant) = (shared.kind, shared.instant);
    let size = ui.available_size();
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "board"));
    let scene = tab.session.scene();
    let painter = ui.painter_at(rect);
    let view = paint::paint(&painter, rect, &scene);
    let s = &tab.session;
    let at_rest = !s.animating() && s.queue.is_empty();
    if shared.numbers && at_rest {
        paint::labels(&painter, &view, &s.current().labels());
    }
    if shared.dead && at_rest {
        let here = s.current();
        for c in here.dead_cells() {
            paint::dead(&painter, &view, &here.cell_quad(c));
        }
    }
    // The debugger's highlight: the cells the current step changes, and in a second colour
    // the cells of the step that caused it.
    if let Some((state, step)) = s.shown_step() {
        paint::outline(&painter, &view, &state.touched(step));
        paint::cause(&painter, &view, &s.cause_quads(), CAUSE);
    }
    // The inspected cell: pinned, or under the pointer now.
    if let Some(c) = s.debug.cell()
        && (s.debug.pinned.is_some() || response.hovered())
    {
        paint::inspected(&painter, &view, &s.current().cell_quad(c));
    }
    // The hint, on the board: what to move and which way.
    if let Some(mv) = &s.hint
        && at_rest
    {
        paint::overlays(&painter, &view, &s.current().hint_overlay(mv));
    }
    // The selection (Vexed's chosen block), drawn apart from the highlight: a dashed ring
    // in the selection colour, while no animation plays.
    if let Some(sel) = s.selected
        && kind == GameKind::Vexed
        && at_rest
    {
        let x = 0.25 + sel.col as f32;
        let y = 0.25 + sel.row as f32;
        paint::selection(&painter, &view, &[[x, y], [x + 1.0, y], [x + 1.0, y + 1.0], [x, y + 1.0]]);
    }
    // The inspector follows the pointer (and keeps the last cell pointed at, so its list can
    // be clicked); a right-click pins a cell (again: unpins it).
    let s = &mut tab.session;
    if let Some(c) = response.hover_pos().and_then(|p| s.current().cell_at(view.to_scene(p))) {
        s.debug.hovered = Some(c);
    }
    if response.secondary_clicked()
        && let Some(p) = response.interact_pointer_pos()
    {
        let c = s.current().cell_at(view.to_scene(p));
        s.debug.pinned = if s.debug.pinned == c { None } else { c };
    }
    let s = &tab.session;
    if response.drag_started()
        && let Some(p) = ui.input(|i| i.pointer.press_origin()).or(response.interact_pointer_pos())
    {
        *shared.drag_start = Some(view.to_scene(p));
    }
    // A drag in progress: the block follows the pointer and shows where it will land.
    if response.dragged()
        && at_rest
        && let (Some(from), Some(p)) = (*shared.drag_start, response.interact_pointer_pos())
    {
        paint::overlays(&painter, &view, &s.current().drag_overlay(from, view.to_scene(p)));
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
}

/// The rule debugger: the game's timeline, the shown move's steps with their causes, run-until
/// breakpoints, the cell inspector, and the trace to copy.
fn debugger_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>, speed: &mut f32) {
    egui::Panel::right("debugger").default_size(340.0).resizable(true).show(ui, |ui| {
        ui.heading("Rule debugger");
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            timeline_ui(ui, s, speed);
            ui.separator();
            steps_ui(ui, s);
            ui.separator();
            breakpoints_ui(ui, s);
            ui.separator();
            inspector_ui(ui, s);
            ui.separator();
            ui.horizontal(|ui| {
                let any = s.moves() > 0;
                if ui
                    .add_enabled(any, egui::Button::new("Copy trace"))
                    .on_hover_text(
                        "The steps of the moves since the last restart, as `tumblebox GAME trace` prints them",
                    )
                    .clicked()
                {
                    let text: String = s.trace_lines().iter().map(|l| format!("{l}\n")).collect();
                    ui.ctx().copy_text(text);
                    s.say("trace copied");
                }
                if ui
                    .add_enabled(any, egui::Button::new("Copy as test"))
                    .on_hover_text(
                        "A Rust test: the level, the moves and the steps expected, traced on the command line",
                    )
                    .clicked()
                {
                    ui.ctx().copy_text(s.trace_test());
                    s.say("test copied: paste it into a file under tests/");
                }
            });
        });
    });
}

/// Where the timeline strip puts history position `i` of `n`.
fn strip_x(rect: egui::Rect, i: usize, n: usize) -> f32 {
    let pad = 8.0;
    rect.left() + pad + (rect.width() - 2.0 * pad) * i as f32 / n.max(1) as f32
}

/// The game's timeline: a strip with a tick per move and marks, the transport, the list of
/// moves. Clicking jumps (the state after that move); Shift+click selects a range to loop.
fn timeline_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>, speed: &mut f32) {
    let n = s.history.len();
    ui.strong("Timeline");
    // The strip: position 0 (the start) to n (after every move).
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 30.0), egui::Sense::click_and_drag());
    resp.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Slider, true, format!("timeline: position {} of {n}", s.cursor))
    });
    let painter = ui.painter_at(rect);
    let vis = ui.visuals();
    painter.rect_filled(rect, 4.0, vis.extreme_bg_color);
    if let Some((a, b)) = s.range {
        let r = egui::Rect::from_x_y_ranges(strip_x(rect, a, n)..=strip_x(rect, b, n), rect.y_range());
        painter.rect_filled(r, 2.0, paint::SELECTION.linear_multiply(0.25));
    }
    let y = rect.center().y;
    painter.line_segment(
        [egui::pos2(strip_x(rect, 0, n), y), egui::pos2(strip_x(rect, n, n), y)],
        egui::Stroke::new(1.0, vis.weak_text_color()),
    );
    // More moves than the strip has room for: the part played as a bar instead of ticks.
    let dense = n as f32 * 3.0 > rect.width();
    if dense {
        painter.line_segment(
            [egui::pos2(strip_x(rect, 0, n), y), egui::pos2(strip_x(rect, s.cursor, n), y)],
            egui::Stroke::new(6.0, vis.text_color().linear_multiply(0.6)),
        );
    }
    for (i, e) in s.history.iter().enumerate() {
        let x = strip_x(rect, i + 1, n);
        let ahead = i >= s.cursor;
        let c = if ahead { vis.weak_text_color().linear_multiply(0.5) } else { vis.text_color() };
        match e {
            super::session::Entry::Move { marks, .. } => {
                if !dense {
                    painter.line_segment([egui::pos2(x, y - 5.0), egui::pos2(x, y + 5.0)], egui::Stroke::new(1.0, c));
                }
                if !marks.is_empty() {
                    painter.circle_filled(egui::pos2(x, rect.top() + 5.0), 3.5, paint::HINT);
                }
            }
            super::session::Entry::Restart { .. } => {
                painter.line_segment(
                    [egui::pos2(x, rect.top() + 2.0), egui::pos2(x, rect.bottom() - 2.0)],
                    egui::Stroke::new(2.0, egui::Color32::from_rgb(0xd5, 0x5e, 0x00)),
                );
            }
        }
    }
    let cx = strip_x(rect, s.cursor, n);
    painter.add(egui::Shape::convex_polygon(
        vec![
            egui::pos2(cx - 5.0, rect.bottom() - 1.0),
            egui::pos2(cx + 5.0, rect.bottom() - 1.0),
            egui::pos2(cx, y + 2.0),
        ],
        paint::SELECTION,
        egui::Stroke::NONE,
    ));
    if (resp.clicked() || resp.dragged())
        && let Some(p) = resp.interact_pointer_pos()
    {
        let t = ((p.x - strip_x(rect, 0, n)) / (strip_x(rect, n, n) - strip_x(rect, 0, n)).max(1.0)).clamp(0.0, 1.0);
        let i = (t * n as f32).round() as usize;
        if ui.input(|inp| inp.modifiers.shift) {
            let (a, b) = (i.min(s.cursor), i.max(s.cursor));
            s.range = (a < b).then_some((a, b));
        } else if i != s.cursor {
            s.jump(i);
        }
    }
    // The transport.
    ui.horizontal_wrapped(|ui| {
        let at_end = s.cursor >= n;
        if ui.add_enabled(s.cursor > 0, egui::Button::new("|<")).on_hover_text("The start").clicked() {
            s.jump(0);
        }
        if ui
            .add_enabled(s.cursor > 0, egui::Button::new("< move"))
            .on_hover_text("The state before this move")
            .clicked()
        {
            s.step_move_back();
        }
        if ui.add_enabled(s.cursor > 0, egui::Button::new("< step")).on_hover_text("The physical step before").clicked()
        {
            s.step_back();
        }
        let playing = s.is_playing();
        if ui
            .button(if playing { "pause" } else { "play" })
            .on_hover_text("Play the moves from here (the selected range with Loop), or pause")
            .clicked()
        {
            if playing { s.pause() } else { s.play() }
        }
        let more_steps = s
            .last_move()
            .is_some_and(|(_, _, st)| s.playback.as_ref().is_some_and(|p| p.focus.is_some_and(|f| f + 1 < st.len())));
        if ui
            .add_enabled(!at_end || more_steps, egui::Button::new("step >"))
            .on_hover_text("The next physical step")
            .clicked()
        {
            s.step_forward();
        }
        if ui.add_enabled(!at_end, egui::Button::new("move >")).on_hover_text("The next move, animated").clicked() {
            s.step_move_forward(true);
        }
        if ui.add_enabled(!at_end, egui::Button::new(">|")).on_hover_text("After the last move").clicked() {
            s.jump(n);
        }
    });
    ui.horizontal(|ui| {
        ui.checkbox(&mut s.looping, "Loop")
            .on_hover_text("Play the selected range (Shift+click the timeline) again and again");
        match s.range {
            Some((a, b)) => {
                ui.label(format!("range {a}–{b}"));
                if ui.small_button("clear").clicked() {
                    s.range = None;
                }
            }
            None => {
                ui.weak("range: all");
            }
        }
        ui.add(egui::Slider::new(speed, 0.25..=4.0).logarithmic(true).suffix("×").text("speed"));
    });
    // The list of moves.
    // Row 0 is the start, row i the history's entry i - 1 (only the rows on screen are named).
    let name = |i: usize| match i.checked_sub(1).map(|k| &s.history[k]) {
        None => "start".to_string(),
        Some(super::session::Entry::Move { text, marks, before, .. }) => {
            let text = before.entry_label(text);
            let words: Vec<String> = marks.iter().map(|m| m.word()).collect();
            if words.is_empty() { format!("{i}. {text}") } else { format!("{i}. {text} · {}", words.join(", ")) }
        }
        Some(super::session::Entry::Restart { .. }) => format!("{i}. restart"),
    };
    let mut jump = None;
    // Each row's height without the spacing between rows (what `show_rows` takes), and with it.
    let row = ui.text_style_height(&egui::TextStyle::Body).max(ui.spacing().interact_size.y);
    let pitch = row + ui.spacing().item_spacing.y;
    let mut area = egui::ScrollArea::vertical().id_salt("moves").max_height(150.0).auto_shrink([false, true]);
    // Keep the position on screen in view when it moves (by play, keys or the strip).
    if s.debug.listed != Some(s.cursor) {
        s.debug.listed = Some(s.cursor);
        area = area.vertical_scroll_offset((s.cursor as f32 * pitch - 60.0).max(0.0));
    }
    let (cursor, range) = (s.cursor, s.range);
    area.show_rows(ui, row, s.history.len() + 1, |ui, rows| {
        for i in rows {
            let mut text = egui::RichText::new(name(i));
            if i > cursor {
                text = text.weak();
            }
            let in_range = range.is_some_and(|(a, b)| i > a && i <= b);
            if in_range {
                text = text.background_color(paint::SELECTION.linear_multiply(0.2));
            }
            if ui.selectable_label(i == cursor, text).clicked() {
                jump = Some(i);
            }
        }
    });
    if let Some(i) = jump {
        if ui.input(|inp| inp.modifiers.shift) {
            let (a, b) = (i.min(s.cursor), i.max(s.cursor));
            s.range = (a < b).then_some((a, b));
        } else {
            s.jump(i);
        }
    }
}

/// One line of the step list: a step, or a run of steps of one kind collapsed.
struct StepRow {
    first: usize,
    last: usize,
    text: String,
}

/// The shown move's steps, with filters by kind and cell and collapsed runs.
fn steps_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>) {
    let Some((before, text, steps)) = s.last_move() else {
        ui.label(if s.cursor > 0 {
            "A restart: the level from its start."
        } else {
            "Make a move: its physical steps are listed here, in order, each with its cause."
        });
        return;
    };
    let (before, steps) = (before.clone(), steps.clone());
    let text = before.entry_label(text);
    let records = before.records(&steps);
    let n = records.len();
    let at = s
        .step_at()
        .filter(|_| s.playback.as_ref().is_some_and(|p| p.focus.is_some() || p.paused || p.time < p.timeline.total));
    ui.strong(format!("Move {} {text}: {n} step{}", s.cursor, if n == 1 { "" } else { "s" }));
    // Which cells each step changes (for the cell filter).
    let mut state = before.clone();
    let mut cells = Vec::with_capacity(n);
    for st in &steps {
        cells.push(state.step_cells(st));
        state = state.after(st);
    }
    let kind = |r: &crate::trace::Record| r.fields.get("step").and_then(|v| v.as_str()).unwrap_or("").to_string();
    let mut kinds: Vec<String> = records.iter().map(kind).collect();
    kinds.dedup();
    kinds.sort();
    kinds.dedup();
    let d = &mut s.debug;
    ui.horizontal_wrapped(|ui| {
        ui.label("show:");
        for k in &kinds {
            let mut on = !d.hidden.contains(k);
            if ui.checkbox(&mut on, k.as_str()).changed() {
                if on {
                    d.hidden.remove(k);
                } else {
                    d.hidden.insert(k.clone());
                }
            }
        }
        ui.checkbox(&mut d.collapse, "collapse runs").on_hover_text("Steps of one kind in a row as one line: fall ×5");
        if let Some(c) = d.cell() {
            ui.checkbox(&mut d.only_cell, format!("only {}", before.cell_name(c)))
                .on_hover_text("Only the steps that change the inspected cell");
        }
    });
    ui.horizontal(|ui| {
        let l = ui.label("find:");
        ui.add(egui::TextEdit::singleline(&mut d.find).hint_text("words in a step").desired_width(160.0))
            .labelled_by(l.id);
        if !d.find.is_empty() && ui.small_button("clear").clicked() {
            d.find.clear();
        }
    });
    let find = d.find.to_lowercase();
    let only = d.cell().filter(|_| d.only_cell);
    let shown: Vec<usize> = (0..n)
        .filter(|&i| !d.hidden.contains(&kind(&records[i])))
        .filter(|&i| only.is_none_or(|c| cells[i].contains(&c)))
        .filter(|&i| find.is_empty() || records[i].text.to_lowercase().contains(&find))
        .collect();
    let mut rows: Vec<StepRow> = Vec::new();
    for &i in &shown {
        let k = kind(&records[i]);
        if d.collapse
            && let Some(last) = rows.last_mut()
            && last.last + 1 == i
            && kind(&records[last.first]) == k
        {
            last.last = i;
            continue;
        }
        rows.push(StepRow { first: i, last: i, text: String::new() });
    }
    for r in &mut rows {
        r.text = if r.first == r.last {
            format!("{}. {}", r.first + 1, records[r.first].text)
        } else {
            format!("{}–{}. {} ×{}", r.first + 1, r.last + 1, kind(&records[r.first]), r.last - r.first + 1)
        };
    }
    if shown.len() < n {
        ui.weak(format!("{} of {n} steps shown", shown.len()));
    }
    let mut seek = None;
    for r in &rows {
        let on = at.is_some_and(|a| (r.first..=r.last).contains(&a));
        let mut resp = ui.selectable_label(on, &r.text);
        if r.first != r.last {
            let all: Vec<String> = (r.first..=r.last).map(|i| format!("{}. {}", i + 1, records[i].text)).collect();
            resp = resp.on_hover_text(all.join("\n"));
        }
        if resp.clicked() {
            seek = Some(r.first);
        }
    }
    // The cause of the step shown.
    if let Some(a) = at
        && let Some(c) = records.get(a).and_then(|r| r.cause)
    {
        ui.label(
            egui::RichText::new(format!("step {} was caused by step {}: {}", a + 1, c + 1, records[c].text))
                .color(CAUSE),
        );
    }
    if let Some(i) = seek {
        s.seek_step(i);
    }
}

/// The colour of a cause's cells and words: Okabe–Ito reddish purple, apart from the
/// highlight's amber and the selection's blue.
pub const CAUSE: egui::Color32 = egui::Color32::from_rgb(0xcc, 0x79, 0xa7);

/// "Run until": where playback of the solver's solution, stacks' run and the timeline stop.
fn breakpoints_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>) {
    ui.strong("Run until (breakpoints)");
    for &b in P::breakpoints() {
        let i = s.breaks.iter().position(|x| x.same_kind(b));
        let mut on = i.is_some();
        let current = i.map_or(b, |i| s.breaks[i]);
        ui.horizontal(|ui| {
            let label = match current {
                super::play::Break::ChainAtLeast(_) => "a chain of depth ≥".to_string(),
                super::play::Break::StackAtLeast(_) => "a stack reaches".to_string(),
                other => other.label(),
            };
            let check = ui.checkbox(&mut on, label);
            let id = check.id;
            if check.changed() {
                match i {
                    Some(i) if !on => {
                        s.breaks.remove(i);
                    }
                    None if on => s.breaks.push(current),
                    _ => {}
                }
            }
            let changed = match current {
                super::play::Break::ChainAtLeast(mut k) => ui
                    .add(egui::DragValue::new(&mut k).range(1..=20))
                    .labelled_by(id)
                    .changed()
                    .then_some(super::play::Break::ChainAtLeast(k)),
                super::play::Break::StackAtLeast(mut k) => ui
                    .add(egui::DragValue::new(&mut k).range(2..=10))
                    .labelled_by(id)
                    .changed()
                    .then_some(super::play::Break::StackAtLeast(k)),
                _ => None,
            };
            if let Some(nb) = changed {
                match s.breaks.iter().position(|x| x.same_kind(nb)) {
                    Some(i) => s.breaks[i] = nb,
                    None => s.breaks.push(nb),
                }
            }
        });
    }
}

/// The cell inspector: what a cell holds now and every step of this game that changed it.
fn inspector_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>) {
    ui.strong("Cell inspector");
    let Some(c) = s.debug.cell() else {
        ui.weak("Point at a cell of the board (right-click pins it).");
        return;
    };
    let now = s.current();
    let what = format!("{}: {}", now.cell_name(c), now.contents(c));
    ui.horizontal(|ui| {
        ui.label(what);
        if s.debug.pinned.is_some() && ui.small_button("unpin").clicked() {
            s.debug.pinned = None;
        }
    });
    let touches = s.inspected_history(c);
    if touches.is_empty() {
        ui.weak("no step of this game changed it");
        return;
    }
    let mut go = None;
    egui::ScrollArea::vertical().id_salt("inspector").max_height(140.0).show(ui, |ui| {
        for t in &touches {
            if ui.selectable_label(false, format!("move {} step {}: {}", t.entry + 1, t.step + 1, t.text)).clicked() {
                go = Some((t.entry, t.step));
            }
        }
    });
    if let Some((entry, step)) = go {
        s.jump(entry + 1);
        s.seek_step(step);
    }
}

/// Draws what the window lays over the board.
impl paint::OverlayPainter for Overlay {
    fn draw(&self, painter: &egui::Painter, view: &paint::View) {
        match self {
            Overlay::Mark(q) => paint::hint_mark(painter, view, q),
            Overlay::Arrow(a, b) => paint::arrow(painter, view, *a, *b),
            Overlay::Ghost(q, ink) => paint::ghost(painter, view, q, *ink),
            Overlay::Landing(q) => paint::selection(painter, view, q),
            Overlay::Label(p, text) => paint::labels(painter, view, &[(*p, text.clone())]),
            Overlay::Cover(q) => paint::cover(painter, view, q),
        }
    }
}
