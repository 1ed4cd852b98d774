//! One game's part of a frame: the level list and its pack switcher, the status bar, the
//! toolbar, the board with its overlays, the completion banner.

use super::debugger::CAUSE;
use super::debugger::debugger_ui;
use super::{Asked, Shared};
use super::{tool_button, tool_button_labelled};
use crate::app::command::Command;
use crate::app::play::{Gesture, Overlay, Playable};
use crate::app::session::Frame;
use crate::app::{GameKind, LevelKey, Tab, paint};

/// One game's panels for one frame.
pub(crate) fn game_ui<P: Playable + Clone>(ui: &mut egui::Ui, tab: &mut Tab<P>, shared: &mut Shared<'_>) -> Asked {
    let (kind, speed, instant, buttons) = (shared.kind, *shared.speed, shared.instant, P::buttons());
    let mut asked = Asked::default();
    let ctx = ui.ctx().clone();
    // The game's own keys and typed notation (the commands' keys were consumed already).
    let mut gestures = Vec::new();
    // Not while a menu or another popup is open: its keys move its focus only.
    if !ctx.text_edit_focused() && !shared.modal && !egui::Popup::is_any_open(&ctx) {
        ctx.input(|i| {
            for e in &i.events {
                match e {
                    egui::Event::Key { key, pressed: true, modifiers, .. } if !modifiers.command => {
                        gestures.push(Gesture::Key(super::comforts::turn_key::<P>(shared.turn, *key)));
                    }
                    egui::Event::Text(t) => gestures.extend(t.chars().map(Gesture::Text)),
                    _ => {}
                }
            }
        });
    }
    // The midend's frame: the solver's answer, then time (so every panel of this frame shows
    // the same moment; animation follows the clock at any frame rate: a slow renderer or a
    // loaded machine shows fewer frames of a move, never a slower move; egui's stable time
    // step is the clock's while we animate, and a guess after an idle spell), then the keys.
    let dt = ctx.input(|i| i.stable_dt);
    let moving = tab.session.frame(&Frame { dt: dt * speed, instant, gestures, warn: shared.warn });
    if status_bar(ui, tab, shared) {
        asked.commands.push(Command::MessageLog);
    }
    if shared.levels {
        level_list(ui, tab, shared, &mut asked);
    }
    if shared.debugger {
        debugger_ui(ui, &mut tab.session, shared.speed);
    }
    egui::CentralPanel::default_margins().show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            let reversed = tab.reversed();
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
            // One separator between groups, none around an empty one.
            if !buttons.is_empty() || s.start.bottom_only().is_some() {
                ui.separator();
            }
            // Pushing boxes: the reverse mode switch.
            if reversed || tab.levels.get(tab.index).is_some_and(|l| l.start.reversed_game().is_some()) {
                // A switch, drawn as one (a checkbox), so it does not read as a label.
                let info = Command::ReverseMode.info();
                let mut on = reversed;
                if ui.checkbox(&mut on, "Reverse").on_hover_text(info.tooltip).clicked() {
                    asked.commands.push(Command::ReverseMode);
                }
                ui.separator();
            }
            tool_button(ui, Command::Edit, true, &mut asked.commands);
            // The solver's group comes last: while it runs, Cancel (as wide as Solve) stands
            // where Solve was, Hint is greyed in its place and the count grows into empty
            // space, so no button moves under the pointer. The solver plays forward only.
            ui.separator();
            let width = super::button_width(ui, &[P::solve_label(), Command::Cancel.label()], egui::TextStyle::Button);
            let commands = &mut asked.commands;
            match &s.solver {
                Some(_) => tool_button_labelled(ui, Command::Cancel, Command::Cancel.label(), width, true, commands),
                None => tool_button_labelled(ui, Command::Solve, P::solve_label(), width, !reversed, commands),
            }
            tool_button(ui, Command::Hint, s.solver.is_none() && !reversed, commands);
            if let Some(j) = &s.solver {
                ui.spinner();
                let n = j.progress.load(std::sync::atomic::Ordering::Relaxed);
                ui.label(format!("{n} positions"));
            }
        });
        let (rect, drawn) = board(ui, tab, shared);
        completion(ui, tab, kind, (rect, drawn), &mut asked);
        if let Some(title) = &shared.offer {
            // In the strip under the board: below the board's rectangle when the board left
            // it room, else the bottom of the board's rectangle, which the board leaves empty.
            let room = offer_room(ui);
            let strip = if ui.available_height() >= room / 2.0 {
                ui.available_rect_before_wrap()
            } else {
                egui::Rect::from_min_max(egui::pos2(rect.left(), rect.bottom() - room), rect.right_bottom())
            };
            asked.offer = ui.scope_builder(egui::UiBuilder::new().max_rect(strip), |ui| offer(ui, title)).inner;
        }
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

