//! The desktop's store: an SQLite database (rusqlite, its own bundled SQLite) in WAL mode.
//! A change is one transaction (`BEGIN IMMEDIATE`: two windows' writes take turns), in which
//! the level's rows are read, the change merged by [`Record::apply`] and the difference
//! written back: a row inserted, updated or deleted, never a whole store replaced. Every
//! transaction takes the next revision number and marks the rows it touched with it, so
//! another window, told by `PRAGMA data_version` that something was committed, reads only
//! the levels changed since the revision it saw.
//!
//! The schema's version is `PRAGMA user_version`; [`MIGRATIONS`] takes a store of any
//! earlier version to this one. The database names itself as tumblebox's by
//! `PRAGMA application_id`.

use super::records::{Change, Kept, LevelKey, Progress, Record, SETTINGS, Snap, Stats};
use crate::games::GameKind;
use crate::save::library::{Finder, Found, Snapshot};
use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use std::path::{Path, PathBuf};

/// `PRAGMA application_id`: "TBOX".
pub const APPLICATION_ID: i32 = 0x5442_4f58;

/// Each schema version's statements: `MIGRATIONS[i]` takes version `i` to `i + 1`. The
/// schema's version is their count.
pub const MIGRATIONS: [&str; 1] = [
    // 1: the first schema.
    "CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
     INSERT INTO meta VALUES ('rev', 0);
     CREATE TABLE level (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL, pack TEXT NOT NULL, content INTEGER NOT NULL,
        best INTEGER, solution TEXT, shown INTEGER NOT NULL DEFAULT 0,
        push_pushes INTEGER, push_moves INTEGER, push_line TEXT,
        seconds INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0, solved_on INTEGER,
        rev INTEGER NOT NULL,
        UNIQUE (game, pack, content));
     CREATE INDEX level_rev ON level (rev);
     CREATE TABLE solution (
        level INTEGER NOT NULL REFERENCES level (id), line TEXT NOT NULL,
        finder TEXT NOT NULL, found_at INTEGER NOT NULL, moves INTEGER NOT NULL, pushes INTEGER,
        seq INTEGER NOT NULL,
        PRIMARY KEY (level, line)) WITHOUT ROWID;
     CREATE TABLE snapshot (
        level INTEGER NOT NULL REFERENCES level (id), taken_at INTEGER NOT NULL,
        name TEXT NOT NULL, line TEXT NOT NULL, moves INTEGER NOT NULL,
        PRIMARY KEY (level, taken_at, name, line)) WITHOUT ROWID;
     CREATE TABLE kept (level INTEGER PRIMARY KEY REFERENCES level (id), save TEXT NOT NULL, kept_at INTEGER NOT NULL);
     CREATE INDEX kept_at ON kept (kept_at);
     CREATE TABLE setting (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
     CREATE TABLE game (game TEXT PRIMARY KEY, last INTEGER, pack TEXT) WITHOUT ROWID;
     CREATE TABLE recent (game TEXT NOT NULL, path TEXT NOT NULL, opened INTEGER NOT NULL,
        PRIMARY KEY (game, path)) WITHOUT ROWID;",
];

/// The schema version this tumblebox writes.
pub const SCHEMA: i32 = MIGRATIONS.len() as i32;

/// How long a write waits for another window's transaction.
const BUSY: std::time::Duration = std::time::Duration::from_secs(5);

/// Why a store could not be used as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trouble {
    /// Not a database, or a damaged one: moved aside (the message says where).
    Damaged(String),
    /// Another program's SQLite database.
    Foreign,
    /// Not a regular file (a folder, say).
    NotAFile,
    /// Written by a newer tumblebox (its schema version).
    Newer(i32),
    /// It or its folder cannot be written (the error).
    Unwritable(String),
}

/// An open database.
pub struct Sqlite {
    conn: Connection,
    path: PathBuf,
    /// The newest revision read.
    seen: i64,
    /// `PRAGMA data_version` when last read.
    data_version: i64,
    pub read_only: bool,
}

/// An SQLite error's words, made one line.
pub fn words(e: &rusqlite::Error) -> String {
    crate::error::one_line(&e.to_string())
}

