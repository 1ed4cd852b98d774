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
struct Asked {
    commands: Vec<Command>,
    /// A level picked from the list.
    level: Option<usize>,
    /// A pack picked from the switcher (`None` inside: the built-in levels).
    pack: Option<Option<std::path::PathBuf>>,
    /// The stacks rule switched (only the bottom piece moves, Baekjoon 17780).
    bottom_only: Option<bool>,
}

/// What every game's panels share in one frame.
struct Shared<'a> {
    kind: GameKind,
    speed: f32,
    instant: bool,
    numbers: bool,
    drag_start: &'a mut Option<[f32; 2]>,
    progress: &'a Progress,
    notice: &'a Option<Notice>,
    /// The game's buttons, each doing what its key does.
    buttons: &'a [(&'a str, egui::Key)],
    /// Scroll the level list to the current level (it changed by key).
    scroll_to_current: bool,
    /// The stacks rule checkbox's state, for the stacks tab.
    bottom_only: Option<bool>,
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
        if !ctx.text_edit_focused() {
            commands = Command::pressed(&ctx);
            if ctx.input(|i| i.events.iter().any(|e| matches!(e, egui::Event::Text(t) if t == "?"))) {
                commands.push(Command::Help);
            }
            self.release_focus(&ctx);
        }
        self.menu_bar(ui, &mut commands);
        let mut shared = Shared {
            kind: self.kind,
            speed: self.speed,
            instant: self.instant,
            numbers: self.progress.numbers,
            drag_start: &mut self.drag_start,
            progress: &self.progress,
            notice: &self.notice,
            buttons: &[],
            scroll_to_current: std::mem::take(&mut self.scroll_to_current),
            bottom_only: None,
        };
        let asked = match self.kind {
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
                shared.bottom_only = Some(self.stacks.session.start.game.rule == crate::stacks::Rule::BottomOnly);
                game_ui(ui, &mut self.stacks, &mut shared)
            }
        };
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
        self.help_window(&ctx);
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
        let busy = on_tab!(self, t => t.session.solver.is_some());
        let (can_undo, can_redo) =
            on_tab!(self, t => (t.session.cursor > 0, t.session.cursor < t.session.history.len()));
        let (i, n) = (self.index(), self.level_count());
        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("File", |ui| {
                    command_button(ui, Command::Open, true, asked);
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
                    for c in [Command::ExportSmooth, Command::ExportStepwise, Command::ExportPng] {
                        command_button(ui, c, true, asked);
                    }
                });
                ui.menu_button("Game", |ui| {
                    command_button(ui, Command::Undo, can_undo, asked);
                    command_button(ui, Command::Redo, can_redo, asked);
                    command_button(ui, Command::Restart, can_undo, asked);
                    ui.separator();
                    command_button(ui, Command::Solve, !busy, asked);
                    command_button(ui, Command::Hint, !busy, asked);
                    command_button(ui, Command::Cancel, busy, asked);
                    ui.separator();
                    command_button(ui, Command::NextLevel, i + 1 < n, asked);
                    command_button(ui, Command::PreviousLevel, i > 0, asked);
                    command_button(ui, Command::NextUnsolved, self.kind != GameKind::Stacks, asked);
                });
                ui.menu_button("View", |ui| {
                    toggle(ui, Command::DarkTheme, self.progress.dark, asked);
                    toggle(ui, Command::Instant, self.instant, asked);
                    toggle(ui, Command::CellNumbers, self.progress.numbers, asked);
                });
                ui.menu_button("Help", |ui| command_button(ui, Command::Help, true, asked));
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
    }

    /// Carries out a command, from whichever menu, button or key it came.
    pub fn run(&mut self, c: Command, ctx: &egui::Context) {
        let repaint = {
            let ctx = ctx.clone();
            move || ctx.request_repaint()
        };
        let i = self.index();
        match c {
            Command::Open => self.pick_file(ctx),
            Command::ExportSmooth => self.save_file(ctx, super::ExportKind::GifSmooth),
            Command::ExportStepwise => self.save_file(ctx, super::ExportKind::GifStepwise),
            Command::ExportPng => self.save_file(ctx, super::ExportKind::Png),
            Command::Undo => on_tab!(mut self, t => t.session.undo()),
            Command::Redo => on_tab!(mut self, t => t.session.redo()),
            Command::Restart => on_tab!(mut self, t => t.session.restart()),
            Command::Solve => {
                on_tab!(mut self, t => if t.session.solver.is_none() { t.session.start_solver(false, repaint) })
            }
            Command::Hint => {
                on_tab!(mut self, t => if t.session.solver.is_none() { t.session.start_solver(true, repaint) })
            }
            Command::Cancel => on_tab!(mut self, t => t.session.cancel_solver()),
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
fn game_ui<P: Playable + Clone>(ui: &mut egui::Ui, tab: &mut Tab<P>, shared: &mut Shared<'_>) -> Asked {
    let (kind, speed, instant, buttons) = (shared.kind, shared.speed, shared.instant, shared.buttons);
    let mut asked = Asked::default();
    let ctx = ui.ctx().clone();
    tab.session.poll_solver(instant);
    // Advance time first, so every panel of this frame shows the same moment. Animation
    // follows the clock: a slow renderer shows fewer frames of a move, not a slower move
    // (capped at a second, so a stall does not skip a whole animation).
    let dt = ctx.input(|i| i.stable_dt).min(1.0);
    let moving = tab.session.tick(if instant { 1e6 } else { dt * speed }, instant);
    // The game's own keys and typed notation (the commands' keys were consumed already).
    if !ctx.text_edit_focused() {
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
    level_list(ui, tab, shared, &mut asked);
    debugger_ui(ui, &mut tab.session);
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
            if let Some(on) = shared.bottom_only {
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

fn status_bar<P: Playable>(ui: &mut egui::Ui, tab: &Tab<P>, shared: &Shared<'_>) {
    let s = &tab.session;
    egui::Panel::bottom("status").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(format!("{} · {}", tab.pack, s.title));
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
        if tab.pack.to_lowercase().contains("microban") || tab.pack.to_lowercase().contains("sasquatch") {
            ui.small("Microban / Sasquatch by David W. Skinner");
        }
        egui::ScrollArea::vertical().show(ui, |ui| {
            // One line a level: long ones are cut (the whole text is the tooltip).
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            for (i, l) in tab.levels.iter().enumerate() {
                let key = LevelKey { game: kind, pack: tab.pack.clone(), content: l.content };
                let rec = progress.get(&key).copied().unwrap_or_default();
                let mut text = l.title.clone();
                if let Some(p) = &l.par_text {
                    text.push_str(&format!("  par {p}"));
                } else if let Some(p) = l.par {
                    text.push_str(&format!("  par {p}"));
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
        ui.horizontal(|ui| {
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
    // The debugger's highlight: the cells the current step touches.
    if let Some((state, step)) = s.shown_step() {
        paint::outline(&painter, &view, &state.touched(step));
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

fn debugger_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>) {
    egui::Panel::right("debugger").default_size(300.0).resizable(true).show(ui, |ui| {
        ui.heading("Rule debugger");
        let Some((before, text, steps)) = s.last_move() else {
            ui.label("Make a move: its physical steps are listed here, in order.");
            return;
        };
        let (text, descriptions): (String, Vec<String>) =
            (text.clone(), before.records(steps).into_iter().map(|r| r.text).collect());
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
