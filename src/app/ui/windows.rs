//! The windows over the board: the export panel, the command palette, the help.

use crate::app::TumbleApp;
use crate::app::command::Command;
use crate::app::export::bytes_text;

/// The export panel's window, the same whether it shows the settings or a running export.
fn export_window_frame(open: &mut bool) -> egui::Window<'_> {
    egui::Window::new("Export").open(open).collapsible(false).resizable(false).default_pos([330.0, 90.0])
}

/// A line of the command palette: a command (with the name it goes by in this game), or one
/// of the game's own actions.
#[derive(Clone, Copy)]
enum Row {
    Command(Command, &'static str),
    Action(&'static str, crate::app::play::Gesture),
}

/// Enter game ID's placeholder: how every game ID begins (`tumblebox:` and the format's
/// version), then an ellipsis.
const GAME_ID_HINT: &str = "tumblebox:1:…  (or a level's text)";

impl TumbleApp {
    /// The export panel: format, size, speed, the range of moves, loop, hold, captions; the
    /// frames, duration and an estimate of the size before writing; then the export runs on
    /// another thread with a progress bar and Cancel while the window goes on.
    pub(super) fn export_window(&mut self, ctx: &egui::Context) {
        self.poll_export();
        if self.export.running.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        if !self.export.panel.open {
            return;
        }
        // While an export runs, the panel is about it alone: not the settings of whatever game
        // or level is on screen now (they come back when it ends).
        if let Some(r) = &self.export.running {
            let (done, frames) = (r.done.load(std::sync::atomic::Ordering::Relaxed), r.frames);
            let mut open = true;
            let mut cancel = false;
            export_window_frame(&mut open).show(ctx, |ui| {
                ui.label(format!("exporting {}", r.what));
                ui.label(format!("to {}", r.path.display()));
                let f = if frames == 0 { 0.0 } else { done as f32 / frames as f32 };
                ui.add(egui::ProgressBar::new(f).text(format!("{done} / {frames} frames")));
                ui.horizontal(|ui| {
                    cancel = ui.button("Cancel export").clicked();
                    ui.weak("closing this panel lets the export go on");
                });
            });
            self.export.panel.open = open;
            if cancel {
                r.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            return;
        }
        // A range chosen on another level (or game) is not this one's.
        let here = (self.kind, self.tab().status().attempt.0);
        if self.export.panel.range_of.is_some_and(|r| r != here) {
            (self.export.panel.from, self.export.panel.to, self.export.panel.range_of) = (0, 0, None);
        }
        let n = self.tab().status().line_moves;
        let selected = self.tab().status().selected_moves;
        let mut open = true;
        let mut go = false;
        let req = self.export.panel.request(Some(std::path::PathBuf::from("x")));
        let key = format!("{:?}|{:?}|{}|{}|{n}", req, self.kind, self.tab().status().title, self.tab().status().index);
        if self.export.plan.as_ref().is_none_or(|(k, _)| *k != key) {
            let plan = if self.export.panel.format == 2 { Ok((1, 0.0)) } else { self.tab().export_plan(&req) };
            self.export.plan = Some((key.clone(), plan));
        }
        let plan = match self.export.plan.as_ref().map(|(_, p)| p.clone()).unwrap_or(Ok((0, 0.0))) {
            _ if self.export.panel.format != 2 && self.export.panel.from > 0 && self.export.panel.to > n => {
                Err(format!(
                    "moves {} to {}: the timeline holds {n} since the last restart",
                    self.export.panel.from, self.export.panel.to
                ))
            }
            _ if self.export.panel.format != 2 && n == 0 => {
                Err("no moves to animate here: make some (or export a PNG of the position)".to_string())
            }
            Err(m) => Err(crate::app::export::in_window_words(&m)),
            ok => ok,
        };
        // The file's size, from real frames written on another thread.
        let estimate = match &plan {
            Ok((frames, _)) => Some(self.size_estimate(&key, *frames)),
            _ => None,
        };
        let e = &mut self.export.panel;
        export_window_frame(&mut open).show(ctx, |ui| {
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
            // Only the options the chosen format uses: a PNG is the position alone; a strip
            // has no timing (speed, loop, hold).
            let timed = e.format == 0 || e.format == 1;
            if e.format != 2 {
                if timed {
                    ui.checkbox(&mut e.smooth, "smooth (20 fps); otherwise one step per second");
                    ui.add(egui::Slider::new(&mut e.speed, 0.1..=10.0).logarithmic(true).suffix("×").text("speed"));
                }
                let mut some = e.from > 0 || e.to > 0;
                ui.horizontal(|ui| {
                    if ui.checkbox(&mut some, "only moves").changed() {
                        (e.from, e.to) = if some { (1, n.max(1)) } else { (0, 0) };
                        e.range_of = some.then_some(here);
                    }
                    if some {
                        let a = ui.label("from");
                        // The range stays as the player set it while the timeline moves
                        // (Home, End): it is checked, never clamped, against the moves.
                        ui.add(egui::DragValue::new(&mut e.from).range(1..=n.max(1)).clamp_existing_to_range(false))
                            .labelled_by(a.id);
                        let b = ui.label("to");
                        let lo = e.from;
                        ui.add(egui::DragValue::new(&mut e.to).range(lo..=n.max(1)).clamp_existing_to_range(false))
                            .labelled_by(b.id);
                        ui.label(format!("of {n}"));
                    } else {
                        ui.weak(format!("all {n} of the timeline since the last restart"));
                    }
                    if let Some((a, b)) = selected
                        && ui
                            .small_button("the timeline's selection")
                            .on_hover_text("The range selected on the timeline (Shift+click)")
                            .clicked()
                    {
                        (e.from, e.to, e.range_of) = (a, b, Some(here));
                    }
                });
                if timed {
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
                }
                ui.checkbox(&mut e.caption, "captions: the move and the move counter under the board");
            }
            ui.separator();
            match &plan {
                Ok(got) => {
                    let what = match e.format {
                        2 => format!("one picture, {0} × {0}", e.size),
                        3 => format!("{} tiles of {1} × {1} in a row", got.0, e.size),
                        _ => format!("{} frames drawn, {:.1} s", got.0, got.1),
                    };
                    // Written, not guessed: exact when every frame was, "about" when scaled
                    // from the first moves' frames.
                    let size = match &estimate {
                        Some(Some(Ok((b, true)))) => bytes_text(*b),
                        Some(Some(Ok((b, false)))) => format!("about {}", bytes_text(*b)),
                        Some(Some(Err(_))) => "size unknown".to_string(),
                        _ => "measuring the size…".to_string(),
                    };
                    let l = ui.label(format!("{what}, {size}"));
                    if e.format < 2 {
                        l.on_hover_text(
                            "A frame that repeats the one before is merged into it in the file (it is shown \
                             longer), so a viewer may count fewer frames; the time is the same",
                        );
                    }
                    if matches!(estimate, Some(None)) {
                        ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
                    }
                }
                Err(m) => {
                    ui.colored_label(egui::Color32::from_rgb(0xd9, 0x2b, 0x2b), m);
                }
            }
            let b = ui.add_enabled(plan.is_ok(), egui::Button::new("Export to a file…"));
            // Opened by Ctrl+E: Enter exports at once.
            if std::mem::take(&mut e.focus) {
                b.request_focus();
            }
            if b.clicked() {
                go = true;
            }
        });
        self.export.panel.open = open;
        // A setting changed this frame: the next one shows its figures at once, not at the
        // pointer's next move.
        if self.export.panel.request(Some(std::path::PathBuf::from("x"))) != req {
            ctx.request_repaint();
        }
        if go {
            self.save_file(ctx, crate::app::ExportKind::Panel);
        }
    }

    /// The command palette: every command of the table, found by typing, run with Enter or
    /// a click; one greyed out cannot be used now.
    pub(super) fn palette_window(&mut self, ctx: &egui::Context) {
        let Some((mut query, mut sel)) = self.view.palette.take() else { return };
        let allowed = self.allowed();
        let mut open = true;
        let mut chosen = None;
        // The commands and the game's own actions (stacks' next piece, the shubbles' turns and
        // stot moves) in one list: those whose name begins with the words first, then those
        // whose name holds them, then those whose tooltip does. Solve carries the game's name for it ("Run to the end").
        let facts = self.tab().facts();
        let actions = if self.editing() { Vec::new() } else { facts.actions };
        let busy = self.tab().status().busy;
        let found = |query: &str| {
            let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
            let rank = |label: &str, tooltip: &str| {
                let (label, tooltip) = (label.to_lowercase(), tooltip.to_lowercase());
                if label.starts_with(&words.join(" ")) && words.iter().all(|w| label.contains(w.as_str())) {
                    Some(0)
                } else if words.iter().all(|w| label.contains(w.as_str())) {
                    Some(1)
                } else if words.iter().all(|w| format!("{label} {tooltip}").contains(w.as_str())) {
                    Some(2)
                } else {
                    None
                }
            };
            let mut rows: Vec<(u8, bool, Row)> = Vec::new();
            for c in Command::ALL.into_iter().filter(|c| c.here()) {
                let info = c.info();
                let label = if c == Command::Solve { facts.solve_label } else { info.label };
                if let Some(r) = rank(label, info.tooltip) {
                    rows.push((r, c.enabled(&allowed), Row::Command(c, label)));
                }
            }
            for (label, g) in actions {
                if let Some(r) = rank(label, "") {
                    rows.push((r, !busy, Row::Action(label, g)));
                }
            }
            // What can be used now before what cannot, each by how well it matches: Enter on
            // the first row does something.
            rows.sort_by_key(|&(r, enabled, _)| (!enabled, r));
            rows
        };
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
                // Found from the query as typed this frame (text and Enter may come together).
                let rows = found(&query);
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
                    sel = (sel + 1).min(rows.len().saturating_sub(1));
                }
                if up {
                    sel = sel.saturating_sub(1);
                }
                if enter && let Some(&(_, true, row)) = rows.get(sel) {
                    chosen = Some(row);
                }
                if rows.is_empty() {
                    ui.weak("no command has those words");
                }
                // The list scrolls within the window (43 commands are taller than a small
                // window), and follows the highlighted line.
                let room = (ctx.content_rect().height() - 160.0).max(120.0);
                egui::ScrollArea::vertical().max_height(room).show(ui, |ui| {
                    for (k, &(_, enabled, row)) in rows.iter().enumerate() {
                        let (text, tip) = match row {
                            Row::Command(c, label) => {
                                let mut text = label.to_string();
                                if let Some(sc) = c.shortcut_text(ctx) {
                                    text.push_str(&format!("   {sc}"));
                                }
                                (text, c.info().tooltip)
                            }
                            Row::Action(label, _) => {
                                (label.to_string(), "This game's own action, as its key or button does")
                            }
                        };
                        let r = ui.add_enabled(enabled, egui::Button::selectable(k == sel, text)).on_hover_text(tip);
                        if k == sel && (up || down) {
                            r.scroll_to_me(None);
                        }
                        if r.clicked() {
                            chosen = Some(row);
                        }
                    }
                });
            });
        match chosen {
            Some(Row::Command(c, _)) if c != Command::Palette => self.run(c, ctx),
            Some(Row::Command(..)) => {}
            Some(Row::Action(_, g)) => {
                let instant = self.view.instant;
                self.tab_mut().act(g, instant);
            }
            None if open => self.view.palette = Some((query, sel)),
            None => {}
        }
    }