/// An error that says the database is damaged.
pub fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(e.sqlite_error_code(), Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase))
}

/// A file's first bytes say it is an SQLite database (or it is empty: a new one).
fn looks_like_sqlite(path: &Path) -> std::io::Result<bool> {
    use std::io::Read;
    let mut f = std::fs::File::open(path)?;
    let mut head = [0u8; 16];
    let n = f.read(&mut head)?;
    Ok(n == 0 || (n == 16 && &head == b"SQLite format 3\0"))
}

impl Sqlite {
    /// Opens (or creates) the store at `path`. `Err`: it cannot be used as it is; the caller
    /// moves a damaged, foreign or not-a-file store aside, opens a newer one read-only, and
    /// keeps playing without a store when it cannot be written.
    pub fn open(path: &Path) -> Result<Sqlite, Trouble> {
        match std::fs::metadata(path) {
            Ok(m) if !m.is_file() => return Err(Trouble::NotAFile),
            Ok(_) => match looks_like_sqlite(path) {
                Ok(true) => {}
                Ok(false) => return Err(Trouble::Damaged("not an SQLite database".into())),
                Err(e) => return Err(Trouble::Unwritable(crate::error::one_line(&e.to_string()))),
            },
            Err(_) => {}
        }
        let conn = Connection::open(path).map_err(|e| classify(&e))?;
        let mut db = Sqlite { conn, path: path.to_path_buf(), seen: 0, data_version: 0, read_only: false };
        db.prepare()?;
        Ok(db)
    }