/// The height of the strip under the board that holds the offer to continue a kept game.
fn offer_room(ui: &egui::Ui) -> f32 {
    ui.spacing().interact_size.y + 2.0 * ui.spacing().item_spacing.y + 4.0
}

/// The offer to continue the kept game, in its own strip under the board (it never covers a
/// cell): continue it, start over or hide the offer (both leave the kept game until a move).
fn offer(ui: &mut egui::Ui, title: &str) -> Option<bool> {
    let mut go = None;
    ui.horizontal(|ui| {
        ui.label(format!("You played {title} before: its last game was kept."));
        if ui.button("Continue").on_hover_text("That game, with its whole history (undo goes back)").clicked() {
            go = Some(true);
        }
        if ui.button("Start over").on_hover_text("A fresh start (the kept game stays until you play)").clicked() {
            go = Some(false);
        }
        if ui.small_button("Hide").on_hover_text("Hide this offer (the kept game stays until you play)").clicked() {
            go = Some(false);
        }
    });
    go
}

/// Two paths naming one file (the My levels file opened through its own path, say).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    a == b || std::fs::canonicalize(a).ok().zip(std::fs::canonicalize(b).ok()).is_some_and(|(x, y)| x == y)
}

/// A file's header as its author wrote it: one line each, separator lines (`-----`, `=====`)
/// left out.
fn header_text(lines: &[String]) -> String {
    let kept: Vec<&str> = lines.iter().map(|l| l.trim()).filter(|l| l.chars().any(char::is_alphanumeric)).collect();
    kept.join("\n")
}

/// The credit a pack's levels carry wherever they are shown.
pub(super) fn credit(pack: &str) -> Option<&'static str> {
    let p = pack.to_lowercase();
    (p.contains("microban") || p.contains("sasquatch")).then_some("Microban / Sasquatch by David W. Skinner")
}

/// The status bar; `true` when its message was clicked (the message log opens).
pub(super) fn status_bar<P: Playable>(ui: &mut egui::Ui, tab: &Tab<P>, shared: &Shared<'_>) -> bool {
    let s = &tab.session;
    let mut clicked = false;
    egui::Panel::bottom("status").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(format!("{} · {}", tab.pack, s.title));
            // The level list carries the credit; with it hidden, the status bar does.
            if let Some(c) = credit(&tab.pack).filter(|_| !shared.levels) {
                ui.small(c);
            }
            ui.separator();
            // An export going on behind a closed panel (Ctrl+E shows it again).
            if let Some((done, frames)) = shared.exporting {
                let f = if frames == 0 { 0.0 } else { done as f32 / frames as f32 };
                ui.add(egui::ProgressBar::new(f).desired_width(90.0).text(format!("export: {:.0} %", f * 100.0)))
                    .on_hover_text(format!("exporting: {done} / {frames} frames (Ctrl+E shows the export)"));
                ui.separator();
            }
            // The counts keep room for five digits, so the message after them does not
            // creep sideways as they grow.
            let counts = if P::counts_pushes() {
                // UVa 589's own criteria: pushes first, then moves.
                let what = if tab.reversed() { "reverse · pulls" } else { "pushes" };
                [format!("{what}: {} · moves: {}", s.pushes(), s.moves()), format!("{what}: 99999 · moves: 99999")]
            } else {
                [format!("moves: {}", s.moves()), "moves: 99999".to_string()]
            };
            let room = super::text_width(ui, &counts[1], egui::TextStyle::Body);
            ui.scope(|ui| {
                ui.set_min_width(room);
                ui.label(&counts[0]);
            });
            if let Some(p) = tab.levels.get(tab.index).and_then(|l| l.par_text.clone()) {
                ui.label(format!("par: {p}"));
            } else if let Some(p) = s.par {
                ui.label(format!("par: {p}"));
            }
            let failed = s.last_move().and_then(|(before, _, steps)| {
                let i = steps.iter().position(P::is_failure)?;
                Some(before.records(steps).swap_remove(i).text)
            });
            // What the position says of itself (a message saying the same is not said twice),
            // in room kept for "solved": the message after it does not move when it comes.
            let mut said = None;
            let room = super::text_width(ui, "solved", egui::TextStyle::Body);
            ui.scope(|ui| {
                ui.set_min_width(room);
                if let Some(f) = failed {
                    ui.colored_label(
                        egui::Color32::from_rgb(0xd9, 0x2b, 0x2b),
                        format!("{f}: the attempt fails (undo to go on)"),
                    );
                } else if let Some(st) = s.current().status() {
                    ui.label(&st);
                    said = Some(st);
                } else if s.current().solved() {
                    let done = s.current().done_text();
                    ui.colored_label(egui::Color32::from_rgb(0x2e, 0x8b, 0x57), &done);
                    said = Some(done);
                }
            });
            // One place for messages: the newest of this game's and the app's (unless the
            // app's belongs to another game's tab).
            let app_note = shared.notice.as_ref().filter(|n| n.tab.is_none_or(|t| t == shared.kind));
            // A move clears the game's message and silences every older one.
            let shown = match app_note {
                Some(n) if n.seq > s.message_seq => Some(&n.text),
                _ => s.message.as_ref(),
            };
            if let Some(m) = shown.filter(|m| said.as_ref() != Some(*m)) {
                ui.separator();
                // Cut at the window's edge: the whole text in the tooltip, and a click opens
                // the message log.
                let r = ui
                    .add(egui::Label::new(m).truncate().show_tooltip_when_elided(false).sense(egui::Sense::click()))
                    .on_hover_text(format!("{m}\n\n(click: the message log)"));
                clicked = r.clicked();
            }
        });
    });
    clicked
}

