//! The level's library as the window uses it: solutions added when found (by the player, the
//! solver, the optimiser, a save file), snapshots taken and opened, the optimiser on its
//! thread, the statistics clock, and the library in save files and SOK exports. The data and
//! the store's lines are [`super::library`]'s; the window is `ui/library.rs`.

use super::TumbleApp;
use super::library::{Finder, Found, Kept, Library, Snap, Snapshot};
use super::progress::LevelKey;
use crate::store::{Change, LevelChange};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;

/// How long the optimiser may search from the window.
pub const OPTIMISE_TIME: std::time::Duration = std::time::Duration::from_secs(20);

/// Without a key press, click or pointer movement for this long the player is away: the
/// clock of time spent stops.
pub const IDLE_AFTER: f64 = 60.0;

/// The optimiser running on a solution of a level.
pub struct Optimising {
    pub key: LevelKey,
    pub cancel: Arc<AtomicBool>,
    pub progress: Arc<crate::meter::Meter>,
    pub started: crate::clock::Instant,
    rx: mpsc::Receiver<Result<(Option<String>, String), String>>,
}

/// The library window's state and the statistics clock.
#[derive(Default)]
pub struct Shelf {
    /// The window is open.
    pub open: bool,
    /// The name typed for the next snapshot.
    pub name: String,
    pub optimising: Option<Optimising>,
    /// Seconds counted for a level and not yet in the store, and the clock's last reading.
    clock: Option<(LevelKey, f64)>,
    last_time: Option<f64>,
    last_input: f64,
    /// The attempts counted or set aside: (session, where its run starts). Every one is
    /// kept, not the last alone, so going back to a game set aside (reverse mode off, say)
    /// does not count it again. A few a restart: small.
    attempts: std::collections::HashSet<(u64, usize)>,
    /// A Delete clicked once, waiting for the second click: (a solution, not a snapshot; its
    /// index).
    pub confirm: Option<(bool, usize)>,
    /// The finished run last recorded: (session, where its run starts, its moves).
    pub(super) recorded: Option<(u64, usize, usize)>,
}

impl TumbleApp {
    /// The library of the level on screen (`None`: stacks, or a level being tested).
    pub fn library_key(&self) -> Option<LevelKey> {
        if !self.tab().facts().puzzle || self.editor.mode.is_some() {
            return None;
        }
        self.level_key(self.index())
    }

    /// The library of the level on screen, as stored (the time counted since the store was
    /// last written included).
    pub fn library(&self) -> Library {
        let key = self.library_key();
        let mut lib = key.as_ref().and_then(|k| self.progress().get(k).map(|r| r.library.clone())).unwrap_or_default();
        if let (Some((k, secs)), Some(key)) = (&self.shelf.clock, &key)
            && k == key
        {
            lib.stats.seconds += *secs as u64;
        }
        lib
    }

    /// The run on screen was played from the library or a best (a replay, a snapshot opened),
    /// not attempted: it does not count as an attempt.
    pub fn not_an_attempt(&mut self) {
        if self.tab().status().moves > 0 || self.tab().status().can_undo {
            let a = self.tab().status().attempt;
            self.shelf.attempts.insert(a);
        }
    }

    /// Adds a solution (a line from the level's start) to the library of the level on
    /// screen, once replayed: it must solve the level. Returns whether it was new.
    pub fn add_solution(&mut self, line: &str, by: Finder, when: u64) -> Result<bool, String> {
        let key = self.library_key().ok_or("this level keeps no library")?;
        let (moves, pushes, solved) = self.tab().measure(line)?;
        if !solved {
            return Err("these moves do not solve the level".into());
        }
        let found = Found { line: line.to_string(), by, when, file_line: 0 };
        Ok(self.store.apply(Change::Level(key, LevelChange::Found(Kept { found, moves, pushes }))))
    }

    /// Keeps the game on screen (the moves since the last restart) as a snapshot.
    pub fn take_snapshot(&mut self, name: &str) {
        let Some(key) = self.library_key() else { return };
        let line = self.tab().solution_line();
        let moves = self.tab().status().moves;
        let name = crate::save::library::clean_name(name);
        let same = |s: &Snap| s.snapshot.line == line && s.snapshot.name == name;
        if self.progress().get(&key).is_some_and(|r| r.library.snapshots.last().is_some_and(same)) {
            self.notify(format!("snapshot \"{name}\" is kept already"), Some(self.kind));
            return;
        }
        let snapshot = Snapshot { name: name.clone(), line, when: crate::save::library::now(), file_line: 0 };
        self.store.apply(Change::Level(key, LevelChange::Snap(Snap { snapshot, moves })));
        self.notify(format!("snapshot \"{name}\" kept ({})", super::library::moves_said(moves)), Some(self.kind));
    }