    /// File › Enter game ID…: a text field that opens a game ID, or any level's text, as Paste
    /// does (Simon Tatham's puzzles' Game › Specific). Enter opens, Escape closes.
    pub(super) fn game_id_window(&mut self, ctx: &egui::Context) {
        let Some(mut text) = self.view.game_id_entry.take() else { return };
        let mut open = true;
        // Enter opens: taken before the field sees it (it would be a new line there).
        let field = egui::Id::unique("game id text");
        let enter = ctx.memory(|m| m.has_focus(field))
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
        let mut go = false;
        egui::Window::new("Enter game ID")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
            .default_width(460.0)
            .show(ctx, |ui| {
                ui.label("A game ID (tumblebox:…), or a level's text with its moves on the last line:");
                let edit = ui.add(
                    egui::TextEdit::multiline(&mut text)
                        .hint_text(GAME_ID_HINT)
                        .desired_rows(4)
                        .desired_width(440.0)
                        .id(field),
                );
                if !edit.has_focus() && !ctx.memory(|m| m.focused().is_some()) {
                    edit.request_focus();
                }
                ui.horizontal(|ui| {
                    if ui.add_enabled(!text.trim().is_empty(), egui::Button::new("Open")).clicked() || enter {
                        go = !text.trim().is_empty();
                    }
                    ui.weak("Enter opens; Shift+Enter starts a new line; Escape closes");
                });
            });
        if go {
            match self.paste(&text) {
                Ok(()) => {
                    let what = format!("opened the game ID: {}", self.tab().status().title);
                    self.notify(what, Some(self.kind));
                }
                Err(e) => {
                    // The text stays, to be corrected; it was typed, not pasted.
                    self.notify(e.replacen("pasted ", "", 1), Some(self.kind));
                    self.view.game_id_entry = Some(text);
                }
            }
        } else if open {
            self.view.game_id_entry = Some(text);
        }
    }

