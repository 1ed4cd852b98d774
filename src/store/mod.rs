//! The player's data: the only code that reads or writes where it is kept. Per level (game,
//! pack, content hash) the bests, every library entry, snapshots, statistics, whether the
//! solver showed it and the kept game for Continue; beside them the settings, each game's pack
//! and last level and the recent files ([`records`]).
//!
//! A [`Store`] holds all of it in memory (what the window reads every frame) and writes each
//! change through at once, one transaction a change, merged with what the store holds now:
//! on a desktop an SQLite database ([`sqlite`]), on a web page one `localStorage` key a record
//! ([`kv`]). Another window or tab's changes are read again when [`Store::poll`] finds them.
//! A store that cannot be used is never silently replaced: a damaged or foreign one is moved
//! aside under a name that says so, a newer version's is shown read-only, and when nothing
//! can be written the changes wait in memory and are tried again.

pub mod kv;
pub mod lines;
pub mod records;
#[cfg(not(target_arch = "wasm32"))]
pub mod sqlite;

pub use records::{Change, Kept, LevelChange, LevelKey, Library, Progress, Record, Snap, Stats, content_hash};

#[cfg(not(target_arch = "wasm32"))]
use std::path::Path;
use std::path::PathBuf;

/// A level's record and kept game, as a store has them after a change.
pub type LevelRows = (Record, Option<(u64, String)>);

/// The database's file name in the data folder.
pub const FILE: &str = "progress.sqlite";

/// How often changes that could not be written are tried again.
const RETRY: std::time::Duration = std::time::Duration::from_secs(5);

/// The folder the player's data lives in: `$XDG_DATA_HOME/tumblebox` or
/// `~/.local/share/tumblebox` on Linux, `~/Library/Application Support/tumblebox` on macOS,
/// `%APPDATA%\tumblebox\data` on Windows (where eframe keeps the window's own state).
#[cfg(not(target_arch = "wasm32"))]
pub fn default_dir() -> Option<PathBuf> {
    let home = std::env::home_dir();
    if cfg!(target_os = "macos") {
        return home.map(|h| h.join("Library/Application Support/tumblebox"));
    }
    if cfg!(windows) {
        return std::env::var_os("APPDATA").map(|a| PathBuf::from(a).join("tumblebox").join("data"));
    }
    std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| home.map(|h| h.join(".local").join("share")))
        .map(|p| p.join("tumblebox"))
}

enum Backend {
    /// Nothing kept (tests, or a store that could not be opened yet).
    None,
    #[cfg(not(target_arch = "wasm32"))]
    Sqlite(sqlite::Sqlite),
    Kv(kv::KvStore),
}

/// The player's data, in memory and where it is kept.
pub struct Store {
    data: Progress,
    backend: Backend,
    /// Changes not yet kept (the store could not be written), oldest first: tried again.
    pending: Vec<Change>,
    /// Why the store cannot be written now; said once until it can be again.
    trouble: Option<String>,
    /// Messages for the player, one line each (taken by [`Store::take_notices`]).
    notices: Vec<String>,
    last_try: Option<crate::clock::Instant>,
    /// The database to open again when it could not be opened (a desktop).
    reopen: Option<PathBuf>,
    /// A newer version's store, shown and never changed.
    read_only: bool,
}

impl Default for Store {
    fn default() -> Self {
        Store::memory()
    }
}

/// Now, as the name of a file moved aside says it: `20261206T021950Z`.
#[cfg(not(target_arch = "wasm32"))]
fn stamp() -> String {
    let secs = crate::save::library::now();
    crate::save::library::rfc3339(secs).replace([':', '-'], "")
}

