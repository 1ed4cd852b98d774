//! What the window remembers between runs, through [`crate::store`]: the store opened at the
//! start (and, the first time, what an earlier version kept in eframe's store imported), the
//! window's settings read from it and written to it, each game's pack and level brought
//! back, and once a frame another window's changes read and this one's game kept move by
//! move.

pub use crate::store::{LevelKey, Progress, Record, content_hash};

use super::{GameKind, TumbleApp};
use crate::store::{Change, Store};

/// The window's settings as the store keeps them.
impl Progress {
    pub fn speed(&self) -> f32 {
        self.setting("speed").and_then(|s| s.parse().ok()).filter(|s| (0.25..=4.0).contains(s)).unwrap_or(1.0)
    }
    pub fn instant(&self) -> bool {
        self.flag("instant", false)
    }
    pub fn dark(&self) -> bool {
        self.flag("dark", true)
    }
    /// Show the shubbles box's cell numbers.
    pub fn numbers(&self) -> bool {
        self.flag("numbers", false)
    }
    /// Mark Sokoban's dead squares.
    pub fn dead(&self) -> bool {
        self.flag("dead", false)
    }
    /// Say in the status bar when a move leaves a position that can no longer be solved.
    pub fn warn(&self) -> bool {
        self.flag("warn", false)
    }
    /// The level list as a grid of pictures.
    pub fn grid(&self) -> bool {
        self.flag("grid", false)
    }
    /// The export panel's settings, as [`crate::app::ExportPanel::settings_text`] writes them.
    pub fn export(&self) -> &str {
        self.setting("export").unwrap_or("")
    }
    /// The game shown last.
    pub fn game(&self) -> Option<GameKind> {
        self.setting("game").and_then(GameKind::from_key)
    }
}

/// A yes-or-no setting as the store keeps it.
pub fn flag_text(on: bool) -> String {
    (on as u8).to_string()
}

impl TumbleApp {
    /// The window on a store: its settings, each game's pack and level as they were left.
    pub fn with_store(store: Store) -> TumbleApp {
        let mut app = TumbleApp { store, ..TumbleApp::default() };
        app.restore();
        app
    }

    /// What is kept, as of now.
    pub fn progress(&self) -> &Progress {
        self.store.data()
    }

    /// Makes a change to what is kept (written through at once).
    pub fn keep_change(&mut self, change: Change) {
        self.store.apply(change);
    }

    /// Sets one of the window's settings (`on` for a yes-or-no one).
    pub fn set_flag(&mut self, name: &'static str, on: bool) {
        self.store.apply(Change::Setting(name, flag_text(on)));
    }

    /// Brings the window back as the store has it: the settings, each game's pack (a file that
    /// is gone is forgotten, said aloud) and the level each game was left on, and the game
    /// shown last.
    pub fn restore(&mut self) {
        // The few things read here, not the whole store (a player's may hold many thousand
        // levels).
        let p = self.store.data();
        let (speed, instant, export) = (p.speed(), p.instant(), p.export().to_string());
        let (packs, last, game) = (p.packs.clone(), p.last.clone(), p.game());
        self.view.speed = speed;
        self.view.instant = instant;
        self.export.panel.restore_settings(&export);
        for (g, file) in &packs {
            if let Err(e) = self.open_file(file) {
                self.store.apply(Change::Forget(file.clone()));
                self.notify(format!("{e} (it was {}'s pack; the built-in levels are back)", g.name()), None);
            }
        }
        for (g, i) in &last {
            if *i < self.tabs.get(*g).status().level_count {
                self.tabs.get_mut(*g).open(*i);
            }
        }
        self.kind = game.unwrap_or(GameKind::ALL[0]);
        self.kept.settings = (self.kind, self.view.speed, self.view.instant, self.export.panel.settings_text());
        // Opening the packs and levels again is not a change to keep.
        for g in GameKind::ALL {
            self.tabs.get_mut(g).take_left();
        }
        self.say_store_notices();
    }

    /// Says what the store has to say (a store moved aside, one that cannot be written).
    pub(crate) fn say_store_notices(&mut self) {
        for n in self.store.take_notices() {
            self.notify(n, None);
        }
    }

    /// Once a frame, before drawing: another window's changes are read (the level list and
    /// the library show them), and what could not be kept is tried again.
    pub(crate) fn follow_store(&mut self) {
        self.store.poll();
        self.say_store_notices();
    }

    /// Once a frame, after the frame's input: the game of each tab whose history changed is
    /// kept at once (Continue offers it), so a crash loses no move.
    pub(crate) fn keep_moves(&mut self) {
        for kind in GameKind::ALL {
            let t = self.tabs.get(kind);
            let now = t.status().history_stamp;
            if self.kept.stamps[kind as usize] == now {
                continue;
            }
            self.kept.stamps[kind as usize] = now;
            // A level tested from the editor is nobody's progress: its games are not kept.
            if let Some((content, text)) = t.kept().filter(|_| t.status().pack != super::TESTING_PACK) {
                let key = LevelKey { game: kind, pack: t.status().pack.to_string(), content };
                self.store.apply(Change::Keep(key, Some(text)));
            }
        }
    }
}

/// What earlier versions kept in eframe's store (`app.ron` beside the database on a desktop,
/// two `localStorage` keys on a web page): the progress text and the kept games' JSON.
pub const EARLIER_PROGRESS: &str = "tumblebox-progress";
pub const EARLIER_KEPT: &str = "tumblebox-sessions";

/// Reads an earlier version's `app.ron` (a RON map of strings), if there is one; the file is
/// only read.
#[cfg(not(target_arch = "wasm32"))]
pub fn earlier_store(dir: &std::path::Path) -> (Option<String>, Option<String>) {
    let Ok(text) = std::fs::read_to_string(dir.join("app.ron")) else { return (None, None) };
    let map: std::collections::HashMap<String, String> = ron::from_str(&text).unwrap_or_default();
    (map.get(EARLIER_PROGRESS).cloned(), map.get(EARLIER_KEPT).cloned())
}
