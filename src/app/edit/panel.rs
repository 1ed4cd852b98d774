//! The editor's part of the window: opening, testing, certifying, keeping and leaving the
//! level being edited (`TumbleApp`'s editing methods), and its panels for one frame.

use super::EditMode;
use super::add_to_pack;
use super::verdict_par;
use crate::app::ExportKind;
use crate::app::GameKind;
use crate::app::TumbleApp;
use crate::app::command::Command;
use crate::app::paint;
use crate::certify::Verdict;
use std::path::Path;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Duration;

impl TumbleApp {
    /// Opens the editor on the level on screen, or on a blank level of `blank` size.
    pub fn start_editing(&mut self, blank: Option<(usize, usize, usize)>) -> Result<(), String> {
        if self.editor.mode.as_ref().is_some_and(|e| e.testing.is_some()) {
            self.end_test();
        }
        let pad = match blank {
            None => self.tab().edit(),
            Some((r, c, v)) => self.tab().edit_blank(r, c, v),
        };
        let pad = pad.ok_or_else(|| format!("{} has no level editor yet", self.kind.name()))?;
        self.editor.mode = Some(EditMode::new(self.kind, pad));
        // What was said about the last level is not about this one.
        self.messages.notice = None;
        Ok(())
    }

    /// Whether the level being edited may be dropped: nothing unkept, or asked twice (the
    /// first time says what would be lost).
    pub fn may_drop(&mut self) -> bool {
        let Some(e) = &mut self.editor.mode else { return true };
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
        if let Some(e) = &mut self.editor.mode {
            e.cancel();
        }
        // The editor's words ("changes not kept…") do not outlive it.
        if self.editor.mode.take().is_some() {
            self.messages.notice = None;
        }
    }

    /// Plays the level being edited in its game's tab (the tab's pack is put aside).
    pub fn test_level(&mut self) -> Result<(), String> {
        let Some(e) = &self.editor.mode else { return Err("nothing is being edited".into()) };
        if e.testing.is_some() {
            return Ok(());
        }
        if let Err(inv) = e.pad.check() {
            return Err(format!("cannot test: {inv}"));
        }
        let (text, title, kind) = (e.pad.text(), e.pad.title().to_string(), e.kind);
        let (par, par_text) = verdict_par(e.verdict());
        self.keep_all();
        let stash = self.tabs.get_mut(kind).test(&text, &title, par, par_text)?;
        self.kind = kind;
        if let Some(e) = &mut self.editor.mode {
            e.testing = Some(stash);
        }
        Ok(())
    }

    /// Back from a test to the editor: the game's tab as it was.
    pub fn end_test(&mut self) {
        let Some(e) = &mut self.editor.mode else { return };
        let Some(stash) = e.testing.take() else { return };
        let kind = e.kind;
        self.tabs.get_mut(kind).untest(stash);
        self.kind = kind;
    }

    /// Whether the editor is on screen (editing, not testing).
    pub fn editing(&self) -> bool {
        self.editor.mode.as_ref().is_some_and(|e| e.testing.is_none())
    }

    /// Adds the level being edited to its game's My levels file (with its certified par).
    pub fn add_to_my_levels(&mut self) -> Result<PathBuf, String> {
        let dir = self.editor.my_levels.clone().ok_or("no folder to keep My levels in (no data folder)")?;
        let e = self.editor.mode.as_ref().ok_or("nothing is being edited")?;
        let entry = e.pad.entry(e.verdict())?;
        let path = add_to_pack(&dir, e.pad.pack_file(), &entry).map_err(|err| match err.kind() {
            std::io::ErrorKind::AlreadyExists => err.to_string(),
            _ => format!("cannot write My levels: {err}"),
        })?;
        if let Some(e) = &mut self.editor.mode {
            e.kept = e.pad.text();
        }
        Ok(path)
    }

    /// Writes the level being edited to `path` in its game's own format.
    pub fn save_level(&self, path: &Path) -> std::io::Result<()> {
        let e = self.editor.mode.as_ref().ok_or_else(|| std::io::Error::other("nothing is being edited"))?;
        if let Err(inv) = e.pad.check() {
            return Err(std::io::Error::other(format!("the level is not valid: {inv}")));
        }
        let text = e.pad.text();
        crate::render::export::write_atomic(path, |w| std::io::Write::write_all(w, text.as_bytes()))
    }

    /// Renames, moves or deletes entry `i` of this game's My levels (on screen), then shows
    /// the pack again on that entry.
    pub fn change_my_level(&mut self, i: usize, change: crate::app::edit::mine::Change) {
        let Some(path) = self.my_pack(self.kind) else { return };
        let n = self.level_count();
        match crate::app::edit::mine::apply(self.kind, &path, n, i, &change) {
            Ok(at) => match self.open_file(&path) {
                Ok(()) => {
                    self.open_level(at);
                    self.view.scroll_to_current = true;
                    let what = match change {
                        crate::app::edit::mine::Change::Rename(_) => "renamed",
                        crate::app::edit::mine::Change::Delete => "deleted",
                        _ => "moved",
                    };
                    self.notify(format!("My levels: level {} {what}", i + 1), Some(self.kind));
                }
                Err(e) => self.notify(e, Some(self.kind)),
            },
            Err(e) => self.notify(e, Some(self.kind)),
        }
    }