    /// Plays a snapshot's line from the level's start, at once, and says so: the game goes on
    /// from there, and undo brings the game before it back.
    pub fn open_snapshot(&mut self, name: &str, line: &str) {
        let name = crate::save::library::clean_name(name);
        match self.tab_mut().play_line(line, true) {
            Ok(()) => {
                self.not_an_attempt();
                let moves = self.tab().status().moves;
                self.notify(
                    format!("snapshot \"{name}\" opened: {} (undo goes back)", super::library::moves_said(moves)),
                    Some(self.kind),
                );
            }
            Err(e) => self.notify(format!("snapshot \"{name}\" no longer replays: {e}"), Some(self.kind)),
        }
    }

    pub fn delete_solution(&mut self, i: usize) {
        if let Some(key) = self.library_key()
            && let Some(k) = self.library().solutions.get(i)
        {
            let line = k.found.line.clone();
            self.store.apply(Change::Level(key, LevelChange::Unfound { line }));
        }
    }

    pub fn delete_snapshot(&mut self, i: usize) {
        if let Some(key) = self.library_key()
            && let Some(s) = self.library().snapshots.get(i)
        {
            let (name, line, when) = (s.snapshot.name.clone(), s.snapshot.line.clone(), s.snapshot.when);
            self.store.apply(Change::Level(key, LevelChange::Unsnap { name, line, when }));
        }
    }