/// Moves `path` (and its `-wal` and `-shm` companions) aside as `path.WHY-STAMP`; returns the
/// new name.
#[cfg(not(target_arch = "wasm32"))]
fn move_aside(path: &Path, why: &str) -> std::io::Result<PathBuf> {
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let mut to = path.with_file_name(format!("{name}.{why}-{}", stamp()));
    let mut n = 1;
    while to.symlink_metadata().is_ok() {
        n += 1;
        to = path.with_file_name(format!("{name}.{why}-{}-{n}", stamp()));
    }
    std::fs::rename(path, &to)?;
    for side in ["-wal", "-shm"] {
        let from = path.with_file_name(format!("{name}{side}"));
        if from.symlink_metadata().is_ok() {
            let _ = std::fs::rename(
                &from,
                to.with_file_name(format!("{}{side}", to.file_name().unwrap().to_string_lossy())),
            );
        }
    }
    Ok(to)
}

impl Store {
    /// A store that keeps nothing beyond this run.
    pub fn memory() -> Store {
        Store {
            data: Progress::default(),
            backend: Backend::None,
            pending: Vec::new(),
            trouble: None,
            notices: Vec::new(),
            last_try: None,
            reopen: None,
            read_only: false,
        }
    }

    /// A store that keeps nothing beyond this run, holding `data` (a window started again on
    /// what another kept: tests).
    pub fn memory_with(data: Progress) -> Store {
        Store { data, ..Store::memory() }
    }

    /// The desktop's store: the database in `dir` (made if missing). A store that cannot be
    /// used as it is is dealt with as the module says, with a notice.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn open(dir: &Path) -> Store {
        let mut s = Store::memory();
        let path = dir.join(FILE);
        if let Err(e) = std::fs::create_dir_all(dir) {
            s.cannot_open(&path, &crate::error::one_line(&e.to_string()));
            return s;
        }
        s.open_at(&path);
        s
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn open_at(&mut self, path: &Path) {
        use sqlite::Trouble;
        let shown = path.display();
        let mut db = match sqlite::Sqlite::open(path) {
            Ok(db) => db,
            Err(Trouble::Unwritable(why)) => return self.cannot_open(path, &why),
            Err(Trouble::Newer(v)) => match sqlite::Sqlite::open_read_only(path) {
                Ok(db) => {
                    self.notices.push(format!(
                        "your progress ({shown}) was kept by a newer tumblebox (store version {v}; this one knows up to {}): it is shown but left untouched, and what you do now is not kept",
                        sqlite::SCHEMA
                    ));
                    self.read_only = true;
                    db
                }
                Err(_) => return self.cannot_open(path, "it was kept by a newer tumblebox and cannot be read"),
            },
            Err(t) => {
                let (why, said) = match &t {
                    Trouble::Damaged(w) => ("damaged", format!("was damaged ({w})")),
                    Trouble::Foreign => ("foreign", "is another program's database".to_string()),
                    _ => ("not-a-file", "is not a file".to_string()),
                };
                match move_aside(path, why) {
                    Ok(to) => self.notices.push(format!(
                        "your progress store {said}: it is kept as {}, and a fresh store starts",
                        to.display()
                    )),
                    Err(e) => return self.cannot_open(path, &format!("it {said} and could not be moved aside ({e})")),
                }
                match sqlite::Sqlite::open(path) {
                    Ok(db) => db,
                    Err(_) => return self.cannot_open(path, "a fresh store could not be made"),
                }
            }
        };
        match db.load() {
            Ok(p) => {
                self.data = p;
                self.backend = Backend::Sqlite(db);
            }
            Err(e)
                if !self.read_only && matches!(e.sqlite_error_code(), Some(rusqlite::ErrorCode::DatabaseCorrupt)) =>
            {
                db.close();
                match move_aside(path, "damaged") {
                    Ok(to) => {
                        self.notices.push(format!(
                            "your progress store was damaged ({}): it is kept as {}, and a fresh store starts",
                            sqlite::words(&e),
                            to.display()
                        ));
                        self.open_at(path)
                    }
                    Err(m) => self.cannot_open(path, &format!("it is damaged and could not be moved aside ({m})")),
                }
            }
            Err(e) => self.cannot_open(path, &sqlite::words(&e)),
        }
    }