    /// Opens a newer tumblebox's store read-only: it is shown, never changed.
    pub fn open_read_only(path: &Path) -> Result<Sqlite, Trouble> {
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| classify(&e))?;
        conn.busy_timeout(BUSY).map_err(|e| classify(&e))?;
        Ok(Sqlite { conn, path: path.to_path_buf(), seen: 0, data_version: 0, read_only: true })
    }

    /// A store in memory (tests).
    pub fn memory() -> Sqlite {
        let conn = Connection::open_in_memory().expect("an in-memory database");
        let mut db = Sqlite { conn, path: PathBuf::from(":memory:"), seen: 0, data_version: 0, read_only: false };
        db.prepare().expect("a fresh schema");
        db
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Checks what the file is, sets the pragmas and brings the schema up to date.
    fn prepare(&mut self) -> Result<(), Trouble> {
        let c = &self.conn;
        c.busy_timeout(BUSY).map_err(|e| classify(&e))?;
        let q = |sql: &str| c.query_row(sql, [], |r| r.get::<_, i64>(0)).map_err(|e| classify(&e));
        let tables = q("SELECT count(*) FROM sqlite_schema")?;
        let app = q("PRAGMA application_id")?;
        let version = q("PRAGMA user_version")? as i32;
        if tables > 0 && app != APPLICATION_ID as i64 {
            return Err(Trouble::Foreign);
        }
        if version > SCHEMA {
            return Err(Trouble::Newer(version));
        }
        // A file shorter than the database its header describes has been cut: checked page
        // by page before it is trusted. (Bytes after its end are never read; pages a crash
        // left in the write-ahead log are the log's to bring back.)
        if tables > 0 && cut_short(&self.path) {
            let verdict: String = c.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(|e| classify(&e))?;
            if verdict != "ok" {
                return Err(Trouble::Damaged(crate::error::one_line(&verdict)));
            }
        }
        let wal: String = c.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)).map_err(|e| classify(&e))?;
        if !wal.eq_ignore_ascii_case("wal") && !wal.eq_ignore_ascii_case("memory") {
            return Err(Trouble::Unwritable(format!("the store could not use a write-ahead log ({wal})")));
        }
        c.execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;").map_err(|e| classify(&e))?;
        if version < SCHEMA {
            self.migrate(version)?;
        }
        Ok(())
    }

    /// Takes the schema from `from` to [`SCHEMA`], one transaction.
    fn migrate(&mut self, from: i32) -> Result<(), Trouble> {
        let tx =
            self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(|e| classify(&e))?;
        // Another window may have migrated it while this one waited.
        let now: i32 = tx.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| classify(&e))?;
        for sql in &MIGRATIONS[now.max(from) as usize..] {
            tx.execute_batch(sql).map_err(|e| classify(&e))?;
        }
        tx.execute_batch(&format!("PRAGMA user_version = {SCHEMA}; PRAGMA application_id = {APPLICATION_ID};"))
            .map_err(|e| classify(&e))?;
        tx.commit().map_err(|e| classify(&e))
    }

    /// Everything in the store.
    pub fn load(&mut self) -> Result<Progress, rusqlite::Error> {
        let tx = self.conn.transaction()?;
        let mut p = Progress::default();
        let mut ids = std::collections::HashMap::new();
        {
            let mut st = tx.prepare("SELECT id, game, pack, content, best, solution, shown, push_pushes, push_moves, push_line, seconds, attempts, solved_on FROM level")?;
            let mut rows = st.query([])?;
            while let Some(row) = rows.next()? {
                let Some((key, rec)) = level_row(row)? else { continue };
                ids.insert(row.get::<_, i64>(0)?, key.clone());
                p.levels.insert(key, rec);
            }
        }
        {
            let mut st =
                tx.prepare("SELECT level, line, finder, found_at, moves, pushes FROM solution ORDER BY seq")?;
            let mut rows = st.query([])?;
            while let Some(row) = rows.next()? {
                if let (Some(key), Some(k)) = (ids.get(&row.get::<_, i64>(0)?), solution_row(row)?) {
                    p.levels.entry(key.clone()).or_default().library.solutions.push(k);
                }
            }
        }
        {
            let mut st = tx.prepare("SELECT level, taken_at, name, line, moves FROM snapshot ORDER BY taken_at")?;
            let mut rows = st.query([])?;
            while let Some(row) = rows.next()? {
                if let Some(key) = ids.get(&row.get::<_, i64>(0)?) {
                    p.levels.entry(key.clone()).or_default().library.snapshots.push(snapshot_row(row)?);
                }
            }
        }
        {
            let mut st = tx.prepare("SELECT level, save, kept_at FROM kept")?;
            let mut rows = st.query([])?;
            while let Some(row) = rows.next()? {
                if let Some(key) = ids.get(&row.get::<_, i64>(0)?) {
                    p.kept.insert(key.clone(), (row.get::<_, i64>(2)? as u64, row.get(1)?));
                }
            }
        }
        p.levels.retain(|_, r| !r.is_empty());
        read_small(&tx, &mut p)?;
        self.seen = tx.query_row("SELECT value FROM meta WHERE name = 'rev'", [], |r| r.get(0))?;
        tx.commit()?;
        self.data_version = self.conn.query_row("PRAGMA data_version", [], |r| r.get(0))?;
        Ok(p)
    }

    /// Whether another connection committed since this one last looked; if so, the levels it
    /// changed, the settings, packs and recent files are read again into `p`.
    pub fn poll(&mut self, p: &mut Progress) -> Result<bool, rusqlite::Error> {
        let v: i64 = self.conn.query_row("PRAGMA data_version", [], |r| r.get(0))?;
        if v == self.data_version {
            return Ok(false);
        }
        self.data_version = v;
        let tx = self.conn.transaction()?;
        let changed: Vec<(i64, String, String, i64)> = {
            let mut st = tx.prepare("SELECT id, game, pack, content FROM level WHERE rev > ?1")?;
            st.query_map([self.seen], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
                .collect::<Result<_, _>>()?
        };
        for (id, game, pack, content) in changed {
            let Some(game) = GameKind::from_key(&game) else { continue };
            let key = LevelKey { game, pack, content: content as u64 };
            let (rec, kept) = read_level(&tx, id)?;
            match rec.is_empty() {
                true => p.levels.remove(&key),
                false => p.levels.insert(key.clone(), rec),
            };
            match kept {
                Some(k) => p.kept.insert(key, k),
                None => p.kept.remove(&key),
            };
        }
        read_small(&tx, p)?;
        self.seen = tx.query_row("SELECT value FROM meta WHERE name = 'rev'", [], |r| r.get(0))?;
        tx.commit()?;
        Ok(true)
    }

    /// Writes one change, merged with what the store holds now; returns the level's record
    /// and kept game as the store has them after it (for the caller's copy).
    pub fn write(&mut self, change: &Change) -> Result<Option<LevelRows>, rusqlite::Error> {
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let rev = next_rev(&tx)?;
        let after = apply_in(&tx, change, rev)?;
        tx.commit()?;
        self.wrote(rev, rev)?;
        Ok(after)
    }

    /// Writes many changes in one transaction (an import): all or none.
    pub fn write_all(&mut self, changes: &[Change]) -> Result<(), rusqlite::Error> {
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let first = next_rev(&tx)?;
        let mut rev = first;
        for (i, c) in changes.iter().enumerate() {
            if i > 0 {
                rev = next_rev(&tx)?;
            }
            apply_in(&tx, c, rev)?;
        }
        tx.commit()?;
        self.wrote(first, rev)
    }

    /// After this connection wrote revisions `first..=last`: when no other writer came
    /// between the revision read and these, there is nothing new to read.
    fn wrote(&mut self, first: i64, last: i64) -> Result<(), rusqlite::Error> {
        if first == self.seen + 1 {
            self.seen = last;
            self.data_version = self.conn.query_row("PRAGMA data_version", [], |r| r.get(0))?;
        }
        Ok(())
    }

    /// A name in `meta` (a mark such as the first start's import), if set.
    pub fn mark(&self, name: &str) -> Result<Option<i64>, rusqlite::Error> {
        self.conn.query_row("SELECT value FROM meta WHERE name = ?1", [name], |r| r.get(0)).optional()
    }

    pub fn set_mark(&self, name: &str, value: i64) -> Result<(), rusqlite::Error> {
        self.conn.execute("INSERT OR REPLACE INTO meta (name, value) VALUES (?1, ?2)", params![name, value]).map(|_| ())
    }

    /// Makes the database unable to grow (a full disk's SQLITE_FULL) or able again (tests).
    #[cfg(test)]
    pub fn limit_pages_for_tests(&mut self, on: bool) {
        let pages: i64 = self.conn.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap();
        let limit = if on { pages } else { 1 << 30 };
        let _: i64 = self.conn.query_row(&format!("PRAGMA max_page_count = {limit}"), [], |r| r.get(0)).unwrap();
    }

    /// Closes the connection, so the file can be moved (a damaged store found late).
    pub fn close(self) {
        let _ = self.conn.close();
    }
}