    /// Starts the optimiser on solution `i` of the level on screen.
    pub fn start_optimiser(&mut self, i: usize) {
        if self.shelf.optimising.is_some() {
            self.notify("the optimiser is already running", Some(self.kind));
            return;
        }
        let (Some(key), Some(k)) = (self.library_key(), self.library().solutions.get(i).cloned()) else { return };
        let job = match self.tab().optimise_job(&k.found.line, OPTIMISE_TIME) {
            Ok(j) => j,
            Err(e) => return self.notify(format!("cannot optimise: {e}"), Some(self.kind)),
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(crate::meter::Meter::new());
        let (tx, rx) = mpsc::channel();
        let (c, p, wake) = (cancel.clone(), progress.clone(), self.ctx.clone());
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::spawn(move || {
            let _ = tx.send(job(&c, &p));
            if let Some(ctx) = wake {
                ctx.request_repaint();
            }
        });
        // A web page: in a worker (the page goes on drawing).
        #[cfg(target_arch = "wasm32")]
        {
            let Some(request) = self.tab().optimise_request(&k.found.line, OPTIMISE_TIME) else {
                let _ = job;
                return self.notify("cannot optimise this level on a web page", Some(self.kind));
            };
            let done: Box<dyn FnOnce(Result<String, String>)> =
                Box::new(move |r| drop(tx.send(r.and_then(|t| crate::app::work::optimised_of(&t)))));
            crate::app::web::elsewhere(
                request,
                c,
                Box::new(move |n| p.store(n, std::sync::atomic::Ordering::Relaxed)),
                done,
                move || {
                    if let Some(ctx) = &wake {
                        ctx.request_repaint();
                    }
                },
            );
        }
        let counts = match k.pushes {
            Some(p) => format!("{p} pushes, {} moves", k.moves),
            None => format!("{} moves", k.moves),
        };
        self.notify(format!("optimising the solution of {counts}…"), Some(self.kind));
        self.shelf.optimising = Some(Optimising { key, cancel, progress, started: crate::clock::Instant::now(), rx });
    }

    pub fn cancel_optimiser(&mut self) {
        if let Some(o) = &self.shelf.optimising {
            o.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// Once a frame: takes the optimiser's answer when it came (a better solution joins the
    /// library of the level it ran on).
    pub fn follow_optimiser(&mut self) {
        let Some(o) = &self.shelf.optimising else { return };
        let Ok(result) = o.rx.try_recv() else { return };
        let key = o.key.clone();
        self.shelf.optimising = None;
        match result {
            Ok((Some(line), words)) => {
                let here = self.library_key().as_ref() == Some(&key);
                let added = if here {
                    self.add_solution(&line, Finder::Optimiser, crate::save::library::now())
                } else {
                    Err("the level was left".into())
                };
                match added {
                    Ok(_) => self.notify(format!("the optimiser {words}"), Some(self.kind)),
                    Err(e) => self.notify(format!("the optimiser's solution was not kept: {e}"), Some(self.kind)),
                }
            }
            Ok((None, words)) => self.notify(format!("the optimiser {words}"), Some(self.kind)),
            Err(e) => self.notify(format!("the optimiser stopped: {e}"), Some(self.kind)),
        }
    }

    /// A save's library joins the library of the level it opened (the save's own finders and
    /// dates kept; a solution that does not solve the level, or a snapshot that does not
    /// replay, is left out and said).
    pub fn import_library(&mut self, save: &crate::save::Save) {
        let Some(key) = self.library_key() else { return };
        let mut refused = 0;
        for f in &save.found {
            match self.tab().measure(&f.line) {
                Ok((moves, pushes, true)) => {
                    let found = Found { file_line: 0, ..f.clone() };
                    self.store.apply(Change::Level(key.clone(), LevelChange::Found(Kept { found, moves, pushes })));
                }
                _ => refused += 1,
            }
        }
        for s in &save.snapshots {
            match self.tab().measure(&s.line) {
                Ok((moves, _, _)) => {
                    let snapshot = Snapshot { file_line: 0, ..s.clone() };
                    let there = self.progress().get(&key).is_some_and(|r| {
                        r.library.snapshots.iter().any(|x| x.snapshot.line == s.line && x.snapshot.name == s.name)
                    });
                    if !there {
                        self.store.apply(Change::Level(key.clone(), LevelChange::Snap(Snap { snapshot, moves })));
                    }
                }
                Err(_) => refused += 1,
            }
        }
        if refused > 0 {
            self.notify(format!("{refused} of the save's solutions and snapshots no longer replay"), Some(self.kind));
        }
    }

    /// The game on screen as a save file, with the level's library.
    pub fn save_with_library(&self) -> crate::save::Save {
        let mut save = self.tab().to_save();
        let lib = self.library();
        save.found = lib.solutions.iter().map(|k| k.found.clone()).collect();
        save.snapshots = lib.snapshots.iter().map(|s| s.snapshot.clone()).collect();
        save
    }

    /// The level and its library as text: for Sokoban a SOK file (XSB and LURD, what Sokoban
    /// YASC and JSoko import); other games, the level in its own format and each line.
    pub fn library_text(&self) -> String {
        super::library::sok_text(&self.tab().level_text(), &self.library())
    }

    /// Once a frame: counts time spent on the level on screen (the window focused, the player
    /// not away for [`IDLE_AFTER`] seconds) and attempts (a first move from the start).
    pub fn track_stats(&mut self, ctx: &egui::Context) {
        let (now, active, focused) = ctx.input(|i| {
            let active = i.events.iter().any(|e| {
                matches!(
                    e,
                    egui::Event::Key { .. }
                        | egui::Event::PointerButton { .. }
                        | egui::Event::PointerMoved(_)
                        | egui::Event::Text(_)
                )
            });
            (i.time, active, i.focused)
        });
        let key = self.library_key();
        // The window repaints only when something happens, so the time since the last frame
        // counts whole, up to a minute after the last input before it.
        let until = (self.shelf.last_input + IDLE_AFTER).min(now);
        let dt = self.shelf.last_time.map_or(0.0, |t| (until - t).max(0.0));
        self.shelf.last_time = Some(now);
        if active {
            self.shelf.last_input = now;
        }
        let counting = focused;
        match (&mut self.shelf.clock, &key) {
            (Some((k, secs)), Some(key)) if k == key => {
                if counting {
                    *secs += dt;
                }
            }
            _ => {
                self.flush_clock();
                self.shelf.clock = key.clone().map(|k| (k, 0.0));
            }
        }
        if self.shelf.clock.as_ref().is_some_and(|(_, s)| *s >= 30.0) {
            self.flush_clock();
        }
        // Attempts: a first move of the player's from the level's start.
        if let Some(key) = key
            && self.tab().status().moves > 0
        {
            let a = self.tab().status().attempt;
            if self.shelf.attempts.insert(a) {
                self.store.apply(Change::Level(key, LevelChange::Played { seconds: 0, attempts: 1, solved_on: None }));
            }
        }
    }

    /// Once a frame: a reverse game that met the forward start hands over its forward
    /// solution, which plays in the forward game (and, solved by the player, is recorded).
    pub fn follow_reverse(&mut self) {
        let instant = self.view.instant;
        match self.tab_mut().reverse_met(instant) {
            Some(Ok((moves, pushes))) => {
                // The forward solution is the reverse game's attempt, not a new one: its run
                // is set aside as counted even before its first move lands (animated).
                let a = self.tab().status().attempt;
                self.shelf.attempts.insert(a);
                self.notify(
                    format!(
                        "the boxes are back where they start: the forward solution ({pushes} pushes, {moves} moves) plays"
                    ),
                    Some(self.kind),
                )
            }
            Some(Err(e)) => self.notify(format!("reverse mode: {e}"), Some(self.kind)),
            None => {}
        }
    }

    /// Puts the seconds counted into the store (a level left, every 30 s, on exit).
    pub fn flush_clock(&mut self) {
        if let Some((k, secs)) = &mut self.shelf.clock {
            let whole = secs.floor();
            if whole >= 1.0 {
                *secs -= whole;
                let k = k.clone();
                let played = LevelChange::Played { seconds: whole as u64, attempts: 0, solved_on: None };
                self.store.apply(Change::Level(k, played));
            }
        }
    }
}
