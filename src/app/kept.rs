//! What the window keeps between runs beyond the progress store: each level's last game
//! (offered as Continue), and the player's best solution (replayed, exported, saved).

use super::GameKind;
use super::TumbleApp;
use super::export::ExportKind;
use super::progress::LevelKey;
use crate::store::{Change, LevelChange};

impl TumbleApp {
    /// The key a game's level is kept under (its content hash, in the game's pack now).
    pub(super) fn key_of(&self, kind: GameKind, content: u64) -> LevelKey {
        LevelKey { game: kind, pack: self.tabs.get(kind).status().pack.to_string(), content }
    }

    /// Keeps a level's last game (the newest [`crate::store::records::KEPT_GAMES`] are kept).
    pub(super) fn keep(&mut self, kind: GameKind, content: u64, text: String) {
        let key = self.key_of(kind, content);
        // A level tested from the editor is nobody's progress: its games are not kept.
        if key.pack == super::TESTING_PACK {
            return;
        }
        self.store.apply(Change::Keep(key, Some(text)));
    }

    /// Keeps every tab's game on screen (before a tab is replaced, and on exit).
    pub fn keep_all(&mut self) {
        for kind in GameKind::ALL {
            if let Some((content, text)) = self.tabs.get(kind).kept() {
                self.keep(kind, content, text);
            }
        }
    }

    /// Once a frame: keeps the games of levels just left, and offers to continue a level
    /// just opened that was played before.
    pub fn follow_sessions(&mut self) {
        for kind in GameKind::ALL {
            if let Some((content, text)) = self.tabs.get_mut(kind).take_left() {
                self.keep(kind, content, text);
            }
        }
        let t = self.tab();
        let now = t.content(t.status().index).map(|c| self.key_of(self.kind, c));
        if now != self.kept.shown {
            self.kept.shown = now.clone();
            self.kept.offer = now.filter(|k| self.tab().status().fresh && self.progress().kept_game(k).is_some());
            self.kept.room = false;
        }
        self.kept.room |= self.kept.offer.is_some();
        if self.kept.offer.is_some() && (!self.tab().status().fresh || self.kept.offer != self.kept.shown) {
            self.kept.offer = None;
        }
    }

    /// Continues the offered game: the level with its whole history.
    pub fn continue_offered(&mut self) {
        let Some(key) = self.kept.offer.take() else { return };
        let Some(text) = self.progress().kept_game(&key).map(str::to_string) else { return };
        let kind = self.kind;
        let pack = self.tab().status().pack.to_string();
        let result = crate::save::Save::parse(&text).map_err(|e| e.to_string()).and_then(|mut save| {
            save.pack = pack.clone();
            self.tabs.get_mut(kind).load(&save, &pack).map_err(|e| e.to_string())
        });
        if let Err(e) = result {
            self.notify(format!("the kept game could not be continued: {e}"), Some(kind));
        }
    }

    /// Opens the page's address: the game it names; when that is this page's own address (it
    /// follows the game) and the level's kept game is that game, the kept game, with its whole
    /// history, so a reload loses no move.
    pub fn open_address(&mut self, id: &str) {
        self.open_link(id);
        let t = self.tab();
        let Some(key) = t.content(t.status().index).map(|c| self.key_of(self.kind, c)) else { return };
        if self.progress().kept_game(&key).is_none() {
            return;
        }
        self.kept.offer = Some(key);
        self.continue_offered();
        if self.game_id() == id {
            self.notify("the game as it was left", Some(self.kind));
        } else {
            self.open_link(id);
        }
    }

    /// Migration from a store that kept only the best's length: every kept game that solved
    /// its level by the player's own moves gives that level's best its moves (or is the best,
    /// when shorter). Returns how many bests it filled in.
    pub fn adopt_sessions(&mut self) -> usize {
        let mut taken = 0;
        let kept: Vec<(LevelKey, String)> =
            self.progress().kept.iter().map(|(k, (_, t))| (k.clone(), t.clone())).collect();
        for (key, text) in kept {
            if !self.tabs.get(key.game).facts().puzzle {
                continue;
            }
            let Ok(save) = crate::save::Save::parse(&text) else { continue };
            let Some((c, n, line)) = self.tabs.get(key.game).solved_by(&save) else { continue };
            if c == key.content {
                let change = LevelChange::Solved { moves: n, line: Some(line) };
                taken += self.store.apply(Change::Level(key, change)) as usize;
            }
        }
        taken
    }

