//! The window's panels, one frame at a time: the menu bar, the level list with its pack
//! switcher, the status bar, the toolbar and the board, the rule debugger, the help. Actions
//! come from the command table (`command.rs`) whether they are menu items, buttons or keys, and
//! are carried out in one place ([`TumbleApp::run`]).
//!
//! `game` is one game's part of the frame (level list, status bar, toolbar, board,
//! completion banner), `debugger` the rule debugger's, `windows` the export panel, the
//! command palette and the help; this file the frame as a whole, the menus and the one place
//! commands are carried out.

mod comforts;
mod debugger;
mod game;
mod library;
mod pack;
mod windows;

pub(crate) use game::game_ui;

use super::command::{Command, Menu};
use super::{GameKind, Notice, Progress, TumbleApp};

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
    /// The level list shown as a grid of pictures (or back to lines).
    grid: Option<bool>,
    /// A My levels entry to rename, move or delete.
    mine: Option<(usize, crate::app::edit::mine::Change)>,
    /// The answer to the offer to continue a kept game: continue (`true`) or not now.
    offer: Option<bool>,
}

/// What every game's panels share in one frame.
pub(crate) struct Shared<'a> {
    kind: GameKind,
    speed: &'a mut f32,
    instant: bool,
    numbers: bool,
    /// Mark dead squares (View › Dead squares).
    dead: bool,
    /// Say when a move leaves an unsolvable position (View › Warn when unsolvable).
    warn: bool,
    /// The level list as a grid of pictures.
    grid: bool,
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
    /// How the board is turned (for the games that turn).
    turn: crate::app::paint::Turn,
    /// An export running with its panel closed: frames written, of how many.
    exporting: Option<(usize, usize)>,
    /// The offer to continue the kept game of the level on screen (its title), shown in a
    /// strip of its own under the board.
    offer: Option<String>,
    /// Whether the strip under the board keeps its room (the offer was shown on this level).
    offer_room: bool,
}

/// A menu entry or button for a command: its label, shortcut and tooltip from the table.
pub(super) fn command_button(ui: &mut egui::Ui, c: Command, enabled: bool, asked: &mut Vec<Command>) {
    let info = c.info();
    let mut b = egui::Button::new(info.label);
    if let Some(s) = c.shortcut_text(ui.ctx()) {
        b = b.shortcut_text(s);
    }
    let why = format!("{} (not now: {})", info.tooltip, info.when.why_not());
    if ui.add_enabled(enabled, b).on_hover_text(info.tooltip).on_disabled_hover_text(why).clicked() {
        asked.push(c);
        ui.close();
    }
}

/// F1 to F12: shortcuts that work even with a menu open.
fn is_function_key(k: egui::Key) -> bool {
    use egui::Key::*;
    matches!(k, F1 | F2 | F3 | F4 | F5 | F6 | F7 | F8 | F9 | F10 | F11 | F12)
}

/// A toolbar button for a command: the label only, the shortcut in the tooltip.
pub(super) fn tool_button(ui: &mut egui::Ui, c: Command, enabled: bool, asked: &mut Vec<Command>) {
    tool_button_labelled(ui, c, c.info().label, 0.0, enabled, asked);
}

/// [`tool_button`] under another label (a game's own word for the command), at least
/// `width` wide (so two buttons taking turns in one place are the same size).
pub(super) fn tool_button_labelled(
    ui: &mut egui::Ui,
    c: Command,
    label: &str,
    width: f32,
    enabled: bool,
    asked: &mut Vec<Command>,
) {
    let info = c.info();
    let tip = match c.shortcut_text(ui.ctx()) {
        Some(s) => format!("{} ({s})", info.tooltip),
        None => info.tooltip.to_string(),
    };
    let why = format!("{tip} (not now: {})", info.when.why_not());
    let button = egui::Button::new(label).min_size(egui::vec2(width, 0.0));
    if ui.add_enabled(enabled, button).on_hover_text(tip).on_disabled_hover_text(why).clicked() {
        asked.push(c);
    }
}

/// What a paste of no text says.
const NO_TEXT: &str = "nothing pasted: the clipboard holds no text (copy a level's text or a game ID)";

