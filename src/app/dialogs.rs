//! The file dialogs (on their own threads; on a web page, the browser's file picker, and a
//! download for a save) and the app's own messages: what came back from a dialog, a dialog that
//! could not be shown, files dropped onto the window.

use super::GameKind;
use super::TumbleApp;
use super::export::ExportKind;
use std::path::PathBuf;

/// A message of the app's own (not a game's), with when it was said and the tab it is about
/// (`None`: wherever the player is).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub seq: u64,
    pub tab: Option<GameKind>,
}

/// Messages from dialog threads.
pub(super) enum Dialog {
    Open(PathBuf),
    /// A file's name and content, from the browser (its picker or a drop): a web page has no
    /// paths.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    OpenBytes(String, Vec<u8>),
    /// The clipboard's text, read by the browser for Paste.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    Pasted(String),
    /// A dropped file the browser could not read.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    Unreadable(String),
    Save(PathBuf, ExportKind),
    /// A progress file to merge into the store: its name and bytes.
    ImportProgress(String, Vec<u8>),
    /// A SOK file whose solutions go into the levels' libraries: its name and bytes.
    ImportSolutions(String, Vec<u8>),
    /// No file dialog could be shown (for a save: the file name and what to export).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    Unavailable(Option<(String, ExportKind)>),
}

/// What asking for a file gave.
#[cfg(not(target_arch = "wasm32"))]
pub(super) enum Asked<T> {
    Picked(T),
    /// The player closed the dialog: nothing to do.
    Cancelled,
    /// No file dialog could be shown.
    NoDialog,
}

/// Shows a file dialog (`show` is rfd's call) and tells a cancel from a dialog that could not be
/// shown. rfd says only "nothing picked" in both cases, so a machine with neither a session bus
/// (for the desktop portal) nor zenity is known to have no dialog before asking; elsewhere, a
/// dialog that came back empty within a fifth of a second was never shown (a portal that is not
/// running answers at once, and nobody cancels a real dialog that fast).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn ask<T>(show: impl FnOnce() -> Option<T>) -> Asked<T> {
    let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    let uid = {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata("/proc/self").map(|m| m.uid()).ok()
    };
    let bus = env("DBUS_SESSION_BUS_ADDRESS").is_some()
        || env("XDG_RUNTIME_DIR")
            .map(PathBuf::from)
            .or_else(|| uid.map(|u| PathBuf::from(format!("/run/user/{u}"))))
            .is_some_and(|dir| dir.join("bus").exists());
    if !can_show_dialog(bus, env("PATH").as_deref()) {
        return Asked::NoDialog;
    }
    let asked = crate::clock::Instant::now();
    match show() {
        Some(t) => Asked::Picked(t),
        None if asked.elapsed() < std::time::Duration::from_millis(200) => Asked::NoDialog,
        None => Asked::Cancelled,
    }
}

/// Whether rfd can show a file dialog: through the desktop portal (which needs a session `bus`)
/// or through a `zenity` on `path`.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn can_show_dialog(bus: bool, path: Option<&std::ffi::OsStr>) -> bool {
    bus || path.is_some_and(|p| std::env::split_paths(p).any(|dir| dir.join("zenity").is_file()))
}