/// The next revision number (a transaction is open).
fn next_rev(tx: &Connection) -> Result<i64, rusqlite::Error> {
    tx.query_row("UPDATE meta SET value = value + 1 WHERE name = 'rev' RETURNING value", [], |r| r.get(0))
}

/// One change inside an open transaction, its rows marked with `rev`; returns the level's
/// rows after it, for a change about a level.
fn apply_in(tx: &Connection, change: &Change, rev: i64) -> Result<Option<LevelRows>, rusqlite::Error> {
    use super::records::{KEPT_GAMES, RECENT};
    match change {
        Change::Level(key, c) => {
            let id = level_id(tx, key, rev)?;
            let (before, kept) = read_level(tx, id)?;
            let mut rec = before.clone();
            rec.apply(c);
            write_level(tx, id, &before, &rec, rev)?;
            return Ok(Some((rec, kept)));
        }
        Change::Keep(key, text) => {
            let id = level_id(tx, key, rev)?;
            match text {
                Some(t) => tx.execute(
                    "INSERT INTO kept (level, save, kept_at) VALUES (?1, ?2, ?3)
                     ON CONFLICT (level) DO UPDATE SET save = excluded.save, kept_at = excluded.kept_at",
                    params![id, t, rev],
                )?,
                None => tx.execute("DELETE FROM kept WHERE level = ?1", [id])?,
            };
            tx.execute("UPDATE level SET rev = ?2 WHERE id = ?1", params![id, rev])?;
            // The oldest past the cap go (their levels marked, so other windows see it).
            let past = "SELECT level FROM kept ORDER BY kept_at DESC LIMIT -1 OFFSET ?1";
            tx.execute(&format!("UPDATE level SET rev = ?2 WHERE id IN ({past})"), params![KEPT_GAMES as i64, rev])?;
            tx.execute(&format!("DELETE FROM kept WHERE level IN ({past})"), [KEPT_GAMES as i64])?;
            return read_level(tx, id).map(Some);
        }
        Change::Setting(name, value) => {
            tx.execute("INSERT OR REPLACE INTO setting (name, value) VALUES (?1, ?2)", params![name, value])?;
        }
        Change::Pack(game, file) => {
            let path = file.as_ref().map(|f| f.to_string_lossy().to_string());
            tx.execute(
                "INSERT INTO game (game, pack) VALUES (?1, ?2) ON CONFLICT (game) DO UPDATE SET pack = excluded.pack",
                params![game.key(), path],
            )?;
            if let Some(path) = path {
                tx.execute(
                    "INSERT OR REPLACE INTO recent (game, path, opened) VALUES (?1, ?2, ?3)",
                    params![game.key(), path, rev],
                )?;
                tx.execute(
                    "DELETE FROM recent WHERE (game, path) IN (SELECT game, path FROM recent ORDER BY opened DESC LIMIT -1 OFFSET ?1)",
                    [RECENT as i64],
                )?;
            }
        }
        Change::Forget(file) => {
            let path = file.to_string_lossy().to_string();
            tx.execute("DELETE FROM recent WHERE path = ?1", [&path])?;
            tx.execute("UPDATE game SET pack = NULL WHERE pack = ?1", [&path])?;
        }
        Change::Last(game, i) => {
            tx.execute(
                "INSERT INTO game (game, last) VALUES (?1, ?2) ON CONFLICT (game) DO UPDATE SET last = excluded.last",
                params![game.key(), *i as i64],
            )?;
        }
    }
    Ok(None)
}