    /// The store at `path` cannot be used now: play goes on, changes wait and the store is
    /// tried again.
    #[cfg(not(target_arch = "wasm32"))]
    fn cannot_open(&mut self, path: &Path, why: &str) {
        self.reopen = Some(path.to_path_buf());
        self.say_trouble(format!(
            "progress cannot be kept in {} ({why}); it is tried again every few seconds",
            path.display()
        ));
    }

    /// A store over a key-value store (a web page's `localStorage`).
    pub fn on_kv(kv: Box<dyn kv::Kv>) -> Store {
        let mut k = kv::KvStore::new(kv);
        let data = k.load();
        Store { data, backend: Backend::Kv(k), ..Store::memory() }
    }

    /// Nothing will be kept this run, for the reason given (said once).
    pub fn refuse(&mut self, why: &str) {
        self.read_only = true;
        self.notices.push(why.to_string());
    }

    fn say_trouble(&mut self, text: String) {
        if self.trouble.is_none() {
            self.notices.push(text.clone());
        }
        self.trouble = Some(text);
    }

    /// What is kept, as of the last change or poll.
    pub fn data(&self) -> &Progress {
        &self.data
    }

    /// Messages for the player (a store moved aside, one that cannot be written).
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// Why changes are not being kept now, if they are not.
    pub fn trouble(&self) -> Option<&str> {
        self.trouble.as_deref()
    }

    /// How many changes wait to be kept.
    pub fn pending(&self) -> usize {
        self.pending.len()
    }

    /// Where the store is (for messages and the command line).
    pub fn place(&self) -> String {
        match &self.backend {
            #[cfg(not(target_arch = "wasm32"))]
            Backend::Sqlite(db) => db.path().display().to_string(),
            Backend::Kv(_) => "this browser's storage".into(),
            Backend::None => match &self.reopen {
                Some(p) => p.display().to_string(),
                None => "memory only".into(),
            },
        }
    }

    /// Makes a change: merged into what is in memory, then written through at once (one
    /// transaction), merged with what the store holds now. Returns whether it changed
    /// anything.
    pub fn apply(&mut self, change: Change) -> bool {
        if !self.data.apply(&change) {
            return false;
        }
        if self.read_only {
            return true;
        }
        if self.pending.is_empty() {
            match self.write(&change) {
                Ok(()) => return true,
                Err(why) => self
                    .say_trouble(format!("progress cannot be kept now ({why}); it is tried again every few seconds")),
            }
        }
        self.wait(change);
        true
    }

    /// A change kept for later: a newer kept game of the same level replaces the older one.
    fn wait(&mut self, change: Change) {
        if let Change::Keep(k, _) = &change {
            self.pending.retain(|c| !matches!(c, Change::Keep(j, _) if j == k));
        }
        self.pending.push(change);
    }

    /// Writes one change through; the level's record as the store has it after the change
    /// (another window's part of it included) replaces the one in memory.
    fn write(&mut self, change: &Change) -> Result<(), String> {
        let after = match &mut self.backend {
            Backend::None if self.reopen.is_some() => return Err(self.trouble.clone().unwrap_or_default()),
            Backend::None => return Ok(()),
            #[cfg(not(target_arch = "wasm32"))]
            Backend::Sqlite(db) => match db.write(change) {
                Ok(after) => after,
                Err(e) if sqlite::is_damage(&e) => return self.rebuild(&sqlite::words(&e)),
                Err(e) => return Err(sqlite::words(&e)),
            },
            Backend::Kv(kv) => kv.write(change)?,
        };
        if let (Some(key), Some((rec, kept))) = (change.level(), after) {
            let key = key.normal();
            match rec.is_empty() {
                true => self.data.levels.remove(&key),
                false => self.data.levels.insert(key.clone(), rec),
            };
            match kept {
                Some(k) => self.data.kept.insert(key, k),
                None => self.data.kept.remove(&key),
            };
        }
        Ok(())
    }

