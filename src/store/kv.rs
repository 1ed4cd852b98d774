//! The web page's store: one record a key in a key-value store (the browser's
//! `localStorage`), so two tabs never overwrite each other's records: a change reads its
//! level's record, merges it ([`Record::apply`]) and writes that record back, and the
//! browser's `storage` event tells every other tab which keys changed, which it reads again.
//!
//! Keys (after [`PREFIX`]): `level/GAME/HASH/PACK` (a level's lines, as the progress file
//! writes them), `kept/GAME/HASH/PACK` (its kept game: a stamp, a tab, the escaped save),
//! `setting/NAME`, `last/GAME`, `pack/GAME`, `recent` (lines of game and path) and
//! `mark/NAME`.

use super::lines;
use super::records::{Change, LevelKey, Progress, RECENT, Record, SETTINGS, clean};
use crate::games::GameKind;
use std::path::PathBuf;

/// The prefix of this store's keys (other keys are left alone).
pub const PREFIX: &str = "tumblebox/4/";

/// A key-value store: the browser's `localStorage`, or a map (tests, and two "tabs" sharing
/// one map).
pub trait Kv {
    fn get(&self, key: &str) -> Option<String>;
    /// `Err`: the value could not be kept (the browser's quota, say), in words.
    fn set(&mut self, key: &str, value: &str) -> Result<(), String>;
    fn remove(&mut self, key: &str) -> Result<(), String>;
    /// Every key.
    fn keys(&self) -> Vec<String>;
    /// The keys another writer changed since the last call (`None` in the list: everything,
    /// as when the storage was cleared).
    fn changed(&mut self) -> Vec<Option<String>>;
}

fn level_key(k: &LevelKey) -> String {
    format!("{PREFIX}level/{}/{:016x}/{}", k.game.key(), k.content, clean(&k.pack))
}

fn kept_key(k: &LevelKey) -> String {
    format!("{PREFIX}kept/{}/{:016x}/{}", k.game.key(), k.content, clean(&k.pack))
}

/// The level a `level/…` or `kept/…` key names (its kind and the key).
fn parse_key(key: &str) -> Option<(&str, LevelKey)> {
    let rest = key.strip_prefix(PREFIX)?;
    let mut parts = rest.splitn(4, '/');
    let (kind, game, hash, pack) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let key = LevelKey {
        game: GameKind::from_key(game)?,
        pack: pack.to_string(),
        content: u64::from_str_radix(hash, 16).ok()?,
    };
    Some((kind, key))
}

/// The store over a [`Kv`].
pub struct KvStore {
    kv: Box<dyn Kv>,
}

impl KvStore {
    pub fn new(kv: Box<dyn Kv>) -> KvStore {
        KvStore { kv }
    }

    /// A level's record as kept (a damaged record reads as empty).
    fn record(&self, k: &LevelKey) -> Record {
        let text = self.kv.get(&level_key(k)).unwrap_or_default();
        lines::read_records(&text).ok().and_then(|p| p.levels.into_values().next()).unwrap_or_default()
    }

    fn kept(&self, k: &LevelKey) -> Option<(u64, String)> {
        let text = self.kv.get(&kept_key(k))?;
        let (stamp, save) = text.split_once('\t')?;
        Some((stamp.parse().ok()?, lines::unescape(save)?))
    }

    fn put_record(&mut self, k: &LevelKey, r: &Record) -> Result<(), String> {
        if r.is_empty() {
            return self.kv.remove(&level_key(k));
        }
        self.kv.set(&level_key(k), &lines::level_lines(k, r, None).join("\n"))
    }