/// Whether the database file is shorter than its header says, with no write-ahead log that
/// could hold the rest.
fn cut_short(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 100];
    let Ok(mut f) = std::fs::File::open(path) else { return false };
    if f.read_exact(&mut head).is_err() {
        return true;
    }
    let wal = path.with_file_name(format!("{}-wal", path.file_name().unwrap_or_default().to_string_lossy()));
    if std::fs::metadata(wal).is_ok_and(|m| m.len() > 0) {
        return false;
    }
    let be32 = |at: usize| u32::from_be_bytes([head[at], head[at + 1], head[at + 2], head[at + 3]]) as u64;
    let page = match u16::from_be_bytes([head[16], head[17]]) {
        1 => 65_536,
        n => n as u64,
    };
    // The header's page count is valid when its change counter matches (SQLite's file
    // format, section 1.3.7).
    let (pages, valid) = (be32(28), be32(24) == be32(92));
    let len = f.metadata().map_or(0, |m| m.len());
    valid && pages > 0 && len < pages * page
}

/// An error opening or preparing a store, as a [`Trouble`].
fn classify(e: &rusqlite::Error) -> Trouble {
    use rusqlite::ErrorCode::*;
    match e.sqlite_error_code() {
        Some(DatabaseCorrupt | NotADatabase) => Trouble::Damaged(words(e)),
        Some(ReadOnly | CannotOpen | PermissionDenied | DiskFull | SystemIoFailure | DatabaseBusy | DatabaseLocked) => {
            Trouble::Unwritable(words(e))
        }
        _ if is_damage(e) => Trouble::Damaged(words(e)),
        _ => Trouble::Unwritable(words(e)),
    }
}

/// A level's id, the row made (empty) when there is none.
fn level_id(tx: &Connection, key: &LevelKey, rev: i64) -> Result<i64, rusqlite::Error> {
    let key = key.normal();
    let args = params![key.game.key(), key.pack, key.content as i64];
    if let Some(id) = tx
        .query_row("SELECT id FROM level WHERE game = ?1 AND pack = ?2 AND content = ?3", args, |r| r.get(0))
        .optional()?
    {
        return Ok(id);
    }
    tx.execute(
        "INSERT INTO level (game, pack, content, rev) VALUES (?1, ?2, ?3, ?4)",
        params![key.game.key(), key.pack, key.content as i64, rev],
    )?;
    Ok(tx.last_insert_rowid())
}