    /// The My levels files there are, per game.
    pub fn my_pack(&self, kind: GameKind) -> Option<PathBuf> {
        struct File;
        impl super::VisitEditable for File {
            type Out = &'static str;
            fn visit<E: super::Editable + crate::app::play::Playable>(self) -> &'static str {
                E::PACK_FILE
            }
        }
        let file = super::visit(kind, File);
        let p = self.editor.my_levels.as_ref()?.join(file);
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
                let (r, c) = self.editor.mode.as_ref().map_or((8, 10), |e| e.blank_size);
                let v = self.editor.mode.as_ref().map_or(0, |e| e.blank_variant);
                if self.may_drop()
                    && let Err(err) = self.start_editing(Some((r, c, v)))
                {
                    self.notify(err, Some(self.kind));
                }
            }
            // As PuzzleScript's E: into the editor, and then between editing and playing.
            Command::Edit if self.editor.mode.is_none() => {
                if let Err(err) = self.start_editing(None) {
                    self.notify(err, Some(self.kind));
                }
            }
            Command::Edit | Command::TestLevel => {
                let r = if self.editor.mode.as_ref().is_some_and(|e| e.testing.is_some()) {
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
                let r = match &mut self.editor.mode {
                    Some(e) => e.certify(self.editor.certify_bounds, Box::new(move || ctx.request_repaint())),
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
            Command::SaveLevel => self.save_file(ctx, ExportKind::Level),
            Command::SaveMyLevels => self.save_file(ctx, ExportKind::MyLevels),
            Command::Undo if editing => {
                if let Some(e) = &mut self.editor.mode {
                    e.pad.undo();
                }
            }
            Command::Redo if editing => {
                if let Some(e) = &mut self.editor.mode {
                    e.pad.redo();
                }
            }
            Command::Cancel if editing => {
                if let Some(e) = &mut self.editor.mode {
                    e.cancel();
                }
            }
            Command::Copy if editing => {
                if let Some(e) = &self.editor.mode {
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
    if let Some(e) = &mut app.editor.mode {
        e.note_changes();
    }
    let changed = app.editor.mode.as_ref().map_or(0, |e| e.changed);
    // Words said before the level's last change are stale ("changes not kept: do it again…").
    let notice = app
        .messages
        .notice
        .as_ref()
        .filter(|n| n.tab.is_none_or(|t| t == app.kind) && n.seq > changed)
        .map(|n| n.text.clone());
    let app_variants = app.editor.mode.as_ref().map_or(&[][..], |e| app.tabs.get(e.kind).facts().edit_variants);
    let max_turns = app.editor.certify_bounds.max_turns;
    let Some(e) = &mut app.editor.mode else { return };
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
                    if e.pad.square() {
                        // A square board (stacks): one size; rows and columns would fight.
                        let l = ui.label("size");
                        let a =
                            ui.add(egui::DragValue::new(&mut r).range(1..=crate::editor::MAX_SIDE)).labelled_by(l.id);
                        ui.label(format!("× {r}"));
                        c = r;
                        return a.changed();
                    }
                    let l = ui.label("rows");
                    let a = ui
                        .add(egui::DragValue::new(&mut r).range(1..=crate::editor::MAX_SIDE))
                        .labelled_by(l.id)
                        .changed();
                    let l = ui.label("columns");
                    a | ui
                        .add(egui::DragValue::new(&mut c).range(1..=crate::editor::MAX_SIDE))
                        .labelled_by(l.id)
                        .changed()
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
    // Digit keys pick palette entries, unless a field has the keyboard (a size being typed).
    if !ctx.egui_wants_keyboard_input() {
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
            // A web page has no folder for My levels (levels travel in save files there).
            #[cfg(not(target_arch = "wasm32"))]
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
                } else {
                    // The note's line is kept when there is none: the grid never moves under a
                    // stroke being painted.
                    ui.allocate_exact_size(egui::vec2(1.0, ui.spacing().interact_size.y), egui::Sense::hover());
                }
            }
            Err(inv) => {
                let red = egui::Color32::from_rgb(0xd9, 0x2b, 0x2b);
                ui.colored_label(red, format!("cannot be played or saved: {inv}"));
                ui.allocate_exact_size(egui::vec2(1.0, ui.spacing().interact_size.y), egui::Sense::hover());
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
            // Named as the certifier and the game's moves name it.
            response.on_hover_text_at_pointer(e.pad.cell_name(cell));
        }
    });
    if e.certifying.is_some() {
        ctx.request_repaint_after(Duration::from_millis(100));
    }
}