/// `text` cut with "…" to fit `width` points in `font`.
fn cut_to_width(ui: &egui::Ui, text: &str, font: &egui::FontId, width: f32) -> String {
    let fits = |s: &str| {
        ui.fonts_mut(|f| f.layout_no_wrap(s.to_string(), font.clone(), egui::Color32::WHITE).size().x) <= width
    };
    if fits(text) {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut n = chars.len();
    while n > 0 && !fits(&format!("{}…", chars[..n].iter().collect::<String>())) {
        n -= 1;
    }
    format!("{}…", chars[..n].iter().collect::<String>())
}

pub(super) fn level_list<P: Playable>(ui: &mut egui::Ui, tab: &Tab<P>, shared: &Shared<'_>, asked: &mut Asked) {
    let (kind, progress) = (shared.kind, shared.progress);
    // Never more than a third of the window: the board keeps the middle.
    let most = (ui.ctx().content_rect().width() / 3.0).max(120.0);
    super::side_panel(ui, "levels", most, |ui| {
        egui::Panel::left("levels").default_size(220.0_f32.min(most)).max_size(most).resizable(true).show(ui, |ui| {
            super::within_width(ui, |ui| {
                ui.heading(kind.name());
                // The pack switcher: the built-in levels and this game's recent files.
                let recent: Vec<&std::path::PathBuf> =
                    progress.recent.iter().filter(|(g, _)| *g == kind).map(|(_, p)| p).collect();
                let room = (ui.available_width() - 50.0).clamp(80.0, 170.0);
                // A long name is cut with "…" (the whole on hover): the list never widens for it.
                let font = egui::TextStyle::Button.resolve(ui.style());
                let shown = cut_to_width(ui, &tab.pack, &font, room - 24.0);
                egui::ComboBox::from_label("pack").selected_text(shown).width(room).truncate().show_ui(ui, |ui| {
                    if ui.selectable_label(tab.pack == crate::app::BUILT_IN, crate::app::BUILT_IN).clicked() {
                        asked.pack = Some(None);
                    }
                    if let Some(p) = &shared.my_pack
                        && ui
                            .selectable_label(tab.pack == crate::app::MY_LEVELS, crate::app::MY_LEVELS)
                            .on_hover_text(format!("The levels you made in the editor ({})", p.display()))
                            .clicked()
                    {
                        asked.pack = Some(Some(p.clone()));
                    }
                    // The My levels file is listed once, as My levels.
                    for p in recent.into_iter().filter(|p| shared.my_pack.as_ref().is_none_or(|m| !same_file(m, p))) {
                        let name = p.file_name().map_or(p.display().to_string(), |f| f.to_string_lossy().to_string());
                        if ui.selectable_label(tab.pack == name, name).on_hover_text(p.display().to_string()).clicked()
                        {
                            asked.pack = Some(Some(p.clone()));
                        }
                    }
                });
                let n = tab.levels.len();
                if !P::PUZZLE {
                    ui.label(format!("{n} {} (PageUp / PageDown)", if n == 1 { "board" } else { "boards" }));
                } else {
                    // Counted as the list marks them: a level the list shows solved is counted, once
                    // for each line that shows it.
                    let solved = tab
                        .levels
                        .iter()
                        .filter(|l| {
                            let key = LevelKey { game: kind, pack: tab.pack.clone(), content: l.content };
                            progress.get(&key).is_some_and(|r| r.best.is_some())
                        })
                        .count();
                    ui.label(format!("{solved} / {n} solved (PageUp / PageDown)"));
                }
                super::pack::facts(ui, tab, shared);
                if let Some(c) = credit(&tab.pack) {
                    ui.small(c);
                }
                // The file's own header: its first line, the whole on hover.
                if let Some(first) = tab.header.first() {
                    ui.small(first).on_hover_text(header_text(&tab.header));
                }
                // List or grid (thumbnails drawn by the same scene as the board).
                ui.horizontal(|ui| {
                    let mut grid = shared.grid;
                    ui.selectable_value(&mut grid, false, "list").on_hover_text("One line a level");
                    ui.selectable_value(&mut grid, true, "grid").on_hover_text("A picture of each level");
                    if grid != shared.grid {
                        asked.grid = Some(grid);
                    }
                });
                let line = |i: usize, l: &crate::app::Level<P>| {
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
                    match (rec.best, &rec.pushes) {
                        (Some(b), Some((p, m, _))) if *m == b => {
                            text.push_str(&format!("  [solved] best {p} pushes, {b} moves"))
                        }
                        (Some(b), Some((p, m, _))) => {
                            text.push_str(&format!("  [solved] fewest moves {b}; fewest pushes {p} ({m} moves)"))
                        }
                        (Some(b), None) => text.push_str(&format!("  [solved] best {b}")),
                        (None, _) if rec.shown => text.push_str("  [seen solved]"),
                        (None, _) => {}
                    }
                    let _ = i;
                    (text, rec.best.is_some())
                };
                // Only the rows on screen are laid out (and, in the grid, drawn): a pack of tens of
                // thousands of levels opens and scrolls as fast as one of ten.
                let pitch_list = ui.text_style_height(&egui::TextStyle::Body).max(ui.spacing().interact_size.y);
                let spacing = ui.spacing().item_spacing.y;
                let (cols, row_h) = if shared.grid {
                    let cols = ((ui.available_width() + 6.0) / (THUMB + 6.0)).floor().max(1.0) as usize;
                    (cols, THUMB + 20.0)
                } else {
                    (1, pitch_list)
                };
                let rows = n.div_ceil(cols);
                // My levels' entries are the player's: a right-click renames, moves or deletes one.
                let mine = tab.pack == crate::app::MY_LEVELS && shared.my_pack.is_some();
                let mut area =
                    egui::ScrollArea::vertical().id_salt(("levels", shared.grid)).auto_shrink([false, false]);
                if shared.scroll_to_current {
                    // The current level's row a little below the top.
                    let at = (tab.index / cols) as f32 * (row_h + spacing);
                    area = area.vertical_scroll_offset((at - 3.0 * (row_h + spacing)).max(0.0));
                }
                area.show_rows(ui, row_h, rows, |ui, range| {
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                    for row in range {
                        if !shared.grid {
                            // One line a level: long ones are cut (the whole text is the tooltip).
                            let l = &tab.levels[row];
                            let (text, _) = line(row, l);
                            let r = ui.selectable_label(row == tab.index, &text).on_hover_text(&text);
                            if r.clicked() {
                                asked.level = Some(row);
                            }
                            if mine {
                                mine_menu(&r, kind, row, &l.title, asked);
                            }
                            continue;
                        }
                        ui.horizontal(|ui| {
                            for i in row * cols..((row + 1) * cols).min(n) {
                                let l = &tab.levels[i];
                                let (text, solved) = line(i, l);
                                // Each picture's scene is built once and kept (egui's temporary data,
                                // keyed by the level's content): scrolling redraws, never rebuilds.
                                let id = egui::Id::unique(("thumbnail", kind, l.content));
                                let scene = ui.data_mut(|d| d.get_temp::<std::sync::Arc<crate::scene::Scene>>(id));
                                let scene = scene.unwrap_or_else(|| {
                                    let s = std::sync::Arc::new(l.start.still());
                                    ui.data_mut(|d| d.insert_temp(id, s.clone()));
                                    s
                                });
                                let r = thumbnail(ui, &scene, &l.title, i == tab.index, solved).on_hover_text(&text);
                                if r.clicked() {
                                    asked.level = Some(i);
                                }
                                if mine {
                                    mine_menu(&r, kind, i, &l.title, asked);
                                }
                            }
                        });
                    }
                });
            });
        })
    });
}

/// A My levels entry's menu (right-click): rename, move up or down, delete.
fn mine_menu(row: &egui::Response, kind: GameKind, i: usize, title: &str, asked: &mut Asked) {
    // A click in the name field must not close the menu (its buttons close it).
    egui::Popup::context_menu(row)
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
        .show(|ui| mine_menu_items(ui, kind, i, title, asked));
}

fn mine_menu_items(ui: &mut egui::Ui, kind: GameKind, i: usize, title: &str, asked: &mut Asked) {
    use crate::app::edit::mine::{Change, can_rename};
    if can_rename(kind) {
        let id = egui::Id::unique(("rename my level", i));
        let mut name = ui.data_mut(|d| d.get_temp::<String>(id)).unwrap_or_else(|| title.to_string());
        ui.horizontal(|ui| {
            let edit = ui.add(egui::TextEdit::singleline(&mut name).desired_width(160.0));
            let enter = edit.lost_focus() && ui.input(|inp| inp.key_pressed(egui::Key::Enter));
            if ui.button("Rename").clicked() || enter {
                asked.mine = Some((i, Change::Rename(name.clone())));
                ui.close();
            }
        });
        ui.data_mut(|d| d.insert_temp(id, name));
    }
    for (label, change) in [("Move up", Change::Up), ("Move down", Change::Down), ("Delete", Change::Delete)] {
        if ui.button(label).clicked() {
            asked.mine = Some((i, change));
            ui.close();
        }
    }
}

/// A thumbnail's side, in points.
const THUMB: f32 = 104.0;

/// One level in the grid: its start drawn by the board's own scene, its title under it; the
/// current level framed, a solved one marked green.
fn thumbnail(
    ui: &mut egui::Ui,
    scene: &crate::scene::Scene,
    title: &str,
    current: bool,
    solved: bool,
) -> egui::Response {
    // The caption in the body's size (a small one was hard to read), cut with "…" to fit.
    let font = egui::TextStyle::Body.resolve(ui.style());
    let line = font.size + 4.0;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(THUMB, THUMB + line), egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, current, title));
    let picture = egui::Rect::from_min_size(rect.min, egui::vec2(THUMB, THUMB));
    let painter = ui.painter_at(rect);
    paint::paint(&painter, picture.shrink(3.0), scene);
    let ring = if current {
        Some(egui::Stroke::new(3.0, ui.visuals().selection.bg_fill))
    } else if solved {
        Some(egui::Stroke::new(2.0, egui::Color32::from_rgb(0x2e, 0x8b, 0x57)))
    } else if response.hovered() {
        Some(ui.visuals().widgets.hovered.fg_stroke)
    } else {
        None
    };
    if let Some(s) = ring {
        painter.rect_stroke(picture.shrink(1.0), 4.0, s, egui::StrokeKind::Inside);
    }
    let shown = cut_to_width(ui, title, &font, THUMB - 2.0);
    let galley = painter.layout_no_wrap(shown, font, ui.visuals().text_color());
    let at = egui::pos2(rect.center().x - galley.size().x / 2.0, picture.bottom() + 1.0);
    painter.galley(at, galley, ui.visuals().text_color());
    response
}