    /// Reads one key into `p` (what another tab changed, or the first load).
    fn read_key(&self, key: &str, p: &mut Progress) {
        if let Some((kind, k)) = parse_key(key) {
            match kind {
                "level" => match self.record(&k) {
                    r if r.is_empty() => drop(p.levels.remove(&k)),
                    r => drop(p.levels.insert(k, r)),
                },
                "kept" => match self.kept(&k) {
                    Some(x) => drop(p.kept.insert(k, x)),
                    None => drop(p.kept.remove(&k)),
                },
                _ => {}
            }
            return;
        }
        let Some(rest) = key.strip_prefix(PREFIX) else { return };
        let value = self.kv.get(key);
        if let Some(name) = rest.strip_prefix("setting/") {
            if let Some(&name) = SETTINGS.iter().find(|s| **s == name) {
                match value {
                    Some(v) => drop(p.settings.insert(name.to_string(), v)),
                    None => drop(p.settings.remove(name)),
                }
            }
        } else if let Some(g) = rest.strip_prefix("last/").and_then(GameKind::from_key) {
            match value.and_then(|v| v.parse().ok()) {
                Some(i) => drop(p.last.insert(g, i)),
                None => drop(p.last.remove(&g)),
            }
        } else if let Some(g) = rest.strip_prefix("pack/").and_then(GameKind::from_key) {
            match value {
                Some(v) => drop(p.packs.insert(g, PathBuf::from(v))),
                None => drop(p.packs.remove(&g)),
            }
        } else if rest == "recent" {
            p.recent = recent_of(value.as_deref().unwrap_or(""));
        }
    }

    /// Everything in the store.
    pub fn load(&mut self) -> Progress {
        self.kv.changed();
        let mut p = Progress::default();
        for key in self.kv.keys() {
            self.read_key(&key, &mut p);
        }
        p
    }

    /// Reads again what other tabs changed; returns whether anything did.
    pub fn poll(&mut self, p: &mut Progress) -> bool {
        let changed = self.kv.changed();
        if changed.iter().any(Option::is_none) {
            *p = self.load();
            return true;
        }
        for key in changed.iter().flatten() {
            self.read_key(key, p);
        }
        !changed.is_empty()
    }

    /// Writes one change merged with the record as kept now; returns the level's record and
    /// kept game after it.
    pub fn write(&mut self, change: &Change) -> Result<Option<super::LevelRows>, String> {
        match change {
            Change::Level(k, c) => {
                let k = k.normal();
                let mut r = self.record(&k);
                r.apply(c);
                self.put_record(&k, &r)?;
                return Ok(Some((r, self.kept(&k))));
            }
            Change::Keep(k, text) => {
                let k = k.normal();
                match text {
                    Some(t) => {
                        let new = self.kv.get(&kept_key(&k)).is_none();
                        let stamp = crate::clock::SystemTime::now()
                            .duration_since(crate::clock::UNIX_EPOCH)
                            .map_or(0, |d| d.as_millis() as u64);
                        self.kv.set(&kept_key(&k), &format!("{stamp}\t{}", lines::escape(t)))?;
                        if new {
                            self.trim_kept()?;
                        }
                    }
                    None => self.kv.remove(&kept_key(&k))?,
                }
                return Ok(Some((self.record(&k), self.kept(&k))));
            }
            Change::Setting(name, value) => self.kv.set(&format!("{PREFIX}setting/{name}"), value)?,
            Change::Last(g, i) => self.kv.set(&format!("{PREFIX}last/{}", g.key()), &i.to_string())?,
            Change::Pack(g, file) => {
                let key = format!("{PREFIX}pack/{}", g.key());
                match file {
                    Some(f) => {
                        self.kv.set(&key, &clean(&f.to_string_lossy()))?;
                        let mut recent = recent_of(&self.kv.get(&format!("{PREFIX}recent")).unwrap_or_default());
                        recent.retain(|(x, p)| !(x == g && p == f));
                        recent.insert(0, (*g, f.clone()));
                        recent.truncate(RECENT);
                        self.kv.set(&format!("{PREFIX}recent"), &recent_text(&recent))?;
                    }
                    None => self.kv.remove(&key)?,
                }
            }
            Change::Forget(file) => {
                let mut recent = recent_of(&self.kv.get(&format!("{PREFIX}recent")).unwrap_or_default());
                recent.retain(|(_, p)| p != file);
                self.kv.set(&format!("{PREFIX}recent"), &recent_text(&recent))?;
                for g in GameKind::ALL {
                    let key = format!("{PREFIX}pack/{}", g.key());
                    if self.kv.get(&key).is_some_and(|p| std::path::Path::new(&p) == file) {
                        self.kv.remove(&key)?;
                    }
                }
            }
        }
        Ok(None)
    }