impl TumbleApp {
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn pick_file(&self, ctx: &egui::Context) {
        let tx = self.dialogs.0.clone();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let _ = tx.send(match ask(|| rfd::FileDialog::new().set_title("Open levels").pick_file()) {
                Asked::Picked(p) => Dialog::Open(p),
                Asked::NoDialog => Dialog::Unavailable(None),
                Asked::Cancelled => return,
            });
            ctx.request_repaint();
        });
    }

    /// The browser's file picker; the file's bytes come back as a message.
    #[cfg(target_arch = "wasm32")]
    pub(super) fn pick_file(&self, ctx: &egui::Context) {
        let tx = self.dialogs.0.clone();
        let ctx = ctx.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let Some(file) = rfd::AsyncFileDialog::new().set_title("Open levels").pick_file().await else { return };
            let bytes = file.read().await;
            let _ = tx.send(Dialog::OpenBytes(file.file_name(), bytes));
            ctx.request_repaint();
        });
    }

    /// File › Import progress…: a progress file picked, read and merged into the store.
    pub(super) fn pick_progress(&self, ctx: &egui::Context) {
        let tx = self.dialogs.0.clone();
        let ctx = ctx.clone();
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::spawn(move || {
            let _ = tx.send(match ask(|| rfd::FileDialog::new().set_title("Import progress").pick_file()) {
                Asked::Picked(p) => match crate::input::read_level_file(&p) {
                    Ok(bytes) => Dialog::ImportProgress(p.display().to_string(), bytes),
                    Err(e) => Dialog::Unreadable(format!("cannot read {}: {e}", p.display())),
                },
                Asked::NoDialog => Dialog::Unreadable(
                    "no file dialog on this system: import with `tumblebox progress import FILE` (the window sees it at once)".into(),
                ),
                Asked::Cancelled => return,
            });
            ctx.request_repaint();
        });
        #[cfg(target_arch = "wasm32")]
        wasm_bindgen_futures::spawn_local(async move {
            let Some(file) = rfd::AsyncFileDialog::new().set_title("Import progress").pick_file().await else { return };
            let bytes = file.read().await;
            let _ = tx.send(Dialog::ImportProgress(file.file_name(), bytes));
            ctx.request_repaint();
        });
    }

    /// Merges a progress file into the store and says what it brought.
    pub fn import_progress(&mut self, name: &str, bytes: &[u8]) {
        let text = match crate::input::decode(bytes) {
            Ok(t) => t,
            Err(e) => return self.notify(format!("{name}: {e}"), None),
        };
        match self.store.import(&text) {
            Ok(n) => {
                let said = match self.store.trouble() {
                    Some(why) => format!("imported {name} ({n} levels gained something), but {why}"),
                    None => format!("imported {name}: {n} levels gained something; nothing of yours was replaced"),
                };
                self.notify(said, None);
            }
            Err(e) => self.notify(format!("{name}: {e}; nothing imported"), None),
        }
    }

    /// Paste on a web page: the browser reads the clipboard (it may ask the player first).
    #[cfg(target_arch = "wasm32")]
    pub(super) fn read_clipboard(&self, ctx: &egui::Context) {
        let (tx, ctx) = (self.dialogs.0.clone(), ctx.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let Some(window) = web_sys::window() else { return };
            let read = wasm_bindgen_futures::JsFuture::from(window.navigator().clipboard().read_text()).await;
            let _ = tx.send(match read.ok().and_then(|t| t.as_string()) {
                Some(text) => Dialog::Pasted(text),
                None => Dialog::Unreadable("the browser did not let the page read the clipboard: press Ctrl+V".into()),
            });
            ctx.request_repaint();
        });
    }

    /// On a web page a save is a download: the file's name is all there is to choose.
    #[cfg(target_arch = "wasm32")]
    pub(super) fn save_file(&self, ctx: &egui::Context, kind: ExportKind) {
        let _ = self.dialogs.0.send(Dialog::Save(PathBuf::from(self.export_name(kind)), kind));
        ctx.request_repaint();
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn save_file(&self, ctx: &egui::Context, kind: ExportKind) {
        let tx = self.dialogs.0.clone();
        let ctx = ctx.clone();
        let name = self.export_name(kind);
        std::thread::spawn(move || {
            let _ = tx.send(match ask(|| rfd::FileDialog::new().set_file_name(&name).save_file()) {
                Asked::Picked(p) => Dialog::Save(p, kind),
                Asked::NoDialog => Dialog::Unavailable(Some((name, kind))),
                Asked::Cancelled => return,
            });
            ctx.request_repaint();
        });
    }

    /// Opens every file dropped onto the window (the way to open one without a file dialog);
    /// while files are dragged over it, a hint over the whole window says what a drop does.
    pub(super) fn handle_dropped(&mut self, ctx: &egui::Context) {
        let hovered: Vec<egui::HoveredFile> = ctx.input(|i| i.raw.hovered_files.clone());
        if !hovered.is_empty() {
            drop_hint(ctx, &drop_hint_text(&hovered));
        }
        let dropped: Vec<egui::DroppedFileHandle> = ctx.input(|i| i.raw.dropped_files.clone());
        for f in dropped {
            #[cfg(not(target_arch = "wasm32"))]
            let _ = self.dialogs.0.send(Dialog::Open(f.path().to_path_buf()));
            // A browser's drop has a name and bytes read later, not a path.
            #[cfg(target_arch = "wasm32")]
            {
                let (tx, ctx) = (self.dialogs.0.clone(), ctx.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    let name = f.path().display().to_string();
                    let message = match f.bytes_async().await {
                        Ok(bytes) => Dialog::OpenBytes(name, bytes),
                        Err(e) => Dialog::Unreadable(format!("cannot read {name}: {e}")),
                    };
                    let _ = tx.send(message);
                    ctx.request_repaint();
                });
            }
        }
    }

    pub(super) fn handle_dialogs(&mut self) {
        while let Ok(d) = self.dialogs.1.try_recv() {
            match d {
                Dialog::Open(p) => match self.open_file(&p) {
                    Ok(()) => {
                        self.keep_change(crate::store::Change::Last(self.kind, 0));
                        let full = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
                        self.keep_change(crate::store::Change::Pack(self.kind, Some(full)));
                        self.notify(format!("opened {}", p.display()), Some(self.kind));
                    }
                    // Shown wherever the player is looking.
                    Err(e) => self.notify(e, None),
                },
                Dialog::OpenBytes(name, bytes) => {
                    let opened = self.open_bytes(&name, name.clone(), &bytes);
                    match opened {
                        Ok(()) => {
                            // Not kept by a path: a restart comes back to the level before it.
                            self.remember_level(0);
                            self.notify(format!("opened {name}"), Some(self.kind));
                        }
                        Err(e) => self.notify(e, None),
                    }
                }
                Dialog::Save(p, ExportKind::Panel) => self.start_export(p),
                // A web page: the quick GIF and PNG exports go to a worker as the panel's do.
                #[cfg(target_arch = "wasm32")]
                Dialog::Save(p, kind @ (ExportKind::GifSmooth | ExportKind::GifStepwise | ExportKind::Png)) => {
                    let req = crate::render::frames::Request {
                        gif: (kind != ExportKind::Png).then(|| p.clone()),
                        png: (kind == ExportKind::Png).then(|| p.clone()),
                        smooth: kind == ExportKind::GifSmooth,
                        size: 480,
                        speed: 1.0,
                        max_frames: crate::render::frames::MAX_FRAMES,
                        ..Default::default()
                    };
                    let frames =
                        if kind == ExportKind::Png { 1 } else { self.tab().export_plan(&req).map_or(0, |f| f.0) };
                    self.start_request(p, req, frames);
                }
                Dialog::Save(p, kind) => {
                    let done = if kind.is_save() { "saved" } else { "exported" };
                    let text = match self.export_to(&p, kind) {
                        Ok(()) if kind == ExportKind::Level => {
                            if let Some(e) = &mut self.editor.mode {
                                e.kept = e.pad.text();
                            }
                            format!("{done} {}", p.display())
                        }
                        Ok(()) => format!("{done} {}", p.display()),
                        Err(e) => format!("{} failed: {e}", if kind.is_save() { "save" } else { "export" }),
                    };
                    self.notify(text, Some(self.kind));
                }
                Dialog::Unreadable(e) => self.notify(e, None),
                Dialog::ImportProgress(name, bytes) => self.import_progress(&name, &bytes),
                Dialog::ImportSolutions(name, bytes) => {
                    let said = self.import_solutions(&name, &bytes).unwrap_or_else(|e| e);
                    self.notify(said, None);
                }
                Dialog::Pasted(text) => self.paste_and_say(&text),
                Dialog::Unavailable(None) => self.no_dialog(None),
                Dialog::Unavailable(Some((name, kind))) => {
                    // No dialog to ask where: the home folder (or the working folder).
                    let dir = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
                    self.no_dialog(Some((dir.join(name), kind)));
                }
            }
        }
    }
}