    /// Quitting while an export runs: ask. Quit cancels the export (its file is not written:
    /// the staged temporary file is removed) and then closes; Keep exporting stays.
    pub(super) fn quit_window(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) {
            if self.quit.confirmed || self.export.running.is_none() {
                return;
            }
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.quit.asked = true;
        }
        if !self.quit.asked {
            return;
        }
        if self.export.running.is_none() {
            // The export ended while the question was open: nothing is lost by closing.
            self.quit.asked = false;
            self.quit.confirmed = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        let (mut quit, mut stay) = (false, false);
        egui::Modal::new(egui::Id::unique("quit during export")).show(ctx, |ui| {
            ui.strong("An export is running");
            if let Some(r) = &self.export.running {
                let done = r.done.load(std::sync::atomic::Ordering::Relaxed);
                ui.label(format!("{}: {done} of {} frames written.", r.path.display(), r.frames));
            }
            ui.label("Quit now, and the export is cancelled: its file is not written.");
            ui.horizontal(|ui| {
                quit = ui.button("Quit").on_hover_text("Ctrl+Q again does the same").clicked();
                stay = ui.button("Keep exporting").on_hover_text("Escape does the same").clicked();
            });
        });
        // Ctrl+Q again confirms (Escape keeps exporting: see `show`).
        if let Some(s) = Command::Quit.info().shortcut
            && ctx.input_mut(|i| i.consume_shortcut(&s))
        {
            quit = true;
        }
        if stay {
            self.quit.asked = false;
        } else if quit {
            self.finish_export_for_quit();
            self.quit.asked = false;
            self.quit.confirmed = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// Help › Message log: every message the status bar showed, whole, newest at the bottom.
    pub(super) fn log_window(&mut self, ctx: &egui::Context) {
        if !self.view.log_open {
            return;
        }
        let mut open = true;
        egui::Window::new("Message log")
            .open(&mut open)
            .default_width(520.0)
            .default_height(300.0)
            .default_pos([300.0, 120.0])
            .show(ctx, |ui| {
                if self.messages.log.is_empty() {
                    ui.weak("No messages yet.");
                }
                egui::ScrollArea::vertical().stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
                    for m in &self.messages.log {
                        ui.add(egui::Label::new(m).wrap());
                        ui.separator();
                    }
                });
            });
        self.view.log_open = open;
    }

