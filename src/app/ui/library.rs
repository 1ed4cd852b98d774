//! The library window (Game › Solutions and snapshots…, Ctrl+L): the level's solutions with
//! their counts, who found each and when, the best by pushes and by moves marked; the
//! optimiser; snapshots; the level's statistics.

use crate::app::TumbleApp;
use crate::app::command::Command;
use crate::app::library::Finder;

/// What a click in the window asks (carried out after it is drawn).
enum Act {
    /// A solution's line, and whether the player found it (else it is not counted as theirs).
    Replay(String, bool),
    Copy(String),
    Optimise(usize),
    CancelOptimiser,
    DeleteSolution(usize),
    Snapshot,
    OpenSnapshot(String, String),
    DeleteSnapshot(usize),
    Export,
}

impl TumbleApp {
    pub(super) fn library_window(&mut self, ctx: &egui::Context) {
        if !self.shelf.open {
            return;
        }
        let mut open = true;
        let mut acts = Vec::new();
        let lib = self.library();
        let keeps = self.library_key().is_some();
        let counts_pushes = self.tab().status().pushes.is_some();
        let can_optimise = self.tab().facts().can_optimise;
        let title = format!("{} · {}", self.tab().status().pack, self.tab().status().title);
        let confirm = self.shelf.confirm;
        let screen = ctx.content_rect();
        let optimising = self
            .shelf
            .optimising
            .as_ref()
            .map(|o| (o.progress.load(std::sync::atomic::Ordering::Relaxed), o.started.elapsed().as_secs_f32()));
        egui::Window::new("Solutions and snapshots")
            .open(&mut open)
            // Over the right of the window (the debugger's side) rather than the board.
            // Its rows are about 790 points wide (fixed columns): from there to the window's
            // right edge, so it is not pushed back into the window a frame after it opens.
            .default_pos([(screen.right() - 820.0).max(screen.left()), screen.top() + 60.0])
            .vscroll(true)
            // As wide as its rows from the start: the first solution arriving does not widen
            // it over the board.
            .min_width(800.0)
            .show(ctx, |ui| {
                ui.label(egui::RichText::new(&title).strong());
                if !keeps {
                    ui.label(
                        "This level keeps no library (stacks is a simulation; a level being edited is nobody's yet).",
                    );
                    return;
                }
                ui.label(lib.stats.text());
                ui.separator();
                ui.heading("Solutions");
                if lib.solutions.is_empty() {
                    ui.label("None yet: solve the level, or let the solver (Solve) find one.");
                }
                let (bp, bm) = (lib.best_by_pushes(), lib.best_by_moves());
                // Every column as wide as its widest possible text from the first frame: an
                // entry arriving (the optimiser's), or a best mark moving, widens nothing and
                // moves no button under the pointer.
                let widths = [
                    text_width(ui, if counts_pushes { "pushes / moves" } else { "99999" })
                        .max(text_width(ui, "9999 / 99999")),
                    Finder::ALL.iter().map(|f| text_width(ui, f.said())).fold(text_width(ui, "found by"), f32::max),
                    text_width(ui, "0000-00-00 00:00 UTC"),
                    text_width(ui, "best by pushes, best by moves"),
                ];
                egui::Grid::new("solutions").striped(true).num_columns(5).show(ui, |ui| {
                    if !lib.solutions.is_empty() {
                        let heads = [if counts_pushes { "pushes / moves" } else { "moves" }, "found by", "when", ""];
                        for (head, w) in heads.into_iter().zip(widths) {
                            cell(ui, egui::RichText::new(head).strong(), w);
                        }
                        ui.strong("");
                        ui.end_row();
                    }
                    for (i, k) in lib.solutions.iter().enumerate() {
                        let counts = match k.pushes {
                            Some(p) => format!("{p} / {}", k.moves),
                            None => k.moves.to_string(),
                        };
                        let mut marks = Vec::new();
                        if bp == Some(i) && counts_pushes {
                            marks.push("best by pushes");
                        }
                        if bm == Some(i) {
                            marks.push("best by moves");
                        }
                        let when = crate::save::library::shown(k.found.when);
                        for (text, w) in
                            [counts, k.found.by.said().to_string(), when, marks.join(", ")].into_iter().zip(widths)
                        {
                            cell(ui, text, w);
                        }
                        ui.horizontal(|ui| {
                            if ui
                                .small_button("Replay")
                                .on_hover_text("Play it from the start (undo brings your game back)")
                                .clicked()
                            {
                                acts.push(Act::Replay(k.found.line.clone(), k.found.by == Finder::Player));
                            }
                            if ui
                                .small_button("Copy")
                                .on_hover_text("Its moves on the clipboard (Sokoban: LURD)")
                                .clicked()
                            {
                                acts.push(Act::Copy(k.found.line.clone()));
                            }
                            if can_optimise
                                && ui
                                    .add_enabled(optimising.is_none(), egui::Button::new("Optimise").small())
                                    .on_hover_text(
                                        "Search near it for fewer pushes, then fewer moves (a new entry when found)",
                                    )
                                    .clicked()
                            {
                                acts.push(Act::Optimise(i));
                            }
                            let sure = confirm == Some((true, i));
                            if delete_button(ui, sure)
                                .on_hover_text("Click twice: the solution is gone for good")
                                .clicked()
                            {
                                acts.push(Act::DeleteSolution(i));
                            }
                        });
                        ui.end_row();
                    }
                });
                // The optimiser's row is there whenever it can run, so starting it moves
                // nothing below.
                if can_optimise && !lib.solutions.is_empty() {
                    ui.horizontal(|ui| {
                        ui.set_min_height(ui.spacing().interact_size.y);
                        match optimising {
                            Some((n, secs)) => {
                                ui.spinner();
                                ui.label(format!(
                                    "optimising: {n} positions, {secs:.0} s of at most {} s",
                                    super::super::shelf::OPTIMISE_TIME.as_secs()
                                ));
                                if ui.button("Cancel").clicked() {
                                    acts.push(Act::CancelOptimiser);
                                }
                            }
                            None => {
                                ui.weak("Optimise searches near a solution for fewer pushes, then fewer moves.");
                            }
                        }
                    });
                }
                ui.separator();
                ui.heading("Snapshots");
                ui.horizontal(|ui| {
                    let l = ui.label("name:");
                    let field = ui
                        .add(egui::TextEdit::singleline(&mut self.shelf.name).hint_text("move N").desired_width(200.0))
                        .labelled_by(l.id);
                    // Enter in the field takes the snapshot, as the button does.
                    let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if ui.button(Command::Snapshot.label()).on_hover_text(Command::Snapshot.info().tooltip).clicked()
                        || entered
                    {
                        acts.push(Act::Snapshot);
                    }
                });
                if lib.snapshots.is_empty() {
                    ui.label("None yet: a snapshot keeps the game on screen to come back to.");
                }
                // Fixed columns here too: a long name is cut (whole on hover).
                let widths = [
                    text_width(ui, "a name of twenty-four ch"),
                    text_width(ui, "99999 moves"),
                    text_width(ui, "0000-00-00 00:00 UTC"),
                ];
                egui::Grid::new("snapshots").striped(true).num_columns(4).show(ui, |ui| {
                    for (i, s) in lib.snapshots.iter().enumerate() {
                        cell(ui, s.snapshot.name.as_str(), widths[0]).on_hover_text(&s.snapshot.name);
                        cell(ui, crate::app::library::moves_said(s.moves), widths[1]);
                        cell(ui, crate::save::library::shown(s.snapshot.when), widths[2]);
                        ui.horizontal(|ui| {
                            if ui
                                .small_button("Open")
                                .on_hover_text("Go on from it (undo brings your game back)")
                                .clicked()
                            {
                                acts.push(Act::OpenSnapshot(s.snapshot.name.clone(), s.snapshot.line.clone()));
                            }
                            let sure = confirm == Some((false, i));
                            if delete_button(ui, sure)
                                .on_hover_text("Click twice: the snapshot is gone for good")
                                .clicked()
                            {
                                acts.push(Act::DeleteSnapshot(i));
                            }
                        });
                        ui.end_row();
                    }
                });
                ui.separator();
                if ui
                    .button(Command::ExportLibrary.label())
                    .on_hover_text(Command::ExportLibrary.info().tooltip)
                    .clicked()
                {
                    acts.push(Act::Export);
                }
                ui.small("Solutions and snapshots travel in save files (File › Save game…).");
            });
        self.shelf.open &= open;
        for a in acts {
            match a {
                Act::Replay(line, own) => {
                    let instant = self.view.instant;
                    let tab = self.tab_mut();
                    let played = if own { tab.play_line(&line, instant) } else { tab.play_given_line(&line, instant) };
                    match played {
                        Ok(()) => self.not_an_attempt(),
                        Err(e) => self.notify(format!("the solution no longer replays: {e}"), Some(self.kind)),
                    }
                }
                Act::Copy(line) => {
                    ctx.copy_text(line);
                    self.notify("copied the solution's moves", Some(self.kind));
                }
                Act::Optimise(i) => self.start_optimiser(i),
                Act::CancelOptimiser => self.cancel_optimiser(),
                Act::DeleteSolution(i) if self.shelf.confirm == Some((true, i)) => {
                    self.shelf.confirm = None;
                    self.delete_solution(i);
                }
                Act::DeleteSnapshot(i) if self.shelf.confirm == Some((false, i)) => {
                    self.shelf.confirm = None;
                    self.delete_snapshot(i);
                }
                // The first click asks (the button then says so); the second deletes.
                Act::DeleteSolution(i) => self.shelf.confirm = Some((true, i)),
                Act::DeleteSnapshot(i) => self.shelf.confirm = Some((false, i)),
                Act::Snapshot => self.run(Command::Snapshot, ctx),
                Act::OpenSnapshot(name, line) => self.open_snapshot(&name, &line),
                Act::Export => self.run(Command::ExportLibrary, ctx),
            }
        }
    }
}

/// The width `text` takes in the body font.
fn text_width(ui: &egui::Ui, text: &str) -> f32 {
    super::text_width(ui, text, egui::TextStyle::Body)
}

/// A grid cell exactly `width` wide: its text cut (with "…") when longer.
fn cell(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>, width: f32) -> egui::Response {
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(size, egui::Layout::left_to_right(egui::Align::Center), |ui| {
        ui.set_min_width(width);
        ui.add(egui::Label::new(text).truncate())
    })
    .inner
}

/// A Delete button as wide as its "Delete: sure?" form, so asking does not move the row's
/// buttons (or the next row's) under the pointer.
fn delete_button(ui: &mut egui::Ui, sure: bool) -> egui::Response {
    let width = super::button_width(ui, &["Delete: sure?"], egui::TextStyle::Body);
    ui.add(egui::Button::new(if sure { "Delete: sure?" } else { "Delete" }).small().min_size(egui::vec2(width, 0.0)))
}