/// The moment a level is done: a banner over the board with what happened and where next.
///
/// The board does not move (nor shrink) under the pointer when it appears: it stands in the
/// room the board leaves above or below itself when there is enough, and otherwise over the
/// board's top edge, with a button that hides it until the game changes.
pub(super) fn completion<P: Playable>(
    ui: &mut egui::Ui,
    tab: &Tab<P>,
    kind: GameKind,
    (area, drawn): (egui::Rect, egui::Rect),
    asked: &mut Asked,
) {
    let s = &tab.session;
    // Hidden for this solved position: once the game leaves it (a move, an undo, another
    // level), it shows again when a level is done.
    let hidden_id = egui::Id::unique(("banner hidden", kind));
    // A reverse game's end is no solve: the forward solution it gives is, once played.
    if tab.reversed() || !(s.current().solved() && s.moves() > 0 && !s.animating() && s.queue.is_empty()) {
        ui.data_mut(|d| d.remove::<(usize, u64, usize)>(hidden_id));
        return;
    }
    let state = (tab.index, s.version, s.cursor);
    if ui.data(|d| d.get_temp::<(usize, u64, usize)>(hidden_id)) == Some(state) {
        return;
    }
    // Its height as last drawn (a guess the first time).
    let height_id = egui::Id::unique(("banner height", kind));
    let height = ui.data(|d| d.get_temp::<f32>(height_id)).unwrap_or(48.0);
    let (place, covers) = banner_place(area, drawn, height);
    let text = if !P::PUZZLE {
        s.current().done_text()
    } else if s.by_player() && P::counts_pushes() {
        // Pushing boxes: both counts, pushes first, against a par of both when it has one.
        let pushes = s.pushes();
        let mine = (pushes, s.moves());
        let count = crate::app::files::count_of;
        let par = tab
            .levels
            .get(tab.index)
            .and_then(|l| l.par_text.as_deref())
            .and_then(|t| count(t, "pushes").zip(count(t, "moves")));
        let c = crate::app::library::counted;
        let said = format!("Solved in {}, {}", c(pushes, "push"), c(s.moves(), "move"));
        match par {
            Some(p) if mine < p => format!("{said}: better than par {} pushes, {} moves!", p.0, p.1),
            Some(p) if mine == p => format!("{said}: par, optimal"),
            Some(p) => format!("{said} (par {} pushes, {} moves)", p.0, p.1),
            None => said,
        }
    } else if s.by_player() {
        let par = match s.par {
            Some(p) if s.moves() < p => format!(", {} under par {p}!", p - s.moves()),
            Some(p) if s.moves() == p => format!(", par {p}: optimal"),
            Some(p) => format!(" (par {p})"),
            None => String::new(),
        };
        format!("Solved in {}{par}", crate::app::library::moves_said(s.moves()))
    } else {
        // Moves not the player's: the solver's, or those a game ID, a link, a paste or a file
        // brought.
        let whose = if s.solver_played { "with the solver's help" } else { "by the moves opened" };
        let counts = if P::counts_pushes() {
            format!("{} pushes, {} moves", s.pushes(), s.moves())
        } else {
            crate::app::library::moves_said(s.moves())
        };
        format!("Solved {whose}: {counts} (not counted as yours)")
    };
    let green = egui::Color32::from_rgb(0x2e, 0x8b, 0x57);
    let mut hide = false;
    let shown = ui.scope_builder(egui::UiBuilder::new().max_rect(place), |ui| {
        egui::Frame::new().fill(green).inner_margin(8.0).corner_radius(6.0).show(ui, |ui| {
            // Wrapped, so the buttons stay on screen beside a long message in a narrow window.
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(text).strong().color(egui::Color32::WHITE).size(17.0));
                ui.add_space(12.0);
                tool_button(ui, Command::NextLevel, tab.index + 1 < tab.levels.len(), &mut asked.commands);
                if P::PUZZLE {
                    tool_button(ui, Command::NextUnsolved, true, &mut asked.commands);
                }
                if covers {
                    hide = ui.button("Hide").on_hover_text("Hide this message to see the whole board").clicked();
                }
            });
        })
    });
    let h = shown.response.rect.height();
    if h != height {
        ui.data_mut(|d| d.insert_temp(height_id, h));
        ui.ctx().request_repaint();
    }
    if hide {
        ui.data_mut(|d| d.insert_temp(hidden_id, state));
    }
}