/// A side panel's contents drawn in the width the panel has: what is wider is cut at its edge,
/// never widening the panel (egui's panels grow to their widest content and keep that width,
/// moving the board under the pointer). Text in a top-down layout wraps within it.
pub(super) fn within_width<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    // The panel's own room, never past what it shows (its rectangle can be wider than its
    // clip while it settles its width).
    let mut rect = ui.available_rect_before_wrap();
    rect.max.x = rect.max.x.min(ui.clip_rect().max.x);
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect).layout(*ui.layout()));
    child.shrink_clip_rect(rect);
    let r = add(&mut child);
    let used = child.min_rect();
    ui.advance_cursor_after_rect(egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), used.height())));
    r
}

/// A resizable side panel that keeps the width the player gave it: a window made narrow
/// clamps the panel (and egui keeps the clamped width), made wide again gives the player's
/// width back. `add` shows the panel (built with `salt` as its id and `most` as its largest
/// width); the width chosen is kept beside egui's own state for the panel.
pub(super) fn side_panel<R>(
    ui: &mut egui::Ui,
    salt: &str,
    most: f32,
    add: impl FnOnce(&mut egui::Ui) -> egui::InnerResponse<R>,
) -> R {
    let id = ui.scope_id().with(salt);
    let chosen_id = id.with("chosen width");
    let ctx = ui.ctx().clone();
    let chosen: Option<f32> = ctx.data_mut(|d| d.get_persisted(chosen_id));
    if let (Some(mut state), Some(c)) = (egui::containers::panel::PanelState::load(&ctx, id), chosen) {
        let want = c.min(most);
        if state.size().x + 0.5 < want {
            state.outer_rect.set_width(want);
            ctx.data_mut(|d| d.insert_persisted(id, state));
        }
    }
    let r = add(ui);
    let w = r.response.rect.width();
    // Below the largest width it is the player's own; at it, it may be the window's clamp.
    let keep = if w < most - 0.5 { w } else { chosen.map_or(w, |c| c.max(w)) };
    ctx.data_mut(|d| d.insert_persisted(chosen_id, keep));
    r.inner
}

/// The width `text` takes in one of the style's fonts (room kept for a text yet to come, so
/// nothing moves when it does).
pub(super) fn text_width(ui: &egui::Ui, text: &str, style: egui::TextStyle) -> f32 {
    ui.painter().layout_no_wrap(text.to_string(), style.resolve(ui.style()), egui::Color32::WHITE).size().x
}

/// The width of a button (in `style`'s font: small buttons use the body's) that fits each of
/// `labels`.
pub(super) fn button_width(ui: &egui::Ui, labels: &[&str], style: egui::TextStyle) -> f32 {
    let widest = labels.iter().map(|l| text_width(ui, l, style.clone())).fold(0.0, f32::max);
    widest + 2.0 * ui.spacing().button_padding.x
}

/// One click or tap on a menu's title opens it while another menu is open (bug 13). egui's
/// menu bar opens the menu under the pointer when another is open, and then its click toggles
/// it shut again: a mouse hovers there first, a touch lands there at once. So a click on a
/// title leaves its menu open unless that menu had been opened by a click of its own (a
/// second click shuts it, as before). The menu clicked open is kept in the context's memory.
fn one_click_menu(ctx: &egui::Context, menu: crate::app::command::Menu, id: egui::Id, clicked: bool) {
    let key = egui::Id::unique("tumblebox menu opened by a click");
    let mut by_click: Option<crate::app::command::Menu> = ctx.data(|d| d.get_temp(key)).flatten();
    if clicked {
        if egui::Popup::is_id_open(ctx, id) {
            by_click = Some(menu);
        } else if by_click != Some(menu) {
            egui::Popup::open_id(ctx, id);
            by_click = Some(menu);
        } else {
            by_click = None;
        }
    } else if by_click == Some(menu) && !egui::Popup::is_id_open(ctx, id) {
        by_click = None;
    }
    ctx.data_mut(|d| d.insert_temp(key, by_click));
}