    /// The best solution kept for the level on screen.
    pub fn best_line(&self) -> Option<String> {
        let key = self.level_key(self.index())?;
        self.progress().best_solution(&key).map(str::to_string)
    }

    /// Replay my best / Export my best / Save my best: the best solution kept for the level on
    /// screen, played after a restart (animated, or at once for an export), or written as a
    /// save of its own.
    pub fn use_best(&mut self, what: super::command::Command, ctx: Option<&egui::Context>) {
        use super::command::Command;
        let Some(line) = self.best_line() else {
            self.notify("no best solution of this level is kept yet: solve it first", Some(self.kind));
            return;
        };
        let result = match what {
            Command::ReplayBest => {
                let instant = self.view.instant;
                let r = self.tab_mut().play_line(&line, instant);
                self.not_an_attempt();
                r
            }
            Command::ExportBest => self.tab_mut().play_line(&line, true).map(|()| {
                self.export.panel.open = true;
                (self.export.panel.from, self.export.panel.to) = (0, 0);
            }),
            _ => self.tab().line_save(&line).map(|_| {
                if let Some(ctx) = ctx {
                    self.save_file(ctx, ExportKind::BestSave);
                }
            }),
        };
        if let Err(e) = result {
            self.notify(format!("the kept best no longer replays: {e}"), Some(self.kind));
        }
    }

    /// Records a finished level: the player's best, or that the solver showed it. A stacks
    /// board is a simulation, not a puzzle: nothing to record.
    pub(super) fn record(&mut self) {
        // A level being tested from the editor is nobody's progress yet.
        if !self.tab().facts().puzzle || self.editor.mode.as_ref().is_some_and(|e| e.testing.is_some()) {
            return;
        }
        // A reverse game's end is not a solve: the forward solution it gives is.
        if self.tab().status().reversed {
            return;
        }
        // Recorded the moment the solving move is made, not when its animation ends: a crash
        // during the animation keeps the solve.
        let Some((n, mine)) = self.tab().status().solved_run else { return };
        let Some(key) = self.level_key(self.index()) else { return };
        // Once a finished run (a session, where its run starts, its length), not every frame.
        let (id, from) = self.tab().status().attempt;
        if self.shelf.recorded == Some((id, from, n)) {
            return;
        }
        self.shelf.recorded = Some((id, from, n));
        let line = self.tab().solution_line();
        let now = crate::save::library::now();
        if mine {
            if let Some(p) = self.tab().status().pushes {
                let pushes = LevelChange::Pushes { pushes: p, moves: n, line: line.clone() };
                self.store.apply(Change::Level(key.clone(), pushes));
            }
            self.store.apply(Change::Level(key.clone(), LevelChange::Solved { moves: n, line: Some(line.clone()) }));
            let first = LevelChange::Played { seconds: 0, attempts: 0, solved_on: Some(now) };
            self.store.apply(Change::Level(key, first));
        } else {
            self.store.apply(Change::Level(key, LevelChange::Shown));
        }
        // Every solution joins the level's library, with who found it: the player, the
        // solver, or a file or paste the moves came from.
        use super::library::Finder;
        let by = match (mine, self.tab().status().solver_played) {
            (true, _) => Finder::Player,
            (false, true) => Finder::Solver,
            (false, false) => Finder::File,
        };
        let _ = self.add_solution(&line, by, now);
        // The finished game is kept at once, so a crash right after a solve still offers to
        // continue it (the store keeps a game only when it changed).
        if let Some((content, text)) = self.tab().kept() {
            self.keep(self.kind, content, text);
        }
    }
}