fn level_row(row: &rusqlite::Row<'_>) -> Result<Option<(LevelKey, Record)>, rusqlite::Error> {
    let Some(game) = GameKind::from_key(&row.get::<_, String>(1)?) else { return Ok(None) };
    let key = LevelKey { game, pack: row.get(2)?, content: row.get::<_, i64>(3)? as u64 };
    let usize_of = |v: Option<i64>| v.map(|x| x.max(0) as usize);
    let pushes = match (row.get::<_, Option<i64>>(7)?, row.get::<_, Option<i64>>(8)?, row.get::<_, Option<String>>(9)?)
    {
        (Some(p), Some(m), Some(l)) => Some((p.max(0) as usize, m.max(0) as usize, l)),
        _ => None,
    };
    let stats = Stats {
        seconds: row.get::<_, i64>(10)?.max(0) as u64,
        attempts: row.get::<_, i64>(11)?.clamp(0, u32::MAX as i64) as u32,
        solved_on: row.get::<_, Option<i64>>(12)?.map(|d| d.max(0) as u64),
    };
    let mut rec = Record {
        best: usize_of(row.get(4)?),
        solution: row.get(5)?,
        shown: row.get::<_, i64>(6)? != 0,
        pushes,
        ..Record::default()
    };
    rec.library.stats = stats;
    Ok(Some((key, rec)))
}

fn solution_row(row: &rusqlite::Row<'_>) -> Result<Option<Kept>, rusqlite::Error> {
    let Some(by) = Finder::from_word(&row.get::<_, String>(2)?) else { return Ok(None) };
    let found = Found { line: row.get(1)?, by, when: row.get::<_, i64>(3)?.max(0) as u64, file_line: 0 };
    Ok(Some(Kept {
        found,
        moves: row.get::<_, i64>(4)?.max(0) as usize,
        pushes: row.get::<_, Option<i64>>(5)?.map(|p| p.max(0) as usize),
    }))
}

fn snapshot_row(row: &rusqlite::Row<'_>) -> Result<Snap, rusqlite::Error> {
    let snapshot =
        Snapshot { name: row.get(2)?, line: row.get(3)?, when: row.get::<_, i64>(1)?.max(0) as u64, file_line: 0 };
    Ok(Snap { snapshot, moves: row.get::<_, i64>(4)?.max(0) as usize })
}

/// A level's record and kept game.
pub type LevelRows = (Record, Option<(u64, String)>);

fn read_level(tx: &Connection, id: i64) -> Result<LevelRows, rusqlite::Error> {
    let mut rec = tx
        .query_row(
            "SELECT id, game, pack, content, best, solution, shown, push_pushes, push_moves, push_line, seconds, attempts, solved_on FROM level WHERE id = ?1",
            [id],
            level_row,
        )?
        .map(|(_, r)| r)
        .unwrap_or_default();
    let mut st = tx.prepare_cached(
        "SELECT level, line, finder, found_at, moves, pushes FROM solution WHERE level = ?1 ORDER BY seq",
    )?;
    let mut rows = st.query([id])?;
    while let Some(row) = rows.next()? {
        rec.library.solutions.extend(solution_row(row)?);
    }
    let mut st = tx
        .prepare_cached("SELECT level, taken_at, name, line, moves FROM snapshot WHERE level = ?1 ORDER BY taken_at")?;
    let mut rows = st.query([id])?;
    while let Some(row) = rows.next()? {
        rec.library.snapshots.push(snapshot_row(row)?);
    }
    let kept = tx
        .query_row("SELECT save, kept_at FROM kept WHERE level = ?1", [id], |r| {
            Ok((r.get::<_, i64>(1)? as u64, r.get::<_, String>(0)?))
        })
        .optional()?;
    Ok((rec, kept))
}