    /// The database turned out damaged while in use (a write met a damaged page): it is
    /// moved aside, and a fresh one is made holding everything in memory (all that was read
    /// from it, and every change since).
    #[cfg(not(target_arch = "wasm32"))]
    fn rebuild(&mut self, why: &str) -> Result<(), String> {
        let Backend::Sqlite(db) = std::mem::replace(&mut self.backend, Backend::None) else {
            return Err(why.to_string());
        };
        let path = db.path().to_path_buf();
        db.close();
        let to = move_aside(&path, "damaged").map_err(|e| format!("{why}; it could not be moved aside ({e})"))?;
        let mut fresh = sqlite::Sqlite::open(&path).map_err(|_| format!("{why}; a fresh store could not be made"))?;
        fresh.write_all(&everything(&self.data, true)).map_err(|e| sqlite::words(&e))?;
        let _ = fresh.set_mark("imported", 1);
        self.backend = Backend::Sqlite(fresh);
        self.notices.push(format!(
            "your progress store was damaged ({why}): it is kept as {}, and a fresh store holds everything this window had",
            to.display()
        ));
        Ok(())
    }

    /// Once a frame: reads again what another window or tab changed, and tries again to keep
    /// what could not be kept. Returns whether what is in memory changed.
    pub fn poll(&mut self) -> bool {
        let changed = match &mut self.backend {
            Backend::None => false,
            #[cfg(not(target_arch = "wasm32"))]
            Backend::Sqlite(db) => db.poll(&mut self.data).unwrap_or(false),
            Backend::Kv(kv) => kv.poll(&mut self.data),
        };
        if changed {
            // What waits to be kept stays in what is shown.
            for c in &self.pending {
                self.data.apply(c);
            }
        }
        let due = self.last_try.is_none_or(|t| t.elapsed() >= RETRY);
        if (self.reopen.is_some() || !self.pending.is_empty()) && due {
            self.last_try = Some(crate::clock::Instant::now());
            self.retry();
        }
        changed
    }

    /// Tries again: opens the store that could not be opened, writes what waits.
    fn retry(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(path) = self.reopen.clone() {
            match sqlite::Sqlite::open(&path) {
                Ok(mut db) => match db.write_all(&self.pending).and_then(|()| db.load()) {
                    Ok(p) => {
                        self.data = p;
                        self.pending.clear();
                        self.backend = Backend::Sqlite(db);
                        self.reopen = None;
                    }
                    Err(_) => return,
                },
                Err(_) => return,
            }
        }
        let waiting = std::mem::take(&mut self.pending);
        let mut rest = waiting.into_iter();
        for c in rest.by_ref() {
            if self.write(&c).is_err() {
                self.pending.push(c);
                break;
            }
        }
        self.pending.extend(rest);
        if self.pending.is_empty() && self.reopen.is_none() && self.trouble.take().is_some() {
            self.notices.push(format!("progress is kept again ({})", self.place()));
        }
    }

    /// Merges a progress file's text (File › Import progress, `tumblebox progress import`):
    /// every level's bests, library and statistics, and kept games where none is kept here.
    /// All or nothing: a damaged file changes nothing. Returns how many levels it brought
    /// something new to.
    pub fn import(&mut self, text: &str) -> Result<usize, crate::error::ParseError> {
        let other = lines::read(text)?;
        let changes = self.data.changes_from(&other);
        Ok(self.apply_all(changes))
    }

    /// Makes many changes at once (one transaction where the store has them); returns how
    /// many levels changed.
    pub fn apply_all(&mut self, changes: Vec<Change>) -> usize {
        let mut levels = std::collections::BTreeSet::new();
        let mut kept = Vec::new();
        for c in changes {
            if self.data.apply(&c) {
                if let Some(k) = c.level() {
                    levels.insert(k.normal());
                }
                kept.push(c);
            }
        }
        if self.read_only || kept.is_empty() {
            return levels.len();
        }
        let written = match &mut self.backend {
            #[cfg(not(target_arch = "wasm32"))]
            Backend::Sqlite(db) if self.pending.is_empty() => db.write_all(&kept).map_err(|e| sqlite::words(&e)),
            _ => Err(String::new()),
        };
        match written {
            Ok(()) => {}
            Err(_) => {
                for c in kept {
                    if self.pending.is_empty() && self.write(&c).is_ok() {
                        continue;
                    }
                    self.wait(c);
                }
            }
        }
        levels.len()
    }