    /// Keeps the newest kept games.
    fn trim_kept(&mut self) -> Result<(), String> {
        let mut all: Vec<(u64, String)> = self
            .kv
            .keys()
            .into_iter()
            .filter(|k| k.starts_with(&format!("{PREFIX}kept/")))
            .map(|k| {
                let stamp = self.kv.get(&k).and_then(|v| v.split_once('\t').and_then(|(s, _)| s.parse().ok()));
                (stamp.unwrap_or(0), k)
            })
            .collect();
        all.sort();
        let over = all.len().saturating_sub(super::records::KEPT_GAMES);
        for (_, k) in all.drain(..over) {
            self.kv.remove(&k)?;
        }
        Ok(())
    }

    pub fn mark(&self, name: &str) -> Option<String> {
        self.kv.get(&format!("{PREFIX}mark/{name}"))
    }

    pub fn set_mark(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.kv.set(&format!("{PREFIX}mark/{name}"), value)
    }

    /// A key outside this store's (what an earlier version kept), to import from.
    pub fn foreign(&self, key: &str) -> Option<String> {
        self.kv.get(key)
    }
}

fn recent_of(text: &str) -> Vec<(GameKind, PathBuf)> {
    text.lines()
        .filter_map(|l| l.split_once('\t'))
        .filter_map(|(g, p)| Some((GameKind::from_key(g)?, PathBuf::from(p))))
        .take(RECENT)
        .collect()
}

fn recent_text(recent: &[(GameKind, PathBuf)]) -> String {
    recent.iter().map(|(g, p)| format!("{}\t{}", g.key(), clean(&p.to_string_lossy()))).collect::<Vec<_>>().join("\n")
}

/// A map shared by any number of [`MapKv`]s, as tabs share a browser's storage: each sees
/// the keys the others set as changed (tests).
pub mod map {
    use super::Kv;
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    use std::rc::Rc;

    #[derive(Default)]
    pub struct Shared {
        map: BTreeMap<String, String>,
        /// Each handle's queue of keys changed by the others.
        queues: Vec<Vec<Option<String>>>,
        /// Refuse sets past this many bytes in all (a full browser storage).
        pub quota: Option<usize>,
    }

    /// One handle on a shared map.
    pub struct MapKv {
        shared: Rc<RefCell<Shared>>,
        me: usize,
    }

    impl MapKv {
        /// A new handle on `shared` (a new tab).
        pub fn on(shared: &Rc<RefCell<Shared>>) -> MapKv {
            let me = {
                let mut s = shared.borrow_mut();
                s.queues.push(Vec::new());
                s.queues.len() - 1
            };
            MapKv { shared: shared.clone(), me }
        }

        fn tell_others(&self, key: &str) {
            let mut s = self.shared.borrow_mut();
            for (i, q) in s.queues.iter_mut().enumerate() {
                if i != self.me {
                    q.push(Some(key.to_string()));
                }
            }
        }
    }

    impl Kv for MapKv {
        fn get(&self, key: &str) -> Option<String> {
            self.shared.borrow().map.get(key).cloned()
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
            {
                let mut s = self.shared.borrow_mut();
                let used: usize = s.map.iter().filter(|(k, _)| *k != key).map(|(k, v)| k.len() + v.len()).sum();
                if s.quota.is_some_and(|q| used + key.len() + value.len() > q) {
                    return Err("the storage is full".into());
                }
                s.map.insert(key.to_string(), value.to_string());
            }
            self.tell_others(key);
            Ok(())
        }
        fn remove(&mut self, key: &str) -> Result<(), String> {
            self.shared.borrow_mut().map.remove(key);
            self.tell_others(key);
            Ok(())
        }
        fn keys(&self) -> Vec<String> {
            self.shared.borrow().map.keys().cloned().collect()
        }
        fn changed(&mut self) -> Vec<Option<String>> {
            std::mem::take(&mut self.shared.borrow_mut().queues[self.me])
        }
    }
}