/// Writes what changed from `before` to `after` in a level's rows.
fn write_level(tx: &Connection, id: i64, before: &Record, after: &Record, rev: i64) -> Result<(), rusqlite::Error> {
    let (pp, pm, pl) = match &after.pushes {
        Some((p, m, l)) => (Some(*p as i64), Some(*m as i64), Some(l.as_str())),
        None => (None, None, None),
    };
    let st = after.library.stats;
    tx.execute(
        "UPDATE level SET best = ?2, solution = ?3, shown = ?4, push_pushes = ?5, push_moves = ?6, push_line = ?7,
         seconds = ?8, attempts = ?9, solved_on = ?10, rev = ?11 WHERE id = ?1",
        params![
            id,
            after.best.map(|b| b as i64),
            after.solution,
            after.shown as i64,
            pp,
            pm,
            pl,
            st.seconds.min(i64::MAX as u64) as i64,
            st.attempts as i64,
            st.solved_on.map(|d| d.min(i64::MAX as u64) as i64),
            rev
        ],
    )?;
    let lines = |r: &Record| r.library.solutions.iter().map(|k| k.found.line.clone()).collect::<Vec<_>>();
    let (old, new) = (lines(before), lines(after));
    for line in old.iter().filter(|l| !new.contains(l)) {
        tx.execute("DELETE FROM solution WHERE level = ?1 AND line = ?2", params![id, line])?;
    }
    for (i, k) in after.library.solutions.iter().enumerate().filter(|(_, k)| !old.contains(&k.found.line)) {
        tx.execute(
            "INSERT INTO solution (level, line, finder, found_at, moves, pushes, seq) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                id,
                k.found.line,
                k.found.by.word(),
                k.found.when.min(i64::MAX as u64) as i64,
                k.moves as i64,
                k.pushes.map(|p| p as i64),
                rev * 1024 + i as i64
            ],
        )?;
    }
    let id_of = |s: &Snap| (s.snapshot.when, s.snapshot.name.clone(), s.snapshot.line.clone());
    let old: Vec<_> = before.library.snapshots.iter().map(id_of).collect();
    let new: Vec<_> = after.library.snapshots.iter().map(id_of).collect();
    for (when, name, line) in old.iter().filter(|s| !new.contains(s)) {
        tx.execute(
            "DELETE FROM snapshot WHERE level = ?1 AND taken_at = ?2 AND name = ?3 AND line = ?4",
            params![id, *when as i64, name, line],
        )?;
    }
    for s in after.library.snapshots.iter().filter(|s| !old.contains(&id_of(s))) {
        tx.execute(
            "INSERT INTO snapshot (level, taken_at, name, line, moves) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, s.snapshot.when.min(i64::MAX as u64) as i64, s.snapshot.name, s.snapshot.line, s.moves as i64],
        )?;
    }
    Ok(())
}

/// The settings, each game's last level and pack, the recent files.
fn read_small(tx: &Connection, p: &mut Progress) -> Result<(), rusqlite::Error> {
    p.settings.clear();
    let mut st = tx.prepare_cached("SELECT name, value FROM setting")?;
    let mut rows = st.query([])?;
    while let Some(row) = rows.next()? {
        let name: String = row.get(0)?;
        if SETTINGS.contains(&name.as_str()) {
            p.settings.insert(name, row.get(1)?);
        }
    }
    p.last.clear();
    p.packs.clear();
    let mut st = tx.prepare_cached("SELECT game, last, pack FROM game")?;
    let mut rows = st.query([])?;
    while let Some(row) = rows.next()? {
        let Some(g) = GameKind::from_key(&row.get::<_, String>(0)?) else { continue };
        if let Some(i) = row.get::<_, Option<i64>>(1)? {
            p.last.insert(g, i.max(0) as usize);
        }
        if let Some(path) = row.get::<_, Option<String>>(2)? {
            p.packs.insert(g, PathBuf::from(path));
        }
    }
    p.recent.clear();
    let mut st = tx.prepare_cached("SELECT game, path FROM recent ORDER BY opened DESC LIMIT ?1")?;
    let mut rows = st.query([super::records::RECENT as i64])?;
    while let Some(row) = rows.next()? {
        if let Some(g) = GameKind::from_key(&row.get::<_, String>(0)?) {
            p.recent.push((g, PathBuf::from(row.get::<_, String>(1)?)));
        }
    }
    Ok(())
}