    /// The first start with this store: imports what an earlier version kept (its progress
    /// text and kept games' JSON), once; the old store is only read. Returns what it says.
    pub fn import_earlier(&mut self, progress: Option<&str>, kept_games: Option<&str>) -> Option<String> {
        if !self.needs_import() {
            return None;
        }
        let mut old = Progress::default();
        let mut skipped = 0;
        if let Some(text) = progress {
            (old, skipped) = lines::read_lenient(text);
        }
        if let Some(json) = kept_games {
            lines::read_kept_json(json, &mut old);
        }
        // The window's own state comes along too, on this first start only.
        let mut changes = self.data.changes_from(&old);
        changes.extend(everything(&old, true).into_iter().filter(|c| c.level().is_none()));
        let levels = self.apply_all(changes);
        self.set_mark("imported");
        let found = old.levels.len() + old.kept.len();
        (found > 0 || skipped > 0).then(|| {
            let mut s = format!("your progress was brought over from the earlier store ({levels} levels)");
            if skipped > 0 {
                s.push_str(&format!("; {skipped} damaged lines of it were left out"));
            }
            s
        })
    }

    /// Whether what an earlier version kept is still to be imported (the first start).
    pub fn needs_import(&self) -> bool {
        !self.read_only && !self.marked("imported")
    }

    fn marked(&self, name: &str) -> bool {
        match &self.backend {
            #[cfg(not(target_arch = "wasm32"))]
            Backend::Sqlite(db) => db.mark(name).ok().flatten().is_some(),
            Backend::Kv(kv) => kv.mark(name).is_some(),
            Backend::None => false,
        }
    }

    fn set_mark(&mut self, name: &str) {
        let _ = match &mut self.backend {
            #[cfg(not(target_arch = "wasm32"))]
            Backend::Sqlite(db) => db.set_mark(name, 1).map_err(|e| sqlite::words(&e)),
            Backend::Kv(kv) => kv.set_mark(name, "1"),
            Backend::None => Ok(()),
        };
    }

    /// What the store keeps as one text (Export my progress, `tumblebox progress export`).
    pub fn export_text(&self) -> String {
        lines::write(&self.data)
    }

    /// A foreign key of a web page's storage (what an earlier version kept there).
    pub fn kv_foreign(&self, key: &str) -> Option<String> {
        match &self.backend {
            Backend::Kv(kv) => kv.foreign(key),
            _ => None,
        }
    }
}

/// The changes that make an empty store hold `p`: every level and kept game, and with
/// `settings` the window's own state (settings, each game's level, packs, recent files).
fn everything(p: &Progress, settings: bool) -> Vec<Change> {
    let mut changes = Progress::default().changes_from(p);
    if !settings {
        return changes;
    }
    for (name, value) in &p.settings {
        if let Some(&n) = records::SETTINGS.iter().find(|s| **s == name) {
            changes.push(Change::Setting(n, value.clone()));
        }
    }
    changes.extend(p.last.iter().map(|(g, i)| Change::Last(*g, *i)));
    // The recent files oldest first, so the newest ends at the front; then each game's pack.
    for (g, path) in p.recent.iter().rev() {
        changes.push(Change::Pack(*g, Some(path.clone())));
    }
    for g in crate::games::GameKind::ALL {
        match p.packs.get(&g) {
            Some(path) => changes.push(Change::Pack(g, Some(path.clone()))),
            None if p.recent.iter().any(|(x, _)| *x == g) => changes.push(Change::Pack(g, None)),
            None => {}
        }
    }
    changes
}

#[cfg(test)]
mod tests;
