//! What the window keeps between runs beyond the progress store: each level's last game
//! (offered as Continue), and the player's best solution (replayed, exported, saved).

use super::GameKind;
use super::TumbleApp;
use super::export::ExportKind;
use super::files::KEPT_SESSIONS;
use super::progress::LevelKey;
use super::progress::Progress;

impl TumbleApp {
    /// Restores saved progress; a damaged store is ignored with a message.
    pub fn restore(&mut self, text: &str) {
        match Progress::from_text(text) {
            Ok(p) => {
                self.speed = p.speed;
                self.instant = p.instant;
                self.export.restore_settings(&p.export);
                self.progress = p;
                // Each game's pack as it was left; a file that is gone is forgotten, said aloud.
                for (g, file) in self.progress.packs.clone() {
                    if let Err(e) = self.open_file(&file) {
                        self.progress.forget_file(&file);
                        self.notify(format!("{e} (it was {}'s pack; the built-in levels are back)", g.name()), None);
                    }
                }
                self.kind = GameKind::Vexed;
                if let Some((g, i)) = self.progress.last {
                    self.kind = g;
                    self.tab_mut().open(i);
                }
                self.progress.take_dirty();
            }
            Err(e) => self.notify(e, None),
        }
    }

    pub(super) fn session_key(&self, kind: GameKind, content: u64) -> String {
        format!("{}|{}|{content:016x}", kind.key(), self.tabs.get(kind).pack())
    }

    /// Keeps a level's last session (newest last, at most [`KEPT_SESSIONS`]).
    pub(super) fn keep(&mut self, kind: GameKind, content: u64, text: String) {
        let key = self.session_key(kind, content);
        self.sessions.retain(|(k, _)| *k != key);
        self.sessions.push((key, text));
        let over = self.sessions.len().saturating_sub(KEPT_SESSIONS);
        self.sessions.drain(..over);
        self.sessions_dirty = true;
    }

    /// Keeps every tab's session on screen (before a tab is replaced, and on exit).
    pub fn keep_all(&mut self) {
        for kind in GameKind::ALL {
            if let Some((content, text)) = self.tabs.get(kind).kept() {
                self.keep(kind, content, text);
            }
        }
    }

    /// Once a frame: keeps the sessions of levels just left, and offers to continue a level
    /// just opened that was played before.
    pub fn follow_sessions(&mut self) {
        for kind in GameKind::ALL {
            if let Some((content, text)) = self.tabs.get_mut(kind).take_left() {
                self.keep(kind, content, text);
            }
        }
        let t = self.tab();
        let now = t.content(t.index()).map(|c| self.session_key(self.kind, c));
        if now != self.shown {
            self.shown = now.clone();
            self.offer = now.filter(|k| self.tab().fresh() && self.sessions.iter().any(|(s, _)| s == k));
        }
        if self.offer.is_some() && (!self.tab().fresh() || self.offer != self.shown) {
            self.offer = None;
        }
    }

    /// Continues the offered session: the level with its whole history.
    pub fn continue_offered(&mut self) {
        let Some(key) = self.offer.take() else { return };
        let Some((_, text)) = self.sessions.iter().find(|(k, _)| *k == key).cloned() else { return };
        let kind = self.kind;
        let pack = self.tab().pack().to_string();
        let result = crate::save::Save::parse(&text).map_err(|e| e.to_string()).and_then(|mut save| {
            save.pack = pack.clone();
            self.tabs.get_mut(kind).load(&save, &pack).map_err(|e| e.to_string())
        });
        if let Err(e) = result {
            self.notify(format!("the kept game could not be continued: {e}"), Some(kind));
        }
    }

    /// The kept sessions as text (what is stored).
    pub fn sessions_text(&self) -> String {
        let map: serde_json::Map<String, serde_json::Value> =
            self.sessions.iter().map(|(k, v)| (k.clone(), v.clone().into())).collect();
        serde_json::Value::Object(map).to_string()
    }

    /// Restores kept sessions; a damaged store is ignored.
    pub fn restore_sessions(&mut self, text: &str) {
        if let Ok(serde_json::Value::Object(map)) = serde_json::from_str(text) {
            self.sessions = map.into_iter().filter_map(|(k, v)| v.as_str().map(|s| (k, s.to_string()))).collect();
        }
    }

    /// Migration from a store that kept only the best's length: every kept session that
    /// solved its level by the player's own moves gives that level's best its moves (or is
    /// the best, when shorter). Returns how many bests it filled in.
    pub fn adopt_sessions(&mut self) -> usize {
        let mut taken = 0;
        for (key, text) in &self.sessions {
            let mut parts = key.splitn(3, '|');
            let (Some(game), Some(pack), Some(content)) = (parts.next(), parts.next(), parts.next()) else { continue };
            let (Some(kind), Ok(content)) = (GameKind::from_key(game), u64::from_str_radix(content, 16)) else {
                continue;
            };
            if kind == GameKind::Stacks {
                continue;
            }
            let Ok(save) = crate::save::Save::parse(text) else { continue };
            let Some((c, n, line)) = self.tabs.get(kind).solved_by(&save) else { continue };
            if c == content {
                let key = LevelKey { game: kind, pack: pack.to_string(), content };
                taken += self.progress.adopt(key, n, line) as usize;
            }
        }
        taken
    }

    /// The best solution kept for the level on screen.
    pub fn best_line(&self) -> Option<String> {
        let key = self.level_key(self.index())?;
        self.progress.best_solution(&key).map(str::to_string)
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
                let animate = !self.instant;
                let r = self.tab_mut().play_line(&line, animate);
                self.not_an_attempt();
                r
            }
            Command::ExportBest => self.tab_mut().play_line(&line, false).map(|()| {
                self.export.open = true;
                (self.export.from, self.export.to) = (0, 0);
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
        if self.kind == GameKind::Stacks || self.edit.as_ref().is_some_and(|e| e.testing.is_some()) {
            return;
        }
        // A reverse game's end is not a solve: the forward solution it gives is.
        if self.tab().reversed() {
            return;
        }
        let Some((n, mine)) = self.tab().finished() else { return };
        let Some(key) = self.level_key(self.index()) else { return };
        // Once a finished run (a session, where its run starts, its length), not every frame.
        let (id, from) = self.tab().attempt();
        if self.shelf.recorded == Some((id, from, n)) {
            return;
        }
        self.shelf.recorded = Some((id, from, n));
        let line = self.tab().solution_line();
        let now = crate::save::library::now();
        if mine {
            if let Some(p) = self.tab().pushes() {
                self.progress.record_pushes(key.clone(), p, n, line.clone());
            }
            self.progress.record_solved(key.clone(), n, Some(line.clone()));
            let stats = &mut self.progress.library_mut(key).stats;
            stats.solved_on = stats.solved_on.or(Some(now));
        } else {
            self.progress.record_shown(key);
        }
        // Every solution joins the level's library, with who found it: the player, the
        // solver, or a file or paste the moves came from.
        use super::library::Finder;
        let by = match (mine, self.tab().solver_played()) {
            (true, _) => Finder::Player,
            (false, true) => Finder::Solver,
            (false, false) => Finder::File,
        };
        let _ = self.add_solution(&line, by, now);
        // The finished game is kept at once (and stored with the progress), so a SIGTERM right
        // after a solve still offers to continue it; once, not every frame it stays finished.
        if let Some((content, text)) = self.tab().kept() {
            let key = self.session_key(self.kind, content);
            if !self.sessions.iter().any(|(k, t)| *k == key && *t == text) {
                self.keep(self.kind, content, text);
            }
        }
    }
}