/// A menu's on/off command, with its key beside the label (View › Level list  F9).
pub(super) fn toggle(ui: &mut egui::Ui, c: Command, on: bool, enabled: bool, asked: &mut Vec<Command>) {
    let mut v = on;
    let label = match c.shortcut_text(ui.ctx()) {
        Some(s) => format!("{}   {s}", c.label()),
        None => c.label().to_string(),
    };
    let info = c.info();
    let why = format!("{} (not now: {})", info.tooltip, info.when.why_not());
    let r = ui.add_enabled(enabled, egui::Checkbox::new(&mut v, label));
    if r.on_hover_text(info.tooltip).on_disabled_hover_text(why).changed() {
        asked.push(c);
        ui.close();
    }
}

/// The window's fonts: egui's own, with Hack (its monospace face, which the export's captions
/// use too) as the proportional family's last fallback, for the arrows (← ↑ → ↓) and signs
/// Ubuntu Light lacks. Installed once, on the first frame.
pub fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    if let Some(p) = fonts.families.get_mut(&egui::FontFamily::Proportional)
        && !p.iter().any(|f| f == "Hack")
    {
        p.push("Hack".to_owned());
    }
    ctx.set_fonts(fonts);
}

/// The widget with the keyboard focus (Tab moves it) gets a ring that cannot be missed: egui
/// alone draws it only as if hovered.
pub const FOCUS_RING: egui::Color32 = egui::Color32::from_rgb(0xff, 0xb3, 0x00);

fn focus_ring(ctx: &egui::Context) {
    let Some(id) = ctx.memory(|m| m.focused()) else { return };
    let Some(r) = ctx.read_response(id) else { return };
    if !r.rect.is_positive() {
        return;
    }
    ctx.layer_painter(egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("focus ring"))).rect_stroke(
        r.rect.expand(2.0),
        4.0,
        egui::Stroke::new(2.0, FOCUS_RING),
        egui::StrokeKind::Outside,
    );
}