/// Where the completion banner stands in the board's `area` (the board drawn in `drawn`):
/// centred in the room above the board, or below it, when `height` fits there; otherwise
/// over the board's top edge. `true` when it covers the board.
fn banner_place(area: egui::Rect, drawn: egui::Rect, height: f32) -> (egui::Rect, bool) {
    let pad = 6.0;
    let above = egui::Rect::from_x_y_ranges(area.x_range(), area.top()..=drawn.top());
    let below = egui::Rect::from_x_y_ranges(area.x_range(), drawn.bottom()..=area.bottom());
    for band in [above, below] {
        if band.height() >= height + 2.0 * pad {
            let top = band.center().y - height / 2.0;
            return (egui::Rect::from_x_y_ranges(band.x_range().shrink(pad), top..=band.bottom()), false);
        }
    }
    (area.shrink(pad), true)
}

/// The board and its overlays; its rectangle, and the part of it the level is drawn in
/// ([`crate::scene::Scene::content_bounds`]).
pub(super) fn board<P: Playable>(
    ui: &mut egui::Ui,
    tab: &mut Tab<P>,
    shared: &mut Shared<'_>,
) -> (egui::Rect, egui::Rect) {
    let instant = shared.instant;
    let mut size = ui.available_size();
    let scene = tab.session.scene();
    // Room under the board for the offer to continue a kept game: the space the board leaves
    // below it when there is enough (the board stays where it was), else taken off its height.
    if shared.offer.is_some() || shared.offer_room {
        let turn = if P::TURNS { shared.turn } else { paint::Turn::default() };
        let whole = egui::Rect::from_min_size(ui.cursor().min, size);
        let v = paint::View::fit_turned(&scene, whole, turn);
        let (_, h) = turn.size(scene.width, scene.height);
        let below = whole.bottom() - (v.origin.y + h * v.scale);
        if below < offer_room(ui) {
            size.y = (size.y - offer_room(ui)).max(0.0);
        }
    }
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "board"));
    let painter = ui.painter_at(rect);
    let turn = if P::TURNS { shared.turn } else { paint::Turn::default() };
    let fit = paint::View::fit_turned(&scene, rect, turn);
    let view = super::comforts::zoomed(ui, &response, (shared.kind, tab.index), fit, &mut *shared.drag_start);
    let view = paint::paint_view(&painter, &scene, view);
    let [lo, hi] = scene.content_bounds().unwrap_or([[0.0, 0.0], [scene.width, scene.height]]);
    let drawn = egui::Rect::from_two_pos(view.to_screen(lo), view.to_screen(hi));
    if tab.reversed() {
        super::comforts::reverse_look(ui, &painter, drawn);
    }
    super::comforts::wheel(ui, &response, &mut tab.session);
    let s = &tab.session;
    let at_rest = !s.animating() && s.queue.is_empty();
    if shared.numbers && at_rest {
        paint::labels(&painter, &view, &s.current().labels());
    }
    // The letters name the blocks where the picture shows them (a step the debugger stopped
    // on shows its own state, not the move's end).
    if shared.debugger
        && at_rest
        && let Some(shown) = s.shown_state()
    {
        paint::labels(&painter, &view, &shown.debug_labels());
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
        && (s.debug.pinned.is_some() || (response.hovered() && !response.dragged()))
    {
        paint::inspected(&painter, &view, &s.current().cell_quad(c));
    }
    // The hint, on the board: what to move and which way.
    if let Some(mv) = &s.hint
        && at_rest
    {
        let line = if s.hint_line.is_empty() { std::slice::from_ref(mv) } else { &s.hint_line[..] };
        paint::overlays(&painter, &view, &s.current().hint_line_overlay(line));
    }
    // The selection (Vexed's chosen block), drawn apart from the highlight: a dashed ring
    // in the selection colour, while no animation plays; the keyboard cursor roaming over the
    // blocks, a solid ring around the cell.
    if let Some(sel) = s.selected
        && at_rest
    {
        let x = 0.25 + sel.col as f32;
        let y = 0.25 + sel.row as f32;
        let quad = [[x, y], [x + 1.0, y], [x + 1.0, y + 1.0], [x, y + 1.0]];
        if s.roaming {
            paint::cursor(&painter, &view, &quad);
        } else {
            paint::selection(&painter, &view, &quad);
        }
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
    (rect, drawn)
}

/// Draws what the window lays over the board.
impl paint::OverlayPainter for Overlay {
    fn draw(&self, painter: &egui::Painter, view: &paint::View) {
        match self {
            Overlay::Mark(q) => paint::hint_mark(painter, view, q),
            Overlay::Arrow(a, b) => paint::arrow(painter, view, *a, *b),
            Overlay::Ghost(q, ink, glyph) => paint::ghost(painter, view, q, *ink, *glyph),
            Overlay::Landing(q) => paint::selection(painter, view, q),
            Overlay::Label(p, text) => paint::labels(painter, view, &[(*p, text.clone())]),
            Overlay::Cover(q) => paint::cover(painter, view, q),
        }
    }
}