/// What a drop of `files` does, for the hint shown while they are dragged over the window. A
/// browser tells a page no names before the drop (only the files' types), a desktop does.
pub fn drop_hint_text(files: &[egui::HoveredFile]) -> String {
    let names: Vec<String> =
        files.iter().filter_map(|f| f.path.as_ref()?.file_name().map(|n| n.to_string_lossy().into_owned())).collect();
    let what = match (files.len(), names.as_slice()) {
        (1, [name]) => crate::error::quote(name),
        (1, _) => "the file".to_string(),
        (n, _) => format!("the {n} files"),
    };
    format!("Drop to open {what}: levels of any of the four games, or a saved game")
}

/// The hint over the window while files are dragged over it: the window dimmed, a frame at its
/// edge and what a drop does in the middle.
fn drop_hint(ctx: &egui::Context, text: &str) {
    let screen = ctx.content_rect();
    let accent = ctx.global_style().visuals.selection.bg_fill;
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("drop hint shade")));
    painter.rect_filled(screen, 0.0, egui::Color32::from_black_alpha(160));
    painter.rect_stroke(screen.shrink(10.0), 12.0, egui::Stroke::new(4.0, accent), egui::StrokeKind::Inside);
    egui::Area::new(egui::Id::unique("drop hint"))
        .order(egui::Order::Tooltip)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).inner_margin(16.0).show(ui, |ui| {
                ui.label(egui::RichText::new(text).size(20.0).strong());
            });
        });
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::can_show_dialog;
    use std::ffi::OsString;

    #[test]
    fn a_dialog_needs_a_session_bus_or_a_zenity_on_the_path() {
        let dir = std::env::temp_dir().join(format!("tumblebox-zenity-{}", std::process::id()));
        let (with, without) = (dir.join("with"), dir.join("without"));
        std::fs::create_dir_all(&with).unwrap();
        std::fs::create_dir_all(without.join("zenity")).unwrap(); // a folder named zenity is no program
        std::fs::write(with.join("zenity"), "#!/bin/sh\n").unwrap();
        let path = |dirs: &[&std::path::Path]| -> OsString { std::env::join_paths(dirs).unwrap() };
        assert!(!can_show_dialog(false, None));
        assert!(can_show_dialog(true, None));
        assert!(!can_show_dialog(false, Some(&path(&[&without]))));
        assert!(can_show_dialog(false, Some(&path(&[&without, &with]))));
        assert!(can_show_dialog(true, Some(&path(&[&without]))));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