    pub(super) fn help_window(&mut self, ctx: &egui::Context) {
        if !self.view.help_open {
            return;
        }
        let (h, reverse) = (self.tab().facts().help, self.tab().facts().reverse);
        // The legend: every kind of cell, drawn as the board draws it (the editor's palette
        // of the level on screen), with its name.
        let legend: Vec<(crate::scene::Scene, &'static str)> = self
            .tab()
            .edit()
            .map(|pad| pad.tools().iter().map(|t| (pad.swatch(t.glyph), t.name)).collect())
            .unwrap_or_default();
        let mut open = true;
        // Below the toolbar (its buttons stay in reach), and within the window.
        let top = 80.0;
        let room = (ctx.content_rect().height() - top - 40.0).max(200.0);
        // Within the screen's width too (a phone's 390 px): the text wraps to it.
        let screen = ctx.content_rect().width();
        let wide = (screen - 16.0).max(200.0);
        let width = 480.0_f32.min(wide);
        egui::Window::new(format!("How to play: {}", self.kind.name()))
            .open(&mut open)
            .default_width(width)
            .max_width(wide)
            .default_height(620.0_f32.min(room))
            .max_height(room)
            .default_pos([240.0_f32.min((screen - width - 8.0).max(8.0)), top])
            .collapsible(false)
            .show(ctx, |ui| {
                // A scroll bar beside the text, not over its last letters.
                ui.style_mut().spacing.scroll = egui::style::ScrollStyle::solid();
                egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                    if !legend.is_empty() {
                        ui.strong("What you see");
                        // Each swatch and its name as one widget, so the row wraps between
                        // them (a group of widgets does not wrap: it would widen the window).
                        ui.horizontal_wrapped(|ui| {
                            let (font, ink) = (egui::TextStyle::Body.resolve(ui.style()), ui.visuals().text_color());
                            for (scene, name) in &legend {
                                let galley = ui.painter().layout_no_wrap(name.to_string(), font.clone(), ink);
                                let size = egui::vec2(26.0 + 6.0 + galley.size().x + 8.0, 26.0);
                                let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
                                let swatch = egui::Rect::from_min_size(rect.min, egui::vec2(26.0, 26.0));
                                crate::app::paint::paint(&ui.painter_at(swatch), swatch, scene);
                                let at = egui::pos2(swatch.right() + 6.0, rect.center().y - galley.size().y / 2.0);
                                ui.painter().galley(at, galley, ink);
                                response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, *name));
                            }
                        });
                        ui.add_space(6.0);
                    }
                    for (head, text) in h.sections {
                        ui.strong(*head);
                        ui.label(*text);
                        ui.add_space(6.0);
                    }
                    ui.strong("Keys");
                    // The keys' lines wrap within the window (a grid's cells do not by
                    // themselves, and would widen it past a narrow screen).
                    let lines = (ui.available_width() - 110.0).max(120.0);
                    egui::Grid::new("keys").num_columns(2).striped(true).max_col_width(lines).show(ui, |ui| {
                        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                        for (k, what) in h.keys {
                            ui.monospace(*k);
                            ui.label(*what);
                            ui.end_row();
                        }
                        // The window's commands, but not one this game lacks (reverse mode).
                        let lacks = |c: Command| matches!(c, Command::ReverseMode | Command::UndoPush) && !reverse;
                        for c in Command::ALL.into_iter().filter(|&c| c.here() && !lacks(c)) {
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
        self.view.help_open = open;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_game_id_placeholder_begins_as_a_real_game_id() {
        // B17: the placeholder showed an older format (`tumblebox:vexed:…`).
        let app = crate::app::TumbleApp::default();
        let id = app.tab().game_id();
        let shown = super::GAME_ID_HINT.split('…').next().unwrap();
        assert!(id.starts_with(shown), "{id} does not begin with {shown}");
    }
}
