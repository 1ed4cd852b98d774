//! Solutions in (Game › Import solutions…): a SOK file's solutions, as JSoko, YSokoban and
//! Sokoban YASC write them (`sokoban::sok`), into the library of each level of the pushing
//! boxes pack on screen that the file holds; when the pack holds none of them, the file is
//! opened as the pack first. Every solution is replayed through the rules before anything is
//! kept, and a fault anywhere in the file keeps nothing: one line names its line and column.

use super::TumbleApp;
use super::dialogs::Dialog;
use super::library::{Finder, Found, Kept};
use crate::sokoban;
use crate::store::{Change, LevelChange, LevelKey};

type Boxes = sokoban::scene::Game;

impl TumbleApp {
    /// The file dialog for Import solutions…; the file's bytes come back as a message.
    pub(super) fn pick_solutions(&self, ctx: &egui::Context) {
        let tx = self.dialogs.0.clone();
        let ctx = ctx.clone();
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::spawn(move || {
            use super::dialogs::{Asked, ask};
            let _ = tx.send(match ask(|| rfd::FileDialog::new().set_title("Import solutions").pick_file()) {
                Asked::Picked(p) => match crate::input::read_level_file(&p) {
                    Ok(bytes) => Dialog::ImportSolutions(p.display().to_string(), bytes),
                    Err(e) => Dialog::Unreadable(format!("cannot read {}: {e}", p.display())),
                },
                Asked::NoDialog => Dialog::Unreadable(
                    "no file dialog on this system (it needs xdg-desktop-portal or zenity): Import solutions… cannot ask for a file".into(),
                ),
                Asked::Cancelled => return,
            });
            ctx.request_repaint();
        });
        #[cfg(target_arch = "wasm32")]
        wasm_bindgen_futures::spawn_local(async move {
            let Some(file) = rfd::AsyncFileDialog::new().set_title("Import solutions").pick_file().await else {
                return;
            };
            let bytes = file.read().await;
            let _ = tx.send(Dialog::ImportSolutions(file.file_name(), bytes));
            ctx.request_repaint();
        });
    }

    /// Imports the solutions of a SOK file (`name`: its path or name, for messages) into the
    /// libraries of the pack on screen's levels: what was imported, in words, or why nothing was.
    pub fn import_solutions(&mut self, name: &str, bytes: &[u8]) -> Result<String, String> {
        let short =
            std::path::Path::new(name).file_name().map_or(name.to_string(), |f| f.to_string_lossy().to_string());
        let refuse = |e: String| format!("{short}: {e}; nothing imported");
        let text = crate::input::decode(bytes).map_err(|e| refuse(e.to_string()))?;
        let levels = sokoban::xsb::parse_collection(&text).map_err(|e| refuse(e.to_string()))?;
        let found = sokoban::sok::solutions(&text, &levels).map_err(|e| refuse(e.to_string()))?;
        if found.is_empty() {
            return Err(refuse("no solution in it (a `Solution` line and its LURD moves under a level)".into()));
        }
        let index = |app: &TumbleApp, l: &sokoban::xsb::XsbLevel| {
            let g = Boxes::new(l.maze.clone(), true);
            app.tabs.sokoban.levels.iter().position(|x| x.start == g)
        };
        // None of its levels in the pack on screen: the file becomes the pack.
        let opened = !found.iter().any(|s| index(self, &levels[s.level]).is_some());
        if opened {
            self.open_bytes(name, short.clone(), bytes)?;
        }
        self.kind = <Boxes as crate::games::Game>::KIND;
        let when = crate::save::library::now();
        let (mut added, mut there, mut elsewhere) = (0, 0, 0);
        let mut into = std::collections::BTreeSet::new();
        for s in &found {
            let Some(i) = index(self, &levels[s.level]) else {
                elsewhere += 1;
                continue;
            };
            let tab = &self.tabs.sokoban;
            let key = LevelKey { game: self.kind, pack: tab.pack.clone(), content: tab.levels[i].content };
            let line = sokoban::xsb::lurd_text(&s.moves);
            let kept = Kept {
                found: Found { line, by: Finder::File, when, file_line: 0 },
                moves: s.moves.len(),
                pushes: Some(s.pushes),
            };
            if self.store.apply(Change::Level(key, LevelChange::Found(kept))) {
                added += 1;
                into.insert(i);
            } else {
                there += 1;
            }
        }
        let c = super::library::counted;
        let mut said = format!(
            "{}imported {} from {short} into the {} of {}",
            if opened { format!("opened {short} and ") } else { String::new() },
            c(added, "solution"),
            if into.len() == 1 { "library" } else { "libraries" },
            c(into.len(), "level"),
        );
        if there > 0 {
            said.push_str(&format!("; {there} {} there already", if there == 1 { "was" } else { "were" }));
        }
        if elsewhere > 0 {
            said.push_str(&format!("; {} for levels not in this pack", c(elsewhere, "solution")));
        }
        Ok(said)
    }
}