impl TumbleApp {
    /// One frame of the whole UI.
    /// One frame of the window: another window's changes read first, the frame drawn and its
    /// input carried out, then what changed kept.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        use crate::store::Change;
        self.follow_store();
        self.frame(ui);
        self.keep_moves();
        // The window's own settings, kept when they change here (another window's, read from
        // the store, are not written back over).
        let now = (self.kind, self.view.speed, self.view.instant, self.export.panel.settings_text());
        if now != self.kept.settings {
            let was = std::mem::replace(&mut self.kept.settings, now.clone());
            if now.0 != was.0 {
                self.keep_change(Change::Setting("game", now.0.key().to_string()));
            }
            if now.1 != was.1 {
                self.keep_change(Change::Setting("speed", now.1.to_string()));
            }
            if now.2 != was.2 {
                self.set_flag("instant", now.2);
            }
            if now.3 != was.3 {
                self.keep_change(Change::Setting("export", now.3));
            }
        }
    }

    fn frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if !self.view.fonts_installed {
            install_fonts(&ctx);
            self.view.fonts_installed = true;
            self.ctx = Some(ctx.clone());
        }
        self.view.width = ctx.content_rect().width();
        ctx.set_visuals(if self.progress().dark() { egui::Visuals::dark() } else { egui::Visuals::light() });
        self.finger_sizes(&ctx);
        self.handle_dropped(&ctx);
        self.handle_dialogs();
        let mut commands = Vec::new();
        // The palette is modal: its keys are its own (Escape closes it).
        let modal = self.view.palette.is_some() || self.view.game_id_entry.is_some() || self.quit.asked;
        // Escape closes an open menu first.
        if egui::Popup::is_any_open(&ctx) && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            egui::Popup::close_all(&ctx);
        }
        if modal && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
            // Escape closes the palette and the game ID field, and answers the quit question
            // with "keep exporting".
            self.view.palette = None;
            self.view.game_id_entry = None;
            self.quit.asked = false;
        }
        // Escape closes the windows over the board (How to play, the message log, the library,
        // the export panel) before it stops a search.
        if !modal
            && (self.view.help_open || self.view.log_open || self.shelf.open || self.export.panel.open)
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            self.view.help_open = false;
            self.view.log_open = false;
            self.shelf.open = false;
            self.export.panel.open = false;
        }
        let mut pasted = None;
        if !ctx.text_edit_focused() && !modal {
            commands = Command::pressed(&ctx);
            // A menu's keys move its focus: a command on a key without Ctrl (a letter, an
            // arrow, Escape) waits until it closes; the function keys always work.
            if egui::Popup::is_any_open(&ctx) {
                commands.retain(|c| {
                    c.info().shortcut.is_none_or(|s| !s.modifiers.is_none() || is_function_key(s.logical_key))
                });
            }
            // The clipboard's keys arrive as events of their own (the platform reads the
            // clipboard for a paste).
            for e in ctx.input(|i| i.events.clone()) {
                match e {
                    egui::Event::Copy => commands.push(Command::Copy),
                    egui::Event::Paste(t) => pasted = Some(t),
                    egui::Event::PasteImage(_) => {
                        self.view.paste_wait = None;
                        self.notify(NO_TEXT.replace("no text", "a picture, not text"), None);
                    }
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
        if let Some((seq, text)) = self.tab().status().message.map(|(s, t)| (s, t.to_string())) {
            self.log_message(seq, &text);
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
            self.game_id_window(&ctx);
            self.quit_window(&ctx);
            return;
        }
        if let Some(e) = self.editor.mode.as_ref().filter(|e| e.testing.is_some()) {
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
        let (levels, debugger) = (self.shows_levels(), self.shows_debugger());
        let offer = self.kept.offer.is_some().then(|| self.tab().status().title.to_string());
        let mut shared = Shared {
            kind: self.kind,
            speed: &mut self.view.speed,
            instant: self.view.instant,
            numbers: self.store.data().numbers(),
            dead: self.store.data().dead(),
            warn: self.store.data().warn(),
            grid: self.store.data().grid(),
            drag_start: &mut self.view.drag_start,
            progress: self.store.data(),
            notice: &self.messages.notice,
            scroll_to_current: std::mem::take(&mut self.view.scroll_to_current),
            modal,
            levels,
            debugger,
            my_pack,
            turn: self.view.turn,
            exporting: self
                .export
                .running
                .as_ref()
                .filter(|_| !self.export.panel.open)
                .map(|r| (r.done.load(std::sync::atomic::Ordering::Relaxed), r.frames)),
            offer,
            offer_room: self.kept.room,
        };
        let asked = self.tabs.get_mut(self.kind).ui(ui, &mut shared);
        commands.extend(asked.commands);
        if let Some(i) = asked.level {
            self.remember_level(i);
            self.messages.notice = None;
        }
        match asked.offer {
            Some(true) => self.continue_offered(),
            Some(false) => self.kept.offer = None,
            None => {}
        }
        if let Some(pack) = asked.pack {
            self.switch_pack(pack);
        }
        if let Some((i, change)) = asked.mine {
            self.change_my_level(i, change);
        }
        if let Some(on) = asked.grid {
            self.set_flag("grid", on);
            self.view.scroll_to_current = true;
        }
        if let Some(on) = asked.bottom_only {
            self.set_bottom_only(on);
        }
        for c in commands {
            self.run(c, &ctx);
        }
        if let Some(t) = pasted {
            self.view.paste_wait = None;
            self.paste_and_say(&t);
        }
        // Edit › Paste with no text on the clipboard: the system answers nothing.
        if let Some(n) = self.view.paste_wait {
            self.view.paste_wait = (n < 3).then_some(n + 1);
            if n >= 3 {
                self.notify(NO_TEXT, None);
            }
            ctx.request_repaint();
        }
        self.help_window(&ctx);
        self.palette_window(&ctx);
        self.game_id_window(&ctx);
        self.log_window(&ctx);
        self.export_window(&ctx);
        self.quit_window(&ctx);
        self.library_window(&ctx);
        self.record();
        self.follow_reverse();
        self.follow_optimiser();
        self.track_stats(&ctx);
        focus_ring(&ctx);
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
        // Not in an open menu: its arrow keys move its focus from item to item.
        if game_key
            && !egui::Popup::is_any_open(ctx)
            && let Some(id) = ctx.memory(|m| m.focused())
        {
            ctx.memory_mut(|m| m.surrender_focus(id));
        }
    }

    /// A phone's layout: a narrow window, or a touch seen.
    fn finger(&self) -> bool {
        self.view.touch || self.view.width < crate::app::LEVELS_FOLD_BELOW
    }

    /// Controls a finger can hit on a phone: every button, menu title and switch at least
    /// [`crate::app::FINGER`] tall on a narrow window or once a touch has been seen; egui's
    /// own size otherwise.
    fn finger_sizes(&mut self, ctx: &egui::Context) {
        self.view.touch |= ctx.input(|i| i.events.iter().any(|e| matches!(e, egui::Event::Touch { .. })));
        let want = if self.finger() { crate::app::FINGER } else { egui::style::Spacing::default().interact_size.y };
        if ctx.global_style().spacing.interact_size.y != want {
            ctx.all_styles_mut(|s| s.spacing.interact_size.y = want);
        }
    }

    /// A menu's items, from the command table (the Game menu lists the games first: on a
    /// narrow window the tabs beside the menus are cut off).
    fn menu_items(
        &self,
        ui: &mut egui::Ui,
        menu: Menu,
        allowed: &super::command::Allowed,
        asked: &mut Vec<Command>,
        switch: &mut Option<GameKind>,
    ) {
        if menu == Menu::Game {
            // The games, here too: on a narrow window the tabs beside the menus
            // are cut off.
            for k in GameKind::ALL {
                if ui.radio(self.kind == k, k.name()).clicked() {
                    *switch = Some(k);
                    ui.close();
                }
            }
            ui.separator();
        }
        let mut group = None;
        for c in Command::in_menu(menu) {
            if group.is_some_and(|g| g != c.place().1) {
                ui.separator();
            }
            group = Some(c.place().1);
            match self.checked(c) {
                Some(on) => toggle(ui, c, on, c.enabled(allowed), asked),
                None => command_button(ui, c, c.enabled(allowed), asked),
            }
            if c == Command::EnterGameId {
                self.recent_menu(ui);
            }
        }
    }

    fn menu_bar(&mut self, ui: &mut egui::Ui, asked: &mut Vec<Command>) {
        let allowed = self.allowed();
        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                let mut switch = None;
                // Every menu and every item in it from the command table.
                // Alt and a menu's first letter opens it (its keys then move in it).
                let alt = ui.input_mut(|i| {
                    Menu::ALL.into_iter().find(|m| {
                        let letter = &m.title()[..1];
                        egui::Key::from_name(letter).is_some_and(|k| i.consume_key(egui::Modifiers::ALT, k))
                    })
                });
                // With finger-sized rows a menu can be taller than a phone's screen; egui would
                // then lift it over the menu bar, where a tap meant for another title lands on
                // its items. There it scrolls instead, below the bar.
                let finger = self.finger();
                let room = (ui.ctx().content_rect().bottom() - ui.max_rect().bottom() - 12.0).max(120.0);
                for menu in Menu::ALL {
                    // Each opening starts at the menu's top (the same spot, the same item): its
                    // scroll area is a new one each time, counted by the menu's closings.
                    let key = egui::Id::unique(("tumblebox menu scroll", menu.title()));
                    let (was_open, closings): (bool, u32) = ui.ctx().data(|d| d.get_temp(key)).unwrap_or_default();
                    let shown = ui.menu_button(menu.title(), |ui| {
                        if finger {
                            egui::ScrollArea::vertical()
                                .id_salt(("menu", menu.title(), closings))
                                .max_height(room)
                                .show(ui, |ui| self.menu_items(ui, menu, &allowed, asked, &mut switch));
                        } else {
                            self.menu_items(ui, menu, &allowed, asked, &mut switch);
                        }
                    });
                    let id = egui::Popup::default_response_id(&shown.response);
                    let open = egui::Popup::is_id_open(ui.ctx(), id);
                    if open != was_open {
                        let closings = closings + u32::from(was_open);
                        ui.ctx().data_mut(|d| d.insert_temp(key, (open, closings)));
                    }
                    if alt == Some(menu) {
                        egui::Popup::open_id(ui.ctx(), id);
                    }
                    one_click_menu(ui.ctx(), menu, id, shown.response.clicked());
                }
                ui.separator();
                for k in GameKind::ALL {
                    if ui.selectable_label(self.kind == k, k.name()).clicked() {
                        switch = Some(k);
                    }
                }
                if let Some(k) = switch {
                    self.switch_game(k);
                }
                ui.separator();
                ui.checkbox(&mut self.view.instant, "Instant").on_hover_text(Command::Instant.info().tooltip);
            });
        });
    }

    /// What Copy link copies: the game on screen; in the editor, the level being edited (no
    /// moves), or why it cannot be shared yet.
    pub fn link_id(&self) -> Result<String, String> {
        match self.editor.mode.as_ref().filter(|e| e.testing.is_none()) {
            Some(e) => {
                e.pad.check().map_err(|inv| format!("cannot copy a link to the level: {inv}"))?;
                let id =
                    crate::save::GameId { game: e.kind.key().to_string(), level: e.pad.text(), moves: String::new() };
                Ok(id.to_string())
            }
            None => Ok(self.game_id()),
        }
    }

    /// Shows game `k` (a game tab or the Game menu's list): the editor of this one closes,
    /// once its unkept changes may be dropped.
    pub fn switch_game(&mut self, k: GameKind) {
        if self.kind != k && self.may_drop() {
            self.stop_editing();
            self.kind = k;
            self.remember_level(self.index());
        }
    }

    /// A switch's state, for the commands that are switches (shown with a check mark).
    pub fn checked(&self, c: Command) -> Option<bool> {
        Some(match c {
            Command::ReverseMode => self.tab().status().reversed,
            Command::DarkTheme => self.progress().dark(),
            Command::Instant => self.view.instant,
            Command::CellNumbers => self.progress().numbers(),
            Command::DeadSquares => self.progress().dead(),
            Command::WarnUnsolvable => self.progress().warn(),
            Command::LevelsPanel => self.shows_levels(),
            Command::DebuggerPanel => self.shows_debugger(),
            _ => return None,
        })
    }

    /// File › Open recent.
    fn recent_menu(&self, ui: &mut egui::Ui) {
        let recent: Vec<(GameKind, std::path::PathBuf)> = self.progress().recent.clone();
        ui.add_enabled_ui(!recent.is_empty(), |ui| {
            ui.menu_button("Open recent", |ui| {
                for (g, p) in recent {
                    let name = p.file_name().map_or(p.display().to_string(), |f| f.to_string_lossy().to_string());
                    if ui.button(format!("{name}  ({})", g.name())).on_hover_text(p.display().to_string()).clicked() {
                        let _ = self.dialogs.0.send(super::Dialog::Open(p));
                        ui.close();
                    }
                }
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
            Command::ExportProgress => self.save_file(ctx, super::ExportKind::Progress),
            Command::ImportProgress => self.pick_progress(ctx),
            Command::Export => {
                self.export.panel.open = !self.export.panel.open;
                self.export.panel.focus = self.export.panel.open;
            }
            Command::ReplayBest | Command::ExportBest | Command::SaveBest => self.use_best(c, Some(ctx)),
            Command::Save => self.save_file(ctx, super::ExportKind::Save),
            Command::Copy => {
                ctx.copy_text(self.tab().copy_text());
                let what = format!("copied {} and its moves", self.tab().status().title);
                self.notify(what, Some(self.kind));
            }
            Command::CopyLink => match self.link_id() {
                Ok(id) => {
                    // On the web, the page's address that opens it.
                    #[cfg(target_arch = "wasm32")]
                    ctx.copy_text(super::web::link_to(&id));
                    #[cfg(not(target_arch = "wasm32"))]
                    ctx.copy_text(id);
                    self.notify("copied the game ID: Paste (Ctrl+V) opens it", Some(self.kind));
                }
                Err(why) => self.notify(why, Some(self.kind)),
            },
            #[cfg(not(target_arch = "wasm32"))]
            Command::Paste => {
                ctx.send_viewport_cmd(egui::ViewportCommand::RequestPaste);
                self.view.paste_wait = Some(0);
            }
            // A web page asks the browser for the clipboard's text (Ctrl+V needs no asking).
            #[cfg(target_arch = "wasm32")]
            Command::Paste => self.read_clipboard(ctx),
            Command::MessageLog => self.view.log_open = !self.view.log_open,
            Command::Library => self.shelf.open = !self.shelf.open,
            Command::ReverseMode => {
                let on = !self.tab().status().reversed;
                self.tab_mut().set_reverse(on);
                let said = if on && self.tab().status().moves == 0 && !self.tab().status().can_undo {
                    "reverse mode: pull the boxes back to the marked cells with the arrow keys; a click walks \
                     without pulling (before the first move, it places the player anywhere)"
                } else if on {
                    "reverse mode: the reverse game as it was (arrow keys pull, a click walks)"
                } else {
                    "reverse mode off: the forward game as it was (Reverse again takes the reverse game up)"
                };
                self.notify(said, Some(self.kind));
            }
            Command::Snapshot => {
                let name = std::mem::take(&mut self.shelf.name);
                let name = if name.trim().is_empty() { format!("move {}", self.tab().status().moves) } else { name };
                self.take_snapshot(&name);
            }
            Command::ExportLibrary => self.save_file(ctx, super::ExportKind::Library),
            Command::ImportSolutions => self.pick_solutions(ctx),
            Command::TurnView | Command::MirrorView => {
                let t = self.view.turn;
                self.view.turn = if c == Command::TurnView { t.turned() } else { t.mirrored() };
                let said = format!(
                    "the board {}: keys and clicks follow it; moves, saves and solutions stay in the level's own frame",
                    self.view.turn.words()
                );
                self.notify(said, Some(self.kind));
            }
            Command::EnterGameId => self.view.game_id_entry = Some(self.view.game_id_entry.take().unwrap_or_default()),
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::Solve => self.tab_mut().solve(false, Box::new(repaint)),
            Command::Hint => self.tab_mut().solve(true, Box::new(repaint)),
            Command::NextLevel if i + 1 < self.level_count() => {
                self.open_level(i + 1);
                self.view.scroll_to_current = true;
            }
            Command::PreviousLevel if i > 0 => {
                self.open_level(i - 1);
                self.view.scroll_to_current = true;
            }
            Command::NextUnsolved => match self.next_unsolved() {
                // This level is the pack's only unsolved one: the game on it stays as it is.
                Some(j) if j == i => {
                    self.notify("no other level of this pack is unsolved: this is the last one", Some(self.kind));
                }
                Some(j) => {
                    self.open_level(j);
                    self.view.scroll_to_current = true;
                }
                None => self.notify("every level of this pack is solved", Some(self.kind)),
            },
            Command::NextLevel | Command::PreviousLevel => {}
            Command::Help => self.view.help_open = !self.view.help_open,
            Command::DarkTheme => self.set_flag("dark", !self.progress().dark()),
            Command::Instant => self.view.instant = !self.view.instant,
            Command::CellNumbers => self.set_flag("numbers", !self.progress().numbers()),
            Command::DeadSquares => self.set_flag("dead", !self.progress().dead()),
            Command::WarnUnsolvable => self.set_flag("warn", !self.progress().warn()),
            // A panel folded by a narrow window comes back by its key, and goes by it again.
            Command::LevelsPanel => {
                let on = !self.shows_levels();
                (self.view.hide_levels, self.view.levels_forced) = (!on, on);
            }
            Command::DebuggerPanel => {
                let on = !self.shows_debugger();
                (self.view.hide_debugger, self.view.debugger_forced) = (!on, on);
            }
            Command::Palette => {
                self.view.palette = if self.view.palette.is_some() { None } else { Some((String::new(), 0)) };
            }
            Command::Undo
            | Command::Redo
            | Command::UndoPush
            | Command::Restart
            | Command::Cancel
            | Command::PlayPause
            | Command::StepBack
            | Command::StepForward
            | Command::MoveBack
            | Command::MoveForward
            | Command::TimelineStart
            | Command::TimelineEnd => {
                let instant = self.view.instant;
                self.tab_mut().command(c, instant)
            }
        }
    }

    /// The first level after the current one (wrapping round) the player has not solved.
    pub fn next_unsolved(&self) -> Option<usize> {
        let n = self.level_count();
        let i = self.index();
        (1..=n)
            .map(|d| (i + d) % n)
            .find(|&j| self.level_key(j).is_some_and(|k| self.progress().get(&k).and_then(|r| r.best).is_none()))
    }
}
